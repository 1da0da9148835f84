"""``resolve``: a reference resolved against a base, with the steps of the edition's text."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from urlinspector.cli.batch import JOBS_ARG, JSONL_ARG, run_batch
from urlinspector.cli.common import (
    COLOR_ARG,
    EDITION_ARG,
    EXIT_OK,
    JSON_ARG,
    THEME_ARG,
    Cell,
    Command,
    Console,
    arg,
    read_input,
    table,
    visible,
    wrap,
)
from urlinspector.cli.common import (
    shown as shown_value,
)
from urlinspector.core import get_edition
from urlinspector.core.errors import URLInspectorError
from urlinspector.core.quoting import quoted
from urlinspector.core.resolution import Resolution, Step, resolve

__all__ = ["COMMANDS", "run_resolve"]

_VALUE_ROLES = (
    ("scheme", "scheme"),
    ("authority", "host"),
    ("site", "host"),
    ("net_loc", "host"),
    ("host", "host"),
    ("query", "query"),
    ("search", "query"),
    ("fragment", "fragment"),
    ("path", "path"),
    ("buffer", "path"),
    ("params", "path"),
)
_TABLE_VALUES = frozenset(
    {("output buffer", "input buffer"), ("buffer",), ("path",)}
)  # steps that only move a buffer: shown as one table, as RFC 3986 §5.2.4 shows them


def _role(name: str) -> str | None:
    lowered = name.lower()
    for part, role in _VALUE_ROLES:
        if part in lowered:
            return role
    return None


def _value_cell(name: str, value: str | None) -> Cell:
    return (shown_value(value), _role(name) if value else None)


def _groups(steps: Sequence[Step]) -> list[list[Step]]:
    """Runs of steps that only move a buffer (shown as one table), and single steps."""
    groups: list[list[Step]] = []
    for step in steps:
        names = tuple(name for name, _ in step.values)
        previous = groups[-1] if groups else None
        if (
            previous is not None
            and names in _TABLE_VALUES
            and tuple(name for name, _ in previous[-1].values) == names
        ):
            previous.append(step)
        else:
            groups.append([step])
    return groups


def _heading(number: str, citation: str, label: str, console: Console) -> str:
    """``  3. RFC 3986 §5.2.2 (relative-path)``: the step's number here, where it is in its
    text, and the text's name for it when the citation does not already say it."""
    named = "" if not label or label in citation.replace(";", " ").split() else f" ({label})"
    return f"{console.paint('separator', number)} {visible(citation + named)}"


def _citations(steps: Sequence[Step]) -> str:
    """``URL syntax draft 1997 §5.2 step 6a-6g`` for a run of steps of one section."""
    citations = list(dict.fromkeys(s.citation for s in steps))
    if len(citations) == 1:
        return citations[0]
    words = [c.split(" ") for c in citations]
    same = 0
    while all(len(w) > same + 1 and w[same] == words[0][same] for w in words):
        same += 1
    common = " ".join(words[0][:same])
    first, last = " ".join(words[0][same:]), " ".join(words[-1][same:])
    return f"{common} {first}-{last}"


def _step_block(number: int, step: Step, console: Console) -> list[str]:
    lines = [_heading(f"{number:>3}.", step.citation, step.label, console)]
    for line in step.rule.split("\n"):
        lines += wrap(visible(line), console.columns, 7) or [""]
    rows: list[list[Cell]] = [
        [(visible(name), None), _value_cell(name, value)] for name, value in step.values
    ]
    lines += table(console, rows, flex=1, indent=7)
    return lines


def _table_block(number: int, steps: list[Step], console: Console) -> list[str]:
    """Steps that move buffers, as RFC 3986 §5.2.4 tabulates them: STEP and the buffers
    after it, then each step's words once."""
    head = f"{number:>3}-{number + len(steps) - 1}."
    lines = [_heading(head, _citations(steps), "", console)]
    names = [name for name, _ in steps[0].values]
    header: list[Cell] = [("STEP", None)]
    header += [(n.upper(), None) for n in names]
    rows = [header]
    for s in steps:
        rows.append([(visible(s.label), "separator")] + [_value_cell(n, v) for n, v in s.values])
    lines += table(console, rows, flex=len(names), indent=7)
    seen: set[str] = set()
    for s in steps:
        if s.label in seen:
            continue
        seen.add(s.label)
        lines += wrap(visible(f"{s.label}: " + " ".join(s.rule.split())), console.columns, 7)
    return lines


