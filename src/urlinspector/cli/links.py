"""``normalize``, ``compare`` and ``extract``: URLs as identifiers and URLs in text."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from urlinspector.cli.batch import JOBS_ARG, JSONL_ARG, run_batch
from urlinspector.cli.common import (
    COLOR_ARG,
    EDITION_ARG,
    EMPTY_TEXT,
    EXIT_FINDINGS,
    EXIT_OK,
    JSON_ARG,
    THEME_ARG,
    Cell,
    Command,
    Console,
    arg,
    charset_type,
    read_input,
    table,
    visible,
    wrap,
)
from urlinspector.core import get_edition, parse
from urlinspector.core.charsets import canonical_charset
from urlinspector.core.comparison import Comparison, compare
from urlinspector.core.extraction import Found, extract
from urlinspector.core.normalization import STEPS, Change, Normalized, citation, normalize
from urlinspector.core.quoting import quoted
from urlinspector.present.extracted import REFANGED_MARK, finding_detail, refang_detail

# --- normalize ---------------------------------------------------------------------------


def steps_type(value: str) -> tuple[str, ...]:
    """``--steps case,escapes``: names from :data:`STEPS`, comma-separated."""
    names = tuple(n.strip() for n in value.split(",") if n.strip())
    unknown = [n for n in names if n not in STEPS]
    if unknown or not names:
        what = ", ".join(repr(n) for n in unknown) or "none"
        raise argparse.ArgumentTypeError(f"unknown step(s) {what}; choose from: {', '.join(STEPS)}")
    return names


def _value(text: str) -> str:
    return visible(text) if text else EMPTY_TEXT


def _change_rows(changes: tuple[Change, ...]) -> list[list[Cell]]:
    rows: list[list[Cell]] = []
    for c in changes:
        after = _value(c.after) if c.after or c.component != "port" else "(dropped)"
        rows.append(
            [
                (c.component, None),
                (_value(c.before), None),
                ("→", None),
                (after, "escape" if c.step == "escapes" else None),
            ]
        )
    return rows


def _normalize_report(result: Normalized, console: Console) -> list[str]:
    ed = get_edition(result.edition)
    lines = [visible(result.text), ""]
    if result.original != result.text:
        lines.append(f"from      {visible(result.original)}")
    lines.append(f"edition   {ed.title} ({ed.year}), {ed.id}")
    for step in result.steps:
        changes = result.changes_of(step)
        cited = citation(step, ed)
        if not changes:
            lines.append(f"{step} ({cited}): no change")
            continue
        lines.append(f"{step} ({cited})")
        heads = table(console, _change_rows(changes), flex=3)
        for head, change in zip(heads, changes, strict=True):
            lines.append(head)
            lines += wrap(visible(change.detail), console.columns, 6)
    if result.notes:
        lines += ["", "notes"]
        for note in result.notes:
            lines += wrap(visible(note), console.columns, 2)
    return lines


@dataclass(frozen=True, slots=True)
class NormalizeLine:
    """``normalize --jsonl``: each line a URL normalized."""

    steps: tuple[str, ...]
    edition: str

    def __call__(self, text: str) -> tuple[dict[str, object] | None, bool]:
        return normalize(text, self.steps, edition=self.edition).to_dict(), False


def run_normalize(args: argparse.Namespace, console: Console) -> int:
    if args.jsonl is not None:
        if args.url is not None:
            raise ValueError("give either a URL or --jsonl FILE, not both")
        job = NormalizeLine(tuple(args.steps), args.edition)
        return run_batch(job, args.jsonl, console, jobs=args.jobs)
    if args.url is None:
        raise ValueError("a URL is needed (or --jsonl FILE for one URL a line)")
    result = normalize(read_input(args.url), args.steps, edition=args.edition)
    if args.json:
        console.write_json(result.to_dict())
    else:
        console.write_lines(_normalize_report(result, console))
    return EXIT_OK


# --- compare -------------------------------------------------------------------------------


def _compare_report(result: Comparison, console: Console) -> list[str]:
    ed = get_edition(result.edition)
    if result.rung is None:
        head = "different: not equal at any rung of the comparison ladder"
    elif result.rung == "simple-string":
        head = "equivalent: the same string"
    else:
        head = f"equivalent: equal after {result.rung} normalization"
    lines = [head, "", f"edition   {ed.title} ({ed.year}), {ed.id}"]
    if result.ignore_fragment:
        lines.append("fragments set aside (a comparison for retrieval)")
    lines.append("")
    rows: list[list[Cell]] = [[("rung", None), ("a", None), ("b", None), ("", None)]]
    for rung in result.ladder:
        rows.append(
            [
                (rung.name, None),
                (_value(rung.a), None),
                (_value(rung.b), None),
                ("equal" if rung.equal else "different", None if rung.equal else "warning"),
            ]
        )
    lines += table(console, rows, flex=1, indent=0)
    lines += ["", "citations"]
    lines += [f"  {r.name}: {r.citation}" for r in result.ladder]
    if result.notes:
        lines += ["", "notes"]
        for note in result.notes:
            lines += wrap(visible(note), console.columns, 2)
    return lines


def run_compare(args: argparse.Namespace, console: Console) -> int:
    if args.a == "-" and args.b == "-":
        raise ValueError("only one of A and B can be read from stdin ('-')")
    a, b = read_input(args.a), read_input(args.b)
    result = compare(a, b, ignore_fragment=args.ignore_fragment, edition=args.edition)
    if args.json:
        console.write_json(result.to_dict())
    else:
        console.write_lines(_compare_report(result, console))
    return EXIT_OK if result.equivalent else EXIT_FINDINGS


# --- extract -------------------------------------------------------------------------------


MAX_TEXT = 64 << 20
"""Bytes of the text ``extract FILE`` reads: a longer one (an endless file such as
``/dev/zero``, a disk image) stops with a message, having read no more than that;
``extract --jsonl FILE`` reads a file of any size, one line at a time."""


def _read_text(source: str, charset: str) -> str:
    """The text of *source* (a file name, or ``-`` for stdin), decoded with *charset*;
    undecodable octets become lone surrogates, shown as ``\\xNN``.  Raises ValueError
    (misuse) for a file that cannot be read or holds more than :data:`MAX_TEXT`."""
    name = canonical_charset(charset)
    where = "standard input" if source == "-" else quoted(source)
    try:
        if source == "-" and getattr(sys.stdin, "buffer", None) is None:
            text = sys.stdin.read(MAX_TEXT + 1)
            _check_size(len(text), where)
            return text
        data = _read_bytes(source)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ValueError(f"cannot read {where}: {reason}") from None
    _check_size(len(data), where)
    return data.decode(name, "surrogateescape")


def _read_bytes(source: str) -> bytes:
    """At most :data:`MAX_TEXT` + 1 bytes of *source* (``-``: standard input)."""
    if source == "-":
        data: bytes = sys.stdin.buffer.read(MAX_TEXT + 1)
        return data
    with open(source, "rb") as stream:
        return stream.read(MAX_TEXT + 1)


def _check_size(size: int, where: str) -> None:
    if size > MAX_TEXT:
        raise ValueError(
            f"{where} holds more than {MAX_TEXT:,} bytes, the most extract reads as one "
            "text; extract --jsonl reads a file of any size, one line at a time"
        )


def _defanged(found: Found) -> str:
    """*found*'s URL defanged (``extract --defang``), its recipient identifiers dropped."""
    from urlinspector.core.defang import defang  # (only --defang needs it)

    return defang(parse(found.url)).text


