"""The one inspection of a URL: everything true about it, computed in one place.

:func:`inspect` reads a text under an edition against a base and returns an
:class:`Inspection`: the parsed :class:`~urlinspector.core.URL`, where browsers and
each HTTP library go (:class:`~urlinspector.core.Destination`: the browsers' reading,
the libraries' readings, the unwrapping chain, the verdict), the findings of both
merged in the order of their spans, and the resolved target.  The window's panels,
``parse`` (text, JSON, Markdown, HTML), ``extract`` and ``scan`` all read it, so a
finding added to the core reaches every front end at once and none can drift.

``text -> URL -> Inspection -> window panels | cli text/JSON | report | extract | scan rows``

An inspection is frozen and memoized by its arguments: the address bar's colours,
the status line and every panel share one per keystroke, and the Editions view one
per edition.  What only some front ends need (the target's trace, the same text
under another edition, the libraries' readings of a long URL left out while typing)
is derived from it on demand and kept on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any, Literal, NamedTuple

from urlinspector.core import URL, Destination, Diagnostic, destination, parse
from urlinspector.core.browser import BrowserReading, browser_reading, read_as_browsers
from urlinspector.core.destinations import Verdict
from urlinspector.core.fragment_directive import FragmentDirective, fragment_directive
from urlinspector.core.host_judgement import HostJudge
from urlinspector.core.query import QueryParam, query_params
from urlinspector.core.readers import ReaderReading, readers_could_differ
from urlinspector.data import top_domains
from urlinspector.present.target import Target, target_for
from urlinspector.present.verdict_line import VerdictLine, verdict_line
from urlinspector.readers import FETCHED, reader_readings

__all__ = ["KEPT", "Inspection", "ReaderUse", "default_hosts", "inspect", "parsed"]

ReaderUse = Literal["all", "findings", "none"]
"""Which HTTP libraries an inspection asks (:mod:`urlinspector.core.readers`):
``"all"`` (their readings shown, and their findings); ``"findings"`` only where their
readings could differ from the browsers' (:func:`~urlinspector.core.readers.readers_could_differ`),
for their findings alone (a scan); ``"none"`` (a list of many URLs, or a long URL
while it is being typed: for one they cost as much as all the rest)."""

KEPT = 64
"""Inspections kept (and parses, and the libraries' readings of a text): the last few
texts of a window, each under every edition."""


@cache
def default_hosts() -> HostJudge:
    """The process's :class:`~urlinspector.core.host_judgement.HostJudge` over the
    bundled well-known domains: each distinct host judged once for every URL, edition
    and keystroke (a scan worker's hosts over all its partitions)."""
    return HostJudge(top_domains())


@lru_cache(maxsize=KEPT)
def parsed(text: str, edition: str) -> URL:
    """``parse(text, edition)``, kept for the last few texts: the highlighters and the
    inspection of one keystroke share it."""
    return parse(text, edition)


@lru_cache(maxsize=KEPT)
def _readings(text: str) -> tuple[ReaderReading, ...]:
    # (the same for every edition; the core keeps only short texts' readings)
    return reader_readings(text)


@dataclass(frozen=True, eq=False)
class Inspection:
    """Everything true about one text read by one edition against one base.  Build it
    with :func:`inspect`, never directly.

    ``url`` is the parse, its own diagnostics only; ``destination`` where browsers
    and the libraries go; :attr:`findings` both merged, and :attr:`annotated` the URL
    holding them (what carets, overlays and lists show)."""

    text: str
    edition: str
    """The edition's id."""
    base: str
    """The base a relative reference is resolved against; empty for none."""
    readers: ReaderUse
    hosts: HostJudge
    url: URL
    destination: Destination

    @cached_property
    def findings(self) -> tuple[Diagnostic, ...]:
        """The parse's findings and where browsers (and the libraries asked) go, in the
        order of their spans."""
        return self.destination.diagnostics(self.url)

    @cached_property
    def annotated(self) -> URL:
        """:attr:`url` with :attr:`findings` as its diagnostics."""
        return self.url.with_diagnostics(self.findings)

    @property
    def verdict(self) -> Verdict:
        """The one line that says where following the URL leads."""
        return self.destination.verdict

    @cached_property
    def verdict_line(self) -> VerdictLine:
        """The verdict line as every front end shows it: alarming also for the
        security findings on where the URL goes or what a reader sees
        (:mod:`urlinspector.present.verdict_line`)."""
        return verdict_line(self.verdict, self.findings)

    @property
    def readings(self) -> tuple[ReaderReading, ...]:
        """What each library reads in the text as written: the destination's, or for a
        relative reference (which they read without a base) theirs of it alone; none
        when the libraries were not asked."""
        if self.url.is_absolute or self.readers != "all":
            return self.destination.readers
        return _readings(self.url.uri)

    @property
    def is_valid(self) -> bool:
        """No error among :attr:`findings`."""
        return not any(d.severity == "error" for d in self.findings)

    @cached_property
    def target(self) -> Target:
        """What the reference resolves to against the base, without the steps."""
        return target_for(self.text, self.base, self.edition, url=self.url)

    @cached_property
    def traced(self) -> Target:
        """:attr:`target` with every step of the resolution in the edition's words."""
        return target_for(self.text, self.base, self.edition, trace=True, url=self.url)

    def under(self, edition: str) -> Inspection:
        """The same text and base read by another *edition* (the Editions view)."""
        return inspect(
            self.text, edition=edition, base=self.base, readers=self.readers, hosts=self.hosts
        )

    def with_readers(self) -> Inspection:
        """The same, every library asked (a long URL's, once typing pauses)."""
        if self.readers == "all":
            return self
        return inspect(
            self.text, edition=self.edition, base=self.base, readers="all", hosts=self.hosts
        )

    def of_target(self) -> Inspection | None:
        """The inspection of the resolved target (a relative reference with a base), or
        None when there is none; this one, for an absolute URL read as it is."""
        if self.url.is_absolute and not self.base.strip():
            return self
        text = self.target.text
        if text is None:
            return None
        return inspect(text, edition=self.edition, readers=self.readers, hosts=self.hosts)

    @cached_property
    def query_params(self) -> tuple[QueryParam, ...] | None:
        """The query as a lossless list of its parameters (:mod:`urlinspector.core.query`),
        decoded as UTF-8; None when the URL has no query."""
        return query_params(self.url)

    @cached_property
    def fragment_directive(self) -> FragmentDirective | None:
        """The ``#:~:`` directive of the fragment (text fragments), or None."""
        return fragment_directive(self.url)

    def document(self, charset: str = "utf-8") -> dict[str, Any]:
        """What ``parse --json`` prints (docs/json.md): the parse, the browsers' reading
        and where they go (the verdict's ``text`` and ``warns`` those of
        :attr:`verdict_line`), every finding, the query's parameters and the
        fragment's directive."""
        data = self.destination.report(self.url, charset)
        line = self.verdict_line
        data["verdict"] = {**data["verdict"], "text": line.text, "warns": line.warns}
        params = (
            self.query_params if charset == "utf-8" else query_params(self.url, charset=charset)
        )
        data["query_params"] = None if params is None else [p.to_dict() for p in params]
        directive = self.fragment_directive
        data["text_fragment"] = None if directive is None else directive.to_dict()
        return data


def inspect(
    text: str,
    *,
    edition: str,
    base: str = "",
    readers: ReaderUse = "all",
    hosts: HostJudge | None = None,
    kept: bool = True,
) -> Inspection:
    """The inspection of *text* read by *edition* (an id), a relative reference
    resolved against *base*; the libraries asked as *readers* says; each host judged
    by *hosts* (default :func:`default_hosts`).  Never contacts any server.

    Memoized by its arguments, and so are the parse and the browsers' reading it
    reads (the window asks again on every keystroke and view); with *kept* False,
    nothing is kept by the text (a scan: its texts seldom repeat, so a cache of them
    would cost and never be hit); the hosts' judgements are kept by *hosts* either
    way."""
    hosts = hosts or default_hosts()
    if kept:
        return _inspect(text, edition, base, readers, hosts)
    return _inspection(text, edition, base, readers, hosts, _FRESH_READINGS)


@lru_cache(maxsize=KEPT)
def _inspect(
    text: str, edition: str, base: str, readers: ReaderUse, hosts: HostJudge
) -> Inspection:
    return _inspection(text, edition, base, readers, hosts, _KEPT_READINGS)


class _Readings(NamedTuple):
    """How an inspection reads its text: the edition's parse, the browsers' reading and
    the libraries' readings, each kept by the text or made anew."""

    parse: Callable[[str, str], URL]
    browsers: Callable[[str], BrowserReading]
    libraries: Callable[[str], tuple[ReaderReading, ...]]


_KEPT_READINGS = _Readings(parsed, browser_reading, _readings)
"""A window's: the last texts' readings kept (it asks again on every keystroke)."""

_FRESH_READINGS = _Readings(parse, read_as_browsers, reader_readings)
"""A scan's: nothing kept by the inspection (the libraries keep a few short texts')."""


def _inspection(
    text: str, edition: str, base: str, readers: ReaderUse, hosts: HostJudge, how: _Readings
) -> Inspection:
    """The inspection, *text* read as *how* reads it."""
    url = how.parse(text, edition)
    reading = how.browsers(url.uri)
    readings: tuple[ReaderReading, ...] = ()
    if url.is_absolute and (
        readers == "all" or (readers == "findings" and readers_could_differ(url, reading, FETCHED))
    ):
        readings = how.libraries(url.uri)
    found = destination(
        url,
        base,
        brands=hosts.brands,
        readings=readings,
        hosts=hosts,
        # (the reading of the text alone is destination's unless a base is read)
        reading=reading if url.is_absolute or not base else None,
    )
    return Inspection(text, edition, base, readers, hosts, url, found)
