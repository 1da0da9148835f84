"""Where a library would connect elsewhere than browsers go: one ``security`` finding
for each place, naming the libraries that would go there; and where a library
refuses a URL browsers fetch: one note for each refusal, naming the libraries that
refuse it so.  A library that refuses connects nowhere, so it is never among those
that go elsewhere.

A library's host is set against the browsers' in the browsers' form where the two
forms name the same host (``Good.COM`` and ``good.com``, ``127.1`` and
``127.0.0.1``, ``bücher.de`` and ``xn--bcher-kva.de``: the system's resolver and
IDNA read them alike); anything else, a percent sign, a backslash or an ``@`` left
in the host, is a different host.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence

from urlinspector.core.browser import SPECIAL_PORTS, BrowserReading, browser_reading
from urlinspector.core.memo import short_lru_cache
from urlinspector.core.model import HOST, URI, Diagnostic, Severity, Span
from urlinspector.core.parse import URL
from urlinspector.core.readers.reading import ReaderReading

__all__ = [
    "comparable_host",
    "differing_readers",
    "is_host_name",
    "reader_findings",
    "readers_could_differ",
    "refusing_readers",
]

_NAME = re.compile(r"[^\x00-\x20\x7f/\\?#@:\[\]%]+")
"""A host with no delimiter in it: reading it as browsers read a host changes no
boundary (only case, IDN labels and the IPv4 forms)."""


def is_host_name(host: str) -> bool:
    """Whether *host* could name a host at all: an IPv6 address, or a name without
    a delimiter, space or ``%`` (a resolver finds none such: ``a@b.com``,
    ``evil.com\\@good.com``, ``ev%69l.com`` are nobody's)."""
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if ":" in bare:
        try:
            ipaddress.IPv6Address(bare)
        except ValueError:
            return False
        return True
    return _NAME.fullmatch(host) is not None


@short_lru_cache(maxsize=1024)
def comparable_host(host: str) -> str:
    """*host* (as a library gives it) in the browsers' form when it names the same
    host, else lower case as it is.  (Kept for the last hosts met: the libraries
    mostly give a URL's host alike, and each of theirs is compared.)"""
    lower = host.lower()
    bare = lower[1:-1] if lower.startswith("[") and lower.endswith("]") else lower
    if ":" in bare:  # an IPv6 address (urllib gives it without its brackets)
        try:
            return f"[{ipaddress.IPv6Address(bare).compressed}]"
        except ValueError:
            return lower
    if _NAME.fullmatch(lower):
        reading = browser_reading(f"http://{lower}/")
        if reading.valid and reading.host:
            return reading.host
    return lower


_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
_PLAIN = re.compile(
    # (not ws or wss: libcurl 7.88 knows no default port for them)
    r"(?P<scheme>(?i:https?|ftp))://"
    r"(?P<host>"
    # letters, digits and hyphens; the last label begins with a letter, so no IPv4
    # form (decimal, octal, hex 0x...) is read in it (WHATWG URL §3.5 "ends in a number")
    # (labels of at most 63 octets: the IDNA codec of Python's socket refuses longer)
    # (and none an A-label: httpx refuses one that is not valid punycode)
    r"(?:(?![Xx][Nn]--)[A-Za-z0-9-]{1,63}\.)*(?![Xx][Nn]--)[A-Za-z][A-Za-z0-9-]{0,62}"
    # or an IPv4 address in dotted decimal, no leading zero (RFC 3986 §3.2.2 dec-octet)
    rf"|(?:{_OCTET}\.){{3}}{_OCTET}"
    # or an IPv6 address of hexadecimal pieces and colons (RFC 3986 §3.2.2 IP-literal,
    # no embedded IPv4 form, no zone): held below to the browsers' compressed form
    r"|\[[0-9A-Fa-f:]+\]"
    r")"
    r"(?::(?P<port>[1-9][0-9]{0,4}))?"
    # RFC 3986 §3.3-3.5 characters, less "@" and "%" escapes of control characters;
    # and the printable ones it leaves out that none reads as ending the path (" < >
    # ^ ` { | }, a "%" that begins no escape of a control character); no space
    # (http.client and libcurl refuse one in the request line), backslash, tab,
    # newline, bracket or non-ASCII character
    r"(?:[/?#](?:[A-Za-z0-9._~!$&'()*+,;=:/?#\"<>^`{|}-]|%(?![01]))*)?"
)
"""An http(s) or ftp URL whose authority is a plain host
name, IPv4 or IPv6 address and a port: what most of a log's URLs are, and none of the
texts on which the libraries part ways or one of them refuses (a backslash, an ``@``
anywhere, a space, tab or newline, ``%00``, an unusual IPv4 form, brackets, a label
over 63 octets)."""


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*(?=:)")
"""A scheme at the very start of a text (RFC 3986 §3.1): every library reads it so."""


def _fetched_by_none(text: str, fetched: frozenset[str]) -> bool:
    """Whether *text* begins with a scheme no library connects for (none of
    *fetched*: ``file:``, the one special scheme of browsers none of them fetches):
    :func:`reader_findings` compares only the readings of a scheme the library
    fetches."""
    scheme = _SCHEME.match(text)
    return scheme is not None and scheme.group().lower() not in fetched


def readers_could_differ(url: URL, browser: BrowserReading, fetched: frozenset[str]) -> bool:
    """Whether :func:`reader_findings` could find anything on *url* (whose browsers'
    reading is *browser*), told without asking the libraries: that one goes
    elsewhere, or refuses it (*fetched*: the schemes some library connects for,
    :data:`urlinspector.readers.FETCHED`).  False for a relative
    reference, for a scheme whose host browsers do not contact and for a scheme no
    library connects for (exactly the cases :func:`reader_findings` skips), and for
    a plain URL (:data:`_PLAIN`) that
    browsers read with the host and port as written (an IPv6 address in its
    compressed form); True otherwise.  The tests
    hold it to the full readings on the benchmark corpus and generated URLs."""
    if not url.is_absolute or (browser.valid and not browser.special):
        return False
    plain = _PLAIN.fullmatch(url.uri)
    if plain is None:
        return not _fetched_by_none(url.uri, fetched)
    scheme, host, port = plain.group("scheme", "host", "port")
    expected = SPECIAL_PORTS[scheme.lower()] if port is None else int(port)
    written = comparable_host(host) if host.startswith("[") else host.lower()
    return browser.host != written or browser.port != expected


def _span(url: URL) -> Span:
    start, end = url.spans[HOST]
    return (start, end) if start >= 0 else url.spans[URI]


def _labels(readings: Sequence[ReaderReading]) -> str:
    labels = [r.label for r in readings]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


_Place = tuple[str, int | None, str | None]
"""Where a library connects: the host in the browsers' form, the port, and the ``Host``
header it sends where that names another place."""


def _compared(readings: Iterable[ReaderReading]) -> dict[_Place, list[ReaderReading]]:
    """The readings that connect somewhere, grouped by where (:data:`_Place`)."""
    groups: dict[_Place, list[ReaderReading]] = {}
    for reading in readings:
        if not (reading.ok and reading.host and (reading.scheme or "").lower() in reading.fetches):
            continue
        key = (comparable_host(reading.host), reading.port, reading.host_header)
        groups.setdefault(key, []).append(reading)
    return groups


_Group = list[ReaderReading]


def _elsewhere(
    url: URL, browser: BrowserReading, readings: Sequence[ReaderReading]
) -> list[tuple[str, int | None, _Group]]:
    """The places (host in the browsers' form, port) libraries would connect to that
    are not where browsers go, each with the readings that would go there."""
    if not url.is_absolute or (browser.valid and not browser.special):
        return []  # browsers contact hosts of the special schemes only
    return [
        (host, port, group)
        for (host, port, _), group in _compared(readings).items()
        if not browser.valid or host != browser.host or port != browser.port
    ]


def refusing_readers(
    url: URL, browser: BrowserReading, readings: Sequence[ReaderReading]
) -> tuple[ReaderReading, ...]:
    """The *readings* that refuse *url* where browsers fetch it (a scheme the library
    fetches too), in their order."""
    if not (url.is_absolute and browser.valid and browser.special):
        return ()  # (browsers refuse it too, or contact no host for it)
    return tuple(
        reading
        for reading in readings
        if reading.refusal is not None and browser.scheme in reading.fetches
    )


def differing_readers(
    url: URL, browser: BrowserReading, readings: Sequence[ReaderReading]
) -> tuple[ReaderReading, ...]:
    """The *readings* that would connect elsewhere than browsers go (or anywhere,
    when browsers reject *url*), in their order."""
    names = {r.name for _, _, group in _elsewhere(url, browser, readings) for r in group}
    return tuple(r for r in readings if r.name in names)


def reader_findings(
    url: URL, browser: BrowserReading, readings: Sequence[ReaderReading]
) -> list[Diagnostic]:
    """A finding for each place the libraries (*readings*, made by
    :func:`urlinspector.readers.reader_readings`) would connect to that is not where
    browsers go (*browser*, their reading of *url*)."""
    found: list[Diagnostic] = []
    for host, port, group in _elsewhere(url, browser, readings):
        written = group[0].host or ""
        theirs: str | None = None  # browsers reject the URL
        code, with_port = "reader-host", any(r.written_port is not None for r in group)
        if browser.valid:
            code = "reader-host" if host != browser.host else "reader-port"
            with_port = port != browser.port
            theirs = browser.host or "no host"
            theirs += f":{browser.port}" if with_port else ""
        where = _where(written, host, port if with_port else None)
        sent = group[0].host_header
        if sent is not None:  # (the Host header names another place: say it)
            where += f", sending Host: {sent}"
        named = is_host_name(written)
        if not named:
            # the library goes nowhere, but a check that reads the URL with it sees
            # another host than the one browsers go to
            where += ", which names no host"
        severity: Severity = "warning" if theirs is not None and named else "info"
        found.append(_finding(url, code, severity, group, where, theirs))
    return found + _refusals(url, browser, readings)


def _refusals(
    url: URL, browser: BrowserReading, readings: Sequence[ReaderReading]
) -> list[Diagnostic]:
    """One note on the libraries that refuse a URL browsers fetch, each with its words
    (the libraries that refuse it with the same words together)."""
    refusing = {r.name for r in refusing_readers(url, browser, readings)}
    groups: dict[str, _Group] = {}
    for reading in readings:
        if reading.name in refusing and reading.refusal is not None:
            groups.setdefault(reading.refusal, []).append(reading)
    theirs = browser.host or "an empty host"
    if browser.port is not None and browser.port != SPECIAL_PORTS.get(browser.scheme or ""):
        theirs += f":{browser.port}"
    if not groups:
        return []
    said = [
        f"{_labels(group)} {'refuses' if len(group) == 1 else 'refuse'} this URL ({refusal})"
        for refusal, group in groups.items()
    ]
    return [
        Diagnostic(
            code="reader-refuses",
            severity="info",
            category="security",
            span=_span(url),
            message=f"{'; '.join(said)}; browsers go to {theirs}",
            reference="; ".join(
                reading.reference for group in groups.values() for reading in group
            ),
        )
    ]


def _where(host: str, comparable: str, port: int | None) -> str:
    """*host* (with *port*), and the host it stands for when that reads otherwise."""
    if port is None:
        shown = host
    elif ":" in host and not host.startswith("["):  # a host that keeps a ":" itself
        shown = f"{host} on port {port}"
    else:
        shown = f"{host}:{port}"
    if comparable.strip("[]") != host.lower().strip("[]"):
        shown += f" (that is {comparable})"
    return shown


def _finding(
    url: URL,
    code: str,
    severity: Severity,
    group: _Group,
    where: str,
    browsers: str | None,
) -> Diagnostic:
    tail = "browsers reject this URL" if browsers is None else f"browsers go to {browsers}"
    return Diagnostic(
        code=code,
        severity=severity,
        category="security",
        span=_span(url),
        message=f"{_labels(group)} would connect to {where}; {tail}",
        reference="; ".join(reading.reference for reading in group),
    )
