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
syntax) run after either route, on the spans.  The fast route skips those that cannot
find anything: a second regular expression, a part of the first one's language with
the same groups, accepts the commonest web URLs (lower-case ``http`` or ``https``, no
userinfo, a plain registered name, an IPv4 address or an IPv6 literal, no encoded CR,
LF or NUL), on which only the port can call for a finding; and a URL of a known scheme
whose host is of a common kind skips the host checks.  Nothing is cached between calls
but the IDN decoding of a host name (:func:`_idn_report`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

import idna

from urlinspector.core.editions import DEFAULT_EDITION, EDITIONS, Edition, get_edition
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
    Part,
    Record,
    SchemeParts,
    Severity,
    Span,
    Spans,
    record,
)
from urlinspector.core.registry import DEFAULT_PORTS, SENSITIVE_PORTS, default_port
from urlinspector.core.specific import (
    HPATH_RULE,
    HSEARCH_RULE,
    KNOWN_SCHEMES,
    NEEDS_AUTHORITY,
    SCHEME_PARSERS,
    SchemeParser,
    authority_findings,
    scheme_result,
)

__all__ = ["URL", "Segment", "parse"]

MAX_DIAGNOSTICS_PER_CODE = 50
"""Beyond this many character findings in one component, one summary stands for the rest."""


# --- the result ------------------------------------------------------------------------


@record
class Segment(Record):
    """A path segment and its span."""

    __slots__ = ()

    text: str
    span: Span


@record
class _URLFields(Record):
    __slots__ = ()

    text: str
    edition: Edition
    spans: Spans
    host_kind: HostKind | None
    diagnostics: tuple[Diagnostic, ...]
    scheme_parts: tuple[Part, ...]
    scheme_fields: Mapping[str, object] | None


def _component(index: int, doc: str) -> Any:
    """A property for the text of component *index*, or None (as ``URL.component``)."""

    def get(self: _URLFields) -> str | None:
        start, end = self.spans[index]
        return None if start < 0 else self.text[start:end]

    return property(get, doc=doc)


