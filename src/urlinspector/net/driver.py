"""The network driver every protocol shares: one TCP (or TLS) connection, and a pump that
moves its bytes into a sans-IO object of :mod:`urlinspector.schemes`.

:class:`Connection` owns what a person waits for: the connect timeout, the read timeout,
an optional deadline for the whole exchange, and cancellation.  Every blocking call waits
in slices of at most :data:`POLL_INTERVAL` seconds and checks the
:class:`~urlinspector.net.limits.CancelToken` between them, so the GUI's Stop works at any
moment: while the name is being connected to, while the server is silent, and in the middle
of a download.  (Name resolution itself, ``getaddrinfo``, cannot be interrupted; the token is
checked before and after it.)

:class:`Pump` (and the :func:`pump` shortcut) feeds a sans-IO receiver until it reports the
end of the reply.  It keeps what arrives in memory up to
:attr:`~urlinspector.net.limits.Limits.max_memory` and streams body bytes past that to a
binary file object when one is given; without one the transfer stops with
:class:`~urlinspector.net.errors.TooLarge`.  A progress callback hears the byte count after
every read, with the total when the protocol has announced one.

The sans-IO contract (h11's): ``receive_data(data: bytes)`` takes the next bytes, ``b""``
meaning the server closed the connection; ``next_event()`` hands out the next event, or a
sentinel (by default ``None``; h11 calls it ``NEED_DATA``) when it needs more bytes.
Failures are typed errors (:mod:`urlinspector.net.errors`) whose message says what happened
in a person's words: "no gopher server answered at example.org:70 within 10 s".
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from urlinspector.net.body import Body, Sink, mib
from urlinspector.net.errors import Cancelled, ConnectFailed, NetError, NetTimeout, TooLarge
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.splice import FilePipe, file_of
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.quoting import quoted

if TYPE_CHECKING:
    import ssl  # imported when a connection starts TLS: plain gopher does without it

__all__ = [
    "POLL_INTERVAL",
    "Body",
    "Connection",
    "Progress",
    "Pump",
    "Receiver",
    "Sink",
    "Transfer",
    "format_hostport",
    "pump",
]

POLL_INTERVAL = 0.1
"""Longest wait, in seconds, between two looks at the cancel token."""
READ_SIZE = 256 * 1024
"""Bytes asked of the socket by one read of :class:`Pump`: big enough that a download
spends its time moving bytes, not in the loop around them (64 KiB reads took nearly
twice as long on loopback)."""

_T = TypeVar("_T")

Progress = Callable[[int, "int | None"], None]
"""``progress(bytes_so_far, total_or_None)``: called after every read."""


class Receiver(Protocol):
    """A sans-IO protocol object (h11 style)."""

    def receive_data(self, data: bytes) -> None: ...

    def next_event(self) -> object: ...


def format_hostport(host: str, port: int) -> str:
    """``host:port`` as a person writes it, with an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _seconds(value: float) -> str:
    """10.0 -> "10", 0.25 -> "0.25": how a person writes a number of seconds."""
    return f"{value:g}"


# --- the connection ------------------------------------------------------------------------


