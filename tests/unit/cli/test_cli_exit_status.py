"""Exit status of failures that are nobody's input: out of memory and bugs get one line
and 70 (sysexits EX_SOFTWARE); a ValueError from deep inside is a bug, not misuse (2)."""

from __future__ import annotations

import argparse

import pytest

from urlinspector.cli import fetch as fetch_command
from urlinspector.cli import main
from urlinspector.cli.common import EXIT_SOFTWARE, EXIT_USAGE, Console
from urlinspector.core import URL, parse


@pytest.fixture
def handler(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv("URLINSPECTOR_DEBUG", raising=False)
    return monkeypatch


def _run_with(
    handler: pytest.MonkeyPatch, run: object, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    handler.setitem(fetch_command.HANDLERS, "gopher", run)
    status = main(["fetch", "--allow-local", "gopher://127.0.0.1:7070/"])
    out, err = capsys.readouterr()
    return status, out, err


def test_out_of_memory_is_one_line_and_70(
    handler: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run(url: URL, args: argparse.Namespace, console: Console) -> int:
        hoard = [bytes(1024) for _ in range(100)]  # held by the frame when it fails
        raise MemoryError(len(hoard))

    status, out, err = _run_with(handler, run, capsys)
    assert status == EXIT_SOFTWARE
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("urlinspector: error: out of memory")
    assert "Traceback" not in err


def test_a_value_error_from_a_library_call_is_a_bug(
    handler: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run(url: URL, args: argparse.Namespace, console: Console) -> int:
        return int("²")  # what a str.isdigit() guard let through

    status, _, err = _run_with(handler, run, capsys)
    assert status == EXIT_SOFTWARE
    assert "internal error (ValueError" in err
    assert err.count("\n") == 1


def test_the_command_lines_own_value_error_is_misuse(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["fetch", "--allow-local", "--timeout", "0", "gopher://127.0.0.1:7070/"]) == EXIT_USAGE
    )
    assert "--timeout must be a positive" in capsys.readouterr().err
    assert main(["fetch", "--allow-local", "http://127.0.0.1:7070/"]) == EXIT_USAGE
    assert "cannot fetch http: URLs" in capsys.readouterr().err


def test_unicode_digit_urls_are_no_misuse(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["parse"], ["normalize"], ["compare", "http://0.0.0.9/"]):
        status = main([*command, "http://0٩/"])
        assert status in (0, 1)
        assert "invalid literal" not in capsys.readouterr().err
    assert parse("http://0٩/").host == "0٩"


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        (OSError(28, "No space left on device"), "cannot write the output: No space left"),
        (FileNotFoundError(2, "No such file or directory", "missing/x"), "missing/x: No such"),
        (PermissionError(13, "Permission denied", "/root/x"), "/root/x: Permission denied"),
        (OSError(5, "Input/output error"), "cannot write the output: Input/output error"),
    ],
)
def test_an_os_error_is_the_users_system_not_a_bug(
    handler: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    error: OSError,
    shown: str,
) -> None:
    def run(url: URL, args: argparse.Namespace, console: Console) -> int:
        raise error

    status, _, err = _run_with(handler, run, capsys)
    assert status == 1
    assert shown in err
    assert "internal error" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [["parse", "http://example.com/"], ["parse", "--json", "http://example.com/"]],
)
def test_a_full_standard_output(
    handler: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        handler.setattr("sys.stdout", full)
        status = main(argv)
        handler.undo()
    err = capsys.readouterr().err
    assert status == 1
    assert "cannot write the output: No space left on device" in err
    assert "internal error" not in err
