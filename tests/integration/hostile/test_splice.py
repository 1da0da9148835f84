"""The driver's downloads spliced into their file inside the kernel (Linux): what goes
there, what does not, and a slow or stalled or stopped one."""

from __future__ import annotations

import contextlib
import os
import random
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import pytest

from tests.integration.hostile.servers import (
    CAP,
    FTP_LIMITS,
    LIMITS,
    MiB,
    Start,
    Talk,
    Talker,
    ftp_server,
    ftp_url,
    measured,
    sends_then_waits,
)
from urlinspector.core import parse
from urlinspector.net.errors import Cancelled, NetTimeout
from urlinspector.net.ftp import FTPResult
from urlinspector.net.ftp import fetch as ftp_fetch
from urlinspector.net.gopher import GopherReply, fetch
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import Session
from urlinspector.net.sink import Feed, File, Raw
from urlinspector.schemes.transcript import TranscriptLine

pytestmark = pytest.mark.integration


# --- a download spliced into its file (Linux) --------------------------------------------------

splicing = pytest.mark.skipif(not hasattr(os, "splice"), reason="os.splice is Linux's")


@pytest.fixture
def spliced(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The byte counts os.splice moved while the test ran."""
    counts: list[int] = []
    real = os.splice

    def counting(*args: int) -> int:
        moved = real(*args)
        counts.append(moved)
        return moved

    monkeypatch.setattr(os, "splice", counting)
    return counts


def _open_pipes() -> int:
    """How many pipes this process has open."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            count += os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:")
    return count


@splicing
def test_a_binary_download_goes_to_its_file_inside_the_kernel(
    hostile: Start, tmp_path: Path, spliced: list[int]
) -> None:
    data = random.Random(5).randbytes(5 * MiB + 123)
    server = hostile(lambda conn: conn.sendall(data))
    target = tmp_path / "x.bin"
    pipes = _open_pipes()
    with target.open("wb") as sink:
        reply, peak = measured(
            lambda: fetch(
                parse(server.gopher("9/x")), session=Session(limits=LIMITS), sink=File(sink)
            )
        )
        assert sink.tell() == len(data)  # the file object knows where its file ends
    assert target.read_bytes() == data
    assert isinstance(reply, GopherReply)
    assert reply.complete
    assert (reply.size, reply.body) == (len(data), None)
    assert sum(spliced) >= 2 * (len(data) - 2 * CAP)  # into the pipe and out of it
    assert peak < CAP + 512 * 1024
    assert _open_pipes() == pipes  # the pipe is closed


@splicing
def test_a_download_watched_event_by_event_is_not_spliced(
    hostile: Start, tmp_path: Path, spliced: list[int]
) -> None:
    data = random.Random(6).randbytes(3 * MiB)
    server = hostile(lambda conn: conn.sendall(data))
    seen: list[int] = []

    target = tmp_path / "x.bin"
    with target.open("wb") as out:

        def watch(data: bytes) -> None:
            seen.append(len(data))
            out.write(data)

        fetch(parse(server.gopher("9/x")), session=Session(limits=LIMITS), sink=Feed(watch))
    assert target.read_bytes() == data
    assert sum(seen) == len(data)
    assert spliced == []


@splicing
def test_a_slow_spliced_download_is_not_held_for_a_big_piece(
    hostile: Start, tmp_path: Path, spliced: list[int]
) -> None:
    """Past the memory cap the bytes are spliced, each read waiting for a big piece; a
    server sending a little at a time must not look silent for that."""

    def trickle(conn: socket.socket) -> None:
        conn.sendall(b"x" * (2 * CAP))
        for _ in range(30):
            time.sleep(0.05)  # a little at a time: the slowness under test
            conn.sendall(b"y" * 1024)

    server = hostile(trickle)
    limits = Limits(connect_timeout=2, read_timeout=0.5, max_memory=CAP, total_timeout=20)
    target = tmp_path / "x.bin"
    with target.open("wb") as sink:
        reply = fetch(parse(server.gopher("9/x")), session=Session(limits=limits), sink=File(sink))
    assert reply.complete
    assert target.stat().st_size == 2 * CAP + 30 * 1024
    assert spliced


@splicing
def test_a_spliced_download_that_stalls_times_out(
    hostile: Start, tmp_path: Path, spliced: list[int]
) -> None:
    server = hostile(sends_then_waits(b"x" * (2 * CAP), 3))
    limits = Limits(connect_timeout=2, read_timeout=1, max_memory=CAP, total_timeout=20)
    pipes = _open_pipes()
    with (tmp_path / "x.bin").open("wb") as sink, pytest.raises(NetTimeout, match="for 1 s"):
        fetch(parse(server.gopher("9/x")), session=Session(limits=limits), sink=File(sink))
    assert spliced
    assert _open_pipes() == pipes


