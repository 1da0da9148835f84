"""Scheme-specific syntax: what ftp, http, gopher, mailto, news, nntp, telnet, wais,
file and prospero make of a URL the generic parser has already split.

The scheme grammars are those of 000 §3 and §5 (RFC 1738, with the BNF restored from
003 §5); the 1993 draft (004, "Specific Schemes" and its BNF) differs in a few places,
listed once in :data:`SCHEME_RULES`.  Every later edition (001, 002, RFC 3986) leaves
these schemes as RFC 1738 defined them, so they read them by the 000 rules.

One function per scheme, chosen through :data:`SCHEME_PARSERS` (a table, not an
if-chain).  Each gets the spans of the generic split and returns named, spanned
:data:`~urlinspector.core.model.Part` tuples (for colouring) and decoded, typed
``fields``.  Nothing here raises for any input text: offsets come from the spans and
every lookup is a slice.

Where the generic split and the scheme grammar disagree, the scheme grammar wins:

* the ``/`` after host[:port] is a separator, never part of the url-path (000 §3.1),
  whether the edition's path span holds it (001 on) or not (000, 004);
* for schemes whose grammar has no ``?`` search (ftp, gopher, news, nntp, prospero,
  file, mailto) a ``?`` is an ordinary character (000 §5: fsegment, selector,
  psegment, xchar hold "?"), so a query span split off by the edition is read back
  into the url-path.  http, https and wais keep their search part; gopher does too in
  the 1993 draft (004 BNF: ``gopheraddress ... [? search]``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from urlinspector.core.editions import Edition
from urlinspector.core.model import (
    AUTHORITY,
    HOST,
    PASSWORD,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    USER,
    USERINFO,
    Diagnostic,
    Part,
    SchemeParts,
    Severity,
    Span,
    Spans,
)
from urlinspector.core.registry import DEFAULT_PORTS

__all__ = [
    "HPATH_RULE",
    "HSEARCH_RULE",
    "KNOWN_SCHEMES",
    "NEEDS_AUTHORITY",
    "RULES_1738",
    "RULES_1993",
    "SCHEME_PARSERS",
    "SCHEME_RULES",
    "SchemeParser",
    "SchemeRules",
    "authority_findings",
    "parse_specific",
    "scheme_result",
]

SchemeResult = tuple[tuple[Part, ...], dict[str, object], tuple[Diagnostic, ...]]
"""What a scheme's syntax makes of a URL: its parts (see :data:`.model.Part`), its
decoded, typed ``fields`` and its findings.  Plain tuples: the parser builds one for
most URLs, and :class:`.model.SchemeParts` groups the parts and fields with the scheme
and its default port where a caller asks for them."""
_NO_DIAGNOSTICS: tuple[Diagnostic, ...] = ()
_PORTS: dict[str, int] = dict(DEFAULT_PORTS)  # a dict reads faster than the proxy


# --- what the editions disagree on, as data ---------------------------------------------

_GROUP_000 = re.compile(r"[A-Za-z][A-Za-z0-9.+_-]*\Z")
"""003 §5: ``group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`` (000's copy of
the BNF lost ``"+"`` and ``"_"``; the published RFC 1738 has them)."""

_GROUP_004 = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9$_@.&+!*\"'():;, -]|%[0-9A-Fa-f]{2})*\Z")
"""004 BNF: ``group = ialpha [. group]``, ``ialpha = alpha [xalphas]`` (its ``alpha``
holds the digits; ``xalpha`` holds safe, extra and escapes)."""


@dataclass(frozen=True, slots=True)
class SchemeRules:
    """The scheme-syntax choices of one edition (where 004 and 000 differ)."""

    gopher_search: Literal["tab", "query"]
    """``tab``: ``selector "%09" search "%09" gopher+_string`` (000 §3.4.2, §3.4.3);
    ``query``: ``gtype [selector] [? search]`` and no %09 delimiter (004 BNF)."""
    prospero_version: bool
    """``hsoname %00 version`` is the edition's own syntax (004 "Prospero")."""
    wais_wpath_slash: bool
    """A raw ``/`` may appear in a WAIS document path (004 BNF: ``waisdoc = ... / wtype
    / path``); 000 §5 has ``wpath = *uchar``."""
    news_group: re.Pattern[str]
    news_group_hint: str
    """How a newsgroup name must look, for the message of ``news-group-invalid``."""
    news_group_ref: str


RULES_1738 = SchemeRules(
    gopher_search="tab",
    prospero_version=False,
    wais_wpath_slash=False,
    news_group=_GROUP_000,
    news_group_hint="start with a letter and hold only letters, digits, '-', '.', '+' and '_'",
    news_group_ref="000 §3.6 / §5 (group); 003 §5",
)
RULES_1993 = SchemeRules(
    gopher_search="query",
    prospero_version=True,
    wais_wpath_slash=True,
    news_group=_GROUP_004,
    news_group_hint="start with a letter or digit and hold only letters, digits, escapes and "
    "the draft's safe and extra characters",
    news_group_ref="004 (BNF: group = ialpha [. group])",
)

