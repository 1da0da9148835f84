"""A row's columns that follow from its host alone, found once per distinct host.

Logs and crawl indexes repeat their hosts heavily (tens to thousands of URLs a host),
so a worker keeps one :class:`HostColumns` record for each host browsers contact
(:class:`HostRecords`, keyed by that host and by nothing else of the URL): Common
Crawl's host columns (:mod:`.cc_host`), the registrable domain by both sections of
the Public Suffix List, the host as browsers show it, and the host's part of the URL's
SURT key (:func:`~.surtkey.surt_host`).  What the host is judged to be (its
look-alikes, the brands it embeds, whether a wrapper is served from it) is the
core's :class:`~urlinspector.core.host_judgement.HostJudgement`, made once per host
by the :class:`~urlinspector.core.host_judgement.HostJudge` the records are kept
beside: the inspection of each URL reads its findings from it, the record its
registrable domain and display.
"""

from __future__ import annotations

from typing import NamedTuple

from urlinspector.core.domain import registrable_domain
from urlinspector.core.host_judgement import HostJudge, HostJudgement
from urlinspector.core.memo import LONGEST
from urlinspector.scan.cc_host import cc_host
from urlinspector.scan.surtkey import surt_host

__all__ = ["NO_HOST", "HostColumns", "HostRecords", "host_columns"]


class HostColumns(NamedTuple):
    """The columns of one host browsers contact, named as :data:`~.columns.ROW_SCHEMA`
    names them, and the host's part of a SURT key."""

    url_host_name: str | None = None
    url_host_tld: str | None = None
    url_host_2nd_last_part: str | None = None
    url_host_3rd_last_part: str | None = None
    url_host_4th_last_part: str | None = None
    url_host_5th_last_part: str | None = None
    url_host_registry_suffix: str | None = None
    url_host_private_suffix: str | None = None
    url_host_name_reversed: str | None = None
    """(The fields of :class:`~.cc_host.CCHost`, in its order.)"""
    url_host_registered_domain: str | None = None
    """Common Crawl's: by the ICANN section of the Public Suffix List only."""
    url_host_private_domain: str | None = None
    """By both sections, as browsers (and ``parse --json``) have it: the judgement's."""
    browser_host: str | None = None
    """The host itself (lower case, A-labels; empty for ``file:///``)."""
    host_display: str | None = None
    """As Chromium's address bar shows the host (its IDN policy); None for an empty host."""
    surt_host: str | None = None
    """The host's part of its URLs' SURT keys; None for an empty host (no key)."""


NO_HOST = HostColumns()
"""The record of a URL in which browsers read no host (and of a row without a URL)."""


def host_columns(host: str, judged: HostJudgement) -> HostColumns:
    """The record of *host* (as browsers contact it; empty for ``file:///``), judged
    as *judged* says."""
    if not host:
        return HostColumns(browser_host=host)
    display = judged.display
    return HostColumns(
        *cc_host(host),
        url_host_registered_domain=registrable_domain(host, icann_only=True),
        url_host_private_domain=judged.registrable_domain,
        browser_host=host,
        host_display=(host if display is None else display.shown[0][1]) or None,
        surt_host=surt_host(host),
    )


class HostRecords:
    """:func:`host_columns` of each distinct host, made at its first URL and kept, each
    host judged by *judge* (the judge the inspections use: its judgement of a host is
    made once for both).  A worker keeps one over all the partitions it scans, up to
    *size* hosts (then it starts afresh, as its judge does); a host longer than
    :data:`~urlinspector.core.memo.LONGEST` is made each time and not kept."""

    def __init__(self, judge: HostJudge, size: int = 65_536) -> None:
        self.judge = judge
        self.size = size
        self._seen: dict[str, HostColumns] = {}

    def __call__(self, host: str | None) -> HostColumns:
        """The record of *host*, the host browsers contact (None: none)."""
        if host is None:
            return NO_HOST
        record = self._seen.get(host)
        if record is None:
            record = host_columns(host, self.judge(host))
            if len(host) <= LONGEST:
                if len(self._seen) >= self.size:
                    self._seen.clear()
                self._seen[host] = record
        return record
