"""The words and marks people read for a finding's severity, one table for the
window, the command line's reports and every tooltip: the data's ``info`` is a
*note* wherever a person reads it (JSON keeps the data's word)."""

from __future__ import annotations

__all__ = ["SEVERITY_MARKS", "SEVERITY_WORDS", "severity_label"]

SEVERITY_WORDS = {"error": "error", "warning": "warning", "info": "note"}
"""A severity as people read it."""
SEVERITY_MARKS = {"error": "✖", "warning": "⚠", "info": "ℹ"}


def severity_label(severity: str, *, mark: bool = True) -> str:
    """``"ℹ note"`` for ``"info"`` (without *mark*: ``"note"``); an unknown severity
    as it is."""
    word = SEVERITY_WORDS.get(severity, severity)
    sign = SEVERITY_MARKS.get(severity, "")
    return f"{sign} {word}" if mark and sign else word
