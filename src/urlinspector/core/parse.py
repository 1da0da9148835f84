"""One parser for every edition, driven by the tables in :mod:`.editions`.

``parse(text, edition)`` splits *text* into the generic components, keeps a span for
each, checks every character against the edition's grammar and returns a
:class:`URL`.  What a user typed never raises: departures from the grammar become
:class:`~.model.Diagnostic` findings with spans and citations.

Two routes lead to the same result:

* the general route splits with the regular expression of URL syntax draft 1997 /
  RFC 2396bis draft 2003 appendix B (RFC 3986 appendix B), adjusted by the edition's grammar
  choices, then finds every character the component may not hold;
* a fast route, derived from the same tables, is one validating regular expression
  that accepts only text on which the general route finds no character to report
  and splits it identically.  What it does not accept takes the general route.

Checks that read whole components (hosts, ports, security findings, the scheme's own
syntax) run after either route, on the spans.  The fast route skips those that cannot
find anything: a second regular expression, a part of the first one's language with
the same groups, accepts the commonest web URLs (lower-case ``http`` or ``https``, no
userinfo, a plain registered name, an IPv4 address or an IPv6 literal, no encoded CR,
LF or NUL), on which only the port can call for a finding; and a URL of a known scheme
whose host is of a common kind skips the host checks.  What is said of a thing that
recurs is worked out once and kept: of an internationalized host name
(:func:`.checks.host.idn_report`, and its look-alike findings,
:func:`.lookalike.host_findings`), of a port under a scheme
(:func:`.checks.port.port_finding`), of a known scheme's spelling in upper case
(:meth:`.tables.EditionTables.known_cased`); results are not.

The result type is :mod:`.url`'s; the fixed grammar rules are :mod:`.grammar`'s, the
rules compiled from an edition's tables :mod:`.tables`'s; the checks on whole
components are the :mod:`.checks` package's.  This module holds the routes.
"""

from __future__ import annotations

from typing import Final

from urlinspector.core.checks import Findings, span_key
from urlinspector.core.checks.chars import check_chars, check_scheme, check_tail
from urlinspector.core.checks.hidden import ESCAPE_MAY_HIDE, hidden_findings
from urlinspector.core.checks.host import check_host, idn_findings
from urlinspector.core.checks.port import check_port, port_finding
from urlinspector.core.checks.security import security_findings, userinfo_findings
from urlinspector.core.editions import DEFAULT_EDITION, Edition, get_edition
from urlinspector.core.grammar import (
    ENCODED_CONTROL,
    IPV4_DECIMAL,
    SPLIT,
    SPLIT_NO_QUERY,
    wrapper_bounds,
)
from urlinspector.core.model import (
    AUTHORITY,
    FRAGMENT,
    HOST,
    NEW_RECORD,
    PASSWORD,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    UNDEFINED,
    USER,
    USERINFO,
    Diagnostic,
    HostKind,
    Part,
    Span,
    Spans,
)
from urlinspector.core.quoting import quoted
from urlinspector.core.specific import (
    NEEDS_AUTHORITY,
    HttpFields,
    SchemeFields,
    authority_findings,
    path_part,
    scheme_result,
    search_part,
)
from urlinspector.core.tables import TABLES_BY_EDITION, EditionTables, tables_for
from urlinspector.core.url import URL, Segment

__all__ = ["URL", "Segment", "parse"]


def _split(text: str, start: int, end: int, ed: Edition) -> list[Span]:
    """The generic split (RFC 2396bis draft 2003 appendix B), adjusted by the edition's grammar."""
    m = SPLIT.fullmatch(text, start, end)
    assert m is not None  # every group may be empty
    uri, scheme, authority, path, query, fragment = m.regs
    if ed.query_schemes is not None and not ed.splits_query(m.group(1)):
        m = SPLIT_NO_QUERY.fullmatch(text, start, end)
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
            spans[PATH] = (a_end + 1, path[1])  # RFC 1738 §3.1: the "/" is not in the url-path
    return spans


