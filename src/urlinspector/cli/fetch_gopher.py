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
from typing import BinaryIO

from urlinspector.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    Console,
    cannot_write,
    check_port,
    fetch_limits,
    request_guard,
    visible,
    width,
)
from urlinspector.core import URL
from urlinspector.net.driver import Connection
from urlinspector.net.errors import NetError
from urlinspector.net.gopher import GopherReply
from urlinspector.net.gopher import fetch as gopher_fetch
from urlinspector.net.gopher_tls import TLSOptions, UntrustedCertificate, describe
from urlinspector.net.saving import Saving, save_to
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.gopher import (
    Attribute,
    Data,
    Event,
    MenuItem,
    error_in_body,
    request_from_url,
    type_name,
)

__all__ = ["fetch", "menu_lines"]

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


def _transcript(args: argparse.Namespace, text: str) -> None:
    if getattr(args, "transcript", False):
        sys.stderr.write(visible(text) + "\n")


def tls_options(args: argparse.Namespace) -> TLSOptions:
    """``--cacert FILE`` and ``--insecure`` as the fetch's TLS settings."""
    return TLSOptions(
        cafile=getattr(args, "cacert", None), insecure=bool(getattr(args, "insecure", False))
    )


def _connected(args: argparse.Namespace, conn: Connection, tls: TLSOptions) -> None:
    """The transcript's lines once connected: the address, and the TLS certificate."""
    _transcript(args, f"connected to {conn.peer[0]} port {conn.peer[1]}")
    certificate = describe(conn.tls_socket, tls.how) if conn.tls_socket else None
    for line in certificate.lines() if certificate is not None else []:
        _transcript(args, line)


def _failure(exc: Exception, args: argparse.Namespace) -> str:
    """The message of a failed fetch; a certificate that cannot be trusted is shown
    in the transcript, and the message says how to trust it."""
    if not isinstance(exc, UntrustedCertificate):
        return str(exc)
    for line in exc.certificate.lines() if exc.certificate is not None else []:
        _transcript(args, line)
    return (
        f"{exc} (to trust it: --cacert FILE with the CA that issued it, or --insecure to "
        "accept it unverified)"
    )


def fetch(url: URL, args: argparse.Namespace, console: Console) -> int:
    """The ``fetch`` handler for gopher and gophers URLs."""
    request = request_from_url(url)  # LocalProtocolError (nothing sent): exit status 2
    check_port(url, args)
    output: str | None = args.output
    raw: bool = bool(args.raw)
    if request.kind == "binary" and output is None and not raw:
        _say(
            f"error: a type {visible(request.gophertype)} item ({type_name(request.gophertype)}) "
            "is binary data: save it with -o FILE (or send the bytes to stdout with --raw)"
        )
        return EXIT_USAGE
    limits = fetch_limits(args.timeout, request_guard(url, args, request.port))
    charset: str = args.charset
    tls = tls_options(args)

    _transcript(args, f"connecting to {request.hostport}{' (TLS)' * request.tls}")
    _transcript(args, "> " + request.data.decode("utf-8", "replace").rstrip("\r\n"))

    saving: Saving | None = None
    if output is not None:
        try:
            saving = save_to(output)  # a link or a folder refused; a device written as it is
        except OSError as exc:
            return _fail(cannot_write(output, exc))
    target: BinaryIO | None = saving.file if saving is not None else None
    stdout = sys.stdout.buffer if raw and target is None else None
    text_out = (
        _TextOut(console, charset)
        if request.kind == "text" and not raw and target is None
        else None
    )

    menu_to_file = target is not None and not raw and request.kind == "menu"

    def on_event(event: Event) -> None:
        if text_out is not None and isinstance(event, Data):
            text_out.feed(event.data)
        elif menu_to_file and target is not None and isinstance(event, MenuItem):
            # written as the items come, so a menu of any size fits: the URLs start at
            # the widest display column, since the widest display is not known yet
            target.write((menu_lines([event], _DISPLAY_COLUMN)[0] + "\n").encode("utf-8"))
            _item_notes(args, event)

    def on_bytes(data: bytes) -> None:
        if target is not None:
            target.write(data)
        elif stdout is not None:
            stdout.write(data)

    def on_connect(conn: Connection) -> None:
        _connected(args, conn, tls)

    body_to_file = target is not None and not raw and request.kind in ("text", "binary")
    try:
        reply = gopher_fetch(
            request,
            limits=limits,
            charset=charset,
            sink=target if body_to_file else None,
            keep_body=text_out is None and not raw,
            keep_items=not menu_to_file,
            memory=_PEEK if body_to_file else None,  # the rest streams to the file
            on_event=on_event if text_out is not None or menu_to_file else None,
            on_bytes=on_bytes if raw else None,
            on_connect=on_connect,
            tls=tls,
        )
        if body_to_file and target is not None and reply.body:
            message = error_in_body(reply.body, charset)
            if message is not None:
                _discard(saving)
                return _fail(f"the server answered with an error: {message}")
            target.write(reply.body)
    except (NetError, RemoteProtocolError) as exc:
        if text_out is not None:
            text_out.finish()
        status = _fail(_failure(exc, args))
        _keep_partial(saving)  # cut short: what came stays in FILE.part
        return status
    except OSError as exc:  # the file: a full disk, an I/O error
        return _write_failed(saving, exc)
    except BaseException:
        _discard(saving)
        raise

    try:
        status = _report(args, console, reply, text_out, target, raw)
    except OSError as exc:  # the file: a full disk, an I/O error
        return _write_failed(saving, exc)
    except BaseException:
        _discard(saving)
        raise
    if saving is None or output is None:
        return status
    if status != EXIT_OK:
        if reply.error is not None:
            _discard(saving)  # an error reply: nothing worth keeping
        else:
            _keep_partial(saving)
        return status
    try:
        saving.commit()
    except OSError as exc:
        return _fail(cannot_write(output, exc))
    _transcript(args, f"wrote {output}")
    return status


