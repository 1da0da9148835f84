"""``spec``: the bundled spec texts on the terminal, a section or a grammar rule at a time
(and, beside it, ``explain``: :mod:`urlinspector.cli.explain`).

``urlinspector spec`` lists the documents; ``spec DOC`` prints a document's table of
contents; ``spec DOC §SECTION`` (or a whole citation, ``spec "RFC 1738 §3.3"``) prints
the section; ``spec [DOC] --rule NAME`` prints where the grammar rule is defined.
"""

from __future__ import annotations

import argparse
import textwrap

from urlinspector.cli import explain
from urlinspector.cli.common import EXIT_OK, Command, Console, arg, visible
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
from urlinspector.data import bundled_document, spec_index

__all__ = ["COMMANDS", "resolve_words", "run_spec"]


def resolve_words(words: list[str]) -> tuple[Document, str | None]:
    """The document and section *words* name: the longest leading run of words that
    names a document (``000``, ``rfc1738``, ``RFC 1738``, ``URL syntax draft 1997``),
    then the section (``§3.3``, ``3.3``, ``appendix C``, ``Gopher``), if any."""
    joined = " ".join(words)
    cited = split_citation(joined) if cited_document(joined) is not None else []
    if cited:  # a whole citation: "RFC 1738 §3.4.1 / §5", "URL draft 1993 (BNF: port)"
        document, section = cited[0]
        return bundled_document(document.id), section
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
        return bundled_document(document.id), rest or None
    raise UnknownDocumentError(" ".join(words))


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


def _body(index: SpecIndex, text: str, columns: int) -> list[str]:
    """The text as the file has it; a text whose line breaks were lost is refilled."""
    width = max(40, min(columns, 100) - 2)
    if index.document.headings == "flat":
        return textwrap.wrap(visible(text), width=width)
    lines: list[str] = []
    for line in text.splitlines():
        line = visible(line.rstrip())
        lines += textwrap.wrap(line, width=width) if len(line) > width else [line]
    return lines


def _section(index: SpecIndex, number: str, console: Console) -> list[str]:
    section, note = index.find(number)
    lines = [f"{index.document.name} {visible(section.label)}", ""]
    if note:
        lines += [f"({note})", ""]
    return lines + _body(index, index.section_text(section), console.columns)


def _rule_lines(index: SpecIndex, found: list[RuleDefinition]) -> list[str]:
    lines: list[str] = []
    for rule in found:
        where = rule.section.label if rule.section else "(before the first heading)"
        lines.append(f"{index.document.name} {visible(where)}:")
        lines += ["  " + visible(line) for line in rule.text.splitlines()]
        lines.append("")
    return lines


def run_spec(args: argparse.Namespace, console: Console) -> int:
    words: list[str] = args.words
    if args.rule:
        documents = [resolve_words(words)[0]] if words else list(BUNDLED)
        lines: list[str] = []
        for document in documents:
            index = spec_index(document.id)
            lines += _rule_lines(index, index.rule(args.rule))
        if not lines:
            where = documents[0].name if words else "any bundled document"
            raise SectionNotFoundError(f"no grammar rule {quoted(args.rule)} is defined in {where}")
        console.write_lines(lines[:-1])
        return EXIT_OK
    if not words:
        console.write_lines(_listing(console))
        return EXIT_OK
    document, section = resolve_words(words)
    index = spec_index(document.id)
    console.write_lines(_toc(index) if section is None else _section(index, section, console))
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
                help="the document (000 .. 004, rfc1738, 1738, 'RFC 1738', ...) and the "
                "section (§3.3, 3.3, appendix C, or a title for the 1993 draft); a whole "
                "citation such as 'RFC 1738 §3.3' works too",
            ),
            arg("--rule", metavar="NAME", help="print the definition of grammar rule NAME"),
        ),
        description="Print the bundled spec texts on the terminal.  Without arguments, "
        "list the documents; with DOC, its table of contents (read from the text's "
        "headings); with DOC §SECTION, that section; with --rule NAME, where NAME is "
        "defined (in DOC, or in every document).",
        epilog="exit status: 0 printed, 2 unknown document, section or rule",
    ),
    *explain.COMMANDS,
)
