"""``fetch gopher://...``: a menu as lines of type, display string and URL; text as text;
Gopher+ attributes as their blocks; binaries only into a file (``-o``).  ``gophers://``
is the same over TLS: ``--transcript`` shows the server's certificate, ``--cacert`` and
``--insecure`` say how it is trusted, and a failed handshake is never retried in clear
text.

Exit status: 0 fetched; 1 the network or the server failed (or the reply was cut
short, or took longer than ``--timeout``), with one line on stderr; 2 a URL that cannot
be sent safely, a sensitive port without ``--allow-port`` (checked by ``fetch``), or a
binary without ``-o``.
"""

from __future__ import annotations

import argparse
import codecs
import sys
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from urlinspector.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    Console,
    cannot_write,
    check_port,
    fetch_limits,
    fetch_session,
    request_guard,
    tls_options,
    visible,
    width,
)
from urlinspector.core import URL
from urlinspector.net.driver import Connection
from urlinspector.net.errors import NetError
from urlinspector.net.gopher import GopherReply
from urlinspector.net.gopher import fetch as gopher_fetch
from urlinspector.net.saving import Saving, save_to
from urlinspector.net.session import Session
from urlinspector.net.sink import MEMORY, Feed, File, Raw, Sink
from urlinspector.net.tls import TLSOptions, UntrustedCertificate, describe
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.gopher import (
    Attribute,
    GopherRequest,
    MenuItem,
    error_in_body,
    request_from_url,
    type_name,
)

if TYPE_CHECKING:  # (fetch --json only: a fetch for people does without it)
    from urlinspector.cli.fetch_json import Counted, Facts

__all__ = ["fetch", "menu_lines", "summarize"]

EXIT_FAILED = 1
_DISPLAY_COLUMN = 44
"""Widest display column before the URL; longer display strings push their URL right."""
_PEEK = 4096
"""Text held back before printing, to recognise a one-line error menu in its place."""
_LONG_LINE = 65536
"""Characters of a line held before they are printed without waiting for its end: a
line that never ends is printed as it comes, in linear time and bounded memory."""


def _say(message: str) -> None:
    sys.stderr.write(f"{PROG}: {visible(' '.join(message.split()))}\n")
    sys.stderr.flush()


def _fail(message: str) -> int:
    _say(f"error: {message}")
    return EXIT_FAILED


def _text_line(line: str) -> str:
    """A line of a text document for the terminal: controls made visible, tabs kept."""
    return "\t".join(visible(part) for part in line.split("\t"))


def menu_lines(items: list[MenuItem], column: int | None = None) -> list[str]:
    """A menu as lines: type character and name, display string, URL; the URLs start
    after *column* columns of display string (default: the widest display, up to 44)."""
    shown = [visible(item.display) for item in items]
    if column is None:
        column = min(_DISPLAY_COLUMN, max((width(s) for s in shown), default=0))
    lines = []
    for item, display in zip(items, shown, strict=True):
        itemtype = visible(item.itemtype) or " "
        name = type_name(item.itemtype) if item.itemtype else ""
        if name == "unknown":
            display = visible(item.raw.decode("utf-8", "replace"))  # shown raw
        head = f"{itemtype:<2}{name:<9}"
        if item.url is None:
            lines.append(f"{head}{display}".rstrip())
            continue
        pad = " " * max(0, column - width(display))
        lines.append(f"{head}{display}{pad}  {visible(item.url)}")
    return lines


def _attribute_lines(blocks: list[Attribute]) -> list[str]:
    lines = []
    for block in blocks:
        value = f" {block.value}" if block.value else ""
        lines.append(visible(f"+{block.name}:{value}"))
        lines += [" " + _text_line(line) for line in block.lines]
    return lines