def _split_authority(text: str, start: int, end: int, ed: Edition, spans: list[Span]) -> None:
    """userinfo@host:port (RFC 3986 §3.2; RFC 1738 §3.1 login; URL syntax draft 1997 site).

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


def _general(text: str, start: int, end: int, tables: EditionTables, out: Findings) -> list[Span]:
    ed = tables.ed
    spans = _split(text, start, end, ed)
    check_scheme(text, spans[SCHEME], tables, out)
    if spans[USERINFO][0] >= 0:
        check_chars(text, spans[USER], "user", "user name", tables, out)
        if spans[PASSWORD][0] >= 0:
            check_chars(text, spans[PASSWORD], "password", "password", tables, out)
    # hosts are checked in check_host; ports in check_port
    check_tail(text, spans, tables, out)
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


def _strip_wrapper(text: str, ed: Edition, out: Findings) -> tuple[int, int]:
    """``<URL:...>``, ``<...>`` and ``URL:`` (RFC 1738 appendix, URL draft 1993 §1.3,
    URL syntax draft 1997 / RFC 2396bis draft 2003 appendix E)."""
    start, end = wrapper_bounds(text)
    if start:
        out.add(
            "wrapper",
            "info",
            "wrapper",
            (0, start),
            f"{quoted(text[:start])}"
            + (" and '>'" if end < len(text) else "")
            + " wrap the URL in plain text; they are not part of it",
            ed.cite("wrapper"),
        )
    return start, end


def _url(
    *,
    text: str,
    edition: Edition,
    spans: Spans,
    host_kind: HostKind | None,
    diagnostics: tuple[Diagnostic, ...],
    scheme_parts: tuple[Part, ...],
    scheme_fields: SchemeFields | None,
) -> URL:
    """``URL(text=..., edition=..., ...)``, built as quickly as a tuple (see
    :data:`.model.NEW_RECORD`): every route of :func:`parse` ends here."""
    fields = (text, edition, spans, host_kind, diagnostics, scheme_parts, scheme_fields)
    return NEW_RECORD(URL, fields)


_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_DIGITS: Final = frozenset("0123456789")
_WRAPPER_FIRST: Final = frozenset("<Uu")
"""The first characters of ``<URL:...>``, ``<...>`` and ``URL:``."""


def parse(text: str, edition: str | Edition = DEFAULT_EDITION, *, fast_routes: bool = True) -> URL:
    """Parse *text* under *edition* (an id from :data:`.editions.EDITION_IDS`).

    Never raises for any ``str``; a text that is not a URL under the edition gets
    error diagnostics.  Raises ``TypeError`` for a non-``str`` and
    :class:`~.errors.UnknownEditionError` for an unknown edition id.  With
    *fast_routes* false every text takes the general route, which gives the same
    result (slower; for comparing the routes).
    """
    try:
        tables = TABLES_BY_EDITION[edition]
    except (KeyError, TypeError):  # (an edition not seen yet, or no edition)
        tables = tables_for(get_edition(edition))
    if not fast_routes:
        tables = tables_for(tables.ed, fast_routes=False)
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    # a text that may hold a hidden character (a non-ASCII one, or the escape of one)
    # takes the general route, where the hidden characters are looked for
    may_hide = not text.isascii() or ("%" in text and ESCAPE_MAY_HIDE.search(text) is not None)
    # (every URL the web regex accepts starts with "http"; reading it compiles it)
    web = tables.web if not may_hide and text.startswith("http") else None
    if web is not None:
        m = web(text)
        if m is not None:
            # the commonest URL of all: nothing to check but the port; the parts
            # are those specific._http gives, built here for speed
            spans = m.regs
            p0, p1 = path_span = spans[PATH]
            path = text[p0:p1]
            q0, q1 = query_span = spans[QUERY]
            scheme, host = _WEB_SCHEMES[text[4]]
            if q0 < 0:
                parts: tuple[Part, ...] = (path_part(path_span, path),)
                fields: SchemeFields = NEW_RECORD(HttpFields, (path, None))
            else:
                search = text[q0:q1]
                parts = (path_part(path_span, path), search_part(query_span, search))
                fields = NEW_RECORD(HttpFields, (path, search))
            host_kind: HostKind | None = _WEB_HOST_KINDS.get(text[host], "reg-name")
            if spans[PORT][0] < 0:
                return _url(
                    text=text,
                    edition=tables.ed,
                    spans=spans,
                    host_kind=host_kind,
                    diagnostics=(),
                    scheme_parts=parts,
                    scheme_fields=fields,
                )
            found = port_finding(text, spans[PORT], tables.ed, scheme)
            found_all = () if found is None else (found,)
            return _url(
                text=text,
                edition=tables.ed,
                spans=spans,
                host_kind=host_kind,
                diagnostics=found_all,
                scheme_parts=parts,
                scheme_fields=fields,
            )
    ed = tables.ed
    fast = tables.fast
    if fast is not None and not may_hide:
        # (a text the fast route accepts starts with no "<", and one the web regex
        # accepts with "http"; one that starts with "URL:" is looked at again
        # below, for a wrapper)
        m = fast(text)
        if m is not None:
            spans = m.regs
            s_start, s_end = spans[SCHEME]
            if s_start >= 0:
                written = text[s_start:s_end]
                parser = tables.known.get(written)
                # what the scheme's case and the host's IDN labels call for
                early: Findings | tuple[Diagnostic, ...] = ()
                if parser is None:
                    cased = tables.known_cased(written)
                    if cased is not None:  # a known scheme in upper case
                        written, parser, finding = cased
                        early = (finding,)
                if parser is not None and (
                    "%0" not in text or ENCODED_CONTROL.search(text) is None
                ):
                    # a known scheme, no encoded CR, LF or NUL, and a host of the
                    # commonest kinds, which the lines below decide without the full
                    # check
                    h_start, h_end = spans[HOST]
                    host_kind = None if h_start < 0 else "empty"
                    decided = h_start >= h_end  # (no authority, or an empty host: a
                    # known scheme says itself whether it needs one)
                    if not decided:
                        first = text[h_start]
                        if first in _LETTERS:
                            # a registered name that starts with a letter (no IPv4
                            # form) and ends in one (no IPv4 address); the regex
                            # checked its characters
                            if text[h_end - 1] in _LETTERS:
                                host_kind, decided = "reg-name", True
                                if "-" in text:
                                    name = text[h_start:h_end]
                                    if "xn--" in name.lower():
                                        # an IDN label: what _host_findings says of it
                                        early = Findings(early)
                                        idn_findings(name, h_start, h_end, ed, early)
                        elif first in _DIGITS:
                            if IPV4_DECIMAL.fullmatch(text, h_start, h_end):
                                host_kind, decided = "ipv4", True
                        elif first == "[" and tables.ipv6(text, h_start + 1, h_end - 1):
                            # (the regex's literal ends in "]")
                            host_kind, decided = "ipv6", True
                    if decided:
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
                            own = tuple(sorted(own, key=span_key))
                        return _url(
                            text=text,
                            edition=ed,
                            spans=spans,
                            host_kind=host_kind,
                            diagnostics=own,
                            scheme_parts=parts,
                            scheme_fields=fields,
                        )
                if s_end != 3 or written.lower() != "url":
                    # (the scheme's finding comes along: _checked sees it in lower case)
                    out = Findings(early)
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
                    return _url(
                        text=text,
                        edition=ed,
                        spans=spans,
                        host_kind=None,
                        diagnostics=(),
                        scheme_parts=(),
                        scheme_fields=None,
                    )
                return _checked(text, ed, tables, spans, True, None, Findings())
    out = Findings()
    start, end = 0, len(text)
    if text[:1] in _WRAPPER_FIRST:
        start, end = _strip_wrapper(text, ed, out)
        if fast is not None:
            m = fast(text, start, end)
            if m is not None and (m.start(1) >= 0 or ":" not in text):
                s_start, s_end = m.span(1)
                named = text[s_start:s_end] if s_start >= 0 else None
                return _checked(text, ed, tables, m.regs, True, named, out)
    head = tables.head
    if head is not None:
        # a scheme and an authority the fast route accepts, before a path, query or
        # fragment it does not: only those are left to check
        m = head(text, start, end)
        if m is not None and m.start(1) >= 0:
            spans = m.regs
            check_tail(text, spans, tables, out)
            s_start, s_end = spans[SCHEME]
            return _checked(text, ed, tables, spans, True, text[s_start:s_end], out)
    split = _general(text, start, end, tables, out)
    s_start, s_end = split[SCHEME]
    named = text[s_start:s_end] if s_start >= 0 else None
    return _checked(text, ed, tables, split, False, named, out)


_WEB_SCHEMES: Final[dict[str, tuple[str, int]]] = {":": ("http", 7), "s": ("https", 8)}
"""What the web regex accepted, by the character after ``http``: the scheme and where
the host starts."""


_WEB_HOST_KINDS: Final[dict[str, HostKind]] = {"[": "ipv6", **dict.fromkeys("0123456789", "ipv4")}
"""The kind of a host the web regex accepted, by its first character."""


def _known_findings(
    text: str,
    ed: Edition,
    spans: Spans,
    scheme: str,
    found: tuple[Diagnostic, ...],
    early: Findings | tuple[Diagnostic, ...],
) -> tuple[Diagnostic, ...]:
    """*found* (the scheme's own findings) with those on the authority of a URL of
    a known *scheme* whose host needs no full check and that holds no encoded CR, LF
    or NUL: *early* (on the scheme's case and the host's IDN labels), the port's,
    what the scheme asks of the authority and the userinfo's, in span order."""
    out: list[Diagnostic] = [*early]
    port = spans[PORT]
    if port[0] >= 0:
        finding = port_finding(text, port, ed, scheme)
        if finding is not None:
            out.append(finding)
    authority_findings(text, scheme, spans, out)
    out += found
    if spans[USERINFO][0] >= 0:
        userinfo_findings(text, spans, ed, out)
    if len(out) > 1:
        out.sort(key=span_key)
    return tuple(out)


def _checked(
    text: str,
    ed: Edition,
    tables: EditionTables,
    spans: Spans | list[Span],
    is_fast: bool,
    written: str | None,
    out: Findings,
) -> URL:
    """The checks that read whole components, after either route."""
    scheme: str | None = None
    if written is not None:
        scheme = written.lower()
        if is_fast and scheme != written:
            check_scheme(text, spans[SCHEME], tables, out)
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
            host_kind, spans = check_host(text, spans, tables, scheme, out, is_fast)
    if spans[PORT][0] >= 0:
        check_port(text, spans[PORT], ed, scheme, out)
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
        security_findings(text, spans, ed, parts, out)
    if not text.isascii() or "%" in text:
        hidden_findings(text, spans, ed, out)
    return _url(
        text=text,
        edition=ed,
        spans=spans,
        host_kind=host_kind,
        diagnostics=out.result() if out else (),
        scheme_parts=parts,
        scheme_fields=fields,
    )
