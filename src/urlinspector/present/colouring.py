"""Which colour role each character of a parsed URL gets: runs of equal roles.

Qt-free: the address bar turns runs into ``QTextCharFormat`` ranges, the tests and
the benchmark read them directly.  Everything comes from the core's result: the
generic components' spans, the path separators, the scheme-specific parts (RFC 1738 §3)
and the diagnostics; query ``key=value`` pairs are the ``&`` / ``=`` convention of
HTML forms, which the palette gives roles of their own.

:func:`colour_runs` can colour a window of the text only: a 64 KiB URL shows about a
hundred characters at a time, and formatting all of it on every keystroke would cost
more than a frame.
"""

from __future__ import annotations

import re
from itertools import groupby
from typing import TYPE_CHECKING, Final, NamedTuple

from urlinspector import palette
from urlinspector.core import URL
from urlinspector.core.domain import registrable_start
from urlinspector.present.masking import kept_visible, password_span

if TYPE_CHECKING:
    from urlinspector.core.browser import BrowserReading
    from urlinspector.core.model import Span

__all__ = [
    "GENERIC_EQUIVALENT",
    "MASKED",
    "Run",
    "browser_host_span",
    "colour_runs",
    "roles_present",
]

MASKED = "masked"
"""Overlay of a password shown masked (GUI only)."""

GENERIC_EQUIVALENT = frozenset({"http-path", "http-search"})
"""Scheme-specific roles that only restate a generic component: the generic colouring
(segments, query keys and values) says more, so these parts are not painted."""

_SLASHED_ROLES = frozenset({"path", "file-path"})
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


class Run(NamedTuple):
    """Characters ``[start, end)`` of one role with the same overlays."""

    start: int
    end: int
    role: str
    overlays: tuple[str, ...]


def _query_roles(text: str, q0: int, q1: int, lo: int, hi: int, fill: _Fill) -> None:
    """``key=value`` pairs separated by ``&`` (only the pairs that meet the window)."""
    pos = q0
    if lo > q0:
        amp = text.rfind("&", q0, lo)
        pos = q0 if amp < 0 else amp + 1
    while pos <= q1 and pos < hi:
        amp = text.find("&", pos, q1)
        pair_end = q1 if amp < 0 else amp
        eq = text.find("=", pos, pair_end)
        if eq < 0:
            # a lone word is a key among pairs, the whole query when it is alone
            fill(pos, pair_end, "query-key" if amp >= 0 or pos > q0 else "query")
        else:
            fill(pos, eq, "query-key")
            fill(eq + 1, pair_end, "query-value")
        if amp < 0:
            break
        pos = amp + 1


class _Fill:
    """Assigns roles to the characters of a window ``[lo, hi)`` of the text."""

    __slots__ = ("hi", "lo", "roles")

    def __init__(self, lo: int, hi: int) -> None:
        self.lo = lo
        self.hi = hi
        self.roles = ["separator"] * (hi - lo)

    def __call__(self, start: int, end: int, role: str) -> None:
        if start < 0:
            return
        start = max(start, self.lo)
        end = min(end, self.hi)
        if end > start:
            self.roles[start - self.lo : end - self.lo] = [role] * (end - start)

    def span(self, span: Span | None, role: str) -> None:
        """*role* for the characters of *span*, where it is defined."""
        if span is not None:
            self(*span, role)


_AUTHORITY_ENDS: Final = "/\\?#"
"""What ends a special URL's authority (WHATWG URL §4.4, authority state)."""
_SKIPPED: Final = "\t\n\r"
"""What browsers remove from anywhere in the input (WHATWG URL §4.4, basic URL parser)."""


