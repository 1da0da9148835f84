"""Where a URL really leads: the browsers' reading (WHATWG) set against an edition's,
the rules that make them differ, look-alike hosts, the registrable domain, and the
verdict line both front ends show.

:func:`destination` takes a URL :func:`~.parse.parse` has read (parse itself never
calls the WHATWG parser: its speed is measured on its own) and returns a
:class:`Destination`.  Its findings are :class:`~.model.Diagnostic` values like
parse's, to be shown with them.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import idna

from urlinspector.core.active import active_content
from urlinspector.core.brands import (
    TopDomains,
    embedded_brand_diagnostics,
    lookalike_domain_diagnostics,
)
from urlinspector.core.browser import BrowserReading, browser_reading
from urlinspector.core.host_judgement import HostJudge, HostJudgement
from urlinspector.core.lookalike import HostDisplay
from urlinspector.core.model import Code, Diagnostic, Span
from urlinspector.core.parse import URL, parse
from urlinspector.core.readers import ReaderReading, reader_findings
from urlinspector.core.readers.reading import mask_userinfo
from urlinspector.core.whatwg_rules import responsible_rules
from urlinspector.core.wrappers import NOT_WRAPPED, Unwrapping, unwrap, unwrapping_findings

__all__ = ["Destination", "Verdict", "destination"]

_INSIDE_CODES: frozenset[Code] = frozenset(
    {
        "browser-host",
        "userinfo-lookalike",
        "embedded-brand",
        "lookalike-domain",
        "active-content",
        "whole-script-confusable",
        "mixed-script",
        "confusable-skeleton",
        "idn-punycode",
    }
)
"""The findings on the URL inside a wrapped link that the wrapped link repeats: where
its browsers go and what its host pretends to be."""


@dataclass(frozen=True)
class Verdict:
    """The one line that says where following the URL leads, as data and as text:
    ``Browsers contact: evil.com:443 (registrable domain evil.com)``.

    Its text never shows a password: the browsers' host holds no userinfo, and a
    password in the edition's host (a whole authority read as a name) is masked."""

    host: str | None
    """The host browsers contact, as sent (A-labels); None when they contact none."""
    port: int | None
    unicode_host: str | None
    """The host with its IDN labels in Unicode; None for a host without any."""
    punycode_by: tuple[str, ...]
    """The browsers whose IDN display policy shows the host as punycode (``xn--``),
    not as ``unicode_host``."""
    registrable_domain: str | None
    edition_host: str | None
    """The host as the edition reads it, as written (unmasked: mask it to show it)."""
    edition_port: int | None
    """The port the edition's reading leads to (the written one, else the default)."""
    edition: str
    """The edition's label, e.g. ``RFC 3986``."""
    differs: bool
    """The browsers' host or port differs from the edition's: show it as a warning."""
    note: str | None
    """Why no host is contacted (rejected, relative, no host, active content)."""
    active: bool = False
    """Following the URL runs script or renders a document the URL itself carries."""
    scheme: str | None = None
    """The scheme as browsers read it (lower case)."""
    resolved: str | None = None
    """The relative reference read against the base, when the host is the base's."""
    unwrapped: Unwrapping = NOT_WRAPPED
    """The link-protection or redirect wrappers around the URL (core/wrappers.py)."""

    @property
    def fetched(self) -> bool:
        """Whether browsers fetch URLs of this scheme themselves (today's browsers dropped
        gopher long ago and ftp in 2021: they hand such a URL to another program)."""
        return self.scheme is None or self.scheme in BROWSERS_FETCH

    @property
    def warns(self) -> bool:
        """Whether to show the line in the warning colour: browsers go elsewhere than
        the edition says, show the host as punycode, or run what the URL carries."""
        return self.differs or bool(self.punycode_by) or self.active or bool(self.unwrapped.chain)

    @property
    def text(self) -> str:
        """The line for people."""
        if self.host is None:
            return f"Browsers contact: {self.note or 'no server'}"
        where = self.host if self.port is None else f"{self.host}:{self.port}"
        lead = "Browsers contact:" if self.fetched else "Browsers read the host as"
        line = f"{lead} {where}"
        if self.resolved is not None:
            line += f", resolving {self.resolved} against the base"
        if self.registrable_domain is not None:
            line += f" (registrable domain {self.registrable_domain})"
        elif self.host:
            line += " (no registrable domain)"
        if self.punycode_by:
            browsers = " and ".join(self.punycode_by)
            verb = "shows" if len(self.punycode_by) == 1 else "show"
            line += f"; {browsers} {verb} it as punycode, not as {self.unicode_host}"
        elif self.unicode_host is not None:
            line += f", shown as {self.unicode_host}"
        if self.differs:
            other = _hostport(self.edition_host, self.edition_port, self.port != self.edition_port)
            line += f" — not {other}, as {self.edition} reads it"
        if not self.fetched:
            line += f"; they fetch no {self.scheme}: URLs themselves"
        return line + self.unwrapped.clause

    def to_dict(self) -> dict[str, object]:
        return {
            "text": self.text,
            "host": self.host,
            "port": self.port,
            "unicode_host": self.unicode_host,
            "punycode_by": list(self.punycode_by),
            "registrable_domain": self.registrable_domain,
            "differs": self.differs,
            "warns": self.warns,
            "fetched": self.fetched,
        }