class URL(_URLFields):
    """The result of :func:`parse`: immutable; every component with its span.

    Fields: ``text`` (exactly what was parsed; every span indexes into it),
    ``edition``, ``spans`` (by the index constants of :mod:`.model`), ``host_kind``,
    ``diagnostics``, and what the scheme's own syntax (000 §3) makes of the URL:
    ``scheme_parts`` (see :data:`.model.Part`) and ``scheme_fields`` (None for a
    scheme without one).  :attr:`specific` groups those two with the scheme and its
    default port.

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

    scheme = _component(SCHEME, "Scheme, as written.")
    authority = _component(AUTHORITY, "Authority (site, login).")
    userinfo = _component(USERINFO, "Userinfo, before the @.")
    user = _component(USER, "User name, as written.")
    password = _component(PASSWORD, "Password, as written.")
    host = _component(HOST, "Host, as written.")
    port = _component(PORT, "Port, as written.")
    path = _component(PATH, "Path (url-path), as written.")
    query = _component(QUERY, "Query (searchpart), as written.")
    fragment = _component(FRAGMENT, "Fragment, as written.")

    @property
    def specific(self) -> SchemeParts | None:
        """What the scheme's own syntax (000 §3) makes of the URL: its parts and
        fields with the scheme (in lower case) and its default port; None for a
        scheme without specific syntax, or no scheme."""
        fields = self.scheme_fields
        if fields is None:
            return None
        start, end = self.spans[SCHEME]
        scheme = self.text[start:end].lower()
        return SchemeParts((scheme, self.scheme_parts, _DEFAULT_PORTS.get(scheme), fields))

    @property
    def port_number(self) -> int | None:
        """The port as an int; None when absent, empty or not all digits."""
        start, end = self.spans[PORT]
        port = self.text[start:end] if start >= 0 else None
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
                out.append(Segment((text[pos:end], (pos, end))))
                return tuple(out)
            out.append(Segment((text[pos:slash], (pos, slash))))
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
                    {"name": name, "text": raw, "span": list(span), "role": role, "rule": rule}
                    for name, span, raw, role, rule in specific.parts
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
        self._allowed: dict[str, frozenset[str]] = {
            "user": ed.user_chars,
            "password": ed.password_chars,
            "userinfo": ed.user_chars | ed.password_chars | {":"},
            "reg-name": ed.reg_name_chars,
            "path": ed.path_chars,
            "opaque": ed.opaque_chars or ed.path_chars,
            "query": ed.query_chars,
            "fragment": ed.fragment_chars,
        }
        self.bad: dict[str, re.Pattern[str]] = {
            name: self._bad_chars(allowed) for name, allowed in self._allowed.items()
        }
        self.first_bad: dict[str, re.Pattern[str]] = {
            name: re.compile(f"[^{_char_class(allowed | {'%'})}]")
            for name, allowed in self._allowed.items()
        }
        """The first character a component may not hold (searching for it is quicker
        than for the runs of :attr:`bad`)."""
        first = _char_class(ed.scheme_first)
        rest = _char_class(ed.scheme_rest)
        self.scheme_name = re.compile(f"[{first}][{rest}]*+")
        """A lower-case scheme name of the edition."""
        self.fragment_ok = ed.fragment_in_grammar
        """No ``fragment-outside-url`` finding for a fragment."""
        self.known: dict[str, SchemeParser] = (
            dict(SCHEME_PARSERS) if self.fragment_ok and not ed.hostname_grammar else {}
        )
        """Lower-case schemes whose commonest URLs :func:`parse` finishes at once, with
        their parsers (not where the edition's hostname grammar needs checking)."""
        self.fast: re.Pattern[str] | None = None
        """The fast route's regex (:meth:`_fast_regex`), or None: every text takes the
        general route."""
        self.web: Callable[[str], re.Match[str] | None] | None = None
        """``fullmatch`` of the regex for the commonest web URLs (:meth:`_web_regex`),
        which :func:`parse` finishes first of all; None without a fast route."""
        self.head: re.Pattern[str] | None = None
        """The fast route's regex with the path, query and fragment left unchecked
        (any characters up to their delimiters), or None without a fast route."""
        self.use_fast(self._fast_regex())

    def use_fast(self, regex: re.Pattern[str] | None) -> None:
        """Set the fast route's regex; None switches the whole fast route off."""
        self.fast = regex
        self.head = None if regex is None else self._fast_regex(tail=False)
        web = self._web_regex() if regex is not None and self.known else None
        self.web = None if web is None else web.fullmatch

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

    def _web_regex(self) -> re.Pattern[str]:
        """A part of the fast route's language, with the same groups: lower-case
        ``http`` or ``https``, no userinfo, a dotted-decimal IPv4 address, an IPv6
        literal (RFC 3986 §3.2.2, where the edition has them) or a registered name
        that starts and ends with a letter (no IPv4 form or address, 002 §7.3) and
        holds no ``--`` (so no IDN label, RFC 3490) and no escape, and no escape of the
        form ``%0H`` (so no encoded CR, LF or NUL, 000 §6).  What it matches, no check
        after the split can find anything in but a port."""
        ed = self.ed

        def run(chars: frozenset[str]) -> str:
            body = _char_class(chars - {"%"})
            escape = rf"%[1-9A-Fa-f][0-9A-Fa-f][{body}]*+"
            return rf"[{body}]*+(?:{escape}(?:{escape})*|)"

        label = _char_class(ed.reg_name_chars - {":", "@", "%", "-"})
        port = f"{{{ed.port_min_digits},}}+"
        literal = rf"|\[(?:{_IPV6.pattern})\]" if ed.ipv6_literals else ""
        return re.compile(
            r"(https?):"  # 1 scheme
            r"//("  # 2 authority
            r"(?:(?!)(()())|)"  # 3 userinfo, 4 user, 5 password: never
            # 6 host: a letter, runs of label characters with single "-" between them,
            # a letter last; or a dotted-decimal IPv4 address; or an IPv6 literal
            rf"([A-Za-z][{label}]*+(?:-[{label}]++(?:-[{label}]++)*|)(?<=[A-Za-z])"
            rf"|{_IPV4_DECIMAL.pattern}{literal})"
            rf"(?::([0-9]{port})|)"  # 7 port
            r")"
            rf"((?:/{run(ed.path_chars)}|))"  # 8 path
            rf"(?:\?({run(ed.query_chars)})|)"  # 9 query
            rf"(?:#({run(ed.fragment_chars)})|)"  # 10 fragment
        )

    def _fast_regex(self, tail: bool = True) -> re.Pattern[str] | None:
        """One validating regex with the groups in the order of :data:`.model.Spans`,
        or None for editions whose split depends on the scheme or moves the path's
        first slash (those always take the general route).  Without *tail*, the path,
        query and fragment are any characters up to their delimiters, as in 001's
        appendix B.

        Each component is a run of its characters with valid escapes between them
        (``chars*(%HH chars*)*``), so a text with a bad escape does not match.  Every
        run of a character class is possessive: a component's class never holds the
        delimiter that ends it, so giving characters back could not make a match, and
        refusing to try keeps a failing match linear.  Repeated groups are greedy, not
        possessive: Python before 3.11.3 (Debian 12 ships 3.11.2) matches a possessive
        group wrongly (CPython gh-101955: ``?%#0`` matched as a valid query); each
        repetition starts with "%", which no class holds, so they stay linear.  An
        optional part is written ``(?:X|)``, which means ``(?:X)?`` and runs quicker in
        Python's engine (a branch, not a repeat)."""
        ed = self.ed
        if ed.query_schemes is not None or ed.path_after_slash:
            return None

        def run(chars: frozenset[str]) -> str:
            body = _char_class(chars - {"%"})
            escape = rf"%[0-9A-Fa-f]{{2}}[{body}]*+"
            return rf"[{body}]*+(?:{escape}(?:{escape})*|)"

        user = run(ed.user_chars)
        password = run(ed.password_chars)
        host = run(ed.reg_name_chars - {":", "@"})
        if tail:
            path = run(ed.path_chars)
            query = run(ed.query_chars)
            fragment = run(ed.fragment_chars)
        else:
            path, query, fragment = r"[^?#]*+", r"[^#]*+", r"[\s\S]*+"
        literal = r"\[[0-9A-Za-z:._~!$&'()*+,;=\-]*+\]|" if ed.ipv6_literals else ""
        port = f"{{{ed.port_min_digits},}}+"
        first = _char_class(ed.scheme_first | {c.upper() for c in ed.scheme_first})
        rest = _char_class(ed.scheme_rest | {c.upper() for c in ed.scheme_rest})
        return re.compile(
            rf"(?:([{first}][{rest}]*+):|)"  # 1 scheme
            rf"(?://("  # 2 authority
            rf"(?:(({user})(?::({password})|))@|)"  # 3 userinfo, 4 user, 5 password
            rf"({literal}{host})"  # 6 host
            rf"(?::([0-9]{port})|)"  # 7 port
            rf")|)"
            rf"((?(2)(?:/{path}|)|(?!//){path}))"  # 8 path: after an authority, "/" first
            rf"(?:\?({query})|)"  # 9 query
            rf"(?:#({fragment})|)"  # 10 fragment
        )


_TABLES: dict[str, _Tables] = {}
_BY_EDITION: dict[Edition | str, _Tables] = {}
"""The same tables by the edition object itself (editions compare by identity) and,
for the editions of :data:`.editions.EDITIONS`, by id."""


def _tables(ed: Edition) -> _Tables:
    tables = _TABLES.get(ed.id)
    if tables is None or tables.ed is not ed:
        if tables is not None:
            _BY_EDITION.pop(tables.ed, None)
        tables = _TABLES[ed.id] = _BY_EDITION[ed] = _Tables(ed)
        if EDITIONS.get(ed.id) is ed:
            _BY_EDITION[ed.id] = tables
    return tables


# --- the general route ------------------------------------------------------------------

_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_VALID_SCHEME_3986 = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")


_SPLIT = re.compile(r"(?:([^:/?#]++):|)(?://([^/?#]*+)|)([^?#]*+)(?:\?([^#]*+)|)(?:#(.*+)|)", re.S)
r"""002 appendix B: ``^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?``."""
_SPLIT_NO_QUERY = re.compile(r"(?:([^:/?#]++):|)(?://([^/#]*+)|)([^#]*+)(?:#(.*+)|)", re.S)
"""The same for a scheme whose "?" starts no query (000 §3.3): "?" is a path character."""


def _split(text: str, start: int, end: int, ed: Edition) -> list[Span]:
    """The generic split (002 appendix B), adjusted by the edition's grammar."""
    m = _SPLIT.fullmatch(text, start, end)
    assert m is not None  # every group may be empty
    uri, scheme, authority, path, query, fragment = m.regs
    if ed.query_schemes is not None and not ed.splits_query(m.group(1)):
        m = _SPLIT_NO_QUERY.fullmatch(text, start, end)
        assert m is not None
        uri, scheme, authority, path, fragment = m.regs
        query = UNDEFINED
    spans: list[Span] = [
        uri,
        scheme,
        authority,
        UNDEFINED,
        UNDEFINED,
        UNDEFINED,
        UNDEFINED,
        UNDEFINED,
        path,
        query,
        fragment,
    ]
    a_start, a_end = authority
    if a_start >= 0:
        _split_authority(text, a_start, a_end, ed, spans)
        if ed.path_after_slash and path[0] < path[1] and text[a_end] == "/":
            spans[PATH] = (a_end + 1, path[1])  # 000 §3.1: the "/" is not in the url-path
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
        self.append(Diagnostic((code, severity, category, span, message, reference)))

    def result(self) -> tuple[Diagnostic, ...]:
        if len(self) > 1:
            self.sort(key=_span_key)
        return tuple(self)


def _span_key(d: Diagnostic) -> Span:
    return d.span


def _describe(chars: str) -> str:
    shown = [repr(ch) if ch.isprintable() and ch != " " else f"U+{ord(ch):04X}" for ch in chars[:8]]
    more = "" if len(chars) <= 8 else f" and {len(chars) - 8} more"
    return ", ".join(shown) + more


def _escaped(chars: str) -> str:
    """The %HH form of *chars* in UTF-8; a lone surrogate from undecodable input
    (U+DC80..U+DCFF, Python's surrogateescape) stands for its original byte."""
    try:
        octets = chars[:8].encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # other lone surrogates: their UTF-8-like form
        octets = chars[:8].encode("utf-8", "surrogatepass")
    return "%" + octets.hex("%").upper()


_KIND_TEXT = {
    "control": ("control-char", "control character{s} {what} not allowed"),
    "space": ("space", "space{s} not allowed"),
    "non_ascii": ("non-ascii", "non-ASCII character{s} {what} not allowed"),
    "unwise": ("unwise-char", "unwise character{s} {what} not allowed"),
    "excluded": ("excluded-char", "excluded character{s} {what} not allowed"),
    "reserved": ("reserved-char", "reserved character{s} {what} not allowed"),
    "invalid": ("invalid-char", "character{s} {what} not allowed"),
}


_KIND_ONE: dict[tuple[str, str], tuple[str, str]] = {
    (kind, chr(c)): (code, template.format(s="", what=_describe(chr(c))))
    for kind, (code, template) in _KIND_TEXT.items()
    for c in range(0x80)
}
"""The code and message of a run of one ASCII character, by kind and character."""

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
    first_bad = tables.first_bad[table].search
    found = first_bad(text, start, end)
    if found is None and text.find("%", start, end) < 0:
        return  # (the commonest case)
    ed = tables.ed
    # each character the component may not hold starts a run of one of the kinds
    bad_run = tables.bad[table].match
    count = 0
    while found is not None:
        pos = found.start()
        if count >= MAX_DIAGNOSTICS_PER_CODE:
            out.add(
                "more-invalid-chars",
                "error",
                "syntax",
                (pos, end),
                f"more characters this {where} may not hold follow; "
                f"only the first {MAX_DIAGNOSTICS_PER_CODE} runs are listed",
                ed.cite("characters"),
            )
            break
        count += 1
        m = bad_run(text, pos, end)
        assert m is not None
        found = first_bad(text, m.end(), end)
        kind = m.lastgroup or "invalid"
        run = m.group()
        if len(run) == 1 and run < "\x80":  # (the commonest run: one ASCII character)
            code, msg = _KIND_ONE[kind, run]
            msg = f"{msg} in the {where}; escape as %{ord(run):02X}"
        else:
            code, template = _KIND_TEXT[kind]
            msg = template.format(s="s" if len(run) > 1 else "", what=_describe(run))
            msg = f"{msg} in the {where}; escape as {_escaped(run)}"
        ref = ed.cite(_KIND_RULE.get(kind, "characters"))
        out.append(Diagnostic((code, "error", "syntax", m.span(), msg, ref)))
    if text.find("%", start, end) >= 0:
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
            shown = text[m.start() : m.start() + 3]
            out.add(
                "bad-escape",
                "error",
                "escape",
                (m.start(), min(m.start() + 3, end)),
                f"'%' must start an escape of two hex digits ('{shown}' is not one); "
                "write a literal '%' as %25",
                ed.cite("escape"),
            )


def _check_scheme(text: str, span: Span, tables: _Tables, out: _Findings) -> None:
    start, end = span
    if start < 0:
        return
    scheme = text[start:end]
    if scheme in KNOWN_SCHEMES:
        return  # (a known scheme in lower case: nothing to say)
    ed = tables.ed
    lower = scheme.lower()
    if tables.scheme_name.fullmatch(lower) is None:
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


def _general(text: str, start: int, end: int, tables: _Tables, out: _Findings) -> list[Span]:
    ed = tables.ed
    spans = _split(text, start, end, ed)
    _check_scheme(text, spans[SCHEME], tables, out)
    if spans[USERINFO][0] >= 0:
        _check_chars(text, spans[USER], "user", "user name", tables, out)
        if spans[PASSWORD][0] >= 0:
            _check_chars(text, spans[PASSWORD], "password", "password", tables, out)
    # hosts are checked in _check_host; ports in _check_port
    _check_tail(text, spans, tables, out)
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


def _check_tail(text: str, spans: Spans | list[Span], tables: _Tables, out: _Findings) -> None:
    """The characters of the path, the query and the fragment."""
    opaque = (
        spans[SCHEME][0] >= 0
        and spans[AUTHORITY][0] < 0
        and bool(tables.ed.opaque_chars)
        and not text.startswith("/", *spans[PATH])
    )
    _check_chars(text, spans[PATH], "opaque" if opaque else "path", "path", tables, out)
    if spans[QUERY][0] >= 0:  # (most URLs have no query or fragment)
        _check_chars(text, spans[QUERY], "query", "query", tables, out)
    if spans[FRAGMENT][0] >= 0:
        _check_chars(text, spans[FRAGMENT], "fragment", "fragment", tables, out)


# --- checks on whole components, after either route --------------------------------------

# DIGIT is %x30-39 (RFC 3986 §1.3, RFC 2234 §6.1), never an Arabic-Indic, fullwidth or
# superscript digit: "[0-9]" in patterns other patterns embed, re.ASCII for "\d"
_DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"  # RFC 3986 §3.2.2 dec-octet
_IPV4_DECIMAL = re.compile(rf"{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}", re.ASCII)
_IPV4_ANY_DIGITS = re.compile(r"\d+\.\d+\.\d+\.\d+", re.ASCII)
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
    ),
    re.ASCII,
)
_IPVFUTURE = re.compile(r"[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+")
_HOSTNAME = re.compile(  # 000 §3.1 / 001 / 002 §3.2.2 hostname: labels, toplabel starts alpha
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)*[A-Za-z](?:[A-Za-z0-9\-]*[A-Za-z0-9])?"
)
_RARE_IPV4 = re.compile(
    r"(?:0[xX][0-9A-Fa-f]*|\d+)(?:\.(?:0[xX][0-9A-Fa-f]*|\d+)){0,3}\.?", re.ASCII
)


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
    tables: _Tables,
    scheme: str | None,
    out: _Findings,
    fast: bool,
) -> tuple[HostKind, Spans | list[Span]]:
    """Classify and check the host (RFC 3986 §3.2.2; 000 §3.1 hostname | hostnumber).

    Under 002 a text that is not a valid ``server`` makes the whole authority a
    ``reg-name`` (002 §3.2.1): then the returned spans say so.
    """
    kind = _host_kind(text, spans, tables, scheme, out, fast)
    if isinstance(kind, tuple):
        return kind
    return kind, spans


