"""The words of the editions table's *verdict* row, shared by the window's Editions view
and the CLI's report (text, Markdown, HTML): an edition judges a URL valid or invalid,
its findings counted as the status line counts them (``valid``, ``valid · 5 warnings · 1
note``, ``invalid: 1 error · 1 warning``); browsers read it or reject it (``reads it``,
``rejects it``), each library reads it or refuses to send it (``reads it``, ``refuses
it``), or the library could not be asked (``not installed``)."""

from __future__ import annotations

from urlinspector.core import URL
from urlinspector.core.readers import ReaderReading

__all__ = [
    "NOT_INSTALLED",
    "READS",
    "REFUSES",
    "REJECTS",
    "VERDICT",
    "VERDICT_TIP",
    "counted",
    "edition_verdict",
    "reader_verdict",
    "reads_or_rejects",
    "tally",
]

VERDICT = "verdict"
"""The row's label."""
VERDICT_TIP = (
    "the verdict of each column: an edition's, valid or invalid (its errors, "
    "warnings and notes counted as the status line counts them); browsers read the URL "
    "or reject it, each library reads it or refuses to send it"
)
"""What the row is (the window's tooltip on its label)."""

READS = "reads it"
REJECTS = "rejects it"
"""The verdict of a program that reads URLs (browsers, a library): whether it reads the
URL or rejects it."""
REFUSES = "refuses it"
"""The verdict of a library that refuses the URL: it raises before it would connect
(its own exception follows the word)."""
NOT_INSTALLED = "not installed"
"""The verdict of a library that could not be asked."""


def counted(number: int, word: str) -> str:
    """``1 error``, ``2 errors``, ``1,024 lines``."""
    return f"{number:,} {word}" + ("s" if number != 1 else "")


def tally(found: URL) -> tuple[int, int, int]:
    """*found*'s errors, warnings and notes (every other diagnostic), counted."""
    errors, warnings = len(found.errors), len(found.warnings)
    return errors, warnings, len(found.diagnostics) - errors - warnings


def edition_verdict(found: URL) -> str:
    """An edition's verdict on *found* (its parse, with where browsers go): ``valid`` or
    ``invalid: N errors``, then its warnings and notes counted, joined by `` · ``."""
    errors, warnings, notes = tally(found)
    counts = [counted(n, word) for n, word in ((warnings, "warning"), (notes, "note")) if n]
    head = f"invalid: {counted(errors, 'error')}" if errors else "valid"
    return " · ".join((head, *counts))


def reads_or_rejects(reads: bool) -> str:
    """:data:`READS` or :data:`REJECTS`."""
    return READS if reads else REJECTS


def reader_verdict(reading: ReaderReading) -> str:
    """A library's verdict: :data:`NOT_INSTALLED` (it could not be asked),
    :data:`REFUSES` or :data:`READS`."""
    if reading.missing is not None:
        return NOT_INSTALLED
    return READS if reading.refusal is None else REFUSES
