"""The verdict line: where following a URL leads, and whether it alarms.

The core's :class:`~urlinspector.core.destinations.Verdict` says where browsers go;
its line warns when they go elsewhere than the edition reads, show the host as
punycode, run what the URL carries or are sent on by a wrapper.  The line alarms
also for every other security warning about where the URL goes or what a reader
sees: ``https://paypal.com@198.51.100.7/`` goes to 198.51.100.7 (browsers and the
edition agree, yet a reader sees paypal.com), ``/abc\u202etxt.exe`` reads as
``/abcexe.txt``.  Then the line takes the warning colour (an error's, for a security
error) and names the first such finding in one short clause::

    Browsers contact: 198.51.100.7:443 (no registrable domain) — what looks like a host
    before the @ is a user name

The window's line under the address, ``parse``'s text and JSON and the report all
read :func:`verdict_line`, so they alarm alike.  Two security warnings are not about
where the URL goes nor what a reader sees, and leave the line plain: a password in
clear text, and an escaped control character (:data:`NOT_ALARMING`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

from urlinspector.core import Diagnostic
from urlinspector.core.destinations import Verdict

__all__ = ["CLAUSES", "NOT_ALARMING", "VerdictLine", "alarming", "verdict_line"]

LineRole = Literal["warning", "invalid"]
"""The colour role of an alarming line (:mod:`urlinspector.palette`): ``"invalid"``
for a security error, ``"warning"`` otherwise."""

NOT_ALARMING: Final = frozenset({"password", "encoded-control"})
"""Security warnings about what is sent, not where the URL goes or what is seen."""

CLAUSES: Mapping[str, str] = MappingProxyType(
    {
        "userinfo-lookalike": "what looks like a host before the @ is a user name",
        "encoded-hidden-char": "an escape decodes to a hidden character",
        "lookalike-domain": "the host looks like a well-known site's but is another",
        "embedded-brand": "the host starts with a well-known name that is not its domain",
        "whole-script-confusable": "the host is spelled in look-alike letters",
        "mixed-script": "the host mixes letters of several scripts",
        "confusable-skeleton": "the host looks like another name",
        "rare-ipv4": "the host is an IPv4 address in a rare form",
        "low-port": "the port is another service's",
        "reader-host": "some HTTP libraries connect elsewhere",
        "reader-port": "some HTTP libraries connect to another port",
    }
)
"""Finding code -> the clause that names it on the line.  A security warning whose
code is not here is named by its message, up to its first colon (``U+202E
RIGHT-TO-LEFT OVERRIDE in the path reorders what follows it``)."""

CLAUSE_LIMIT = 90
"""Characters of a clause taken from a message."""


@dataclass(frozen=True)
class VerdictLine:
    """The line for people, its colour and what it alarms for."""

    text: str
    """The verdict's text, and the clause naming the first alarming finding when
    the verdict alone would not warn."""
    role: LineRole | None
    """The colour of the line: None for the plain colour."""
    alarms: tuple[Diagnostic, ...]
    """The security findings it alarms for, in the order of their spans."""

    @property
    def warns(self) -> bool:
        """Whether the line alarms (``⚠``, and the warning colour)."""
        return self.role is not None


def alarming(findings: tuple[Diagnostic, ...]) -> tuple[Diagnostic, ...]:
    """The security warnings and errors of *findings* about where the URL goes or what
    a reader sees (all but :data:`NOT_ALARMING`)."""
    return tuple(
        d
        for d in findings
        if d.category == "security"
        and d.severity in ("warning", "error")
        and d.code not in NOT_ALARMING
    )


def _clause(finding: Diagnostic) -> str:
    clause = CLAUSES.get(finding.code)
    if clause is not None:
        return clause
    head = finding.message.split(": ", 1)[0]
    return head if len(head) <= CLAUSE_LIMIT else head[: CLAUSE_LIMIT - 1] + "…"


def verdict_line(verdict: Verdict, findings: tuple[Diagnostic, ...]) -> VerdictLine:
    """The line of *verdict*, alarming for *findings* (a URL's, merged with where
    browsers go: :attr:`~urlinspector.present.inspection.Inspection.findings`)."""
    alarms = alarming(findings)
    text = verdict.text
    if not alarms and not verdict.warns:
        return VerdictLine(text, None, ())
    if not verdict.warns:  # (a warning verdict says why itself)
        text += f" — {_clause(alarms[0])}"
    role: LineRole = "invalid" if any(d.severity == "error" for d in alarms) else "warning"
    return VerdictLine(text, role, alarms)
