"""A scan's report: aggregates of each part's rows, combined as a tree, and the
report made from them (:func:`report`; :mod:`.report_pages` writes it as HTML and
Markdown).

An :class:`Aggregate` is small whatever the part's size (counts, at most
:data:`DOMAINS_KEPT` domains a code, :data:`EXAMPLES` examples a code), and
:func:`merge` is associative, so parts' aggregates combine pairwise up a tree on the
workers and only the last reaches the client.  Every list in it is kept in a fixed
order (counts, then names; examples by source and line), so the same rows give the
same report however the tree was shaped and whichever worker ran what.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from urlinspector.core.editions import EDITION_IDS
from urlinspector.scan.code_notes import code_note, unicode_host
from urlinspector.scan.report_pages import html_report, markdown

__all__ = [
    "DOMAINS_KEPT",
    "EXAMPLES",
    "SEVERITIES",
    "Aggregate",
    "aggregate",
    "headline_masks",
    "html_report",
    "markdown",
    "merge",
    "report",
]

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
    with_errors: int = 0
    """Rows the headline counts as errors (:func:`headline_masks`)."""
    edition_only: int = 0
    """Rows whose errors are the edition's syntax alone, in a URL browsers read."""
    browsers_refuse: int = 0
    """Rows of a URL that browsers refuse."""
    kinds: dict[str, tuple[str, str]] = field(default_factory=dict)
    """For each code, the most severe (severity, category) it was found with."""

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
            "with_errors": self.with_errors,
            "edition_only": self.edition_only,
            "browsers_refuse": self.browsers_refuse,
            "kinds": {c: list(k) for c, k in sorted(self.kinds.items())},
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
            with_errors=int(data["with_errors"]),
            edition_only=int(data["edition_only"]),
            browsers_refuse=int(data["browsers_refuse"]),
            kinds={c: (str(k[0]), str(k[1])) for c, k in data["kinds"].items()},
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
    masks = headline_masks(table)
    out = Aggregate(
        urls=table.num_rows,
        invalid=table.num_rows - int(pc.sum(table.column("valid")).as_py() or 0),
        errors=table.num_rows - table.column("error").null_count,
        codes=Counter(dict(_groups(pairs, ["code"], "count"))),
        kinds=_kinds(table),
        with_errors=_count(masks["with_errors"]),
        edition_only=_count(masks["edition_only"]),
        browsers_refuse=_count(masks["browsers_refuse"]),
    )
    with_domain = pairs.filter(pc.is_valid(pairs.column("domain")))
    for code, domain, count in _groups(with_domain, ["code", "domain"], "count"):
        out.domains.setdefault(code, Counter())[domain] = count
    examples = table.select(["source", "line", "url"])
    for code, found in _groups(pairs, ["code"], "list"):
        first = examples.take(found[:EXAMPLES]).to_pylist()
        out.examples[code] = [(r["source"], r["line"], r["url"]) for r in first]
    return out


SEVERITIES = ("error", "warning", "info")
"""The severities, most severe first: the order of the report's groups."""
_RANK = {severity: rank for rank, severity in enumerate(SEVERITIES)}


def _count(mask: Any) -> int:
    return int(pc.sum(pc.cast(mask, pa.int64())).as_py() or 0)


