"""What the scheme modules share: the result type, the rules where the 1993 draft and
RFC 1738 read a scheme differently (as data), and small helpers to decode and report."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal, TypeVar

from urlinspector.core._raw import AUTHORITY, PATH, QUERY, SCHEME, RawPart, Regs
from urlinspector.core.model import Code, Diagnostic, Severity, Span
from urlinspector.core.registry import DEFAULT_PORTS

_Fields = TypeVar("_Fields")

SchemeResult = tuple[tuple[RawPart, ...], _Fields, tuple[Diagnostic, ...]]
"""What a scheme's syntax makes of a URL: its parts (as the parser keeps them,
:data:`.._raw.RawPart`: ``(name, span, text, role, rule)``, a :class:`.model.Part`'s
fields; each a plain tuple, which costs the parse no call), its
decoded, typed fields (the scheme's own record, e.g. ``SchemeResult[FtpFields]``) and
its findings.  Plain tuples: the parser builds one for most URLs, and
:class:`.model.SchemeParts` groups the parts and fields with the scheme and its default
port where a caller asks for them."""


_NO_DIAGNOSTICS: Final[tuple[Diagnostic, ...]] = ()
_PORTS: Final[dict[str, int]] = dict(DEFAULT_PORTS)  # a dict reads faster than the proxy
_GROUP_000: Final = re.compile(r"[A-Za-z][A-Za-z0-9.+_-]*\Z")
"""RFC 1738 summary (zh) §5: ``group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]``
(RFC 1738's copy of the BNF lost ``"+"`` and ``"_"``; the published RFC 1738 has them)."""


_GROUP_004: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9$_@.&+!*\"'():;, -]|%[0-9A-Fa-f]{2})*\Z")
"""URL draft 1993 BNF: ``group = ialpha [. group]``, ``ialpha = alpha [xalphas]`` (its ``alpha``
holds the digits; ``xalpha`` holds safe, extra and escapes)."""


@dataclass(frozen=True, slots=True)
class SchemeRules:
    """The scheme-syntax choices of one edition (where URL draft 1993 and RFC 1738 differ)."""

    gopher_search: Literal["tab", "query"]
    """``tab``: ``selector "%09" search "%09" gopher+_string`` (RFC 1738 §3.4.2, §3.4.3);
    ``query``: ``gtype [selector] [? search]`` and no %09 delimiter (URL draft 1993 BNF)."""
    prospero_version: bool
    """``hsoname %00 version`` is the edition's own syntax (URL draft 1993 "Prospero")."""
    wais_wpath_slash: bool
    """A raw ``/`` may appear in a WAIS document path (URL draft 1993 BNF: ``waisdoc = ... / wtype
    / path``); RFC 1738 §5 has ``wpath = *uchar``."""
    news_group: re.Pattern[str]
    news_group_hint: str
    """How a newsgroup name must look, for the message of ``news-group-invalid``."""
    news_group_ref: str


RULES_1738: Final = SchemeRules(
    gopher_search="tab",
    prospero_version=False,
    wais_wpath_slash=False,
    news_group=_GROUP_000,
    news_group_hint="start with a letter and hold only letters, digits, '-', '.', '+' and '_'",
    news_group_ref="RFC 1738 §3.6 / §5 (group); RFC 1738 summary (zh) §5",
)


RULES_1993: Final = SchemeRules(
    gopher_search="query",
    prospero_version=True,
    wais_wpath_slash=True,
    news_group=_GROUP_004,
    news_group_hint="start with a letter or digit and hold only letters, digits, escapes and "
    "the draft's safe and extra characters",
    news_group_ref="URL draft 1993 (BNF: group = ialpha [. group])",
)


SCHEME_RULES: Final[dict[str, SchemeRules]] = {"url-1993": RULES_1993}
"""Edition id -> scheme rules; any edition not listed reads the schemes by RFC 1738."""


_R_SLASH: Final = (
    'ip-schemepart, RFC 1738 §3.1 / §5 (the "/" before the url-path is not part of it)'
)
_R_GTYPE_004: Final = "gtype, URL draft 1993 (Gopher; BNF: gopheraddress)"
_R_SELECTOR_004: Final = "selector, URL draft 1993 (Gopher; BNF: selector = path)"
_R_GSEARCH_004: Final = "search, URL draft 1993 (BNF: gopheraddress ... [? search])"
_ESCAPE_AT: Final = re.compile(r"%[0-9A-Fa-f]{2}")
_PROSPERO_VERSION_004: Final = re.compile(r"[0-9]+[A-Za-z0-9]*\Z")  # version [attributes]


