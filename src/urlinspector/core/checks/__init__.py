"""Checks on a URL's components after the split, each adding findings with spans and
citations: the characters of each component (:mod:`.chars`), the host (:mod:`.host`),
the port (:mod:`.port`) and what the specs' security sections warn of
(:mod:`.security`)."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final

from urlinspector.core.model import Category, Code, Diagnostic, Severity, Span

__all__ = ["MAX_DIAGNOSTICS_PER_CODE", "Findings", "span_key"]

MAX_DIAGNOSTICS_PER_CODE: Final = 50
"""Beyond this many character findings in one component, one summary stands for the rest."""


class Findings(list[Diagnostic]):
    """The diagnostics of one parse, in the order of their spans at the end."""

    __slots__ = ()

    def add(
        self,
        code: Code,
        severity: Severity,
        category: Category,
        span: Span,
        message: str,
        reference: str,
    ) -> None:
        """Add ``Diagnostic(code=code, severity=severity, ...)``: the parser's findings are
        built here, by position, in the order of the record's fields."""
        self.append(Diagnostic(code, severity, category, span, message, reference))

    def result(self) -> tuple[Diagnostic, ...]:
        if len(self) > 1:
            self.sort(key=span_key)
        return tuple(self)


span_key: Callable[[Diagnostic], Span] = itemgetter(Diagnostic._fields.index("span"))
"""A diagnostic's span, the key that puts findings in the order of the text (the
field itself, read without a call into Python)."""