def _host_kind(
    text: str,
    spans: Spans | list[Span],
    tables: _Tables,
    scheme: str | None,
    out: _Findings,
    fast: bool,
) -> HostKind | tuple[HostKind, list[Span]]:
    ed = tables.ed
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
        _check_chars(text, (start, end), "reg-name", "host", tables, out)
    kind: HostKind = "reg-name"
    findings = True  # (whether _host_findings could find anything)
    last = host[-1]
    if "0" <= last <= "9" or last == ".":
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
            if over:
                # four decimal parts, one over 255: no address in any form (002 §7.3),
                # and no IDN
                findings = False
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
                if findings:
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
    if findings:
        _host_findings(host, start, end, ed, out)
    return kind


def _host_findings(host: str, start: int, end: int, ed: Edition, out: _Findings) -> None:
    """Security findings on a registered-name host: rare IPv4 forms and IDNs."""
    first = host[0]
    if "0" <= first <= "9":
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
    if span[0] >= 0:
        found = _port_finding(text, span, ed, scheme)
        if found is not None:
            out.append(found)


def _port_finding(text: str, span: Span, ed: Edition, scheme: str | None) -> Diagnostic | None:
    """What to say about the port at *span* (defined) of a URL of *scheme* (in lower
    case), if anything."""
    start, end = span
    port = text[start:end]
    if not port:
        if not ed.port_min_digits:
            return None
        return Diagnostic(
            (
                "empty-port",
                "error",
                "syntax",
                (start - 1, end),
                "':' after the host must be followed by a port number in this edition",
                ed.cite("port"),
            )
        )
    if not (port.isascii() and port.isdigit()):
        return Diagnostic(
            (
                "invalid-port",
                "error",
                "syntax",
                span,
                f"port {port!r} is not a decimal number",
                ed.cite("port"),
            )
        )
    number = int(port) if len(port) <= 20 else 1 << 64  # int() refuses 4300+ digits
    if number == _DEFAULT_PORTS.get(scheme):
        return None
    if number > 65535:
        shown = port if len(port) <= 20 else port[:12] + f"... ({len(port)} digits)"
        return Diagnostic(
            (
                "port-out-of-range",
                "error",
                "syntax",
                span,
                f"port {shown} is out of range (0 to 65535)",
                ed.cite("port"),
            )
        )
    if number < 1024 or number in _SENSITIVE_PORTS:
        return Diagnostic(
            (
                "low-port",
                "warning",
                "security",
                span,
                f"port {number}{_SERVICE_SHOWN.get(number, '')}"
                f"{_LOW_PORT_TEXT.get(scheme, _LOW_PORT_ANY)}",
                ed.cite("port-abuse"),
            )
        )
    return Diagnostic(
        (
            "non-default-port",
            "info",
            "security",
            span,
            f"port {number}{_NOT_DEFAULT_TEXT.get(scheme, _NOT_DEFAULT_ANY)}",
            ed.cite("port-abuse"),
        )
    )