SCHEME_RULES: dict[str, SchemeRules] = {"url-1993": RULES_1993}
"""Edition id -> scheme rules; any edition not listed reads the schemes by 000."""


# --- citations ----------------------------------------------------------------------------

_R_SLASH = 'ip-schemepart, 000 §3.1 / §5 (the "/" before the url-path is not part of it)'
_R_FTP_CWD = "fsegment (cwd), 000 §3.2.2 / §5"
_R_FTP_NAME = "fsegment (name), 000 §3.2.2 / §5"
_R_FTP_SLASH = 'fpath = fsegment *[ "/" fsegment ], 000 §5'
_R_FTP_TYPE_SEP = '";type=", 000 §3.2.3 / §5'
_R_FTP_TYPE = "ftptype, 000 §3.2.2 / §5"
HPATH_RULE = "hpath, 000 §3.3 / §5"
HSEARCH_RULE = "searchpart (search), 000 §3.3 / §5"
"""(The rules of the http parts are public: ``parse`` builds the parts of the
commonest web URLs itself.)"""
_R_GTYPE = "gtype, 000 §3.4.1 / §5"
_R_GTYPE_004 = "gtype, 004 (Gopher; BNF: gopheraddress)"
_R_SELECTOR = "selector, 000 §3.4.1 / §5"
_R_SELECTOR_004 = "selector, 004 (Gopher; BNF: selector = path)"
_R_TAB = '"%09", 000 §3.4.2 / §5'
_R_GSEARCH = "search, 000 §3.4.2 / §5"
_R_GSEARCH_004 = "search, 004 (BNF: gopheraddress ... [? search])"
_R_GPLUS = "gopher+_string, 000 §3.4.3–§3.4.9 / §5"
_R_ADDR = "encoded822addr (rfc822-addr-spec), 000 §3.5 / §5"
_R_GROUP = "group, 000 §3.6 / §5; 003 §5"
_R_ARTICLE = "article (message-id), 000 §3.6 / §5"
_R_ALL = 'grouppart = "*", 000 §3.6 / §5'
_R_NNTP_GROUP = "group, 000 §3.7 / §5"
_R_NNTP_SLASH = 'nntpurl = "nntp://" hostport "/" group [ "/" digits ], 000 §5'
_R_NNTP_ARTICLE = "digits (article-number), 000 §3.7 / §5"
_R_TELNET_SLASH = 'telneturl = "telnet://" login [ "/" ], 000 §3.8 / §5'
_R_WAIS_DB = "database, 000 §3.9 / §5"
_R_WAIS_SLASH = 'waisdoc = ... "/" database "/" wtype "/" wpath, 000 §5'
_R_WAIS_TYPE = "wtype, 000 §3.9 / §5"
_R_WAIS_PATH = "wpath, 000 §3.9 / §5"
_R_WAIS_Q = 'waisindex = ... "/" database "?" search, 000 §5'
_R_WAIS_SEARCH = "search, 000 §3.9 / §5"
_R_FILE_PATH = "fpath, 000 §3.10; 003 §5 (fileurl)"
_R_HSONAME = "hsoname (ppath), 000 §3.11 / §5"
_R_PVERSION_SEP = '"%00", 004 (Prospero; BNF: prosperolink)'
_R_PVERSION = "version, 004 (Prospero; BNF: prosperolink)"
_R_FIELD_SEP = 'fieldspec = ";" fieldname "=" fieldvalue, 000 §3.11 / §5'
_R_FIELD = "fieldspec, 000 §3.11 / §5"


# --- small helpers ------------------------------------------------------------------------

_ESCAPE_AT = re.compile(r"%[0-9A-Fa-f]{2}")
_FTP_TYPE = re.compile(r";type=([^;/]*)\Z", re.IGNORECASE)
_PROSPERO_VERSION_004 = re.compile(r"[0-9]+[A-Za-z0-9]*\Z")  # version [attributes]
_ASK_PREFIX = b"+\t1\r\n+-1\r\n"  # 000 §3.4.9
_CR_LF = re.compile(rb"[\r\n]")
_CR_LF_TAB = re.compile(rb"[\r\n\t]")


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
    code: str, severity: Severity, start: int, end: int, message: str, ref: str
) -> Diagnostic:
    return Diagnostic((code, severity, "scheme", (start, end), message, ref))


