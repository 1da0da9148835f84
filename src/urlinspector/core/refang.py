"""Re-fanging: the defanged URLs of security reports made followable again.

Threat reports, abuse mail and chat write a dangerous URL so that no program makes a link
of it: ``hxxps://evil[.]com/x``.  The forms are a convention of the trade, not a
standard: CyberChef's "Defang URL" operation writes ``hxxp``, ``[.]`` and ``[://]``;
ioc_fanger (github.com/ioc-fang/ioc_fanger) reads those and the others listed here (the
scheme ``fxp``, the separator ``[:]``, a dot in parentheses or braces or spelt ``[dot]``,
``[at]`` / ``[@]`` / ``(at)`` and the slash ``[/]``); threat feeds such as OpenPhish's
publish URLs so (``hxxps://rbfcu-star[.]azurewebsites[.]net/...``).

Each form is one row of :data:`DEFANGED_FORMS`, with where in a URL it is read: the
scheme forms only as the scheme, the separator forms only right after it, ``[:]``
also in the authority (before a port: ``evil[.]example[:]8443``), the others anywhere
in the URL.  Nothing else is rewritten: a URL with none of these forms comes
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

Place = Literal["scheme", "separator", "authority", "anywhere"]


@dataclass(frozen=True, slots=True)
class DefangedForm:
    """One defanged form: how it is written (compared without regard to case) and what it
    stands for."""

    written: str
    meaning: str
    place: Place
    """``scheme`` (the whole scheme), ``separator`` (right after the scheme),
    ``authority`` (between ``//`` and the path) or ``anywhere`` in the URL."""


DEFANGED_FORMS: tuple[DefangedForm, ...] = (
    DefangedForm("hxxp", "http", "scheme"),
    DefangedForm("hxxps", "https", "scheme"),
    DefangedForm("fxp", "ftp", "scheme"),
    DefangedForm("fxps", "ftps", "scheme"),
    DefangedForm("[://]", "://", "separator"),
    DefangedForm("[:]", ":", "separator"),
    DefangedForm("[:]", ":", "authority"),
    DefangedForm("[.]", ".", "anywhere"),
    DefangedForm("(.)", ".", "anywhere"),
    DefangedForm("{.}", ".", "anywhere"),
    DefangedForm("[dot]", ".", "anywhere"),
    DefangedForm("(dot)", ".", "anywhere"),
    DefangedForm("[at]", "@", "anywhere"),
    DefangedForm("[@]", "@", "anywhere"),
    DefangedForm("(at)", "@", "anywhere"),
    DefangedForm("[/]", "/", "anywhere"),
)
"""The defanged forms read, one row for each place a form is read (``hXXps`` is
``hxxps``: case does not count)."""

_BY_WRITING = {f.written: f for f in DEFANGED_FORMS if f.place == "anywhere"}
_IN_AUTHORITY = {f.written: f for f in DEFANGED_FORMS if f.place == "authority"}
_SCHEMES = {f.written: f for f in DEFANGED_FORMS if f.place == "scheme"}
_SEPARATORS = tuple(f for f in DEFANGED_FORMS if f.place == "separator")  # longest first
# The "anywhere" and "authority" forms: a bracket, ".", "dot", "at", "@", "/" or ":" in
# any case, a bracket; each match is then looked up in the tables (so "[.)" is none).
# Written without IGNORECASE and starting with a character set, so the search skips
# ahead fast.
_ANYWHERE = re.compile(r"[\[({](?:\.|[dD][oO][tT]|[aA][tT]|[@/:])[\])}]")
# Where the authority ends: the first "/" (or the "[" of "[/]"), "?", "#" or backslash.
_AUTHORITY_END = re.compile(r"\[/\]|[/?#\\]")


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
    rest = _separator(text, scheme_end, changes)
    if _ANYWHERE.search(text, rest, end) is None:
        return tuple(changes)
    slashed = bool(changes) and changes[-1].form == "[://]"
    authority_end = _authority_end(text, rest, end, slashed=slashed)
    for m in _ANYWHERE.finditer(text, rest, end):
        written = m.group().lower()
        form = _BY_WRITING.get(written)
        if form is None and m.end() <= authority_end:
            form = _IN_AUTHORITY.get(written)
        if form is not None:
            changes.append(_found(form, text, m.start(), m.end()))
    return tuple(changes)


def _separator(text: str, scheme_end: int, changes: list[Refang]) -> int:
    """Where the URL goes on after its scheme's separator; a defanged one (``[:]``,
    ``[://]``) is added to *changes*."""
    if text.startswith("[", scheme_end):
        for form in _SEPARATORS:
            if text.startswith(form.written, scheme_end):
                changes.append(_found(form, text, scheme_end, scheme_end + len(form.written)))
                return scheme_end + len(form.written)
    return scheme_end


def _authority_end(text: str, rest: int, end: int, *, slashed: bool) -> int:
    """Where the authority ends that starts at *rest* after ``://`` (*slashed*: the
    separator was ``[://]``), or after ``:`` and ``//`` at *rest* (*rest* itself when
    there is no ``//``): at the first ``/`` (or ``[/]``), ``?``, ``#`` or backslash."""
    start = rest
    if not slashed:
        if text.startswith(":", start):
            start += 1
        if not text.startswith("//", start):
            return rest
        start += 2
    found = _AUTHORITY_END.search(text, start, end)
    return end if found is None else found.start()


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
