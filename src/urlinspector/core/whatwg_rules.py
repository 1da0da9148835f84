"""The WHATWG URL rules that make browsers read a host or port differently from the
older specs, each with a detector that finds the characters responsible.

:func:`responsible_rules` runs every rule of :data:`RULES` over a parsed URL and keeps
those that find something; :mod:`.destinations` names them in its findings when the
browsers' host or port differs from the edition's.  Adding a rule is one row.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import idna

from urlinspector.core.browser import BrowserReading
from urlinspector.core.model import Span
from urlinspector.core.parse import URL

__all__ = ["RULES", "Rule", "RuleMatch", "responsible_rules"]

Detector = Callable[[URL, BrowserReading], tuple[Span, ...]]
"""Spans in ``url.text`` of the characters a rule reads otherwise than the edition."""


@dataclass(frozen=True)
class Rule:
    """One WHATWG URL rule that can change where a URL leads."""

    code: str
    """Stable identifier, e.g. ``backslash``."""
    reads: str
    """What browsers do, to follow "they ...", e.g. ``read '\\' as '/'``."""
    reference: str
    """Where the standard says so."""
    detect: Detector


@dataclass(frozen=True)
class RuleMatch:
    """A rule and the characters it reads differently in one URL."""

    rule: Rule
    spans: tuple[Span, ...]

    @property
    def span(self) -> Span:
        """From the first character responsible to the last."""
        return (self.spans[0][0], self.spans[-1][1])


def _chars(url: URL, chars: str, start: int, end: int) -> tuple[Span, ...]:
    text = url.text
    return tuple((i, i + 1) for i in range(start, end) if text[i] in chars)


_SLASHES = re.compile(r"[/\\]*")
_HOST_END = re.compile(r"[/\\?#]")


def _up_to_host_end(url: URL) -> tuple[int, int]:
    """The URL (inside any wrapper) from its start to where the authority ends, as
    the edition reads it or, without one, as browsers do (after the slashes, up to
    the next delimiter): the characters that can change the host or port."""
    start, end = url.uri_span
    authority = url.spans.authority
    if authority is not None:
        return start, authority[1]
    scheme = url.spans.scheme
    s_end = -1 if scheme is None else scheme[1]
    slashes = _SLASHES.match(url.text, s_end + 1, end)
    pos = end if slashes is None else slashes.end()
    stop = _HOST_END.search(url.text, pos, end)
    return start, end if stop is None else stop.start()


def _tab_newline(url: URL, reading: BrowserReading) -> tuple[Span, ...]:
    # WHATWG URL §4.4 basic URL parser: remove all ASCII tab or newline from input
    start, end = _up_to_host_end(url)
    return _chars(url, "\t\n\r", start, end)


_C0_SPACE = "".join(map(chr, range(0x21)))


def _c0_trim(url: URL, reading: BrowserReading) -> tuple[Span, ...]:
    # WHATWG URL §4.4: remove any leading and trailing C0 control or space
    start, end = url.uri_span
    text = url.text
    lead = start
    while lead < end and text[lead] in _C0_SPACE and text[lead] not in "\t\n\r":
        lead += 1
    trail = end
    while trail > lead and text[trail - 1] in _C0_SPACE and text[trail - 1] not in "\t\n\r":
        trail -= 1
    spans = []
    if lead > start:
        spans.append((start, lead))
    if trail < end:
        spans.append((trail, end))
    return tuple(spans)


def _backslash(url: URL, reading: BrowserReading) -> tuple[Span, ...]:
    # WHATWG URL §4.4: in a special URL "\" is a validation error read as "/" in the
    # special authority slashes, authority, host and path states
    if not reading.special:
        return ()
    start, end = _up_to_host_end(url)
    return _chars(url, "\\", start, end)


def _slashes(url: URL, reading: BrowserReading) -> tuple[Span, ...]:
    # WHATWG URL §4.4 special authority ignore slashes state: after a special scheme
    # (file: aside) any number of slashes, none included, leads to the authority
    if not reading.special or reading.scheme == "file":
        return ()
    scheme = url.span("scheme")
    if scheme is None:
        return ()
    m = _SLASHES.match(url.text, scheme[1] + 1, url.uri_span[1])
    if m is None or len(m.group()) == 2:
        return ()
    return (m.span(),)


_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def _host_percent(url: URL, reading: BrowserReading) -> tuple[Span, ...]:
    # WHATWG URL §3.5 host parser: percent-decode the input (of a special URL) first
    if not reading.special:
        return ()
    host = url.span("host")
    if host is None:
        return ()
    return tuple(m.span() for m in _ESCAPE.finditer(url.text, *host))


def _idna_mapping(url: URL, reading: BrowserReading) -> tuple[Span, ...]:
    # WHATWG URL §3.3 domain to ASCII: UTS #46 processing maps full-width forms, other
    # full stops and case, and drops ignored characters
    if not reading.special:
        return ()
    host = url.span("host")
    if host is None:
        return ()
    start, end = host
    text = url.text
    spans = []
    for i in range(start, end):
        ch = text[i]
        if ch.isascii():
            continue
        try:
            mapped = idna.uts46_remap(ch, std3_rules=False, transitional=False)
        except (idna.IDNAError, UnicodeError, ValueError):
            continue
        if mapped != ch.lower():
            spans.append((i, i + 1))
    return tuple(spans)


_DOTTED_QUAD = re.compile(r"(?:\d{1,3}\.){3}\d{1,3}")


def _ipv4_number(url: URL, reading: BrowserReading) -> tuple[Span, ...]:
    # WHATWG URL §3.5 IPv4 parser: a host that ends in a number is an IPv4 address,
    # its parts decimal, octal (leading 0) or hex (0x), fewer than four allowed
    host = url.span("host")
    if host is None or reading.host is None or not reading.special:
        return ()
    if not _DOTTED_QUAD.fullmatch(reading.host) or url.text[host[0] : host[1]] == reading.host:
        return ()
    return (host,)


RULES: tuple[Rule, ...] = (
    Rule(
        "tab-newline",
        "remove tabs and newlines",
        "WHATWG URL §4.4, basic URL parser: remove ASCII tab or newline",
        _tab_newline,
    ),
    Rule(
        "c0-space",
        "strip leading and trailing spaces and control characters",
        "WHATWG URL §4.4, basic URL parser: leading and trailing C0 control or space",
        _c0_trim,
    ),
    Rule(
        "backslash",
        "read '\\' as '/'",
        "WHATWG URL, special authority slashes",
        _backslash,
    ),
    Rule(
        "special-slashes",
        "ignore missing or extra slashes after a special scheme",
        "WHATWG URL §4.4, special authority ignore slashes state",
        _slashes,
    ),
    Rule(
        "host-percent-decoding",
        "percent-decode the host",
        "WHATWG URL §3.5, host parser: percent-decode",
        _host_percent,
    ),
    Rule(
        "idna-mapping",
        "map the host by IDNA (UTS #46)",
        "WHATWG URL §3.3, domain to ASCII (UTS #46 mapping)",
        _idna_mapping,
    ),
    Rule(
        "ipv4-number",
        "read the host as an IPv4 number",
        "WHATWG URL §3.5, IPv4 parser (hex, octal, fewer than four parts)",
        _ipv4_number,
    ),
)
"""Every rule, in the order the standard applies them."""


def responsible_rules(url: URL, reading: BrowserReading) -> tuple[RuleMatch, ...]:
    """The rules of :data:`RULES` that find characters in *url* they read otherwise."""
    found = []
    for rule in RULES:
        spans = rule.detect(url, reading)
        if spans:
            found.append(RuleMatch(rule, spans))
    return tuple(found)
