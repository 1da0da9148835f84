"""The hostile servers of these tests and what they send: a gopher server that reads
the request then misbehaves (:class:`Hostile`), servers that speak first (:data:`Talker`:
FTP and NNTP), and the small limits each case runs under."""

from __future__ import annotations

import socket
import time
import tracemalloc
from collections.abc import Callable, Mapping

from tests.support.fake_ftp import ftp_dialogue
from tests.support.servers import ScriptedServer, after_request
from urlinspector.net.limits import Limits

__all__ = [
    "CAP",
    "CHUNK",
    "FTP_LIMITS",
    "LIMITS",
    "MENU_CHUNK",
    "NEWS_LIMITS",
    "NNTP_GREETING",
    "UNIX_LINE",
    "Counted",
    "Hostile",
    "MiB",
    "Start",
    "Talk",
    "Talker",
    "endless",
    "ftp_server",
    "ftp_url",
    "measured",
    "news_server",
    "news_url",
    "repeated",
    "repeats",
    "reply",
    "sends",
    "sends_then_waits",
]


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


Talker = ScriptedServer
"""A server on 127.0.0.1 that speaks first: *behaviour(conn, server)* for every
connection, each in a thread; ``server.stopping`` is set when the test ends."""


Talk = Callable[..., Talker]


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
