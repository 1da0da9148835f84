"""What a gopher reply turns into: one event per thing a client acts on.

:class:`~urlinspector.schemes.gopher.protocol.GopherReader` hands these out in order:
an optional :class:`PlusHeader` (Gopher+ replies), then :class:`MenuItem` rows, body
:class:`Data`, :class:`Attribute` blocks or one :class:`PlusError`, and always a final
:class:`EndOfReply`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

__all__ = [
    "NEED_DATA",
    "Attribute",
    "Data",
    "EndOfReply",
    "Event",
    "Framing",
    "MenuItem",
    "PlusError",
    "PlusHeader",
]


class _NeedData:
    """The reader needs more bytes before it can hand out another event (h11's NEED_DATA)."""

    _instance: _NeedData | None = None

    def __new__(cls) -> _NeedData:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NEED_DATA"


NEED_DATA = _NeedData()

Framing = Literal["terminator", "close", "length"]
"""How a reply ends: a line holding only ``.`` (RFC 1436 §4 menus and text; Gopher+
``+-1``), the server closing the connection (binary items; Gopher+ ``+-2``), or a byte
count (Gopher+ ``+N``)."""


class MenuItem(NamedTuple):
    """One line of a gopher menu (RFC 1436 §3.8: type, display string, selector, host,
    port; Gopher+ adds a fifth field, ``+`` or ``?``)."""

    itemtype: str
    """The type character (``0`` text, ``1`` menu, ``7`` search, ``i`` information ...);
    ``""`` for an empty line."""
    display: str
    """The display string, decoded with the reader's charset (bad octets replaced)."""
    selector: bytes
    """The selector, exactly the octets the server gave (RFC 1436: any but TAB, CR, LF)."""
    host: str | None
    """The host field; None when the line has no such field or it is empty."""
    port: int | None
    """The port field as a number; None when missing or not a port number."""
    plus: str | None
    """The Gopher+ field: ``+`` (a Gopher+ item), ``?`` (one with an +ASK form), other
    text as given, or None (a plain gopher item)."""
    url: str | None
    """Where the item leads: a gopher URL (RFC 1738 §3.4), the URL an ``h`` item's ``URL:``
    selector carries, a telnet or tn3270 URL (types ``8``, ``T``); None for ``i`` and
    ``3`` lines and items whose host is missing or unusable."""
    raw: bytes
    """The line as it came, without its line end."""
    line: int
    """1-based line number in the reply."""
    problems: tuple[str, ...] = ()
    """What was tolerated in this line, for people: missing fields, a bad port ..."""

    @property
    def is_info(self) -> bool:
        """An ``i`` line: text shown in the menu, not a link."""
        return self.itemtype == "i"

    @property
    def is_error(self) -> bool:
        """A type ``3`` line: the server reports an error (RFC 1436 §3.8)."""
        return self.itemtype == "3"

    @property
    def tls(self) -> bool:
        """The item leads to its server over TLS (a ``gophers://`` URL: an item of a
        menu that came over TLS, naming that menu's own server)."""
        return self.url is not None and self.url[:8].lower() == "gophers:"


class Data(NamedTuple):
    """Body bytes of a text or binary item; text is dot-unstuffed (RFC 1436 §3.9)."""

    data: bytes


class PlusHeader(NamedTuple):
    """The first line of a Gopher+ reply (Gopher+ §2.3): ``+N`` / ``-N``."""

    ok: bool
    """``+``: the data follows; ``-``: an error block follows."""
    length: int | None
    """The byte count of ``+N``; None for ``-1`` and ``-2``."""
    framing: Framing
    """``length`` for ``+N``, ``terminator`` for ``-1``, ``close`` for ``-2``."""
    raw: bytes


class PlusError(NamedTuple):
    """A Gopher+ error reply (Gopher+ §2.3): its first line starts with an error code
    (1 item is not available, 2 try again later, 3 item has moved)."""

    code: int | None
    """The error code; None when the first token is not a number."""
    message: str
    """The first line after the code (often the administrator's address)."""
    lines: tuple[str, ...]
    """The lines after the first."""
    contact: str | None
    """An e-mail address in angle brackets on the first line, if there is one."""

    @property
    def meaning(self) -> str:
        return {
            1: "the item is not available",
            2: "try again later",
            3: "the item has moved",
        }.get(self.code or 0, "an error")

    @property
    def text(self) -> str:
        """The whole error for a person, on one line."""
        code = "" if self.code is None else f" {self.code}"
        detail = "; ".join(x for x in (self.message, *self.lines) if x.strip())
        return f"Gopher+ error{code} ({self.meaning})" + (f": {detail}" if detail else "")


class Attribute(NamedTuple):
    """One Gopher+ attribute block (Gopher+ §2.5): ``+NAME:`` in column 1, text after
    the colon on the same line, and the lines after it that begin with a space."""

    name: str
    """The block's name without ``+`` and ``:``: ``INFO``, ``ADMIN``, ``VIEWS`` ..."""
    value: str
    """The text on the name's own line after ``:`` (``+INFO`` holds an item there)."""
    lines: tuple[str, ...]
    """The block's lines, each without its leading space."""
    item: MenuItem | None = None
    """For ``+INFO``: the item its value describes."""


class EndOfReply(NamedTuple):
    """The reply is over."""

    framing: Framing
    """How it ended."""
    complete: bool = True
    """False when the reply was cut short: a menu line without its line end at the close."""
    note: str | None = None
    """What a person should know about the end, e.g. "no '.' line: the server closed"."""


Event = MenuItem | Data | PlusHeader | PlusError | Attribute | EndOfReply