def browser_host_span(url: URL, reading: BrowserReading) -> Span | None:
    """Where the host browsers contact (*reading*, of ``url.uri``) stands in
    ``url.text``, for an absolute URL of a special scheme: ``evil.com`` in
    ``https://evil.com\\@good.com/``, where the edition reads ``good.com``.

    The authority is found as browsers find it (WHATWG URL §4.4: leading C0 controls
    and spaces trimmed, tabs and newlines skipped, any run of ``/`` and ``\\`` after
    the scheme, the authority up to ``/ \\ ? #``, the host after its last ``@`` and up
    to a ``:`` outside brackets), and kept only when browsers read those very
    characters as the same host.  None when there is no such host in the text (a
    relative reference reads the base's)."""
    host = reading.host
    if not (reading.valid and reading.special and host and url.is_absolute):
        return None
    text = url.text
    start, end = url.uri_span
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    colon = text.find(":", start, end)
    if colon < 0:
        return None
    pos = colon + 1
    while pos < end and (text[pos] in "/\\" or text[pos] in _SKIPPED):
        pos += 1
    stop = pos
    while stop < end and text[stop] not in _AUTHORITY_ENDS:
        stop += 1
    at = text.rfind("@", pos, stop)
    h0 = at + 1 if at >= 0 else pos
    h1, bracketed = h0, False
    while h1 < stop and (bracketed or text[h1] != ":"):
        bracketed = (bracketed or text[h1] == "[") and text[h1] != "]"
        h1 += 1
    if h1 <= h0:
        return None
    from urlinspector.core.browser import browser_reading

    again = browser_reading(f"{reading.scheme}://{text[h0:h1]}/")
    return (h0, h1) if again.valid and again.host == host else None


def colour_runs(
    url: URL,
    lo: int = 0,
    hi: int | None = None,
    *,
    mask_password: bool = False,
    browser_host: Span | None = None,
) -> list[Run]:
    """The runs of characters ``[lo, hi)`` of ``url.text`` (default: all of it).

    Base roles: delimiters (and any ``<URL:...>`` wrapper) are ``separator``; then the
    generic components, the query's keys and values, the scheme-specific parts, and
    the ``/`` between segments.  Overlays, in this order: ``escape`` (each ``%HH`` as
    one unit), ``warning`` (security warnings: misleading userinfo, a password, an
    encoded CR/LF), ``invalid`` (error diagnostics), and :data:`MASKED` for a password
    when *mask_password* is true.

    *browser_host*: where the host browsers contact stands in the text
    (:func:`browser_host_span`).  When it is not the edition's host, the emphasis
    (the ``host`` role, its registrable domain in bold) follows the browsers, and the
    edition's host is shown plain (``subdomain``): the bold name is the one contacted.
    """
    n = len(url.text)
    hi = n if hi is None else min(hi, n)
    lo = max(0, min(lo, hi))
    if lo == hi:
        return []
    roles = _base_roles(url, lo, hi, browser_host)
    layers = _Overlays(url, lo, hi, mask_password)
    runs: list[Run] = []
    start = lo
    # one run per stretch of equal role and overlays
    flags = zip(roles, layers.escape, layers.warning, layers.invalid, layers.masked, strict=True)
    for (role, esc, warn, bad, mask), same in groupby(flags):
        end = start + sum(1 for _ in same)
        runs.append(Run(start, end, role, _OVERLAYS[(esc, warn, bad, mask)]))
        start = end
    return runs


def _base_roles(url: URL, lo: int, hi: int, browser_host: Span | None) -> list[str]:
    """The role of each character of ``[lo, hi)``: the components, the query's keys
    and values, the scheme-specific parts, the delimiters."""
    text = url.text
    spans = url.spans
    fill = _Fill(lo, hi)
    fill.span(spans.scheme, "scheme")
    if spans.user is None:
        fill.span(spans.userinfo, "user")
    fill.span(spans.user, "user")
    fill.span(spans.password, "password")
    fill.span(spans.host, "host")
    host = spans.host
    moved = browser_host is not None and browser_host != host
    if url.host_kind == "reg-name" and host is not None and not moved:
        h0, h1 = host
        if h1 > h0 and h1 > lo and h0 < hi:
            _emphasize(text, h0, h1, fill)
    fill.span(spans.port, "port")
    path = spans.path
    fill.span(path, "path")
    query = spans.query
    if query is not None and query[1] > lo and query[0] < hi:
        _query_roles(text, *query, lo, hi, fill)
    fill.span(spans.fragment, "fragment")
    for _, (start, end), _, role, _ in url.scheme_parts:
        if end > lo and start < hi and role not in GENERIC_EQUIVALENT:
            fill(start, end, role)
    if moved and browser_host is not None:
        # the host browsers contact is elsewhere in the text (WHATWG URL §4.4)
        fill.span(host, "subdomain")
        fill(*browser_host, "host")
        _emphasize(text, *browser_host, fill)
    roles = fill.roles
    if path is not None:
        # the "/" between path segments (RFC 1738 §3.1 url-path; RFC 3986 §3.3)
        p0, p1 = path
        slash = text.find("/", max(p0, lo), min(p1, hi))
        while slash >= 0:
            if roles[slash - lo] in _SLASHED_ROLES:
                roles[slash - lo] = "separator"
            slash = text.find("/", slash + 1, min(p1, hi))
    return roles


