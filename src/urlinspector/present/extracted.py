"""How the URLs found in a text are labelled, the same in the CLI and the window.

A URL that was written defanged (``hxxps://evil[.]com/x``) and is listed re-fanged
(``https://evil.com/x``) always carries :data:`REFANGED_MARK` and says what it was
re-fanged from, so nobody takes it for a URL the text gave as it is.

Qt-free; the front ends make the texts safe to show (controls, bidi) themselves.
"""

from __future__ import annotations

from urlinspector.core import DEFAULT_EDITION
from urlinspector.core.extraction import Found
from urlinspector.present.inspection import inspect

__all__ = [
    "REFANGED_MARK",
    "WARNING_MARK",
    "finding_detail",
    "refang_detail",
    "security_warnings",
    "where_found",
]

REFANGED_MARK = "[re-fanged]"
"""The marker beside a re-fanged URL."""

WARNING_MARK = "⚠"
"""The marker beside a URL with a security warning: in a list, an all-Cyrillic
``http://аррӏе.com/`` reads as ``http://apple.com/``; the mark says it is not."""


def security_warnings(found: Found) -> tuple[str, ...]:
    """The security warnings on where *found* leads, one line each (``code: message``):
    a look-alike or embedded brand, a backslash trick, a hidden character, a wrapped
    link, script in markup; the libraries' readings are left out (a list of many URLs
    asks for none)."""
    own = tuple(
        f"{d.code}: {d.message}" for d in found.findings if d.severity in ("warning", "error")
    )
    if found.form == "attribute":  # (its own finding says it: script, or another host)
        return own
    inspection = inspect(found.url, edition=DEFAULT_EDITION.id, readers="findings")
    return tuple(
        f"{d.code}: {d.message}"
        for d in inspection.findings
        if d.category == "security" and d.severity in ("warning", "error")
    )


def finding_detail(found: Found) -> str | None:
    """What a URL found in markup was found for, after :data:`WARNING_MARK`:
    ``⚠ active-content: following a javascript: URL runs ...``; None for the other
    forms."""
    if not found.findings:
        return None
    return "; ".join(f"{WARNING_MARK} {d.code}: {d.message}" for d in found.findings)


def refang_detail(found: Found) -> str | None:
    """What a re-fanged URL was: ``written hxxps://evil[.]com/x (hxxps → https, [.] →
    .)``; None when the URL was not re-fanged."""
    if not found.refanged:
        return None
    changes = ", ".join(dict.fromkeys(f"{r.written} → {r.meaning}" for r in found.refangs))
    return f"written {found.original} ({changes})"


def where_found(found: Found) -> str:
    """``bare form at characters 10–42`` (``attribute form`` for a value in markup)."""
    return f"{found.form} form at characters {found.span[0]}–{found.span[1]}"