class _TextOut:
    """Decodes text as it arrives and prints it, holding back the first 4 KiB."""

    def __init__(self, console: Console, charset: str) -> None:
        self.console = console
        self.decoder = codecs.getincrementaldecoder(charset)("replace")
        self.held = bytearray()
        self.started = False
        self.pending = ""

    def feed(self, data: bytes) -> None:
        if not self.started:
            self.held += data
            if len(self.held) <= _PEEK:
                return
            self.started = True
            data, self.held = bytes(self.held), bytearray()
        self._write(self.decoder.decode(data))

    def _write(self, text: str) -> None:
        if "\n" not in text:
            self.pending += text
            if len(self.pending) > _LONG_LINE:  # no end in sight: out with what is here
                self.console.write(_text_line(self.pending))
                self.pending = ""
            return
        text = self.pending + text
        head, _, self.pending = text.rpartition("\n")
        lines = head.replace("\r\n", "\n").split("\n")
        self.console.write_lines(_text_line(line.rstrip("\r")) for line in lines)

    def finish(self) -> None:
        if not self.started:
            self._write(self.decoder.decode(bytes(self.held)))
        self._write(self.decoder.decode(b"", final=True))
        if self.pending:
            self.console.write_lines([_text_line(self.pending.rstrip("\r"))])
            self.pending = ""


class _Options(NamedTuple):
    """The command line's settings for one gopher fetch, read once."""

    output: str | None
    """``-o FILE``: the reply saved there (menus and attributes as printed)."""
    raw: bool
    """``--raw``: the reply's bytes as they came, to FILE or standard output."""
    charset: str
    """``--charset``: how text and menus are decoded."""
    transcript: bool
    """``--transcript``: the conversation on standard error."""
    tls: TLSOptions
    """``--cacert`` and ``--insecure``, for gophers://."""

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> _Options:
        return cls(
            output=args.output,
            raw=bool(args.raw),
            charset=args.charset,
            transcript=bool(getattr(args, "transcript", False)),
            tls=tls_options(args),
        )


def _transcript(options: _Options, text: str) -> None:
    if options.transcript:
        sys.stderr.write(visible(text) + "\n")


def _connected(options: _Options, conn: Connection) -> None:
    """The transcript's lines once connected: the address, and the TLS certificate."""
    _transcript(options, f"connected to {conn.peer[0]} port {conn.peer[1]}")
    certificate = describe(conn.tls_socket, options.tls.how) if conn.tls_socket else None
    for line in certificate.lines() if certificate is not None else []:
        _transcript(options, line)


def _failure(exc: Exception, options: _Options) -> str:
    """The message of a failed fetch; a certificate that cannot be trusted is shown
    in the transcript, and the message says how to trust it."""
    if not isinstance(exc, UntrustedCertificate):
        return str(exc)
    for line in exc.certificate.lines() if exc.certificate is not None else []:
        _transcript(options, line)
    return (
        f"{exc} (to trust it: --cacert FILE with the CA that issued it, or --insecure to "
        "accept it unverified)"
    )


class _Route(NamedTuple):
    """Where the reply goes, decided from the item's kind and the options before
    connecting."""

    sink: Sink
    """Where the body goes (:mod:`urlinspector.net.sink`)."""
    target: BinaryIO | None
    """The -o file."""
    text_out: _TextOut | None
    """A text document printed as it arrives."""
    menu_to_file: bool
    """Menu lines written to the file as the items arrive."""

    @classmethod
    def of(cls, kind: str, options: _Options, saving: Saving | None, console: Console) -> _Route:
        target = saving.file if saving is not None else None
        cooked = not options.raw
        text_out = (
            _TextOut(console, options.charset)
            if kind == "text" and cooked and target is None
            else None
        )
        return cls(
            sink=_sink(kind, options, target, text_out),
            target=target,
            text_out=text_out,
            menu_to_file=target is not None and cooked and kind == "menu",
        )


def _sink(kind: str, options: _Options, target: BinaryIO | None, text_out: _TextOut | None) -> Sink:
    """--raw: the bytes as they came, to FILE or standard output; text printed as it
    comes; a text or binary body into FILE, its first 4 KiB held back to recognise an
    error menu in its place; else (menus, attributes) in memory."""
    if options.raw:
        return Raw(target if target is not None else sys.stdout.buffer)
    if text_out is not None:
        return Feed(text_out.feed)
    if target is not None and kind in ("text", "binary"):
        return File(target, hold=_PEEK)
    return MEMORY


