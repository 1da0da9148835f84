"""``spec``: the bundled spec texts on the terminal, a section or a grammar rule at a time
(and, beside it, ``explain``: :mod:`urlinspector.cli.explain`).

``urlinspector spec`` lists the documents; ``spec DOC`` prints a document's table of
contents; ``spec DOC §SECTION`` (or a whole citation, ``spec "RFC 1738 §3.3"``) prints
the section; ``spec [DOC] --rule NAME`` prints where the grammar rule is defined.
RFC 3986's text does not ship: ``spec "RFC 3986 §2.1"`` prints the section of its draft
that says the same thing (:mod:`urlinspector.present.citations`), and says so.  Prose is
refilled to the terminal; grammar rules, figures and tables are printed as they are
(:mod:`urlinspector.present.reading`).
"""

from __future__ import annotations

import argparse
import textwrap

from urlinspector.cli import explain
from urlinspector.cli.common import EXIT_OK, Command, Console, arg, visible
from urlinspector.core.counterparts import SectionTable
from urlinspector.core.documents import (
    BUNDLED,
    Document,
    UnknownDocumentError,
    cited_document,
    find_document,
    split_citation,
)
from urlinspector.core.quoting import quoted
from urlinspector.core.spec_index import RuleDefinition, SectionNotFoundError, SpecIndex
from urlinspector.data import bundled_document, counterparts, spec_index
from urlinspector.present.citations import CitationTarget, open_section
from urlinspector.present.reading import reading

__all__ = ["COMMANDS", "resolve_words", "run_spec"]


def resolve_words(words: list[str]) -> tuple[Document, str | None]:
    """The document and section *words* name: the longest leading run of words that
    names a document (``000``, ``rfc1738``, ``RFC 1738``, ``URL syntax draft 1997``),
    then the section (``§3.3``, ``3.3``, ``appendix C``, ``Gopher``), if any."""
    joined = " ".join(words)
    cited = split_citation(joined) if cited_document(joined) is not None else []
    if cited:  # a whole citation: "RFC 1738 §3.4.1 / §5", "URL draft 1993 (BNF: port)"
        document, section = cited[0]
        return _readable(document), section
    tokens = joined.replace("§", " §").split()
    for k in range(len(tokens), 0, -1):
        try:
            document = find_document(" ".join(tokens[:k]))
        except UnknownDocumentError:
            continue
        rest = " ".join(tokens[k:]).strip(" ,;")
        rest = rest.removeprefix("§").strip()
        if rest.lower().startswith("appendix"):
            rest = rest[len("appendix") :].strip() or "appendix"
        rest = rest.strip("()\"' ")
        return _readable(document), rest or None
    raise UnknownDocumentError(" ".join(words))


def _readable(document: Document) -> Document:
    """*document*, when its text ships or its sections have counterparts in bundled
    drafts (RFC 3986); else :class:`UnknownDocumentError` saying so."""
    if document.bundled or counterparts(document.id) is not None:
        return document
    return bundled_document(document.id)


def _listing(console: Console) -> list[str]:
    lines = ["The bundled documents (urlinspector spec DOC [§SECTION] [--rule NAME]):", ""]
    width = max(len(d.name) for d in BUNDLED)
    for d in BUNDLED:
        year = str(d.year) if d.year else "----"
        lines.append(f"  {d.id}  {d.name:<{width}}  {year}  {d.title}")
    lines += ["", "DOC may be the id, the name, or a short form: 000, rfc1738, 1738."]
    return lines


def _toc(index: SpecIndex) -> list[str]:
    d = index.document
    lines = [f"{d.name}: {d.title}", ""]
    lines += ["  " * level + visible(label) for level, label in index.toc()]
    return lines


def _counterpart_toc(table: SectionTable) -> list[str]:
    """The contents of a document that does not ship, each section with the draft
    section it is shown from."""
    d = table.document
    lines = [f"{d.name}: {d.title}", "", "(its text does not ship: each section is shown "
             "from the draft that says the same thing)", ""]  # fmt: skip
    for row in table.rows:
        level = len(row.number.split("."))
        shown = row.shown
        where = f"the {shown.document.year} draft {shown.label}" if shown else "in no bundled draft"
        lines.append(f"{'  ' * level}{visible(row.label)}  →  {visible(where)}")
    return lines


