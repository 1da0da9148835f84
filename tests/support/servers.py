"""The fake servers of the tests, each written once.

:class:`ConnectionServer` is the one threaded TCP server they are made of: it listens
on 127.0.0.1 (or ``::1``, for the IPv6 tests), on a port the system chooses, runs a
handler for each connection it accepts and records the peers in the order accepted
(see :func:`tests.support.waiting.accepted_before`).

:class:`ScriptedServer` runs a *script* for each connection, with the means a fake
server needs: the client's lines, read and recorded (:meth:`~ScriptedServer.lines`), a
slow reply (:meth:`~ScriptedServer.drip`), TLS from the first octet, and an event set
when the test ends.  The scripts every protocol shares are here too:
:func:`after_request` (a gopher server: the request line, then an answer),
:func:`replies`, :func:`trickles` (the same, slowly), :func:`closes` and
:func:`silent`; the FTP dialogue is :mod:`tests.support.fake_ftp`.  A fixture that
starts servers hands out :func:`closed_at_end`'s starter.
"""

from __future__ import annotations

import contextlib
import select
import socket
import ssl
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import ParamSpec, TypeVar

__all__ = [
    "ConnectionServer",
    "Script",
    "ScriptedServer",
    "after_request",
    "closed_at_end",
    "closes",
    "replies",
    "silent",
    "trickles",
]