# (a dict reads faster than a mapping proxy)
_DEFAULT_PORTS: dict[str | None, int] = dict(DEFAULT_PORTS.items())
_SENSITIVE_PORTS: dict[int, str] = dict(SENSITIVE_PORTS)
_SERVICE_SHOWN: dict[int, str] = {port: f" ({name})" for port, name in SENSITIVE_PORTS.items()}
_NOT_DEFAULT_ANY = " is not this scheme's default"
_NOT_DEFAULT_TEXT: dict[str | None, str] = {
    scheme: f"{_NOT_DEFAULT_ANY} ({port})" for scheme, port in DEFAULT_PORTS.items()
}
_LOW_PORT_ANY = (
    f"{_NOT_DEFAULT_ANY}: a client could be made to talk to another service "
    "(the gopher-to-SMTP attack)"
)
_LOW_PORT_TEXT: dict[str | None, str] = {
    scheme: f"{_NOT_DEFAULT_ANY} ({port}): a client could be made to talk to another "
    "service (the gopher-to-SMTP attack)"
    for scheme, port in DEFAULT_PORTS.items()
}
"""The messages of :func:`_port_finding` after "port N", by scheme and service."""

_LOOKALIKE = re.compile(r"(?:[A-Za-z0-9\-]+\.)+[A-Za-z]{2,}")
_ENCODED_CONTROL = re.compile(r"%(?:0[dDaA0])")
_ENCODED_NAMES = {"0d": "CR", "0a": "LF", "00": "NUL"}


