"""One parser for every edition, driven by the tables in :mod:`.editions`.

``parse(text, edition)`` splits *text* into the generic components, keeps a span for
each, checks every character against the edition's grammar and returns a
:class:`URL`.  What a user typed never raises: departures from the grammar become
:class:`~.model.Diagnostic` findings with spans and citations.

Every text takes the same steps, in :func:`parse`:

1. the edition's tables (:mod:`.tables`); a text that is not a ``str`` is a misuse;
2. a wrapper around the URL (``<URL:...>``, ``<...>``, ``URL:``) is plain text, not part
   of it: it is set aside, with a finding;
3. :func:`split` finds the components' spans.  Where the edition has one, a validating
   regular expression derived from its tables (:attr:`.tables.EditionTables.fast`)
   accepts only text whose every character the grammar allows, and splits it; any
   other text is split by the regular expression of URL syntax draft 1997 / RFC
   2396bis draft 2003 appendix B (RFC 3986 appendix B), adjusted by the edition's
   grammar choices, and each component's characters are checked;
4. the scheme: its case, and the parser of a scheme with its own syntax
   (:mod:`.specific`);
5. :func:`judge_host` says what the host is and what it may hide;
6. the port, the fragment, the scheme's own syntax and what it asks of the
   authority (asked only where the authority has a userinfo or a port or no host:
   of any other, no scheme asks more), the userinfo and encoded controls
   (:mod:`.checks.security`), hidden characters (:mod:`.checks.hidden`); then the
   URL is built, once.

What is said of a thing that recurs is worked out once and kept: of an
internationalized host name (:func:`.checks.host.idn_report`, and its look-alike
findings, :func:`.lookalike.host_findings`), of a port under a scheme
(:func:`.checks.port.port_finding`), of a known scheme's spelling in capitals
(:meth:`.tables.EditionTables.known_cased`); results are not.

The result type is :mod:`.url`'s; the fixed grammar rules are :mod:`.grammar`'s, the
rules compiled from an edition's tables :mod:`.tables`'s; the checks on whole
components are the :mod:`.checks` package's.  This module holds the steps.
"""

from __future__ import annotations

from typing import Final

from urlinspector.core._raw import (
    AUTHORITY,
    FRAGMENT,
    HOST,
    PASSWORD,
    PATH,
    PORT,
    SCHEME,
    UNDEFINED,
    USER,
    USERINFO,
    RawPart,
    Regs,
)
from urlinspector.core.checks import Findings
from urlinspector.core.checks.chars import check_chars, check_scheme, check_tail
from urlinspector.core.checks.hidden import ESCAPE_MAY_HIDE, hidden_findings
from urlinspector.core.checks.host import check_host
from urlinspector.core.checks.port import port_finding
from urlinspector.core.checks.security import security_findings
from urlinspector.core.editions import DEFAULT_EDITION, Edition, get_edition
from urlinspector.core.grammar import SPLIT, SPLIT_NO_QUERY, wrapper_bounds
from urlinspector.core.model import HostKind, Span
from urlinspector.core.quoting import quoted
from urlinspector.core.specific import SchemeParser, authority_findings
from urlinspector.core.tables import TABLES_BY_EDITION, EditionTables, tables_for
from urlinspector.core.url import URL, Segment

__all__ = ["URL", "Segment", "parse"]


_WRAPPER_FIRST: Final = frozenset("<Uu")
"""The first characters of ``<URL:...>``, ``<...>`` and ``URL:``."""
_NO_SCHEME: Final[tuple[None, None]] = (None, None)
"""What :func:`_scheme` says of a text without a scheme."""


def parse(text: str, edition: str | Edition = DEFAULT_EDITION, *, fast_routes: bool = True) -> URL:
    """Parse *text* under *edition* (an id from :data:`.editions.EDITION_IDS`).

    Never raises for any ``str``; a text that is not a URL under the edition gets
    error diagnostics.  Raises ``TypeError`` for a non-``str`` and
    :class:`~.errors.UnknownEditionError` for an unknown edition id.  With
    *fast_routes* false :func:`split` never takes the validating regular expression:
    every text is split by appendix B and its characters checked component by
    component, which gives the same result (slower; for comparing the two).
    """
    # 1. the edition's tables; a text that is not a str is a misuse
    try:
        tables = TABLES_BY_EDITION[edition]
    except (KeyError, TypeError):  # (an edition not seen yet, or no edition)
        tables = tables_for(get_edition(edition))
    if not fast_routes:
        tables = tables_for(tables.ed, fast_routes=False)
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    ed = tables.ed
    out = Findings()
    # 2. a wrapper is plain text around the URL
    start, end = 0, len(text)
    if text[:1] in _WRAPPER_FIRST:
        start, end = _strip_wrapper(text, ed, out)
    # 3. the components' spans, and whether their characters are known to be valid
    spans, validated = split(text, start, end, tables, out)
    # 4. the scheme, and the parser of its own syntax
    scheme, parser = _scheme(text, spans[SCHEME], tables, validated, out)
    # 5. the host
    host_kind, spans = judge_host(text, spans, tables, scheme, validated, out)
    # 6. the rest, whole components at a time; then the URL
    if spans[PORT][0] >= 0:
        said = port_finding(text, spans[PORT], ed, scheme)
        if said is not None:
            out.append(said)
    if spans[FRAGMENT][0] >= 0 and not tables.fragment_ok:
        _fragment_outside_url(spans[FRAGMENT], ed, out)
    parts: tuple[RawPart, ...] = ()
    fields = None
    if parser is not None:
        assert scheme is not None  # (a parser is found by its scheme)
        authority_findings(text, scheme, spans, out)
        parts, fields, own = parser(text, scheme, spans, ed)
        if own:
            out += own
    escapes = "%" in text
    if spans[USERINFO][0] >= 0 or (escapes and "%0" in text):
        security_findings(text, spans, ed, parts, out)
    if not text.isascii() or (escapes and ESCAPE_MAY_HIDE.search(text)):
        hidden_findings(text, spans, ed, out)
    diagnostics = out.result() if out else ()
    return URL(text, ed, spans, host_kind, diagnostics, parts, fields)


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


