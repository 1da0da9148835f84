"""The gopher item types: one row per type, what it is and how every part of the program
treats it (RFC 1436 §3.8, Gopher+ §2.9, and the types in wide use that no RFC names).

Each row says what a person calls the type, its kind (which says how a reply is read,
whether it leads anywhere, whether it is shown as an image), the icon a menu shows, the
file extension a download gets when its selector has none, and where the type is
defined.  Everything that asks about an item type reads this table: the menu reader,
the requests, the URLs of menu items, the viewer's icons, image check and file names.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple

__all__ = [
    "ITEM_TYPES",
    "ItemType",
    "Reply",
    "TypeKind",
    "item_type",
    "type_name",
]

TypeKind = Literal[
    "text", "menu", "search", "error", "info", "telnet", "html", "image", "binary", "service"
]
"""What an item is, as far as a client treats it differently: a text file (RFC 1436
§3.9), a menu or a search whose reply is a menu (§3.8), an error or information line
(no item to fetch), a terminal session, an HTML page, an image, other octets (§3.10), or
a service with a protocol of its own (the CSO phone book)."""

Reply = Literal["menu", "text", "binary"]
"""How the reply to a plain request for an item is read: a menu (RFC 1436 §3.8), a text
ending in a ``.`` line (§3.9), or octets until the server closes (§3.10)."""

_REPLY: Final[Mapping[TypeKind, Reply]] = MappingProxyType(
    {"menu": "menu", "search": "menu", "text": "text", "html": "text"}
)
_NO_LINK: Final = frozenset({"info", "error"})

RFC_1436: Final = "RFC 1436 §3.8"
GOPHER_PLUS: Final = "Gopher+ §2.9"
COMMON: Final = "common practice (in no RFC)"


class ItemType(NamedTuple):
    """One gopher item type."""

    code: str
    """The type character that starts a menu line and a URL's path (RFC 1436 §3.8,
    RFC 1738 §3.4.1)."""
    name: str
    """A person's word for it."""
    kind: TypeKind
    icon: str | None
    """The name of the icon a menu shows for it; None: no icon (an information line)."""
    extension: str = ""
    """The file extension (with its dot) a download gets when its name has none."""
    session: str | None = None
    """For a terminal session, the scheme of the URL that opens it (RFC 1738 §3.8)."""
    citation: str = RFC_1436

    @property
    def reply(self) -> Reply:
        """How a reply to this type is read."""
        return _REPLY.get(self.kind, "binary")

    @property
    def leads_somewhere(self) -> bool:
        """Whether a menu line of this type is an item to follow (information and error
        lines are not)."""
        return self.kind not in _NO_LINK

    @property
    def shown_as_image(self) -> bool:
        """Whether the viewer shows the item as a picture rather than offering to save it."""
        return self.kind == "image"


_ROWS = (
    ItemType("0", "text", "text", "text"),
    ItemType("1", "menu", "menu", "menu"),
    ItemType("2", "CSO phone book", "service", "phonebook"),
    ItemType("3", "error", "error", "error"),
    ItemType("4", "BinHex file", "binary", "archive", ".hqx"),
    ItemType("5", "DOS binary", "binary", "binary", ".bin"),
    ItemType("6", "uuencoded file", "binary", "archive", ".uue"),
    ItemType("7", "search", "search", "search"),
    ItemType("8", "telnet", "telnet", "telnet", session="telnet"),
    ItemType("9", "binary", "binary", "binary", ".bin"),
    ItemType("+", "mirror", "binary", "mirror"),
    ItemType("T", "tn3270", "telnet", "telnet", session="tn3270"),
    ItemType("g", "GIF image", "image", "image", ".gif"),
    ItemType("I", "image", "image", "image"),
    ItemType(":", "bitmap image", "image", "image", citation=GOPHER_PLUS),
    ItemType(";", "movie", "binary", "movie", ".mpg", citation=GOPHER_PLUS),
    ItemType("<", "sound", "binary", "sound", ".au", citation=GOPHER_PLUS),
    ItemType("i", "info", "info", None, citation=COMMON),
    ItemType("h", "HTML", "html", "html", citation=COMMON),
    ItemType("s", "sound", "binary", "sound", ".wav", citation=COMMON),
    ItemType("d", "document", "binary", "document", citation=COMMON),
    ItemType("p", "PNG image", "image", "image", ".png", citation=COMMON),
    ItemType("P", "PDF", "binary", "document", ".pdf", citation=COMMON),
    ItemType("c", "calendar", "binary", "text", citation=COMMON),
    ItemType("M", "MIME message", "binary", "message", citation=COMMON),
    ItemType("x", "XML", "binary", "text", citation=COMMON),
)

ITEM_TYPES: Final[Mapping[str, ItemType]] = MappingProxyType({row.code: row for row in _ROWS})
"""Every item type a client knows, by its code."""


def item_type(code: str) -> ItemType | None:
    """The row of *code*; None for a type no one defined (and for a blank line's ``""``)."""
    return ITEM_TYPES.get(code)


def type_name(code: str) -> str:
    """A person's word for an item type; ``unknown`` for a type no one defined."""
    row = ITEM_TYPES.get(code)
    return "unknown" if row is None else row.name