def _security(
    text: str,
    spans: Spans,
    ed: Edition,
    parts: tuple[Part, ...],
    out: _Findings,
) -> None:
    if spans[USERINFO][0] >= 0:
        _userinfo_findings(text, spans, ed, out)
    if "%0" in text:
        _encoded_controls(text, spans, ed, parts, out)


def _userinfo_findings(text: str, spans: Spans, ed: Edition, out: list[Diagnostic]) -> None:
    """What the defined userinfo may hide: a look-alike host name, a password."""
    u_start, u_end = spans[USERINFO]
    userinfo = text[u_start:u_end]
    if "." in userinfo and _LOOKALIKE.search(userinfo):  # (a host name has a ".")
        h_start, h_end = spans[HOST]
        real_host = text[h_start:h_end] if h_start >= 0 else ""
        out.append(
            Diagnostic(
                (
                    "userinfo-lookalike",
                    "warning",
                    "security",
                    (u_start, u_end),
                    f"the userinfo {userinfo!r} looks like a host name, but the host is "
                    f"{real_host!r}: everything before '@' is user information",
                    ed.cite("semantic-attack"),
                )
            )
        )
    p_start, p_end = spans[PASSWORD]  # (defined only with the userinfo)
    if p_start >= 0:
        out.append(
            Diagnostic(
                (
                    "password",
                    "warning",
                    "security",
                    (p_start, p_end),
                    "the URL carries a password in clear text",
                    ed.cite("password"),
                )
            )
        )


