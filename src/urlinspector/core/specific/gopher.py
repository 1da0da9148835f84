"""gopher (RFC 1738 §3.4, RFC 1436, Gopher+): the item type, the selector, the search and
the Gopher+ string; the 1993 draft's ``? search`` form."""

from __future__ import annotations

import re
from typing import Final

from urlinspector.core.editions import Edition
from urlinspector.core.model import QUERY, Diagnostic, Part, Spans
from urlinspector.core.specific.common import (
    _ESCAPE_AT,
    _R_GSEARCH_004,
    _R_GTYPE_004,
    _R_SELECTOR_004,
    _R_SLASH,
    RULES_1738,
    SCHEME_RULES,
    SchemeResult,
    _diag,
    _octets,
    _part,
    _show,
    _stray,
    _url_path,
)

_R_GTYPE: Final = "gtype, RFC 1738 §3.4.1 / §5"
_R_SELECTOR: Final = "selector, RFC 1738 §3.4.1 / §5"
_R_TAB: Final = '"%09", RFC 1738 §3.4.2 / §5'
_R_GSEARCH: Final = "search, RFC 1738 §3.4.2 / §5"
_R_GPLUS: Final = "gopher+_string, RFC 1738 §3.4.3–§3.4.9 / §5"
_ASK_PREFIX: Final = b"+\t1\r\n+-1\r\n"  # RFC 1738 §3.4.9
_CR_LF: Final = re.compile(rb"[\r\n]")
_CR_LF_TAB: Final = re.compile(rb"[\r\n\t]")


def _gopher_plus(
    text: str, g0: int, g1: int, fields: dict[str, object], diags: list[Diagnostic]
) -> None:
    """Classify a gopher+_string (RFC 1738 §3.4.4–§3.4.9)."""
    raw = text[g0:g1]
    decoded = _octets(raw)
    fields["gopher_plus"] = decoded
    if not raw:
        return
    first = raw[0]
    if raw == "+":  # §3.4.4
        fields["gopher_plus_kind"] = "default-view"
    elif raw == "?":  # §3.4.4, §3.4.5
        fields["gopher_plus_kind"] = "ask-form-item"
    elif first in "!$":  # §3.4.6, §3.4.7: names separated by coded spaces
        fields["gopher_plus_kind"] = "attributes" if first == "!" else "directory-attributes"
        names = decoded[1:].decode("utf-8", "replace").split(" ")
        fields["attributes"] = tuple(filter(None, names))  # (the non-empty names)
    elif raw.startswith("+%09"):  # §3.4.9: an ASK block filled in
        fields["gopher_plus_kind"] = "ask-data"
        lines = decoded[len(_ASK_PREFIX) :].split(b"\r\n")
        if decoded.startswith(_ASK_PREFIX) and len(lines) >= 2 and lines[-2:] == [b".", b""]:
            fields["ask_values"] = tuple(lines[:-2])
        else:
            diags.append(
                _diag(
                    "gopher-ask-data-malformed",
                    "warning",
                    g0,
                    g1,
                    "filled-in form data must read +%091%0D%0A+-1%0D%0A, then each value "
                    "followed by %0D%0A, then .%0D%0A",
                    "RFC 1738 §3.4.9",
                )
            )
    elif first == "+":  # §3.4.8: +view%20language
        fields["gopher_plus_kind"] = "alternate-view"
        view, space, language = decoded[1:].decode("utf-8", "replace").partition(" ")
        fields["view"] = view
        fields["language"] = language if space else None
    else:
        diags.append(
            _diag(
                "gopher-plus-unrecognised",
                "warning",
                g0,
                g1,
                f"the Gopher+ string {_show(raw)} is none of '+', '?', '!attr', '$attr', "
                "'+view%20lang' or a filled-in form '+%09...'",
                "RFC 1738 §3.4.3–§3.4.9",
            )
        )


