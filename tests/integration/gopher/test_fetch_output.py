"""``fetch -o FILE`` of a gopher binary: a regular file gets its bytes by way of
FILE.part; a target that is not a regular file is written as it is."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.integration.fifo import FifoReader
from tests.support.servers import ScriptedServer, replies

from urlinspector.cli import main

pytestmark = pytest.mark.integration

DATA = random.Random(18).randbytes(3 * 1024 * 1024 + 17)
MENU_CUT_SHORT = b"0First file\t/pub/a.txt\t127.0.0.1\t70\r\n0Second fi"


@pytest.fixture
def server() -> Iterator[str]:
    """A gopher server answering each request with DATA; the URL of a binary item."""
    answering = ScriptedServer(replies(DATA), timeout=5)
    yield answering.url("gopher", "/9/data.bin")
    answering.close(5)


@pytest.fixture
def cut_short() -> Iterator[str]:
    """A gopher server whose menu ends in the middle of a line, with no '.' line."""
    answering = ScriptedServer(replies(MENU_CUT_SHORT), timeout=5)
    yield answering.url("gopher", "/1/pub")
    answering.close(5)


def test_a_binary_to_a_regular_file(server: str, tmp_path: Path) -> None:
    target = tmp_path / "data.bin"
    target.write_bytes(b"an older file")
    assert main(["fetch", "--allow-local", server, "-o", str(target)]) == 0
    assert target.read_bytes() == DATA
    assert not (tmp_path / "data.bin.part").exists()


def test_a_binary_to_a_fifo_is_written_into_it(server: str, tmp_path: Path) -> None:
    """A target that is not a regular file (a FIFO here, /dev/null alike) used to get a
    .part file renamed over it, a regular file in its place."""
    fifo = FifoReader(tmp_path / "fifo")
    assert main(["fetch", "--allow-local", server, "-o", str(fifo.path)]) == 0
    assert fifo.result() == DATA
    assert fifo.still_a_fifo
    assert not (tmp_path / "fifo.part").exists()


def test_a_reply_cut_short_leaves_the_target_as_it_was(
    cut_short: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A failed reply used to be renamed over the target all the same: the older file
    was lost for a truncated one."""
    target = tmp_path / "pub.txt"
    target.write_bytes(b"an older file")
    assert main(["fetch", "--allow-local", cut_short, "-o", str(target)]) != 0
    assert target.read_bytes() == b"an older file"
    assert b"First file" in (tmp_path / "pub.txt.part").read_bytes()
    assert "pub.txt.part" in capsys.readouterr().err
