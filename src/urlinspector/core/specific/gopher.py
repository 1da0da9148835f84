"""gopher (RFC 1738 §3.4, RFC 1436, Gopher+): the item type, the selector, the search and
the Gopher+ string; the 1993 draft's ``? search`` form."""

from __future__ import annotations

import re
from typing import Final, Literal, NamedTuple

from urlinspector.core._raw import QUERY, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
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


GopherPlusKind = Literal[
    "default-view",
    "ask-form-item",
    "attributes",
    "directory-attributes",
    "ask-data",
    "alternate-view",
]
"""What a Gopher+ string asks for (RFC 1738 §3.4.4–§3.4.9): ``+`` the default view,
``?`` an item's electronic form, ``!`` / ``$`` an item's or a directory's attributes,
``+%09...`` a filled-in form, ``+view%20language`` another view."""


class GopherFields(NamedTuple):
    """What a gopher URL's own syntax holds (RFC 1738 §3.4), decoded."""

    gophertype: str
    """The item type (RFC 1738 §3.4.1), one character (an escape decoded); ``"1"`` when
    the URL gives none."""
    gophertype_defaulted: bool
    """Whether the URL gives no type, so ``gophertype`` is the default ``"1"``."""
    selector: bytes
    """The selector, decoded (empty when the URL has none)."""
    search: bytes | None
    """The search after ``%09`` (RFC 1738 §3.4.2; ``?`` in URL draft 1993), or None."""
    gopher_plus: bytes | None
    """The Gopher+ string after the second ``%09`` (RFC 1738 §3.4.3), or None."""
    gopher_plus_kind: GopherPlusKind | None
    """What the Gopher+ string asks for; None without one, or for one not recognised."""
    attributes: tuple[str, ...] | None
    """The attribute names of a ``!`` or ``$`` string (RFC 1738 §3.4.6, §3.4.7)."""
    view: str | None
    """The view of a ``+view%20language`` string (RFC 1738 §3.4.8)."""
    language: str | None
    """Its language, or None when it names none."""
    ask_values: tuple[bytes, ...] | None
    """The values of a well-formed filled-in form (RFC 1738 §3.4.9)."""


_GopherPlus = tuple[
    bytes | None,
    GopherPlusKind | None,
    tuple[str, ...] | None,
    str | None,
    str | None,
    tuple[bytes, ...] | None,
]
"""A Gopher+ string decoded and classified: the last six of :class:`GopherFields`
(``gopher_plus``, ``gopher_plus_kind``, ``attributes``, ``view``, ``language``,
``ask_values``), in their order."""

_NO_GOPHER_PLUS: Final[_GopherPlus] = (None, None, None, None, None, None)


def _plus(
    string: bytes,
    kind: GopherPlusKind | None = None,
    *,
    attributes: tuple[str, ...] | None = None,
    view: str | None = None,
    language: str | None = None,
    ask_values: tuple[bytes, ...] | None = None,
) -> _GopherPlus:
    """A :data:`_GopherPlus`, its values by name."""
    return string, kind, attributes, view, language, ask_values


def _gopher_plus(text: str, g0: int, g1: int, diags: list[Diagnostic]) -> _GopherPlus:
    """Classify a gopher+_string (RFC 1738 §3.4.4–§3.4.9)."""
    raw = text[g0:g1]
    decoded = _octets(raw)
    if not raw:
        return _plus(decoded)
    first = raw[0]
    if raw == "+":  # §3.4.4
        return _plus(decoded, "default-view")
    if raw == "?":  # §3.4.4, §3.4.5
        return _plus(decoded, "ask-form-item")
    if first in "!$":  # §3.4.6, §3.4.7: names separated by coded spaces
        names = decoded[1:].decode("utf-8", "replace").split(" ")
        return _plus(
            decoded,
            "attributes" if first == "!" else "directory-attributes",
            attributes=tuple(filter(None, names)),  # (the non-empty names)
        )
    if raw.startswith("+%09"):  # §3.4.9: an ASK block filled in
        lines = decoded[len(_ASK_PREFIX) :].split(b"\r\n")
        if decoded.startswith(_ASK_PREFIX) and len(lines) >= 2 and lines[-2:] == [b".", b""]:
            return _plus(decoded, "ask-data", ask_values=tuple(lines[:-2]))
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
        return _plus(decoded, "ask-data")
    if first == "+":  # §3.4.8: +view%20language
        view, space, language = decoded[1:].decode("utf-8", "replace").partition(" ")
        return _plus(decoded, "alternate-view", view=view, language=language if space else None)
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
    return _plus(decoded)


