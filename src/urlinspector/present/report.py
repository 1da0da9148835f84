"""Sharing an inspection: table rows as tab-separated text or a Markdown table, and the
whole inspection as a report in Markdown, HTML or JSON.

Qt-free: the window's tables copy their rows through :func:`tsv` and
:func:`markdown_table`, File ▸ Save report writes :func:`render` of :func:`build_report`,
and ``urlinspector parse --format markdown`` prints the same report.

A report holds what the window shows for a URL, from the same inspection
(:func:`urlinspector.present.inspection.inspect`): the URL and the base, where browsers
go, the components with their spans and rules, every
diagnostic with its citation, the editions side by side (each edition's reading and the
browsers'), and the resolution trace when there is a base.  Built with
``mask_passwords=True`` it masks passwords as the window does
(:mod:`urlinspector.present.masking`).
"""

from __future__ import annotations

import html
import json
import re
import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, NamedTuple

from urlinspector.core import EDITIONS, URL, BrowserReading, Diagnostic, parse
from urlinspector.core.model import COMPONENT_NAMES, URI
from urlinspector.core.readers import differing_readers
from urlinspector.core.resolution import Resolution
from urlinspector.present.inspection import Inspection, inspect, parsed
from urlinspector.present.marks import marked
from urlinspector.present.masking import (
    mask_component,
    mask_finding,
    mask_known,
    mask_password,
    mask_url,
    password_span,
    passwords_of,
)
from urlinspector.present.severity import severity_label
from urlinspector.present.target import Target
from urlinspector.present.verdicts import (
    NOT_INSTALLED,
    READS,
    REJECTS,
    VERDICT,
    counted,
    edition_verdict,
    reader_verdict,
)

__all__ = [
    "FORMATS",
    "Format",
    "Report",
    "Table",
    "build_report",
    "command_line",
    "file_filters",
    "format_for_path",
    "markdown_table",
    "render",
    "report_document",
    "report_of",
    "report_path",
    "to_html",
    "to_markdown",
    "tsv",
    "without_password",
]

UNDEFINED = "(undefined)"
EMPTY = '""'


# --- rows as text -------------------------------------------------------------------------


def _visible(text: str) -> str:
    """*text* with controls, format characters, invisible and bidi characters and odd
    spaces shown as visible marks, so that a cell cannot break a line or reorder what
    follows it."""
    return marked(text)


def tsv(rows: Iterable[Sequence[str]]) -> str:
    """*rows* as tab-separated lines (what a spreadsheet pastes as cells); a tab or line
    break inside a cell becomes a visible symbol."""
    return "\n".join("\t".join(_visible(cell) for cell in row) for row in rows)


_MD_SPECIAL = re.compile(r"[\\|`*<>\[\]~]|&(?=#?\w+;)|(?<![^\W_])_|_(?![^\W_])")
"""What Markdown would read as markup in a cell: backslash, pipe, backquote, emphasis,
HTML, links, strike-through, an entity, and ``_`` at the edge of a word."""


def _md_cell(text: str) -> str:
    return _MD_SPECIAL.sub(lambda m: "\\" + m.group(), _visible(text))