@dataclass(frozen=True)
class Destination:
    """Everything :func:`destination` finds about where a URL leads."""

    browser: BrowserReading
    registrable_domain: str | None
    """Of the browsers' host (Public Suffix List, private section included)."""
    display: HostDisplay | None
    """How browsers show the host, for an internationalized one."""
    findings: tuple[Diagnostic, ...]
    """Security findings, with spans into the parsed text: where browsers go
    elsewhere and why, look-alike hosts parse could not see, active content."""
    url: URL
    """The URL this destination was found for."""
    base: str | None
    """The base a relative reference was read against (None: none, or an absolute URL,
    which is read on its own)."""
    differs: bool
    """The browsers' host or port differs from the edition's."""
    active: Diagnostic | None
    """The ``active-content`` finding, when following the URL runs or renders what
    it carries (:func:`~.active.active_content`)."""
    unwrapping: Unwrapping = NOT_WRAPPED
    """Wrappers taken off the URL offline, and where it really leads (the verdict's)."""
    readers: tuple[ReaderReading, ...] = ()
    """What the libraries read in the URL as written (none when they were not asked)."""

    @cached_property
    def verdict(self) -> Verdict:
        """The one line that says where following the URL leads (made when asked: a
        scan's rows do not read it)."""
        url, reading, display = self.url, self.browser, self.display
        host = reading.host
        active = self.active
        return Verdict(
            host or None,
            reading.port if host else None,
            None if display is None else display.unicode,
            () if display is None else tuple(sorted({b for b, _, _ in display.reasons})),
            self.registrable_domain,
            url.host,
            url.effective_port,
            url.edition.label,
            self.differs,
            _note(url, reading, self.base, active),
            active is not None and active.severity == "warning",
            reading.scheme,
            url.uri if self.base is not None and reading.valid else None,
            self.unwrapping,
        )

    def to_dict(self) -> dict[str, object]:
        """The JSON keys ``parse --json`` adds: ``browser``, ``registrable_domain``,
        ``host_display``, ``verdict``, ``unwrapping``, ``readers``."""
        return {
            "browser": self.browser.to_dict(),
            "registrable_domain": self.registrable_domain,
            "host_display": None if self.display is None else self.display.to_dict(),
            "verdict": self.verdict.to_dict(),
            "unwrapping": self.unwrapping.to_dict(),
            "readers": [r.to_dict() for r in self.readers],
        }

    def diagnostics(self, url: URL) -> tuple[Diagnostic, ...]:
        """*url*'s own diagnostics with these findings, in the order of their spans
        (*url* is the URL this destination was found for)."""
        return tuple(sorted((*url.diagnostics, *self.findings), key=lambda d: d.span))

    def annotated(self, url: URL) -> URL:
        """*url* with these findings among its diagnostics: what a front end shows
        (spans, carets and overlays read them like parse's own)."""
        return url.with_diagnostics(self.diagnostics(url))

    def report(self, url: URL, charset: str = "utf-8") -> dict[str, Any]:
        """``url.to_dict(charset)`` with these keys added and these findings among its
        ``diagnostics``: what ``parse --json`` prints."""
        data = url.to_dict(charset)
        data.update(self.to_dict())
        data["diagnostics"] = [d.to_dict() for d in self.diagnostics(url)]
        return data


BROWSERS_FETCH = frozenset({"http", "https", "ws", "wss", "file"})
"""The schemes whose URLs today's browsers fetch themselves."""