def _found_dict(found: Found, line: int, column: int, *, defang: bool) -> dict[str, object]:
    data = found.to_dict()
    if defang:
        data["defanged"] = _defanged(found)
    data["line"] = line
    data["column"] = column
    return data


@dataclass(frozen=True, slots=True)
class ExtractLine:
    """``extract --jsonl``: the URLs of each line that has some, with their columns."""

    defang: bool = False

    def __call__(self, text: str) -> tuple[dict[str, object] | None, bool]:
        found = extract(text)
        if not found:
            return None, False
        urls: list[dict[str, object]] = []
        for f in found:
            data = {**f.to_dict(), "column": f.span[0] + 1}
            if self.defang:
                data["defanged"] = _defanged(f)
            urls.append(data)
        return {"urls": urls}, False


def run_extract(args: argparse.Namespace, console: Console) -> int:
    if args.jsonl is not None:
        if args.file != "-":
            raise ValueError("give either FILE or --jsonl FILE, not both")
        return run_batch(ExtractLine(args.defang), args.jsonl, console, jobs=args.jobs)
    text = _read_text(args.file, args.charset)
    found = extract(text)
    if args.json:
        items: list[dict[str, object]] = []
        line, line_start, pos = 1, 0, 0
        for f in found:
            start = f.span[0]
            newlines = text.count("\n", pos, start)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", pos, start) + 1
            pos = start
            items.append(_found_dict(f, line, start - line_start + 1, defang=args.defang))
        console.write_json({"source": args.file, "count": len(found), "urls": items})
    elif args.defang:
        console.write_lines(visible(_defanged(f)) for f in found)
    else:
        console.write_lines(_found_line(f) for f in found)
    return EXIT_OK if found else EXIT_FINDINGS


