"""Connecting: a TCP connection to any address a host name resolves to, within the
connect timeout, cancellable between waits of :data:`POLL_INTERVAL`; and the failures
in a person's words ("cannot connect to the gopher server at example.org:70:
connection refused (is the server running, and on this port?)")."""

from __future__ import annotations

import errno
import os
import selectors
import socket
import time
from collections.abc import Sequence
from typing import Any

from urlinspector.core.quoting import quoted
from urlinspector.net.errors import Cancelled, ConnectFailed, NetError, NetTimeout
from urlinspector.net.limits import CancelToken, Limits

__all__ = ["POLL_INTERVAL", "connect", "format_hostport", "ready", "seconds", "why"]

POLL_INTERVAL = 0.1
"""Longest wait, in seconds, between two looks at the cancel token."""

_AddressInfo = tuple[int, int, int, str, Any]
"""One address ``getaddrinfo`` gives: family, type, protocol, canonical name, address."""


def format_hostport(host: str, port: int) -> str:
    """``host:port`` as a person writes it, with an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def seconds(value: float) -> str:
    """10.0 -> "10", 0.25 -> "0.25": how a person writes a number of seconds."""
    return f"{value:g}"


def connect(
    host: str, port: int, *, limits: Limits, cancel: CancelToken | None, what: str
) -> socket.socket:
    """A socket connected to *host* on *port*: each address ``getaddrinfo`` gives, IPv6
    and IPv4 alike, tried in turn within ``limits.connect_timeout`` seconds in all;
    ``limits.guard`` (the request policy) judges those addresses first, and only they
    are connected to.  *what* names the protocol in messages.  Raises
    :class:`ConnectFailed`, :class:`NetTimeout`, :class:`Cancelled` or the guard's
    :class:`~urlinspector.net.policy.Refused`."""
    hostport = format_hostport(host, port)
    if not 0 < port < 65536:
        raise ConnectFailed(f"cannot connect to {hostport}: the port must be 1 to 65535")
    infos = _resolve(host, port, cancel)
    if limits.guard is not None:  # the request policy judges what was resolved, once
        limits.guard(host, [str(info[4][0]) for info in infos])
    start = time.monotonic()
    deadline = start + limits.connect_timeout
    if limits.total_timeout is not None:
        deadline = min(deadline, start + limits.total_timeout)
    failures: list[str] = []
    timed_out = False
    for family, kind, proto, _name, address in infos:
        if time.monotonic() >= deadline:
            timed_out = True
            break
        try:
            return _connect(family, kind, proto, address, deadline, cancel)
        except TimeoutError:
            timed_out = True
        except OSError as exc:
            failures.append(why(exc))
    raise _no_connection(
        f"{what} server" if what else "server", hostport, limits, failures, timed_out
    )


def _resolve(host: str, port: int, cancel: CancelToken | None) -> Sequence[_AddressInfo]:
    """The addresses *host* resolves to (``getaddrinfo``, which cannot be interrupted:
    the cancel token is checked before and after it)."""
    if cancel is not None:
        cancel.check()
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except UnicodeError:
        raise ConnectFailed(f"cannot look up {quoted(host)}: it is not a valid host name") from None
    except socket.gaierror as exc:
        raise ConnectFailed(
            f"cannot find the host {quoted(host)} ({exc.strerror or exc}); check the name "
            "and your network connection"
        ) from None
    if cancel is not None:
        cancel.check()
    return infos


def _no_connection(
    label: str, hostport: str, limits: Limits, failures: list[str], timed_out: bool
) -> NetError:
    """Why no address of *hostport* took the connection, in a person's words."""
    waited = seconds(limits.connect_timeout)
    if timed_out and not failures:
        return NetTimeout(f"no {label} answered at {hostport} within {waited} s")
    reason = "; ".join(dict.fromkeys(failures)) or "no address to connect to"
    if timed_out:
        reason += f"; the other addresses did not answer within {waited} s"
    return ConnectFailed(f"cannot connect to the {label} at {hostport}: {reason}")


def why(exc: OSError) -> str:
    """An OSError in a person's words."""
    if isinstance(exc, ConnectionRefusedError) or exc.errno == errno.ECONNREFUSED:
        return "connection refused (is the server running, and on this port?)"
    if exc.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return "the network or host is unreachable"
    if exc.errno == errno.EADDRNOTAVAIL:
        return "that address is not available from this machine"
    return exc.strerror or str(exc) or type(exc).__name__


def _connect(
    family: int,
    kind: int,
    proto: int,
    address: Any,
    deadline: float,
    cancel: CancelToken | None,
) -> socket.socket:
    """A connected socket, or TimeoutError / OSError; polls *cancel* meanwhile."""
    sock = socket.socket(family, kind, proto)
    try:
        sock.setblocking(False)
        code = sock.connect_ex(address)
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN):
            raise OSError(code, _strerror(code))
        while code != 0:
            if cancel is not None and cancel.cancelled:
                raise Cancelled("stopped while connecting")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if ready(sock, selectors.EVENT_WRITE, min(POLL_INTERVAL, remaining)):
                code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                if code != 0:
                    raise OSError(code, _strerror(code))
        return sock
    except BaseException:
        sock.close()
        raise


def ready(sock: socket.socket, events: int, timeout: float) -> bool:
    """Whether *sock* is ready for *events* (``selectors.EVENT_READ``, ``EVENT_WRITE``)
    within *timeout* seconds.  Through the platform's best selector (epoll on Linux),
    not ``select()``, which refuses a descriptor numbered 1024 or more: a process that
    holds many files still waits on its sockets."""
    with selectors.DefaultSelector() as selector:
        selector.register(sock, events)
        return bool(selector.select(timeout))


def _strerror(code: int) -> str:
    return os.strerror(code)
