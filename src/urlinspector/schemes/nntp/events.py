"""What the NNTP client sends (commands) and what it hands out (events).

The wire format is RFC 3977 (NNTP version 2), read so that RFC 977 servers still work:
a command is one line of a keyword and arguments (RFC 3977 §3.1); every reply starts
with a status line of three digits and text (§3.2), and some replies go on with a
multi-line data block (§3.1.1), which ones depending on the command *and* the code
(a 211 to GROUP is one line, a 211 to LISTGROUP has a block).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

__all__ = [
    "MULTI_LINE_CODES",
    "NEED_DATA",
    "Command",
    "ConnectionClosed",
    "Event",
    "Greeting",
    "NeedData",
    "Reply",
]

MULTI_LINE_CODES: Final[dict[str, frozenset[int]]] = {
    "CAPABILITIES": frozenset({101}),  # RFC 3977 §5.2
    "HELP": frozenset({100}),  # RFC 3977 §7.2
    "LIST": frozenset({215}),  # RFC 3977 §7.6; RFC 977 §3.6
    "LISTGROUP": frozenset({211}),  # RFC 3977 §6.1.2
    "ARTICLE": frozenset({220}),  # RFC 3977 §6.2.1
    "HEAD": frozenset({221}),  # RFC 3977 §6.2.2
    "BODY": frozenset({222}),  # RFC 3977 §6.2.3
    "OVER": frozenset({224}),  # RFC 3977 §8.3
    "XOVER": frozenset({224}),  # RFC 2980 §2.8
    "HDR": frozenset({225}),  # RFC 3977 §8.5
    "XHDR": frozenset({221}),  # RFC 2980 §2.6
    "NEWNEWS": frozenset({230}),  # RFC 3977 §7.4
    "NEWGROUPS": frozenset({231}),  # RFC 3977 §7.3
}
"""Keyword -> the status codes after which a data block follows (RFC 3977 §3.1.1)."""


@dataclass(frozen=True, slots=True)
class Command:
    """One command line: ``keyword [argument ...]`` (RFC 3977 §3.1).

    Build it with the keyword in upper case; the arguments are checked when it is
    sent (:meth:`urlinspector.schemes.nntp.protocol.NNTPConnection.send`).
    """

    keyword: str
    arguments: tuple[str, ...] = ()
    secret: bool = field(default=False, compare=False)
    """The arguments are a password: :meth:`shown` masks them."""

    @property
    def multi_line_codes(self) -> frozenset[int]:
        return MULTI_LINE_CODES.get(self.keyword.upper(), frozenset())

    def shown(self) -> str:
        """The command for people (transcripts, messages), secrets masked."""
        if self.secret and self.arguments:
            return f"{self.keyword} {' '.join((*self.arguments[:-1], '********'))}"
        return " ".join((self.keyword, *self.arguments))


@dataclass(frozen=True, slots=True)
class Greeting:
    """The server's first line (RFC 3977 §5.1.1): 200 posting allowed, 201 not, 400
    and 502 service unavailable."""

    code: int
    text: str

    @property
    def available(self) -> bool:
        return self.code in (200, 201)

    @property
    def posting_allowed(self) -> bool:
        return self.code == 200


@dataclass(frozen=True, slots=True)
class Reply:
    """The answer to one command: the status line and, for a multi-line reply, its
    data block (dot-unstuffed, line endings removed, the closing ``.`` left out)."""

    code: int
    text: str
    command: Command
    lines: tuple[bytes, ...] | None = None
    """The data block, or None for a single-line reply."""
    size: int = 0
    """Octets the reply took on the wire."""
    undotted: tuple[int, ...] = ()
    """The data block's lines (numbered from 1) that begin with a ``.`` the server did
    not double: RFC 3977 §3.1.1 requires every line that begins with the termination
    octet to be dot-stuffed, so these break the protocol.  They are kept as sent (the
    ``.`` is theirs: a server that stuffs never sends a single one)."""

    @property
    def status_line(self) -> str:
        return f"{self.code} {self.text}" if self.text else str(self.code)

    @property
    def data(self) -> bytes:
        """The data block as CRLF-terminated lines (empty for a single-line reply)."""
        if not self.lines:
            return b""
        return b"\r\n".join(self.lines) + b"\r\n"


@dataclass(frozen=True, slots=True)
class ConnectionClosed:
    """The server closed the connection while no reply was due."""


class NeedData:
    """:meth:`next_event` needs more bytes before it can hand out an event."""

    _instance: NeedData | None = None

    def __new__(cls) -> NeedData:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NEED_DATA"


NEED_DATA: Final = NeedData()

Event = Greeting | Reply | ConnectionClosed
