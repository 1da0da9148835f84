"""Dereferencing gopher URLs: connect, send the request, read the reply into events.

:func:`fetch` is what the command line and the viewer call (the viewer on a worker
thread, with a :class:`~urlinspector.net.limits.CancelToken` for its Stop button and
``on_event`` to show a menu while it arrives).  The wire format is
:mod:`urlinspector.schemes.gopher`'s; the timeouts, the memory cap and cancellation are
:mod:`urlinspector.net.driver`'s.  A ``gophers://`` URL goes inside TLS
(:mod:`urlinspector.net.gopher_tls`: never retried in clear text; the certificate judged
as :mod:`urlinspector.net.tls` says); its bytes are read
through Python, since the kernel's splice cannot decrypt them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from urlinspector.core import URL
from urlinspector.net.driver import Connection, Progress, Pump, Sink
from urlinspector.net.gopher_tls import start_tls
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.tls import Certificate, TLSOptions
from urlinspector.schemes.gopher import (
    NEED_DATA,
    Attribute,
    Data,
    EndOfReply,
    Event,
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
    """Text or binary bytes kept in memory; None when they went to a sink (or nowhere)."""
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


class _Discard:
    """A sink that keeps nothing (the caller takes the bytes from ``on_event``)."""

    def write(self, data: bytes) -> int:
        return len(data)


def _request(target: GopherRequest | URL | str, search: str | bytes | None) -> GopherRequest:
    """The request for *target*, with *search* when one is given."""
    if isinstance(target, GopherRequest):
        return target if search is None else request_from_url(target.url, search=search)
    return request_from_url(target, search=search)


def fetch(
    target: GopherRequest | URL | str,
    *,
    search: str | bytes | None = None,
    limits: Limits | None = None,
    cancel: CancelToken | None = None,
    charset: str = "utf-8",
    sink: Sink | None = None,
    keep_body: bool = True,
    keep_items: bool = True,
    memory: int | None = None,
    progress: Progress | None = None,
    on_event: Callable[[Event], None] | None = None,
    on_bytes: Callable[[bytes], None] | None = None,
    on_connect: Callable[[Connection], None] | None = None,
    tls: TLSOptions | None = None,
) -> GopherReply:
    """Dereference a gopher URL (or a request built from one) and read the whole reply.

    * *search*: the search string for a type-7 item (RFC 1738 §3.4.2);
    * *limits*: timeouts and the memory cap (10 s to connect, 30 s per read, 64 MiB);
    * *cancel*: checked at least every 0.1 s; :class:`~urlinspector.net.errors.Cancelled`
      ends the transfer;
    * *sink*: a binary file object: text and binary bytes past the memory cap go there
      (all of them, once the cap is passed); without one a bigger body raises
      :class:`~urlinspector.net.errors.TooLarge`;
    * *keep_body*: False keeps no body bytes at all (take them from *on_event*);
    * *keep_items*: False keeps no menu items (take them from *on_event*): a menu of any
      size then passes in bounded memory;
    * *memory*: body bytes kept in memory before they all go to *sink* (default
      ``limits.max_memory``; a download to a file wants only enough to recognise an
      error message sent in its place);
    * *progress*: ``progress(bytes_so_far, total_or_None)`` after every read;
    * *on_event*: every event as it arrives (menu items, data, attributes ...); without
      it, the bytes of a binary item that go to *sink*, a regular file, may go there
      inside the kernel, never passing through Python (:mod:`urlinspector.net.splice`);
    * *on_bytes*: every chunk of raw bytes as it came from the server;
    * *on_connect*: called with the :class:`Connection` once connected (for a
      ``gophers://`` URL, once TLS is up: ``conn.tls_socket`` holds its certificate);
    * *tls*: how the certificate of a ``gophers://`` URL's server is trusted (default:
      verified against the system's store); plain gopher URLs ignore it.

    Raises :class:`~urlinspector.schemes.errors.LocalProtocolError` (nothing sent) for a
    URL that cannot be sent safely, the :mod:`urlinspector.net.errors` for network
    failures (:class:`~urlinspector.net.tls.UntrustedCertificate` for a
    certificate that fails verification) and
    :class:`~urlinspector.schemes.errors.RemoteProtocolError` for a reply that breaks the
    protocol.  A ``--`` Gopher+ error is not raised: it is
    :attr:`GopherReply.error`.
    """
    request = _request(target, search)
    limits = limits or Limits()
    reply = GopherReply(request)
    with Connection.open(
        request.host, request.port, limits=limits, cancel=cancel, what="gopher"
    ) as conn:
        reply.peer = conn.peer
        if request.tls:  # before a single octet of the request
            reply.certificate = start_tls(conn, request.host, tls or TLSOptions())
        if on_connect is not None:
            on_connect(conn)
        conn.send(request.data)
        reader = GopherReader.for_request(request, charset=charset)
        body_sink: Sink | None = sink
        if not keep_body:
            body_sink, memory = _Discard(), 0
        pump = Pump(
            conn,
            reader,
            sink=body_sink,
            progress=progress,
            need_data=NEED_DATA,
            what=f"gopher {request.kind}",
            on_bytes=on_bytes,
            memory=memory,
            splice=on_event is None and not request.tls,  # TLS: decrypted in Python
            # attributes are kept whole; text, binaries and menus stream to a file
            advice="" if request.kind == "attributes" else "save it to a file instead",
        )
        for event in pump.events():
            if on_event is not None:
                on_event(event)  # type: ignore[arg-type]
            if isinstance(event, Data):
                pump.keep(event.data)
            elif isinstance(event, MenuItem) and not keep_items:
                pump.release(len(event.raw))  # the caller took it from on_event
            elif isinstance(event, MenuItem):
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
                break
        reply.body = pump.body.getvalue() if keep_body else None
        reply.size = pump.body.size
        reply.received = pump.received
    return reply
