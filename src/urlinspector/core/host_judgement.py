"""What follows from the host browsers contact alone: its registrable domain, how
browsers show it, the look-alike findings on it, the well-known domain it embeds or
looks like, whether a link wrapper is served from it.

These are the same for every URL with that host, and a log or a crawl index repeats
its hosts heavily (many URLs a host), so :class:`HostJudge` judges each distinct host
once and :func:`~urlinspector.core.destination` takes it to judge many URLs (a scan
keeps one per worker; a window may keep one across keystrokes).  Only the spans of
the findings depend on the URL: :mod:`.destinations` places them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from urlinspector.core.brands import EmbeddedBrand, TopDomains, embedded_brand, lookalike_domain
from urlinspector.core.domain import registrable_domain
from urlinspector.core.lookalike import HostDisplay, HostFinding, host_display, host_findings
from urlinspector.core.memo import LONGEST
from urlinspector.core.wrappers import is_wrapper_host

__all__ = ["HostJudge", "HostJudgement", "judge_host"]


@dataclass(frozen=True, slots=True)
class HostJudgement:
    """What follows from one host as browsers contact it (lower case, A-labels)."""

    registrable_domain: str | None
    """Public Suffix List, private section included."""
    display: HostDisplay | None
    """How browsers show the host, for an internationalized one."""
    lookalikes: tuple[HostFinding, ...]
    """Look-alike findings on the host (spans relative to it)."""
    embedded: EmbeddedBrand | None
    """The well-known domain spelled in front of the registrable domain (with brands)."""
    lookalike_domain: str | None
    """The well-known domain the host reads as without being it (with brands)."""
    wrapper_host: bool = False
    """A link-protection or redirect wrapper is served from the host
    (:func:`~.wrappers.is_wrapper_host`): only then is there a wrapper to take off."""


NO_HOST = HostJudgement(None, None, (), None, None)
"""The judgement of no host (None) and of an empty one."""


def judge_host(host: str | None, brands: TopDomains | None) -> HostJudgement:
    """The judgement of *host* (as browsers contact it), with *brands*
    (:func:`urlinspector.data.top_domains`) the well-known domains it embeds or looks
    like too; an IP literal in brackets has only its (absent) registrable domain."""
    if not host:
        return NO_HOST
    registrable = registrable_domain(host)
    named = not host.startswith("[")
    return HostJudgement(
        registrable_domain=registrable,
        display=host_display(host) if named else None,
        lookalikes=host_findings(host) if named else (),
        embedded=None if brands is None else embedded_brand(host, registrable, brands),
        lookalike_domain=None if brands is None else lookalike_domain(host, brands),
        wrapper_host=is_wrapper_host(host),
    )


@dataclass(eq=False)
class HostJudge:
    """:func:`judge_host` with one *brands*, each distinct host judged once (a judge is
    one cache: compared and hashed by identity); up to
    *size* hosts are kept (then it starts afresh); a host longer than
    :data:`~.memo.LONGEST` is judged each time and not kept."""

    brands: TopDomains | None
    size: int = 65_536
    _seen: dict[str, HostJudgement] = field(default_factory=dict, repr=False)

    def __call__(self, host: str | None) -> HostJudgement:
        if not host or len(host) > LONGEST:
            return judge_host(host, self.brands)
        found = self._seen.get(host)
        if found is None:
            if len(self._seen) >= self.size:
                self._seen.clear()
            found = self._seen[host] = judge_host(host, self.brands)
        return found
