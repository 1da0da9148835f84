"""Dereferencing gopher URLs: connect, send the request, read the reply into events.

:func:`fetch` is what the command line and the viewer call (the viewer on a worker
thread, with its Stop button's :class:`~urlinspector.net.limits.CancelToken` in the
:class:`~urlinspector.net.session.Session`, and ``on_item`` to show a menu while it
arrives); where the body goes is its :mod:`~urlinspector.net.sink` (memory, a file, the
raw bytes to a stream, or a function fed as they come).  The wire format is
:mod:`urlinspector.schemes.gopher`'s; the timeouts, the memory cap and cancellation are
:mod:`urlinspector.net.driver`'s.  A ``gophers://`` URL goes inside TLS
(:mod:`urlinspector.net.gopher_tls`: never retried in clear text; the certificate judged
as :mod:`urlinspector.net.tls` says); its bytes are read through Python, since the
kernel's splice cannot decrypt them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from urlinspector.core import URL
from urlinspector.net.driver import Connection, Pump
from urlinspector.net.session import DEFAULT_SESSION, Session
from urlinspector.net.sink import MEMORY, File, Memory, Sink
from urlinspector.net.tls import Certificate
from urlinspector.schemes.gopher import (
    NEED_DATA,
    Attribute,
    Data,
    EndOfReply,
    GopherReader,
    GopherRequest,
    MenuItem,
    PlusError,
    PlusHeader,
    request_from_url,
)

__all__ = ["GopherReply", "fetch"]

_ITEM_OVERHEAD = 400
"""Bytes a :class:`MenuItem` takes beyond twice its line (measured with tracemalloc on
menus of short lines), counted against the memory cap."""


@dataclass
class GopherReply:
    """Everything one gopher request brought back."""

    request: GopherRequest
    peer: tuple[str, int] = ("", 0)
    """The address connected to."""
    certificate: Certificate | None = None
    """The server's certificate, for a ``gophers://`` URL (None for plain gopher)."""
    header: PlusHeader | None = None
    """The Gopher+ status line, when the server sent one."""
    items: list[MenuItem] = field(default_factory=list)
    """Menu items (menus and search results)."""
    attributes: list[Attribute] = field(default_factory=list)
    """Gopher+ attribute blocks."""
    error: PlusError | None = None
    """A Gopher+ error reply."""
    body: bytes | None = b""
    """Text or binary bytes kept in memory; None when they went to the sink's file (or
    to a :class:`~urlinspector.net.sink.Raw` or :class:`~urlinspector.net.sink.Feed`
    sink)."""
    size: int = 0
    """Text or binary bytes in all."""
    received: int = 0
    """Bytes read from the network, status line and all."""
    end: EndOfReply | None = None

    @property
    def kind(self) -> str:
        return self.request.kind

    @property
    def complete(self) -> bool:
        return self.end is not None and self.end.complete and self.error is None


def _request(target: GopherRequest | URL, search: str | bytes | None) -> GopherRequest:
    """The request for *target*, with *search* when one is given."""
    if isinstance(target, GopherRequest):
        return target if search is None else request_from_url(target.url, search=search)
    return request_from_url(target, search=search)


def fetch(
    target: GopherRequest | URL,
    *,
    search: str | bytes | None = None,
    sink: Sink = MEMORY,
    session: Session = DEFAULT_SESSION,
    on_item: Callable[[MenuItem], object] | None = None,
    keep_items: bool = True,
    on_connect: Callable[[Connection], object] | None = None,
) -> GopherReply:
    """Dereference a gopher URL (or a request built from one) and read the whole reply.

    * *search*: the search string for a type-7 item (RFC 1738 §3.4.2);
    * *sink*: where a text or binary body goes (:mod:`urlinspector.net.sink`): memory
      (the default: :attr:`GopherReply.body`), a file (a binary body to a regular file
      moves inside the kernel), the raw reply to a stream, or a function fed as it
      comes;
    * *session* (:mod:`urlinspector.net.session`): the limits (10 s to connect, 30 s
      per read, 64 MiB by default) and the request policy, the cancel token (checked at
      least every 0.1 s; :class:`~urlinspector.net.errors.Cancelled` ends the
      transfer), ``progress(bytes_so_far, total_or_None)`` after every read, the
      charset menus and attributes are decoded with, and how the certificate of a
      ``gophers://`` URL's server is trusted (plain gopher URLs ignore it);
    * *on_item*: every menu item as it arrives; with *keep_items* False the items are not
      kept in :attr:`GopherReply.items` (a menu of any size then passes in bounded
      memory; else they count against the memory cap);
    * *on_connect*: called with the :class:`Connection` once connected (for a
      ``gophers://`` URL, once TLS is up: ``conn.tls_socket`` holds its certificate).

    Raises :class:`~urlinspector.schemes.errors.LocalProtocolError` (nothing sent) for a
    URL that cannot be sent safely, the :mod:`urlinspector.net.errors` for network
    failures (:class:`~urlinspector.net.tls.UntrustedCertificate` for a
    certificate that fails verification) and
    :class:`~urlinspector.schemes.errors.RemoteProtocolError` for a reply that breaks the
    protocol.  A ``--`` Gopher+ error is not raised: it is
    :attr:`GopherReply.error`.
    """
    request = _request(target, search)
    reply = GopherReply(request)
    with Connection.open(request.host, request.port, session, what="gopher") as conn:
        reply.peer = conn.peer
        if request.tls:  # before a single octet of the request
            from urlinspector.net.gopher_tls import start_tls  # (only for gophers://)

            reply.certificate = start_tls(conn, request.host, session.tls)
        if on_connect is not None:
            on_connect(conn)
        conn.send(request.data)
        pump = Pump(
            conn,
            # a text line may run to the memory cap without a line end, and no further
            GopherReader.for_request(
                request, charset=session.charset, max_text_line=session.limits.max_memory
            ),
            sink,  # (never spliced for TLS: its bytes are decrypted in Python)
            need_data=NEED_DATA,
            what=f"gopher {request.kind}",
            # attributes are kept whole; text, binaries and menus stream to a file
            advice="" if request.kind == "attributes" else "save it to a file instead",
        )
        _read_reply(pump, reply, sink.take, on_item, keep_items)
        reply.body = pump.body.getvalue() if isinstance(sink, Memory | File) else None
        reply.size = pump.body.size
        reply.received = pump.received
    return reply


def _read_reply(
    pump: Pump,
    reply: GopherReply,
    take: Callable[[bytes], object] | None,
    on_item: Callable[[MenuItem], object] | None,
    keep_items: bool,
) -> None:
    """The reply's events into *reply*: body bytes to the pump's body (and *take*), menu
    items to *on_item* and kept (counted against the memory cap) unless not
    *keep_items*."""
    for event in pump.events():
        if isinstance(event, Data):
            if take is not None:
                take(event.data)
            pump.keep(event.data)
        elif isinstance(event, MenuItem):
            if on_item is not None:
                on_item(event)
            if not keep_items:
                pump.release(len(event.raw))  # the caller took it from on_item
                continue
            reply.items.append(event)
            # the item's objects (strings, bytes, the URL) beyond its line's bytes
            pump.charge(2 * len(event.raw) + _ITEM_OVERHEAD)
        elif isinstance(event, Attribute):
            reply.attributes.append(event)
        elif isinstance(event, PlusHeader):
            reply.header = event
            pump.total = event.length
        elif isinstance(event, PlusError):
            reply.error = event
        elif isinstance(event, EndOfReply):
            reply.end = event
            return
