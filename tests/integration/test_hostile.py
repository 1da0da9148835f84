"""Hostile servers on loopback, for every protocol the viewer speaks: an endless stream,
a 10 MB line without a newline, one byte at a time, a close in mid-reply, binary garbage,
silence, a PASV reply naming another host, a million-line listing or overview, numbers
that are no ASCII digits.  Each ends in a timeout or a clear error, with memory bounded
(measured with tracemalloc, or by what the reply became), and Stop works.  The limits are
small ones set for the test, so that each case ends in a second or two."""

from __future__ import annotations

import contextlib
import os
import random
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.fake_ftp import ftp_dialogue
from tests.support.servers import ScriptedServer, after_request, trickles
from tests.support.waiting import accepted_before
from urlinspector.cli import build_parser, fetch_gopher, main
from urlinspector.cli.common import Console
from urlinspector.core import parse
from urlinspector.net.errors import Cancelled, NetTimeout, TooLarge
from urlinspector.net.ftp import FTPError
from urlinspector.net.ftp import fetch as ftp_fetch
from urlinspector.net.gopher import GopherReply, fetch
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.nntp import Credentials, fetch_news
from urlinspector.net.sink import Feed, File, Raw
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.ftp.transcript import Transcript
from urlinspector.schemes.nntp.article import Article

pytestmark = pytest.mark.integration

MiB = 1024 * 1024
CAP = 1 * MiB
LIMITS = Limits(connect_timeout=2, read_timeout=2, max_memory=CAP, total_timeout=20)
CHUNK = b"x" * 65536
MENU_CHUNK = b"".join(b"0Item %05d\t/item/%05d\texample.org\t70\r\n" % (i, i) for i in range(1500))


class Hostile(ScriptedServer):
    """A gopher server on 127.0.0.1 that reads the request of every connection, one
    after the other, and answers with *behaviour(conn)*; it stops by itself: every
    loop below is bounded in count and time.  (An OSError in *behaviour*: the client
    gave up, which is the point.)"""

    def __init__(self, behaviour: Callable[[socket.socket], None]) -> None:
        super().__init__(after_request(behaviour), threaded=False, timeout=5)

    def gopher(self, path: str = "") -> str:
        return self.url("gopher", "/" + path)


Start = Callable[[Callable[[socket.socket], None]], Hostile]


@pytest.fixture
def hostile() -> Iterator[Start]:
    servers: list[Hostile] = []

    def start(behaviour: Callable[[socket.socket], None]) -> Hostile:
        server = Hostile(behaviour)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


class Counted:
    """A stream that keeps only the size of each write, in *sizes*."""

    def __init__(self, sizes: list[int]) -> None:
        self.sizes = sizes

    def write(self, data: bytes) -> int:
        self.sizes.append(len(data))
        return len(data)


def measured(run: Callable[[], object]) -> tuple[BaseException | object, int]:
    """What *run* raised (or returned), and the peak of memory traced while it ran."""
    tracemalloc.start()
    try:
        try:
            outcome: BaseException | object = run()
        except Exception as exc:
            outcome = exc
        return outcome, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def repeated(
    chunk: bytes, times: int, *, first: bytes = b"", last: bytes = b""
) -> Callable[[socket.socket], None]:
    """Sends *first*, then *chunk* *times* times, then *last*."""

    def behaviour(conn: socket.socket) -> None:
        conn.sendall(first)
        for _ in range(times):
            conn.sendall(chunk)
        conn.sendall(last)

    return behaviour


def sends_then_waits(data: bytes, seconds: float) -> Callable[[socket.socket], None]:
    """Sends *data*, then keeps the connection open for *seconds*."""

    def behaviour(conn: socket.socket) -> None:
        conn.sendall(data)
        time.sleep(seconds)  # the silence under test

    return behaviour


def endless(payload: bytes, seconds: float = 15.0) -> Callable[[socket.socket], None]:
    def behaviour(conn: socket.socket) -> None:
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            conn.sendall(payload)

    return behaviour


# --- an endless stream -----------------------------------------------------------------------


def test_an_endless_menu_stops_at_the_memory_cap(hostile: Start) -> None:
    server = hostile(endless(MENU_CHUNK))
    outcome, peak = measured(lambda: fetch(parse(server.gopher()), limits=LIMITS))
    assert isinstance(outcome, TooLarge)
    assert "larger than the 1 MiB kept in memory" in str(outcome)
    assert peak < 4 * CAP


def test_an_endless_text_stops_at_the_memory_cap(hostile: Start) -> None:
    server = hostile(endless(b"line of text\r\n" * 4096))
    outcome, peak = measured(lambda: fetch(parse(server.gopher("0/x")), limits=LIMITS))
    assert isinstance(outcome, TooLarge)
    assert peak < 4 * CAP


def test_an_endless_menu_fetched_raw_stops_at_the_memory_cap(hostile: Start) -> None:
    """The raw bytes go elsewhere, but the menu's items are still kept: they count."""
    server = hostile(endless(MENU_CHUNK, seconds=6))
    received: list[int] = []
    outcome, peak = measured(
        lambda: fetch(parse(server.gopher()), sink=Raw(Counted(received)), limits=LIMITS)
    )
    assert isinstance(outcome, TooLarge), outcome
    assert "larger than the 1 MiB kept in memory" in str(outcome)
    assert sum(received) < 2 * CAP
    assert peak < 4 * CAP


