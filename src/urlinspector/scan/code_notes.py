"""What a finding code of a scan's report means, told from its first example: the
message, the rule it cites, and the commands that say more (``urlinspector explain
URL`` reads the example out, a sentence a component with its citation;
``urlinspector spec CITATION`` prints the cited section); and a host shown in Unicode
beside its A-labels."""

from __future__ import annotations

import shlex
from functools import lru_cache
from typing import Any

import idna

from urlinspector.present.inspection import inspect

__all__ = ["code_note", "unicode_host"]


@lru_cache(maxsize=1024)
def code_note(code: str, example: str | None, edition: str) -> dict[str, Any]:
    """``{"message", "reference", "explain", "spec"}`` of *code*, as *example* (a URL
    that has it) shows it under *edition*; the message and reference are None when
    the example no longer gives the code (a reader missing here)."""
    note: dict[str, Any] = {"message": None, "reference": None, "explain": None, "spec": None}
    if example is None:
        return note
    note["explain"] = f"urlinspector explain --edition {edition} {shlex.quote(example)}"
    try:
        found = inspect(example, edition=edition, readers="findings").findings
    except Exception:  # (the note is a help: a failure leaves it out)
        return note
    for diagnostic in found:
        if diagnostic.code == code:
            note["message"] = diagnostic.message
            note["reference"] = diagnostic.reference
            note["spec"] = f"urlinspector spec {shlex.quote(diagnostic.reference)}"
            break
    return note


def unicode_host(host: str) -> str | None:
    """*host* in Unicode when it has an A-label (``xn--``) that decodes, else None."""
    if "xn--" not in host.lower():
        return None
    try:
        shown = idna.decode(host)
    except (idna.IDNAError, UnicodeError, ValueError):
        return None
    return shown if shown != host else None
