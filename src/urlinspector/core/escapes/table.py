"""Which characters are meaningful in which component, for which scheme and edition:
the rules of the specs as data, compiled into a table per (edition, component, scheme)
that says for every octet whether its escape is unnecessary, meaningful or data, and
why."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from urlinspector.core.editions import EDITIONS, Edition

_Condition = Literal[
    "", "query", "ipv6", "password-colon", "segment-params", "opaque-query", "host-period"
]

EscapeKind = Literal["unnecessary", "meaningful", "data", "invalid"]
"""How an escape reads in its component (see the package's docstring)."""


@dataclass(frozen=True, slots=True)
class _Rule:
    """Characters that delimit something in a component: their escapes are meaningful.

    ``why`` ends the sentence "%XX encodes C, which ...".  The citation is ``fixed`` if
    given (scheme rules live in RFC 1738 §3 whatever the edition), else ``edition.cite(rule)``.
    """

    chars: str
    why: str
    rule: str = ""
    fixed: str = ""
    when: _Condition = ""


# Characters that end any component but the fragment.
_END: tuple[_Rule, ...] = (
    _Rule(
        "#",
        "would end this component and start a fragment identifier if decoded "
        "(RFC 1738 §2.2: '#' should always be encoded)",
        rule="fragment",
    ),
    _Rule("?", "would end this component and start a query if decoded", "query", when="query"),
)


# Meaningful in every component, whatever the scheme.
_UNIVERSAL: tuple[_Rule, ...] = (
    _Rule(
        "%",
        "would be read as the start of another escape if decoded; "
        "a literal '%' is always written %25",
        rule="escape",
    ),
    _Rule(
        "\x00",
        "ends a string for C programs and many protocols; decoded before use it could "
        "cut the value short or hide what follows (RFC 1738 §6: encoded delimiters)",
        rule="security",
    ),
    _Rule(
        "\r\n",
        "ends a line in line-based protocols (FTP, Gopher, NNTP, SMTP, Telnet); decoded "
        "before sending it could smuggle in an extra command (RFC 1738 §6: encoded delimiters)",
        rule="security",
    ),
)


_USERINFO: tuple[_Rule, ...] = (
    _Rule("@", "would end the userinfo and make the rest read as the host if decoded", "userinfo"),
    _Rule("/", "would end the authority and start the path if decoded", "authority"),
)


_COLON_SPLITS = (
    "would split the user name from the password if decoded "
    "(RFC 1738 §3.1: ':', '@' and '/' must be encoded in a user name or password)"
)


_GOPHER_TAB = (
    "would separate the selector from a search string, or the search string from a "
    "Gopher+ string, if decoded (RFC 1738 §3.4.2, §3.4.3)"
)


_FTP_SLASH = (
    "would split a CWD argument or file name in two if decoded; %2F is how a '/' reaches "
    "a CWD or RETR command (RFC 1738 §3.2.2)"
)


_FTP: tuple[_Rule, ...] = (
    _Rule("/", _FTP_SLASH, fixed="RFC 1738 §3.2.2"),
    _Rule(
        ";", "would start the ;type= typecode if decoded (RFC 1738 §3.2.2)", fixed="RFC 1738 §3.2.2"
    ),
    *_END,
)


_PROSPERO: tuple[_Rule, ...] = (
    _Rule(
        ";", "would start a field=value pair if decoded (RFC 1738 §3.11)", fixed="RFC 1738 §3.11"
    ),
    _Rule(
        "\x00",
        "separates the hsoname from a version number in the 1993 draft's prospero URL "
        "(URL draft 1993: Prospero), so decoding it would cut the name short",
        fixed="URL draft 1993 (Prospero)",
    ),
)


_NEWS_AT = (
    "decides whether a news URL names a group or an article: the '@' marks a message-id "
    "(RFC 1738 §3.6)"
)


_COMPONENT_RULES: Mapping[str, tuple[_Rule, ...]] = {
    # generic components ---------------------------------------------------------------
    "userinfo": (_Rule(":", _COLON_SPLITS, "userinfo"), *_USERINFO, *_END),
    "user": (_Rule(":", _COLON_SPLITS, "userinfo"), *_USERINFO, *_END),
    "password": (
        *_USERINFO,
        # RFC 1738 §3.1: ":" must be encoded in a password; 3986 and 2003 allow it literally
        _Rule(":", _COLON_SPLITS, "userinfo", when="password-colon"),
        *_END,
    ),
    "host": (
        _Rule(".", "would split a domain label in two if decoded", "host", when="host-period"),
        _Rule(":", "would end the host and start the port if decoded", "authority"),
        _Rule("@", "would make what precedes it read as userinfo if decoded", "authority"),
        _Rule("/", "would end the authority and start the path if decoded", "authority"),
        _Rule("[]", "would delimit an IP literal if decoded", "ipv6", when="ipv6"),
        *_END,
    ),
    "path": (
        _Rule("/", "would split this path segment in two if decoded", "path"),
        _Rule(";", "would start segment parameters if decoded", "path", when="segment-params"),
        *_END,
    ),
    "segment": (
        _Rule("/", "would split this path segment in two if decoded", "path"),
        _Rule(";", "would start segment parameters if decoded", "path", when="segment-params"),
        *_END,
    ),
    "query": (
        _Rule("&", "would separate one name=value pair from the next if decoded", "query"),
        _Rule("=", "would separate a name from its value if decoded", "query"),
        _Rule(
            "+",
            "would read as a space in HTML form data, and separates search words in "
            "the 1993 draft (URL draft 1993 BNF: search = xalphas [+ search])",
            "query",
        ),
        _END[0],
    ),
    "fragment": (),
    "opaque": (
        _Rule(
            "?", "would end this part and start a query if decoded", "query", when="opaque-query"
        ),
        _END[0],
    ),
    # gopher (RFC 1738 §3.4) -------------------------------------------------------------------
    "selector": (
        _Rule(
            "\t",
            "would end the selector and start a search string if decoded (RFC 1738 §3.4.2)",
            fixed="RFC 1738 §3.4.2",
        ),
        *_END,
    ),
    "search": (
        _Rule(
            "\t",
            "would end the search string and start a Gopher+ string if decoded (RFC 1738 §3.4.3)",
            fixed="RFC 1738 §3.4.3",
        ),
        *_END,
    ),
    "gopher-plus": (
        _Rule(
            "\t",
            "would add another tab-separated field to the Gopher+ request if decoded (RFC 1738 "
            "§3.4.3)",
            fixed="RFC 1738 §3.4.3",
        ),
        *_END,
    ),
    # ftp (RFC 1738 §3.2.2) --------------------------------------------------------------------
    "cwd": _FTP,
    "name": _FTP,
    # news and nntp (RFC 1738 §3.6, §3.7) -------------------------------------------------------
    "group": (
        _Rule("@", _NEWS_AT, fixed="RFC 1738 §3.6"),
        _Rule(
            "/",
            "would end the group name and start an article number in an nntp URL if decoded "
            "(RFC 1738 §3.7)",
            fixed="RFC 1738 §3.7",
        ),
        *_END,
    ),
    "message-id": (
        _Rule(
            ">",
            "would end the Message-ID early when it is sent as <message-id> if decoded "
            "(RFC 1738 §3.6, RFC 1036 §2.1.5)",
            fixed="RFC 1738 §3.6",
        ),
        *_END,
    ),
    # prospero (RFC 1738 §3.11; URL draft 1993)
    # --------------------------------------------------------------
    "hsoname": (*_PROSPERO, *_END),
    "field": (
        _Rule(
            ";",
            "would start the next field=value pair if decoded (RFC 1738 §3.11)",
            fixed="RFC 1738 §3.11",
        ),
        _Rule(
            "=",
            "would split the field name from its value if decoded (RFC 1738 §3.11)",
            fixed="RFC 1738 §3.11",
        ),
        *_END,
    ),
    # wais (RFC 1738 §3.9) ----------------------------------------------------------------------
    "database": (
        _Rule(
            "/",
            "would end the database name and start the WAIS type if decoded (RFC 1738 §3.9)",
            fixed="RFC 1738 §3.9",
        ),
        *_END,
    ),
    "wpath": _END,  # the document-id is opaque (RFC 1738 §3.9)
    # mailto (RFC 1738 §3.5): "no additional characters are reserved" -------------------------
    "addr-spec": _END,
}


# A scheme's own syntax for a generic component (RFC 1738 §3).
_SCHEME_RULES: Mapping[tuple[str, str], tuple[_Rule, ...]] = {
    # RFC 1738 §3.4: within the gopher-path no characters are reserved, but %09 separates
    ("gopher", "path"): (_Rule("\t", _GOPHER_TAB, fixed="RFC 1738 §3.4.2"), *_END),
    ("ftp", "path"): _FTP,
    ("ftp", "segment"): _FTP,
    ("prospero", "path"): (*_PROSPERO, *_END),  # RFC 1738 §3.11: "/" has no significance
    ("news", "path"): (_Rule("@", _NEWS_AT, fixed="RFC 1738 §3.6"), *_END),
    ("news", "opaque"): (_Rule("@", _NEWS_AT, fixed="RFC 1738 §3.6"), *_END),
    ("mailto", "path"): _END,  # RFC 1738 §3.5
    ("mailto", "opaque"): _END,
}


# Components where no escape belongs at all: any escape there is meaningful.
_NO_ESCAPES: Mapping[str, tuple[str, str]] = {
    "scheme": (
        "a scheme name has no escapes, so decoding it gives a different scheme name",
        "scheme",
    ),
    "port": ("a port is decimal digits only, so decoding it gives a different port", "port"),
}


# The scheme a scheme-specific component implies when none is given.
_IMPLIED_SCHEME: Mapping[str, str] = {
    "selector": "gopher",
    "search": "gopher",
    "gopher-plus": "gopher",
    "cwd": "ftp",
    "name": "ftp",
    "group": "news",
    "message-id": "news",
    "hsoname": "prospero",
    "field": "prospero",
    "database": "wais",
    "wpath": "wais",
    "addr-spec": "mailto",
}


_ALIASES: Mapping[str, str] = {
    "reg-name": "host",
    "gopher+": "gopher-plus",
    "gopher+-string": "gopher-plus",
    "searchpart": "query",
    "url-path": "path",
    "rfc822-addr-spec": "addr-spec",
}


COMPONENTS: tuple[str, ...] = (
    "scheme",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "segment",
    "query",
    "fragment",
    "opaque",
    *(c for c in _COMPONENT_RULES if c in _IMPLIED_SCHEME),
)
"""The component names :func:`decode` and :func:`encode` know (``_`` may stand for ``-``);
any other name falls back to the edition's reserved set."""


# Components whose structure the caller's value carries: encode leaves these literal
# (a "/" in a path value is a segment separator), though decoding their escapes is
# meaningful.
_STRUCTURAL: Mapping[str, str] = {
    "userinfo": ":",
    "host": ".",
    "path": "/;",
    "query": "&=+",
    "field": "=",
}


_NAMED_CONTROLS: Mapping[int, str] = {
    0x00: "NUL",
    0x09: "TAB",
    0x0A: "LF (line feed)",
    0x0D: "CR (carriage return)",
    0x20: "a space",
    0x7F: "DEL",
}


def _normalize_component(component: str | None, scheme: str | None) -> str:
    if component is None:
        return ""
    name = component.strip().lower().replace("_", "-")
    name = _ALIASES.get(name, name)
    # RFC 1738 §3.3, §3.9: "search" is the query of http and wais, gopher's own otherwise
    if name == "search" and scheme in ("http", "https", "wais"):
        return "query"
    return name


def _describe(octet: int) -> str:
    if octet in _NAMED_CONTROLS:
        return _NAMED_CONTROLS[octet]
    if octet < 0x20:
        return f"the control character 0x{octet:02X}"
    c = chr(octet)
    return '"\'"' if c == "'" else f"'{c}'"


def _applies(rule: _Rule, edition: Edition, scheme: str | None) -> bool:
    when = rule.when
    if not when:
        return True
    if when == "query":
        # RFC 1738 §3.3, §3.9: under RFC 1738 "?" starts a search only in http and wais;
        # with no scheme known, assume it may (RFC 1738 §2.2: "?" may be reserved)
        return scheme is None or edition.splits_query(scheme)
    if when == "ipv6":
        return edition.ipv6_literals
    if when == "password-colon":
        return ":" not in edition.password_chars
    if when == "host-period":
        return not edition.reg_name_period_decodes
    if when == "segment-params":
        return (
            edition.segment_params
        )  # URL syntax draft 1997 appendix A: segment = *pchar *( ";" param )
    # "opaque-query"
    return "?" not in (edition.opaque_chars or edition.path_chars)


def _rules(edition: Edition, component: str, scheme: str | None) -> dict[str, tuple[str, str]]:
    """Meaningful characters of *component*: char -> (why, reference)."""
    if scheme is not None and (scheme, component) in _SCHEME_RULES:
        rules = _SCHEME_RULES[(scheme, component)]
    elif component in _COMPONENT_RULES:
        rules = _COMPONENT_RULES[component]
    elif component in _NO_ESCAPES:
        rules = _END
    else:  # unknown: the edition's reserved set (URL syntax draft 1997 §2.2, RFC 3986 §2.2)
        rules = (
            _Rule(
                "".join(sorted(edition.reserved)),
                "is a reserved character of this edition and may delimit something here if decoded",
                "reserved",
            ),
            _END[0],
        )
    out: dict[str, tuple[str, str]] = {}
    for rule in (*rules, *_UNIVERSAL):
        if not _applies(rule, edition, scheme):
            continue
        ref = rule.fixed or edition.cite(rule.rule)
        for c in rule.chars:
            out.setdefault(c, (rule.why, ref))
    return out


def _excluded_class(edition: Edition, c: str) -> str:
    for name, chars in (
        ("national, unsafe", edition.national),
        ("punctuation, unsafe", edition.punctuation),
        ("unwise", edition.unwise),
        ("delims", edition.delims),
    ):
        if c in chars:
            return name
    return "excluded"


def _is_unnecessary(edition: Edition, octet: int) -> bool:
    # Printable ASCII only: the 1993 draft counts space as "extra" (URL draft 1993 BNF), yet a
    # space must still be escaped (URL draft 1993 HTTP: "Spaces in URLs should be escaped").
    return 0x21 <= octet <= 0x7E and chr(octet) in edition.unreserved


_Info = tuple[EscapeKind, str, str]


_INVALID = "'%' must be followed by two hexadecimal digits (a literal '%' is written %25)."


def _classify(
    edition: Edition,
    octet: int,
    rules: Mapping[str, tuple[str, str]],
    no_escapes: tuple[str, str] | None,
    where: str,
) -> _Info:
    esc, c, desc = f"%{octet:02X}", chr(octet), _describe(octet)
    if c in rules:
        why, ref = rules[c]
        return "meaningful", f"{esc} encodes {desc}, which {why}.", ref
    if no_escapes is not None:
        why, rule = no_escapes
        return "meaningful", f"{esc} encodes {desc}, but {why}.", edition.cite(rule)
    if _is_unnecessary(edition, octet):
        reason = f"{esc} encodes {desc}, an unreserved character: decoding it changes nothing."
        return "unnecessary", reason, edition.cite("unreserved")
    if octet >= 0x80:
        reason = (
            f"{esc} is the octet 0x{octet:02X}, outside US-ASCII: data whose character "
            "depends on the charset it is decoded with."
        )
        return "data", reason, edition.cite("escape")
    if octet <= 0x20 or octet == 0x7F:
        reason = (
            f"{esc} encodes {desc}, which may not appear literally in a URL, "
            "so the escape is required."
        )
        return "data", reason, edition.cite("excluded")
    if c in edition.reserved:
        reason = (
            f"{esc} encodes {desc}, a reserved character with no delimiting role {where}; "
            "the escape is kept, since decoding a reserved character is not a safe "
            "normalization."
        )
        return "data", reason, edition.cite("reserved")
    reason = (
        f"{esc} encodes {desc}, which this edition does not allow literally "
        f"({_excluded_class(edition, c)}), so the escape is required."
    )
    return "data", reason, edition.cite("excluded")


def _build_table(edition: Edition, component: str, scheme: str | None) -> tuple[_Info, ...]:
    """What each of the 256 octets means as an escape in *component*."""
    rules = _rules(edition, component, scheme)
    no_escapes = _NO_ESCAPES.get(component)
    where = f"in this {component}" if component else "here"
    return tuple(_classify(edition, o, rules, no_escapes, where) for o in range(256))


@functools.lru_cache(maxsize=512)
def _cached_table(edition_id: str, component: str, scheme: str | None) -> tuple[_Info, ...]:
    return _build_table(EDITIONS[edition_id], component, scheme)


def _context(component: str | None, scheme: str | None) -> tuple[str, str | None]:
    """The normalized component name ("" for None) and the lower-case scheme, or the
    scheme a scheme-specific component implies (``selector``: gopher)."""
    sch = (scheme.strip().lower() or None) if scheme is not None else None
    comp = _normalize_component(component, sch)
    return comp, sch if sch is not None else _IMPLIED_SCHEME.get(comp)


def _is_registered(edition: Edition) -> bool:
    return EDITIONS.get(edition.id) is edition


# Schemes whose name changes a table of a registered edition.
_SCHEMES_WITH_RULES = frozenset(s for s, _ in _SCHEME_RULES).union(
    *(e.query_schemes or () for e in EDITIONS.values())
)


def _cache_key(scheme: str | None) -> str | None:
    """*scheme*, or "" for a scheme no table of a registered edition tells apart (so
    that arbitrary scheme names do not crowd the caches)."""
    if scheme is None or scheme in _SCHEMES_WITH_RULES:
        return scheme
    return ""


def _table(edition: Edition, component: str, scheme: str | None) -> tuple[_Info, ...]:
    if not _is_registered(edition):
        return _build_table(edition, component, scheme)
    return _cached_table(edition.id, component, _cache_key(scheme))
