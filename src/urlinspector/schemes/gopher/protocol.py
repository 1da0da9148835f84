"""Gopher replies, sans-IO: bytes in (:meth:`GopherReader.receive_data`), events out
(:meth:`GopherReader.next_event`), in the style of h11.  No sockets here.

What it reads (RFC 1436 and the Gopher+ document it cites):

* menus (RFC 1436 §3.8): one item a line, ``type display TAB selector TAB host TAB port``
  and an optional Gopher+ field (``+`` or ``?``).  Tolerated, because servers send them:
  LF-only line ends, missing fields, ``i`` lines with empty or dummy fields, unknown types
  (kept, with the raw line), and a reply that ends without the lone ``.`` line.  Refused,
  because they mean the reply is not a menu at all: a line longer than *max_line* and a
  line holding NUL octets;
* text (RFC 1436 §3.9): lines up to a line holding only ``.``, a leading ``..`` unstuffed
  to ``.``; a close before the ``.`` line ends the text too;
* binary (RFC 1436 §3.10): everything up to the close;
* Gopher+ (§2.3): a first line ``+N`` (N bytes follow), ``+-1`` (up to a ``.`` line),
  ``+-2`` (up to the close), or ``-`` and the same lengths for an error block whose first
  line starts with an error code; and attribute blocks (§2.5): ``+INFO``, ``+ADMIN``,
  ``+VIEWS``, ``+ABSTRACT``, ``+ASK`` and any other ``+NAME:``.

One menu line is read by :mod:`~urlinspector.schemes.gopher.menu` (re-exported here), the
Gopher+ views and forms by :mod:`~urlinspector.schemes.gopher.plus`.

Memory stays bounded for any input: text and binary bytes are handed out as they come,
and a menu or attribute line may hold at most *max_line* octets.  A text whose line runs
on past *max_text_line* octets without a line end is not a text at all (an endless
stream sent as type 0): once the octets that came are handed out, it ends in a
:class:`RemoteProtocolError`, not as a document.

As h11's connection does, the reader keeps its state as a :class:`ReadState` and reads
the bytes in hand with the step the table :data:`_STEPS` gives for that state.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from enum import Enum
from types import MappingProxyType

from urlinspector.core.quoting import quoted
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.gopher.events import (
    NEED_DATA,
    Attribute,
    Data,
    EndOfReply,
    Event,
    Framing,
    MenuItem,
    PlusError,
    PlusHeader,
    _NeedData,
)
from urlinspector.schemes.gopher.menu import error_in_body, parse_menu_line
from urlinspector.schemes.gopher.url import GopherRequest, ItemKind
from urlinspector.schemes.numbers import ascii_decimal

__all__ = [
    "MAX_LINE",
    "MAX_TEXT_LINE",
    "GopherReader",
    "ReadState",
    "error_in_body",
    "parse_menu_line",
    "read_all",
]

MAX_LINE = 64 * 1024
"""Longest menu or attribute line accepted, in octets (real ones are under 1 KiB)."""
MAX_TEXT_LINE = 64 * 1024 * 1024
"""Longest line of a text item accepted, in octets, by default (the memory cap the
network layer keeps, :class:`urlinspector.net.limits.Limits`, which it passes in)."""
_MAX_HEADER = 64
"""A Gopher+ status line is short: ``+`` or ``-`` and a number."""
_MAX_ERROR = 64 * 1024

_HEADER = re.compile(rb"([+-])(-?[0-9]{1,18})[ \t]*\r?\n")
_HEADER_START = re.compile(rb"[+-]-?[0-9]{0,18}[ \t]*\r?\Z")
_MORE_AFTER_DOT = (
    "the server sent more after a line holding only '.': if it does not double the dots "
    "of its text files (RFC 1436 §3.9), the document may go on (fetch it with --raw)"
)
_DOT_LINE = re.compile(rb"(?:\A|\n)\.\r?\n")

_CONTACT = re.compile(r"<([^<>\s]+@[^<>\s]+)>")


class ReadState(Enum):
    """What the reader expects next (one step of :data:`_STEPS` reads each)."""

    HEADER = "header"
    """A Gopher+ status line (``+N``, ``-N``), or the plain reply it turns out to be."""
    LENGTH = "length"
    """The N octets a ``+N`` status line announced."""
    ERROR = "error"
    """A Gopher+ error block, to its end (its framing's)."""
    TEXT = "text"
    """Text lines up to a line holding only ``.`` (RFC 1436 §3.9; Gopher+ ``+-1``)."""
    UNTIL_CLOSE = "until close"
    """Octets up to the close (a binary item, RFC 1436 §3.10; Gopher+ ``+-2``)."""
    LINES = "lines"
    """Menu lines (RFC 1436 §3.8) or attribute lines (Gopher+ §2.5)."""
    NOT_TEXT = "not text"
    """A text line ran on past the cap: the octets before were handed out, and the
    next step raises :class:`RemoteProtocolError`."""
    DONE = "done"
    """The reply has ended (:class:`EndOfReply` handed out or waiting)."""


# --- the reader ----------------------------------------------------------------------------


class GopherReader:
    """Reads one gopher reply of a known *kind* (see :func:`kind_of`).

    *plus*: the request was a Gopher+ one, so the reply should start with a ``+N`` /
    ``-N`` line (a plain gopher server that ignored the ``+`` is read as plain gopher).
    *charset* decodes display strings and attribute text.
    """

    def __init__(
        self,
        kind: ItemKind,
        *,
        plus: bool = False,
        charset: str = "utf-8",
        max_line: int = MAX_LINE,
        with_urls: bool = True,
        tls_server: tuple[str, int] | None = None,
        max_text_line: int = MAX_TEXT_LINE,
    ) -> None:
        self.kind: ItemKind = kind
        self.plus = plus
        self.charset = charset
        self.max_line = max_line
        self.max_text_line = max_text_line
        """Octets a text line may run to without a line end."""
        self.with_urls = with_urls
        self.tls_server = tls_server
        """The host and port a menu comes from over TLS: its own items lead to
        ``gophers://`` URLs (:func:`~.menu.parse_menu_line`)."""
        self.header: PlusHeader | None = None
        self._buf = bytearray()
        self._eof = False
        self._events: deque[Event] = deque()
        self._framing: Framing = "close" if kind == "binary" else "terminator"
        self._remaining: int | None = None  # bytes left of a +N reply
        self._error = False  # the body is a Gopher+ error block
        self._state = ReadState.HEADER if plus else self._body_state()
        self._line = 0  # lines read so far
        self._at_line_start = True  # text: the next octet starts a line
        self._run = 0  # text: octets of the line not yet ended
        self._block: tuple[str, str, list[str], MenuItem | None] | None = None
        self._partial = b""  # an unfinished line of a +N menu
        self._error_text = bytearray()

    @property
    def state(self) -> ReadState:
        return self._state

    @classmethod
    def for_request(cls, request: GopherRequest, **options: object) -> GopherReader:
        """A reader for the reply to *request* (a ``gophers://`` one: its menu's own
        items lead to ``gophers://`` URLs)."""
        tls_server = (request.host, request.port) if request.tls else None
        return cls(request.kind, plus=request.plus, tls_server=tls_server, **options)  # type: ignore[arg-type]

    # -- the h11-style interface --------------------------------------------------------

    def receive_data(self, data: bytes) -> None:
        """The next bytes from the server; ``b""`` when it closed the connection."""
        if self._state is ReadState.DONE:
            return  # anything after the end of the reply is ignored
        if data:
            if self._eof:
                raise RuntimeError("receive_data() after the end of the data")
            if not self._buf and self._binary_until_close():
                self._events.append(Data(data))  # as it came: no copy through the buffer
                return
            self._buf += data
        else:
            self._eof = True

    @property
    def raw_until_close(self) -> bool:
        """Whether every byte the server sends from now to the close is body bytes as
        it comes (a binary item, with nothing held back or waiting to be handed out):
        a caller may then store them itself without passing them here, and end with
        ``receive_data(b"")``."""
        return not self._buf and not self._events and not self._eof and self._binary_until_close()

    def _binary_until_close(self) -> bool:
        """Whether the body is binary bytes to the close, with nothing waiting before
        them: then each read is a :class:`Data` event as it is."""
        return self._state is ReadState.UNTIL_CLOSE and self.kind == "binary"

    def next_event(self) -> Event | _NeedData:
        """The next event, or :data:`NEED_DATA`."""
        while not self._events:
            if self._state is ReadState.DONE:
                raise RuntimeError("next_event() after EndOfReply")
            if not _STEPS[self._state](self):
                return NEED_DATA
        return self._events.popleft()

    # -- steps: each returns False when it needs more data --------------------------------

    def _body_state(self) -> ReadState:
        """The state the body starts in, by the item's kind and the reply's framing."""
        if self._remaining is not None:
            return ReadState.LENGTH
        if self._error:
            return ReadState.ERROR
        if self.kind not in ("text", "binary"):
            return ReadState.LINES
        return ReadState.TEXT if self._framing == "terminator" else ReadState.UNTIL_CLOSE

    def _finish(self, framing: Framing, *, complete: bool = True, note: str | None = None) -> None:
        self._flush_block()
        self._events.append(EndOfReply(framing, complete, note))
        self._state = ReadState.DONE
        self._buf.clear()

    def _read_header(self) -> bool:
        buf = self._buf
        m = _HEADER.match(buf)
        if m is None:
            if not self._eof and len(buf) < _MAX_HEADER and _HEADER_START.match(buf):
                return False  # could still become a status line
            if not buf and not self._eof:
                return False
            if self.kind == "attributes" and not buf.startswith(b"+"):
                self.kind = "menu"  # a server without Gopher+ answered with a menu
            self._state = self._body_state()  # no status line: a plain gopher reply
            return True
        sign, number = m.group(1), int(m.group(2))
        raw = bytes(m.group(0)).rstrip(b"\r\n")
        del buf[: m.end()]
        framing: Framing
        if number >= 0:
            framing, length = "length", number
            self._remaining = number
        elif number == -1:
            framing, length = "terminator", None
        elif number == -2:
            framing, length = "close", None
        else:
            raise RemoteProtocolError(
                f"the Gopher+ status line {quoted(raw.decode('latin-1'))} gives no length "
                "(+N, +-1 or +-2 expected; Gopher+ §2.3)"
            )
        self._framing = framing
        self.header = PlusHeader(sign == b"+", length, framing, raw)
        self._events.append(self.header)
        self._error = sign == b"-"
        self._state = self._body_state()
        return True

    # text and binary ---------------------------------------------------------------------

    def _read_binary(self) -> bool:
        if self._buf:
            self._events.append(Data(bytes(self._buf)))
            self._buf.clear()
            return True
        if self._eof:
            self._finish("close")
            return True
        return False

    def _read_counted(self) -> bool:
        """A ``+N`` reply: exactly N bytes."""
        remaining = self._remaining or 0
        buf = self._buf
        if remaining and buf:
            take = bytes(buf[:remaining])
            del buf[:remaining]
            remaining -= len(take)
            self._remaining = remaining
            if self._error:
                self._collect_error(take)
            elif self.kind in ("text", "binary"):
                self._events.append(Data(take))
            else:
                self._lines_from(take, final=remaining == 0)
            if remaining == 0:
                self._end_counted()
            return True
        if remaining == 0:
            self._end_counted()
            return True
        if self._eof:
            length = self.header.length if self.header is not None else 0
            raise RemoteProtocolError(
                f"the server closed the connection after {(length or 0) - remaining} of "
                f"the {length} bytes it announced (Gopher+ §2.3)"
            )
        return False

    def _end_counted(self) -> None:
        if self._error:
            self._emit_error()
        elif self._state is not ReadState.DONE:
            self._finish("length")

    def _read_text(self) -> bool:
        """Up to a line holding only ``.``; ``..`` at a line's start becomes ``.``
        (RFC 1436 §3.9; Gopher+ ``+-1``)."""
        buf = self._buf
        out = bytearray()
        pos = 0
        n = len(buf)
        while pos < n:
            if self._at_line_start and buf[pos] == 0x2E:  # "."
                start = self._dot(pos, out)
                if self._state is ReadState.DONE:
                    return True
                if start is None:
                    break  # cannot tell yet
                pos = start
            nl = buf.find(b"\n", pos)
            line_end = n if nl < 0 else nl + 1
            out += buf[pos:line_end]
            self._line_run(line_end - pos, ended=nl >= 0)
            pos = line_end
        del buf[:pos]
        if self._run > self.max_text_line:
            self._state = ReadState.NOT_TEXT  # after the octets that came: -o keeps them
        if out:
            self._events.append(Data(bytes(out)))
            return True
        if not self._eof:
            return False
        if buf:  # a lone "." and CR without LF, cut by the close
            self._events.append(Data(bytes(buf)))
        self._finish("close", note=self._no_terminator)
        return True

    def _dot(self, pos: int, out: bytearray) -> int | None:
        """At a ``.`` that starts a line, at *pos* of the buffer, after the text *out*:
        where the line's octets start (past the first dot of ``..``), or None when that
        cannot be told yet.  When the ``.`` ends the text (the ``.`` line, or ``.`` and
        the close), *out* and the end of the reply are handed out."""
        buf = self._buf
        rest = buf[pos + 1 : pos + 3]
        if rest[:1] == b"\n" or rest == b"\r\n":  # the "." line
            line_end = pos + 1 + (2 if rest == b"\r\n" else 1)
            self._end_text(out, more=line_end < len(buf))
            return pos
        if not rest or rest == b"\r":  # "." (and CR), then the close or more to come
            if not self._eof:
                return None
            self._end_text(out, more=False)
            return pos
        return pos + 1 if rest[:1] == b"." else pos  # dot-unstuffing

    def _end_text(self, out: bytearray, *, more: bool) -> None:
        """The text *out* read before its ``.`` line, then the end of the reply (with a
        note when the server sent *more* after it)."""
        if out:
            self._events.append(Data(bytes(out)))
        self._finish("terminator", note=_MORE_AFTER_DOT if more else None)

    def _line_run(self, octets: int, *, ended: bool) -> None:
        """*octets* more of the text's current line, up to its line end when *ended*."""
        self._at_line_start = ended
        self._run = 0 if ended else self._run + octets

    def _not_text(self) -> bool:
        """A line ran past :attr:`max_text_line` without a line end: this is not text
        (an endless stream sent as type 0 would otherwise pass as a document)."""
        raise RemoteProtocolError(
            f"the text has run {self._run:,} octets without a line end, more than the "
            f"{self.max_text_line:,} a line of a gopher text may hold: it is not a text "
            "document (RFC 1436 §3.9: lines ending in CRLF, then a line holding '.'); "
            "fetch it as a binary item (type 9) to save it as it is"
        )

    # menus and attributes ----------------------------------------------------------------

    def _read_lines(self) -> bool:
        buf = self._buf
        last = buf.rfind(b"\n")
        if last >= 0:
            chunk = bytes(buf[: last + 1])
            del buf[: last + 1]
            self._lines_from(chunk, final=False)
            return True
        if len(buf) > self.max_line:
            self._too_long()
        if self._eof:
            if buf:
                chunk = bytes(buf)
                buf.clear()
                self._lines_from(chunk, final=True)
                if self._state is ReadState.DONE:
                    return True
                if self._framing == "terminator":
                    self._finish(
                        "close",
                        complete=False,
                        note="the last line has no line end: the reply was probably cut short",
                    )
                    return True
            self._finish("close", note=self._no_terminator)
            return True
        return False

    @property
    def _no_terminator(self) -> str | None:
        if self._framing == "terminator":
            return "no '.' line: the server closed the connection"
        return None

    def _too_long(self) -> None:
        what = "menu" if self.kind == "menu" else "attribute"
        raise RemoteProtocolError(
            f"line {self._line + 1} of the {what} reply is longer than {self.max_line} octets "
            f"without a line end: this is not a gopher {what} (RFC 1436 §3.8)"
        )

    def _lines_from(self, chunk: bytes, *, final: bool) -> None:
        """Parse the complete lines of *chunk* (which ends with LF unless *final*)."""
        partial = self._partial
        if partial:
            chunk = partial + chunk
            self._partial = b""
        lines = chunk.split(b"\n")
        tail = lines.pop()  # "" after a final LF, else an unfinished line
        if tail:
            if final:
                lines.append(tail)
            else:
                if len(tail) > self.max_line:
                    self._too_long()
                self._partial = tail
        events = self._events
        menu = self.kind == "menu"
        charset = self.charset
        with_urls = self.with_urls
        tls_server = self.tls_server
        number = self._line
        max_line = self.max_line
        for line in lines:
            number += 1
            if line[-1:] == b"\r":
                line = line[:-1]
            if line == b"." or line == b".\r":
                self._line = number
                self._finish("terminator")
                return
            if len(line) > max_line:
                self._line = number - 1
                self._too_long()
            if b"\x00" in line:
                raise RemoteProtocolError(
                    f"line {number} of the reply holds NUL octets: this is binary data, "
                    "not a gopher menu (fetch it as a binary item, type 9)"
                )
            if menu:
                events.append(
                    parse_menu_line(
                        line, number, charset, with_url=with_urls, tls_server=tls_server
                    )
                )
            else:
                self._attribute_line(line, number)
        self._line = number

    def _attribute_line(self, line: bytes, number: int) -> None:
        """Gopher+ §2.5: ``+NAME:`` in column 1 starts a block; lines starting with a
        space continue it."""
        if line[:1] == b"+":
            self._flush_block()
            name, colon, value = line[1:].partition(b":")
            text = value[1:] if value[:1] == b" " else value
            item = None
            if name == b"INFO" and text:
                item = parse_menu_line(
                    text,
                    number,
                    self.charset,
                    with_url=self.with_urls,
                    tls_server=self.tls_server,
                )
            self._block = (
                name.decode("ascii", "replace") if colon else line[1:].decode("ascii", "replace"),
                text.decode(self.charset, "replace"),
                [],
                item,
            )
            return
        if self._block is None:
            if line.strip():
                raise RemoteProtocolError(
                    f"line {number} of the attribute reply is outside any +NAME: block "
                    "(Gopher+ §2.5)"
                )
            return
        self._block[2].append(
            (line[1:] if line[:1] == b" " else line).decode(self.charset, "replace")
        )

    def _flush_block(self) -> None:
        block, self._block = self._block, None
        if block is not None:
            name, value, lines, item = block
            self._events.append(Attribute(name, value, tuple(lines), item))

    # Gopher+ errors ------------------------------------------------------------------------

    def _collect_error(self, data: bytes) -> None:
        room = _MAX_ERROR - len(self._error_text)
        if room > 0:
            self._error_text += data[:room]

    def _read_error(self) -> bool:
        buf = self._buf
        if buf:
            self._collect_error(bytes(buf))
            buf.clear()
            text = self._error_text
            if self._framing == "terminator":
                m = _DOT_LINE.search(text)
                if m is not None:
                    del text[m.start() :]
                    self._emit_error()
                    return True
            if len(text) >= _MAX_ERROR:
                self._emit_error()  # enough to show; the rest is not read
            return True
        if self._eof:
            self._emit_error()
            return True
        return False

    def _emit_error(self) -> None:
        text = bytes(self._error_text).decode(self.charset, "replace")
        lines = [x.rstrip("\r") for x in text.split("\n")]
        while lines and lines[-1].strip() in ("", "."):
            lines.pop()
        first = lines[0].strip() if lines else ""
        token, _, message = first.partition(" ")
        code = ascii_decimal(token)
        if code is None:
            message = first
        contact = _CONTACT.search(first)
        self._events.append(
            PlusError(
                code,
                message.strip(),
                tuple(x for x in lines[1:]),
                contact.group(1) if contact else None,
            )
        )
        self._finish(self._framing)


_STEPS: MappingProxyType[ReadState, Callable[[GopherReader], bool]] = MappingProxyType(
    {
        ReadState.HEADER: GopherReader._read_header,
        ReadState.LENGTH: GopherReader._read_counted,
        ReadState.ERROR: GopherReader._read_error,
        ReadState.TEXT: GopherReader._read_text,
        ReadState.UNTIL_CLOSE: GopherReader._read_binary,
        ReadState.LINES: GopherReader._read_lines,
        ReadState.NOT_TEXT: GopherReader._not_text,
    }
)
"""The step that reads the bytes in hand in each state (the reply's end has none): it
hands out what it can and says whether it made progress (False: it needs more bytes)."""


def read_all(reader: GopherReader, data: bytes, *, close: bool = True) -> list[Event]:
    """Every event of *reader* for *data* (then the close, unless *close* is False)."""
    reader.receive_data(data)
    if close:
        reader.receive_data(b"")
    events: list[Event] = []
    while True:
        event = reader.next_event()
        if isinstance(event, _NeedData):
            return events
        events.append(event)
        if isinstance(event, EndOfReply):
            return events