def _trace_lines(r: Resolution, console: Console) -> list[str]:
    edition = get_edition(r.edition)
    mode = "strict" if r.strict else "non-strict"
    lines = [
        "",
        f"resolving {quoted(r.reference)} against {quoted(r.base)}",
        visible(f"by {edition.label}, {mode}: {len(r.steps)} steps"),
        "",
    ]
    number = 1
    for group in _groups(r.steps):
        if len(group) > 1:
            lines += _table_block(number, group, console)
        else:
            lines += _step_block(number, group[0], console)
        lines.append("")
        number += len(group)
    for note in r.notes:
        lines += wrap(visible("note: " + note), console.columns, 0)
    return lines


@dataclass(frozen=True, slots=True)
class ResolveLine:
    """``resolve --jsonl``: each line a reference resolved against one base."""

    base: str
    edition: str
    strict: bool
    trace: bool

    def __call__(self, text: str) -> tuple[dict[str, object] | None, bool]:
        result = resolve(self.base, text, self.edition, self.strict, trace=self.trace)
        return result.to_dict(), False


def run_resolve(args: argparse.Namespace, console: Console) -> int:
    if args.jsonl is not None:
        base = args.base_option or args.base
        if base is None or args.reference is not None:
            raise ValueError("with --jsonl FILE give the base (--base BASE) and no REF")
        job = ResolveLine(read_input(base), args.edition, args.strict, args.trace)
        job("")  # a base that cannot be resolved against is misuse, before any line
        return run_batch(job, args.jsonl, console, jobs=args.jobs)
    if args.base_option is not None:
        if args.reference is not None:
            raise ValueError("give the base once: --base BASE REF, or BASE REF")
        args.base, args.reference = args.base_option, args.base
    if args.base is None or args.reference is None:
        raise ValueError("a base and a reference are needed: BASE REF (or --base BASE REF)")
    if args.base == "-" and args.reference == "-":
        raise URLInspectorError("only one of BASE and REF can be read from stdin (-)")
    base = read_input(args.base)
    reference = read_input(args.reference)
    result = resolve(base, reference, args.edition, args.strict, trace=args.trace or args.json)
    if args.json:
        console.write_json(result.to_dict())
        return EXIT_OK
    shown = visible(result.display)
    lines = [console.paint("fragment" if result.same_document else "path", shown)]
    if args.trace:
        lines += _trace_lines(result, console)
    console.write_lines(lines)
    return EXIT_OK


COMMANDS: tuple[Command, ...] = (
    Command(
        "resolve",
        "resolve a reference against a base URL, step by step",
        run_resolve,
        (
            arg(
                "base",
                nargs="?",
                metavar="BASE",
                help="the base URL (absolute); - reads it from stdin",
            ),
            arg(
                "reference",
                nargs="?",
                metavar="REF",
                help="the reference to resolve (relative or absolute); - reads it from stdin",
            ),
            arg(
                "--base",
                dest="base_option",
                metavar="BASE",
                help="the base URL, given as an option (with --jsonl: each line a reference)",
            ),
            JSONL_ARG,
            JOBS_ARG,
            EDITION_ARG,
            arg(
                "--non-strict",
                dest="strict",
                action="store_false",
                help="read a reference whose scheme is the base's as relative (RFC 3986 "
                '§5.2.2 "non-strict", RFC 2396bis draft 2003 §5.2 "non-validating"); the older '
                "editions have no "
                "such reading",
            ),
            arg(
                "--trace",
                action="store_true",
                help="after the target, every step in the words of the edition's text with the "
                "buffers and components after it",
            ),
            JSON_ARG,
            COLOR_ARG,
            THEME_ARG,
        ),
        description="Resolve REF against BASE by the algorithm of one edition of the URL "
        "specs and print the target, or '(current document)#fragment' for a same-document "
        "reference (no new retrieval: URL syntax draft 1997 §3, RFC 2396bis draft 2003 §4.2).  "
        "rfc3986: RFC 3986 §5.2; "
        "rfc2396bis-2003: the pseudocode and merge buffer of RFC 2396bis draft 2003 §5.2; "
        "url-syntax-1997: the "
        "string buffer of URL syntax draft 1997 §5.2; rfc1738: RFC 1808 (RFC 1738 leaves relative "
        "URLs out); "
        "url-1993: the partial form of URL draft 1993 appendix 1.2.",
        epilog="--json prints the base, reference, edition, target, display, same_document, "
        "every step (label, rule, citation, values) and the notes.\n\n"
        "exit status: 0 resolved, 2 misuse (a base that is not absolute, an unknown edition)",
    ),
)
"""The ``resolve`` subcommand."""
