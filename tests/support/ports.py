"""Ports on 127.0.0.1 for test servers, without the bind-then-reuse race.

A server that can bind port 0 should do so and report the port it got (our Python fake
servers, pyftpdlib).  A program that needs the number on its command line (socat,
INN, vsftpd) gets one from :func:`start_on_free_port`: the port is chosen at random
*below* the kernel's ephemeral range, so no socket bound to port 0 and no outgoing
connection can be handed it in the meantime; when another test process happens to take
the same number, the program fails to bind, the starter raises :class:`PortInUse`, and
the start is tried again on another port.
"""

from __future__ import annotations

import contextlib
import errno
import os
import random
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

__all__ = [
    "PortInUse",
    "ServerDidNotStart",
    "candidate_port",
    "ipv6_loopback",
    "listens",
    "start_on_free_port",
    "unused_port",
    "wait_listening",
]

HOST = "127.0.0.1"
LOWEST = 20000
"""Below the registered ports most services use on a test machine."""
ATTEMPTS = 8

T = TypeVar("T")


class PortInUse(OSError):
    """The server could not bind the port it was given: another process holds it."""


class ServerDidNotStart(RuntimeError):
    """The server exited at start, or did not listen in time (the message says why)."""


def _ephemeral_low() -> int:
    """The first port of the kernel's ephemeral range (Linux), else the IANA one."""
    with contextlib.suppress(OSError, ValueError):
        text = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text()
        return int(text.split()[0])
    return 49152  # RFC 6335 §6: the dynamic ports


def port_is_free(port: int, host: str = HOST) -> bool:
    """Whether *port* can be bound on *host* at this moment."""
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return False
            raise
    return True


def candidate_port(host: str = HOST) -> int:
    """A port free now, drawn at random outside the ephemeral range."""
    high = _ephemeral_low() - 1
    if high <= LOWEST:
        high = 65535
    while True:
        port = random.randint(LOWEST, high)
        if port_is_free(port, host):
            return port


def unused_port(host: str = HOST) -> int:
    """A port nothing listens on, for a connection that must be refused."""
    return candidate_port(host)


def ipv6_loopback() -> bool:
    """Whether this machine has the IPv6 loopback address (``::1``) to listen on."""
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


def start_on_free_port(start: Callable[[int], T], *, attempts: int = ATTEMPTS) -> T:
    """``start(port)`` on a free port; again on another one while it raises
    :class:`PortInUse`, up to *attempts* times."""
    for _ in range(attempts - 1):
        with contextlib.suppress(PortInUse):
            return start(candidate_port())
    return start(candidate_port())


def _listening_inodes(port: int) -> set[str]:
    """The inodes of the sockets listening on *port* (Linux ``/proc/net/tcp``)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(fields[9])  # 0A: LISTEN
    return inodes


def listens(pid: int, port: int) -> bool:
    """Whether process *pid* holds the socket listening on *port*, not some other
    process that took the port first: False once *pid* has exited, True where
    ``/proc`` may not be read."""
    fds = Path(f"/proc/{pid}/fd")
    try:
        entries = list(fds.iterdir())
    except PermissionError:
        return True
    except OSError:  # (gone: a server that could not bind exits)
        return False
    links = set()
    for fd in entries:
        with contextlib.suppress(OSError):  # (closed meanwhile)
            links.add(os.readlink(fd))
    return any(f"socket:[{inode}]" in links for inode in _listening_inodes(port))


def wait_listening(
    port: int,
    process: subprocess.Popen[bytes],
    what: str,
    *,
    timeout: float = 20.0,
    output: Callable[[], str] = lambda: "",
) -> None:
    """Return once *process* listens on 127.0.0.1:*port* and accepts a connection.

    Raises :class:`PortInUse` when the process exited because the port was taken, and
    :class:`ServerDidNotStart` when it exited otherwise or did not listen within
    *timeout* seconds (then it is killed).  *output* gives what the process said."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = output()
            if "in use" in said.lower() or not port_is_free(port):
                raise PortInUse(errno.EADDRINUSE, f"{what}: port {port} is taken: {said[-500:]}")
            raise ServerDidNotStart(
                f"{what} exited at start ({process.returncode}): {said[-2000:] or '(nothing)'}"
            )
        if listens(process.pid, port):
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.5):
                return
        time.sleep(0.05)
    process.kill()
    process.wait()
    raise ServerDidNotStart(f"{what} did not listen on {HOST}:{port} within {timeout:g} s")