def _code(text: str) -> str:
    """*text* as a Markdown code span (its backquotes kept: a longer fence)."""
    if not text:
        return EMPTY  # an empty code span would read as two backquotes
    text = _visible(text)
    fence = "`" * (max((len(r) for r in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown (GitHub-flavoured) table: *header*, then one line per row; ``|``,
    backslashes and backquotes in cells are escaped, missing cells left empty."""
    width = len(header)
    lines = [
        "| " + " | ".join(_md_cell(h) for h in header) + " |",
        "|" + "|".join("---" for _ in header) + "|",
    ]
    for row in rows:
        cells = [_md_cell(c) for c in row[:width]] + [""] * (width - len(row))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


# --- the report ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"header": list(self.header), "rows": [list(r) for r in self.rows]}


@dataclass(frozen=True)
class Report:
    """One inspection, with passwords masked when it was built so."""

    url: str
    base: str
    edition: str
    """The edition's id (:data:`urlinspector.core.EDITIONS`)."""
    edition_label: str
    verdict: str
    """Where browsers go (the line under the address bar)."""
    warns: bool
    summary: str
    components: Table
    findings: tuple[Diagnostic, ...]
    """Every diagnostic (the browsers' findings too), messages masked as the report is."""
    editions: Table
    trace: Table | None
    """The resolution's steps; None without a base or for an absolute URL."""
    target: str | None
    """The resolved target (or the URL itself when it is absolute)."""
    target_note: str
    masked: bool
    readers: Table | None = None
    """What the HTTP libraries read in the URL (``core.readers``)."""


def _shown(value: str | None) -> str:
    if value is None:
        return UNDEFINED
    return EMPTY if value == "" else value


class _Masker:
    """Masks the passwords of the URLs of one inspection, or nothing."""

    def __init__(self, on: bool, *urls: URL | None) -> None:
        self.on = on
        self.secrets = passwords_of(*urls) if on else ()

    def text(self, text: str) -> str:
        return mask_known(text, self.secrets) if self.secrets else text

    def url(self, text: str | None) -> str | None:
        if text is None or not self.on:
            return text
        return mask_url(parse(text, "rfc3986"))


def _components(url: URL, mask: _Masker) -> Table:
    hidden = password_span(url) if mask.on else None
    rows = []
    for index, name in enumerate(COMPONENT_NAMES):
        if index == URI and not url.has_wrapper:
            continue
        start, end = url.spans[index]
        value = mask_component(url, index, hidden)
        span = "" if start < 0 else f"{start}–{end}"
        rows.append((name, _shown(value), span, url.edition.cite(name)))
    for name, (start, end), raw, _role, rule in url.scheme_parts:
        if hidden is not None and start < hidden[1] and end > hidden[0]:
            raw = mask_password(raw)
        rows.append((f"{url.scheme or ''}: {name}", _shown(raw), f"{start}–{end}", rule))
    return Table("Components", ("component", "value", "span", "rule"), tuple(rows))


_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def _findings(url: URL, mask: _Masker) -> tuple[Diagnostic, ...]:
    """Every diagnostic, errors first, then warnings and notes, each in span order
    (as the window lists them)."""
    found = sorted(url.diagnostics, key=lambda d: (_SEVERITY_ORDER.get(d.severity, 3), d.span))
    if not mask.on:
        return tuple(found)
    return tuple(d._replace(message=mask_finding(d.message, d.span, url)) for d in found)


def _diagnostics(findings: tuple[Diagnostic, ...]) -> Table:
    rows = tuple(
        (
            severity_label(d.severity, mark=False),
            d.code,
            d.category,
            f"{d.span[0]}–{d.span[1]}",
            d.message,
            d.reference,
        )
        for d in findings
    )
    return Table(
        "Diagnostics", ("severity", "code", "category", "span", "message", "citation"), rows
    )


_EDITION_ROWS = ("scheme", "user", "password", "host", "port", "path", "query", "fragment")


def _component_cells(url: URL | None, mask: _Masker) -> list[str]:
    if url is None:  # (a reference with no target under this edition)
        return ["—"] * len(_EDITION_ROWS)
    hidden = password_span(url) if mask.on else None
    cells = []
    for name in _EDITION_ROWS:
        value = mask_component(url, COMPONENT_NAMES.index(name), hidden)
        if name == "user" and value is None and url.userinfo is not None:
            value = mask.text(url.userinfo) if mask.on else url.userinfo
        cells.append(_shown(value))
    return cells


def _edition_column(inspection: Inspection, mask: _Masker, *, resolved: bool) -> list[str]:
    """One edition's cells: the components of the target when *resolved* (a relative
    reference with a base), else of the URL; its verdict, findings counted as the
    summary counts them (:attr:`Inspection.findings`); its target."""
    target = inspection.target.text
    if resolved:
        of_target = inspection.of_target()
        read = None if of_target is None else of_target.url
    else:
        read = inspection.url
    cells = _component_cells(read, mask)
    return [*cells, edition_verdict(inspection.annotated), mask.url(target) or "—"]


def _browser_column(reading: BrowserReading, mask: _Masker) -> list[str]:
    if not reading.valid:
        return ["—"] * len(_EDITION_ROWS) + [REJECTS, "—"]
    values = {
        "scheme": reading.scheme,
        "user": reading.username or None,
        "password": reading.password or None,
        "host": reading.host,
        "port": str(reading.port) if reading.explicit_port else None,
        "path": reading.path,
        "query": reading.query or None,
        "fragment": reading.fragment or None,
    }
    if mask.on and values["password"]:
        values["password"] = mask_password(values["password"])
    return [_shown(values[n]) for n in _EDITION_ROWS] + [READS, mask.url(reading.href) or "—"]


def _editions(inspection: Inspection, mask: _Masker) -> Table:
    """Every edition and the browsers, by one rule (the window's Editions view): a
    relative reference with a base read as its target, resolved against the base;
    the chosen edition marked."""
    relative = inspection.url.is_relative
    resolved = relative and bool(inspection.base.strip())
    columns = [_edition_column(inspection.under(e), mask, resolved=resolved) for e in EDITIONS]
    columns.append(_browser_column(inspection.destination.browser, mask))
    labels = (*_EDITION_ROWS, VERDICT, "resolved target")
    rows = tuple((label, *(column[r] for column in columns)) for r, label in enumerate(labels))
    chosen = inspection.edition
    names = (f"{e.label} (chosen)" if e.id == chosen else e.label for e in EDITIONS.values())
    header = ("", *names, "browsers (WHATWG)")
    title = "Editions side by side"
    if relative:
        title += ", resolved against the base" if resolved else ", as written (no base)"
    return Table(title, header, rows)


def _readers(inspection: Inspection, mask: _Masker) -> Table:
    """Each library's reading: where it would connect (≠ where browsers do not go)."""
    dest = inspection.destination
    elsewhere = {r.name for r in differing_readers(inspection.url, dest.browser, dest.readers)}
    rows = []
    for r in dest.readers:
        version = r.version or "—"
        verdict = reader_verdict(r)  # (the window's words; the reason after them)
        if verdict != READS:
            why = r.missing if verdict == NOT_INSTALLED else r.refusal
            rows.append((r.label, version, "—", "—", "—", mask.text(f"{verdict}: {why}")))
            continue
        host = _shown(r.host) if r.host is None else r.host  # (the reading masked it)
        if r.host_header is not None:  # (a Host header that names another place)
            host += f" (sending Host: {r.host_header})"
        mark = "≠ " if r.name in elsewhere else ""
        port = "—" if r.port is None else str(r.port)
        path = mask.text(_shown(r.path))
        rows.append((r.label, version, mark + host, port, path, verdict))
    header = ("library", "version", "host it connects to", "port", "path", VERDICT)
    return Table("What the libraries read", header, tuple(rows))


def _trace(resolution: Resolution, mask: _Masker) -> Table:
    rows = []
    for number, step in enumerate(resolution.steps, 1):
        values = ", ".join(f"{name} = {_shown(value)}" for name, value in step.values)
        rule = " ".join(step.rule.split())  # the text's own line breaks, as one line
        rows.append((step.label or str(number), rule, mask.text(values), step.citation))
    return Table("Resolution trace", ("step", "rule", "values after it", "citation"), tuple(rows))


def build_report(
    text: str, base: str = "", edition: str = "rfc3986", *, mask_passwords: bool = False
) -> Report:
    """The inspection of *text* (against *base*, read by *edition*), with passwords
    masked when *mask_passwords*."""
    return report_of(inspect(text, edition=edition, base=base), mask_passwords=mask_passwords)


def report_of(inspection: Inspection, *, mask_passwords: bool = False) -> Report:
    """The report of *inspection*, with passwords masked when *mask_passwords*."""
    text, base, url = inspection.text, inspection.base, inspection.url
    found = inspection.annotated
    target = inspection.traced
    base_url = parsed(base, inspection.edition) if base.strip() else None
    target_url = parsed(target.text, inspection.edition) if target.text else None
    mask = _Masker(mask_passwords, url, base_url, target_url)
    resolution = target.resolution
    trace = None if resolution is None or not resolution.steps else _trace(resolution, mask)
    errors, warnings = len(found.errors), len(found.warnings)
    notes = len(found.diagnostics) - errors - warnings
    summary = f"{'invalid' if errors else 'valid'} under {url.edition.label}: "
    summary += ", ".join(
        (counted(errors, "error"), counted(warnings, "warning"), counted(notes, "note"))
    )
    summary += "; absolute URL" if url.is_absolute else "; relative reference"
    verdict = inspection.verdict
    return Report(
        url=(mask.url(text) or "") if mask.on else text,
        base=(mask.url(base) or "") if mask.on else base,
        edition=inspection.edition,
        edition_label=url.edition.label,
        verdict=mask.text(verdict.text) if text else "nowhere: there is no URL",
        warns=verdict.warns,
        summary=summary,
        components=_components(url, mask),
        findings=_findings(found, mask),
        editions=_editions(inspection, mask),
        trace=trace,
        target=mask.url(target.text),
        target_note=mask.text(_target_note(inspection, target)),
        masked=mask.on,
        readers=_readers(inspection, mask),
    )


def _target_note(inspection: Inspection, target: Target) -> str:
    """How the target was found, in the report's words, or why there is none."""
    resolution = target.resolution
    if resolution is None:
        return target.message
    note = f"resolved against the base by {inspection.url.edition.label}"
    if resolution.notes:
        note += " — " + "; ".join(resolution.notes)
    return note


# --- the command that reopens an inspection ------------------------------------------------


def without_password(text: str, edition: str = "rfc3986") -> str:
    """*text* (a URL) with its password and the ``:`` before it left out, as read by
    *edition* (``ftp://joe:secret@host/`` -> ``ftp://joe@host/``)."""
    span = password_span(parse(text, edition))
    if span is None:
        return text
    start, end = span
    if text[start - 1 : start] == ":":
        start -= 1
    return text[:start] + text[end:]


def command_line(
    text: str, base: str = "", edition: str = "rfc3986", *, mask_passwords: bool = False
) -> tuple[str, bool]:
    """The ``urlinspector gui URL --base BASE --edition ID`` line that reopens this
    inspection (each argument quoted for a POSIX shell), and whether a password was
    left out of it (*mask_passwords*: the window hides passwords).  The base is always
    given, empty too, so that the window does not fall back to the one it remembers."""
    url, base_text = text, base
    if mask_passwords:
        url = without_password(text, edition)
        base_text = without_password(base, edition) if base.strip() else base
    left_out = (url, base_text) != (text, base)
    options = ["--base", base_text, "--edition", edition]
    # a URL that starts with "-" would read as an option: it goes after "--"
    words = [*options, "--", url] if url.startswith("-") else [url, *options]
    return shlex.join(["urlinspector", "gui", *words]), left_out


# --- formats --------------------------------------------------------------------------------


def _tables(report: Report) -> list[Table]:
    tables = [report.components, _diagnostics(report.findings), report.editions]
    if report.readers is not None:
        tables.append(report.readers)
    return tables if report.trace is None else [*tables, report.trace]


def _facts(report: Report) -> list[tuple[str, str | None, str]]:
    """(name, value shown as code or None, a note in words)."""
    facts: list[tuple[str, str | None, str]] = [
        ("URL", report.url, ""),
        ("Base", report.base, "") if report.base else ("Base", None, "none"),
        ("Edition", report.edition, report.edition_label),
        ("Where browsers go", None, ("⚠ " if report.warns else "") + report.verdict),
        ("Result", None, report.summary),
        ("Target", report.target, report.target_note),
    ]
    if report.masked:
        facts.append(("Passwords", None, "masked"))
    return facts


def to_markdown(report: Report) -> str:
    """The report as Markdown: the facts as a list, each table as a Markdown table."""
    lines = ["# URL inspection", ""]
    for name, value, note in _facts(report):
        words = " — ".join(
            part for part in ("" if value is None else _code(value), _md_cell(note)) if part
        )
        lines.append(f"- **{name}:** {words}")
    for table in _tables(report):
        lines += ["", f"## {table.title}", ""]
        lines.append(markdown_table(table.header, table.rows) if table.rows else "(none)")
    if report.trace is None:
        lines += ["", "## Resolution trace", "", _md_cell(report.target_note)]
    return "\n".join(lines) + "\n"


def _html_table(table: Table) -> str:
    if not table.rows:
        return "<p>(none)</p>"
    esc = html.escape
    head = "".join(f"<th>{esc(_visible(h))}</th>" for h in table.header)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(_visible(c))}</td>" for c in row) + "</tr>"
        for row in table.rows
    )
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>{body}</tbody>\n</table>"


def to_html(report: Report) -> str:
    """The report as a standalone HTML document (every value escaped)."""
    esc = html.escape
    facts = "".join(
        f"<dt>{esc(name)}</dt><dd>"
        + ("" if value is None else f"<code>{esc(_visible(value))}</code> ")
        + f"{esc(_visible(note))}</dd>"
        for name, value, note in _facts(report)
    )
    sections = "".join(
        f"<h2>{esc(table.title)}</h2>\n{_html_table(table)}\n" for table in _tables(report)
    )
    if report.trace is None:
        sections += f"<h2>Resolution trace</h2>\n<p>{esc(_visible(report.target_note))}</p>\n"
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8">'
        f"<title>URL inspection: {esc(_visible(report.url))}</title>\n"
        "<style>table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px;"
        "text-align:left;vertical-align:top}code{word-break:break-all}</style></head>\n"
        f"<body>\n<h1>URL inspection</h1>\n<dl>{facts}</dl>\n{sections}</body>\n</html>\n"
    )


