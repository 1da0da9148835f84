"""The dangerous URLs of pasted markup: ``javascript:``, ``vbscript:`` and ``data:``
URLs and protocol-relative ``//host/path`` references, as the value after an ``=``
(an attribute: ``href="javascript:..."``, ``src=//evil.example/x``).

Prose names no such URL (``javascript:`` is no scheme :mod:`.extraction` looks for in
running text, and ``//`` starts no URL), so they are looked for only right after an
``=``: a quoted value (``="..."``, ``='...'``, spaces allowed before the quote, as HTML
allows them around an attribute's ``=``) or an unquoted one (right after the ``=``,
ending at whitespace or ``>``).  The value is read as a browser reads it: its character
references decoded (an attribute's value, HTML Standard §13.2.5.38 ff.:
``&#106;avascript&colon;`` is ``javascript:``), then, as the URL parser does,
leading and trailing C0 controls and spaces trimmed and every tab and newline removed
(WHATWG URL §4.4: ``java&#9;script:`` runs).

Each value found carries its finding: ``active-content`` (:mod:`.active`) for the
schemes that run or render what the URL carries, ``protocol-relative`` for a
reference that takes the page's scheme to another host (RFC 3986 §4.2).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from urlinspector.core.active import ACTIVE_SCHEMES, active_content
from urlinspector.core.model import Diagnostic, Span

__all__ = ["MarkupURL", "attribute_url", "closing_quotes"]

_WINDOW = 160
"""Characters after the ``=`` looked at before anything else is done: enough for the
longest scheme written as character references (``&#x76;`` a letter)."""

_DANGEROUS = tuple(f"{scheme}:" for scheme in ACTIVE_SCHEMES)
_SPACES = " \t\r\n\f"
_UNQUOTED = re.compile(r"[^\s>]*+")
_HOST_START = re.compile(r"//[A-Za-z0-9\[]")
_C0_OR_SPACE = "".join(chr(c) for c in range(0x21))


@dataclass(frozen=True, slots=True)
class MarkupURL:
    """A dangerous URL found as the value after an ``=``."""

    url: str
    """As browsers read the value."""
    span: tuple[int, int]
    """The value with its quotes."""
    url_span: tuple[int, int]
    """The value's own characters."""
    notes: tuple[str, ...]
    finding: Diagnostic


def _as_browsers_read(value: str) -> str:
    """*value* as the URL parser gets it: character references decoded, C0 controls
    and spaces trimmed, tabs and newlines removed."""
    if "&" in value:
        value = html.unescape(value)
    value = value.strip(_C0_OR_SPACE)
    return value.replace("\t", "").replace("\n", "").replace("\r", "")


def _kind(head: str) -> str | None:
    """``active`` or ``relative`` for the start of a value as browsers read it."""
    lowered = head.lower()
    if lowered.startswith(_DANGEROUS):
        return "active"
    if _HOST_START.match(head):
        return "relative"
    return None


def _relative_finding(url: str, span: Span) -> Diagnostic:
    from urlinspector.core.parse import parse  # (the parser imports the checks)

    host = parse(url).host or "no host"
    return Diagnostic(
        code="protocol-relative",
        severity="warning",
        category="security",
        span=span,
        message=f"this reference names no scheme: it takes the scheme of the page it is in "
        f"and goes to {host}",
        reference="RFC 3986 §4.2 (network-path reference)",
    )


def _finding(kind: str, url: str, span: Span) -> Diagnostic | None:
    if kind == "relative":
        return _relative_finding(url, span)
    from urlinspector.core.parse import parse

    found = active_content(parse(url))
    return None if found is None else found._replace(span=span)


def _value_bounds(text: str, eq: int, closing: _Closing) -> tuple[int, int, int, int] | None:
    """The value after the ``=`` at *eq*: (span start, value start, value end, span
    end), or None when no value follows (whitespace and no quote)."""
    at = eq + 1
    n = len(text)
    stop = min(n, at + 16)
    while at < stop and text[at] in _SPACES:
        at += 1
    if at < n and text[at] in "\"'":
        end = closing(text[at], at + 1)
        return None if end < 0 else (at, at + 1, end, end + 1)
    if at != eq + 1:
        return None
    m = _UNQUOTED.match(text, at)
    end = at if m is None else m.end()
    return (at, at, end, end) if end > at else None


class _Closing:
    """Where the next quote of each kind is, from a position on; remembered, so that a
    text with many ``="`` and no closing quote is searched once, not once for each."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.seen: dict[str, tuple[int, int]] = {}

    def __call__(self, quote: str, start: int) -> int:
        cached = self.seen.get(quote)
        if cached is not None:
            since, found = cached
            if start >= since and (found < 0 or found >= start):
                return found
        found = self.text.find(quote, start)
        self.seen[quote] = (start, found)
        return found


def attribute_url(text: str, eq: int, closing: _Closing) -> MarkupURL | None:
    """The dangerous URL that is the value after the ``=`` at *eq* in *text*, or None."""
    head = text[eq + 1 : eq + 1 + _WINDOW]
    if _kind(_as_browsers_read(head.lstrip(_SPACES).lstrip("\"'"))) is None:
        return None
    bounds = _value_bounds(text, eq, closing)
    if bounds is None:
        return None
    span_start, start, end, span_end = bounds
    written = text[start:end]
    url = _as_browsers_read(written)
    kind = _kind(url)
    if kind is None:
        return None
    finding = _finding(kind, url, (start, end))
    if finding is None:
        return None
    notes = () if url == written else (_NOTE_READ,)
    return MarkupURL(
        url=url, span=(span_start, span_end), url_span=(start, end), notes=notes, finding=finding
    )


_NOTE_READ = (
    "read as browsers read an attribute's value: character references decoded (HTML "
    "Standard §13.2.5), spaces and controls around it trimmed and tabs and newlines "
    "removed (WHATWG URL §4.4)"
)


def closing_quotes(text: str) -> _Closing:
    """The quote finder :func:`attribute_url` takes, one for each text scanned."""
    return _Closing(text)
