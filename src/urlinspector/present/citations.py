"""Where a citation opens in the spec reader: the bundled text, the section to show, the
grammar rule to highlight, and a note when the cited text itself does not ship.

A citation reads ``"RFC 1738 §3.4.1 / §5"``, ``"gtype, RFC 1738 §3.4.1 / §5"`` (a
grammar rule before its sections), ``"URL draft 1993 (BNF: port = digits)"`` or ``"RFC
3986 §5.2.4"``.  RFC 3986's text does not ship: its citations open the closest bundled
text (RFC 2396bis draft 2003, its draft) at the same section, saying so.

Qt-free: the GUI's Spec tab and the command line share it.

>>> target = open_citation("gtype, RFC 1738 §3.4.1 / §5")     # doctest: +SKIP
>>> target.document.name, target.section.number, target.rule.name
('RFC 1738', '5', 'gtype')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from urlinspector.core.documents import DOCUMENTS, Document, split_citation
from urlinspector.core.errors import URLInspectorError
from urlinspector.core.spec_index import RuleDefinition, Section, SectionNotFoundError, SpecIndex
from urlinspector.data import spec_index

__all__ = [
    "CitationTarget",
    "NotBundledError",
    "display_text",
    "open_citation",
    "rule_named",
    "start_of_citation",
]


class NotBundledError(URLInspectorError):
    """The citation names no document whose text (or whose draft's text) ships."""


@dataclass(frozen=True)
class CitationTarget:
    """What the reader shows for one citation."""

    citation: str
    document: Document
    """The bundled document opened."""
    sections: tuple[str, ...]
    """Every section the citation names in that document, as it names them."""
    section: Section | None
    """The section shown (None: the document from its start)."""
    rule: RuleDefinition | None
    """The grammar rule to highlight, when the citation names one defined there."""
    note: str | None = None
    """Why what is shown is not exactly what was cited (a text that does not ship, a
    heading the copy lost)."""

    @property
    def selection(self) -> tuple[int, int]:
        """The offsets into the text to select: the rule's definition, else the
        section's heading, else the start."""
        if self.rule is not None:
            return self.rule.start, self.rule.end
        if self.section is not None:
            return self.section.start, self.section.body
        return 0, 0

    @property
    def heading(self) -> str:
        """``"RFC 1738 §5 BNF for specific URL schemes"``."""
        if self.section is None:
            return self.document.name
        return f"{self.document.name} {self.section.label}"


_NAME_RE = re.compile(
    "|".join(re.escape(n) for n in sorted((d.name for d in DOCUMENTS), key=len, reverse=True))
)
_RULE_RE = re.compile(r"\s*([A-Za-z][\w-]*)")
_NAMED_AFTER_RE = re.compile(r"\(([A-Za-z][\w-]*)\)")
_TITLED_RULE_RE = re.compile(r"\(\s*\"?[^:;)\"]*:\s*([A-Za-z][\w-]*)")


def start_of_citation(text: str) -> int | None:
    """Where the first document name stands in *text* (a part's rule such as ``"gtype,
    RFC 1738 §3.4.1 / §5"``), or None when it names none."""
    for m in _NAME_RE.finditer(text):
        if m.end() == len(text) or not text[m.end()].isalnum():
            return m.start()
    return None


def rule_named(text: str) -> str | None:
    """The grammar rule *text* names: the word before the citation (``"fsegment (cwd),
    RFC 1738 §3.2.2"`` -> ``fsegment``), or the one after a title in parentheses
    (``"URL draft 1993 (BNF: port = digits)"`` -> ``port``); None for a quoted literal
    (``'";type=", RFC 1738 §3.2.3'``) or a bare citation."""
    start = start_of_citation(text)
    if start is None:
        return None
    before = text[:start].strip().rstrip(",;:").strip()
    if before:
        m = _RULE_RE.match(before)
        return m.group(1) if m else None
    m = _TITLED_RULE_RE.search(text, start)
    return m.group(1) if m else None


def _find(index: SpecIndex, number: str) -> tuple[Section, str | None] | None:
    try:
        return index.find(number)
    except SectionNotFoundError:
        return None


def open_citation(citation: str) -> CitationTarget:
    """Where *citation* opens: its first bundled document (or the bundled draft of one
    that does not ship), the sections it names there, the one to show (the one that
    defines the cited rule, else the first) and the rule.  Raises
    :class:`NotBundledError` when no text it names ships."""
    pairs = split_citation(citation)
    if not pairs:
        raise NotBundledError(f"{citation.strip()!r} names no document")
    note: str | None = None
    chosen = next((d for d, _ in pairs if d.bundled), None)
    if chosen is not None:
        wanted = [s for d, s in pairs if d is chosen and s is not None]
        document = chosen
    else:
        cited = next((d for d, _ in pairs if d.see_also is not None), None)
        if cited is None or cited.see_also is None:
            names = ", ".join(dict.fromkeys(d.name for d, _ in pairs))
            raise NotBundledError(f"{names}: the text does not ship with urlinspector")
        document = spec_index(cited.see_also).document
        wanted = [s for d, s in pairs if d is cited and s is not None]
        note = (
            f"{cited.name}'s text does not ship with urlinspector; shown is its draft, "
            f"{document.name}, at the same section (the numbering mostly agrees)"
        )
    index = spec_index(document.id)
    found: list[tuple[Section, str | None]] = []
    for number in wanted:
        hit = _find(index, number)
        if hit is None:
            missing = f"{document.name} has no section {number}"
            note = f"{note}; {missing}" if note else missing
        else:
            found.append(hit)
    sections = [s for s, _ in found]
    rule: RuleDefinition | None = None
    name = rule_named(citation)
    if name is None:  # "RFC 1738 §3.2.2 / §5 (ftptype)": a rule the text defines
        named = _NAMED_AFTER_RE.search(citation)
        name = named.group(1) if named and index.rule(named.group(1)) else None
    if name is not None:
        definitions = index.rule(name)
        within = [r for r in definitions if any(s.start <= r.start < s.end for s in sections)] or (
            [] if sections else definitions
        )
        rule = within[0] if within else None
    section, lost = found[0] if found else (None, None)
    if rule is not None:
        section, lost = next(
            ((s, n) for s, n in found if s.start <= rule.start < s.end), (rule.section, None)
        )
    if lost:
        note = f"{note}; {lost}" if note else lost
    return CitationTarget(citation, document, tuple(wanted), section, rule, note)


def display_text(index: SpecIndex) -> str:
    """The document's text laid out for reading, offset for offset the same as
    ``index.text``: a text whose copy lost its line breaks gets them back (a space
    before each heading and after its title becomes a line break, and long runs are
    broken at spaces near 96 columns), so every offset of the index still holds."""
    text = index.text
    if index.document.headings != "flat":
        return text
    chars = list(text)
    for section in index.sections:
        for at in (section.start - 1, section.body):
            if 0 <= at < len(chars) and chars[at] == " ":
                chars[at] = "\n"
    column = 0
    last_space = -1
    for i, ch in enumerate(chars):
        if ch == "\n":
            column, last_space = 0, -1
            continue
        column += 1
        if ch == " ":
            last_space = i
        if column > 96 and last_space >= 0:
            chars[last_space] = "\n"
            column = i - last_space
            last_space = -1
    return "".join(chars)
