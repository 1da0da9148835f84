"""The pump: bytes from a :class:`~urlinspector.net.driver.connection.Connection` into a
sans-IO receiver, its events out; body bytes kept in memory up to the cap, then streamed
to a sink (spliced inside the kernel when they may be); :func:`pump` collects a whole
reply."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple, Protocol

from urlinspector.net.body import Body, mib
from urlinspector.net.driver.connection import Connection
from urlinspector.net.errors import TooLarge
from urlinspector.net.session import Progress
from urlinspector.net.sink import MEMORY, Sink
from urlinspector.net.splice import FilePipe
from urlinspector.schemes.errors import RemoteProtocolError

__all__ = ["READ_SIZE", "Progress", "Pump", "Receiver", "Transfer", "pump"]

READ_SIZE = 256 * 1024
"""Bytes asked of the socket by one read of :class:`Pump`: big enough that a download
spends its time moving bytes, not in the loop around them (64 KiB reads took nearly
twice as long on loopback)."""


class Receiver(Protocol):
    """A sans-IO protocol object (h11 style)."""

    def receive_data(self, data: bytes) -> None: ...

    def next_event(self) -> object: ...


class Pump:
    """Reads from a :class:`Connection` into a sans-IO *receiver* and hands out its events.

    Iterate :meth:`events`; hand body bytes to :meth:`keep` (memory, then the *sink*,
    :mod:`urlinspector.net.sink`: a body longer than the sink's ``hold`` goes to its
    target); set :attr:`total` when the protocol announces a length, for the session's
    progress callback, which hears the count after every read.
    Everything read counts against ``limits.max_memory`` except what went to the sink,
    and so does what the caller :meth:`charge` s for the events it keeps (also while the
    body streams), so an endless reply of any kind ends in :class:`TooLarge` instead of
    filling memory.  *on_bytes* hears the reply's bytes as they came (default: the
    sink's ``raw`` stream); *what* names the reply in messages, and *advice* says what
    to do instead when it is too big to keep ("" for nothing that works).

    A sink that ``splices``, once the body streams to its target, a regular file, and the
    receiver's ``raw_until_close`` says every byte to the close is body bytes as they
    come, has the rest moved from the socket to the file inside the kernel
    (:mod:`urlinspector.net.splice`): those bytes make no events and no *on_bytes* call
    (there must be none), the receiver hears only the close, and the progress callback
    hears every count as before.
    """

    def __init__(
        self,
        conn: Connection,
        receiver: Receiver,
        sink: Sink = MEMORY,
        *,
        need_data: object = None,
        what: str = "",
        on_bytes: Callable[[bytes], object] | None = None,
        advice: str = "save it to a file instead",
    ) -> None:
        self.conn = conn
        self.advice = advice
        self.receiver = receiver
        self.limits = conn.limits
        self.progress: Progress | None = conn.session.progress
        self.need_data = need_data
        self.what = what or (f"{conn.what} reply" if conn.what else "reply")
        self.on_bytes = on_bytes if on_bytes is not None else sink.raw
        memory = self.limits.max_memory if sink.hold is None else sink.hold
        self.body = Body(memory, sink.target, self.what)
        self.total: int | None = None
        self.received = 0
        self.charged = 0
        self.eof = False
        self.splice = sink.splices and self.on_bytes is None and not conn.is_tls
        self._pipe: FilePipe | None = None

    def keep(self, data: bytes) -> None:
        """Body bytes of an event: kept in memory, or streamed to the sink."""
        self.body.write(data)

    def charge(self, size: int) -> None:
        """Count *size* more bytes against the memory cap: what the caller keeps beyond
        the bytes read (the objects a menu's lines become are bigger than the lines)."""
        self.charged += size
        self._check_memory()

    def release(self, size: int) -> None:
        """*size* bytes received are not kept (a menu line the caller wrote to a file and
        let go): they no longer count against the memory cap."""
        self.charged -= size

    def _check_memory(self) -> None:
        # While the body streams, the bytes read that are not body bytes (framing, line
        # ends) are let go as they are read; what the caller keeps of them (a menu's
        # items, also while raw bytes go elsewhere) still counts.
        kept = (
            self.charged
            if self.body.streaming
            else self.received - self.body.spilled + self.charged
        )
        if kept > self.limits.max_memory + READ_SIZE:
            self.conn.close()
            raise TooLarge(
                f"the {self.what} from {self.conn.hostport} is larger than the "
                f"{mib(self.limits.max_memory)} kept in memory"
                + (f"; {self.advice}" if self.body.sink is None and self.advice else "")
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
        self._pipe = FilePipe.into(self.body.sink)
        return self._pipe

    def _splice(self, pipe: FilePipe) -> None:
        count = pipe.move(self.conn)
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
        """Close the pipe (and tell the sink where its file now ends)."""
        pipe, self._pipe = self._pipe, None
        if pipe is not None:
            pipe.close()


class Transfer(NamedTuple):
    """What :func:`pump` collected."""

    events: list[object]
    """Every event that is not body bytes, in order (the end event last)."""
    body: bytes | None
    """The body bytes kept in memory; None when they went to the sink."""
    size: int
    """Body bytes in all."""
    received: int
    """Bytes read from the network."""


def pump(
    conn: Connection,
    receiver: Receiver,
    *,
    is_end: Callable[[object], bool],
    data_of: Callable[[object], bytes | None] = lambda event: None,
    total_of: Callable[[object], int | None] = lambda event: None,
    sink: Sink = MEMORY,
    need_data: object = None,
) -> Transfer:
    """Feed *receiver* from *conn* until ``is_end(event)``.

    ``data_of(event)`` returns an event's body bytes (kept, or streamed to *sink*), or
    None for other events, which are collected in order.  ``total_of(event)`` returns a
    length the protocol announces (for the session's progress callback), or None.
    """
    p = Pump(conn, receiver, sink, need_data=need_data)
    events: list[object] = []
    for event in p.events():
        data = data_of(event)
        if data is not None:
            p.keep(data)
            continue
        total = total_of(event)
        if total is not None:
            p.total = total
        events.append(event)
        if is_end(event):
            break
    return Transfer(events, p.body.getvalue(), p.body.size, p.received)
