"""What a resolution gives: the target, whether it is the same document, the steps in
the text's words, the notes; and the error for a base that is not absolute."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from urlinspector.core.errors import URLInspectorError
from urlinspector.core.quoting import quoted

CURRENT_DOCUMENT = "(current document)"
"""How URL syntax draft 1997 and RFC 2396bis draft 2003 appendix C write the target of a
same-document reference."""


Values = tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class Step:
    """One step of a resolution, in its text's words."""

    rule: str
    """The step as the text states it (quoted; ``...`` marks an omission)."""
    citation: str
    """Where the step is, e.g. ``"RFC 3986 §5.2.4"`` or ``"URL syntax draft 1997 §5.2 step 6c"``."""
    values: Values
    """The buffer or component values after the step, in order; None = undefined."""
    label: str = ""
    """The step's number or letter in its text ("2E", "6c", "merge 5"), for tables."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "rule": self.rule,
            "citation": self.citation,
            "values": [{"name": name, "value": value} for name, value in self.values],
        }


@dataclass(frozen=True)
class Resolution:
    """The target of a reference resolved against a base, with the steps that led there."""

    base: str
    reference: str
    edition: str
    strict: bool
    target: str
    """The resolved URL, with the fragment.  For a same-document reference it is the
    base (the current document's URL) with the reference's fragment."""
    same_document: bool
    """The reference is empty or only a fragment: no new retrieval (URL syntax draft 1997 §3,
    RFC 2396bis draft 2003 §4.2)."""
    steps: tuple[Step, ...]
    """Every step in order; ``()`` when resolved with ``trace=False``."""
    notes: tuple[str, ...]
    """What a reader should know about this resolution (a choice the text leaves open,
    a result that reads back differently, the RFC that stands in for RFC 1738)."""

    @property
    def display(self) -> str:
        """The target as URL syntax draft 1997 / RFC 2396bis draft 2003 appendix C print it:
        ``(current document)#s`` for a same-document reference, else the target."""
        if not self.same_document:
            return self.target
        _, hash_sign, fragment = self.target.partition("#")
        return CURRENT_DOCUMENT + hash_sign + fragment

    def to_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "reference": self.reference,
            "edition": self.edition,
            "strict": self.strict,
            "target": self.target,
            "display": self.display,
            "same_document": self.same_document,
            "steps": [step.to_dict() for step in self.steps],
            "notes": list(self.notes),
        }


class BaseNotAbsoluteError(URLInspectorError):
    """The base has no scheme: no reference can be resolved against it."""

    def __init__(self, base: str, edition: str, reason: str, citation: str) -> None:
        self.base = base
        self.edition = edition
        self.reason = reason
        self.citation = citation
        super().__init__(f"the base {quoted(base)} is not absolute: {reason} ({citation})")