def _gopher(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search
    [ "%09" gopher+_string ] ] ] ] ]`` (RFC 1738 §5); URL draft 1993: ``[/ gtype [selector]][?
    search]``."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    by_tab = SCHEME_RULES.get(edition.id, RULES_1738).gopher_search == "tab"
    fields: dict[str, object] = {
        "gophertype": "1",
        "gophertype_defaulted": True,
        "selector": b"",
        "search": None,
        "gopher_plus": None,
        "gopher_plus_kind": None,
        "attributes": None,
        "view": None,
        "language": None,
        "ask_values": None,
    }
    slash, u0, u1 = _url_path(text, spans, by_tab)
    if slash < 0:
        if u0 >= 0:
            diags.append(_stray(text, u0, u1, "gopher-path"))
    else:
        parts.append(_part(name="/", span=(slash, u0), text="/", role="separator", rule=_R_SLASH))
    if slash >= 0 and u1 > u0:
        # gtype = xchar: one character, or one escape
        g1 = u0 + 3 if text[u0] == "%" and _ESCAPE_AT.match(text, u0, u1) else u0 + 1
        gtype = text[u0:g1]
        parts.append(
            _part(
                name="gophertype",
                span=(u0, g1),
                text=gtype,
                role="gopher-type",
                rule=_R_GTYPE if by_tab else _R_GTYPE_004,
            )
        )
        fields["gophertype"] = chr(int(gtype[1:], 16)) if g1 - u0 == 3 else gtype
        fields["gophertype_defaulted"] = False
        # selector [ "%09" search [ "%09" gopher+_string ] ]: only the first two encoded
        # tabs delimit; a filled-in form (RFC 1738 §3.4.9) holds more
        tab1 = text.find("%09", g1, u1) if by_tab else -1
        tab2 = text.find("%09", tab1 + 3, u1) if tab1 >= 0 else -1
        s1 = u1 if tab1 < 0 else tab1
        raw = text[g1:s1]
        parts.append(
            _part(
                name="selector",
                span=(g1, s1),
                text=raw,
                role="selector",
                rule=_R_SELECTOR if by_tab else _R_SELECTOR_004,
            )
        )
        selector = _octets(raw)
        fields["selector"] = selector
        if 13 in selector or 10 in selector or (not by_tab and 9 in selector):  # CR, LF, tab
            _check_selector(text, g1, s1, selector, by_tab, diags)
        if tab1 >= 0:
            e1 = u1 if tab2 < 0 else tab2
            parts.append(
                _part(name="%09", span=(tab1, tab1 + 3), text="%09", role="separator", rule=_R_TAB)
            )
            parts.append(
                _part(
                    name="search",
                    span=(tab1 + 3, e1),
                    text=text[tab1 + 3 : e1],
                    role="search",
                    rule=_R_GSEARCH,
                )
            )
            search = _octets(text[tab1 + 3 : e1])
            fields["search"] = search
            if 13 in search or 10 in search:  # CR, LF
                diags.append(
                    _diag(
                        "gopher-search-invalid",
                        "error",
                        tab1 + 3,
                        e1,
                        "the search string holds an encoded CR or LF, which would end the "
                        "request line early",
                        "RFC 1738 §3.4.2; RFC 1738 §6",
                    )
                )
        if tab2 >= 0:
            parts.append(
                _part(name="%09", span=(tab2, tab2 + 3), text="%09", role="separator", rule=_R_TAB)
            )
            parts.append(
                _part(
                    name="gopher+_string",
                    span=(tab2 + 3, u1),
                    text=text[tab2 + 3 : u1],
                    role="gopher-plus",
                    rule=_R_GPLUS,
                )
            )
            _gopher_plus(text, tab2 + 3, u1, fields, diags)
    if not by_tab:
        q0, q1 = spans[QUERY]
        if q0 >= 0:
            if text[q0 - 1 : q0] == "?":
                parts.append(
                    _part(
                        name="?",
                        span=(q0 - 1, q0),
                        text=text[q0 - 1 : q0],
                        role="separator",
                        rule=_R_GSEARCH_004,
                    )
                )
            parts.append(
                _part(
                    name="search",
                    span=(q0, q1),
                    text=text[q0:q1],
                    role="search",
                    rule=_R_GSEARCH_004,
                )
            )
            fields["search"] = _octets(text[q0:q1])
    return tuple(parts), fields, tuple(diags)


def _check_selector(
    text: str, start: int, end: int, selector: bytes, by_tab: bool, diags: list[Diagnostic]
) -> None:
    """A selector holds any octet but tab, CR and LF (RFC 1738 §3.4.1)."""
    bad = (_CR_LF if by_tab else _CR_LF_TAB).search(selector)
    if bad is None:
        return
    if bad.group() == b"\t":
        diags.append(
            _diag(
                "gopher-tab-in-selector",
                "warning",
                start,
                end,
                "the 1993 draft has no %09 search: the encoded tab stays in the selector, "
                "where Gopher allows none (RFC 1738 §3.4.2 later made %09 start a search)",
                "URL draft 1993 (Gopher); RFC 1738 §3.4.1",
            )
        )
    else:
        diags.append(
            _diag(
                "gopher-selector-invalid",
                "error",
                start,
                end,
                "a Gopher selector may hold any octet but tab, CR and LF; "
                f"{_show(text[start:end])} encodes a CR or LF",
                "RFC 1738 §3.4.1",
            )
        )