def _encoded_controls(
    text: str,
    spans: Spans,
    ed: Edition,
    parts: tuple[Part, ...],
    out: _Findings,
) -> None:
    """Encoded CR, LF or NUL in a part a protocol would send (000 §6)."""
    # delimiters the scheme itself defines with these escapes (gopher+ forms, the 1993
    # prospero version separator)
    allowed = [span for _, span, _, role, _ in parts if role in ("separator", "gopher-plus")]
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


_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_DIGITS = frozenset("0123456789")
_WRAPPER_FIRST = frozenset("<Uu")
"""The first characters of ``<URL:...>``, ``<...>`` and ``URL:``."""


# --- parse ------------------------------------------------------------------------------


def parse(text: str, edition: str | Edition = DEFAULT_EDITION) -> URL:
    """Parse *text* under *edition* (an id from :data:`.editions.EDITION_IDS`).

    Never raises for any ``str``; a text that is not a URL under the edition gets
    error diagnostics.  Raises ``TypeError`` for a non-``str`` and
    :class:`~.errors.UnknownEditionError` for an unknown edition id.
    """
    try:
        tables = _BY_EDITION[edition]
    except (KeyError, TypeError):  # (an edition not seen yet, or no edition)
        tables = _tables(get_edition(edition))
    web = tables.web
    if web is None:
        if not isinstance(text, str):
            raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    else:
        try:
            m = web(text)
        except TypeError:  # (the regex takes nothing but a str here)
            raise TypeError(f"parse() takes a str, not {type(text).__name__}") from None
        if m is not None:
            # the commonest URL of all: nothing to check but the port; the parts
            # are those specific._http gives, built here for speed
            spans = m.regs
            p0, p1 = path_span = spans[PATH]
            path = text[p0:p1]
            q0, q1 = query_span = spans[QUERY]
            scheme, host = _WEB_SCHEMES[text[4]]
            if q0 < 0:
                parts: tuple[Part, ...] = (("path", path_span, path, "http-path", HPATH_RULE),)
                fields: dict[str, object] = {"path": path, "search": None}
            else:
                search = text[q0:q1]
                parts = (
                    ("path", path_span, path, "http-path", HPATH_RULE),
                    ("searchpart", query_span, search, "http-search", HSEARCH_RULE),
                )
                fields = {"path": path, "search": search}
            host_kind: HostKind | None = _WEB_HOST_KINDS.get(text[host], "reg-name")
            if spans[PORT][0] < 0:
                return URL((text, tables.ed, spans, host_kind, (), parts, fields))
            found = _port_finding(text, spans[PORT], tables.ed, scheme)
            found_all = () if found is None else (found,)
            return URL((text, tables.ed, spans, host_kind, found_all, parts, fields))
    ed = tables.ed
    fast = tables.fast
    if fast is not None:
        # (a text the fast route accepts starts with no "<", and one the web regex
        # accepts with "http"; one that starts with "URL:" is looked at again
        # below, for a wrapper)
        m = fast.fullmatch(text)
        if m is not None:
            spans = m.regs
            s_start, s_end = spans[SCHEME]
            if s_start >= 0:
                written = text[s_start:s_end]
                parser = tables.known.get(written)
                # what the scheme's case and the host's IDN labels call for
                early: _Findings | tuple[()] = ()
                if parser is None and not written.islower():
                    lower = written.lower()
                    parser = tables.known.get(lower)
                    if parser is not None:  # a known scheme in upper case
                        early = _Findings()
                        _check_scheme(text, spans[SCHEME], tables, early)
                        written = lower
                if parser is not None and (
                    "%0" not in text or _ENCODED_CONTROL.search(text) is None
                ):
                    # a known scheme, no encoded CR, LF or NUL, and a host of the
                    # commonest kinds, which the lines below decide without the full
                    # check
                    h_start, h_end = spans[HOST]
                    host_kind = _UNDECIDED
                    if h_start < h_end:
                        first = text[h_start]
                        if first in _LETTERS:
                            # a registered name that starts with a letter (no IPv4
                            # form) and ends in one (no IPv4 address); the regex
                            # checked its characters
                            if text[h_end - 1] in _LETTERS:
                                host_kind = "reg-name"
                                if "-" in text:
                                    name = text[h_start:h_end]
                                    if "xn--" in name.lower():
                                        # an IDN label: what _host_findings says of it
                                        if not early:
                                            early = _Findings()
                                        _idn_findings(name, h_start, h_end, ed, early)
                        elif first in _DIGITS:
                            if _IPV4_DECIMAL.fullmatch(text, h_start, h_end):
                                host_kind = "ipv4"
                        elif first == "[" and _IPV6.fullmatch(text, h_start + 1, h_end - 1):
                            # (the regex's literal ends in "]")
                            host_kind = "ipv6"
                    else:  # no authority, or an empty host (a known scheme says itself
                        # whether it needs one)
                        host_kind = None if h_start < 0 else "empty"
                    if host_kind is not _UNDECIDED:
                        # the findings on the port, the scheme's own and those on
                        # the userinfo
                        parts, fields, own = parser(text, written, spans, ed)
                        if (
                            early
                            or (h_start >= h_end and written in NEEDS_AUTHORITY)
                            or spans[PORT][0] >= 0
                            or spans[USERINFO][0] >= 0
                        ):
                            own = _known_findings(text, ed, spans, written, own, early)
                        elif len(own) > 1:
                            own = tuple(sorted(own, key=_span_key))
                        return URL((text, ed, spans, host_kind, own, parts, fields))
                if s_end != 3 or written.lower() != "url":
                    # (the scheme's finding comes along: _checked sees it in lower case)
                    out = early if early else _Findings()
                    return _checked(text, ed, tables, spans, True, written, out)
            elif ":" not in text:
                # (without a scheme, a ":" may mean a bad scheme or a bad first
                # segment, RFC 3986 §4.2: the general route says which)
                if (
                    spans[AUTHORITY][0] < 0
                    and ("%" not in text or "%0" not in text)
                    and tables.fragment_ok
                ):
                    # a relative reference without an authority: nothing to check
                    return URL((text, ed, spans, None, (), (), None))
                return _checked(text, ed, tables, spans, True, None, _Findings())
    out = _Findings()
    start, end = 0, len(text)
    if text[:1] in _WRAPPER_FIRST:
        start, end = _strip_wrapper(text, ed, out)
        if fast is not None:
            m = fast.fullmatch(text, start, end)
            if m is not None and (m.start(1) >= 0 or ":" not in text):
                s_start, s_end = m.span(1)
                named = text[s_start:s_end] if s_start >= 0 else None
                return _checked(text, ed, tables, m.regs, True, named, out)
    head = tables.head
    if head is not None:
        # a scheme and an authority the fast route accepts, before a path, query or
        # fragment it does not: only those are left to check
        m = head.fullmatch(text, start, end)
        if m is not None and m.start(1) >= 0:
            spans = m.regs
            _check_tail(text, spans, tables, out)
            s_start, s_end = spans[SCHEME]
            return _checked(text, ed, tables, spans, True, text[s_start:s_end], out)
    split = _general(text, start, end, tables, out)
    s_start, s_end = split[SCHEME]
    named = text[s_start:s_end] if s_start >= 0 else None
    return _checked(text, ed, tables, split, False, named, out)


