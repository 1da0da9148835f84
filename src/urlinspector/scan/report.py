"""A scan's report: aggregates of each part's rows, combined as a tree, and the
report written from them as JSON, HTML (tables and an SVG bar chart, one file that
needs no server) and Markdown.

An :class:`Aggregate` is small whatever the part's size (counts, at most
:data:`DOMAINS_KEPT` domains a code, :data:`EXAMPLES` examples a code), and
:func:`merge` is associative, so parts' aggregates combine pairwise up a tree on the
workers and only the last reaches the client.  Every list in it is kept in a fixed
order (counts, then names; examples by source and line), so the same rows give the
same report however the tree was shaped and whichever worker ran what.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

__all__ = ["DOMAINS_KEPT", "EXAMPLES", "Aggregate", "aggregate", "html_report", "markdown", "merge"]

EXAMPLES = 10
"""Example URLs kept for each code: those first in (source, line) order."""
TOP_DOMAINS = 10
"""Registrable domains listed for each code in the report."""
DOMAINS_KEPT = 10_000
"""Domains counted for each code in an aggregate; past that the least seen are let go
(a count in the report is then a lower bound, which the report says)."""


@dataclass(slots=True)
class Aggregate:
    """What a part's rows (or several parts') come to."""

    urls: int = 0
    invalid: int = 0
    errors: int = 0
    """Rows with an ``error``: records without a URL, parts lost."""
    codes: Counter[str] = field(default_factory=Counter)
    """For each finding code, the rows with at least one finding of it."""
    domains: dict[str, Counter[str]] = field(default_factory=dict)
    examples: dict[str, list[tuple[str, int, str]]] = field(default_factory=dict)
    """(source, line, URL), the first :data:`EXAMPLES` of each code."""
    failed: list[dict[str, Any]] = field(default_factory=list)
    """The parts no worker could finish: index, source, first line, count, error."""
    truncated: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON form that :meth:`from_dict` reads back (kept beside each part)."""
        return {
            "urls": self.urls,
            "invalid": self.invalid,
            "errors": self.errors,
            "codes": dict(sorted(self.codes.items())),
            "domains": {c: dict(sorted(d.items())) for c, d in sorted(self.domains.items())},
            "examples": {c: [list(e) for e in x] for c, x in sorted(self.examples.items())},
            "failed": self.failed,
            "truncated": self.truncated,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Aggregate:
        return cls(
            urls=int(data["urls"]),
            invalid=int(data["invalid"]),
            errors=int(data["errors"]),
            codes=Counter(data["codes"]),
            domains={c: Counter(d) for c, d in data["domains"].items()},
            examples={c: [(s, int(n), u) for s, n, u in x] for c, x in data["examples"].items()},
            failed=list(data["failed"]),
            truncated=bool(data["truncated"]),
        )


def aggregate(table: pa.Table) -> Aggregate:
    """The aggregate of one part's rows (a table of :data:`~.columns.ROW_SCHEMA`),
    counted by Arrow's kernels over the columns: one (code, row) pair for each code of
    each row (a row's codes are distinct), grouped by code, and by code and domain."""
    codes = table.column("codes")
    rows = pc.list_parent_indices(codes)
    pairs = pa.table(
        {
            "code": pc.list_flatten(codes),
            "row": rows,
            "domain": table.column("url_host_private_domain").take(rows),
        }
    )
    out = Aggregate(
        urls=table.num_rows,
        invalid=table.num_rows - int(pc.sum(table.column("valid")).as_py() or 0),
        errors=table.num_rows - table.column("error").null_count,
        codes=Counter(dict(_groups(pairs, ["code"], "count"))),
    )
    with_domain = pairs.filter(pc.is_valid(pairs.column("domain")))
    for code, domain, count in _groups(with_domain, ["code", "domain"], "count"):
        out.domains.setdefault(code, Counter())[domain] = count
    examples = table.select(["source", "line", "url"])
    for code, found in _groups(pairs, ["code"], "list"):
        first = examples.take(found[:EXAMPLES]).to_pylist()
        out.examples[code] = [(r["source"], r["line"], r["url"]) for r in first]
    return out


def _groups(pairs: pa.Table, keys: list[str], how: str) -> list[tuple[Any, ...]]:
    """For each group of *pairs* by *keys* (in the order each first occurs): its keys
    and the *how* (``count``, ``list``) of its ``row`` column."""
    grouped = pairs.group_by(keys, use_threads=False).aggregate([("row", how)])
    columns = [grouped.column(name).to_pylist() for name in [*keys, f"row_{how}"]]
    return list(zip(*columns, strict=True))


def _top(counter: Counter[str], n: int) -> list[tuple[str, int]]:
    return sorted(counter.items(), key=lambda item: (-item[1], item[0]))[:n]


def merge(*parts: Aggregate) -> Aggregate:
    """The aggregate of all of *parts*' rows (in any grouping: the result is the same)."""
    out = Aggregate()
    for part in parts:
        out.urls += part.urls
        out.invalid += part.invalid
        out.errors += part.errors
        out.codes.update(part.codes)
        out.truncated = out.truncated or part.truncated
        for code, counts in part.domains.items():
            out.domains.setdefault(code, Counter()).update(counts)
        for code, examples in part.examples.items():
            out.examples.setdefault(code, []).extend(examples)
        out.failed += part.failed
    for code, counts in out.domains.items():
        if len(counts) > DOMAINS_KEPT:
            out.domains[code] = Counter(dict(_top(counts, DOMAINS_KEPT)))
            out.truncated = True
    for code, examples in out.examples.items():
        out.examples[code] = sorted(examples)[:EXAMPLES]
    out.failed.sort(key=lambda f: int(f["part"]))
    return out


# --- the report ----------------------------------------------------------------------------


def report(
    total: Aggregate, parts: int, unreadable: Sequence[Mapping[str, Any]] = ()
) -> dict[str, Any]:
    """``report.json``: the totals, each code's count, top domains and examples, and
    the inputs' faults (*unreadable*: ``--on-error rows`` or ``skip``)."""
    codes = _top(total.codes, len(total.codes))
    return {
        "urls": total.urls,
        "invalid": total.invalid,
        "errors": total.errors,
        "parts": parts,
        "codes": dict(codes),
        "top_domains": {
            code: [
                {"domain": d, "urls": n} for d, n in _top(total.domains.get(code, Counter()), 10)
            ]
            for code, _ in codes
        },
        "examples": {
            code: [{"source": s, "line": n, "url": u} for s, n, u in total.examples.get(code, [])]
            for code, _ in codes
        },
        "domain_counts_are_lower_bounds": total.truncated,
        "failed_parts": total.failed,
        "unreadable_inputs": [dict(u) for u in unreadable],
    }


_STYLE = """
body{font-family:sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}
code{word-break:break-all}
"""


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
            f"{html.escape(code)}</text>"
            f'<rect data-code="{html.escape(code)}" x="{label}" y="{y + 2}" width="{w}" '
            f'height="{bar - 4}" fill="#4a78b5"/>'
            f'<text x="{label + w + 6}" y="{y + 13}" font-size="12">{count:,}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def _rows(cells: Iterable[Iterable[str]]) -> str:
    return "".join("<tr>" + "".join(row) + "</tr>" for row in cells)


def html_report(data: Mapping[str, Any]) -> str:
    """``report.html``: one self-contained page of :func:`report`'s tables."""
    esc = html.escape
    summary = _rows(
        [f"<th>{label}</th>", f'<td class="n" id="{key}">{data[key]:,}</td>']
        for key, label in (("urls", "URLs"), ("invalid", "invalid"), ("errors", "errors"))
    )
    codes = _rows(
        [
            f'<td><code class="code">{esc(code)}</code></td>',
            f'<td class="n" data-code="{esc(code)}">{count:,}</td>',
            "<td>"
            + ", ".join(
                f"{esc(d['domain'])} ({d['urls']:,})" for d in data["top_domains"].get(code, [])
            )
            + "</td>",
        ]
        for code, count in data["codes"].items()
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
    failed = _rows(
        [
            f'<td class="n">{f["part"]}</td>',
            f"<td>{esc(f['source'])}:{f['first_line']}+{f['count']}</td>",
            f"<td>{esc(f['error'])}</td>",
        ]
        for f in data["failed_parts"]
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>urlinspector scan: {data['urls']:,} URLs</title><style>{_STYLE}</style>"
        f'</head><body><h1>urlinspector scan</h1><table id="summary">{summary}</table>'
        f"<h2>URLs by finding code</h2>{_chart(data['codes'])}"
        '<table id="codes"><tr><th>code</th><th>URLs</th><th>top registrable domains</th></tr>'
        f"{codes}</table>"
        + (
            f'<h2>Parts not inspected</h2><table id="failed"><tr><th>part</th><th>lines</th>'
            f"<th>why</th></tr>{failed}</table>"
            if failed
            else ""
        )
        + '<h2>Examples</h2><table id="examples"><tr><th>code</th><th>where</th><th>URL</th></tr>'
        f"{examples}</table></body></html>\n"
    )


def _md(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(data: Mapping[str, Any]) -> str:
    """``report.md``: the same tables in Markdown."""
    lines = [
        "# urlinspector scan",
        "",
        f"{data['urls']:,} URLs, {data['invalid']:,} invalid, {data['errors']:,} errors.",
        "",
        "| code | URLs | top registrable domains |",
        "|---|---:|---|",
    ]
    for code, count in data["codes"].items():
        top = ", ".join(f"{d['domain']} ({d['urls']:,})" for d in data["top_domains"][code])
        lines.append(f"| `{code}` | {count:,} | {_md(top)} |")
    if data["failed_parts"]:
        lines += ["", "## Parts not inspected", "", "| part | lines | why |", "|---:|---|---|"]
        for f in data["failed_parts"]:
            where = f"{f['source']}:{f['first_line']}+{f['count']}"
            lines.append(f"| {f['part']} | {_md(where)} | {_md(f['error'])} |")
    lines += ["", "## Examples", "", "| code | where | URL |", "|---|---|---|"]
    for code, found in data["examples"].items():
        for e in found:
            lines.append(f"| `{code}` | {_md(e['source'])}:{e['line']} | `{_md(e['url'])}` |")
    return "\n".join(lines) + "\n"