def test_the_cli_stops_an_endless_raw_menu_at_the_memory_cap(
    hostile: Start, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    """``fetch --raw`` of an endless menu wrote on and on (586 MB in 80 s) until the
    deadline: it ends at the cap, with a clear error, like the menu without --raw."""
    server = hostile(endless(MENU_CHUNK, seconds=6))
    monkeypatch.setattr(
        fetch_gopher, "fetch_limits", lambda timeout, guard=None: replace(LIMITS, guard=guard)
    )
    status = main(["fetch", "--allow-local", "--raw", server.gopher(), "--timeout", "20"])
    out, err = capsysbinary.readouterr()
    assert status == 1
    assert b"larger than the 1 MiB kept in memory" in err
    assert len(out) < 2 * CAP  # (the server sends for 6 s: the whole of it was written)


def test_an_endless_download_to_a_file_ends_at_the_deadline(hostile: Start, tmp_path: Path) -> None:
    server = hostile(endless(CHUNK))
    limits = Limits(connect_timeout=2, read_timeout=2, max_memory=CAP, total_timeout=1.5)
    target = tmp_path / "endless.bin"

    def run() -> object:
        with target.open("wb") as sink:
            return fetch(parse(server.gopher("9/x")), sink=File(sink), limits=limits)

    outcome, peak = measured(run)
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 1.5 s allowed" in str(outcome)
    assert target.stat().st_size > CAP  # it streamed past the cap to the file
    assert peak < 4 * CAP


# --- a 10 MB line without a newline ------------------------------------------------------------


def ten_mb_line(conn: socket.socket) -> None:
    conn.sendall(b"0")
    for _ in range(10 * MiB // len(CHUNK)):
        conn.sendall(CHUNK)


def test_a_ten_mb_line_is_not_a_menu(hostile: Start) -> None:
    server = hostile(ten_mb_line)
    outcome, peak = measured(
        lambda: fetch(parse(server.gopher()), limits=Limits(connect_timeout=2, read_timeout=2))
    )
    assert isinstance(outcome, RemoteProtocolError)
    assert "line 1 of the menu reply is longer than 65536 octets" in str(outcome)
    assert peak < 1 * MiB  # it stopped long before the 10 MB, and kept little


def test_a_ten_mb_line_of_text_streams(hostile: Start) -> None:
    server = hostile(ten_mb_line)
    seen = [0]

    def count(data: bytes) -> None:
        seen[0] += len(data)

    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=30)
    outcome, peak = measured(
        lambda: fetch(parse(server.gopher("0/x")), sink=Feed(count), limits=limits)
    )
    assert isinstance(outcome, GopherReply)
    assert outcome.complete
    assert seen[0] == 1 + 10 * MiB  # the type character, then the line
    assert peak < 2 * MiB


# --- one byte a second ----------------------------------------------------------------------------


one_byte_a_second = trickles(b"iSlow\t\terror.host\t1\r\n" * 2, 1.0)


def test_one_byte_a_second_ends_at_the_deadline(talker: Talk) -> None:
    server = talker(one_byte_a_second)
    # every byte comes within the read timeout; only the whole exchange has a limit
    limits = Limits(connect_timeout=2, read_timeout=3, total_timeout=2.5)
    outcome, peak = measured(lambda: fetch(parse(server.url("gopher")), limits=limits))
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 2.5 s allowed" in str(outcome)
    assert peak < 1 * MiB


def test_stop_works_during_a_slow_reply(talker: Talk) -> None:
    server = talker(one_byte_a_second)
    cancel = CancelToken()
    threading.Timer(1.5, cancel.cancel).start()
    start = time.monotonic()
    outcome, _ = measured(
        lambda: fetch(parse(server.url("gopher")), limits=Limits(read_timeout=30), cancel=cancel)
    )
    assert isinstance(outcome, Cancelled)
    assert time.monotonic() - start < 10  # not the 30 s read timeout, nor the whole reply


# --- a close in mid-reply ------------------------------------------------------------------------


def test_a_close_inside_an_announced_length(hostile: Start) -> None:
    server = hostile(lambda conn: conn.sendall(b"+1000\r\n" + b"a" * 300))
    outcome, _ = measured(lambda: fetch(parse(server.gopher("0/x%09%09+")), limits=LIMITS))
    assert isinstance(outcome, RemoteProtocolError)
    assert "closed the connection after 300 of the 1000 bytes it announced" in str(outcome)


def test_a_close_in_the_middle_of_a_menu_line(
    hostile: Start, capsys: pytest.CaptureFixture[str]
) -> None:
    server = hostile(lambda conn: conn.sendall(b"0One\t/one\th\t70\r\n0Two\t/tw"))
    reply = fetch(parse(server.gopher()), limits=LIMITS)
    assert [i.display for i in reply.items] == ["One", "Two"]
    assert not reply.complete
    assert main(["fetch", "--allow-local", server.gopher(), "--timeout", "2"]) == 1
    err = capsys.readouterr().err
    assert "incomplete" in err
    assert "cut short" in err


# --- binary garbage as a menu ----------------------------------------------------------------


def test_binary_garbage_as_a_menu(hostile: Start, capsys: pytest.CaptureFixture[str]) -> None:
    garbage = random.Random(1436).randbytes(200_000)
    server = hostile(lambda conn: conn.sendall(garbage))
    outcome, peak = measured(lambda: fetch(parse(server.gopher()), limits=LIMITS))
    assert isinstance(outcome, RemoteProtocolError)
    assert "this is binary data, not a gopher menu" in str(outcome)
    assert peak < 2 * MiB
    assert main(["fetch", "--allow-local", server.gopher(), "--timeout", "2"]) == 1
    assert "not a gopher menu" in capsys.readouterr().err


def test_a_silent_gopher_server_times_out(hostile: Start) -> None:
    server = hostile(lambda conn: time.sleep(3))  # silent for longer than the 0.5 s allowed
    limits = Limits(connect_timeout=2, read_timeout=0.5, total_timeout=10)
    outcome, _ = measured(lambda: fetch(parse(server.gopher()), limits=limits))
    assert isinstance(outcome, NetTimeout)
    assert "sent nothing for 0.5 s" in str(outcome)


def test_a_gopher_plus_error_code_in_other_digits(
    hostile: Start, capsys: pytest.CaptureFixture[str]
) -> None:
    server = hostile(lambda conn: conn.sendall("--1\r\n² Admin\r\nNo such item\r\n.\r\n".encode()))
    assert main(["fetch", "--allow-local", server.gopher("0/x%09%09+"), "--timeout", "2"]) == 1
    err = capsys.readouterr().err
    assert "No such item" in err or "Admin" in err
    assert "invalid literal" not in err


class _Counting:
    """A text stream that counts what is written and keeps nothing."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def test_the_cli_prints_an_endless_text_line_in_bounded_memory(hostile: Start) -> None:
    """Text without a newline used to be held (and copied) until its end."""
    eight_mb = 8 * MiB
    server = hostile(repeated(CHUNK, eight_mb // len(CHUNK)))
    args = build_parser().parse_args(
        ["fetch", "--allow-local", server.gopher("0/x"), "--timeout", "20"]
    )
    stream = _Counting()
    url = parse(args.url)
    outcome, peak = measured(lambda: fetch_gopher.fetch(url, args, Console(stream)))  # type: ignore[arg-type]
    assert outcome == 0
    assert stream.written >= eight_mb
    assert peak < 2 * MiB


def test_a_gopher_download_to_a_file_keeps_little_in_memory(hostile: Start, tmp_path: Path) -> None:
    """fetch -o streams a file past the 4 KiB it needs to recognise an error message
    (it used to keep the first 64 MiB in memory)."""
    size = 16 * MiB
    server = hostile(repeated(CHUNK, size // len(CHUNK)))
    target = tmp_path / "file.bin"
    argv = [
        "fetch",
        "--allow-local",
        server.gopher("9/file.bin"),
        "-o",
        str(target),
        "--timeout",
        "20",
    ]
    outcome, peak = measured(lambda: main(argv))
    assert outcome == 0
    assert target.stat().st_size == size
    assert peak < 4 * MiB


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
            lambda: fetch(parse(server.gopher("9/x")), sink=File(sink), limits=LIMITS)
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

        fetch(parse(server.gopher("9/x")), sink=Feed(watch), limits=LIMITS)
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
        reply = fetch(parse(server.gopher("9/x")), sink=File(sink), limits=limits)
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
        fetch(parse(server.gopher("9/x")), sink=File(sink), limits=limits)
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
        fetch(parse(server.gopher("9/x")), sink=File(sink), limits=limits, cancel=cancel)
    assert time.monotonic() - start < 2.5
    assert spliced


# === FTP ====================================================================================


Talker = ScriptedServer
"""A server on 127.0.0.1 that speaks first: *behaviour(conn, server)* for every
connection, each in a thread; ``server.stopping`` is set when the test ends."""


Talk = Callable[..., Talker]


@pytest.fixture
def talker() -> Iterator[Talk]:
    servers: list[Talker] = []

    def start(behaviour: Callable[[socket.socket, Talker], None]) -> Talker:
        server = Talker(behaviour)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def ftp_url(server: Talker, path: str = "") -> str:
    return server.url("ftp", "/" + path)


def sends(*chunks: bytes, then_wait: float = 0.0) -> Callable[[socket.socket, Talker], None]:
    def behaviour(conn: socket.socket, server: Talker) -> None:
        for chunk in chunks:
            conn.sendall(chunk)
        server.stopping.wait(then_wait)

    return behaviour


def repeats(chunk: bytes, seconds: float = 15.0, pause: float = 0.0) -> Callable[..., None]:
    def behaviour(conn: socket.socket, server: Talker) -> None:
        stop = time.monotonic() + seconds
        while time.monotonic() < stop and not server.stopping.is_set():
            conn.sendall(chunk)
            if pause:
                server.stopping.wait(pause)  # a slow server: the behaviour under test

    return behaviour


ftp_server = ftp_dialogue
"""A plausible FTP server (tests.support.fake_ftp): logs anyone in, offers PASV (EPSV
refused) and SIZE, answers LIST/NLST/RETR by *data(conn, server)* on the data
connection; *replies* override a verb's reply, *pasv_host* is what the PASV reply
names (the data listener is on 127.0.0.1 whatever it says)."""


UNIX_LINE = b"-rw-r--r--   1 u g 5 Jan 01 12:00 a.txt\r\n"
FTP_LIMITS = Limits(connect_timeout=2, read_timeout=2, max_memory=CAP, total_timeout=10)


def test_an_ftp_greeting_that_never_ends(talker: Talk) -> None:
    server = talker(repeats(b"220-welcome, and more to come\r\n" * 100))
    outcome, peak = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=FTP_LIMITS))
    assert isinstance(outcome, FTPError)
    assert "did not end its greeting" in str(outcome)
    assert "RFC 959 §4.2" in str(outcome)
    assert peak < 2 * MiB


def test_an_ftp_reply_that_never_ends(talker: Talk) -> None:
    endless = b"211-feature\r\n" + b" FEATURE\r\n" * 20000
    server = talker(ftp_server(replies={b"FEAT": endless}))
    outcome, peak = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=FTP_LIMITS))
    assert isinstance(outcome, FTPError)
    assert "did not end its reply to FEAT" in str(outcome)
    assert peak < 2 * MiB


def test_a_ten_mb_ftp_reply_line(talker: Talk) -> None:
    server = talker(repeats(b"220 " + b"x" * 65536, seconds=5))
    outcome, peak = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=FTP_LIMITS))
    assert isinstance(outcome, FTPError)
    assert "longer than 8192 bytes" in str(outcome)
    assert peak < 1 * MiB


def test_an_ftp_greeting_dripping_ends_at_the_deadline(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    server = talker(repeats(b"2", seconds=20, pause=0.1))
    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=1.5)
    outcome, _ = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=limits))
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 1.5 s allowed" in str(outcome)
    assert main(["fetch", "--allow-local", ftp_url(server), "--timeout", "1"]) == 1
    assert "took longer than the 1 s allowed" in capsys.readouterr().err


def test_an_ftp_listing_dripping_ends_at_the_deadline(talker: Talk) -> None:
    def drip(conn: socket.socket, server: Talker) -> None:
        server.drip(conn, [b"x"] * 200, 0.1)

    server = talker(ftp_server(data=drip))
    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=1.5)
    outcome, _ = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=limits))
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 1.5 s allowed" in str(outcome)


def test_an_ftp_close_in_the_middle_of_a_reply(talker: Talk) -> None:
    server = talker(sends(b"220-first line of many\r\n220-and then"))
    outcome, _ = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=FTP_LIMITS))
    assert isinstance(outcome, FTPError)
    assert "closed the connection" in str(outcome)


def test_binary_garbage_as_an_ftp_greeting(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    garbage = random.Random(959).randbytes(4000).replace(b"\n", b"\r\n")
    server = talker(sends(garbage, then_wait=5))
    outcome, peak = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=FTP_LIMITS))
    assert isinstance(outcome, FTPError)
    assert peak < 1 * MiB
    assert main(["fetch", "--allow-local", ftp_url(server), "--timeout", "2"]) == 1
    assert "urlinspector: error:" in capsys.readouterr().err


def test_a_silent_ftp_server(talker: Talk) -> None:
    server = talker(sends(then_wait=5))
    limits = Limits(connect_timeout=2, read_timeout=0.5, total_timeout=10)
    outcome, _ = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=limits))
    assert isinstance(outcome, NetTimeout)
    assert "(no greeting) within 0.5 s" in str(outcome)


def test_a_pasv_reply_naming_another_host(talker: Talk) -> None:
    """The data connection goes to the control connection's peer, never to the address
    a PASV reply names (here 127.0.0.2, where nothing listens: the data listener is on
    127.0.0.1 only, so the listing arrives only if the client connected there)."""
    server = talker(ftp_server(data=lambda c, _: c.sendall(UNIX_LINE), pasv_host=b"127.0.0.2"))
    transcript = Transcript()
    listing = ftp_fetch(parse(ftp_url(server)), limits=FTP_LIMITS, transcript=transcript).listing
    assert listing is not None
    assert [e.name for e in listing.entries] == ["a.txt"]
    notes = [line.text for line in transcript.lines if line.kind == "note"]
    assert any("the PASV reply names 127.0.0.2; connecting to 127.0.0.1" in n for n in notes)


def test_a_million_line_ftp_listing_stops_at_the_cap(talker: Talk) -> None:
    """2 MB on the wire, under the 4 MiB cap, and a million entries in memory: the cap
    counts what the lines become."""

    def million(conn: socket.socket, server: Talker) -> None:
        block = b"x\n" * 10000
        for _ in range(100):
            conn.sendall(block)

    server = talker(ftp_server(data=million))
    limits = replace(FTP_LIMITS, max_memory=4 * MiB)
    outcome, peak = measured(lambda: ftp_fetch(parse(ftp_url(server)), limits=limits))
    assert isinstance(outcome, TooLarge)
    assert "entries would take more than the 4 MiB kept in memory" in str(outcome)
    assert peak < 16 * MiB


def test_a_size_reply_in_other_digits(talker: Talk) -> None:
    server = talker(
        ftp_server(
            data=lambda c, _: c.sendall(b"hello\r\n"), replies={b"SIZE": "213 ²\r\n".encode()}
        )
    )
    result = ftp_fetch(parse(ftp_url(server, "f.txt")), limits=FTP_LIMITS)
    assert result.data == b"hello\r\n"
    assert result.total is None


def test_an_iac_octet_is_doubled_on_the_wire(talker: Talk) -> None:
    """RFC 959 §4.1 (Telnet on the control connection), RFC 854: data octet 255 is
    sent as IAC IAC."""
    server = talker(ftp_server(data=lambda c, _: c.sendall(b"x\r\n")))
    ftp_fetch(parse(ftp_url(server, "a%FFb/")), limits=FTP_LIMITS)
    assert b"CWD a\xff\xffb" in server.received


# === NNTP ===================================================================================

NNTP_GREETING = b"200 fake news ready\r\n"


def news_server(
    replies: Mapping[bytes, Callable[[socket.socket, bytes], None]],
) -> Callable[..., None]:
    """Greets, then answers each command by *replies[verb](conn, line)*; 500 otherwise."""

    def behaviour(conn: socket.socket, server: Talker) -> None:
        conn.sendall(NNTP_GREETING)
        for line in server.lines(conn):
            verb = line.split(b" ", 1)[0].upper()
            if verb == b"QUIT":
                conn.sendall(b"205 bye\r\n")
                return
            answer = replies.get(verb)
            if answer is None:
                conn.sendall(b"500 what?\r\n")
            else:
                answer(conn, line)

    return behaviour


def reply(data: bytes) -> Callable[[socket.socket, bytes], None]:
    return lambda conn, line: conn.sendall(data)


def news_url(server: Talker, path: str) -> str:
    return server.url("nntp", "/" + path)


NEWS_LIMITS = Limits(connect_timeout=2, read_timeout=2, max_memory=CAP, total_timeout=10)
OVERVIEW_FMT = (
    b"215 order of fields\r\n"
    + b"".join(
        name + b"\r\n"
        for name in (b"Subject:", b"From:", b"Date:", b"Message-ID:", b"References:", b":bytes")
    )
    + b":lines\r\n.\r\n"
)


# (silence, a stall, a trickle, an endless reply, a hang-up and another protocol are in
# nntp/test_nntp_hostile.py)


def test_a_ten_mb_nntp_greeting_line(talker: Talk) -> None:
    server = talker(repeats(b"200 " + b"x" * 65536, seconds=5))
    outcome, peak = measured(lambda: fetch_news(parse(news_url(server, "g")), limits=NEWS_LIMITS))
    assert isinstance(outcome, RemoteProtocolError)
    assert "runs past 8192 octets without a line end" in str(outcome)
    assert peak < 1 * MiB


def test_a_million_line_overview_stops_at_the_cap(talker: Talk) -> None:
    """3 MB of overview lines, under the 4 MiB cap on the wire: the cap counts what the
    lines become (a million entries), and the reading stops early."""

    def million(conn: socket.socket, line: bytes) -> None:
        conn.sendall(b"224 overview follows\r\n")
        block = b"1\r\n" * 10000
        for _ in range(100):
            conn.sendall(block)
        conn.sendall(b".\r\n")

    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 100 1 100 local.test\r\n"),
                b"OVER": million,
                b"XOVER": million,
                b"LIST": reply(OVERVIEW_FMT),
            }
        )
    )
    limits = replace(NEWS_LIMITS, max_memory=4 * MiB)
    outcome, peak = measured(
        lambda: fetch_news(parse(news_url(server, "local.test")), limits=limits)
    )
    assert isinstance(outcome, TooLarge)
    assert "larger than the 4 MiB kept in memory" in str(outcome)
    assert peak < 16 * MiB


def test_a_group_list_counts_what_its_lines_become(talker: Talk) -> None:
    """600 KB of short LIST ACTIVE lines is under the 1 MiB cap on the wire, and 60,000
    groups in memory: it stops at the cap."""
    groups = b"".join(b"g.%05d 1 1 y\r\n" % i for i in range(50000))
    server = talker(news_server({b"LIST": reply(b"215 list follows\r\n" + groups + b".\r\n")}))
    outcome, peak = measured(
        lambda: fetch_news(parse("news:*"), server=f"127.0.0.1:{server.port}", limits=NEWS_LIMITS)
    )
    assert isinstance(outcome, TooLarge)
    assert peak < 4 * CAP


def test_a_group_paging_for_ever_ends_at_the_deadline(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    """GROUP says the numbers go to 10^18; every page of the overview is empty."""
    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 1000000000000000000 1 1000000000000000000 local.test\r\n"),
                b"OVER": reply(b"224 overview follows\r\n.\r\n"),
                b"XOVER": reply(b"224 overview follows\r\n.\r\n"),
                b"LIST": reply(OVERVIEW_FMT),
            }
        )
    )
    status = main(["fetch", "--allow-local", news_url(server, "local.test"), "--timeout", "1.5"])
    assert status == 1
    assert "took longer than the 1.5 s allowed" in capsys.readouterr().err


def test_an_article_number_in_other_digits(talker: Talk) -> None:
    article = b"From: a@x\r\nSubject: s\r\nMessage-ID: <m@x>\r\n\r\nbody\r\n.\r\n"
    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 1 1 1 local.test\r\n"),
                b"ARTICLE": reply("220 ² <m@x>\r\n".encode() + article),
            }
        )
    )
    answer = fetch_news(parse(news_url(server, "local.test/1")), limits=NEWS_LIMITS)
    assert isinstance(answer.result, Article)
    assert answer.result.number == 1  # the URL's: the reply's "²" is no number
    assert "body" in answer.result.body


def test_an_article_line_the_server_did_not_dot_stuff(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    """RFC 3977 §3.1.1: a line beginning with "." is sent as "..": a single "." is the
    server's error, shown as sent with a note (it was unstuffed without a word)."""
    article = b"From: a@x\r\nSubject: s\r\n\r\nbody\r\n.hidden line\r\n..stuffed\r\n.\r\n"
    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 1 1 1 local.test\r\n"),
                b"ARTICLE": reply(b"220 1 <m@x>\r\n" + article),
            }
        )
    )
    answer = fetch_news(parse(news_url(server, "local.test/1")), limits=NEWS_LIMITS)
    assert isinstance(answer.result, Article)
    assert answer.result.body.splitlines()[-2:] == [".hidden line", ".stuffed"]
    assert any("did not dot-stuff 1 line" in note for note in answer.result.notes)
    assert main(["fetch", "--allow-local", news_url(server, "local.test/1"), "--timeout", "5"]) == 0
    out, err = capsys.readouterr()
    assert ".hidden line" in out
    assert "note: the server did not dot-stuff 1 line of the article (line 5)" in err
    assert "RFC 3977 §3.1.1" in err