_HEX = b"0123456789ABCDEFabcdef"
_ESCAPED_OCTET: dict[bytes, bytes] = {
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


def _url_path(text: str, spans: Spans, merge_query: bool) -> tuple[int, int, int]:
    """``(slash, start, end)`` of the url-path after host[:port] (000 §3.1).

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


_NO_URL_PATH = (-1, -1, -1)


def _opaque(spans: Spans, merge_query: bool) -> tuple[int, int]:
    """The text after ``scheme:`` (000 §5: ``schemepart``), up to the fragment."""
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
        "000 §3.1 / §5",
    )


# --- what every scheme asks of its authority -------------------------------------------------


@dataclass(frozen=True, slots=True)
class _SchemeInfo:
    section: str
    needs_authority: bool
    login: bool
    """``login`` (user, password allowed) rather than ``hostport`` in 000 §5."""
    port: bool = True


def authority_findings(text: str, scheme: str, spans: Spans) -> list[Diagnostic]:
    """What *scheme* (one of :data:`SCHEME_PARSERS`) asks of the authority of *text*
    and does not find: a host where it needs one, no userinfo or port it leaves out
    (000 §3.1, §5).  Tested cheaply first: with a host when the scheme needs one, and
    no userinfo or port, there is nothing to say (the common case)."""
    info = _INFO[scheme]
    found: list[Diagnostic] = []
    if (
        (info.needs_authority and spans[HOST][0] >= spans[HOST][1])
        or (not info.login and spans[USERINFO][0] >= 0)
        or (not info.port and spans[PORT][0] >= 0)
    ):
        _check_authority(text, scheme, spans, info, found)
    return found


_INFO: dict[str, _SchemeInfo] = {
    "ftp": _SchemeInfo("000 §3.2", True, True),
    "http": _SchemeInfo("000 §3.3", True, False),
    "https": _SchemeInfo("000 §3.3; RFC 2818", True, False),
    "gopher": _SchemeInfo("000 §3.4", True, False),
    "mailto": _SchemeInfo("000 §3.5", False, False),
    "news": _SchemeInfo("000 §3.6", False, False),
    "nntp": _SchemeInfo("000 §3.7", True, False),
    "telnet": _SchemeInfo("000 §3.8", True, True),
    "wais": _SchemeInfo("000 §3.9", True, False),
    "file": _SchemeInfo("000 §3.10", False, False, port=False),
    "prospero": _SchemeInfo("000 §3.11", True, False),
}


NEEDS_AUTHORITY: frozenset[str] = frozenset(
    name for name, info in _INFO.items() if info.needs_authority
)
"""The schemes whose URLs need a host: without one, :func:`authority_findings` says so."""


def _check_authority(
    text: str, scheme: str, spans: Spans, info: _SchemeInfo, out: list[Diagnostic]
) -> None:
    """``scheme-requires-authority``, ``scheme-requires-host`` and what the scheme's
    ``hostport`` leaves out (000 §3.1, §5)."""
    a0, a1 = spans[AUTHORITY]
    if a0 < 0:
        if info.needs_authority:
            s0, s1 = spans[SCHEME]
            start = s1 + 1 if s1 >= 0 else max(spans[PATH][0], 0)
            end = max(spans[PATH][1], spans[QUERY][1], start)
            if end == start and s0 >= 0:  # nothing after "scheme:": point at the scheme
                start, end = s0, s1
            out.append(
                Diagnostic(
                    (
                        "scheme-requires-authority",
                        "error",
                        "scheme",
                        (start, end),
                        f"{scheme} URLs start with '//' and a host after '{scheme}:' "
                        f"({scheme}://host/...)",
                        f"{info.section}; 000 §3.1",
                    ),
                )
            )
        return
    if info.needs_authority:
        h0, h1 = spans[HOST]
        if h0 >= h1:
            out.append(
                Diagnostic(
                    (
                        "scheme-requires-host",
                        "error",
                        "scheme",
                        (max(a0 - 2, 0), a1),
                        f"{scheme} URLs need a host name or address after '//'",
                        f"{info.section}; 000 §3.1",
                    ),
                )
            )
    if not info.login:
        u0, u1 = spans[USERINFO]
        if u0 >= 0:
            out.append(
                Diagnostic(
                    (
                        "scheme-userinfo-not-allowed",
                        "warning",
                        "scheme",
                        (u0, u1 + 1),
                        f"{scheme} URLs carry no user name or password: "
                        f"{_show(text[u0 : u1 + 1])} is not part of their syntax",
                        f"{info.section} / §5 (hostport, not login)",
                    ),
                )
            )
    if not info.port:
        p0, p1 = spans[PORT]
        if p0 >= 0:
            out.append(
                Diagnostic(
                    (
                        "scheme-port-not-allowed",
                        "warning",
                        "scheme",
                        (p0 - 1, p1),
                        f"{scheme} URLs name a host but no port: "
                        f"{_show(text[p0 - 1 : p1])} is not part of their syntax",
                        f"{info.section}; 003 §5 (fileurl)",
                    ),
                )
            )


# --- http, https: 000 §3.3 (kept cheap: this runs on every web URL) -------------------------


def _http(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`` (000 §5).

    The path and search are kept as written: 004 ("HTTP") says the path is passed
    transparently to the server, not understood by the client.  The commonest web URLs
    never come here: :func:`~.parse.parse` builds the same parts itself.
    """
    p0, p1 = p = spans[PATH]
    q0, q1 = q = spans[QUERY]
    path = text[p0:p1] if p0 >= 0 else None
    search = text[q0:q1] if q0 >= 0 else None
    fields: dict[str, object] = {"path": path, "search": search}
    if path is None:
        if search is None:
            return (), fields, _NO_DIAGNOSTICS
        # a query without a path: no edition splits so, but be safe
        return (("searchpart", q, search, "http-search", HSEARCH_RULE),), fields, _NO_DIAGNOSTICS
    if search is None:
        return (("path", p, path, "http-path", HPATH_RULE),), fields, _NO_DIAGNOSTICS
    return (
        (
            ("path", p, path, "http-path", HPATH_RULE),
            ("searchpart", q, search, "http-search", HSEARCH_RULE),
        ),
        fields,
        _NO_DIAGNOSTICS,
    )


# --- ftp: 000 §3.2 ---------------------------------------------------------------------------


def _ftp(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`` (000 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    cwd: tuple[bytes, ...] = ()
    name: bytes | None = None
    typecode: str | None = None
    slash, u0, u1 = _url_path(text, spans, True)  # fsegment holds "?"
    if slash < 0:
        if u0 >= 0:
            diags.append(_stray(text, u0, u1, "url-path"))
    else:
        parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
        f1 = u1  # end of fpath
        # ";type=" ftptype ends the fpath; ftptype holds no ";" or "/", so only the
        # last ";" can start it
        last = text.rfind(";", u0, u1)
        m = _FTP_TYPE.match(text, last, u1) if last >= 0 else None
        if m is not None:
            f1 = last
        # the fsegments: cwd1 / cwd2 / ... / name (000 §3.2.2); each decoded on its own,
        # so "%2F" stays inside its argument
        fpath = text[u0:f1]
        *segments, raw = fpath.split("/")
        pos = u0
        for segment in segments:
            bar = pos + len(segment)
            parts += (
                ("cwd", (pos, bar), segment, "ftp-cwd", _R_FTP_CWD),
                ("/", (bar, bar + 1), "/", "separator", _R_FTP_SLASH),
            )
            pos = bar + 1
        parts.append(("name", (pos, f1), raw, "ftp-name", _R_FTP_NAME))
        if "%" in fpath:
            cwd = tuple(map(_octets, segments))
            name = _octets(raw)
        else:  # (no escape: the encoded fpath splits where the text does)
            *octets, name = fpath.encode("utf-8", "surrogatepass").split(b"/")
            cwd = tuple(octets)
        semi = text.find(";", u0, f1) if last >= 0 else -1
        if semi >= 0:
            diags.append(
                _diag(
                    "ftp-semicolon-unescaped",
                    "warning",
                    semi,
                    semi + 1,
                    "';' is reserved in an ftp path and may only start ';type='; "
                    "write %3B for a ';' inside a name",
                    "000 §3.2.2",
                )
            )
        if m is not None:
            t0, t1 = m.span(1)
            parts.append((";type=", (last, t0), text[last:t0], "separator", _R_FTP_TYPE_SEP))
            raw = text[t0:t1]
            parts.append(("typecode", (t0, t1), raw, "ftp-typecode", _R_FTP_TYPE))
            if len(raw) == 1 and raw in "AIDaid":
                typecode = raw.lower()
            else:
                diags.append(
                    _diag(
                        "ftp-typecode-invalid",
                        "error",
                        last,
                        t1,
                        f"the typecode {_show(raw)} must be one letter: a (ASCII), "
                        "i (image, binary) or d (directory listing)",
                        "000 §3.2.2 / §5 (ftptype)",
                    )
                )
    user = password = None
    if spans[USERINFO][0] >= 0:
        user = _decoded(text, spans[USER])
        password = _decoded(text, spans[PASSWORD])
    fields: dict[str, object] = {
        "user": user,
        "password": password,
        "cwd": cwd,
        "name": name,
        "typecode": typecode,
    }
    return tuple(parts), fields, tuple(diags) if diags else _NO_DIAGNOSTICS


# --- gopher: 000 §3.4 ------------------------------------------------------------------------


def _gopher_plus(
    text: str, g0: int, g1: int, fields: dict[str, object], diags: list[Diagnostic]
) -> None:
    """Classify a gopher+_string (000 §3.4.4–§3.4.9)."""
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
                    "000 §3.4.9",
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
                "000 §3.4.3–§3.4.9",
            )
        )


def _gopher(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search
    [ "%09" gopher+_string ] ] ] ] ]`` (000 §5); 004: ``[/ gtype [selector]][? search]``."""
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
        parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
    if slash >= 0 and u1 > u0:
        # gtype = xchar: one character, or one escape
        g1 = u0 + 3 if text[u0] == "%" and _ESCAPE_AT.match(text, u0, u1) else u0 + 1
        gtype = text[u0:g1]
        parts.append(
            (
                "gophertype",
                (u0, g1),
                gtype,
                "gopher-type",
                _R_GTYPE if by_tab else _R_GTYPE_004,
            )
        )
        fields["gophertype"] = chr(int(gtype[1:], 16)) if g1 - u0 == 3 else gtype
        fields["gophertype_defaulted"] = False
        # selector [ "%09" search [ "%09" gopher+_string ] ]: only the first two encoded
        # tabs delimit; a filled-in form (000 §3.4.9) holds more
        tab1 = text.find("%09", g1, u1) if by_tab else -1
        tab2 = text.find("%09", tab1 + 3, u1) if tab1 >= 0 else -1
        s1 = u1 if tab1 < 0 else tab1
        raw = text[g1:s1]
        parts.append(
            ("selector", (g1, s1), raw, "selector", _R_SELECTOR if by_tab else _R_SELECTOR_004)
        )
        selector = _octets(raw)
        fields["selector"] = selector
        if 13 in selector or 10 in selector or (not by_tab and 9 in selector):  # CR, LF, tab
            _check_selector(text, g1, s1, selector, by_tab, diags)
        if tab1 >= 0:
            e1 = u1 if tab2 < 0 else tab2
            parts.append(("%09", (tab1, tab1 + 3), "%09", "separator", _R_TAB))
            parts.append(("search", (tab1 + 3, e1), text[tab1 + 3 : e1], "search", _R_GSEARCH))
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
                        "000 §3.4.2; 000 §6",
                    )
                )
        if tab2 >= 0:
            parts.append(("%09", (tab2, tab2 + 3), "%09", "separator", _R_TAB))
            parts.append(
                (
                    "gopher+_string",
                    (tab2 + 3, u1),
                    text[tab2 + 3 : u1],
                    "gopher-plus",
                    _R_GPLUS,
                )
            )
            _gopher_plus(text, tab2 + 3, u1, fields, diags)
    if not by_tab:
        q0, q1 = spans[QUERY]
        if q0 >= 0:
            if text[q0 - 1 : q0] == "?":
                parts.append(("?", (q0 - 1, q0), text[q0 - 1 : q0], "separator", _R_GSEARCH_004))
            parts.append(("search", (q0, q1), text[q0:q1], "search", _R_GSEARCH_004))
            fields["search"] = _octets(text[q0:q1])
    return tuple(parts), fields, tuple(diags)


def _check_selector(
    text: str, start: int, end: int, selector: bytes, by_tab: bool, diags: list[Diagnostic]
) -> None:
    """A selector holds any octet but tab, CR and LF (000 §3.4.1)."""
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
                "where Gopher allows none (000 §3.4.2 later made %09 start a search)",
                "004 (Gopher); 000 §3.4.1",
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
                "000 §3.4.1",
            )
        )


# --- mailto: 000 §3.5 ------------------------------------------------------------------------


def _mailto(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``mailtourl = "mailto:" encoded822addr`` (000 §5): the whole opaque part."""
    diags: list[Diagnostic] = []
    start, end = _opaque(spans, True)  # no characters are reserved in it
    raw = text[start:end]
    parts = [("addr-spec", (start, end), raw, "mail-address", _R_ADDR)]
    if not raw:
        diags.append(
            _diag(
                "mailto-address-empty",
                "error",
                max(start - 1, 0),
                start,
                "a mailto URL needs an address after 'mailto:'",
                "000 §3.5 / §5 (encoded822addr = 1*xchar)",
            )
        )
    elif "@" not in raw:
        diags.append(
            _diag(
                "mailto-no-at",
                "warning",
                start,
                end,
                f"the address {_show(raw)} has no '@': an RFC 822 addr-spec is local-part@domain",
                "000 §3.5",
            )
        )
    question = raw.find("?")
    if question >= 0:
        diags.append(
            _diag(
                "mailto-query-in-address",
                "info",
                start + question,
                end,
                f"000 reserves no '?' in a mailto URL, so {_show(raw[question:])} is read as "
                "part of the address (RFC 6068 later made it a header list)",
                "000 §3.5",
            )
        )
    fields: dict[str, object] = {"addr_spec": _octets(raw)}
    return tuple(parts), fields, tuple(diags)