def fetch(url: URL, args: argparse.Namespace, console: Console) -> int:
    """The ``fetch`` handler for gopher and gophers URLs."""
    request = request_from_url(url)  # LocalProtocolError (nothing sent): exit status 2
    check_port(url, args)
    options = _Options.from_args(args)
    if request.kind == "binary" and options.output is None and not options.raw:
        _say(
            f"error: a type {visible(request.gophertype)} item ({type_name(request.gophertype)}) "
            "is binary data: save it with -o FILE (or send the bytes to stdout with --raw)"
        )
        return EXIT_USAGE
    guard = request_guard(url, args, request.port)
    session = fetch_session(args, fetch_limits(args.timeout, guard))
    _transcript(options, f"connecting to {request.hostport}{' (TLS)' * request.tls}")
    _transcript(options, "> " + request.data.decode("utf-8", "replace").rstrip("\r\n"))
    saving: Saving | None = None
    if options.output is not None:
        try:
            saving = save_to(options.output)  # a link or a folder refused; a device as it is
        except OSError as exc:
            return _fail(cannot_write(options.output, exc))
    route = _Route.of(request.kind, options, saving, console)
    try:
        reply = _receive(request, session, options, route)
        message = _save_held_body(reply, route, options.charset)
        if message is not None:
            _discard(saving)
            return _fail(f"the server answered with an error: {message}")
    except (NetError, RemoteProtocolError) as exc:
        if route.text_out is not None:
            route.text_out.finish()
        status = _fail(_failure(exc, options))
        _keep_partial(saving)  # cut short: what came stays in FILE.part
        return status
    except OSError as exc:  # the file: a full disk, an I/O error
        return _write_failed(saving, exc)
    except BaseException:
        _discard(saving)
        raise
    try:
        status = _report(options, console, reply, route)
    except OSError as exc:  # the file: a full disk, an I/O error
        return _write_failed(saving, exc)
    except BaseException:
        _discard(saving)
        raise
    return status if saving is None else _settle(saving, reply, status, options)


def _receive(
    request: GopherRequest, session: Session, options: _Options, route: _Route
) -> GopherReply:
    """Send the request and take the reply where *route* says."""
    target = route.target

    def to_file(item: MenuItem) -> None:
        # written as the items come, so a menu of any size fits: the URLs start at
        # the widest display column, since the widest display is not known yet
        assert target is not None
        target.write((menu_lines([item], _DISPLAY_COLUMN)[0] + "\n").encode("utf-8"))
        _item_notes(options, item)

    return gopher_fetch(
        request,
        sink=route.sink,
        session=session,
        on_item=to_file if route.menu_to_file else None,
        keep_items=not route.menu_to_file,
        on_connect=lambda conn: _connected(options, conn),
    )


def _save_held_body(reply: GopherReply, route: _Route, charset: str) -> str | None:
    """The first 4 KiB of a body streamed to the file, held back: the error message when
    they are an error menu in the document's place, else written to the file (None)."""
    if not isinstance(route.sink, File) or route.target is None or not reply.body:
        return None
    message = error_in_body(reply.body, charset)
    if message is None:
        route.target.write(reply.body)
    return message


def _settle(saving: Saving, reply: GopherReply, status: int, options: _Options) -> int:
    """The -o file after the reply: put in place when all went well; else an error
    reply discarded and a reply cut short kept as FILE.part."""
    if status != EXIT_OK:
        if reply.error is not None:
            _discard(saving)  # an error reply: nothing worth keeping
        else:
            _keep_partial(saving)
        return status
    try:
        saving.commit()
    except OSError as exc:
        return _fail(cannot_write(saving.target, exc))
    _transcript(options, f"wrote {saving.target}")
    return status


def _keep_partial(saving: Saving | None) -> None:
    """A reply that failed never replaces the file it was to be saved as: the bytes of a
    reply cut short stay in FILE.part for the user to look at."""
    if saving is None:
        return
    part = saving.keep_partial()
    if part is not None:
        _say(f"note: the bytes received are in {part}; {saving.target} is left as it was")