@pytest.mark.parametrize("user", ["u\r\nQUIT", "u\x00", "u\nx"])
def test_a_login_with_cr_lf_or_nul_is_refused_before_connecting(talker: Talk, user: str) -> None:
    server = talker(news_server({}))
    with pytest.raises(LocalProtocolError, match="refused before anything was sent"):
        fetch_news(
            parse(news_url(server, "local.test")),
            credentials=Credentials(user, "p"),
            limits=NEWS_LIMITS,
        )
    assert accepted_before(server.port, lambda: server.peers) == 0


@pytest.mark.parametrize(
    "url", ["ftp://127.0.0.1:25/x", "nntp://127.0.0.1:25/local.test", "gopher://127.0.0.1:25/"]
)
def test_another_services_port_is_refused_before_connecting(
    talker: Talk, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fetch", "--allow-local", url, "--timeout", "2"]) == 2
    err = capsys.readouterr().err
    assert "connects to port 25, SMTP's port" in err
    assert "--allow-port" in err


# --- out-of-range ports in a passive reply ---------------------------------------------------


@pytest.mark.parametrize(
    "replies",
    [
        # 70000 would be wrapped round to 4464 by the socket layer
        {b"EPSV": b"229 Entering Extended Passive Mode (|||70000|)\r\n"},
        {b"PASV": b"227 Entering Passive Mode (127,0,0,1,273,112)\r\n"},  # 273*256+112
        {b"PASV": b"227 Entering Passive Mode (127,0,0,1,0,0)\r\n"},
    ],
)
def test_a_passive_reply_with_a_port_out_of_range_is_a_protocol_error(
    talker: Talk, replies: dict[bytes, bytes]
) -> None:
    server = talker(ftp_server(data=lambda c, _: c.sendall(UNIX_LINE), replies=replies))
    with pytest.raises(FTPError, match="which is not a TCP port") as caught:
        ftp_fetch(parse(ftp_url(server)), limits=FTP_LIMITS)
    assert isinstance(caught.value, RemoteProtocolError)


# --- the request policy: no request to a local service behind the person's back --------------


def answers_ok(conn: socket.socket, server: Talker) -> None:
    server.read_line(conn)
    conn.sendall(b"+OK\r\n")


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "localhost", "127.1", "0x7f.1", "2130706433", "[::1]", "[::ffff:127.0.0.1]"],
)
def test_a_local_service_on_another_port_needs_allow_local(
    talker: Talk, host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """gopher to Redis, the textbook SSRF: whatever the host's spelling, the address it
    resolves to is judged, and nothing is sent without --allow-local."""
    server = talker(answers_ok)
    url = f"gopher://{host}:{server.port}/0FLUSHALL"
    assert main(["fetch", url, "--timeout", "5"]) == 2
    err = capsys.readouterr().err
    assert "a loopback address" in err
    assert "--allow-local" in err
    assert server.received == []
    assert accepted_before(server.port, lambda: server.peers) == 0  # (so nothing was sent)


@pytest.mark.parametrize(
    "url",
    ["ftp://127.0.0.1:{port}/x", "nntp://127.0.0.1:{port}/local.test/1"],
)
def test_other_schemes_to_a_local_port_need_allow_local_too(
    talker: Talk, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    server = talker(answers_ok)
    assert main(["fetch", url.format(port=server.port), "--timeout", "5"]) == 2
    assert "--allow-local" in capsys.readouterr().err
    assert accepted_before(server.port, lambda: server.peers) == 0


def test_allow_local_is_the_persons_word(talker: Talk, capsys: pytest.CaptureFixture[str]) -> None:
    server = talker(answers_ok)
    url = f"gopher://127.0.0.1:{server.port}/0FLUSHALL"
    assert main(["fetch", "--allow-local", url, "--timeout", "5"]) == 0
    assert server.received == [b"FLUSHALL"]
    assert "+OK" in capsys.readouterr().out


# === credentials ============================================================================


def login_wanted(conn: socket.socket, line: bytes) -> None:
    conn.sendall(b"480 authentication required\r\n")


def login_refused(conn: socket.socket, line: bytes) -> None:
    conn.sendall(b"381 password please\r\n" if b" USER " in line else b"481 no\r\n")


LOGIN_SERVER = {
    b"GROUP": login_wanted,
    b"ARTICLE": login_wanted,
    b"LIST": login_wanted,
    b"AUTHINFO": login_refused,
}


def _netrc(home: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    netrc = home / ".netrc"
    netrc.write_text(text)
    netrc.chmod(0o600)
    monkeypatch.setenv("HOME", str(home))


@pytest.mark.parametrize("how", ["nntp", "news --server"])
def test_the_default_entry_of_netrc_goes_to_no_server(
    talker: Talk,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    how: str,
) -> None:
    _netrc(tmp_path, "default login bob password NETRCSECRET\n", monkeypatch)
    server = talker(news_server(LOGIN_SERVER))
    if how == "nntp":
        argv = ["fetch", "--allow-local", news_url(server, "alt.test/1")]
    else:
        argv = ["fetch", "--allow-local", "news:alt.test", "--server", f"127.0.0.1:{server.port}"]
    assert main([*argv, "--timeout", "5", "--allow-plaintext-auth"]) == 1
    assert not any(b"AUTHINFO" in line for line in server.received)
    assert "authentication required" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "sent"),
    [
        ([], False),  # no TLS offered: the password would cross in clear text
        (["--allow-plaintext-auth"], True),  # the user said so
    ],
)
def test_a_netrc_login_crosses_a_connection_without_tls_only_when_allowed(
    talker: Talk,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    sent: bool,
) -> None:
    _netrc(tmp_path, "machine 127.0.0.1 login bob password NETRCSECRET\n", monkeypatch)
    server = talker(news_server(LOGIN_SERVER))
    assert (
        main(["fetch", "--allow-local", news_url(server, "alt.test/1"), "--timeout", "5", *extra])
        == 1
    )
    assert (b"AUTHINFO PASS NETRCSECRET" in server.received) is sent
    err = capsys.readouterr().err
    assert ("--allow-plaintext-auth" in err) is not sent
    assert "NETRCSECRET" not in err


def test_ftp_reads_no_netrc(talker: Talk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _netrc(tmp_path, "machine 127.0.0.1 login bob password NETRCSECRET\n", monkeypatch)
    server = talker(ftp_server(data=lambda conn, _: conn.sendall(UNIX_LINE)))
    ftp_fetch(parse(ftp_url(server, "pub/")), limits=FTP_LIMITS)
    assert b"USER anonymous" in server.received
    assert not any(b"NETRCSECRET" in line or b"bob" in line for line in server.received)


# === files written ==========================================================================


def _gopher_file(size: int) -> Callable[[socket.socket], None]:
    return repeated(CHUNK, size // len(CHUNK))


def _ftp_file(size: int) -> Callable[[socket.socket, Talker], None]:
    send = repeated(CHUNK, size // len(CHUNK))
    return ftp_server(data=lambda conn, _: send(conn))


def _download_url(kind: str, hostile: Start, talker: Talk) -> str:
    if kind == "gopher":
        return hostile(_gopher_file(4 * len(CHUNK))).gopher("9/big")
    return ftp_url(talker(_ftp_file(4 * len(CHUNK))), "big")


@pytest.mark.parametrize("kind", ["gopher", "ftp"])
def test_a_link_at_the_part_file_is_not_followed(
    kind: str,
    hostile: Start,
    talker: Talk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (tmp_path / "out.part").symlink_to(victim)
    url = _download_url(kind, hostile, talker)
    assert main(["fetch", "--allow-local", url, "-o", str(tmp_path / "out"), "--timeout", "5"]) == 1
    assert victim.read_text() == "precious"
    assert (tmp_path / "out.part").is_symlink()  # left alone
    assert not (tmp_path / "out").exists()
    assert "out.part exists and is not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["gopher", "ftp", "nntp"])
def test_a_link_as_the_target_is_refused(
    kind: str,
    hostile: Start,
    talker: Talk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    link = tmp_path / "link"
    link.symlink_to(victim)
    if kind == "nntp":
        article = b"From: a@x\r\nSubject: s\r\nMessage-ID: <m@x>\r\n\r\nbody\r\n.\r\n"
        server = talker(
            news_server(
                {
                    b"GROUP": reply(b"211 1 1 1 alt.test\r\n"),
                    b"ARTICLE": reply(b"220 1 <m@x>\r\n" + article),
                }
            )
        )
        url = news_url(server, "alt.test/1")
    else:
        url = _download_url(kind, hostile, talker)
    assert main(["fetch", "--allow-local", url, "-o", str(link), "--timeout", "5"]) == 1
    assert victim.read_text() == "precious"
    assert link.is_symlink()
    err = capsys.readouterr().err
    assert "is a symbolic link" in err
    assert "internal error" not in err


def _article_server(talker: Talk) -> Talker:
    article = b"From: a@x\r\nSubject: s\r\nMessage-ID: <m@x>\r\n\r\nbody\r\n.\r\n"
    return talker(
        news_server(
            {
                b"GROUP": reply(b"211 1 1 1 alt.test\r\n"),
                b"ARTICLE": reply(b"220 1 <m@x>\r\n" + article),
            }
        )
    )


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("DIR", "is a folder"),
        ("missing/x", "No such file or directory"),
        ("/dev/full", "No space left on device"),
    ],
)
def test_a_file_that_cannot_be_written_is_the_users_error(
    talker: Talk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    output: str,
    message: str,
) -> None:
    if output == "/dev/full" and not Path(output).exists():
        pytest.fail("/dev/full is Linux's; this test needs it")
    server = _article_server(talker)
    target = output if output.startswith("/") else str(tmp_path / output)
    (tmp_path / "DIR").mkdir()
    assert (
        main(
            [
                "fetch",
                "--allow-local",
                news_url(server, "alt.test/1"),
                "-o",
                target,
                "--timeout",
                "5",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert message in err
    assert "internal error" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["DIR"]  # nothing half-written


@pytest.mark.parametrize("kind", ["gopher", "ftp"])
def test_a_full_disk_during_a_download(
    kind: str, hostile: Start, talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _download_url(kind, hostile, talker)
    assert main(["fetch", "--allow-local", url, "-o", "/dev/full", "--timeout", "5"]) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err
    assert "internal error" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["parse", "--jsonl", "-"],
        ["parse", "http://example.com/"],
        ["fetch", "--allow-local", "gopher://127.0.0.1:{port}/0/x"],
    ],
)
def test_a_full_disk_on_standard_output(hostile: Start, argv: list[str]) -> None:
    server = hostile(lambda conn: conn.sendall(b"some text\r\n" * 1000 + b".\r\n"))
    words = [word.format(port=server.port) for word in argv]
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "urlinspector", *words],
            input=b"http://a.example/\n" * 1000,
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert "No space left on device" in err
    assert "internal error" not in err
    assert "Traceback" not in err


def test_a_reply_cut_short_stays_in_the_part_file(
    hostile: Start, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Gopher+ reply announcing 10 GB, cut after 2 MiB."""
    size = 2 * MiB
    server = hostile(repeated(CHUNK, size // len(CHUNK), first=b"+10000000000\r\n"))
    target = tmp_path / "big.bin"
    target.write_bytes(b"the old one")
    url = server.gopher("9/big%09%09+")
    assert main(["fetch", "--allow-local", url, "-o", str(target), "--timeout", "10"]) == 1
    assert target.read_bytes() == b"the old one"
    assert (tmp_path / "big.bin.part").stat().st_size == size
    err = capsys.readouterr().err
    assert "closed the connection after" in err
    assert "big.bin.part" in err


def test_a_big_menu_goes_to_a_file(hostile: Start, tmp_path: Path) -> None:
    """A 9 MB menu (225,000 items) is more than the items kept in memory allow (64 MiB,
    what they become counted); -o streams it."""
    count = 150 * 1500
    server = hostile(repeated(MENU_CHUNK, 150, last=b".\r\n"))
    target = tmp_path / "menu.txt"
    assert (
        main(["fetch", "--allow-local", server.gopher(), "-o", str(target), "--timeout", "20"]) == 0
    )
    lines = target.read_text("utf-8").splitlines()
    assert len(lines) == count
    assert lines[0].startswith("0 text     Item 00000")
    assert lines[0].endswith("gopher://example.org/0/item/00000")


@pytest.mark.parametrize(
    ("make", "advice"),
    [
        (lambda port: fetch(parse(f"gopher://127.0.0.1:{port}/"), limits=LIMITS), True),
        (
            lambda port: fetch_news(parse(f"nntp://127.0.0.1:{port}/alt.test/1"), limits=LIMITS),
            False,
        ),
    ],
)
def test_too_large_advises_a_file_only_where_one_helps(
    hostile: Start, talker: Talk, make: Callable[[int], object], advice: bool
) -> None:
    menu = hostile(endless(MENU_CHUNK))

    def endless_article(conn: socket.socket, line: bytes) -> None:
        conn.sendall(b"220 1 <m@x>\r\nSubject: s\r\n\r\n")
        stop = time.monotonic() + 15
        while time.monotonic() < stop:
            conn.sendall(b"line of the article\r\n" * 4096)

    news = talker(
        news_server({b"GROUP": reply(b"211 1 1 1 alt.test\r\n"), b"ARTICLE": endless_article})
    )
    outcome, _ = measured(lambda: make(menu.port if advice else news.port))
    assert isinstance(outcome, TooLarge)
    assert ("save it to a file" in str(outcome)) is advice