# --- comparing the readings -----------------------------------------------------------


def _comparable(host: str) -> str:
    """The edition's host in the browsers' form where the two forms mean the same
    name: lower case, IDN labels as A-labels, IPv6 literals compressed.  A host that
    UTS #46 would map otherwise (full-width forms, other dots, ignored characters)
    stays as it is: that mapping is one of the differences to report."""
    lower = host.lower()
    if lower.startswith("[") and lower.endswith("]"):
        try:
            return f"[{ipaddress.IPv6Address(lower[1:-1]).compressed}]"
        except ValueError:
            return lower
    if lower.isascii():
        return lower
    try:
        if idna.uts46_remap(lower, std3_rules=False) != lower:
            return lower
    except (idna.IDNAError, UnicodeError, ValueError):
        return lower
    # RFC 3492 punycode of each non-ASCII label, as the browsers' domain to ASCII
    # gives it once the mapping changed nothing
    return ".".join(
        label if label.isascii() else "xn--" + label.encode("punycode").decode("ascii")
        for label in lower.split(".")
    )


def _masked(host: str) -> str:
    """*host* with any password in it masked: an edition that reads a whole
    authority as a registry-based name (2396bis §3.2.1) keeps the userinfo in it.
    Masked as a library's host is (:func:`~.readers.reading.mask_userinfo`): a user
    name alone is shown whole, a bracketed address (``[::1]@evil.com``) included."""
    return mask_userinfo(host)


def _hostport(host: str | None, port: int | None, with_port: bool) -> str:
    if not host:
        return "no host" if host is None else "an empty host"
    host = _masked(host)
    return f"{host}:{port}" if with_port and port is not None else host


def _difference_findings(url: URL, reading: BrowserReading) -> tuple[list[Diagnostic], bool]:
    """Findings where the browsers' host or port differs from the edition's, and
    whether it does."""
    edition_host = url.host
    host_differs = (edition_host is None) != (reading.host is None) or (
        edition_host is not None
        and reading.host is not None
        and _comparable(edition_host) != reading.host
    )
    e_port = url.effective_port
    port_differs = e_port is not None and reading.port is not None and e_port != reading.port
    if not (host_differs or port_differs):
        return [], False
    shown_b = _hostport(reading.host, reading.port, port_differs)
    shown_e = _hostport(edition_host, e_port, port_differs)
    head = f"browsers contact {shown_b}, not {shown_e}"
    matches = responsible_rules(url, reading)
    found = [
        Diagnostic(
            code="browser-host" if host_differs else "browser-port",
            severity="warning",
            category="security",
            span=m.span,
            message=f"{head}: they {m.rule.reads} ({m.rule.reference})",
            reference=m.rule.reference,
        )
        for m in matches
    ]
    if not found:
        span: Span = url.span("host") or url.uri_span
        found.append(
            Diagnostic(
                code="browser-host" if host_differs else "browser-port",
                severity="warning",
                category="security",
                span=span,
                message=f"{head} (WHATWG URL host parsing)",
                reference="WHATWG URL §3.5, §4.4",
            )
        )
    return found, True


def _lookalikes(url: URL, reading: BrowserReading, judged: HostJudgement) -> list[Diagnostic]:
    """Look-alike findings on the browsers' host when it is not the host parse
    checked (parse reports those on the host as written)."""
    host = reading.host
    if not (host and judged.lookalikes) or host.startswith("["):
        return []  # (nothing to say, whichever host parse checked)
    written = url.host
    if written is not None and _comparable(written) == host:
        return []
    span: Span = url.span("host") or url.uri_span
    return [
        Diagnostic(
            code=f.code,
            severity=f.severity,
            category="security",
            span=span,
            message=f"as browsers read the host ({host}): {f.message}",
            reference=f.reference,
        )
        for f in judged.lookalikes
    ]


_NO_HOST_NOTES = {
    "invalid": "nothing (they reject this URL)",
    "relative": "nothing yet (a relative reference: give the base it is resolved against)",
    "empty": "no server (an empty host: a local file)",
}


