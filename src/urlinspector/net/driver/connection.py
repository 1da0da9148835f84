"""One TCP (or TLS) connection whose every wait is sliced: sends and reads within the
read timeout and the deadline for the whole exchange, the cancel token checked between
waits of :data:`~urlinspector.net.driver.connect.POLL_INTERVAL`, the TLS handshake, and
the splicing of its bytes into a pipe."""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from urlinspector.net.driver.connect import (
    POLL_INTERVAL,
    connect,
    format_hostport,
    seconds,
    why,
)
from urlinspector.net.errors import Cancelled, ConnectFailed, NetError, NetTimeout
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import DEFAULT_SESSION, Session
from urlinspector.net.splice import SPLICE_LOW_WATER

if TYPE_CHECKING:
    import ssl  # imported when a connection starts TLS: plain gopher does without it

__all__ = ["SPLICE_LOW_WATER", "Connection"]

_T = TypeVar("_T")


class Connection:
    """One TCP connection (optionally TLS) with timeouts and cancellation.

    Open it with :meth:`open`; use it as a context manager so it is always closed.  Its
    waits follow its *session*'s limits and cancel token (:mod:`urlinspector.net.session`).
    """

    def __init__(
        self, sock: socket.socket, *, host: str, port: int, session: Session, what: str
    ) -> None:
        self._sock: socket.socket | None = sock
        self.host = host
        self.port = port
        self.session = session
        """The fetch's session: the limits and the cancel token every wait obeys (a
        caller may hand the connection another, shorter-lived one: QUIT's short wait)."""
        self.what = what
        name = sock.getpeername()
        self.peer: tuple[str, int] = (str(name[0]), int(name[1]))
        """The address actually connected to (after name resolution)."""
        self.bytes_sent = 0
        self.bytes_received = 0
        self._tls = False
        self._low_water = 1
        self._selector: selectors.BaseSelector | None = None
        self._selected: tuple[socket.socket, int] | None = None
        """The socket and events :attr:`_selector` waits for (:meth:`_ready`)."""
        self._not_yet: tuple[type[OSError], ...] = (TimeoutError,)
        """What a read or write that must be tried again raises (with TLS, also the
        wants of :mod:`ssl`)."""
        self.started = time.monotonic()
        self.deadline: float | None = (
            None
            if session.limits.total_timeout is None
            else self.started + session.limits.total_timeout
        )
        """``time.monotonic()`` value past which any wait fails (``Limits.total_timeout``)."""
        sock.settimeout(POLL_INTERVAL)

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        host: str,
        port: int,
        session: Session = DEFAULT_SESSION,
        *,
        what: str = "",
        tls: ssl.SSLContext | None = None,
        server_hostname: str | None = None,
    ) -> Connection:
        """Connect to *host* (a name, an IPv4 or an IPv6 address, without brackets) on
        *port*, trying each address ``getaddrinfo`` gives, IPv6 and IPv4 alike, within
        the *session*'s ``limits.connect_timeout`` seconds in all (its request policy
        judging those addresses first).

        *what* names the protocol in messages ("gopher" gives "no gopher server answered
        at host:70 within 10 s").  With a *tls* context the connection is wrapped in TLS
        at once (NNTPS), the certificate checked against *server_hostname* (default:
        *host*).

        Raises :class:`ConnectFailed`, :class:`NetTimeout` or :class:`Cancelled`.
        """
        sock = connect(host, port, limits=session.limits, cancel=session.cancel, what=what)
        conn = cls(sock, host=host, port=port, session=session, what=what)
        if tls is not None:
            try:
                conn.starttls(server_hostname or host, tls)
            except BaseException:
                conn.close()
                raise
        return conn

    # -- TLS ----------------------------------------------------------------------------

    def starttls(
        self, server_hostname: str | None = None, context: ssl.SSLContext | None = None
    ) -> None:
        """Wrap the connection in TLS now (STARTTLS, or implicit TLS from :meth:`open`),
        verifying the certificate against *server_hostname* (default: the host)."""
        import ssl

        sock = self._socket()
        context = context or ssl.create_default_context()
        name = server_hostname if server_hostname is not None else self.host
        label = f"{self.what} server" if self.what else "server"
        sock.setblocking(False)
        tls = context.wrap_socket(sock, server_hostname=name, do_handshake_on_connect=False)
        self._sock = tls
        self._tls = True
        self._not_yet = (TimeoutError, ssl.SSLWantReadError, ssl.SSLWantWriteError)
        deadline = self._deadline(self.limits.connect_timeout)
        try:
            while True:
                self._check_cancel()
                try:
                    tls.do_handshake()
                    break
                except ssl.SSLWantReadError:
                    self._wait(tls, read=True, deadline=deadline)
                except ssl.SSLWantWriteError:
                    self._wait(tls, read=False, deadline=deadline)
        except TimeoutError:
            raise NetTimeout(
                f"the {label} at {self.hostport} did not finish the TLS handshake within "
                f"{seconds(self.limits.connect_timeout)} s"
            ) from None
        except ssl.SSLCertVerificationError as exc:
            raise ConnectFailed(
                f"the {label} at {self.hostport} presented a certificate that cannot be "
                f"trusted: {exc.verify_message or exc.reason}"
            ) from None
        except ssl.SSLError as exc:
            raise ConnectFailed(
                f"TLS with the {label} at {self.hostport} failed: {exc.reason or exc}"
            ) from None
        except OSError as exc:
            raise ConnectFailed(
                f"the {label} at {self.hostport} dropped the connection during the TLS "
                f"handshake ({why(exc)})"
            ) from None
        tls.settimeout(POLL_INTERVAL)

    @property
    def limits(self) -> Limits:
        return self.session.limits

    @property
    def cancel(self) -> CancelToken | None:
        return self.session.cancel

    @property
    def is_tls(self) -> bool:
        return self._sock is not None and self._tls

    @property
    def tls_socket(self) -> ssl.SSLSocket | None:
        """The TLS layer once :meth:`starttls` is done (its certificate, version and
        cipher, for people to see); None for a plain connection.  Read from it; the
        bytes still go through :meth:`send` and :meth:`recv`."""
        sock = self._sock
        if not self._tls or sock is None:
            return None
        import ssl

        return sock if isinstance(sock, ssl.SSLSocket) else None

    # -- moving bytes -------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        """Send all of *data*.  The schemes layer has already checked it; the driver
        sends what it is given."""
        sock = self._socket()
        view = memoryview(data)
        deadline = self._deadline(self.limits.read_timeout)
        while view:
            self._check_cancel()
            try:
                sent = sock.send(view)
            except self._not_yet:
                self._check_deadline(deadline, "accepted nothing we sent")
                continue
            except OSError as exc:
                raise ConnectFailed(
                    f"the {self._label} at {self.hostport} dropped the connection while we "
                    f"were sending ({why(exc)})"
                ) from None
            view = view[sent:]
            self.bytes_sent += sent
            deadline = self._deadline(self.limits.read_timeout)

    def recv(self, max_bytes: int = 65536) -> bytes:
        """The next bytes from the server, at most *max_bytes*; ``b""`` when the server
        has closed the connection.  Waits at most ``limits.read_timeout`` seconds."""
        data = self._receive(lambda sock: sock.recv(max_bytes))
        self.bytes_received += len(data)
        return data

    def splice(self, pipe: int, max_bytes: int) -> int:
        """Like :meth:`recv`, but the bytes go from the socket into the pipe whose write
        end is *pipe* (Linux ``splice(2)``), not through Python: how many, 0 when the
        server has closed the connection.  The pipe must have room for *max_bytes*.  Not
        for TLS, whose bytes must be decrypted first.

        Each call waits up to POLL_INTERVAL for :data:`SPLICE_LOW_WATER` bytes (or
        *max_bytes*, if fewer) to be there (the socket's low-water mark, which ``recv``
        does not honour the same way: call only this from then on), then takes all that
        is there up to *max_bytes*: a fast server's bytes move in big pieces without the
        server waiting for each, and a slow one's still move every POLL_INTERVAL."""
        if self.is_tls:
            raise NetError("the bytes of a TLS connection cannot be spliced")
        sock = self._socket()
        low_water = min(max_bytes, SPLICE_LOW_WATER)
        if self._low_water != low_water:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVLOWAT, low_water)
            self._low_water = low_water

        def move(sock: socket.socket) -> int:
            self._ready(sock, selectors.EVENT_READ, POLL_INTERVAL)
            try:
                return os.splice(sock.fileno(), pipe, max_bytes)
            except BlockingIOError:  # nothing yet (the socket does not block)
                raise TimeoutError from None

        count = self._receive(move)
        self.bytes_received += count
        return count

    def _receive(self, read: Callable[[socket.socket], _T]) -> _T:
        """``read(socket)`` until it does not time out, within the read timeout and the
        deadline, checking the cancel token between its waits of POLL_INTERVAL."""
        sock = self._socket()
        deadline = self._deadline(self.limits.read_timeout)
        while True:
            self._check_cancel()
            if self.deadline is not None:
                self._check_deadline(deadline, "sent nothing")
            try:
                return read(sock)
            except self._not_yet:
                self._check_deadline(deadline, "sent nothing")
                continue
            except ConnectionResetError:
                raise ConnectFailed(
                    f"the {self._label} at {self.hostport} reset the connection"
                ) from None
            except OSError as exc:
                raise ConnectFailed(
                    f"reading from the {self._label} at {self.hostport} failed ({why(exc)})"
                ) from None

    # -- closing ------------------------------------------------------------------------

    def close(self) -> None:
        self._close_selector()
        sock, self._sock = self._sock, None
        if sock is None:
            return
        with contextlib.suppress(OSError):
            sock.close()

    @property
    def closed(self) -> bool:
        return self._sock is None

    def __enter__(self) -> Connection:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._sock is None else ("tls" if self.is_tls else "open")
        return f"<Connection {self.hostport} {state}>"

    # -- helpers ------------------------------------------------------------------------

    @property
    def hostport(self) -> str:
        return format_hostport(self.host, self.port)

    @property
    def _label(self) -> str:
        return f"{self.what} server" if self.what else "server"

    def _socket(self) -> socket.socket:
        if self._sock is None:
            raise NetError(f"the connection to {self.hostport} is already closed")
        return self._sock

    def _check_cancel(self) -> None:
        if self.cancel is not None and self.cancel.cancelled:
            self.close()
            raise Cancelled(f"stopped (the connection to {self.hostport} was closed)")

    def _deadline(self, seconds: float) -> float:
        deadline = time.monotonic() + seconds
        return deadline if self.deadline is None else min(deadline, self.deadline)

    def _check_deadline(self, deadline: float, doing: str) -> None:
        now = time.monotonic()
        if now < deadline:
            return
        self.close()
        if self.deadline is not None and now >= self.deadline:
            total = self.limits.total_timeout or 0.0
            raise NetTimeout(
                f"the exchange with the {self._label} at {self.hostport} took longer than "
                f"the {seconds(total)} s allowed"
            )
        raise NetTimeout(
            f"the {self._label} at {self.hostport} {doing} for "
            f"{seconds(self.limits.read_timeout)} s"
        )

    def _wait(self, sock: socket.socket, *, read: bool, deadline: float) -> None:
        """Wait until *sock* is readable (or writable), at most POLL_INTERVAL."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        wait = min(POLL_INTERVAL, remaining)
        self._ready(sock, selectors.EVENT_READ if read else selectors.EVENT_WRITE, wait)

    def _ready(self, sock: socket.socket, events: int, timeout: float) -> bool:
        """Whether *sock* is ready for *events* within *timeout* seconds: asked of a
        selector kept while the waits are the same (the kind :func:`.connect.ready` uses,
        made once instead of at every wait of a long download)."""
        if self._selector is None or self._selected != (sock, events):
            self._close_selector()
            self._selector = selectors.DefaultSelector()
            self._selector.register(sock, events)
            self._selected = (sock, events)
        return bool(self._selector.select(timeout))

    def _close_selector(self) -> None:
        selector, self._selector = self._selector, None
        self._selected = None
        if selector is not None:
            selector.close()