def _found_line(found: Found) -> str:
    """The URL; a re-fanged one followed by the marker and what it was written as, one
    found in markup by its finding (two spaces apart: a URL holds no space, so the
    first field is always the URL)."""
    line = visible(found.url)
    detail = refang_detail(found)
    if detail is not None:
        line += f"  {REFANGED_MARK} {visible(detail)}"
    finding = finding_detail(found)
    if finding is not None:
        line += f"  {visible(finding)}"
    return line


# --- the commands ----------------------------------------------------------------------------

COMMANDS: tuple[Command, ...] = (
    Command(
        "normalize",
        "normalize a URL, step by step",
        run_normalize,
        (
            arg("url", nargs="?", metavar="URL", help="the URL; - reads it from stdin"),
            arg(
                "--steps",
                type=steps_type,
                default=STEPS,
                metavar="LIST",
                help="the steps to apply, comma-separated (default all, in this order): "
                + ", ".join(STEPS),
            ),
            EDITION_ARG,
            JSON_ARG,
            JSONL_ARG,
            JOBS_ARG,
            COLOR_ARG,
            THEME_ARG,
        ),
        description="Print URL normalized as RFC 3986 §6.2 describes: scheme and host in "
        "lower case and escapes' hex digits in upper case, escapes of unreserved "
        "characters decoded, '.' and '..' segments removed, a default or empty port "
        "dropped and an empty http path written '/'; then each step's changes with the "
        "rule they follow.  Nothing that changes what the URL identifies is done: "
        "escapes of reserved characters stay, the userinfo keeps its case, an "
        "internationalized host stays as written.",
        epilog="exit status: 0 normalized, 2 misuse",
    ),
    Command(
        "compare",
        "compare two URLs on the comparison ladder",
        run_compare,
        (
            arg("a", metavar="A", help="the first URL; - reads it from stdin"),
            arg("b", metavar="B", help="the second URL"),
            arg(
                "--ignore-fragment",
                action="store_true",
                help="set the fragments aside: compare for retrieval (RFC 3986 §6.1)",
            ),
            EDITION_ARG,
            JSON_ARG,
            COLOR_ARG,
            THEME_ARG,
        ),
        description="Climb the comparison ladder of RFC 3986 §6.2 (simple string, then "
        "case, escape, dot-segment and scheme-based normalization, each on top of the "
        "ones before) and print the first rung at which A and B are equal.  "
        "Equivalent URLs identify the same resource; different ones may still do.",
        epilog="exit status: 0 equivalent, 1 different, 2 misuse",
    ),
    Command(
        "extract",
        "find the URLs in plain text",
        run_extract,
        (
            arg(
                "file",
                nargs="?",
                default="-",
                metavar="FILE",
                help="the text file; - or nothing reads standard input",
            ),
            arg(
                "--charset",
                type=charset_type,
                default="utf-8",
                metavar="NAME",
                help="charset of the text (default utf-8)",
            ),
            arg(
                "--defang",
                action="store_true",
                help="print each URL defanged (hxxps://evil[.]example/x), as urlinspector "
                "defang writes it; --json adds it as 'defanged'",
            ),
            JSON_ARG,
            JSONL_ARG,
            JOBS_ARG,
        ),
        description="Print the URLs of a plain text, one a line: <URL:...> and <...> "
        "wrappers, double quotes, and bare URLs (IRIs too: non-ASCII hosts and paths) "
        "ended by whitespace, quotes and brackets that do not belong, and sentence "
        "punctuation of any script (。 included), with trailing punctuation left out; "
        "whitespace inside wrappers and line breaks after a hyphen are ignored (URL "
        "syntax draft 1997 / RFC 2396bis draft 2003 appendix E, RFC 1738 appendix).  "
        "Defanged URLs (hxxps://evil[.]com) are printed re-fanged, marked "
        f"{REFANGED_MARK} with what the text wrote.  --json adds each URL's span, form, "
        "line and column, and for a re-fanged one the original and its span.",
        epilog="exit status: 0 URLs found, 1 none found, 2 misuse or an unreadable file",
    ),
)
