"""Sockets with cancellable, sliced waits: every wait of an FTP exchange is cut into
slices of :data:`SLICE` seconds, and the cancel token and the deadline for the whole
exchange are checked between them."""

from __future__ import annotations

import errno
import os
import selectors
import socket
import time
from collections.abc import Callable

from urlinspector.net.errors import ConnectFailed, NetError, NetTimeout
from urlinspector.net.limits import CancelToken, Limits

__all__ = ["SLICE", "Waits"]

SLICE = 0.1
"""Seconds of one wait: how soon a cancel is noticed."""


class Waits:
    """The limits and the cancel token, checked in every slice of every wait."""

    def __init__(self, limits: Limits, cancel: CancelToken | None, shown: str = "") -> None:
        self.limits = limits
        self.cancel = cancel
        self.shown = shown
        self.ignore_cancel = False
        total = limits.total_timeout
        self.deadline: float | None = None if total is None else time.monotonic() + total
        """``time.monotonic()`` past which every wait fails (``Limits.total_timeout``)."""

    def check(self) -> None:
        if self.cancel is not None and not self.ignore_cancel:
            self.cancel.check()
        deadline = self.deadline
        if deadline is not None and not self.ignore_cancel and time.monotonic() >= deadline:
            raise NetTimeout(
                f"the exchange with the FTP server at {self.shown} took longer than the "
                f"{self.limits.total_timeout:g} s allowed"
            )

    def recv(
        self, sock: socket.socket, size: int, seconds: float, silent: Callable[[], str], where: str
    ) -> bytes:
        """Up to *size* bytes; b"" at the end; :class:`NetTimeout` (message *silent*)
        after *seconds* without a byte; :class:`NetError` when the connection breaks."""
        start = time.monotonic()
        while True:
            self.check()
            try:
                return sock.recv(size)
            except TimeoutError:
                if time.monotonic() - start >= seconds:
                    raise NetTimeout(silent()) from None
            except OSError as exc:
                raise NetError(f"the connection {where} broke: {exc.strerror or exc}") from None

    def splice(
        self,
        sock: socket.socket,
        pipe: int,
        size: int,
        seconds: float,
        silent: Callable[[], str],
        where: str,
    ) -> int:
        """Like :meth:`recv`, but up to *size* bytes go from *sock* into the pipe whose
        write end is *pipe* inside the kernel (Linux ``splice(2)``), not through Python:
        how many; 0 at the end.  Each wait is a slice, as for :meth:`recv`."""
        start = time.monotonic()
        with selectors.DefaultSelector() as selector:
            selector.register(sock, selectors.EVENT_READ)
            while True:
                self.check()
                if selector.select(SLICE):
                    try:
                        return os.splice(sock.fileno(), pipe, size)
                    except BlockingIOError:  # (woken, but nothing to take yet)
                        pass
                    except OSError as exc:
                        raise NetError(
                            f"the connection {where} broke: {exc.strerror or exc}"
                        ) from None
                if time.monotonic() - start >= seconds:
                    raise NetTimeout(silent())

    def connect(self, host: str, port: int, shown: str, *, guarded: bool = True) -> socket.socket:
        """A TCP connection to *host* (any address it resolves to), cancellable.  When
        *guarded*, ``limits.guard`` (the request policy) judges the resolved addresses
        first; a data connection, which goes to the control connection's own peer, is
        not judged again here (its port is: :meth:`~urlinspector.net.policy.Guard.data`)."""
        try:
            infos = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)
        except socket.gaierror as exc:
            raise ConnectFailed(
                f"cannot find the host {shown}: {exc.strerror or exc}; check its spelling"
            ) from None
        except UnicodeError as exc:
            raise ConnectFailed(f"the host name {shown} cannot be looked up: {exc}") from None
        if guarded and self.limits.guard is not None:
            self.limits.guard(host, [str(info[4][0]) for info in infos])
        deadline = time.monotonic() + self.limits.connect_timeout
        if self.deadline is not None:
            deadline = min(deadline, self.deadline)
        failures: list[str] = []
        for family, kind, proto, _, address in infos:
            sock = socket.socket(family, kind, proto)
            try:
                sock.setblocking(False)
                code = sock.connect_ex(address)
                if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN):
                    raise OSError(code, os.strerror(code))
                with selectors.DefaultSelector() as selector:
                    selector.register(sock, selectors.EVENT_WRITE)
                    while not selector.select(SLICE):
                        self.check()
                        if time.monotonic() >= deadline:
                            raise NetTimeout(
                                f"{shown} did not accept a connection within "
                                f"{self.limits.connect_timeout:g} s; is the host up and the "
                                "port right?"
                            )
                code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                if code:
                    raise OSError(code, os.strerror(code))
                sock.settimeout(SLICE)
                return sock
            except OSError as exc:
                sock.close()
                failures.append(f"{address[0]}: {exc.strerror or exc}")
            except BaseException:
                sock.close()
                raise
        raise ConnectFailed(f"cannot connect to {shown} ({'; '.join(failures)})")
