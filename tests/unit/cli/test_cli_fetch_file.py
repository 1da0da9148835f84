"""``urlinspector fetch file:///...``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from urlinspector.cli import main
from urlinspector.schemes.file import file_url


def test_a_text_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "motd"
    path.write_text("Welcome\nto this machine\n")
    assert main(["fetch", file_url(str(path))]) == 0
    assert capsys.readouterr().out == "Welcome\nto this machine\n"


def test_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("x")
    assert main(["fetch", file_url(str(tmp_path), True)]) == 0
    out = capsys.readouterr().out
    assert "notes.txt" in out
    assert file_url(str(tmp_path / "notes.txt")) in out


def test_a_binary_needs_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blob"
    path.write_bytes(b"\x00\x01\x02")
    assert main(["fetch", file_url(str(path))]) == 2
    out = tmp_path / "copy"
    assert main(["fetch", "-o", str(out), file_url(str(path))]) == 0
    assert out.read_bytes() == b"\x00\x01\x02"


def test_a_fifo_fails_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["fetch", file_url(str(fifo))]) == 1
    assert "regular files" in capsys.readouterr().err


def test_another_hosts_file_is_misuse(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "file://example.org/etc/motd"]) == 2
