"""``fetch -o FILE`` of a gopher binary: a regular file gets its bytes by way of
FILE.part; a target that is not a regular file is written as it is."""

from __future__ import annotations

import random
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.integration.fifo import FifoReader

from urlinspector.cli import main

pytestmark = pytest.mark.integration

DATA = random.Random(18).randbytes(3 * 1024 * 1024 + 17)


@pytest.fixture
def server() -> Iterator[str]:
    """A gopher server on 127.0.0.1 answering each request with DATA; its URL."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(5)
                try:
                    conn.recv(4096)
                    conn.sendall(DATA)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"gopher://127.0.0.1:{listener.getsockname()[1]}/9/data.bin"
    stop.set()
    thread.join(timeout=5)
    listener.close()


def test_a_binary_to_a_regular_file(server: str, tmp_path: Path) -> None:
    target = tmp_path / "data.bin"
    target.write_bytes(b"an older file")
    assert main(["fetch", server, "-o", str(target)]) == 0
    assert target.read_bytes() == DATA
    assert not (tmp_path / "data.bin.part").exists()


def test_a_binary_to_a_fifo_is_written_into_it(server: str, tmp_path: Path) -> None:
    """A target that is not a regular file (a FIFO here, /dev/null alike) used to get a
    .part file renamed over it, a regular file in its place."""
    fifo = FifoReader(tmp_path / "fifo")
    assert main(["fetch", server, "-o", str(fifo.path)]) == 0
    assert fifo.result() == DATA
    assert fifo.still_a_fifo
    assert not (tmp_path / "fifo.part").exists()