class Connection:
    """One TCP connection (optionally TLS) with timeouts and cancellation.

    Open it with :meth:`open`; use it as a context manager so it is always closed.
    """

    def __init__(
        self,
        sock: socket.socket,
        *,
        host: str,
        port: int,
        limits: Limits,
        cancel: CancelToken | None,
        what: str,
    ) -> None:
        self._sock: socket.socket | None = sock
        self.host = host
        self.port = port
        self.limits = limits
        self.cancel = cancel
        self.what = what
        name = sock.getpeername()
        self.peer: tuple[str, int] = (str(name[0]), int(name[1]))
        """The address actually connected to (after name resolution)."""
        self.bytes_sent = 0
        self.bytes_received = 0
        self._tls = False
        self._low_water = 1
        self._not_yet: tuple[type[OSError], ...] = (TimeoutError,)
        """What a read or write that must be tried again raises (with TLS, also the
        wants of :mod:`ssl`)."""
        self.started = time.monotonic()
        self.deadline: float | None = (
            None if limits.total_timeout is None else self.started + limits.total_timeout
        )
        """``time.monotonic()`` value past which any wait fails (``Limits.total_timeout``)."""
        sock.settimeout(POLL_INTERVAL)

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        host: str,
        port: int,
        *,
        limits: Limits | None = None,
        cancel: CancelToken | None = None,
        what: str = "",
        tls: bool = False,
        ssl_context: ssl.SSLContext | None = None,
        server_hostname: str | None = None,
    ) -> Connection:
        """Connect to *host* (a name, an IPv4 or an IPv6 address, without brackets) on
        *port*, trying each address ``getaddrinfo`` gives, IPv6 and IPv4 alike, within
        ``limits.connect_timeout`` seconds in all.

        *what* names the protocol in messages ("gopher" gives "no gopher server answered
        at host:70 within 10 s").  With *tls* the connection is wrapped in TLS at once
        (NNTPS, FTPS implicit); *ssl_context* defaults to
        :func:`ssl.create_default_context`, *server_hostname* to *host*.

        Raises :class:`ConnectFailed`, :class:`NetTimeout` or :class:`Cancelled`.
        """
        limits = limits or Limits()
        label = f"{what} server" if what else "server"
        hostport = format_hostport(host, port)
        if not 0 < port < 65536:
            raise ConnectFailed(f"cannot connect to {hostport}: the port must be 1 to 65535")
        if cancel is not None:
            cancel.check()
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except UnicodeError:
            raise ConnectFailed(
                f"cannot look up {quoted(host)}: it is not a valid host name"
            ) from None
        except socket.gaierror as exc:
            raise ConnectFailed(
                f"cannot find the host {quoted(host)} ({exc.strerror or exc}); check the name "
                "and your network connection"
            ) from None
        if cancel is not None:
            cancel.check()
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
                sock = _connect(family, kind, proto, address, deadline, cancel)
            except TimeoutError:
                timed_out = True
                continue
            except OSError as exc:
                failures.append(_why(exc))
                continue
            conn = cls(sock, host=host, port=port, limits=limits, cancel=cancel, what=what)
            if tls:
                try:
                    conn.starttls(server_hostname or host, ssl_context)
                except BaseException:
                    conn.close()
                    raise
            return conn
        if timed_out and not failures:
            raise NetTimeout(
                f"no {label} answered at {hostport} within {_seconds(limits.connect_timeout)} s"
            )
        reason = "; ".join(dict.fromkeys(failures)) or "no address to connect to"
        if timed_out:
            waited = _seconds(limits.connect_timeout)
            reason += f"; the other addresses did not answer within {waited} s"
        raise ConnectFailed(f"cannot connect to the {label} at {hostport}: {reason}")

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
                f"{_seconds(self.limits.connect_timeout)} s"
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
                f"handshake ({_why(exc)})"
            ) from None
        tls.settimeout(POLL_INTERVAL)

    @property
    def is_tls(self) -> bool:
        return self._sock is not None and self._tls

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
                    f"were sending ({_why(exc)})"
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

        Each call waits up to POLL_INTERVAL for *max_bytes* to be there (the socket's
        low-water mark, which ``recv`` does not honour the same way: call only this from
        then on), so a fast server's bytes move in big pieces and a slow one's still move
        every POLL_INTERVAL."""
        if self.is_tls:
            raise NetError("the bytes of a TLS connection cannot be spliced")
        sock = self._socket()
        if self._low_water != max_bytes:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVLOWAT, max_bytes)
            self._low_water = max_bytes

        def move(sock: socket.socket) -> int:
            select.select([sock], [], [], POLL_INTERVAL)
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
                    f"reading from the {self._label} at {self.hostport} failed ({_why(exc)})"
                ) from None

    # -- closing ------------------------------------------------------------------------

    def close(self) -> None:
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
                f"the {_seconds(total)} s allowed"
            )
        raise NetTimeout(
            f"the {self._label} at {self.hostport} {doing} for "
            f"{_seconds(self.limits.read_timeout)} s"
        )

    def _wait(self, sock: socket.socket, *, read: bool, deadline: float) -> None:
        """Wait until *sock* is readable (or writable), at most POLL_INTERVAL."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        wait = min(POLL_INTERVAL, remaining)
        if read:
            select.select([sock], [], [], wait)
        else:
            select.select([], [sock], [], wait)


def _why(exc: OSError) -> str:
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
            _, writable, failed = select.select([], [sock], [sock], min(POLL_INTERVAL, remaining))
            if writable or failed:
                code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                if code != 0:
                    raise OSError(code, _strerror(code))
        return sock
    except BaseException:
        sock.close()
        raise


def _strerror(code: int) -> str:
    return os.strerror(code)


# --- the pump ------------------------------------------------------------------------------