_WEB_SCHEMES: dict[str, tuple[str, int]] = {":": ("http", 7), "s": ("https", 8)}
"""What the web regex accepted, by the character after ``http``: the scheme and where
the host starts."""
_WEB_HOST_KINDS: dict[str, HostKind] = {"[": "ipv6", **dict.fromkeys("0123456789", "ipv4")}
"""The kind of a host the web regex accepted, by its first character."""
_UNDECIDED: Any = object()
"""(A host kind :func:`parse` has not decided on its own.)"""


def _known_findings(
    text: str,
    ed: Edition,
    spans: Spans,
    scheme: str,
    found: tuple[Diagnostic, ...],
    early: _Findings | tuple[()],
) -> tuple[Diagnostic, ...]:
    """*found* (the scheme's own findings) with those on the authority of a URL of
    a known *scheme* whose host needs no full check and that holds no encoded CR, LF
    or NUL: *early* (on the scheme's case and the host's IDN labels), the port's,
    what the scheme asks of the authority and the userinfo's, in span order."""
    out = authority_findings(text, scheme, spans)
    port = spans[PORT]
    if port[0] >= 0:
        finding = _port_finding(text, port, ed, scheme)
        if finding is not None:
            out.insert(0, finding)
    if early:
        out[:0] = early
    out += found
    if spans[USERINFO][0] >= 0:
        _userinfo_findings(text, spans, ed, out)
    if len(out) > 1:
        out.sort(key=_span_key)
    return tuple(out)