def _host_findings(
    url: URL, reading: BrowserReading, judged: HostJudgement, brands: TopDomains | None
) -> tuple[list[Diagnostic], bool]:
    """Where browsers go elsewhere than *url*'s edition reads, and what the host they
    contact pretends to be (*judged*: its judgement); and whether they go elsewhere."""
    if not (reading.valid and reading.special and url.is_absolute):
        # (browsers contact hosts of the special schemes only; other hosts are opaque)
        return [], False
    findings, differs = _difference_findings(url, reading)
    findings += _lookalikes(url, reading, judged)
    if brands is not None:
        findings += embedded_brand_diagnostics(url, reading.host, judged.embedded)
        findings += lookalike_domain_diagnostics(url, reading.host, judged.lookalike_domain)
    return findings, differs


def destination(
    url: URL,
    base: str | None = None,
    *,
    brands: TopDomains | None = None,
    readings: tuple[ReaderReading, ...] = (),
    hosts: HostJudge | None = None,
    reading: BrowserReading | None = None,
) -> Destination:
    """Where *url* leads as browsers read it (against *base* when given), compared
    with *url*'s own edition; with *brands* (:func:`urlinspector.data.top_domains`),
    a well-known domain written in front of the host's registrable domain too; with
    *readings* (what the libraries read in the URL, by
    :func:`urlinspector.readers.reader_readings`; none when they were not asked),
    where they go elsewhere or refuse; *hosts*: a
    :class:`~.host_judgement.HostJudge` made with the same *brands*, to judge each
    distinct host once over many URLs (a scan); *reading*: the browsers' reading of
    *url* (against *base* when it is read against one), when the caller has it.  An
    absolute URL is read on its own."""
    if hosts is None:
        hosts = HostJudge(brands)
    elif hosts.brands is not brands:
        raise ValueError("destination(): hosts was made with other brands than these")
    text = url.uri
    base = None if url.is_absolute else base or None
    if reading is None:
        # (without a base, asked as everyone else asks: one cached reading a text)
        reading = browser_reading(text) if base is None else browser_reading(text, base)
    judged = hosts(reading.host)
    findings, differs = _host_findings(url, reading, judged, brands)
    if url.is_absolute and not reading.valid:
        findings.append(
            Diagnostic(
                code="browser-invalid",
                severity="info",
                category="syntax",
                span=url.uri_span,
                message="browsers reject this URL: following it leads nowhere",
                reference="WHATWG URL §4.4",
            )
        )
    active = active_content(url)
    if active is not None:
        findings.append(active)
    unwrapped = NOT_WRAPPED
    if reading.valid and judged.wrapper_host and reading.href:
        # (only a wrapper's host serves a wrapper: no other URL is looked into)
        unwrapped = unwrap(reading.href)
        findings += unwrapping_findings(unwrapped, url.uri_span)
        findings += _inside_findings(unwrapped, url, hosts)
    if not url.is_absolute:
        readings = ()
    if readings:
        findings += reader_findings(url, reading, readings)
    findings.sort(key=lambda d: d.span)
    return Destination(
        reading,
        judged.registrable_domain,
        judged.display,
        tuple(findings),
        url,
        base,
        differs,
        active,
        unwrapping=unwrapped,
        readers=readings,
    )


def _note(
    url: URL, reading: BrowserReading, base: str | None, active: Diagnostic | None
) -> str | None:
    """Why browsers contact no host (None when they contact one)."""
    host = reading.host
    if not reading.valid:
        return _NO_HOST_NOTES["relative" if not url.is_absolute and not base else "invalid"]
    if host == "":
        return _NO_HOST_NOTES["empty"]
    if host is None:
        return (
            f"no server (following a {reading.scheme}: URL runs or renders the content "
            "the URL itself carries)"
            if active is not None
            else f"no server (a {reading.scheme}: URL names no host)"
        )
    return None


def _inside_findings(unwrapped: Unwrapping, url: URL, hosts: HostJudge) -> list[Diagnostic]:
    """What the URL inside a wrapped link hides (an embedded brand, a look-alike host,
    a backslash trick), said of the whole wrapped link: the span of the inner URL is
    in no text the user typed."""
    if unwrapped.final is None:
        return []
    inner = parse(unwrapped.final, url.edition)
    reading = browser_reading(inner.uri)
    found, _ = _host_findings(inner, reading, hosts(reading.host), hosts.brands)
    found += inner.diagnostics  # (look-alikes the parse itself saw)
    active = active_content(inner)
    found += [] if active is None else [active]
    span = url.uri_span
    where = unwrapped.final_host or unwrapped.final
    return [
        d._replace(span=span, message=f"inside the wrapped link, {where}: {d.message}")
        for d in found
        if d.code in _INSIDE_CODES
    ]