def split(
    text: str, start: int, end: int, tables: EditionTables, out: Findings
) -> tuple[Regs, bool]:
    """The spans of the components of ``text[start:end]``, and whether the edition's
    validating regular expression split it (then every character is one its component
    may hold, and no check of characters has anything to say).

    Any other text is split by appendix B (:func:`_general`), which adds to *out* the
    findings on the characters of the user, the password, the path, the query and the
    fragment (the host's are :func:`judge_host`'s).  A relative reference with a
    ":" takes that way too: the ":" may mean a bad scheme or a bad first segment
    (RFC 3986 §4.2), which only that way says.
    """
    validating = tables.fast
    if validating is not None:
        m = validating(text, start, end)
        if m is not None:
            spans = m.regs
            if spans[SCHEME][0] >= 0 or ":" not in text:
                return spans, True
    return _general(text, start, end, tables, out), False


def _general(text: str, start: int, end: int, tables: EditionTables, out: Findings) -> Regs:
    """The generic split and the characters of the user, the password, the path, the
    query and the fragment (the scheme's are :func:`_scheme`'s, the host's
    :func:`judge_host`'s, the port's :func:`.checks.port.check_port`'s)."""
    ed = tables.ed
    spans = _split(text, start, end, ed)
    if spans[USERINFO][0] >= 0:
        check_chars(text, spans[USER], "user", "user name", tables, out)
        if spans[PASSWORD][0] >= 0:
            check_chars(text, spans[PASSWORD], "password", "password", tables, out)
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


def _split(text: str, start: int, end: int, ed: Edition) -> Regs:
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
    return tuple(spans)


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


def _scheme(
    text: str, span: Span, tables: EditionTables, validated: bool, out: Findings
) -> tuple[str | None, SchemeParser | None]:
    """The scheme in lower case (schemes are case-insensitive: RFC 3986 §3.1, RFC 1738
    §2.1), None without one, and the parser of its own syntax if it has one
    (:data:`.specific.SCHEME_PARSERS`); a finding on its spelling goes to *out*."""
    s_start, s_end = span
    if s_start < 0:
        return _NO_SCHEME
    written = text[s_start:s_end]
    known = tables.known.get(written)
    if known is not None:  # (the commonest: a known scheme in lower case, its row kept)
        return known
    if s_start == 0:
        cased = tables.known_cased(written)
        if cased is not None:  # a known scheme in capitals, its finding worked out once
            scheme, parser, finding = cased
            out.append(finding)
            return scheme, parser
    scheme = written.lower()
    if not validated or scheme != written:
        check_scheme(text, span, tables, out)
    known = tables.known.get(scheme)
    return scheme, None if known is None else known[1]


def judge_host(
    text: str,
    spans: Regs,
    tables: EditionTables,
    scheme: str | None,
    validated: bool,
    out: Findings,
) -> tuple[HostKind | None, Regs]:
    """What the host is (RFC 3986 §3.2.2; RFC 1738 §3.1 ``hostname | hostnumber``), None
    without an authority, and the findings on it; with the spans, which change only
    where the whole authority is read as a reg-name (RFC 2396bis draft 2003 §3.2.1).

    The commonest hosts (a registered name of letters, a dotted-decimal IPv4 address,
    an IPv6 literal) are told by their first character and one regular expression
    (:attr:`.tables.EditionTables.common_hosts`); any other host gets the full check
    (:func:`.checks.host.check_host`), which says the same of the common ones: an
    internationalized name's findings (:func:`.checks.host.idn_findings`) among
    them.
    """
    h_start, h_end = spans[HOST]
    if h_start < 0:
        return None, spans
    if h_start < h_end:
        common = tables.common_hosts.get(text[h_start])
        if common is not None:
            fullmatch, kind = common
            if fullmatch(text, h_start, h_end):
                return kind, spans
    kind, checked = check_host(text, spans, tables, scheme, out, validated)
    return kind, tuple(checked)


def _fragment_outside_url(span: Span, ed: Edition, out: Findings) -> None:
    out.add(
        "fragment-outside-url",
        "info",
        "syntax",
        (span[0] - 1, span[1]),
        "in this edition the fragment is not part of the URL; it belongs to the "
        "reference that holds it",
        ed.cite("fragment"),
    )
