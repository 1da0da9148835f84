"""The table of gopher item types, and every reader of it agreeing with it: the menu
reader, the request kinds, the URLs of menu items, the names people read."""

from __future__ import annotations

import pytest

from urlinspector.core import parse
from urlinspector.schemes.gopher import (
    ITEM_TYPES,
    ItemType,
    item_type,
    item_url,
    kind_of,
    parse_menu_line,
    request_from_url,
    type_name,
)
from urlinspector.schemes.gopher.itemtypes import COMMON, GOPHER_PLUS, RFC_1436

ROWS = list(ITEM_TYPES.values())

# RFC 1436 §3.8 lists these types ("0 Item is a file" ... "I Item is some other type of
# image file"); the Gopher+ draft §2.9 adds ":" bitmap, ";" movie and "<" sound
RFC_1436_CODES = "0123456789+TgI"
GOPHER_PLUS_CODES = ":;<"


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.code)
def test_each_row_is_one_printable_ascii_code_with_a_name(row: ItemType) -> None:
    assert len(row.code) == 1
    assert row.code.isascii()
    assert row.code.isprintable()
    assert ITEM_TYPES[row.code] is row is item_type(row.code)
    assert type_name(row.code) == row.name != "unknown"
    assert row.extension == "" or (row.extension.startswith(".") and len(row.extension) > 1)


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.code)
def test_each_row_cites_where_its_type_is_defined(row: ItemType) -> None:
    if row.code in RFC_1436_CODES:
        assert row.citation == RFC_1436
    elif row.code in GOPHER_PLUS_CODES:
        assert row.citation == GOPHER_PLUS
    else:
        assert row.citation == COMMON


def test_every_type_of_the_specs_is_in_the_table() -> None:
    assert set(RFC_1436_CODES + GOPHER_PLUS_CODES) <= ITEM_TYPES.keys()


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.code)
def test_a_request_for_each_type_reads_the_reply_its_row_says(row: ItemType) -> None:
    assert kind_of(row.code) == row.reply
    assert kind_of(row.code, "attributes") == "attributes"


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.code)
def test_a_menu_line_of_each_type_leads_where_its_row_says(row: ItemType) -> None:
    item = parse_menu_line(f"{row.code}Title\tsel\texample.org\t70".encode())
    assert item.itemtype == row.code
    assert item.problems == ()
    if not row.leads_somewhere:
        assert item.url is None
    elif row.session is not None:
        assert item.url == f"{row.session}://sel@example.org:70/"
    else:
        assert item.url is not None
        assert item.url.startswith("gopher://example.org/")
        request = request_from_url(parse(item.url))
        assert (request.gophertype, request.selector, request.kind) == (row.code, b"sel", row.reply)


@pytest.mark.parametrize(
    ("code", "name", "reply", "leads", "image", "icon", "extension", "session"),
    [
        # RFC 1436 §3.8
        ("0", "text", "text", True, False, "text", "", None),
        ("1", "menu", "menu", True, False, "menu", "", None),
        ("3", "error", "binary", False, False, "error", "", None),
        ("4", "BinHex file", "binary", True, False, "archive", ".hqx", None),
        ("7", "search", "menu", True, False, "search", "", None),
        ("8", "telnet", "binary", True, False, "telnet", "", "telnet"),
        ("9", "binary", "binary", True, False, "binary", ".bin", None),
        ("T", "tn3270", "binary", True, False, "telnet", "", "tn3270"),
        ("g", "GIF image", "binary", True, True, "image", ".gif", None),
        ("I", "image", "binary", True, True, "image", "", None),
        # Gopher+ §2.9
        (":", "bitmap image", "binary", True, True, "image", "", None),
        ("<", "sound", "binary", True, False, "sound", ".au", None),
        # common practice
        ("i", "info", "binary", False, False, None, "", None),
        ("h", "HTML", "text", True, False, "html", "", None),
        ("p", "PNG image", "binary", True, True, "image", ".png", None),
        ("P", "PDF", "binary", True, False, "document", ".pdf", None),
    ],
)
def test_known_types(
    code: str,
    name: str,
    reply: str,
    leads: bool,
    image: bool,
    icon: str | None,
    extension: str,
    session: str | None,
) -> None:
    row = ITEM_TYPES[code]
    assert (row.name, row.reply, row.leads_somewhere, row.shown_as_image) == (
        name,
        reply,
        leads,
        image,
    )
    assert (row.icon, row.extension, row.session) == (icon, extension, session)


@pytest.mark.parametrize("code", ["Q", "", "é", "\x00"])
def test_a_type_no_one_defined_has_no_row(code: str) -> None:
    assert item_type(code) is None
    assert type_name(code) == "unknown"
    assert kind_of(code) == "binary"


def test_an_unknown_type_in_a_menu_is_named_and_still_followed() -> None:
    item = parse_menu_line(b"QOdd\t/q\texample.org\t70")
    assert len(item.problems) == 1
    assert item.problems[0].startswith("unknown item type")
    assert item_url("Q", b"/q", "example.org", 70) == item.url == "gopher://example.org/Q/q"
