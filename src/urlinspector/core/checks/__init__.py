"""Checks on a URL's components after the split, each adding findings with spans and
citations: the characters of each component (:mod:`.chars`), the host (:mod:`.host`),
the port (:mod:`.port`) and what the specs' security sections warn of
(:mod:`.security`)."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final

from urlinspector.core.model import NEW_RECORD, Category, Diagnostic, Severity, Span

__all__ = ["MAX_DIAGNOSTICS_PER_CODE", "Findings", "finding", "span_key"]

MAX_DIAGNOSTICS_PER_CODE: Final = 50
"""Beyond this many character findings in one component, one summary stands for the rest."""


def finding(
    *,
    code: str,
    severity: Severity,
    category: Category,
    span: Span,
    message: str,
    reference: str,
) -> Diagnostic:
    """``Diagnostic(code=..., severity=..., ...)``, built as quickly as a tuple (see
    :data:`.model.NEW_RECORD`): the checks build one for most URLs with a port or a
    userinfo."""
    return NEW_RECORD(Diagnostic, (code, severity, category, span, message, reference))


class Findings(list[Diagnostic]):
    """The diagnostics of one parse, in the order of their spans at the end."""

    __slots__ = ()

    def add(
        self,
        code: str,
        severity: Severity,
        category: Category,
        span: Span,
        message: str,
        reference: str,
    ) -> None:
        """Add what :func:`finding` builds, built here (a call fewer a finding)."""
        self.append(NEW_RECORD(Diagnostic, (code, severity, category, span, message, reference)))

    def result(self) -> tuple[Diagnostic, ...]:
        if len(self) > 1:
            self.sort(key=span_key)
        return tuple(self)


span_key: Callable[[Diagnostic], Span] = itemgetter(Diagnostic._fields.index("span"))
"""A diagnostic's span, the key that puts findings in the order of the text (the
field itself, read without a call into Python)."""
