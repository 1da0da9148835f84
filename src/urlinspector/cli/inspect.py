"""``parse`` and ``decode``: a URL's components and one component's escapes."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from urlinspector import palette
from urlinspector.cli.batch import JOBS_ARG, JSONL_ARG, Selection, run_batch, selection_type
from urlinspector.cli.common import (
    COLOR_ARG,
    EDITION_ARG,
    EMPTY_TEXT,
    EXIT_FINDINGS,
    EXIT_OK,
    JSON_ARG,
    MAX_ROWS,
    THEME_ARG,
    UNDEFINED_TEXT,
    Cell,
    Command,
    Console,
    arg,
    charset_type,
    read_input,
    span_text,
    table,
    visible,
    width,
    wrap,
)
from urlinspector.cli.common import (
    shown as shown_value,
)
from urlinspector.cli.diagram import OUTPUT_ARG, check_output, svg_text, write_output
from urlinspector.cli.report import (
    BASE_ARG,
    FORMAT_ARG,
    SHOW_PASSWORDS_ARG,
    output_format,
    report_text,
)
from urlinspector.core import URL, Destination, Diagnostic, get_edition
from urlinspector.core.escapes import COMPONENTS, Decoded, decode
from urlinspector.core.model import COMPONENT_NAMES, URI, Severity
from urlinspector.core.readers import differing_readers, refusing_readers
from urlinspector.core.wrappers import Unwrapping
from urlinspector.present.colouring import browser_host_span, colour_runs
from urlinspector.present.inspection import Inspection, default_hosts, inspect
from urlinspector.present.masking import (
    MASK,
    kept_visible,
    mask_component,
    mask_finding,
    mask_in_text,
    mask_known,
    mask_message,
    mask_password,
    password_span,
    passwords_of,
)

# --- parse: the colour-coded URL and its caret line -----------------------------------------


def _char_styles(url: URL, dest: Destination | None) -> list[tuple[str, tuple[str, ...]]]:
    """The colour role and overlays of each character of ``url.text``, as the window
    colours them (:func:`urlinspector.present.colouring.colour_runs`; the host in bold
    is the one browsers contact)."""
    styles: list[tuple[str, tuple[str, ...]]] = []
    host = None if dest is None else browser_host_span(url, dest.browser)
    for run in colour_runs(url, browser_host=host):
        styles += [(run.role, run.overlays)] * (run.end - run.start)
    return styles


def _caret_marks(url: URL) -> list[str]:
    """Per character, and one past the end: " ", "~" (warning) or "^" (error)."""
    n = len(url.text)
    marks = [" "] * (n + 1)
    for severity, mark in (("warning", "~"), ("error", "^")):
        for d in url.diagnostics:
            if d.severity != severity:
                continue
            start, end = d.span
            start = max(0, min(start, n))
            end = max(start, min(end, n))
            for i in range(start, end if end > start else start + 1):
                marks[i] = mark
    return marks


def _shown_chars(url: URL, console: Console) -> list[str]:
    """Each character of ``url.text`` as shown: made visible, and the password's masked
    one ``•`` a character when the report masks it, as the window's address bar."""
    shown = [visible(c) for c in url.text]
    hidden = _hidden(url, console)
    if hidden is not None:
        start, end = hidden
        for i, keep in enumerate(kept_visible(url.text[start:end]), start):
            shown[i] = shown[i] if keep else MASK
    return shown


def _url_lines(url: URL, console: Console, dest: Destination | None = None) -> list[str]:
    """The URL, colour-coded, with a caret line under it when there are errors or
    warnings; folded to the console width when a caret line needs to line up."""
    text = url.text
    marks = _caret_marks(url)
    has_marks = any(m != " " for m in marks)
    shown = _shown_chars(url, console)
    styles = _char_styles(url, dest) if console.colour else [("plain", ())] * len(text)

    def render(lo: int, hi: int) -> tuple[str, str]:
        pieces: list[str] = []
        carets: list[str] = []
        i = lo
        while i < hi:
            j = i
            while j < hi and styles[j] == styles[i]:
                j += 1
            run = "".join(shown[i:j])
            base, layers = styles[i]
            pieces.append(
                console.paint(palette.combine(base, *layers), run)
                if layers
                else console.paint(base, run)
            )
            i = j
        for k in range(lo, hi):
            carets.append(marks[k] * width(shown[k]))
        if hi == len(text):
            carets.append(marks[hi])  # a zero-width finding at the very end
        return "".join(pieces), _paint_carets(console, "".join(carets).rstrip())

    if not has_marks:
        return [render(0, len(text))[0]]
    lines: list[str] = []
    lo = 0
    limit = console.columns - 1
    while True:
        hi, used = lo, 0
        while hi < len(text) and used + width(shown[hi]) <= limit:
            used += width(shown[hi])
            hi += 1
        if hi == lo and hi < len(text):
            hi += 1
        line, carets = render(lo, hi)
        lines.append(line)
        if carets:
            lines.append(carets)
        lo = hi
        if lo >= len(text):
            return lines


