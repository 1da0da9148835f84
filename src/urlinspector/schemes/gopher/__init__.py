"""Gopher (RFC 1436) and Gopher+, sans-IO: gopher URLs as requests (RFC 1738 §3.4), replies
as events, menu items as URLs.

>>> from urlinspector.core import parse
>>> from urlinspector.schemes.gopher import request_from_url, GopherReader
>>> request = request_from_url(parse("gopher://example.org/7/find%09gopher"))
>>> request.data
b'/find\\tgopher\\r\\n'
>>> reader = GopherReader.for_request(request)
"""

from typing import TYPE_CHECKING

from urlinspector.core.on_use import every_name, names_on_use
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
)
from urlinspector.schemes.gopher.itemtypes import ITEM_TYPES, ItemType, item_type, type_name
from urlinspector.schemes.gopher.protocol import (
    MAX_LINE,
    GopherReader,
    error_in_body,
    parse_menu_line,
    read_all,
)
from urlinspector.schemes.gopher.url import (
    DEFAULT_PORT,
    GopherRequest,
    ItemKind,
    escape_selector,
    item_url,
    kind_of,
    needs_port_confirmation,
    request_from_url,
    with_search,
)

if TYPE_CHECKING:  # (what mypy reads of _ON_USE; the tests check that they agree)
    from urlinspector.schemes.gopher.plus import AskField as AskField
    from urlinspector.schemes.gopher.plus import View as View
    from urlinspector.schemes.gopher.plus import parse_ask as parse_ask
    from urlinspector.schemes.gopher.plus import parse_views as parse_views

_ON_USE = {"plus": ("AskField", "View", "parse_ask", "parse_views")}
"""The Gopher+ views and forms (:mod:`.plus`): only the viewer's pages read them, so
they are imported when first asked for, not with every fetch (:mod:`.core.on_use`)."""

__getattr__, __dir__ = names_on_use(__name__, _ON_USE)

__all__ = [
    "DEFAULT_PORT",
    "ITEM_TYPES",
    "MAX_LINE",
    "NEED_DATA",
    "Attribute",
    "Data",
    "EndOfReply",
    "Event",
    "Framing",
    "GopherReader",
    "GopherRequest",
    "ItemKind",
    "ItemType",
    "MenuItem",
    "PlusError",
    "PlusHeader",
    "error_in_body",
    "escape_selector",
    "item_type",
    "item_url",
    "kind_of",
    "needs_port_confirmation",
    "parse_menu_line",
    "read_all",
    "request_from_url",
    "type_name",
    "with_search",
    *every_name(_ON_USE),
]
