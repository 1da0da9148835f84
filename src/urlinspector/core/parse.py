"""One parser for every edition, driven by the tables in :mod:`.editions`.

``parse(text, edition)`` splits *text* into the generic components, keeps a span for
each, checks every character against the edition's grammar and returns a
:class:`URL`.  What a user typed never raises: departures from the grammar become
:class:`~.model.Diagnostic` findings with spans and citations.

Two routes lead to the same result:

* the general route splits with the regular expression of 001/002 appendix B
  (RFC 3986 appendix B), adjusted by the edition's grammar choices, then finds
  every character the component may not hold;
* a fast route, derived from the same tables, is one validating regular expression
  that accepts only text on which the general route finds no character to report
  and splits it identically.  What it does not accept takes the general route.

Checks that read whole components (hosts, ports, security findings, the scheme's own
syntax) run after either route, on the spans.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

import idna

from urlinspector.core.editions import DEFAULT_EDITION, Edition, get_edition
from urlinspector.core.model import (
    AUTHORITY,
    COMPONENT_NAMES,
    FRAGMENT,
    HOST,
    PASSWORD,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    UNDEFINED,
    URI,
    USER,
    USERINFO,
    Category,
    Diagnostic,
    HostKind,
    SchemeParts,
    Severity,
    Span,
    Spans,
)
from urlinspector.core.registry import SENSITIVE_PORTS, default_port
from urlinspector.core.specific import KNOWN_SCHEMES, parse_specific

__all__ = ["URL", "Segment", "parse"]

MAX_DIAGNOSTICS_PER_CODE = 50
"""Beyond this many character findings in one component, one summary stands for the rest."""


# --- the result ------------------------------------------------------------------------


class Segment(NamedTuple):
    """A path segment and its span."""

    text: str
    span: Span


class _URLFields(NamedTuple):
    text: str
    edition: Edition
    spans: Spans
    host_kind: HostKind | None
    diagnostics: tuple[Diagnostic, ...]
    specific: SchemeParts | None


class URL(_URLFields):
    """The result of :func:`parse`: immutable; every component with its span.

    Fields: ``text`` (exactly what was parsed; every span indexes into it),
    ``edition``, ``spans`` (by the index constants of :mod:`.model`), ``host_kind``,
    ``diagnostics``, ``specific`` (what the scheme's own syntax makes of the URL,
    000 §3, or None).

    Undefined components are ``None``, empty ones ``""``: ``ftp://@host.com/`` has an
    empty user, ``ftp://host.com/`` has none (000 §3.1).
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<URL {self.text!r} edition={self.edition.id}>"

    # components -------------------------------------------------------------------

    def component(self, index: int) -> str | None:
        """The text of component *index* (a constant from :mod:`.model`), or None."""
        start, end = self.spans[index]
        return None if start < 0 else self.text[start:end]

    def span(self, name: str) -> Span | None:
        """The span of a component by name (``"host"``, ``"query"`` ...), or None."""
        s = self.spans[COMPONENT_NAMES.index(name)]
        return None if s[0] < 0 else s

    @property
    def uri(self) -> str:
        """The URL without any ``<URL:...>`` wrapper."""
        start, end = self.spans[URI]
        return self.text[start:end]

    scheme = property(lambda self: self.component(SCHEME), doc="Scheme, as written.")
    authority = property(lambda self: self.component(AUTHORITY), doc="Authority (site, login).")
    userinfo = property(lambda self: self.component(USERINFO), doc="Userinfo, before the @.")
    user = property(lambda self: self.component(USER), doc="User name, as written.")
    password = property(lambda self: self.component(PASSWORD), doc="Password, as written.")
    host = property(lambda self: self.component(HOST), doc="Host, as written.")
    port = property(lambda self: self.component(PORT), doc="Port, as written.")
    path = property(lambda self: self.component(PATH), doc="Path (url-path), as written.")
    query = property(lambda self: self.component(QUERY), doc="Query (searchpart), as written.")
    fragment = property(lambda self: self.component(FRAGMENT), doc="Fragment, as written.")

    @property
    def port_number(self) -> int | None:
        """The port as an int; None when absent, empty or not all digits."""
        port = self.component(PORT)
        if port and port.isascii() and port.isdigit() and len(port) <= 20:
            return int(port)  # (a longer run of digits is no port, and int() refuses it)
        return None

    @property
    def default_port(self) -> int | None:
        return default_port(self.component(SCHEME))

    @property
    def effective_port(self) -> int | None:
        """The port a client would use: the written one, else the scheme's default."""
        number = self.port_number
        return number if number is not None else self.default_port

    @property
    def path_separator_span(self) -> Span | None:
        """The ``/`` after host[:port] that 000 §3.1 says is not part of the url-path."""
        if not self.edition.path_after_slash or self.spans[AUTHORITY][0] < 0:
            return None
        start = self.spans[PATH][0]
        if start > 0 and self.text[start - 1] == "/" and start - 1 >= self.spans[AUTHORITY][1]:
            return (start - 1, start)
        return None

    @property
    def segments(self) -> tuple[Segment, ...]:
        """The path's segments with spans; a leading ``/`` opens no empty segment."""
        start, end = self.spans[PATH]
        if start < 0 or start == end:
            return ()
        text = self.text
        pos = start + 1 if text[start] == "/" else start
        out = []
        while True:
            slash = text.find("/", pos, end)
            if slash < 0:
                out.append(Segment(text[pos:end], (pos, end)))
                return tuple(out)
            out.append(Segment(text[pos:slash], (pos, slash)))
            pos = slash + 1

    @property
    def is_absolute(self) -> bool:
        """Whether the text has a scheme (an absolute URL rather than a reference)."""
        return self.spans[SCHEME][0] >= 0

    @property
    def is_relative(self) -> bool:
        return self.spans[SCHEME][0] < 0

    @property
    def has_wrapper(self) -> bool:
        return self.spans[URI] != (0, len(self.text))

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "warning")

    @property
    def security(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.category == "security")

    @property
    def is_valid(self) -> bool:
        """No error diagnostics under this edition."""
        return not any(d.severity == "error" for d in self.diagnostics)

    # recomposition -----------------------------------------------------------------

    def recompose(self, *, wrapper: bool = True) -> str:
        """Put the components back together (001 §5.2 step 7, RFC 3986 §5.3).

        Gives back the parsed text unchanged, wrapper included unless
        ``wrapper=False``.
        """
        parts = []
        scheme = self.component(SCHEME)
        if scheme is not None:
            parts += [scheme, ":"]
        authority = self.component(AUTHORITY)
        if authority is not None:
            parts += ["//", authority]
            if self.path_separator_span is not None:
                parts.append("/")
        parts.append(self.component(PATH) or "")
        query = self.component(QUERY)
        if query is not None:
            parts += ["?", query]
        fragment = self.component(FRAGMENT)
        if fragment is not None:
            parts += ["#", fragment]
        body = "".join(parts)
        if not wrapper:
            return body
        start, end = self.spans[URI]
        return self.text[:start] + body + self.text[end:]

    def replace(self, **components: str | None) -> URL:
        """A new URL with some generic components replaced, parsed afresh under the
        same edition, inside the same ``<URL:...>`` wrapper if there was one.  Keys:
        scheme, userinfo, host, port, path, query, fragment (or authority instead of
        userinfo/host/port).  ``None`` removes a component."""
        unknown = set(components) - {
            "scheme",
            "authority",
            "userinfo",
            "host",
            "port",
            "path",
            "query",
            "fragment",
        }
        if unknown:
            raise TypeError(f"replace() got unknown components: {', '.join(sorted(unknown))}")
        if "authority" in components and components.keys() & {"userinfo", "host", "port"}:
            raise TypeError("replace() takes authority or its parts, not both")
        current: dict[str, str | None] = {
            name: self.component(COMPONENT_NAMES.index(name))
            for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query")
        }
        current["fragment"] = self.fragment
        current.update(components)
        authority = current["authority"]
        if components.keys() & {"userinfo", "host", "port"}:
            userinfo, host, port = current["userinfo"], current["host"], current["port"]
            authority = (
                ("" if userinfo is None else userinfo + "@")
                + (host or "")
                + ("" if port is None else ":" + port)
            )
        text = ""
        if current["scheme"] is not None:
            text += current["scheme"] + ":"
        path = current["path"] or ""
        if authority is not None:
            text += "//" + authority
            if self.edition.path_after_slash:
                # 000 §3.1: the "/" after host[:port] separates; it is not in the path
                # (an empty path keeps a separator the URL had; None drops it)
                keep = current["path"] == "" and self.path_separator_span is not None
                if path or keep:
                    path = "/" + path
            elif path and not path.startswith("/"):
                path = "/" + path
        text += path
        if current["query"] is not None:
            text += "?" + current["query"]
        if current["fragment"] is not None:
            text += "#" + current["fragment"]
        # the wrapper stays: without it a body such as "URL:x:" would read as wrapped
        start, end = self.spans[URI]
        return parse(self.text[:start] + text + self.text[end:], self.edition)

    # output ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every field, span and diagnostic, as JSON-ready data (schema in README)."""
        components: dict[str, Any] = {}
        for index, name in enumerate(COMPONENT_NAMES):
            start, end = self.spans[index]
            components[name] = (
                None if start < 0 else {"text": self.text[start:end], "span": [start, end]}
            )
        specific = self.specific
        return {
            "input": self.text,
            "edition": self.edition.id,
            "valid": self.is_valid,
            "absolute": self.is_absolute,
            "components": components,
            "host_kind": self.host_kind,
            "port_number": self.port_number,
            "default_port": self.default_port,
            "path_separator_span": (
                list(self.path_separator_span) if self.path_separator_span else None
            ),
            "segments": [{"text": s.text, "span": list(s.span)} for s in self.segments],
            "scheme_specific": None
            if specific is None
            else {
                "scheme": specific.scheme,
                "default_port": specific.default_port,
                "parts": [
                    {
                        "name": p.name,
                        "text": p.raw,
                        "span": list(p.span),
                        "role": p.role,
                        "rule": p.rule,
                    }
                    for p in specific.parts
                ],
                "fields": {k: _jsonable(v) for k, v in specific.fields.items()},
            },
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


def _jsonable(value: object) -> object:
    if isinstance(value, bytes):
        # octets as printable ASCII with every other octet (and "%") escaped as %HH:
        # unambiguous, and readable where the octets are text
        return "".join(chr(b) if 0x20 < b < 0x7F and b != 0x25 else f"%{b:02X}" for b in value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


# --- character tables compiled from an edition ------------------------------------------


def _char_class(chars: frozenset[str]) -> str:
    """A regex character class body holding exactly *chars*."""
    return "".join(re.escape(c) for c in sorted(chars))


class _Tables:
    """Regexes derived from one edition's tables, built once per edition."""

    def __init__(self, ed: Edition) -> None:
        self.ed = ed
        self.bad: dict[str, re.Pattern[str]] = {
            "user": self._bad_chars(ed.user_chars),
            "password": self._bad_chars(ed.password_chars),
            "userinfo": self._bad_chars(ed.user_chars | ed.password_chars | {":"}),
            "reg-name": self._bad_chars(ed.reg_name_chars),
            "path": self._bad_chars(ed.path_chars),
            "opaque": self._bad_chars(ed.opaque_chars or ed.path_chars),
            "query": self._bad_chars(ed.query_chars),
            "fragment": self._bad_chars(ed.fragment_chars),
        }
        self.fast = self._fast_regex()

    def _bad_chars(self, allowed: frozenset[str]) -> re.Pattern[str]:
        """Runs of characters *allowed* does not hold, one named group per kind."""
        ed = self.ed
        allowed = allowed | {"%"}
        ascii_chars = frozenset(chr(c) for c in range(0x80))
        kinds: dict[str, frozenset[str]] = {}
        seen: set[str] = set(allowed)

        def take(name: str, chars: frozenset[str]) -> None:
            chars = frozenset(chars) - seen
            seen.update(chars)
            kinds[name] = chars

        take("control", ed.control)
        take("space", frozenset(" "))
        take("unwise", ed.unwise | ed.national)
        take("excluded", ed.delims | ed.punctuation)
        take("reserved", ed.reserved | ed.gen_delims | ed.sub_delims)
        take("invalid", ascii_chars)
        alternatives = []
        for name in _KIND_TEXT:  # one named group per kind, in the table's order
            if name == "non_ascii":
                alternatives.append(r"(?P<non_ascii>[^\x00-\x7f]+)")
            elif kinds.get(name):
                alternatives.append(f"(?P<{name}>[{_char_class(kinds[name])}]+)")
        return re.compile("|".join(alternatives))

    def _fast_regex(self) -> re.Pattern[str] | None:
        """One validating regex with the groups in the order of :data:`.model.Spans`,
        or None for editions whose split depends on the scheme or moves the path's
        first slash (those always take the general route)."""
        ed = self.ed
        if ed.query_schemes is not None or ed.path_after_slash:
            return None
        user = _char_class(ed.user_chars | {"%"})
        password = _char_class(ed.password_chars | {"%"})
        host = _char_class(ed.reg_name_chars - {":", "@"} | {"%"})
        path = _char_class(ed.path_chars - {"/"} | {"%"})
        query = _char_class(ed.query_chars | {"%"})
        fragment = _char_class(ed.fragment_chars | {"%"})
        literal = r"\[[0-9A-Za-z:._~!$&'()*+,;=\-]*\]|" if ed.ipv6_literals else ""
        port = f"{{{ed.port_min_digits},}}"
        first = _char_class(ed.scheme_first | {c.upper() for c in ed.scheme_first})
        rest = _char_class(ed.scheme_rest | {c.upper() for c in ed.scheme_rest})
        return re.compile(
            rf"(?:([{first}][{rest}]*):)?"  # 1 scheme
            rf"(?://("  # 2 authority
            rf"(?:(([{user}]*)(?::([{password}]*))?)@)?"  # 3 userinfo, 4 user, 5 password
            rf"({literal}[{host}]*)"  # 6 host
            rf"(?::([0-9]{port}))?"  # 7 port
            rf"))?"
            rf"((?(2)(?:/[{path}]*)*|(?!//)[{path}/]*))"  # 8 path
            rf"(?:\?([{query}]*))?"  # 9 query
            rf"(?:#([{fragment}]*))?"  # 10 fragment
        )


_TABLES: dict[str, _Tables] = {}


def _tables(ed: Edition) -> _Tables:
    tables = _TABLES.get(ed.id)
    if tables is None or tables.ed is not ed:
        tables = _TABLES[ed.id] = _Tables(ed)
    return tables


# --- the general route ------------------------------------------------------------------

_SCHEME_CANDIDATE = re.compile(r"[^:/?#]+(?=:)")  # 002 appendix B: ^(([^:/?#]+):)?
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_VALID_SCHEME_3986 = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")


def _split(text: str, start: int, end: int, ed: Edition) -> list[Span]:
    """The generic split (002 appendix B), adjusted by the edition's grammar."""
    spans: list[Span] = [UNDEFINED] * 11
    spans[URI] = (start, end)
    pos = start
    scheme_lower: str | None = None
    m = _SCHEME_CANDIDATE.match(text, pos, end)
    if m:
        spans[SCHEME] = (m.start(), m.end())
        scheme_lower = m.group().lower()
        pos = m.end() + 1
    splits_query = ed.splits_query(scheme_lower)
    if text.startswith("//", pos, end):
        a_start = pos + 2
        a_end = a_start
        stops = "/?#" if splits_query else "/#"
        while a_end < end and text[a_end] not in stops:
            a_end += 1
        spans[AUTHORITY] = (a_start, a_end)
        _split_authority(text, a_start, a_end, ed, spans)
        pos = a_end
        if ed.path_after_slash and pos < end and text[pos] == "/":
            pos += 1
    hash_at = text.find("#", pos, end)
    body_end = end if hash_at < 0 else hash_at
    if hash_at >= 0:
        spans[FRAGMENT] = (hash_at + 1, end)
    question = text.find("?", pos, body_end) if splits_query else -1
    if question >= 0:
        spans[PATH] = (pos, question)
        spans[QUERY] = (question + 1, body_end)
    else:
        spans[PATH] = (pos, body_end)
    return spans


def _split_authority(text: str, start: int, end: int, ed: Edition, spans: list[Span]) -> None:
    """userinfo@host:port (RFC 3986 §3.2; 000 §3.1 login; 001 site).

    The userinfo ends at the last "@", as clients read it, so that an "@" inside it is
    reported instead of moving the host.
    """
    at = text.rfind("@", start, end)
    host_start = start
    if at >= 0:
        spans[USERINFO] = (start, at)
        colon = text.find(":", start, at)
        if colon >= 0:
            spans[USER] = (start, colon)
            spans[PASSWORD] = (colon + 1, at)
        else:
            spans[USER] = (start, at)
        host_start = at + 1
    if ed.ipv6_literals and text.startswith("[", host_start, end):
        close = text.find("]", host_start, end)
        host_end = end if close < 0 else close + 1
        if host_end < end and text[host_end] != ":":
            host_end = end  # only ":" port may follow "]": the rest is a broken literal
    else:
        colon = text.find(":", host_start, end)
        host_end = end if colon < 0 else colon
    spans[HOST] = (host_start, host_end)
    if host_end < end:
        spans[PORT] = (host_end + 1, end)


class _Findings(list[Diagnostic]):
    """The diagnostics of one parse, in the order of their spans at the end."""

    __slots__ = ()

    def add(
        self,
        code: str,
        severity: Severity,
        category: Category,
        span: Span,
        message: str,
        reference: str,
    ) -> None:
        self.append(Diagnostic(code, severity, category, span, message, reference))

    def result(self) -> tuple[Diagnostic, ...]:
        if len(self) > 1:
            self.sort(key=_span_key)
        return tuple(self)


def _span_key(d: Diagnostic) -> Span:
    return d.span


def _describe(chars: str) -> str:
    shown = []
    for ch in chars[:8]:
        if ch.isprintable() and ch != " ":
            shown.append(repr(ch))
        else:
            shown.append(f"U+{ord(ch):04X}")
    more = "" if len(chars) <= 8 else f" and {len(chars) - 8} more"
    return ", ".join(shown) + more


def _escaped(chars: str) -> str:
    """The %HH form of *chars* in UTF-8; a lone surrogate from undecodable input
    (U+DC80..U+DCFF, Python's surrogateescape) stands for its original byte."""
    try:
        octets = chars[:8].encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # other lone surrogates: their UTF-8-like form
        octets = chars[:8].encode("utf-8", "surrogatepass")
    return "".join(f"%{b:02X}" for b in octets)


_KIND_TEXT = {
    "control": ("control-char", "control character{s} {what} not allowed"),
    "space": ("space", "space{s} not allowed"),
    "non_ascii": ("non-ascii", "non-ASCII character{s} {what} not allowed"),
    "unwise": ("unwise-char", "unwise character{s} {what} not allowed"),
    "excluded": ("excluded-char", "excluded character{s} {what} not allowed"),
    "reserved": ("reserved-char", "reserved character{s} {what} not allowed"),
    "invalid": ("invalid-char", "character{s} {what} not allowed"),
}


_KIND_RULE = {"reserved": "reserved", "unwise": "excluded", "excluded": "excluded"}


def _check_chars(
    text: str,
    span: Span,
    table: str,
    where: str,
    tables: _Tables,
    out: _Findings,
) -> None:
    start, end = span
    if start < 0 or start == end:
        return
    ed = tables.ed
    for count, m in enumerate(tables.bad[table].finditer(text, start, end)):
        if count >= MAX_DIAGNOSTICS_PER_CODE:
            out.add(
                "more-invalid-chars",
                "error",
                "syntax",
                (m.start(), end),
                f"more characters this {where} may not hold follow; "
                f"only the first {MAX_DIAGNOSTICS_PER_CODE} runs are listed",
                ed.cite("characters"),
            )
            break
        kind = m.lastgroup or "invalid"
        code, template = _KIND_TEXT[kind]
        run = m.group()
        msg = template.format(s="s" if len(run) > 1 else "", what=_describe(run))
        msg = f"{msg} in the {where}; escape as {_escaped(run)}"
        ref = ed.cite(_KIND_RULE.get(kind, "characters"))
        out.add(code, "error", "syntax", m.span(), msg, ref)
    if "%" in text[start:end]:
        for count, m in enumerate(_BAD_ESCAPE.finditer(text, start, end)):
            if count >= MAX_DIAGNOSTICS_PER_CODE:
                out.add(
                    "more-bad-escapes",
                    "error",
                    "escape",
                    (m.start(), end),
                    "more bad escapes follow; only the first "
                    f"{MAX_DIAGNOSTICS_PER_CODE} are listed",
                    ed.cite("escape"),
                )
                break
            bad = text[m.start() : m.start() + 3]
            out.add(
                "bad-escape",
                "error",
                "escape",
                (m.start(), min(m.start() + 3, end)),
                f"'%' must start an escape of two hex digits ('{bad}' is not one); "
                "write a literal '%' as %25",
                ed.cite("escape"),
            )


def _check_scheme(text: str, span: Span, ed: Edition, out: _Findings) -> None:
    start, end = span
    if start < 0:
        return
    scheme = text[start:end]
    lower = scheme.lower()
    if lower[0] not in ed.scheme_first or any(c not in ed.scheme_rest for c in lower[1:]):
        out.add(
            "invalid-scheme",
            "error",
            "syntax",
            span,
            f"{scheme!r} is not a scheme name (letters, digits, '+', '-', '.'; "
            "a letter first); a relative reference cannot have ':' in its first segment",
            ed.cite("scheme"),
        )
    elif scheme != lower and scheme.isascii():
        out.add(
            "scheme-uppercase",
            "info",
            "syntax",
            span,
            f"scheme {scheme!r} is read as {lower!r}: schemes are case-insensitive "
            "and written in lower case",
            ed.cite("scheme"),
        )


def _general(text: str, start: int, end: int, ed: Edition, out: _Findings) -> list[Span]:
    tables = _tables(ed)
    spans = _split(text, start, end, ed)
    _check_scheme(text, spans[SCHEME], ed, out)
    if spans[USERINFO][0] >= 0:
        _check_chars(text, spans[USER], "user", "user name", tables, out)
        if spans[PASSWORD][0] >= 0:
            _check_chars(text, spans[PASSWORD], "password", "password", tables, out)
    # hosts are checked in _check_host; ports in _check_port
    opaque = (
        spans[SCHEME][0] >= 0
        and spans[AUTHORITY][0] < 0
        and bool(ed.opaque_chars)
        and not text.startswith("/", *spans[PATH])
    )
    _check_chars(text, spans[PATH], "opaque" if opaque else "path", "path", tables, out)
    _check_chars(text, spans[QUERY], "query", "query", tables, out)
    _check_chars(text, spans[FRAGMENT], "fragment", "fragment", tables, out)
    if spans[SCHEME][0] < 0 and spans[AUTHORITY][0] < 0:
        # RFC 3986 §4.2: the first segment of a relative-path reference has no ":"
        p_start, p_end = spans[PATH]
        slash = text.find("/", p_start, p_end)
        first_end = p_end if slash < 0 else slash
        colon = text.find(":", p_start, first_end)
        if colon >= 0:
            out.add(
                "colon-in-first-segment",
                "error",
                "syntax",
                (colon, colon + 1),
                "a relative reference cannot have ':' in its first segment; "
                "write './' before it or escape it as %3A",
                ed.cite("relative"),
            )
    return spans


# --- checks on whole components, after either route --------------------------------------

_DEC_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"  # RFC 3986 §3.2.2 dec-octet
_IPV4_DECIMAL = re.compile(rf"{_DEC_OCTET}(?:\.{_DEC_OCTET}){{3}}")
_IPV4_ANY_DIGITS = re.compile(r"\d+\.\d+\.\d+\.\d+")
_H16 = "[0-9A-Fa-f]{1,4}"
_LS32 = rf"(?:{_H16}:{_H16}|{_DEC_OCTET}(?:\.{_DEC_OCTET}){{3}})"
_IPV6 = re.compile(  # RFC 3986 §3.2.2 IPv6address (002 §3.2.2 has the same rule)
    "|".join(
        [
            rf"(?:{_H16}:){{6}}{_LS32}",
            rf"::(?:{_H16}:){{5}}{_LS32}",
            rf"(?:{_H16})?::(?:{_H16}:){{4}}{_LS32}",
            rf"(?:(?:{_H16}:){{0,1}}{_H16})?::(?:{_H16}:){{3}}{_LS32}",
            rf"(?:(?:{_H16}:){{0,2}}{_H16})?::(?:{_H16}:){{2}}{_LS32}",
            rf"(?:(?:{_H16}:){{0,3}}{_H16})?::{_H16}:{_LS32}",
            rf"(?:(?:{_H16}:){{0,4}}{_H16})?::{_LS32}",
            rf"(?:(?:{_H16}:){{0,5}}{_H16})?::{_H16}",
            rf"(?:(?:{_H16}:){{0,6}}{_H16})?::",
        ]
    )
)
_IPVFUTURE = re.compile(r"[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+")
_HOSTNAME = re.compile(  # 000 §3.1 / 001 / 002 §3.2.2 hostname: labels, toplabel starts alpha
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)*[A-Za-z](?:[A-Za-z0-9\-]*[A-Za-z0-9])?"
)
_RARE_IPV4 = re.compile(r"(?:0[xX][0-9A-Fa-f]*|\d+)(?:\.(?:0[xX][0-9A-Fa-f]*|\d+)){0,3}\.?")


def _rare_ipv4_value(host: str) -> str | None:
    """The address a BSD ``inet_aton`` reads in *host*, if it is one of the rare forms
    002 §7.3 warns about (hex, octal, fewer than four parts); None otherwise."""
    if not _RARE_IPV4.fullmatch(host):
        return None
    parts = host.rstrip(".").split(".")
    if any(len(p) > 12 for p in parts):  # too long to name an address (int() limits too)
        return None
    values = []
    for p in parts:
        if p[:2].lower() == "0x":
            values.append(int(p[2:] or "0", 16))
        elif len(p) > 1 and p[0] == "0":
            if any(c in "89" for c in p):
                return None
            values.append(int(p, 8))
        else:
            values.append(int(p))
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (5 - len(values)):
        return None
    number = 0
    for v in head:
        number = number * 256 + v
    number = (number << (8 * (5 - len(values)))) + last
    if number >= 2**32:
        return None
    dotted = ".".join(str((number >> s) & 255) for s in (24, 16, 8, 0))
    return None if dotted == host else dotted


def _script(ch: str) -> str:
    if ch.isascii():
        return "Latin" if ch.isalpha() else ""
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return ""
    first = name.split(" ", 1)[0]
    return "" if first in ("DIGIT", "HYPHEN-MINUS", "FULL", "COMBINING") else first.title()


def _check_host(
    text: str,
    spans: Spans | list[Span],
    ed: Edition,
    scheme: str | None,
    out: _Findings,
    fast: bool,
) -> tuple[HostKind, Spans | list[Span]]:
    """Classify and check the host (RFC 3986 §3.2.2; 000 §3.1 hostname | hostnumber).

    Under 002 a text that is not a valid ``server`` makes the whole authority a
    ``reg-name`` (002 §3.2.1): then the returned spans say so.
    """
    kind = _host_kind(text, spans, ed, scheme, out, fast)
    if isinstance(kind, tuple):
        return kind
    return kind, spans


def _host_kind(
    text: str,
    spans: Spans | list[Span],
    ed: Edition,
    scheme: str | None,
    out: _Findings,
    fast: bool,
) -> HostKind | tuple[HostKind, list[Span]]:
    start, end = spans[HOST]
    host = text[start:end]
    if not host:
        # 000 §3.1 login: hostport = host [ ":" port ] needs a host; a known scheme
        # says so itself (file:// may have none, 000 §3.10)
        if ed.authority_form == "login" and scheme not in KNOWN_SCHEMES:
            out.add(
                "empty-host",
                "error",
                "syntax",
                (start, end),
                "the host is empty; this edition requires a host name or address here",
                ed.cite("host"),
            )
        return "empty"
    if host[0] == "[" and ed.ipv6_literals:
        inner = host[1:-1] if host.endswith("]") else host[1:]
        if host.endswith("]") and _IPV6.fullmatch(inner):
            return "ipv6"
        if host.endswith("]") and ed.ipvfuture and _IPVFUTURE.fullmatch(inner):
            return "ipvfuture"
        out.add(
            "invalid-ip-literal",
            "error",
            "syntax",
            (start, end),
            f"{host!r} is not an IPv6 address"
            + (" or IPvFuture literal" if ed.ipvfuture else "")
            + (
                ""
                if host.endswith("]")
                else " (only ':' and a port may follow ']')"
                if "]" in host
                else " (the closing ']' is missing)"
            ),
            ed.cite("ipv6"),
        )
        return "ipv6"
    if not fast:
        _check_chars(text, (start, end), "reg-name", "host", _tables(ed), out)
    kind: HostKind = "reg-name"
    last = host[-1]
    if last.isdigit() or last == ".":
        if _IPV4_DECIMAL.fullmatch(host):
            return "ipv4"
        if _IPV4_ANY_DIGITS.fullmatch(host):
            over = [
                p if len(p) <= 12 else p[:12] + "..."
                for p in host.split(".")
                if len(p) > 12 or int(p) > 255
            ]
            if over:
                severity: Severity = "error" if ed.ipv4_any_digits else "warning"
                out.add(
                    "ipv4-octet-range",
                    severity,
                    "syntax",
                    (start, end),
                    f"{host!r} looks like an IPv4 address but {', '.join(over)} "
                    + ("is" if len(over) == 1 else "are")
                    + " over 255"
                    + ("" if ed.ipv4_any_digits else "; it is read as a registered name"),
                    ed.cite("ipv4"),
                )
            if ed.ipv4_any_digits:
                # hostnumber = digits "." digits "." digits "." digits: leading zeros
                # match the grammar, but many systems read them as octal
                _host_findings(host, start, end, ed, out)
                return "ipv4"
    if ed.hostname_grammar and not _HOSTNAME.fullmatch(
        host.rstrip(".") if ed.id == "rfc2396bis-2003" else host
    ):
        only_chars = not any(
            d.span[0] >= start and d.span[1] <= end for d in out if d.category == "syntax"
        )
        if ed.authority_form == "server-or-reg-name":
            a_start, a_end = spans[AUTHORITY]
            authority = text[a_start:a_end]
            if authority and all(c in ed.reg_name_chars or c == "%" for c in authority):
                changed = list(spans)
                for i in (USERINFO, USER, PASSWORD, PORT):
                    changed[i] = UNDEFINED
                changed[HOST] = (a_start, a_end)
                out.add(
                    "authority-reg-name",
                    "info",
                    "syntax",
                    (a_start, a_end),
                    f"{host!r} is not a hostname, so the whole authority is read as a "
                    "registry-based naming authority (reg-name), not as a server",
                    ed.cite("reg-name"),
                )
                _host_findings(host, start, end, ed, out)
                return "reg-name", changed
        if only_chars:
            out.add(
                "invalid-hostname",
                "error",
                "syntax",
                (start, end),
                f"{host!r} is not a hostname: dot-separated labels of letters, digits and "
                "'-', the last starting with a letter",
                ed.cite("host"),
            )
    _host_findings(host, start, end, ed, out)
    return kind


def _host_findings(host: str, start: int, end: int, ed: Edition, out: _Findings) -> None:
    """Security findings on a registered-name host: rare IPv4 forms and IDNs."""
    first = host[0]
    if first.isdigit():
        value = _rare_ipv4_value(host)
        if value is not None:
            out.add(
                "rare-ipv4",
                "warning",
                "security",
                (start, end),
                f"{host!r} is a rare IPv4 form: many systems read it as {value}",
                ed.cite("rare-ip"),
            )
    lower = host.lower()
    if "xn--" in lower or not host.isascii():
        _idn_findings(host, start, end, ed, out)


def _idn_findings(host: str, start: int, end: int, ed: Edition, out: _Findings) -> None:
    for code, severity, rule, message in _idn_report(host):
        out.add(code, severity, "security", (start, end), message, ed.cite(rule))


@lru_cache(maxsize=4096)
def _idn_report(host: str) -> tuple[tuple[str, Severity, str, str], ...]:
    """What to say about an internationalized host: its other form, invalid
    A-labels, labels that mix scripts (look-alikes).  Cached: hosts repeat."""
    found: list[tuple[str, Severity, str, str]] = []
    decoded = []
    for label in host.split("."):
        if label.lower().startswith("xn--"):
            try:
                decoded.append(idna.decode(label))
            except (idna.IDNAError, UnicodeError, ValueError):
                return (
                    ("idn-invalid", "warning", "idn", f"label {label!r} is not a valid A-label"),
                )
        else:
            decoded.append(label)
    unicode_host = ".".join(decoded)
    if host.isascii():
        message = f"internationalized host name: {host!r} is {unicode_host!r}"
    else:
        try:
            ascii_host = idna.encode(host, uts46=True).decode("ascii")
            message = f"internationalized host name {host!r}; its ASCII form is {ascii_host!r}"
        except (idna.IDNAError, UnicodeError, ValueError):
            message = f"internationalized host name {host!r}; it has no valid IDNA form"
    found.append(("idn", "info", "idn", message))
    for label in unicode_host.split("."):
        scripts = {s for s in map(_script, label) if s}
        if len(scripts) > 1:
            found.append(
                (
                    "mixed-script",
                    "warning",
                    "semantic-attack",
                    f"host label {label!r} mixes scripts ({', '.join(sorted(scripts))}): "
                    "a look-alike of another name?",
                )
            )
    return tuple(found)


def _check_port(text: str, span: Span, ed: Edition, scheme: str | None, out: _Findings) -> None:
    start, end = span
    if start < 0:
        return
    port = text[start:end]
    if not port:
        if ed.port_min_digits:
            out.add(
                "empty-port",
                "error",
                "syntax",
                (start - 1, end),
                "':' after the host must be followed by a port number in this edition",
                ed.cite("port"),
            )
        return
    if not (port.isascii() and port.isdigit()):
        out.add(
            "invalid-port",
            "error",
            "syntax",
            span,
            f"port {port!r} is not a decimal number",
            ed.cite("port"),
        )
        return
    number = int(port) if len(port) <= 20 else 1 << 64  # int() refuses 4300+ digits
    if number > 65535:
        shown = port if len(port) <= 20 else port[:12] + f"... ({len(port)} digits)"
        out.add(
            "port-out-of-range",
            "error",
            "syntax",
            span,
            f"port {shown} is out of range (0 to 65535)",
            ed.cite("port"),
        )
        return
    default = default_port(scheme)
    if number == default:
        return
    service = SENSITIVE_PORTS.get(number)
    if number < 1024 or service:
        what = f" ({service})" if service else ""
        out.add(
            "low-port",
            "warning",
            "security",
            span,
            f"port {number}{what} is not this scheme's default"
            + (f" ({default})" if default else "")
            + ": a client could be made to talk to another service "
            "(the gopher-to-SMTP attack)",
            ed.cite("port-abuse"),
        )
    else:
        out.add(
            "non-default-port",
            "info",
            "security",
            span,
            f"port {number} is not this scheme's default" + (f" ({default})" if default else ""),
            ed.cite("port-abuse"),
        )


_LOOKALIKE = re.compile(r"(?:[A-Za-z0-9\-]+\.)+[A-Za-z]{2,}")
_ENCODED_CONTROL = re.compile(r"%(?:0[dDaA0])")
_ENCODED_NAMES = {"0d": "CR", "0a": "LF", "00": "NUL"}


def _security(
    text: str,
    spans: Spans,
    ed: Edition,
    specific: SchemeParts | None,
    out: _Findings,
) -> None:
    u_start, u_end = spans[USERINFO]
    if u_start >= 0:
        userinfo = text[u_start:u_end]
        h_start, h_end = spans[HOST]
        real_host = text[h_start:h_end] if h_start >= 0 else ""
        if _LOOKALIKE.search(userinfo):
            out.add(
                "userinfo-lookalike",
                "warning",
                "security",
                (u_start, u_end),
                f"the userinfo {userinfo!r} looks like a host name, but the host is "
                f"{real_host!r}: everything before '@' is user information",
                ed.cite("semantic-attack"),
            )
    p_start, p_end = spans[PASSWORD]
    if p_start >= 0:
        out.add(
            "password",
            "warning",
            "security",
            (p_start, p_end),
            "the URL carries a password in clear text",
            ed.cite("password"),
        )
    if "%0" in text:
        _encoded_controls(text, spans, ed, specific, out)


def _encoded_controls(
    text: str,
    spans: Spans,
    ed: Edition,
    specific: SchemeParts | None,
    out: _Findings,
) -> None:
    """Encoded CR, LF or NUL in a part a protocol would send (000 §6)."""
    allowed: list[Span] = []
    if specific is not None:
        # delimiters the scheme itself defines with these escapes (gopher+ forms,
        # the 1993 prospero version separator)
        allowed = [p.span for p in specific.parts if p.role in ("separator", "gopher-plus")]
    for index in (USERINFO, HOST, PATH, QUERY):
        start, end = spans[index]
        if start < 0:
            continue
        for m in _ENCODED_CONTROL.finditer(text, start, end):
            if any(a <= m.start() and m.end() <= b for a, b in allowed):
                continue
            name = _ENCODED_NAMES[m.group()[1:].lower()]
            out.add(
                "encoded-control",
                "warning",
                "security",
                m.span(),
                f"{m.group()} encodes {name} in the {COMPONENT_NAMES[index]}: "
                "decoded and sent, it could end a protocol command or inject another",
                ed.cite("security"),
            )


# --- wrappers ---------------------------------------------------------------------------

_URL_PREFIX = re.compile(r"[Uu][Rr][Ll]:[ \t]*(?=[A-Za-z][A-Za-z0-9+.\-]*:)")


def _strip_wrapper(text: str, ed: Edition, out: _Findings) -> tuple[int, int]:
    """``<URL:...>``, ``<...>`` and ``URL:`` (000 appendix, 004 §1.3, 001/002 appendix E)."""
    start, end = 0, len(text)
    if not text:
        return start, end
    first = text[0]
    if first not in "<Uu":
        return start, end
    if first == "<" and text[-1] == ">" and end >= 2:
        start, end = 1, end - 1
    m = _URL_PREFIX.match(text, start, end)
    if m:
        start = m.end()
    if start:
        out.add(
            "wrapper",
            "info",
            "wrapper",
            (0, start),
            f"{text[:start]!r}"
            + (" and '>'" if end < len(text) else "")
            + " wrap the URL in plain text; they are not part of it",
            ed.cite("wrapper"),
        )
    return start, end


_PLAIN_HOST_FIRST = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_PLAIN_HOST_LAST = _PLAIN_HOST_FIRST


# --- parse ------------------------------------------------------------------------------


def parse(text: str, edition: str | Edition = DEFAULT_EDITION) -> URL:
    """Parse *text* under *edition* (an id from :data:`.editions.EDITION_IDS`).

    Never raises for any ``str``; a text that is not a URL under the edition gets
    error diagnostics.  Raises ``TypeError`` for a non-``str`` and
    :class:`~.errors.UnknownEditionError` for an unknown edition id.
    """
    if type(text) is not str and not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    ed = edition if type(edition) is Edition else get_edition(edition)
    tables = _TABLES.get(ed.id)
    if tables is None or tables.ed is not ed:
        tables = _tables(ed)
    out = _Findings()
    end = len(text)
    start = 0
    if text and text[0] in "<Uu":
        start, end = _strip_wrapper(text, ed, out)
    spans: Spans | list[Span] | None = None
    fast = tables.fast
    if fast is not None:
        m = fast.fullmatch(text, start, end)
        if (
            m is not None
            # without a scheme, a ":" may mean a bad scheme or a bad first segment
            # (RFC 3986 §4.2): the general route says which
            and (m.start(1) >= 0 or ":" not in text)
            and ("%" not in text or _BAD_ESCAPE.search(text, start, end) is None)
        ):
            spans = m.regs
    is_fast = spans is not None
    if spans is None:
        spans = _general(text, start, end, ed, out)
    s_start, s_end = spans[SCHEME]
    scheme: str | None = None
    if s_start >= 0:
        written = text[s_start:s_end]
        scheme = written.lower()
        if is_fast and scheme != written:
            _check_scheme(text, spans[SCHEME], ed, out)
    host_kind: HostKind | None = None
    h_start, h_end = spans[HOST]
    if h_start >= 0:
        if (
            is_fast
            and h_end > h_start
            and not ed.hostname_grammar
            and text[h_start] in _PLAIN_HOST_FIRST
            and text[h_end - 1] in _PLAIN_HOST_LAST
            and "xn--" not in text[h_start:h_end].lower()
        ):
            # the common case, decided without the full check: a registered name
            # that starts with a letter (no IPv4 form), ends in a letter (not an
            # IPv4 address) and holds no IDN label; the fast route checked its
            # characters already
            host_kind = "reg-name"
        else:
            host_kind, spans = _check_host(text, spans, ed, scheme, out, is_fast)
    if spans[PORT][0] >= 0:
        _check_port(text, spans[PORT], ed, scheme, out)
    if spans[FRAGMENT][0] >= 0 and not ed.fragment_in_grammar:
        out.add(
            "fragment-outside-url",
            "info",
            "syntax",
            (spans[FRAGMENT][0] - 1, spans[FRAGMENT][1]),
            "in this edition the fragment is not part of the URL; it belongs to the "
            "reference that holds it",
            ed.cite("fragment"),
        )
    spans = tuple(spans)
    specific: SchemeParts | None = None
    if scheme is not None:
        specific, scheme_findings = parse_specific(text, scheme, spans, ed)
        if scheme_findings:
            out.extend(scheme_findings)
    if spans[USERINFO][0] >= 0 or "%0" in text:
        _security(text, spans, ed, specific, out)
    return URL(text, ed, spans, host_kind, out.result() if out else (), specific)
