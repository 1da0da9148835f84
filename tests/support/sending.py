"""Each HTTP library really sending a request, to a listener on loopback: what host and
port it asked the resolver for and the ``Host`` header it sent, or the exception it
raised before it connected.

The Python libraries run in process with the name resolution redirected
(:func:`redirected`: ``socket.getaddrinfo`` records what it is asked and answers with
the listener's address, after the real one has checked the name the way it checks
every name, ``AI_NUMERICHOST`` keeping it from resolving anything); curl runs as its
command-line tool with its connections redirected (``--connect-to``: the place a
reading names to one listener, any other place to another; through a proxy curl
would build the request otherwise).  Nothing leaves the machine: every connection
goes to 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tests.support.servers import ConnectionServer

__all__ = ["SENDERS", "Listener", "Sent", "curl", "curl_tool", "in_process", "redirected"]

HEAD_LIMIT = 65536
QUIET = 0.5
"""Seconds a connection may say nothing before the listener hangs up."""
TIMEOUT = 5.0


@dataclass(frozen=True)
class Sent:
    """What a library did with a URL: connected (``host``, ``port``: what it asked the
    resolver for, its first connection; ``host_header`` when the listener heard one)
    or raised ``refused`` (the exception's class name) before connecting."""

    host: str | None = None
    port: int | None = None
    host_header: str | None = None
    refused: str | None = None
    message: str = ""

    def __str__(self) -> str:
        if self.refused is not None:
            return f"refuses: {self.refused}: {self.message}"
        header = "" if self.host_header is None else f" (Host: {self.host_header})"
        return f"connects to {self.host}:{self.port}{header}"


class Listener:
    """A TCP server on 127.0.0.1 that counts the connections it accepts, keeps the head
    of each HTTP request it hears and answers it ``200`` with an empty body.  A
    connection that says nothing for a moment (an FTP client waits for the server to
    speak first) or begins a TLS handshake is hung up on."""

    def __init__(self) -> None:
        self.heads: list[bytes] = []
        self.accepted = 0
        self._lock = threading.Lock()
        self.server = ConnectionServer(self._serve)
        self.port = self.server.port

    def _serve(self, conn: socket.socket) -> None:
        with self._lock:
            self.accepted += 1
        conn.settimeout(QUIET)
        head = b""
        while b"\r\n\r\n" not in head and len(head) < HEAD_LIMIT:
            chunk = conn.recv(4096)
            if not chunk or chunk[:1] == b"\x16":  # (a TLS handshake: nothing to hear)
                return
            head += chunk
        with self._lock:
            self.heads.append(head.partition(b"\r\n\r\n")[0])
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

    def take(self) -> tuple[int, list[bytes]]:
        """The connections accepted and the heads heard since the last call."""
        with self._lock:
            accepted, heads = self.accepted, self.heads
            self.accepted, self.heads = 0, []
        return accepted, heads

    def close(self) -> None:
        self.server.close()


def _header(head: bytes, name: bytes) -> str | None:
    for line in head.split(b"\r\n")[1:]:
        field, colon, value = line.partition(b":")
        if colon and field.strip().lower() == name:
            return value.strip().decode("latin-1")
    return None


@contextlib.contextmanager
def redirected(listener: Listener) -> Iterator[list[tuple[str, int]]]:
    """Within the block every ``socket.getaddrinfo`` answers with the listener's address;
    the list yielded gets each host it was asked for, with the port the answer would
    have held.  The real function is asked first with ``AI_NUMERICHOST |
    AI_NUMERICSERV`` (it then resolves nothing), so that what it refuses still raises
    (``UnicodeError`` from its IDNA codec, ``gaierror`` for a port it cannot read), and
    then for 127.0.0.1, for the port it reads in the service."""
    real = socket.getaddrinfo
    asked: list[tuple[str, int]] = []

    def getaddrinfo(
        host: Any, port: Any, family: int = 0, type: int = 0, proto: int = 0, flags: int = 0
    ) -> list[Any]:
        numeric = flags | socket.AI_NUMERICHOST | socket.AI_NUMERICSERV
        try:
            real(host, port, family, type, proto, numeric)
        except socket.gaierror as exc:
            if exc.errno != socket.EAI_NONAME:  # (a name: it would be looked up)
                raise
        # the port as the C library reads the service (glibc: 99999 is 34463)
        answer = real("127.0.0.1", port, socket.AF_INET, type, proto, numeric)
        connected = int(answer[0][4][1])
        asked.append((host.decode("latin-1") if isinstance(host, bytes) else str(host), connected))
        address = ("127.0.0.1", listener.port)
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", address)]

    socket.getaddrinfo = getaddrinfo
    try:
        yield asked
    finally:
        socket.getaddrinfo = real


Send = Callable[[str], object]


def _urlopen(url: str) -> object:
    import urllib.request

    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(url, timeout=TIMEOUT) as reply:
        return reply.read()


def _urllib3(url: str) -> object:
    import urllib3

    return urllib3.PoolManager().request("GET", url, timeout=TIMEOUT, redirect=False)


def _requests(url: str) -> object:
    import requests

    with requests.Session() as session:
        session.trust_env = False  # (no proxy, no .netrc from the environment)
        return session.get(url, timeout=TIMEOUT, allow_redirects=False)


def _httpx(url: str) -> object:
    import httpx

    with httpx.Client(trust_env=False, timeout=TIMEOUT) as client:
        return client.get(url)


def in_process(send: Send, listener: Listener, url: str) -> Sent:
    """What *send(url)* did: its first connection, else what it raised."""
    listener.take()
    raised: Exception | None = None
    with redirected(listener) as asked:
        try:
            send(url)
        except Exception as exc:  # the library's own answer
            raised = exc
    _, heads = listener.take()
    if asked:
        host, port = asked[0]
        header = _header(heads[0], b"host") if heads else None
        return Sent(host, port, header)
    assert raised is not None, f"{url!r}: no connection and no exception"
    return Sent(refused=type(raised).__name__, message=str(raised))


SENDERS: dict[str, Send] = {
    "urlopen": _urlopen,
    "urllib3": _urllib3,
    "requests": _requests,
    "httpx": _httpx,
}
"""The Python libraries' ways of sending a URL, by reader name (a program's plain
call: ``urlopen``, ``PoolManager().request``, a ``Session``'s ``get``, a ``Client``'s
``get``, each kept from the environment's proxies)."""


def curl_tool() -> str | None:
    """The curl command-line tool, when it is installed."""
    return shutil.which("curl")


def curl(tool: str, claimed: Listener, other: Listener, url: str, where: tuple[str, int]) -> Sent:
    """What ``curl`` does with *url*, told apart from *where* (the host and port a
    reading says it connects to): the connection to *where* goes to *claimed*
    (``--connect-to``, which curl matches against the host it would resolve and the
    port), any other to *other*; curl resolves no name either way.  A connection to
    *claimed* is *where*; one to *other* is some other place, named by the ``Host``
    header it sends; none is curl's refusal (its exit status and message)."""
    claimed.take()
    other.take()
    host, port = where
    host = host.partition("%")[0] + ("]" if "%" in host else "")  # (curl matches no zone)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8"}
    command = [tool, "-q", "-g", "-s", "-S", "-o", os.devnull, "--max-time", str(TIMEOUT)]
    command += ["--connect-to", f"{host}:{port}:127.0.0.1:{claimed.port}"]
    command += ["--connect-to", f"::127.0.0.1:{other.port}", "--", url]
    done = subprocess.run(command, capture_output=True, env=env, timeout=TIMEOUT * 2)
    for listener, sent in ((claimed, where), (other, None)):
        accepted, heads = listener.take()
        if accepted:
            header = _header(heads[0], b"host") if heads else None
            if sent is None:  # (elsewhere: the Host header names it, when there is one)
                return Sent(header or "(elsewhere)", 0, header)
            return Sent(sent[0], sent[1], header)
    message = done.stderr.decode("utf-8", "replace").strip()
    return Sent(refused=f"curl exit status {done.returncode}", message=message)