class ConnectionServer:
    """A TCP server on *host* that runs *handle(conn)* for each connection it accepts:
    each in a thread of its own, or (*threaded* false) one after the other in the
    accepting thread.  The connection is closed when *handle* returns; an ``OSError``
    in it (the client hung up) ends that connection only.  :attr:`stopping` is set by
    :meth:`close`, for handlers that wait."""

    def __init__(
        self,
        handle: Callable[[socket.socket], None],
        host: str = "127.0.0.1",
        *,
        threaded: bool = True,
    ) -> None:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.listener = socket.create_server((host, 0), family=family)
        self.listener.settimeout(0.05)
        self.host = host
        self.port: int = self.listener.getsockname()[1]
        self.handle = handle
        self.threaded = threaded
        self.peers: list[tuple[str, int]] = []
        """The address of each connection, in the order accepted."""
        self.stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    @property
    def accepted(self) -> int:
        """How many connections were accepted."""
        return len(self.peers)

    @property
    def authority(self) -> str:
        """``host:port`` (``[::1]:port`` for IPv6), as a URL or ``--server`` has it."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    def url(self, scheme: str, path: str = "/", userinfo: str = "") -> str:
        """``scheme://[userinfo]host:port`` and *path* (which starts with "/")."""
        return f"{scheme}://{userinfo}{self.authority}{path}"

    def _accept(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, peer = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.peers.append(peer)
            if not self.threaded:
                self._run(conn)
                continue
            thread = threading.Thread(target=self._run, args=(conn,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _run(self, conn: socket.socket) -> None:
        with conn, contextlib.suppress(OSError):
            self.handle(conn)

    def close(self, timeout: float = 10.0, *, wait_for_handlers: bool = True) -> None:
        """Stop accepting, close the listener and (unless told not to) wait for the
        handlers to end."""
        self.stopping.set()
        self.listener.close()
        self._accepting.join(timeout)
        for thread in self._threads if wait_for_handlers else ():
            thread.join(timeout)


Script = Callable[[socket.socket, "ScriptedServer"], None]
"""What a fake server does with one connection: ``script(conn, server)``."""


class ScriptedServer(ConnectionServer):
    """A :class:`ConnectionServer` that runs *script(conn, server)* for each connection
    (in a thread each, or one after the other when *threaded* is false).

    *tls* wraps each connection in TLS from its first octet (NNTPS, gophers).  A read
    gives up after *timeout* seconds.  What the scripts read with :meth:`read_line` or
    :meth:`lines` is kept in :attr:`received`, one line each, without its line end."""

    def __init__(
        self,
        script: Script,
        host: str = "127.0.0.1",
        *,
        threaded: bool = True,
        tls: ssl.SSLContext | None = None,
        timeout: float = 10.0,
    ) -> None:
        self.script = script
        self.tls = tls
        self.timeout = timeout
        self.received: list[bytes] = []
        """The lines the client sent, in order, without their line ends."""
        self.sent = 0
        """How many pieces :meth:`drip` sent."""
        self.hung_up = threading.Event()
        """Set when the client closed the connection during a :meth:`drip`."""
        super().__init__(self._talk, host, threaded=threaded)

    def _talk(self, conn: socket.socket) -> None:
        conn.settimeout(self.timeout)
        if self.tls is None:
            self.script(conn, self)
            return
        with self.tls.wrap_socket(conn, server_side=True) as secure:
            self.script(secure, self)

    def read_line(self, conn: socket.socket) -> bytes:
        """One line from the client, with its line end (what came before it hung up,
        b"" when nothing did)."""
        line = bytearray()
        while not line.endswith(b"\n"):
            octet = conn.recv(1)
            if not octet:
                break
            line += octet
        if line:
            self.received.append(bytes(line).rstrip(b"\r\n"))
        return bytes(line)

    def lines(self, conn: socket.socket) -> Iterator[bytes]:
        """The client's lines without their line ends, until it hangs up or the test
        ends."""
        while not self.stopping.is_set():
            line = self.read_line(conn)
            if not line.endswith(b"\n"):
                return
            yield line.rstrip(b"\r\n")

    def drip(self, conn: socket.socket, pieces: Iterable[bytes], interval: float) -> None:
        """Send *pieces* one at a time, *interval* seconds apart: a slow server, the
        behaviour under test.  The pause is a wait on the connection, so a client that
        hangs up (:attr:`hung_up`) or the end of the test ends it at once."""
        for piece in pieces:
            readable, _, _ = select.select([conn], [], [], interval)
            if self.stopping.is_set():
                return
            if readable and conn.recv(4096) == b"":
                self.hung_up.set()
                return
            conn.sendall(piece)
            self.sent += 1


def after_request(answer: Callable[[socket.socket], object]) -> Script:
    """A gopher server's way: read the request line, then *answer(conn)*."""

    def script(conn: socket.socket, server: ScriptedServer) -> None:
        server.read_line(conn)
        answer(conn)

    return script


def replies(data: bytes) -> Script:
    """Answers every request line with *data*, then closes."""
    return after_request(lambda conn: conn.sendall(data))


def closes(conn: socket.socket, server: ScriptedServer) -> None:
    """Accepts and closes at once (the connection is only counted)."""


def silent(conn: socket.socket, server: ScriptedServer) -> None:
    """Accepts and says nothing until the test ends."""
    server.stopping.wait()


def trickles(reply: bytes, interval: float) -> Script:
    """A slow gopher server: reads the request line, then sends *reply* one octet every
    *interval* seconds (:meth:`ScriptedServer.drip`: ``sent`` counts the octets,
    ``hung_up`` is set when the client hangs up)."""

    def script(conn: socket.socket, server: ScriptedServer) -> None:
        server.read_line(conn)
        server.drip(conn, (bytes([octet]) for octet in reply), interval)

    return script


P = ParamSpec("P")
S = TypeVar("S", bound=ConnectionServer)


@contextlib.contextmanager
def closed_at_end(make: Callable[P, S]) -> Iterator[Callable[P, S]]:
    """*make* (a server class, or a function making one), each server it makes closed
    when the block ends: what a fixture that starts servers yields."""
    made: list[S] = []

    def start(*args: P.args, **kwargs: P.kwargs) -> S:
        server = make(*args, **kwargs)
        made.append(server)
        return server

    try:
        yield start
    finally:
        for server in made:
            server.close()