def _keep_partial(saving: Saving | None) -> None:
    """A reply that failed never replaces the file it was to be saved as: the bytes of a
    reply cut short stay in FILE.part for the user to look at."""
    if saving is None:
        return
    part = saving.keep_partial()
    if part is not None:
        _say(f"note: the bytes received are in {part}; {saving.target} is left as it was")


def _report(
    args: argparse.Namespace,
    console: Console,
    reply: GopherReply,
    text_out: _TextOut | None,
    target: BinaryIO | None,
    raw: bool,
) -> int:
    if reply.header is not None:
        _transcript(args, "< " + reply.header.raw.decode("latin-1"))
    _transcript(args, f"< {reply.received} bytes")
    end = reply.end
    if end is not None and end.note:
        if end.complete and end.framing == "terminator":
            _say(f"warning: {end.note}")  # text after the "." line
        else:
            _transcript(args, f"note: {end.note}")
    if reply.error is not None:
        return _fail(f"the server answered: {reply.error.text}")
    if text_out is not None:
        held = bytes(text_out.held) if not text_out.started else b""
        message = error_in_body(held, args.charset) if held else None
        if message is not None:
            return _fail(f"the server answered with an error: {message}")
        text_out.finish()
    elif not raw:
        lines: list[str] = []
        if reply.kind == "menu":
            lines = menu_lines(reply.items)
            for item in reply.items:
                _item_notes(args, item)
        elif reply.kind == "attributes":
            lines = _attribute_lines(reply.attributes)
        if target is not None and lines:
            target.write("".join(line + "\n" for line in lines).encode("utf-8"))
        elif lines:
            console.write_lines(lines)
    if end is not None and not end.complete:
        return _fail(f"the reply is incomplete: {end.note}")
    return EXIT_OK


def _write_failed(saving: Saving | None, exc: OSError) -> int:
    """The -o file could not be written: removed, and one line; an OSError that is not
    the file's (standard output's) goes on to the command line's top."""
    _discard(saving)
    if saving is None or isinstance(exc, BrokenPipeError):
        raise exc
    return _fail(cannot_write(saving.target, exc))


def _item_notes(args: argparse.Namespace, item: MenuItem) -> None:
    for problem in item.problems:
        _transcript(args, f"note: line {item.line}: {problem}")


def _discard(saving: Saving | None) -> None:
    if saving is not None:
        saving.discard()