def _body(index: SpecIndex, start: int, end: int, columns: int) -> list[str]:
    """The text from *start* to *end*: prose as the file has it (refilled where the
    copy lost its line breaks, wrapped where a line is too long), grammar rules, figures
    and tables as they are (set apart by blank lines where the copy lost its layout)."""
    width = max(40, min(columns, 100) - 2)
    flat = index.document.headings == "flat"
    headings = {s.start for s in index.sections}
    lines: list[str] = []
    before: str | None = None
    for at, line, kind in reading(index).lines(start, end):
        apart = kind != before or (at in headings and at != start)
        if flat and apart and lines and lines[-1]:
            lines.append("")
        before = kind
        if kind is not None:  # a rule, figure or table; a page header
            indent = "   " if flat and kind == "pre" else ""
            lines.append(indent + visible(line.rstrip().expandtabs(8)))
            continue
        line = visible(line.rstrip())
        lines += textwrap.wrap(line, width=width) if len(line) > width else [line]
    return lines


def _section(index: SpecIndex, number: str, columns: int) -> list[str]:
    section, note = index.find(number)
    lines = [f"{index.document.name} {visible(section.label)}", ""]
    if note:
        lines += [f"({note})", ""]
    return lines + _body(index, section.start, section.end, columns)


def _target(target: CitationTarget, columns: int) -> list[str]:
    """A section shown from another document's text: what was cited, which text is
    shown, and the section."""
    index = spec_index(target.document.id)
    lines = [visible(target.heading), ""]
    if target.note:
        width = max(40, min(columns, 100) - 2)
        lines += [*textwrap.wrap(f"({visible(target.note)})", width=width), ""]
    if target.section is None:
        return [*lines, f"urlinspector spec {target.document.id} lists its contents."]
    start, end = target.section.start, target.section.end
    return lines + _body(index, start, end, columns)


def _rule_lines(index: SpecIndex, found: list[RuleDefinition]) -> list[str]:
    lines: list[str] = []
    for rule in found:
        where = rule.section.label if rule.section else "(before the first heading)"
        lines.append(f"{index.document.name} {visible(where)}:")
        lines += ["  " + visible(line) for line in rule.text.splitlines()]
        lines.append("")
    return lines


def _rules(words: list[str], name: str) -> list[str]:
    """Where grammar rule *name* is defined: in the document *words* name (for one that
    does not ship, its predecessor), or in every bundled one."""
    documents = [resolve_words(words)[0]] if words else list(BUNDLED)
    lines: list[str] = []
    for document in documents:
        table = None if document.bundled else counterparts(document.id)
        if table is not None:
            draft = table.drafts[0]
            lines += [f"({document.name}'s text does not ship: from {draft.name})", ""]
            document = draft
        index = spec_index(document.id)
        lines += _rule_lines(index, index.rule(name))
    if not any(line and not line.startswith("(") for line in lines):
        where = documents[0].name if words else "any bundled document"
        raise SectionNotFoundError(f"no grammar rule {quoted(name)} is defined in {where}")
    return lines[:-1]


def run_spec(args: argparse.Namespace, console: Console) -> int:
    words: list[str] = args.words
    if args.rule:
        console.write_lines(_rules(words, args.rule))
        return EXIT_OK
    if not words:
        console.write_lines(_listing(console))
        return EXIT_OK
    document, section = resolve_words(words)
    table = None if document.bundled else counterparts(document.id)
    if table is not None and section is None:
        lines = _counterpart_toc(table)
    elif table is not None:
        lines = _target(open_section(document, section), console.columns)
    elif section is None:
        lines = _toc(spec_index(document.id))
    else:
        lines = _section(spec_index(document.id), section, console.columns)
    console.write_lines(lines)
    return EXIT_OK


COMMANDS: tuple[Command, ...] = (
    Command(
        "spec",
        "print a section of the bundled spec texts, or a grammar rule",
        run_spec,
        (
            arg(
                "words",
                nargs="*",
                metavar="DOC [§SECTION]",
                help="the document (000 .. 004, rfc1738, 1738, 'RFC 1738', ..., or rfc3986, "
                "shown from its drafts) and the section (§3.3, 3.3, appendix C, or a title "
                "for the 1993 draft); a whole citation such as 'RFC 1738 §3.3' works too",
            ),
            arg("--rule", metavar="NAME", help="print the definition of grammar rule NAME"),
        ),
        description="Print the bundled spec texts on the terminal.  Without arguments, "
        "list the documents; with DOC, its table of contents (read from the text's "
        "headings); with DOC §SECTION, that section; with --rule NAME, where NAME is "
        "defined (in DOC, or in every document).  RFC 3986's text does not ship: its "
        "sections are shown from the draft section that says the same thing, and the "
        "heading says so.",
        epilog="exit status: 0 printed, 2 unknown document, section or rule",
    ),
    *explain.COMMANDS,
)