class _Overlays:
    """Which characters of ``[lo, hi)`` carry each overlay: ``escape`` (each ``%HH``
    as one unit), ``warning`` (security warnings), ``invalid`` (errors) and
    :data:`MASKED` (a hidden password's characters)."""

    def __init__(self, url: URL, lo: int, hi: int, mask_password: bool) -> None:
        width = hi - lo
        self.escape = [False] * width
        self.warning = [False] * width
        self.invalid = [False] * width
        self.masked = [False] * width
        text = url.text
        u0, u1 = url.uri_span
        if "%" in text:
            for m in _ESCAPE.finditer(text, max(u0, lo - 2), min(u1, hi + 2)):
                _mark(self.escape, m.start() - lo, m.end() - lo)
        for d in url.diagnostics:
            start, end = d.span
            if end <= lo or start >= hi:
                continue
            if d.severity == "error":
                _mark(self.invalid, start - lo, end - lo)
            elif d.severity == "warning" and d.category == "security":
                _mark(self.warning, start - lo, end - lo)
        hidden = password_span(url) if mask_password else None
        if hidden is not None:
            # each character of the password, except those that can carry a look-alike
            keep = kept_visible(text[hidden[0] : hidden[1]])
            for i in range(max(hidden[0], lo), min(hidden[1], hi)):
                if not keep[i - hidden[0]]:
                    self.masked[i - lo] = True


def _emphasize(text: str, h0: int, h1: int, fill: _Fill) -> None:
    """The registrable domain of the host at ``[h0, h1)`` stands out, as in browsers'
    address bars (Public Suffix List): what comes before it is only a subdomain."""
    offset = registrable_start(text[h0:h1])
    if offset:
        fill(h0, h0 + offset, "subdomain")


def _mark(flags: list[bool], start: int, end: int) -> None:
    start = max(start, 0)
    end = min(end, len(flags))
    if end > start:
        flags[start:end] = [True] * (end - start)


_OVERLAYS: dict[tuple[bool, bool, bool, bool], tuple[str, ...]] = {}
for _e in (False, True):
    for _w in (False, True):
        for _i in (False, True):
            for _m in (False, True):
                _OVERLAYS[(_e, _w, _i, _m)] = tuple(
                    name
                    for name, on in (
                        ("escape", _e),
                        ("warning", _w),
                        ("invalid", _i),
                        (MASKED, _m),
                    )
                    if on
                )


def roles_present(url: URL, *, exact_limit: int = 4096, runs: list[Run] | None = None) -> list[str]:
    """The role names the colouring of *url* uses (base roles and overlays), in the
    palette's legend order: what a legend for this URL needs to explain.

    Exact (from the runs) up to *exact_limit* characters; for longer texts read from
    the spans, parts and diagnostics alone, without visiting every character.
    *runs*: the runs of the whole text, when the caller has them already.
    """
    used: set[str] = set()
    if len(url.text) <= exact_limit:
        for run in colour_runs(url) if runs is None else runs:
            used.add(run.role)
            used.update(o for o in run.overlays if o != MASKED)
    else:
        spans = url.spans
        for span, role in (
            (spans.scheme, "scheme"),
            (spans.userinfo, "user"),
            (spans.password, "password"),
            (spans.host, "host"),
            (spans.port, "port"),
            (spans.path, "path"),
            (spans.fragment, "fragment"),
        ):
            if span is not None and span[1] > span[0]:
                used.add(role)
        q = spans.query
        if q is not None and q[1] > q[0]:
            query = url.text[q[0] : q[1]]
            used.add("query-key" if "=" in query or "&" in query else "query")
            if "=" in query:
                used.add("query-value")
        used.update(role for _, _, _, role, _ in url.scheme_parts if role not in GENERIC_EQUIVALENT)
        if any(c in url.text for c in ":/?#@&="):
            used.add("separator")
        if _ESCAPE.search(url.text):
            used.add("escape")
        for d in url.diagnostics:
            if d.severity == "error":
                used.add("invalid")
            elif d.severity == "warning" and d.category == "security":
                used.add("warning")
    return [name for name in palette.legend() if name in used]