class Pump:
    """Reads from a :class:`Connection` into a sans-IO *receiver* and hands out its events.

    Iterate :meth:`events`; hand body bytes to :meth:`keep` (memory, then *sink*);
    set :attr:`total` when the protocol announces a length, for the progress callback.
    Everything read counts against ``limits.max_memory`` except what went to the sink,
    so an endless reply of any kind ends in :class:`TooLarge` instead of filling memory.

    With *splice*, once the body streams to *sink*, a regular file, and the receiver's
    ``raw_until_close`` says every byte to the close is body bytes as they come, the
    rest goes from the socket to the file inside the kernel (:mod:`urlinspector.net.splice`):
    those bytes make no events and no *on_bytes* call (there must be none), the receiver
    hears only the close, and the progress callback hears every count as before.
    """

    def __init__(
        self,
        conn: Connection,
        receiver: Receiver,
        *,
        sink: Sink | None = None,
        progress: Progress | None = None,
        need_data: object = None,
        what: str = "",
        on_bytes: Callable[[bytes], None] | None = None,
        memory: int | None = None,
        splice: bool = False,
    ) -> None:
        self.conn = conn
        self.receiver = receiver
        self.limits = conn.limits
        self.progress = progress
        self.need_data = need_data
        self.what = what or (f"{conn.what} reply" if conn.what else "reply")
        self.on_bytes = on_bytes
        self.body = Body(self.limits.max_memory if memory is None else memory, sink, self.what)
        self.total: int | None = None
        self.received = 0
        self.charged = 0
        self.eof = False
        self.splice = splice and on_bytes is None and not conn.is_tls
        self._pipe: FilePipe | None = None

    def keep(self, data: bytes) -> None:
        """Body bytes of an event: kept in memory, or streamed to the sink."""
        self.body.write(data)

    def charge(self, size: int) -> None:
        """Count *size* more bytes against the memory cap: what the caller keeps beyond
        the bytes read (the objects a menu's lines become are bigger than the lines)."""
        self.charged += size
        self._check_memory()

    def _check_memory(self) -> None:
        kept = self.received - self.body.spilled + self.charged
        if kept > self.limits.max_memory + READ_SIZE and not self.body.streaming:
            self.conn.close()
            raise TooLarge(
                f"the {self.what} from {self.conn.hostport} is larger than the "
                f"{mib(self.limits.max_memory)} kept in memory"
                + ("" if self.body.sink is not None else "; save it to a file instead")
            )

    def events(self) -> Iterator[object]:
        """Every event of the receiver; stops after the close when the receiver has
        nothing more.  The caller stops iterating at the protocol's end event."""
        receiver = self.receiver
        need = self.need_data
        try:
            while True:
                event = receiver.next_event()
                if event is need:
                    if self.eof:
                        raise RemoteProtocolError(
                            f"the {self.conn._label} at {self.conn.hostport} closed the "
                            "connection before the reply was complete"
                        )
                    self._read()
                    continue
                yield event
        finally:
            self._close_pipe()

    def _read(self) -> None:
        pipe = self._file_pipe()
        if pipe is not None:
            self._splice(pipe)
            return
        data = self.conn.recv(READ_SIZE)
        if not data:
            self.eof = True
            self.receiver.receive_data(b"")
            return
        self.received += len(data)
        self._check_memory()
        if self.on_bytes is not None:
            self.on_bytes(data)
        self.receiver.receive_data(data)
        if self.progress is not None:
            self.progress(self.received, self.total)

    def _file_pipe(self) -> FilePipe | None:
        """The pipe the next bytes are spliced through, when they may be."""
        if self._pipe is not None or not self.splice:
            return self._pipe
        if not self.body.streaming or not getattr(self.receiver, "raw_until_close", False):
            return None
        self.splice = False  # decided once
        fd = file_of(self.body.sink)
        if fd is not None:
            self._pipe = FilePipe(fd)
        return self._pipe

    def _splice(self, pipe: FilePipe) -> None:
        count = pipe.move(self.conn, READ_SIZE)
        if not count:
            self._close_pipe()
            self.eof = True
            self.receiver.receive_data(b"")
            return
        self.received += count
        self.body.spliced(count)
        if self.progress is not None:
            self.progress(self.received, self.total)

    def _close_pipe(self) -> None:
        """Close the pipe, and tell the sink where its file now ends."""
        pipe, self._pipe = self._pipe, None
        if pipe is None:
            return
        pipe.close()
        seek = getattr(self.body.sink, "seek", None)
        if callable(seek):
            with contextlib.suppress(OSError, ValueError):  # the sink closed already
                seek(os.lseek(pipe.fd, 0, os.SEEK_CUR))


@dataclass
class Transfer:
    """What :func:`pump` collected."""

    events: list[object] = field(default_factory=list)
    """Every event that is not body bytes, in order (the end event last)."""
    body: bytes | None = b""
    """The body bytes kept in memory; None when they went to the sink."""
    size: int = 0
    """Body bytes in all."""
    received: int = 0
    """Bytes read from the network."""


def pump(
    conn: Connection,
    receiver: Receiver,
    *,
    is_end: Callable[[object], bool],
    data_of: Callable[[object], bytes | None] = lambda event: None,
    total_of: Callable[[object], int | None] = lambda event: None,
    sink: Sink | None = None,
    progress: Progress | None = None,
    need_data: object = None,
    what: str = "",
) -> Transfer:
    """Feed *receiver* from *conn* until ``is_end(event)``.

    ``data_of(event)`` returns an event's body bytes (kept or streamed to *sink*), or None
    for other events, which are collected in order.  ``total_of(event)`` returns a length
    the protocol announces (for *progress*), or None.
    """
    p = Pump(conn, receiver, sink=sink, progress=progress, need_data=need_data, what=what)
    result = Transfer()
    for event in p.events():
        data = data_of(event)
        if data is not None:
            p.keep(data)
            continue
        total = total_of(event)
        if total is not None:
            p.total = total
        result.events.append(event)
        if is_end(event):
            break
    result.body = p.body.getvalue()
    result.size = p.body.size
    result.received = p.received
    return result