def _show(raw: str, limit: int = 40) -> str:
    """*raw* quoted for a message, shortened when long."""
    if len(raw) > limit:
        raw = raw[: limit - 1] + "…"
    return f"'{raw}'"


def _text(raw: str) -> str:
    """Decoded text of a name the grammar keeps to ASCII (group, attribute, field)."""
    if raw.isascii() and "%" not in raw:  # (the commonest name: it reads as written)
        return raw
    return _octets(raw).decode("utf-8", "replace")


def _diag(
    code: Code, severity: Severity, start: int, end: int, message: str, ref: str
) -> Diagnostic:
    """A scheme's finding at ``[start, end)``, in the ``scheme`` category."""
    return Diagnostic(code, severity, "scheme", (start, end), message, ref)


_HEX: Final = b"0123456789ABCDEFabcdef"
_ESCAPED_OCTET: Final[dict[bytes, bytes]] = {
    bytes((high, low)): bytes((int(bytes((high, low)), 16),)) for high in _HEX for low in _HEX
}
"""The two hex digits of a valid escape -> its octet."""


def _octets(raw: str) -> bytes:
    """What :func:`~.escapes.unquote_to_bytes` gives: the valid ``%HH`` escapes
    decoded, every other character encoded as UTF-8 (a ``%`` without two hex digits
    stays).  No UTF-8 sequence holds the octet of ``%`` or of a hex digit, so the
    encoded text splits at its "%"s."""
    if "%" not in raw:
        return raw.encode("utf-8", "surrogatepass")
    pieces = raw.encode("utf-8", "surrogatepass").split(b"%")
    if len(pieces) == 2:  # (one "%", the commonest escaped text: %2F, %20, %7E)
        head, tail = pieces
        octet = _ESCAPED_OCTET.get(tail[:2])
        if octet is not None:
            return head + octet + tail[2:]
    out = pieces[:1]
    for piece in pieces[1:]:
        octet = _ESCAPED_OCTET.get(piece[:2])
        if octet is None:
            out.append(b"%")
            out.append(piece)
        else:
            out.append(octet)
            out.append(piece[2:])
    return b"".join(out)


def _decoded(text: str, span: Span) -> bytes | None:
    start, end = span
    return None if start < 0 else _octets(text[start:end])


def _url_path(text: str, spans: Regs, merge_query: bool) -> tuple[int, int, int]:
    """``(slash, start, end)`` of the url-path after host[:port] (RFC 1738 §3.1).

    ``slash`` is the offset of the separating "/", or -1 when there is none; then
    ``start`` is -1 too, unless text follows the host without a "/" (``start <
    end`` marks that stray text, e.g. ``?x`` in ``ftp://host?x``).  Without an
    authority there is no url-path: ``(-1, -1, -1)``.  The caller adds the part
    for the "/".
    """
    a1 = spans[AUTHORITY][1]
    if a1 < 0:  # (no authority)
        return _NO_URL_PATH
    # it ends with the path (defined after an authority), or with the query when the
    # scheme reads "?" as an ordinary character
    end = spans[PATH][1]
    if merge_query:
        q1 = spans[QUERY][1]  # (-1 when there is none)
        if q1 > end:
            end = q1
    if end <= a1:
        return _NO_URL_PATH
    if text[a1] == "/":
        return a1, a1 + 1, end
    return -1, a1, end


_NO_URL_PATH: Final = (-1, -1, -1)


def _opaque(spans: Regs, merge_query: bool) -> tuple[int, int]:
    """The text after ``scheme:`` (RFC 1738 §5: ``schemepart``), up to the fragment."""
    s1 = spans[SCHEME][1]
    p0, end = spans[PATH]
    start = s1 + 1 if s1 >= 0 else max(p0, 0)
    if p0 < 0:
        end = start
    if merge_query:  # (a scheme that reads "?" as an ordinary character)
        q0, q1 = spans[QUERY]
        if q0 >= 0 and q1 > end:
            end = q1
    return start, end if end > start else start


def _stray(text: str, start: int, end: int, what: str) -> Diagnostic:
    return _diag(
        "scheme-slash-missing",
        "error",
        start,
        end,
        f"{_show(text[start:end])} follows the host without the '/' that must "
        f"separate it from the {what}",
        "RFC 1738 §3.1 / §5",
    )