def _gopher(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[GopherFields]:
    """``gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search
    [ "%09" gopher+_string ] ] ] ] ]`` (RFC 1738 §5); URL draft 1993: ``[/ gtype [selector]][?
    search]``."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    by_tab = SCHEME_RULES.get(edition.id, RULES_1738).gopher_search == "tab"
    gophertype = "1"  # RFC 1738 §3.4.1: "If <gophertype> is omitted, it defaults to 1"
    selector = b""
    search: bytes | None = None
    plus = _NO_GOPHER_PLUS
    slash, u0, u1 = _url_path(text, spans, by_tab)
    if slash < 0:
        if u0 >= 0:
            diags.append(_stray(text, u0, u1, "gopher-path"))
    else:
        parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
    if slash >= 0 and u1 > u0:
        # gtype = xchar: one character, or one escape
        g1 = u0 + 3 if text[u0] == "%" and _ESCAPE_AT.match(text, u0, u1) else u0 + 1
        gtype = text[u0:g1]
        parts.append(
            ("gophertype", (u0, g1), gtype, "gopher-type", _R_GTYPE if by_tab else _R_GTYPE_004)
        )
        gophertype = chr(int(gtype[1:], 16)) if g1 - u0 == 3 else gtype
        # selector [ "%09" search [ "%09" gopher+_string ] ]: only the first two encoded
        # tabs delimit; a filled-in form (RFC 1738 §3.4.9) holds more
        tab1 = text.find("%09", g1, u1) if by_tab else -1
        tab2 = text.find("%09", tab1 + 3, u1) if tab1 >= 0 else -1
        s1 = u1 if tab1 < 0 else tab1
        raw = text[g1:s1]
        parts.append(
            ("selector", (g1, s1), raw, "selector", _R_SELECTOR if by_tab else _R_SELECTOR_004)
        )
        selector = _octets(raw)
        if 13 in selector or 10 in selector or (not by_tab and 9 in selector):  # CR, LF, tab
            _check_selector(text, g1, s1, selector, by_tab, diags)
        if tab1 >= 0:
            e1 = u1 if tab2 < 0 else tab2
            parts.append(("%09", (tab1, tab1 + 3), "%09", "separator", _R_TAB))
            parts.append(("search", (tab1 + 3, e1), text[tab1 + 3 : e1], "search", _R_GSEARCH))
            search = _octets(text[tab1 + 3 : e1])
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
            parts.append(("%09", (tab2, tab2 + 3), "%09", "separator", _R_TAB))
            parts.append(
                ("gopher+_string", (tab2 + 3, u1), text[tab2 + 3 : u1], "gopher-plus", _R_GPLUS)
            )
            plus = _gopher_plus(text, tab2 + 3, u1, diags)
    if not by_tab:
        q0, q1 = spans[QUERY]
        if q0 >= 0:
            if text[q0 - 1 : q0] == "?":
                parts.append(("?", (q0 - 1, q0), text[q0 - 1 : q0], "separator", _R_GSEARCH_004))
            parts.append(("search", (q0, q1), text[q0:q1], "search", _R_GSEARCH_004))
            search = _octets(text[q0:q1])
    gophertype_defaulted = slash < 0 or u1 <= u0
    gopher_plus, gopher_plus_kind, attributes, view, language, ask_values = plus
    fields = GopherFields(
        gophertype,
        gophertype_defaulted,
        selector,
        search,
        gopher_plus,
        gopher_plus_kind,
        attributes,
        view,
        language,
        ask_values,
    )
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