def headline_masks(table: pa.Table) -> dict[str, Any]:
    """For each headline count, which rows it counts:

    - ``with_errors``: a finding of severity ``error`` that is not the edition's
      syntax alone (a security, escape, scheme or wrapper error), or any error in a URL
      that browsers refuse;
    - ``edition_only``: errors of the ``syntax`` category only, in a URL browsers read
      (an internationalized host under RFC 3986: valid for browsers);
    - ``browsers_refuse``: a URL browsers refuse."""
    findings = table.column("findings")
    flat = pc.list_flatten(findings)
    parents = pc.list_parent_indices(findings)
    severity = pc.struct_field(flat, "severity")
    category = pc.struct_field(flat, "category")
    error = pc.equal(severity, "error")
    beyond_syntax = pc.and_(error, pc.not_equal(category, "syntax"))
    every_row = pa.array(range(table.num_rows), pa.int64())

    def rows_where(mask: Any) -> Any:
        return pc.is_in(every_row, value_set=pc.cast(parents.filter(mask), pa.int64()))

    has_error, has_other = rows_where(error), rows_where(beyond_syntax)
    judged = pc.is_null(table.column("error"))
    browsers_valid = pc.fill_null(table.column("browser_valid"), False)
    refused = pc.and_(judged, pc.invert(browsers_valid))
    return {
        "with_errors": pc.or_(has_other, pc.and_(has_error, refused)),
        "edition_only": pc.and_(pc.and_(has_error, pc.invert(has_other)), browsers_valid),
        "browsers_refuse": refused,
    }


def _kinds(table: pa.Table) -> dict[str, tuple[str, str]]:
    flat = pc.list_flatten(table.column("findings"))
    triples = pa.table(
        {
            "code": pc.struct_field(flat, "code"),
            "severity": pc.struct_field(flat, "severity"),
            "category": pc.struct_field(flat, "category"),
        }
    )
    found = triples.group_by(["code", "severity", "category"], use_threads=False).aggregate([])
    out: dict[str, tuple[str, str]] = {}
    for row in found.to_pylist():
        _more_severe(out, row["code"], (row["severity"], row["category"]))
    return out


def _more_severe(kinds: dict[str, tuple[str, str]], code: str, kind: tuple[str, str]) -> None:
    held = kinds.get(code)
    if held is None or (_RANK.get(kind[0], 9), kind[1]) < (_RANK.get(held[0], 9), held[1]):
        kinds[code] = kind


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
        out.with_errors += part.with_errors
        out.edition_only += part.edition_only
        out.browsers_refuse += part.browsers_refuse
        for code, kind in part.kinds.items():
            _more_severe(out.kinds, code, kind)
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
    total: Aggregate,
    parts: int,
    unreadable: Sequence[Mapping[str, Any]] = (),
    edition: str = EDITION_IDS[0],
) -> dict[str, Any]:
    """``report.json``: the totals and the headline, each code's count, severity,
    category, top domains, examples and what it means, and the inputs' faults
    (*unreadable*: ``--on-error rows`` or ``skip``).  The codes are grouped by severity
    (most severe first), then category, then count."""
    order = sorted(
        total.codes.items(),
        key=lambda item: (*_group(total.kinds.get(item[0])), -item[1], item[0]),
    )
    return {
        "urls": total.urls,
        "invalid": total.invalid,
        "errors": total.errors,
        "parts": parts,
        "headline": {
            "urls": total.urls,
            "with_errors": total.with_errors,
            "edition_only": total.edition_only,
            "browsers_refuse": total.browsers_refuse,
            "no_judgement": total.errors,
        },
        "codes": dict(order),
        "code_kinds": {
            code: {"severity": kind[0], "category": kind[1]}
            for code, _ in order
            if (kind := total.kinds.get(code)) is not None
        },
        "code_notes": {
            code: code_note(code, found[0][2], edition)
            for code, _ in order
            if (found := total.examples.get(code))
        },
        "top_domains": {
            code: [
                {"domain": d, "unicode": unicode_host(d), "urls": n}
                for d, n in _top(total.domains.get(code, Counter()), TOP_DOMAINS)
            ]
            for code, _ in order
        },
        "examples": {
            code: [{"source": s, "line": n, "url": u} for s, n, u in total.examples.get(code, [])]
            for code, _ in order
        },
        "domain_counts_are_lower_bounds": total.truncated,
        "failed_parts": total.failed,
        "unreadable_inputs": [dict(u) for u in unreadable],
    }


def _group(kind: tuple[str, str] | None) -> tuple[int, str]:
    if kind is None:
        return len(SEVERITIES), ""
    return _RANK.get(kind[0], len(SEVERITIES)), kind[1]
