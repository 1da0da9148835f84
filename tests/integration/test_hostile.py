"""Hostile gopher servers on loopback: an endless stream, a 10 MB line without a newline,
one byte a second, a close in mid-reply, binary garbage as a menu.  Each ends in a timeout
or a clear error, with memory bounded (measured with tracemalloc), and Stop works."""

from __future__ import annotations

import random
import socket
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from urlinspector.cli import main
from urlinspector.net.errors import Cancelled, NetTimeout, TooLarge
from urlinspector.net.gopher import GopherReply, fetch
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.schemes.errors import RemoteProtocolError

pytestmark = pytest.mark.integration

MiB = 1024 * 1024
CAP = 1 * MiB
LIMITS = Limits(connect_timeout=2, read_timeout=2, max_memory=CAP, total_timeout=20)
CHUNK = b"x" * 65536
MENU_CHUNK = b"".join(b"0Item %05d\t/item/%05d\texample.org\t70\r\n" % (i, i) for i in range(1500))


class Hostile:
    """A server on 127.0.0.1 that answers every connection with *behaviour(conn)*, and
    stops by itself: every loop below is bounded in count and time."""

    def __init__(self, behaviour: Callable[[socket.socket], None]) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.behaviour = behaviour
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.done.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(5)
                try:
                    conn.recv(4096)  # the request
                    self.behaviour(conn)
                except OSError:
                    pass  # the client gave up: that is the point

    def url(self, path: str = "") -> str:
        return f"gopher://127.0.0.1:{self.port}/{path}"

    def close(self) -> None:
        self.done.set()
        self.thread.join(timeout=10)
        self.sock.close()


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


def endless(payload: bytes, seconds: float = 15.0) -> Callable[[socket.socket], None]:
    def behaviour(conn: socket.socket) -> None:
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            conn.sendall(payload)

    return behaviour


# --- an endless stream -----------------------------------------------------------------------


def test_an_endless_menu_stops_at_the_memory_cap(hostile: Start) -> None:
    server = hostile(endless(MENU_CHUNK))
    outcome, peak = measured(lambda: fetch(server.url(), limits=LIMITS))
    assert isinstance(outcome, TooLarge)
    assert "larger than the 1 MiB kept in memory" in str(outcome)
    assert peak < 4 * CAP


def test_an_endless_text_stops_at_the_memory_cap(hostile: Start) -> None:
    server = hostile(endless(b"line of text\r\n" * 4096))
    outcome, peak = measured(lambda: fetch(server.url("0/x"), limits=LIMITS))
    assert isinstance(outcome, TooLarge)
    assert peak < 4 * CAP


def test_an_endless_download_to_a_file_ends_at_the_deadline(hostile: Start, tmp_path: Path) -> None:
    server = hostile(endless(CHUNK))
    limits = Limits(connect_timeout=2, read_timeout=2, max_memory=CAP, total_timeout=1.5)
    target = tmp_path / "endless.bin"

    def run() -> object:
        with target.open("wb") as sink:
            return fetch(server.url("9/x"), limits=limits, sink=sink)

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
        lambda: fetch(server.url(), limits=Limits(connect_timeout=2, read_timeout=2))
    )
    assert isinstance(outcome, RemoteProtocolError)
    assert "line 1 of the menu reply is longer than 65536 octets" in str(outcome)
    assert peak < 1 * MiB  # it stopped long before the 10 MB, and kept little


def test_a_ten_mb_line_of_text_streams(hostile: Start) -> None:
    server = hostile(ten_mb_line)
    seen = [0]

    def count(event: object) -> None:
        seen[0] += len(getattr(event, "data", b""))

    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=30)
    outcome, peak = measured(
        lambda: fetch(server.url("0/x"), limits=limits, keep_body=False, on_event=count)  # type: ignore[arg-type]
    )
    assert isinstance(outcome, GopherReply)
    assert outcome.complete
    assert seen[0] == 1 + 10 * MiB  # the type character, then the line
    assert peak < 2 * MiB


# --- one byte a second ----------------------------------------------------------------------------


def one_byte_a_second(conn: socket.socket) -> None:
    for byte in b"iSlow\t\terror.host\t1\r\n" * 2:
        conn.sendall(bytes([byte]))
        time.sleep(1.0)


def test_one_byte_a_second_ends_at_the_deadline(hostile: Start) -> None:
    server = hostile(one_byte_a_second)
    # every byte comes within the read timeout; only the whole exchange has a limit
    limits = Limits(connect_timeout=2, read_timeout=3, total_timeout=2.5)
    outcome, peak = measured(lambda: fetch(server.url(), limits=limits))
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 2.5 s allowed" in str(outcome)
    assert peak < 1 * MiB


def test_stop_works_during_a_slow_reply(hostile: Start) -> None:
    server = hostile(one_byte_a_second)
    cancel = CancelToken()
    threading.Timer(1.5, cancel.cancel).start()
    start = time.monotonic()
    outcome, _ = measured(
        lambda: fetch(server.url(), limits=Limits(read_timeout=30), cancel=cancel)
    )
    assert isinstance(outcome, Cancelled)
    assert time.monotonic() - start < 10  # not the 30 s read timeout, nor the whole reply


# --- a close in mid-reply ------------------------------------------------------------------------


def test_a_close_inside_an_announced_length(hostile: Start) -> None:
    server = hostile(lambda conn: conn.sendall(b"+1000\r\n" + b"a" * 300))
    outcome, _ = measured(lambda: fetch(server.url("0/x%09%09+"), limits=LIMITS))
    assert isinstance(outcome, RemoteProtocolError)
    assert "closed the connection after 300 of the 1000 bytes it announced" in str(outcome)


def test_a_close_in_the_middle_of_a_menu_line(
    hostile: Start, capsys: pytest.CaptureFixture[str]
) -> None:
    server = hostile(lambda conn: conn.sendall(b"0One\t/one\th\t70\r\n0Two\t/tw"))
    reply = fetch(server.url(), limits=LIMITS)
    assert [i.display for i in reply.items] == ["One", "Two"]
    assert not reply.complete
    assert main(["fetch", server.url(), "--timeout", "2"]) == 1
    err = capsys.readouterr().err
    assert "incomplete" in err
    assert "cut short" in err


# --- binary garbage as a menu ----------------------------------------------------------------


def test_binary_garbage_as_a_menu(hostile: Start, capsys: pytest.CaptureFixture[str]) -> None:
    garbage = random.Random(1436).randbytes(200_000)
    server = hostile(lambda conn: conn.sendall(garbage))
    outcome, peak = measured(lambda: fetch(server.url(), limits=LIMITS))
    assert isinstance(outcome, RemoteProtocolError)
    assert "this is binary data, not a gopher menu" in str(outcome)
    assert peak < 2 * MiB
    assert main(["fetch", server.url(), "--timeout", "2"]) == 1
    assert "not a gopher menu" in capsys.readouterr().err