def _report(options: _Options, console: Console, reply: GopherReply, route: _Route) -> int:
    if reply.header is not None:
        _transcript(options, "< " + reply.header.raw.decode("latin-1"))
    _transcript(options, f"< {reply.received} bytes")
    end = reply.end
    if end is not None and end.note:
        if end.complete and end.framing == "terminator":
            _say(f"warning: {end.note}")  # text after the "." line
        else:
            _transcript(options, f"note: {end.note}")
    if reply.error is not None:
        return _fail(f"the server answered: {reply.error.text}")
    text_out = route.text_out
    if text_out is not None:
        held = bytes(text_out.held) if not text_out.started else b""
        message = error_in_body(held, options.charset) if held else None
        if message is not None:
            return _fail(f"the server answered with an error: {message}")
        text_out.finish()
    elif not options.raw:
        _show(options, console, reply, route.target)
    if end is not None and not end.complete:
        return _fail(f"the reply is incomplete: {end.note}")
    return EXIT_OK


def _show(options: _Options, console: Console, reply: GopherReply, target: BinaryIO | None) -> None:
    """A menu or Gopher+ attributes as lines, on the console or into the -o file."""
    lines: list[str] = []
    if reply.kind == "menu":
        lines = menu_lines(reply.items)
        for item in reply.items:
            _item_notes(options, item)
    elif reply.kind == "attributes":
        lines = _attribute_lines(reply.attributes)
    if target is not None and lines:
        target.write("".join(line + "\n" for line in lines).encode("utf-8"))
    elif lines:
        console.write_lines(lines)


def _write_failed(saving: Saving | None, exc: OSError) -> int:
    """The -o file could not be written: removed, and one line; an OSError that is not
    the file's (standard output's) goes on to the command line's top."""
    _discard(saving)
    if saving is None or isinstance(exc, BrokenPipeError):
        raise exc
    return _fail(cannot_write(saving.target, exc))


def _item_notes(options: _Options, item: MenuItem) -> None:
    for problem in item.problems:
        _transcript(options, f"note: line {item.line}: {problem}")


def _discard(saving: Saving | None) -> None:
    if saving is not None:
        saving.discard()


# --- fetch --json ------------------------------------------------------------------------------


def summarize(url: URL, args: argparse.Namespace, facts: Facts, saving: Saving | None) -> bool:
    """``fetch --json`` of a gopher or gophers URL (:mod:`.fetch_json`): a text or
    binary body to the -o file (else counted and let go), a menu or attributes as the
    server sent them.  An error menu sent in a document's place, a Gopher+ error or a
    reply cut short is the object's error."""
    from urlinspector.cli.fetch_json import Counted, FetchFailed, media_type

    request = request_from_url(url)  # LocalProtocolError (nothing sent): exit status 2
    check_port(url, args)
    options = _Options.from_args(args)
    guard = request_guard(url, args, request.port)
    session = fetch_session(args, fetch_limits(args.timeout, guard))
    facts.host, facts.port = request.host, request.port
    facts.kind, facts.item_type = request.kind, request.gophertype
    facts.content_type = media_type(request.selector.decode("utf-8", "replace"))
    document = request.kind in ("text", "binary")
    counted = Counted(saving.file if saving is not None and not document else None)
    sink: Sink = Raw(counted)  # a menu or attributes: their octets, counted (and saved)
    if document:
        sink = File(saving.file, hold=_PEEK) if saving is not None else Feed(counted.write)
    _transcript(options, f"connecting to {request.hostport}{' (TLS)' * request.tls}")
    reply = gopher_fetch(
        request, sink=sink, session=session, on_connect=lambda conn: _connected(options, conn)
    )
    facts.bytes = reply.size if document else counted.size
    if request.kind == "menu":
        facts.entries = len(reply.items)
    elif request.kind == "attributes":
        facts.entries = len(reply.attributes)
    if reply.error is not None:
        raise FetchFailed(f"the server answered: {reply.error.text}")
    if document:
        _check_document(reply, counted, options.charset, saving)
    if reply.end is not None and not reply.end.complete:
        raise FetchFailed(f"the reply is incomplete: {reply.end.note}")
    return True


def _check_document(
    reply: GopherReply, counted: Counted, charset: str, saving: Saving | None
) -> None:
    """A short text or binary body that is an error menu sent in its place fails; else
    its held bytes go to the file."""
    from urlinspector.cli.fetch_json import FetchFailed

    held = reply.body if saving is not None else bytes(counted.head)
    if not held or reply.size > _PEEK:
        return
    message = error_in_body(held, charset)
    if message is not None:
        raise FetchFailed(f"the server answered with an error: {message}")
    if saving is not None:
        saving.file.write(held)