def _checked(
    text: str,
    ed: Edition,
    tables: _Tables,
    spans: Spans | list[Span],
    is_fast: bool,
    written: str | None,
    out: _Findings,
) -> URL:
    """The checks that read whole components, after either route."""
    scheme: str | None = None
    if written is not None:
        scheme = written.lower()
        if is_fast and scheme != written:
            _check_scheme(text, spans[SCHEME], tables, out)
    host_kind: HostKind | None = None
    h_start, h_end = spans[HOST]
    if h_start >= 0:
        if (
            h_end > h_start
            and not ed.hostname_grammar
            and text[h_start] in _LETTERS
            and text[h_end - 1] in _LETTERS
            and "xn--" not in text[h_start:h_end].lower()
            and (
                is_fast
                or (
                    tables.first_bad["reg-name"].search(text, h_start, h_end) is None
                    and text.find("%", h_start, h_end) < 0
                )
            )
        ):
            # the common case, decided without the full check: a registered name
            # that starts with a letter (no IPv4 form), ends in a letter (not an
            # IPv4 address) and holds no IDN label, made of characters a reg-name
            # holds (the fast route checked them already) and no escape
            host_kind = "reg-name"
        else:
            host_kind, spans = _check_host(text, spans, tables, scheme, out, is_fast)
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
    result = None if scheme is None else scheme_result(text, scheme, spans, ed)
    parts: tuple[Part, ...] = ()
    fields = None
    if result is not None:
        parts, fields, scheme_findings = result
        if scheme_findings:
            out.extend(scheme_findings)
    if spans[USERINFO][0] >= 0 or "%0" in text:
        _security(text, spans, ed, parts, out)
    return URL((text, ed, spans, host_kind, out.result() if out else (), parts, fields))