def report_document(report: Report) -> dict[str, Any]:
    """The report as a JSON-ready dict: every diagnostic is an object with its code,
    severity, category, span, message and citation."""
    return {
        "url": report.url,
        "base": report.base,
        "edition": report.edition,
        "verdict": {"text": report.verdict, "warns": report.warns},
        "summary": report.summary,
        "target": report.target,
        "target_note": report.target_note,
        "passwords_masked": report.masked,
        "components": report.components.to_dict(),
        "diagnostics": [d.to_dict() for d in report.findings],
        "editions": report.editions.to_dict(),
        "readers": None if report.readers is None else report.readers.to_dict(),
        "trace": None if report.trace is None else report.trace.to_dict(),
    }


def _to_json(report: Report) -> str:
    return json.dumps(report_document(report), ensure_ascii=False, indent=2) + "\n"


class Format(NamedTuple):
    label: str
    render: Callable[[Report], str]
    suffixes: tuple[str, ...]
    """File suffixes; the first is the usual one."""


FORMATS: dict[str, Format] = {
    "markdown": Format("Markdown", to_markdown, (".md", ".markdown")),
    "html": Format("HTML", to_html, (".html", ".htm")),
    "json": Format("JSON", _to_json, (".json",)),
}
"""The report formats by name."""


def render(report: Report, fmt: str) -> str:
    """*report* in *fmt* (a key of :data:`FORMATS`)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; known: {', '.join(FORMATS)}")
    return FORMATS[fmt].render(report)


def file_filters() -> str:
    """The formats as a file dialog's filters (``Markdown (*.md *.markdown);;...``)."""
    return ";;".join(
        f"{f.label} ({' '.join('*' + s for s in f.suffixes)})" for f in FORMATS.values()
    )


def report_path(name: str, chosen_filter: str = "") -> Path:
    """Where a save dialog's *name* writes: as given when its suffix names a format,
    else with the suffix of the format of *chosen_filter* (one of :func:`file_filters`;
    Markdown when it is none of them)."""
    path = Path(name)
    if format_for_path(path, default=""):
        return path
    kind = next((f for f in FORMATS.values() if chosen_filter.startswith(f.label)), None)
    return path.with_name(path.name + (kind or FORMATS["markdown"]).suffixes[0])


def format_for_path(path: str | PurePath, default: str = "markdown") -> str:
    """The report format a file name asks for by its suffix (*default* for another)."""
    suffix = PurePath(path).suffix.lower()
    for name, f in FORMATS.items():
        if suffix in f.suffixes:
            return name
    return default
