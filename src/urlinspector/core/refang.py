"""Re-fanging: the defanged URLs of security reports made followable again.

Threat reports, abuse mail and chat write a dangerous URL so that no program makes a link
of it: ``hxxps://evil[.]com/x``.  The forms are a convention of the trade, not a
standard: CyberChef's "Defang URL" operation writes ``hxxp``, ``[.]`` and ``[://]``;
ioc_fanger (github.com/ioc-fang/ioc_fanger) reads those and the others listed here (the
scheme ``fxp``, the separator ``[:]``, a dot in parentheses or braces or spelt ``[dot]``,
and ``[at]`` / ``[@]``); threat feeds such as OpenPhish's publish URLs so
(``hxxps://rbfcu-star[.]azurewebsites[.]net/...``).

Each form is one row of :data:`DEFANGED_FORMS`, with where in a URL it is read: the
scheme forms only as the scheme, the separator forms only right after it, the others
anywhere in the URL.  Nothing else is rewritten: a URL with none of these forms comes
back as written, and each form re-fanged is reported with its span in the text
(:class:`Refang`), so a reader can always see what was changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "DEFANGED_FORMS",
    "DefangedForm",
    "Refang",
    "defanged_in",
    "defanged_separator_at",
    "refanged",
]

Place = Literal["scheme", "separator", "anywhere"]


@dataclass(frozen=True, slots=True)
class DefangedForm:
    """One defanged form: how it is written (compared without regard to case) and what it
    stands for."""

    written: str
    meaning: str
    place: Place
    """``scheme`` (the whole scheme), ``separator`` (right after the scheme) or
    ``anywhere`` in the URL."""


DEFANGED_FORMS: tuple[DefangedForm, ...] = (
    DefangedForm("hxxp", "http", "scheme"),
    DefangedForm("hxxps", "https", "scheme"),
    DefangedForm("fxp", "ftp", "scheme"),
    DefangedForm("fxps", "ftps", "scheme"),
    DefangedForm("[://]", "://", "separator"),
    DefangedForm("[:]", ":", "separator"),
    DefangedForm("[.]", ".", "anywhere"),
    DefangedForm("(.)", ".", "anywhere"),
    DefangedForm("{.}", ".", "anywhere"),
    DefangedForm("[dot]", ".", "anywhere"),
    DefangedForm("(dot)", ".", "anywhere"),
    DefangedForm("[at]", "@", "anywhere"),
    DefangedForm("[@]", "@", "anywhere"),
)
"""The defanged forms read, one row each (``hXXps`` is ``hxxps``: case does not count)."""

_BY_WRITING = {f.written: f for f in DEFANGED_FORMS}
_SCHEMES = {f.written: f for f in DEFANGED_FORMS if f.place == "scheme"}
_SEPARATORS = tuple(f for f in DEFANGED_FORMS if f.place == "separator")  # longest first
# The "anywhere" forms: a bracket, ".", "dot", "at" or "@" in any case, a bracket; each
# match is then looked up in the table (so "[.)" is none).  Written without IGNORECASE
# and starting with a character set, so the search skips ahead fast.
_ANYWHERE = re.compile(r"[\[({](?:\.|[dD][oO][tT]|[aA][tT]|@)[\])}]")


def defanged_separator_at(text: str, pos: int) -> bool:
    """Whether a defanged separator (``[:]``, ``[://]``) starts at *pos*."""
    return any(text.startswith(f.written, pos) for f in _SEPARATORS)


@dataclass(frozen=True, slots=True)
class Refang:
    """One defanged form found in a URL and re-fanged."""

    form: str
    """The row of :data:`DEFANGED_FORMS` (``hxxps``, ``[.]`` ...)."""
    written: str
    """The characters as the text has them (``hXXps``, ``[DOT]`` ...)."""
    span: tuple[int, int]
    """Where they are in the text searched."""
    meaning: str
    """What they were replaced with (``https``, ``.``)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "form": self.form,
            "written": self.written,
            "span": list(self.span),
            "meaning": self.meaning,
        }


def _found(form: DefangedForm, text: str, start: int, end: int) -> Refang:
    return Refang(form.written, text[start:end], (start, end), form.meaning)


def defanged_in(text: str, start: int, end: int, scheme_end: int) -> tuple[Refang, ...]:
    """The defanged forms of the URL ``text[start:end]``, whose scheme ends at
    *scheme_end* (the index of its ``:``, or of the ``[`` of a defanged separator)."""
    changes: list[Refang] = []
    form = _SCHEMES.get(text[start:scheme_end].lower())
    if form is not None:
        changes.append(_found(form, text, start, scheme_end))
    rest = scheme_end
    if text.startswith("[", scheme_end):
        for form in _SEPARATORS:
            if text.startswith(form.written, scheme_end):
                rest = scheme_end + len(form.written)
                changes.append(_found(form, text, scheme_end, rest))
                break
    if _ANYWHERE.search(text, rest, end) is not None:
        for m in _ANYWHERE.finditer(text, rest, end):
            form = _BY_WRITING.get(m.group().lower())
            if form is not None and form.place == "anywhere":
                changes.append(_found(form, text, m.start(), m.end()))
    return tuple(changes)


def refanged(text: str, start: int, end: int, changes: tuple[Refang, ...]) -> str:
    """``text[start:end]`` with each of *changes* (in order, inside it) replaced by what it
    means."""
    if not changes:
        return text[start:end]
    parts: list[str] = []
    pos = start
    for change in changes:
        parts.append(text[pos : change.span[0]])
        parts.append(change.meaning)
        pos = change.span[1]
    parts.append(text[pos:end])
    return "".join(parts)
