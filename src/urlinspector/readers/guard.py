"""Parser agreement as an allow-list check: do browsers and every installed library
read the same scheme, host and port in a URL?

A server that checks a URL with one parser and fetches it with another can be sent
elsewhere than it checked (Orange Tsai, "A New Era of SSRF", 2017; Claroty and Snyk,
"Exploiting URL Parsers", 2022); the OWASP Server-Side Request Forgery Prevention Cheat
Sheet's advice is to allow only what every parser in the path reads alike, and to
treat their disagreement as a rejection.  :func:`guard` gives that answer from the
readings the inspection shows: the browsers'
(:func:`~urlinspector.core.browser.browser_reading`) and each library's
(:func:`~urlinspector.readers.reader_readings`), compared as
:func:`~urlinspector.core.readers.reader_findings` compares them (the host in the
browsers' form where both forms name the same host).

Agreement needs a host that browsers contact over the network (a special scheme other
than ``file``, a non-empty host), and every installed library that connects for the
scheme reading the same scheme, host and port; a library that rejects the URL is a
disagreement.  A library that is not installed, or that does not connect for the
scheme (urllib for ``ftp:``), is left out and named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from urlinspector.core.browser import BrowserReading, browser_reading
from urlinspector.core.readers import Reader, ReaderReading
from urlinspector.core.readers.findings import comparable_host
from urlinspector.readers import READERS, reader_readings

__all__ = ["Guarded", "Placement", "agreed_origin", "guard"]

BROWSERS = "browsers (WHATWG URL)"
"""The label of the browsers' reading."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one reader goes, or why it goes nowhere."""

    reader: str
    """``browsers`` or the library's id (``urllib3``)."""
    label: str
    scheme: str | None = None
    host: str | None = None
    """In the browsers' form where it names the same host as the library's own."""
    port: int | None = None
    refused: str | None = None
    """Why it reads no URL (its own words); None when it read one."""

    @property
    def where(self) -> str:
        """``https://evil.example:443``, or ``refuses it (...)``."""
        if self.refused is not None:
            return f"refuses it ({self.refused})"
        return _origin(self.scheme, self.host, self.port)

    def to_dict(self) -> dict[str, object]:
        return {
            "reader": self.reader,
            "label": self.label,
            "scheme": self.scheme,
            "host": self.host,
            "port": self.port,
            "refused": self.refused,
        }


@dataclass(frozen=True, slots=True)
class Guarded:
    """The answer for one URL."""

    url: str
    agreed: bool
    origin: str | None
    """``scheme://host:port`` that all agree on; None when they do not."""
    placements: tuple[Placement, ...]
    """The browsers first, then each library compared, in the readers' order."""
    left_out: tuple[str, ...]
    """The libraries not compared, each with why (``httpx is not installed``)."""
    reason: str | None
    """Why there is no agreement, for people; None when there is."""

    def groups(self) -> tuple[tuple[str, tuple[Placement, ...]], ...]:
        """The placements grouped by where they go, in order of first appearance."""
        out: dict[str, list[Placement]] = {}
        for p in self.placements:
            out.setdefault(p.where, []).append(p)
        return tuple((where, tuple(group)) for where, group in out.items())

    def to_dict(self) -> dict[str, object]:
        return {
            "url": self.url,
            "agreed": self.agreed,
            "origin": self.origin,
            "reason": self.reason,
            "placements": [p.to_dict() for p in self.placements],
            "left_out": list(self.left_out),
        }


def _origin(scheme: str | None, host: str | None, port: int | None) -> str:
    if host is None:
        return f"{scheme or 'no scheme'}: (no host)"
    where = f"{scheme or ''}://{host}"
    return where if port is None else f"{where}:{port}"


def _browsers(reading: BrowserReading) -> Placement:
    if not reading.valid:
        return Placement(
            reader=BROWSERS, label=BROWSERS, refused=reading.error or "browsers reject it"
        )
    return Placement(
        reader=BROWSERS,
        label=BROWSERS,
        scheme=reading.scheme,
        host=reading.host,
        port=reading.port,
    )


def _library(reader: Reader, reading: ReaderReading) -> Placement:
    if reading.refusal is not None:
        return Placement(reader=reader.name, label=reading.titled, refused=reading.refusal)
    host = None if reading.host is None else comparable_host(reading.host)
    scheme = None if reading.scheme is None else reading.scheme.lower()
    return Placement(
        reader=reader.name, label=reading.titled, scheme=scheme, host=host, port=reading.port
    )


def _no_network_host(browser: BrowserReading) -> str | None:
    """Why browsers contact no host over the network for this URL; None when they do."""
    if not browser.valid:
        return "browsers reject this URL"
    if not browser.special or browser.scheme == "file":
        return f"browsers contact no host for a {browser.scheme}: URL"
    if not browser.host:
        return "browsers read no host in this URL"
    return None


def guard(
    text: str,
    readers: Sequence[Reader] = READERS,
    readings: Sequence[ReaderReading] | None = None,
) -> Guarded:
    """Whether browsers and every installed library of *readers* agree on *text*'s
    scheme, host and port (*readings*: the libraries' readings of *text*, when the
    caller has them, in the order of *readers*).  Never raises for a ``str``."""
    browser = browser_reading(text)
    if readings is None:
        readings = reader_readings(text) if readers is READERS else [r.read(text) for r in readers]
    placements = [_browsers(browser)]
    left_out: list[str] = []
    for reader, reading in zip(readers, readings, strict=True):
        if reading.missing is not None:
            left_out.append(reading.missing)
        elif browser.scheme is not None and browser.scheme not in reader.fetches:
            left_out.append(f"{reading.titled} does not connect for {browser.scheme}: URLs")
        else:
            placements.append(_library(reader, reading))
    reason = _no_network_host(browser)
    first = placements[0]
    if reason is None and any(p.where != first.where for p in placements[1:]):
        reason = "the readers part ways"
    return Guarded(
        url=text,
        agreed=reason is None,
        origin=first.where if reason is None else None,
        placements=tuple(placements),
        left_out=tuple(left_out),
        reason=reason,
    )


def agreed_origin(text: str) -> str | None:
    """``scheme://host:port`` when browsers and every installed library agree on it
    (see :func:`guard`), else None: the one call an allow-list needs."""
    return guard(text).origin