# --- news: 000 §3.6 --------------------------------------------------------------------------


def _news(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``newsurl = "news:" grouppart``; ``grouppart = "*" | group | article`` (000 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    fields: dict[str, object] = {"kind": None, "group": None, "message_id": None}
    a0, a1 = spans[AUTHORITY]
    if a0 >= 0:
        diags.append(
            _diag(
                "news-host-not-allowed",
                "warning",
                a0 - 2,
                a1,
                "news URLs name no server (the reader's own news host is used); "
                "write nntp://host/group for a given server",
                "000 §3.6; 004 (News, note 1)",
            )
        )
        slash, start, end = _url_path(text, spans, True)
        if slash < 0:
            start = end = a1
        else:
            parts.append(("/", (slash, start), "/", "separator", _R_SLASH))
    else:
        start, end = _opaque(spans, True)
    raw = text[start:end]
    if not raw:
        diags.append(
            _diag(
                "news-grouppart-empty",
                "error",
                max(start - 1, 0),
                start,
                "a news URL needs a newsgroup name, a message-id or '*' after 'news:'",
                "000 §3.6 / §5 (grouppart)",
            )
        )
    elif raw == "*":
        parts.append(("*", (start, end), raw, "news-group", _R_ALL))
        fields["kind"] = "all"
    elif "@" in raw:
        parts.append(("message-id", (start, end), raw, "message-id", _R_ARTICLE))
        fields["kind"] = "article"
        fields["message_id"] = _text(raw)
        at = raw.rfind("@")
        bracketed = raw[:1] == "<" or raw[:3].upper() == "%3C"
        if at == 0 or at == len(raw) - 1 or bracketed:
            diags.append(
                _diag(
                    "news-message-id-invalid",
                    "warning",
                    start,
                    end,
                    f"the message-id {_show(raw)} should read unique@full_domain_name, "
                    "without the enclosing '<' and '>'",
                    "000 §3.6 / §5 (article)",
                )
            )
    else:
        parts.append(("newsgroup-name", (start, end), raw, "news-group", _R_GROUP))
        fields["kind"] = "group"
        fields["group"] = _text(raw)
        rules = SCHEME_RULES.get(edition.id, RULES_1738)
        if rules.news_group.match(raw) is None:
            diags.append(
                _diag(
                    "news-group-invalid",
                    "warning",
                    start,
                    end,
                    f"the newsgroup name {_show(raw)} must {rules.news_group_hint}",
                    rules.news_group_ref,
                )
            )
    return tuple(parts), fields, tuple(diags)


# --- nntp: 000 §3.7 --------------------------------------------------------------------------


def _nntp(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``nntpurl = "nntp://" hostport "/" group [ "/" digits ]`` (000 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    group: str | None = None
    number: int | None = None
    slash, u0, u1 = _url_path(text, spans, True)
    if slash >= 0:
        parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
        bar = text.find("/", u0, u1)
    else:
        bar = -1
    g1 = u1 if bar < 0 else bar
    if slash >= 0 and g1 > u0:
        raw = text[u0:g1]
        parts.append(("newsgroup-name", (u0, g1), raw, "news-group", _R_NNTP_GROUP))
        group = _text(raw)
        rules = SCHEME_RULES.get(edition.id, RULES_1738)
        if rules.news_group.match(raw) is None:
            diags.append(
                _diag(
                    "news-group-invalid",
                    "warning",
                    u0,
                    g1,
                    f"the newsgroup name {_show(raw)} must {rules.news_group_hint}",
                    rules.news_group_ref,
                )
            )
    elif spans[AUTHORITY][0] >= 0:
        a1 = spans[AUTHORITY][1]
        diags.append(
            _diag(
                "nntp-group-missing",
                "error",
                a1,
                max(u1, a1 + 1) if slash >= 0 else max(u1, a1),
                "an nntp URL needs '/' and a newsgroup name after the host "
                "(nntp://host/group or nntp://host/group/article-number)",
                "000 §3.7 / §5",
            )
        )
    if bar >= 0:
        parts.append(("/", (bar, bar + 1), "/", "separator", _R_NNTP_SLASH))
        raw = text[bar + 1 : u1]
        parts.append(("article-number", (bar + 1, u1), raw, "article-number", _R_NNTP_ARTICLE))
        if raw.isascii() and raw.isdigit() and len(raw) <= 4000:  # int()'s own limit: 4300
            number = int(raw)
        else:
            diags.append(
                _diag(
                    "nntp-article-not-digits",
                    "error",
                    bar + 1 if raw else bar,
                    u1 if raw else bar + 1,
                    f"the article number {_show(raw)} must be decimal digits"
                    if raw
                    else "the '/' after the newsgroup name must be followed by an article number",
                    "000 §3.7 / §5 (digits)",
                )
            )
    fields: dict[str, object] = {"group": group, "article_number": number}
    return tuple(parts), fields, tuple(diags)


# --- telnet: 000 §3.8 ------------------------------------------------------------------------


def _telnet(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``telneturl = "telnet://" login [ "/" ]`` (000 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    slash, u0, u1 = _url_path(text, spans, True)
    if slash >= 0:
        parts.append(("/", (slash, u0), "/", "telnet-slash", _R_TELNET_SLASH))
    if u0 >= 0 and u1 > u0:
        diags.append(
            _diag(
                "telnet-path-not-allowed",
                "error",
                u0,
                u1,
                f"a telnet URL ends after the host (and an optional '/'): "
                f"{_show(text[u0:u1])} has no meaning here",
                "000 §3.8 / §5",
            )
        )
    fields: dict[str, object] = {
        "user": _decoded(text, spans[USER]),
        "password": _decoded(text, spans[PASSWORD]),
        "trailing_slash": slash >= 0,
    }
    return tuple(parts), fields, tuple(diags)


# --- wais: 000 §3.9 --------------------------------------------------------------------------


def _wais(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``waisdatabase | waisindex | waisdoc`` (000 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    fields: dict[str, object] = {
        "kind": None,
        "database": None,
        "search": None,
        "wtype": None,
        "wpath": None,
    }
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
                    "000 §3.9 / §5",
                )
            )
        return tuple(parts), fields, tuple(diags)
    parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
    bar = text.find("/", u0, u1)
    d1 = u1 if bar < 0 else bar
    raw = text[u0:d1]
    parts.append(("database", (u0, d1), raw, "wais-database", _R_WAIS_DB))
    fields["database"] = _octets(raw)
    fields["kind"] = "database"
    if bar >= 0:
        fields["kind"] = "document"
        parts.append(("/", (bar, bar + 1), "/", "separator", _R_WAIS_SLASH))
        bar2 = text.find("/", bar + 1, u1)
        t1 = u1 if bar2 < 0 else bar2
        raw = text[bar + 1 : t1]
        parts.append(("wtype", (bar + 1, t1), raw, "wais-type", _R_WAIS_TYPE))
        fields["wtype"] = _octets(raw)
        if bar2 < 0:
            diags.append(
                _diag(
                    "wais-path-invalid",
                    "error",
                    bar,
                    u1,
                    f"a WAIS document URL reads /database/wtype/wpath; after the wtype "
                    f"{_show(text[bar + 1 : u1])} the '/' and wpath are missing",
                    "000 §3.9 / §5 (waisdoc)",
                )
            )
        else:
            parts.append(("/", (bar2, bar2 + 1), "/", "separator", _R_WAIS_SLASH))
            raw = text[bar2 + 1 : u1]
            parts.append(("wpath", (bar2 + 1, u1), raw, "wais-path", _R_WAIS_PATH))
            fields["wpath"] = _octets(raw)
            bar3 = text.find("/", bar2 + 1, u1)
            if bar3 >= 0 and not SCHEME_RULES.get(edition.id, RULES_1738).wais_wpath_slash:
                diags.append(
                    _diag(
                        "wais-path-invalid",
                        "warning",
                        bar3,
                        bar3 + 1,
                        "a '/' inside the wpath (the WAIS document-id) must be written %2F",
                        "000 §3.9 / §5 (wpath = *uchar)",
                    )
                )
    if q0 >= 0:
        if text[q0 - 1 : q0] == "?":
            parts.append(("?", (q0 - 1, q0), text[q0 - 1 : q0], "separator", _R_WAIS_Q))
        raw = text[q0:q1]
        parts.append(("search", (q0, q1), raw, "search", _R_WAIS_SEARCH))
        fields["search"] = _octets(raw)
        if bar >= 0:
            diags.append(
                _diag(
                    "wais-search-with-document",
                    "warning",
                    max(q0 - 1, 0),
                    q1,
                    "a WAIS URL is a database, a search (database?search) or a document "
                    "(database/wtype/wpath), never a document with a search",
                    "000 §3.9 / §5",
                )
            )
        else:
            fields["kind"] = "index"
    return tuple(parts), fields, tuple(diags)


# --- file: 000 §3.10 -------------------------------------------------------------------------


def _file(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``fileurl = "file://" [ host | "localhost" ] "/" fpath`` (003 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    h0, h1 = spans[HOST]
    host = text[h0:h1] if h0 >= 0 else None
    path: bytes | None = None
    if spans[AUTHORITY][0] >= 0:
        slash, u0, u1 = _url_path(text, spans, True)
        if slash >= 0:
            parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
        elif u0 >= 0:
            diags.append(_stray(text, u0, u1, "path"))
            u0 = -1
    else:
        start, u1 = _opaque(spans, True)
        diags.append(
            _diag(
                "file-authority-missing",
                "info",
                start,
                u1,
                "000 writes file URLs as file://host/path (file:///path for this machine); "
                "this one has no '//' (RFC 8089 later allowed that form)",
                "000 §3.10; 003 §5 (fileurl)",
            )
        )
        u0 = -1
        if u1 > start and text[start] == "/":
            parts.append(("/", (start, start + 1), "/", "separator", _R_SLASH))
            u0 = start + 1
        elif u1 > start:
            u0 = start
    if u0 >= 0:
        raw = text[u0:u1]
        parts.append(("path", (u0, u1), raw, "file-path", _R_FILE_PATH))
        path = _octets(raw)
    fields: dict[str, object] = {
        "host": host,
        "local": host is None or host == "" or host.lower() == "localhost",
        "path": path,
    }
    return tuple(parts), fields, tuple(diags)


# --- prospero: 000 §3.11, 004 "Prospero" -------------------------------------------------------


def _prospero(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult:
    """``prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`` (000 §5);
    004: ``prospero://hostport/hsoname [%00 version [attributes]]``."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    fields: dict[str, object] = {"hsoname": None, "version": None, "fieldspecs": ()}
    slash, u0, u1 = _url_path(text, spans, True)  # psegment holds "?"
    if slash < 0:
        if u0 >= 0:
            diags.append(_stray(text, u0, u1, "hsoname"))
        elif spans[AUTHORITY][0] >= 0:
            a1 = spans[AUTHORITY][1]
            diags.append(
                _diag(
                    "prospero-hsoname-missing",
                    "error",
                    a1,
                    a1,
                    "a prospero URL needs '/' and the host-specific object name after the host",
                    "000 §3.11 / §5",
                )
            )
        return tuple(parts), fields, tuple(diags)
    parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
    semi = text.find(";", u0, u1)
    n1 = u1 if semi < 0 else semi
    nul = text.find("%00", u0, n1)
    h1 = n1 if nul < 0 else nul
    raw = text[u0:h1]
    parts.append(("hsoname", (u0, h1), raw, "hsoname", _R_HSONAME))
    fields["hsoname"] = _octets(raw)
    if nul >= 0:
        version = text[nul + 3 : n1]
        parts.append(("%00", (nul, nul + 3), "%00", "separator", _R_PVERSION_SEP))
        parts.append(("version", (nul + 3, n1), version, "prospero-version", _R_PVERSION))
        fields["version"] = _text(version)
        if not SCHEME_RULES.get(edition.id, RULES_1738).prospero_version:
            diags.append(
                _diag(
                    "prospero-version-dropped",
                    "info",
                    nul,
                    n1,
                    "'%00' and a version come from the 1993 draft; RFC 1738 dropped them, "
                    "so a server may read them as part of the hsoname (use "
                    ";OBJECT-VERSION=)",
                    "004 (Prospero); 000 §3.11",
                )
            )
        elif _PROSPERO_VERSION_004.match(version) is None:
            diags.append(
                _diag(
                    "prospero-version-invalid",
                    "warning",
                    nul + 3,
                    n1,
                    f"the version {_show(version)} should be digits (optionally followed "
                    "by letters and digits naming attributes)",
                    "004 (BNF: prosperolink, version = digits)",
                )
            )
    specs: list[tuple[str, str]] = []
    pos = semi
    while pos >= 0:
        nxt = text.find(";", pos + 1, u1)
        f1 = u1 if nxt < 0 else nxt
        parts.append((";", (pos, pos + 1), ";", "separator", _R_FIELD_SEP))
        raw = text[pos + 1 : f1]
        parts.append(("fieldspec", (pos + 1, f1), raw, "prospero-field", _R_FIELD))
        fname, eq, value = raw.partition("=")
        specs.append((_text(fname), _text(value)))
        if not eq or not fname:
            diags.append(
                _diag(
                    "prospero-fieldspec-invalid",
                    "warning",
                    pos,
                    f1,
                    f"the field {_show(raw)} should read ;name=value",
                    "000 §3.11 / §5 (fieldspec)",
                )
            )
        pos = nxt
    fields["fieldspecs"] = tuple(specs)
    return tuple(parts), fields, tuple(diags)


# --- dispatch --------------------------------------------------------------------------------

SchemeParser = Callable[[str, str, Spans, Edition], SchemeResult]
"""``parser(text, scheme, spans, edition)``: the parts, fields and findings of the
scheme's syntax after its authority; :func:`scheme_result` adds
:func:`authority_findings`."""

SCHEME_PARSERS: dict[str, SchemeParser] = {
    "ftp": _ftp,
    "http": _http,
    "https": _http,
    "gopher": _gopher,
    "mailto": _mailto,
    "news": _news,
    "nntp": _nntp,
    "telnet": _telnet,
    "wais": _wais,
    "file": _file,
    "prospero": _prospero,
}
"""Lower-case scheme -> its parser (000 §3 lists the schemes; https is RFC 2818)."""

KNOWN_SCHEMES: frozenset[str] = frozenset(SCHEME_PARSERS)


def scheme_result(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult | None:
    """What *scheme*'s own syntax (000 §3, §5; 004) makes of *text*, split into *spans*,
    with what it asks of the authority: None for a scheme without specific syntax.
    Never raises for any text: problems in what the user typed come back as findings
    (category ``"scheme"``) with a span into *text* and a citation."""
    parser = SCHEME_PARSERS.get(scheme)
    if parser is None or len(spans) <= QUERY:
        return None
    found = authority_findings(text, scheme, spans)
    parts, fields, own = parser(text, scheme, spans, edition)
    return parts, fields, (*found, *own) if found else own


def parse_specific(
    text: str, scheme: str, spans: Spans, edition: Edition
) -> tuple[SchemeParts | None, tuple[Diagnostic, ...]]:
    """:func:`scheme_result` as a :class:`.model.SchemeParts` and the findings;
    ``(None, ())`` for a scheme without specific syntax."""
    result = scheme_result(text, scheme, spans, edition)
    if result is None:
        return None, _NO_DIAGNOSTICS
    parts, fields, found = result
    return SchemeParts((scheme, parts, _PORTS.get(scheme), fields)), found