@splicing
def test_stop_works_during_a_spliced_download(
    hostile: Start, tmp_path: Path, spliced: list[int]
) -> None:
    server = hostile(sends_then_waits(b"x" * (2 * CAP), 3))
    cancel = CancelToken()
    threading.Timer(1.0, cancel.cancel).start()
    start = time.monotonic()
    limits = Limits(read_timeout=30, max_memory=CAP)
    with (tmp_path / "x.bin").open("wb") as sink, pytest.raises(Cancelled):
        fetch(
            parse(server.gopher("9/x")),
            session=Session(limits=limits, cancel=cancel),
            sink=File(sink),
        )
    assert time.monotonic() - start < 2.5
    assert spliced


# --- an ftp download spliced into its file ------------------------------------------------------


def _ftp_sending(data: bytes) -> Callable[[socket.socket, Talker], None]:
    """A fake ftp server whose data connection sends *data* and closes."""
    return ftp_server(data=lambda conn, _server: conn.sendall(data))


@splicing
def test_an_ftp_binary_download_goes_to_its_file_inside_the_kernel(
    talker: Talk, tmp_path: Path, spliced: list[int]
) -> None:
    data = random.Random(21).randbytes(3 * MiB + 45)
    server = talker(_ftp_sending(data))
    target = tmp_path / "x.bin"
    pipes = _open_pipes()
    lines: list[TranscriptLine] = []
    session = Session(limits=FTP_LIMITS, transcript=lines.append)
    with target.open("wb") as sink:
        result, peak = measured(
            lambda: ftp_fetch(parse(ftp_url(server, "x.bin")), sink=File(sink), session=session)
        )
        assert sink.tell() == len(data)  # the file object knows where its file ends
    assert isinstance(result, FTPResult), result
    assert target.read_bytes() == data
    assert (result.received, result.kept) == (len(data), len(data))
    assert sum(spliced) >= 2 * len(data)  # into the pipe, and from it into the file
    assert peak < CAP  # none of it went through Python
    assert _open_pipes() == pipes
    assert f"{len(data)} bytes received" in [line.text for line in lines]


@splicing
@pytest.mark.parametrize(
    ("path", "sink_of"),
    [
        ("x.txt;type=a", File),  # its line ends are made this system's
        ("x.bin", lambda file: Raw(file)),  # the octets as they came, framing and all
    ],
)
def test_an_ftp_download_that_python_must_see_is_not_spliced(
    talker: Talk,
    tmp_path: Path,
    spliced: list[int],
    path: str,
    sink_of: Callable[[BinaryIO], File | Raw],
) -> None:
    data = b"one\r\ntwo\r\n" * 1000
    server = talker(_ftp_sending(data))
    target = tmp_path / "x"
    with target.open("wb") as sink:
        ftp_fetch(
            parse(ftp_url(server, path)), sink=sink_of(sink), session=Session(limits=FTP_LIMITS)
        )
    assert spliced == []
    expected = data if path.endswith(".bin") else data.replace(b"\r\n", os.linesep.encode())
    assert target.read_bytes() == expected


@splicing
def test_a_spliced_ftp_download_that_stalls_times_out(
    talker: Talk, tmp_path: Path, spliced: list[int]
) -> None:
    def stalls(conn: socket.socket, server: Talker) -> None:
        conn.sendall(b"x" * 300_000)
        server.stopping.wait(10)  # the silence under test

    server = talker(ftp_server(data=stalls))
    limits = Limits(connect_timeout=2, read_timeout=0.5, total_timeout=10)
    with (tmp_path / "x.bin").open("wb") as sink:
        outcome, _ = measured(
            lambda: ftp_fetch(
                parse(ftp_url(server, "x.bin")), sink=File(sink), session=Session(limits=limits)
            )
        )
    assert isinstance(outcome, NetTimeout), outcome
    assert "sent nothing for 0.5 s during RETR x.bin" in str(outcome)
    assert spliced


@splicing
def test_stop_works_during_a_spliced_ftp_download(
    talker: Talk, tmp_path: Path, spliced: list[int]
) -> None:
    token = CancelToken()

    def drips(conn: socket.socket, server: Talker) -> None:
        conn.sendall(b"x" * 300_000)
        while not server.stopping.wait(0.05):
            conn.sendall(b"x")

    def stop_once_spliced(done: int, total: int | None) -> None:
        if done:
            token.cancel()

    server = talker(ftp_server(data=drips))
    lines: list[TranscriptLine] = []
    session = Session(
        limits=FTP_LIMITS, cancel=token, progress=stop_once_spliced, transcript=lines.append
    )
    with (tmp_path / "x.bin").open("wb") as sink:
        started = time.monotonic()
        outcome, _ = measured(
            lambda: ftp_fetch(parse(ftp_url(server, "x.bin")), sink=File(sink), session=session)
        )
    assert isinstance(outcome, Cancelled), outcome
    assert time.monotonic() - started < 5
    assert spliced
    assert "ABOR" in [line.text for line in lines if line.kind == "command"]
