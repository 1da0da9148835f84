"""Where a citation opens in the spec reader: the bundled text, the section to show, the
grammar rule to highlight, and a note when the cited text itself does not ship.

A citation reads ``"RFC 1738 §3.4.1 / §5"``, ``"gtype, RFC 1738 §3.4.1 / §5"`` (a
grammar rule before its sections), ``"URL draft 1993 (BNF: port = digits)"`` or ``"RFC
3986 §2.1"``.  RFC 3986's text does not ship: its citations open the section of its
drafts that says the same thing, found in the table of counterparts
(:mod:`urlinspector.core.counterparts`; RFC 3986 §2.1 Percent-Encoding is the 2003
draft's §2.4 Escape Sequences, not its §2.1), saying which text is shown.

Qt-free: the GUI's Spec tab and the command line share it.

>>> target = open_citation("gtype, RFC 1738 §3.4.1 / §5")     # doctest: +SKIP
>>> target.document.name, target.section.number, target.rule.name
('RFC 1738', '5', 'gtype')
>>> open_citation("RFC 3986 §2.1").heading                   # doctest: +SKIP
'RFC 3986 §2.1 Percent-Encoding — shown from the 2003 draft §2.4 Escape Sequences, its predecessor'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from urlinspector.core.counterparts import Counterparts, SectionTable
from urlinspector.core.documents import DOCUMENTS, Document, split_citation
from urlinspector.core.errors import URLInspectorError
from urlinspector.core.spec_index import RuleDefinition, Section, SectionNotFoundError, SpecIndex
from urlinspector.data import counterparts, spec_index

__all__ = [
    "CitationTarget",
    "NotBundledError",
    "open_citation",
    "open_section",
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
    cited: str | None = None
    """What was cited when the text shown is another document's:
    ``"RFC 3986 §2.1 Percent-Encoding"``."""
    shown_from: str | None = None
    """How the heading names the text shown then: ``"the 2003 draft"``; with what it is
    to the cited document, ``"its predecessor"``."""

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
        """``"RFC 1738 §5 BNF for specific URL schemes"``; for a document that does not
        ship, which edition's text is shown: ``"RFC 3986 §2.1 Percent-Encoding — shown
        from the 2003 draft §2.4 Escape Sequences, its predecessor"``."""
        where = "" if self.section is None else f" {self.section.label}"
        if self.cited is None or self.shown_from is None:
            return self.document.name + where
        name, _, relation = self.shown_from.partition(", ")
        tail = f", {relation}" if relation else ""
        return f"{self.cited} — shown from {name}{where}{tail}"


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
    """Where *citation* opens: its first bundled document (or, for a document that does
    not ship, the draft section that says what the cited one says), the sections it
    names there, the one to show (the one that defines the cited rule, else the first)
    and the rule.  Raises :class:`NotBundledError` when no text it names ships."""
    pairs = split_citation(citation)
    if not pairs:
        raise NotBundledError(f"{citation.strip()!r} names no document")
    chosen = next((d for d, _ in pairs if d.bundled), None)
    if chosen is not None:
        wanted = [s for d, s in pairs if d is chosen and s is not None]
        return _open_in(citation, chosen, wanted)
    cited = next((d for d, _ in pairs if counterparts(d.id) is not None), None)
    if cited is None:
        names = ", ".join(dict.fromkeys(d.name for d, _ in pairs))
        raise NotBundledError(f"{names}: the text does not ship with urlinspector")
    return _open_counterpart(citation, cited, [s for d, s in pairs if d is cited and s])


def open_section(document: Document, section: str | None) -> CitationTarget:
    """Where section *section* of *document* opens (its start when None), as
    :func:`open_citation` would open a citation of it."""
    wanted = [section] if section else []
    if document.bundled:
        return _open_in(f"{document.name} {section or ''}".strip(), document, wanted)
    if counterparts(document.id) is None:
        raise NotBundledError(f"{document.name}: the text does not ship with urlinspector")
    cited = f"{document.name} §{section.removeprefix('§')}" if section else document.name
    return _open_counterpart(cited, document, wanted)


def _shown_from(table: SectionTable, draft: Document) -> str:
    """``"the 2003 draft, its predecessor"``: the draft, and what it is to the cited
    document (the table's first column is the last draft before it)."""
    relation = "its predecessor" if draft is table.drafts[0] else "an earlier draft"
    return f"the {draft.year} draft, {relation}"


def _open_counterpart(citation: str, cited: Document, numbers: list[str]) -> CitationTarget:
    """Open *numbers* of *cited*, a document that does not ship, at their counterparts
    in its drafts (:func:`urlinspector.data.counterparts`)."""
    table = counterparts(cited.id)
    assert table is not None
    ships = f"{cited.name}'s own text does not ship with urlinspector"
    rows: list[Counterparts] = []
    for number in numbers:
        row = table.row(number)
        if row is None:
            raise NotBundledError(f"{cited.name} has no section {number.removeprefix('§')}")
        rows.append(row)
    shown = next(((row, row.shown) for row in rows if row.shown is not None), None)
    if shown is None:
        if rows:
            raise NotBundledError(
                f"{cited.name} {rows[0].label}: no bundled draft has such a section, and {ships}"
            )
        draft = table.drafts[0]  # the document named without a section: from the start
        note = f"{ships}; shown is its predecessor, {draft.name}"
        return _with(_open_in(citation, draft, []), note, cited.name, _shown_from(table, draft))
    first, section = shown
    document = section.document
    wanted = list(dict.fromkeys(
        d.number for row in rows for d in row.drafts if d.document is document
    ))  # fmt: skip
    note = (
        f"{ships}: shown is {document.name} ({_draft_name(document)}) at the section that "
        f"says what {cited.name} {first.label} says"
    )
    target = _open_in(citation, document, wanted)
    return _with(target, note, f"{cited.name} {first.label}", _shown_from(table, document))


def _draft_name(document: Document) -> str:
    """``"draft-fielding-uri-rfc2396bis-01"``, from the end of its title."""
    return document.title.rpartition("(")[2].rstrip(")")


def _with(target: CitationTarget, note: str, cited: str, shown_from: str) -> CitationTarget:
    lost = f"; {target.note}" if target.note else ""
    return CitationTarget(
        target.citation, target.document, target.sections, target.section, target.rule,
        note + lost, cited, shown_from,
    )  # fmt: skip


def _open_in(citation: str, document: Document, wanted: list[str]) -> CitationTarget:
    """Open the sections *wanted* of the bundled *document* for *citation*."""
    note: str | None = None
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
    rule = _rule(citation, index, sections)
    section, lost = found[0] if found else (None, None)
    if rule is not None:
        section, lost = next(
            ((s, n) for s, n in found if s.start <= rule.start < s.end), (rule.section, None)
        )
    if lost:
        note = f"{note}; {lost}" if note else lost
    return CitationTarget(citation, document, tuple(wanted), section, rule, note)


def _rule(citation: str, index: SpecIndex, sections: list[Section]) -> RuleDefinition | None:
    """The grammar rule *citation* names, where *index* defines it: within the cited
    *sections* when it names any."""
    name = rule_named(citation)
    if name is None:  # "RFC 1738 §3.2.2 / §5 (ftptype)": a rule the text defines
        named = _NAMED_AFTER_RE.search(citation)
        name = named.group(1) if named and index.rule(named.group(1)) else None
    if name is None:
        return None
    definitions = index.rule(name)
    within = [r for r in definitions if any(s.start <= r.start < s.end for s in sections)] or (
        [] if sections else definitions
    )
    return within[0] if within else None
