"""A scan's report as pages: HTML (tables and an SVG bar chart, one file that needs no
server and no script) and Markdown, from :func:`~.report.report`'s data.

The headline counts as :func:`~.report.headline_masks` says: an internationalized
host, valid for browsers, is among "invalid under the edition only", not among the
errors.  The codes are grouped by severity and category, a column for each; a domain
with A-labels is shown in Unicode beside them; each code links to what it means
(its message, the rule it cites, and the commands that say more).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["HEADLINE", "html_report", "markdown"]

HEADLINE = (
    ("urls", "URLs"),
    ("with_errors", "with errors (browsers refuse them, or beyond the edition's syntax)"),
    ("edition_only", "invalid under the edition only (browsers read them)"),
    ("browsers_refuse", "refused by browsers"),
    ("no_judgement", "records without a judgement (no URL, part lost)"),
)
"""The headline's counts, in order, and their labels."""

_STYLE = """
body{font-family:sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}
code{word-break:break-all}
tr.error td:first-child{color:#b00020}
tr.warning td:first-child{color:#8a5a00}
"""

esc = html.escape


def _chart(codes: Mapping[str, int]) -> str:
    """A horizontal bar for each code, drawn as SVG."""
    if not codes:
        return ""
    most = max(codes.values()) or 1
    bar, label, width = 18, 220, 400
    height = bar * len(codes) + 4
    out = [
        f'<svg id="chart" xmlns="http://www.w3.org/2000/svg" width="{label + width + 90}" '
        f'height="{height}" role="img" aria-label="URLs by finding code">'
    ]
    for i, (code, count) in enumerate(codes.items()):
        y = 2 + i * bar
        w = max(1, round(width * count / most))
        out.append(
            f'<text x="{label - 6}" y="{y + 13}" text-anchor="end" font-size="12">'
            f"{esc(code)}</text>"
            f'<rect data-code="{esc(code)}" x="{label}" y="{y + 2}" width="{w}" '
            f'height="{bar - 4}" fill="#4a78b5"/>'
            f'<text x="{label + w + 6}" y="{y + 13}" font-size="12">{count:,}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def _rows(cells: Iterable[Iterable[str]]) -> str:
    return "".join("<tr>" + "".join(row) + "</tr>" for row in cells)


def _domain(entry: Mapping[str, Any]) -> str:
    shown = entry["domain"]
    if entry.get("unicode"):
        shown += f" ({entry['unicode']})"
    return f"{shown} ({entry['urls']:,})"


def _kind(data: Mapping[str, Any], code: str) -> tuple[str, str]:
    kind = data["code_kinds"].get(code, {})
    return kind.get("severity", ""), kind.get("category", "")


def _codes_table(data: Mapping[str, Any]) -> str:
    body = []
    for code, count in data["codes"].items():
        severity, category = _kind(data, code)
        domains = ", ".join(_domain(d) for d in data["top_domains"].get(code, []))
        body.append(
            f'<tr class="{esc(severity)}"><td>{esc(severity)}</td><td>{esc(category)}</td>'
            f'<td><a href="#code-{esc(code)}"><code class="code">{esc(code)}</code></a></td>'
            f'<td class="n" data-code="{esc(code)}">{count:,}</td><td>{esc(domains)}</td></tr>'
        )
    return (
        '<table id="codes"><tr><th>severity</th><th>category</th><th>code</th><th>URLs</th>'
        f"<th>top registrable domains</th></tr>{''.join(body)}</table>"
    )


def _notes(data: Mapping[str, Any]) -> str:
    out = []
    for code in data["codes"]:
        note = data["code_notes"].get(code, {})
        severity, category = _kind(data, code)
        lines = [f'<h3 id="code-{esc(code)}"><code>{esc(code)}</code></h3>']
        lines.append(f"<p>{esc(severity)}, {esc(category)}")
        if note.get("reference"):
            lines.append(f" ({esc(note['reference'])})")
        lines.append("</p>")
        if note.get("message"):
            lines.append(f"<p>{esc(note['message'])}</p>")
        for key in ("explain", "spec"):
            if note.get(key):
                lines.append(f"<pre>{esc(note[key])}</pre>")
        out.append("".join(lines))
    return "".join(out)


def _faults(data: Mapping[str, Any]) -> str:
    failed = _rows(
        [
            f'<td class="n">{f["part"]}</td>',
            f"<td>{esc(f['source'])}:{f['first_line']}+{f['count']}</td>",
            f"<td>{esc(f['error'])}</td>",
        ]
        for f in data["failed_parts"]
    )
    unreadable = _rows(
        [
            f"<td>{esc(u['source'])}:{u['line']}</td>",
            f"<td>{'an error row' if u['written'] else 'skipped'}</td>",
            f"<td>{esc(u['error'])}</td>",
        ]
        for u in data.get("unreadable_inputs", [])
    )
    out = ""
    if failed:
        out += (
            '<h2>Parts not inspected</h2><table id="failed"><tr><th>part</th><th>lines</th>'
            f"<th>why</th></tr>{failed}</table>"
        )
    if unreadable:
        out += (
            '<h2>Inputs not read to their end</h2><table id="unreadable"><tr><th>from</th>'
            f"<th>given</th><th>why</th></tr>{unreadable}</table>"
        )
    return out


def html_report(data: Mapping[str, Any]) -> str:
    """``report.html``: one self-contained page of :func:`~.report.report`'s tables."""
    headline = data["headline"]
    summary = _rows(
        [f"<th>{esc(label)}</th>", f'<td class="n" id="{key}">{headline[key]:,}</td>']
        for key, label in HEADLINE
    )
    summary += _rows(
        [f"<th>{label}</th>", f'<td class="n" id="{key}">{data[key]:,}</td>']
        for key, label in (("invalid", "invalid under the edition"), ("errors", "error rows"))
    )
    examples = _rows(
        [
            f"<td><code>{esc(code)}</code></td>",
            f"<td>{esc(e['source'])}:{e['line']}</td>",  # (a line number, as editors show it)
            f"<td><code>{esc(e['url'] or '')}</code></td>",
        ]
        for code, found in data["examples"].items()
        for e in found
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>urlinspector scan: {data['urls']:,} URLs</title><style>{_STYLE}</style>"
        f'</head><body><h1>urlinspector scan</h1><table id="summary">{summary}</table>'
        "<p>The headline counts a URL among the errors when it has a finding of severity "
        "error beyond the edition's syntax, or any error while browsers refuse it; a URL "
        "whose only errors are the edition's syntax while browsers read it (an "
        "internationalized host under RFC 3986) is counted apart.</p>"
        f"<h2>URLs by finding code</h2>{_chart(data['codes'])}{_codes_table(data)}"
        f"{_faults(data)}"
        '<h2>Examples</h2><table id="examples"><tr><th>code</th><th>where</th><th>URL</th></tr>'
        f"{examples}</table><h2>What each code means</h2>{_notes(data)}</body></html>\n"
    )


def _md(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _md_codes(data: Mapping[str, Any]) -> list[str]:
    lines = [
        "| severity | category | code | URLs | top registrable domains |",
        "|---|---|---|---:|---|",
    ]
    for code, count in data["codes"].items():
        severity, category = _kind(data, code)
        top = ", ".join(_domain(d) for d in data["top_domains"][code])
        lines.append(f"| {severity} | {category} | [`{code}`](#{code}) | {count:,} | {_md(top)} |")
    return lines


def _md_notes(data: Mapping[str, Any]) -> list[str]:
    lines = ["", "## What each code means"]
    for code in data["codes"]:
        note = data["code_notes"].get(code, {})
        lines += ["", f'<a id="{code}"></a>`{code}`: {_md(note.get("message") or "")}']
        if note.get("reference"):
            lines.append(f"({_md(note['reference'])}; `{_md(note['spec'])}`)")
    return lines


def markdown(data: Mapping[str, Any]) -> str:
    """``report.md``: the same tables in Markdown."""
    headline = data["headline"]
    lines = ["# urlinspector scan", ""]
    lines += [f"- {label}: {headline[key]:,}" for key, label in HEADLINE]
    lines += ["", *_md_codes(data)]
    if data["failed_parts"]:
        lines += ["", "## Parts not inspected", "", "| part | lines | why |", "|---:|---|---|"]
        for f in data["failed_parts"]:
            where = f"{f['source']}:{f['first_line']}+{f['count']}"
            lines.append(f"| {f['part']} | {_md(where)} | {_md(f['error'])} |")
    if data.get("unreadable_inputs"):
        lines += ["", "## Inputs not read to their end", "", "| from | why |", "|---|---|"]
        for u in data["unreadable_inputs"]:
            lines.append(f"| {_md(u['source'])}:{u['line']} | {_md(u['error'])} |")
    lines += ["", "## Examples", "", "| code | where | URL |", "|---|---|---|"]
    for code, found in data["examples"].items():
        for e in found:
            lines.append(f"| `{code}` | {_md(e['source'])}:{e['line']} | `{_md(e['url'])}` |")
    lines += _md_notes(data)
    return "\n".join(lines) + "\n"