@functools.lru_cache(maxsize=16)
def _mark(name: str) -> palette.Role:
    """A role's colour and weight alone, for marks and labels (carets, codes)."""
    return dataclasses.replace(
        palette.get_role(name), underline="none", background_light=None, background_dark=None
    )


def _paint_carets(console: Console, carets: str) -> str:
    if not console.colour:
        return carets
    return re.sub(
        r"\^+|~+",
        lambda m: console.paint(_mark("invalid" if m.group()[0] == "^" else "warning"), m.group()),
        carets,
    )


# --- parse: the report ------------------------------------------------------------------


_COMPONENT_ROWS = tuple((name, index) for index, name in enumerate(COMPONENT_NAMES) if index != URI)
"""The generic components, by name and index, in the order of their spans."""

_FIELD_ALIASES: Mapping[str, str] = {
    "newsgroup-name": "group",
    "gopher+_string": "gopher_plus",
    "searchpart": "search",
    "fieldspec": "fieldspecs",
    "addr-spec": "addr_spec",
}


def _field_value(value: object) -> str:
    """A decoded scheme-specific value for people."""
    if value is None:
        return UNDEFINED_TEXT
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, bytes):
        value = value.decode("utf-8", "backslashreplace")
    if isinstance(value, str):
        return shown_value(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_field_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return (
            "{" + ", ".join(f"{visible(str(k))}: {_field_value(v)}" for k, v in value.items()) + "}"
        )
    return visible(str(value))


def _hidden(url: URL, console: Console) -> tuple[int, int] | None:
    """Where *url*'s password is, when the report masks it (else None)."""
    return password_span(url) if console.mask_passwords else None


def _secrets(url: URL, console: Console) -> tuple[str, ...]:
    """*url*'s passwords, when the report masks them (else none)."""
    return passwords_of(url) if console.mask_passwords else ()


def _masked_span(text: str, span: tuple[int, int], hidden: tuple[int, int] | None) -> str:
    """*text* (found at *span* of the URL) with what it holds of *hidden* masked."""
    start, end = span
    if hidden is None or not (start < hidden[1] and hidden[0] < end):
        return text
    inner = (max(hidden[0], start) - start, min(hidden[1], end) - start)
    return mask_in_text(text, (inner,))


def _field_text(key: str, value: object, secrets: tuple[str, ...]) -> str:
    """A scheme-specific field for people, a password in it masked when *secrets* are."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "backslashreplace")
    if secrets and isinstance(value, str) and ("password" in key or value in secrets):
        return shown_value(mask_password(value))
    return mask_known(_field_value(value), secrets) if secrets else _field_value(value)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _verdict_lines(dest: Destination, console: Console) -> list[str]:
    """Where browsers go, in the warning colour when the edition reads another host,
    the host is shown as punycode or the URL carries script; folded to the console's
    width (never inside a host name)."""
    verdict = dest.verdict
    lines = textwrap.wrap(
        visible(verdict.text),
        width=max(40, console.columns - 1),
        subsequent_indent="  ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    if not verdict.warns:
        return lines
    return [console.paint(_mark("warning"), line) for line in lines]


def _unwrap_lines(found: Unwrapping, console: Console) -> list[str]:
    """The wrappers taken off the URL, outermost first, each with the parameter the
    URL inside came from, and why unwrapping stopped (core/wrappers.py)."""
    if not found.chain and found.note is None:
        return []
    lines = ["", f"wrappers ({len(found.chain)} taken off offline)"]
    for step in found.chain:
        lines += wrap(visible(f"{step.wrapper}, {step.parameter}: {step.url}"), console.columns, 2)
    if found.note is not None:
        lines += wrap(visible(f"note: {found.note}"), console.columns, 2)
    return lines


def _reader_lines(url: URL, dest: Destination, console: Console) -> list[str]:
    """The libraries that would connect elsewhere than browsers go, those that refuse
    a URL browsers fetch, and those that could not be asked."""
    lines: list[str] = []
    differing = differing_readers(url, dest.browser, dest.readers)
    if differing:
        lines += ["", "libraries that connect elsewhere"]
        rows: list[list[Cell]] = [  # (the reading masked a password in its host)
            [(r.label, None), (visible(r.where), _mark("warning"))] for r in differing
        ]
        lines += table(console, rows)
    refusing = refusing_readers(url, dest.browser, dest.readers)
    if refusing:
        lines += ["", "libraries that refuse it"]
        for r in refusing:  # (the library's own words, folded: they run long)
            said = mask_message(r.outcome, _secrets(url, console))
            lines += wrap(visible(f"{r.label} {said}"), console.columns, 2)
    missing = [r.missing for r in dest.readers if r.missing]
    if missing:
        lines += ["", *wrap("libraries not asked: " + "; ".join(missing), console.columns, 2)]
    return lines


def _parse_report(inspection: Inspection, console: Console) -> list[str]:
    url = inspection.annotated
    dest = inspection.destination
    lines = [
        *_url_lines(url, console, dest),
        "",
        *_verdict_lines(dest, console),
        *_unwrap_lines(dest.unwrapping, console),
        *_reader_lines(url, dest, console),
    ]
    for section in _PARSE_SECTIONS:
        lines += section(url, console)
    return lines


def _result_lines(url: URL, console: Console) -> list[str]:
    """The edition, and the verdict with its counts of errors, warnings and notes."""
    ed = url.edition
    errors, warnings = len(url.errors), len(url.warnings)
    notes = len(url.diagnostics) - errors - warnings
    verdict = "valid" if url.is_valid else "invalid"
    summary = f"{verdict}: {_count(errors, 'error')}, {_count(warnings, 'warning')}"
    if notes:
        summary += f", {_count(notes, 'note')}"
    return [
        "",
        *table(
            console,
            [
                [("edition", None), (f"{ed.title} ({ed.year}), {ed.id}", None)],
                [("result", None), (summary, _mark("invalid") if errors else None)],
            ],
            indent=0,
        ),
    ]


def _component_lines(url: URL, console: Console) -> list[str]:
    """Each component: its value, in its colour, and its span."""
    rows: list[list[Cell]] = []
    if url.has_wrapper:
        rows.append([("uri", None), (visible(url.uri), None), (span_text(url.spans[URI]), None)])
    hidden = _hidden(url, console)
    for name, index in _COMPONENT_ROWS:
        value = mask_component(url, index, hidden)
        role = palette.role_for_component(name) if value else None
        if role is palette.PLAIN:
            role = None
        rows.append([(name, None), (shown_value(value), role), (span_text(url.spans[index]), None)])
    return ["", "components", *table(console, rows)]


def _port_text(url: URL) -> str:
    """The port written (or none), and the scheme's default beside it."""
    port = url.port
    default = url.default_port
    scheme = visible(url.scheme.lower()) if url.scheme else None
    default_text = (
        f"default for {scheme}: {default}" if default is not None else "no default port known"
    )
    if port is None:
        return f"none written; {default_text}"
    if url.port_number is None:
        return f"{shown_value(port)} (not a number); {default_text}"
    same = " (the same)" if default is not None and url.port_number == default else ""
    return f"{url.port_number}; {default_text}{same}"


def _host_port_lines(url: URL, console: Console) -> list[str]:
    """The host's kind, the port, and the slash that separates the authority from the path."""
    rows: list[list[Cell]] = [
        [("host kind", None), (url.host_kind or "no host", None)],
        [("port", None), (_port_text(url), None)],
    ]
    if url.path_separator_span is not None:
        where = span_text(url.path_separator_span)
        rows.append([("path slash", None), (f"{where}, a separator, not part of the path", None)])
    return ["", *table(console, rows, indent=0)]


def _segment_lines(url: URL, console: Console) -> list[str]:
    """The path segments, numbered, up to MAX_ROWS of them."""
    segments = url.segments
    if not segments:
        return []
    hidden = _hidden(url, console)
    rows: list[list[Cell]] = [
        [
            (str(i), None),
            (shown_value(_masked_span(s.text, s.span, hidden)), "path" if s.text else None),
            (span_text(s.span), None),
        ]
        for i, s in enumerate(segments[:MAX_ROWS], 1)
    ]
    lines = ["", f"path segments ({len(segments)})", *table(console, rows)]
    if len(segments) > MAX_ROWS:
        lines.append(f"  … {len(segments) - MAX_ROWS} more (--json shows all)")
    return lines


def _specific_lines(url: URL, console: Console) -> list[str]:
    """The scheme-specific parts, each with the field value it gives, then the fields no
    part gave."""
    specific = url.specific
    if specific is None:
        return []
    dp = "" if specific.default_port is None else f", default port {specific.default_port}"
    lines = ["", f"scheme-specific parts ({visible(specific.scheme)}{dp})"]
    fields = specific.fields._asdict()  # (the parts name the fields they give)
    used: set[str] = set()
    seen: dict[str, int] = {}
    rows: list[list[Cell]] = [[("part", None), ("text", None), ("span", None), ("value", None)]]
    hidden, secrets = _hidden(url, console), _secrets(url, console)
    for name, span, raw, part_role, _ in specific.parts[:MAX_ROWS]:
        key = _FIELD_ALIASES.get(name, name.replace("-", "_"))
        value_text = ""
        if part_role not in ("separator", "telnet-slash") and key in fields:
            field = fields[key]
            index = seen.get(key, 0)
            seen[key] = index + 1
            if isinstance(field, tuple | list):  # one item per part of that name
                field = field[index] if index < len(field) else None
            value_text = _field_text(key, field, secrets)
            used.add(key)
        rows.append(
            [
                (visible(name), None),
                (shown_value(_masked_span(raw, span, hidden)), part_role if raw else None),
                (span_text(span), None),
                (value_text, None),
            ]
        )
    lines += table(console, rows)
    if len(specific.parts) > MAX_ROWS:
        lines.append(f"  … {len(specific.parts) - MAX_ROWS} more (--json shows all)")
    rest = [(k, v) for k, v in fields.items() if k not in used]
    if rest:
        lines += ["", "scheme-specific fields"]
        rows = [[(visible(k), None), (_field_text(k, v, secrets), None)] for k, v in rest]
        lines += table(console, rows)
    return lines


_SEVERITY_GROUPS: tuple[tuple[Severity, str, str | None], ...] = (
    ("error", "errors", "invalid"),
    ("warning", "warnings", "warning"),
    ("info", "notes", None),
)
"""The diagnostics' groups, in the order shown: severity, title and the colour role's name."""


def _diagnostics_section(url: URL, console: Console) -> list[str]:
    """The diagnostics grouped by severity, errors first."""
    lines = ["", *([] if url.diagnostics else ["diagnostics: none"])]
    found = url.diagnostics
    if console.mask_passwords:
        found = tuple(d._replace(message=mask_finding(d.message, d.span, url)) for d in found)
    for severity, title, role_name in _SEVERITY_GROUPS:
        group = [d for d in found if d.severity == severity]
        if group:
            lines.append(f"{title} ({len(group)})")
            lines += _diagnostic_lines(console, group, _mark(role_name) if role_name else None)
    return lines


_PARSE_SECTIONS: tuple[Callable[[URL, Console], list[str]], ...] = (
    _result_lines,
    _component_lines,
    _host_port_lines,
    _segment_lines,
    _specific_lines,
    _diagnostics_section,
)
"""The sections of the ``parse`` report after the URL (and its destination), in order."""


def _diagnostic_lines(
    console: Console, diagnostics: Sequence[Diagnostic], role: palette.Role | None
) -> list[str]:
    rows: list[list[Cell]] = [
        [(visible(d.code), role), (span_text(d.span), None), (d.category, None)]
        for d in diagnostics
    ]
    heads = table(console, rows, flex=0)
    lines: list[str] = []
    for head, d in zip(heads, diagnostics, strict=True):
        lines.append(head)
        lines += wrap(f"{visible(d.message)} [{visible(d.reference)}]", console.columns, 6)
    return lines


# --- decode: the report -----------------------------------------------------------------------


def _hexdump(data: bytes) -> list[str]:
    """xxd-style lines: offset, 16 octets in hex, and their printable ASCII."""
    lines = []
    for offset in range(0, min(len(data), 16 * MAX_ROWS), 16):
        chunk = data[offset : offset + 16]
        hexes = " ".join(f"{b:02X}" for b in chunk)
        text = "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in chunk)
        lines.append(f"  {offset:08x}  {hexes:<47}  |{text}|")
    if len(data) > 16 * MAX_ROWS:
        lines.append(f"  … {len(data) - 16 * MAX_ROWS} more octets (--json shows all)")
    return lines


def _decode_report(
    decoded: Decoded, console: Console, *, component: str | None, scheme: str | None, edition: str
) -> list[str]:
    raw = decoded.raw
    kinds = ["plain"] * len(raw)
    for e in decoded.escapes:
        start, end = e.span
        kinds[start:end] = ["invalid" if e.kind == "invalid" else "escape"] * (end - start)
    pieces = []
    i = 0
    while i < len(raw):
        j = i
        while j < len(raw) and kinds[j] == kinds[i]:
            j += 1
        run = visible(raw[i:j])
        kind = kinds[i]
        pieces.append(run if kind == "plain" else console.paint(kind, run))
        i = j
    problems = []
    if decoded.invalid:
        problems.append(_count(len(decoded.invalid), "invalid escape"))
    if decoded.undecodable:
        problems.append(f"octets that are not {decoded.charset} text")
    ed = get_edition(edition)
    context = (
        f"{visible(component) if component else 'any component'}"
        f"{f' of a {visible(scheme)} URL' if scheme else ''}, {ed.title} ({ed.year})"
    )
    counts: dict[str, int] = {}
    for e in decoded.escapes:
        counts[e.kind] = counts.get(e.kind, 0) + 1
    lines = [
        "input     " + ("".join(pieces) if raw else EMPTY_TEXT),
        f"context   {context}",
        f"octets    {_count(len(decoded.octets), 'octet')}",
        *_hexdump(decoded.octets),
        f"text      {shown_value(decoded.text)}",
        f"charset   {decoded.charset}"
        + (
            "  (some octets are not text in this charset: shown as \\xNN)"
            if decoded.undecodable
            else ""
        ),
        "result    " + (console.paint(_mark("invalid"), "; ".join(problems)) if problems else "ok"),
        "",
    ]
    if not decoded.escapes:
        lines.append("escapes: none")
        return lines
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    lines.append(f"escapes ({len(decoded.escapes)}: {summary})")
    rows: list[list[Cell]] = []
    shown = decoded.escapes[:MAX_ROWS]
    for e in shown:
        octet = "" if e.octet is None else f"0x{e.octet:02X}"
        rows.append(
            [
                (span_text(e.span), None),
                (visible(e.text), "invalid" if e.kind == "invalid" else "escape"),
                (octet, None),
                (e.kind, "invalid" if e.kind == "invalid" else None),
                (visible(e.reference), None),
            ]
        )
    heads = table(console, rows, flex=4)
    for head, e in zip(heads, shown, strict=True):
        lines.append(head)
        lines += wrap(visible(e.reason), console.columns, 6)
    if len(decoded.escapes) > MAX_ROWS:
        lines.append(f"  … {len(decoded.escapes) - MAX_ROWS} more (--json shows all)")
    return lines


# --- the commands --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParseLine:
    """``parse --jsonl``: one line's document; with a selection, only the findings it
    keeps, and nothing for a line without any."""

    edition: str
    charset: str
    select: Selection | None = None

    def __call__(self, text: str) -> tuple[dict[str, object] | None, bool]:
        # (one judge of hosts a process: a --jsonl batch judges each distinct host once)
        inspection = inspect(text, edition=self.edition, hosts=default_hosts())
        url = inspection.url
        document = inspection.document(self.charset)
        if self.select is None:
            return document, not url.is_valid
        kept = [d for d in document["diagnostics"] if self.select.keeps(d)]
        if not kept:
            return None, False
        document["diagnostics"] = kept
        return document, True


def run_parse(args: argparse.Namespace, console: Console) -> int:
    fmt = output_format(args)
    if args.jsonl is not None:
        if args.url is not None:
            raise ValueError("give either a URL or --jsonl FILE, not both")
        job = ParseLine(args.edition, args.charset, args.select)
        return run_batch(job, args.jsonl, console, jobs=args.jobs)
    if args.url is None:
        raise ValueError("a URL is needed (or --jsonl FILE for one URL a line)")
    if args.select is not None:
        raise ValueError("--select works with --jsonl")
    check_output(args, fmt)
    inspection = inspect(read_input(args.url), edition=args.edition, base=args.base or "")
    url = inspection.url
    if fmt not in ("text", "json"):
        text = svg_text(url, args) if fmt == "svg" else report_text(inspection, args, fmt)
        write_output(args, console, text)
        return EXIT_OK if url.is_valid else EXIT_FINDINGS
    if fmt == "json" and args.output is not None:
        write_output(args, console, inspection.document(args.charset))
    elif fmt == "json":
        console.write_json(inspection.document(args.charset))
    else:
        console.write_lines(_parse_report(inspection, console))
    return EXIT_OK if url.is_valid else EXIT_FINDINGS


def run_decode(args: argparse.Namespace, console: Console) -> int:
    decoded = decode(
        read_input(args.text),
        args.component,
        scheme=args.scheme,
        charset=args.charset,
        edition=args.edition,
    )
    if args.json:
        data: dict[str, object] = {
            "edition": args.edition,
            "component": args.component,
            "scheme": args.scheme,
            **decoded.to_dict(),
        }
        console.write_json(data)
    else:
        console.write_lines(
            _decode_report(
                decoded, console, component=args.component, scheme=args.scheme, edition=args.edition
            )
        )
    return EXIT_FINDINGS if decoded.undecodable or decoded.invalid else EXIT_OK


def _legend_epilog() -> str:
    legend = palette.legend()
    last_generic = palette.ROLE_NAMES.index("warning")
    generic = [n for n in palette.ROLE_NAMES[: last_generic + 1] if n in legend]
    lines = ["colours (with --color):"]
    lines += [f"  {name:<12} {legend[name]}" for name in generic]
    specific = ", ".join(n for n in legend if n not in generic)
    lines += textwrap.wrap(
        f"scheme-specific parts: {specific}",
        width=78,
        initial_indent="  ",
        subsequent_indent="    ",
        break_on_hyphens=False,
    )
    lines += [
        "",
        "exit status: 0 no error diagnostics, 1 error diagnostics, 2 misuse",
    ]
    return "\n".join(lines)


CHARSET_ARG = arg(
    "--charset",
    type=charset_type,
    default="utf-8",
    metavar="NAME",
    help="charset the octets of escapes are decoded with (default utf-8; e.g. latin-1, "
    "cp1252, cp437)",
)

COMMANDS: tuple[Command, ...] = (
    Command(
        "parse",
        "split a URL into its components, with spans and diagnostics",
        run_parse,
        (
            arg(
                "url",
                nargs="?",
                metavar="URL",
                help="the URL (or reference); - reads it from stdin",
            ),
            EDITION_ARG,
            JSON_ARG,
            FORMAT_ARG,
            OUTPUT_ARG,
            BASE_ARG,
            SHOW_PASSWORDS_ARG,
            CHARSET_ARG,
            JSONL_ARG,
            JOBS_ARG,
            arg(
                "--select",
                type=selection_type,
                metavar="TERMS",
                help="with --jsonl: keep only the findings of these categories and "
                "severities, and only the lines that have one (comma-separated: "
                "security, warning, security:warning, ...)",
            ),
            COLOR_ARG,
            THEME_ARG,
        ),
        description="Split URL into its components under one edition of the URL specs and "
        "report every component with its span, the path segments, what the scheme's own "
        "syntax makes of it, and every diagnostic with its citation; say which host "
        "browsers contact (the WHATWG URL Standard) and its registrable domain, and warn "
        "where they read another host, where the host is a look-alike, and where the URL "
        "carries the content it shows or runs (javascript:, data:).",
        epilog=_legend_epilog(),
    ),
    Command(
        "decode",
        "decode the percent-escapes of one component",
        run_decode,
        (
            arg("text", metavar="TEXT", help="the component's text; - reads it from stdin"),
            CHARSET_ARG,
            arg(
                "--component",
                metavar="NAME",
                help="the component TEXT was split from, which decides which escapes are "
                "meaningful: " + ", ".join(COMPONENTS),
            ),
            arg("--scheme", metavar="S", help="the URL's scheme (refines --component)"),
            EDITION_ARG,
            JSON_ARG,
            COLOR_ARG,
            THEME_ARG,
        ),
        description="Decode the %HH escapes of TEXT, one component already split from its "
        "URL, and explain each: unnecessary, meaningful (decoding it would change the "
        "meaning), data, or invalid.",
        epilog="exit status: 0 all escapes valid and decodable, 1 invalid escapes or "
        "undecodable octets, 2 misuse",
    ),
)
"""The subcommands, in the order ``--help`` lists them."""
