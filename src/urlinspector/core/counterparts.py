"""Where a document that does not ship says what it says in the drafts that do: RFC
3986's sections and their counterparts in the 2003 and 1997 drafts.

RFC 3986's text is not bundled, but its drafts are, and their numbering drifted: RFC
3986 §2.1 Percent-Encoding is the 2003 draft's §2.4 Escape Sequences (the draft's §2.1
is about non-ASCII characters, RFC 3986's §2.5).  The table is data
(``urlinspector/data/specs/rfc3986-sections.tsv``, read by
:func:`urlinspector.data.counterparts`): a row per heading of RFC 3986, its number and
title, then per draft (most recent first) the section whose text covers the same topic,
or ``-``.

>>> table = read_counterparts(text)                        # doctest: +SKIP
>>> table.row("2.1").shown.label                            # '§2.4 Escape Sequences'

Pure: the caller hands the text in.
"""

from __future__ import annotations

from dataclasses import dataclass

from urlinspector.core.documents import Document, find_document
from urlinspector.core.errors import URLInspectorError

__all__ = [
    "CounterpartError",
    "Counterparts",
    "DraftSection",
    "SectionTable",
    "read_counterparts",
    "section_label",
]


class CounterpartError(URLInspectorError):
    """The table of counterparts is malformed."""


def section_label(number: str, title: str) -> str:
    """``"§2.1 Percent-Encoding"``; ``"appendix A Collected ABNF for URI"``."""
    where = f"appendix {number}" if number[:1].isalpha() else f"§{number}"
    return f"{where} {title}".rstrip()


@dataclass(frozen=True, slots=True)
class DraftSection:
    """A section of a bundled draft: its document, number and heading."""

    document: Document
    number: str
    title: str

    @property
    def label(self) -> str:
        return section_label(self.number, self.title)


@dataclass(frozen=True, slots=True)
class Counterparts:
    """One section of the document that does not ship, and the drafts' sections that
    say the same thing, the most recent draft first (empty: none does)."""

    number: str
    title: str
    drafts: tuple[DraftSection, ...]

    @property
    def label(self) -> str:
        return section_label(self.number, self.title)

    @property
    def shown(self) -> DraftSection | None:
        """The section shown for a citation of this one: the most recent draft's."""
        return self.drafts[0] if self.drafts else None


@dataclass(frozen=True, slots=True)
class SectionTable:
    """The counterparts of every section of *document*, in its order; *drafts* are the
    bundled documents of the table's columns, the most recent first."""

    document: Document
    drafts: tuple[Document, ...]
    rows: tuple[Counterparts, ...]

    def row(self, number: str) -> Counterparts | None:
        """The row of section *number* (``"2.1"``, ``"§2.1"``, ``"appendix A"``)."""
        key = number.strip().removeprefix("§").strip()
        key = key.removeprefix("appendix").strip().rstrip(".").lower()
        return next((r for r in self.rows if r.number.lower() == key), None)


def _draft_section(document: Document, cell: str) -> DraftSection | None:
    if cell.strip() == "-":
        return None
    number, _, title = cell.strip().partition(" ")
    return DraftSection(document, number, title.strip())


def read_counterparts(text: str) -> SectionTable:
    """The table in *text*: ``#`` comment lines, a header line naming the document and
    each draft's edition (``rfc3986  title  rfc2396bis-2003  url-syntax-1997``), then a
    tab-separated row per section.  Raises :class:`CounterpartError`."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not lines:
        raise CounterpartError("the table of counterparts is empty")
    header = lines[0].split("\t")
    document = find_document(header[0])
    drafts = tuple(find_document(name) for name in header[2:])
    if not drafts or not all(d.bundled for d in drafts):
        raise CounterpartError(f"the columns {header[2:]} must name bundled drafts")
    rows = []
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) != len(header):
            raise CounterpartError(f"{len(cells)} cells, not {len(header)}: {line!r}")
        found = (_draft_section(d, cell) for d, cell in zip(drafts, cells[2:], strict=True))
        rows.append(Counterparts(cells[0], cells[1], tuple(s for s in found if s is not None)))
    return SectionTable(document, drafts, tuple(rows))
