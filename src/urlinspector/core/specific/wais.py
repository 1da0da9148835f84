"""wais (RFC 1738 §3.9): a database, a search, or a document by type and path."""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from urlinspector.core._raw import AUTHORITY, QUERY, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
from urlinspector.core.specific.common import (
    _R_SLASH,
    RULES_1738,
    SCHEME_RULES,
    SchemeResult,
    _diag,
    _octets,
    _show,
    _url_path,
)

_R_WAIS_DB: Final = "database, RFC 1738 §3.9 / §5"
_R_WAIS_SLASH: Final = 'waisdoc = ... "/" database "/" wtype "/" wpath, RFC 1738 §5'
_R_WAIS_TYPE: Final = "wtype, RFC 1738 §3.9 / §5"
_R_WAIS_PATH: Final = "wpath, RFC 1738 §3.9 / §5"
_R_WAIS_Q: Final = 'waisindex = ... "/" database "?" search, RFC 1738 §5'
_R_WAIS_SEARCH: Final = "search, RFC 1738 §3.9 / §5"

WaisKind = Literal["database", "index", "document"]
"""``waisdatabase | waisindex | waisdoc`` (RFC 1738 §5): a database, a search of it, or
one document by type and path."""


class WaisFields(NamedTuple):
    """What a wais URL's own syntax holds (RFC 1738 §3.9), decoded."""

    kind: WaisKind | None
    """Which of the three forms the URL is; None without a database."""
    database: bytes | None
    """The database name, decoded."""
    search: bytes | None
    """The search after "?" (``kind == "index"``, or wrongly with a document)."""
    wtype: bytes | None
    """The document's type (``kind == "document"``)."""
    wpath: bytes | None
    """The document-id (``kind == "document"``); None when it is missing."""


_NO_WAIS_FIELDS: Final = WaisFields(kind=None, database=None, search=None, wtype=None, wpath=None)


def _wais(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[WaisFields]:
    """``waisdatabase | waisindex | waisdoc`` (RFC 1738 §5)."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    slash, u0, u1 = _url_path(text, spans, False)  # "?" starts the search
    q0, q1 = spans[QUERY]
    if slash < 0:
        a0, a1 = spans[AUTHORITY]
        if a0 >= 0:
            diags.append(
                _diag(
                    "wais-database-missing",
                    "error",
                    a1,
                    max(a1, u1, q1),
                    "a WAIS URL needs '/' and a database name after the host",
                    "RFC 1738 §3.9 / §5",
                )
            )
        return tuple(parts), _NO_WAIS_FIELDS, tuple(diags)
    parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
    bar = text.find("/", u0, u1)
    d1 = u1 if bar < 0 else bar
    raw = text[u0:d1]
    parts.append(("database", (u0, d1), raw, "wais-database", _R_WAIS_DB))
    database = _octets(raw)
    kind: WaisKind = "database"
    search = wtype = wpath = None
    if bar >= 0:
        kind = "document"
        parts.append(("/", (bar, bar + 1), "/", "separator", _R_WAIS_SLASH))
        bar2 = text.find("/", bar + 1, u1)
        t1 = u1 if bar2 < 0 else bar2
        raw = text[bar + 1 : t1]
        parts.append(("wtype", (bar + 1, t1), raw, "wais-type", _R_WAIS_TYPE))
        wtype = _octets(raw)
        if bar2 < 0:
            diags.append(
                _diag(
                    "wais-path-invalid",
                    "error",
                    bar,
                    u1,
                    f"a WAIS document URL reads /database/wtype/wpath; after the wtype "
                    f"{_show(text[bar + 1 : u1])} the '/' and wpath are missing",
                    "RFC 1738 §3.9 / §5 (waisdoc)",
                )
            )
        else:
            parts.append(("/", (bar2, bar2 + 1), "/", "separator", _R_WAIS_SLASH))
            raw = text[bar2 + 1 : u1]
            parts.append(("wpath", (bar2 + 1, u1), raw, "wais-path", _R_WAIS_PATH))
            wpath = _octets(raw)
            bar3 = text.find("/", bar2 + 1, u1)
            if bar3 >= 0 and not SCHEME_RULES.get(edition.id, RULES_1738).wais_wpath_slash:
                diags.append(
                    _diag(
                        "wais-path-invalid",
                        "warning",
                        bar3,
                        bar3 + 1,
                        "a '/' inside the wpath (the WAIS document-id) must be written %2F",
                        "RFC 1738 §3.9 / §5 (wpath = *uchar)",
                    )
                )
    if q0 >= 0:
        if text[q0 - 1 : q0] == "?":
            parts.append(("?", (q0 - 1, q0), text[q0 - 1 : q0], "separator", _R_WAIS_Q))
        raw = text[q0:q1]
        parts.append(("search", (q0, q1), raw, "search", _R_WAIS_SEARCH))
        search = _octets(raw)
        if bar >= 0:
            diags.append(
                _diag(
                    "wais-search-with-document",
                    "warning",
                    max(q0 - 1, 0),
                    q1,
                    "a WAIS URL is a database, a search (database?search) or a document "
                    "(database/wtype/wpath), never a document with a search",
                    "RFC 1738 §3.9 / §5",
                )
            )
        else:
            kind = "index"
    fields = WaisFields(kind, database, search, wtype, wpath)
    return tuple(parts), fields, tuple(diags)
