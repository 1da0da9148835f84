"""What a scan's workers run: one part scanned into ``DIR`` (:func:`scan_part`), a part
no worker could finish given error rows (:func:`lost_part`), the report written
(:func:`write_report`).

:func:`scan_part` reads its part's records, builds their rows, writes them to
``DIR/rows/part-NNNNN.parquet`` (or ``.jsonl``) and its aggregate to
``DIR/_aggregates/``, each whole or not at all (:meth:`.Output.write`), and hands back
only the aggregate.  A part whose rows and aggregate are both in ``DIR`` already is not
scanned again: its aggregate is read back.  A scan that is interrupted sets its stop
event (:func:`stop_event`): a part then not begun, or scanned but not yet written,
writes nothing and gives None.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

import pyarrow as pa
import pyarrow.parquet as pq

from urlinspector.core.editions import EDITION_IDS
from urlinspector.scan.columns import error_rows, rows
from urlinspector.scan.inputs import Part, Record, part_lines, read_part
from urlinspector.scan.output import output
from urlinspector.scan.report import Aggregate, aggregate, html_report, markdown

__all__ = [
    "FORMATS",
    "WARM_URLS",
    "Options",
    "lost_part",
    "scan_part",
    "stop_event",
    "warm_worker",
    "write_report",
]

FORMATS = {"parquet": ".parquet", "jsonl": ".jsonl"}
ROWS, AGGREGATES = "rows", "_aggregates"

RowBuilder = Callable[..., pa.Table]


@dataclass(frozen=True, slots=True)
class Options:
    """How each part is scanned and where its rows go (sent to the workers)."""

    out: str
    """The output folder: a path or an fsspec URL (``s3://bucket/scan``)."""
    fmt: str = "parquet"
    edition: str = EDITION_IDS[0]
    readers: bool = True
    resume: bool = False
    row_builder: RowBuilder = rows
    """The per-partition function, :func:`~.columns.rows` or one with its signature."""
    run: str = ""
    """This run's id: names its stop event (none when empty)."""

    def rows_name(self, part: Part) -> str:
        return f"{ROWS}/{part.name}{FORMATS[self.fmt]}"

    def aggregate_name(self, part: Part) -> str:
        return f"{AGGREGATES}/{part.name}.json"


def stop_event(run: str) -> str:
    """The name of the Dask event that stops the run *run*'s parts."""
    return f"urlinspector-scan-stop-{run}"


def _stopped(options: Options) -> bool:
    if not options.run:
        return False
    from dask.distributed import Event, get_worker

    try:
        get_worker()
    except ValueError:  # (not on a worker: the client writing a lost part)
        return False
    return bool(Event(stop_event(options.run)).is_set())


def _write_rows(table: pa.Table, options: Options, part: Part) -> None:
    def write_parquet(f: IO[bytes]) -> None:
        pq.write_table(table, f, compression="zstd")

    def write_jsonl(f: IO[bytes]) -> None:
        for row in table.to_pylist():
            line = json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"
            f.write(line.encode("utf-8"))

    writer = write_parquet if options.fmt == "parquet" else write_jsonl
    output(options.out).write(options.rows_name(part), writer)


def _write_aggregate(total: Aggregate, options: Options, part: Part) -> None:
    text = json.dumps(total.to_dict(), ensure_ascii=False, sort_keys=True)
    output(options.out).write_text(options.aggregate_name(part), text)


def _finished(part: Part, options: Options) -> Aggregate | None:
    """The aggregate of a part a previous run finished, or None."""
    out = output(options.out)
    rows_name, aggregate_name = options.rows_name(part), options.aggregate_name(part)
    if not (out.exists(rows_name) and out.exists(aggregate_name)):
        return None
    try:
        return Aggregate.from_dict(json.loads(out.read_text(aggregate_name)))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def with_record_errors(table: pa.Table, records: Sequence[Record]) -> pa.Table:
    """*table* (a row for each of *records*) with the ``error`` of each record that
    says why it has no URL (a record over the cap)."""
    if all(r.error is None for r in records):
        return table
    index = table.schema.get_field_index("error")
    errors = table.column(index).to_pylist()
    merged = [r.error if r.error is not None else e for r, e in zip(records, errors, strict=True)]
    return table.set_column(index, table.schema.field(index), pa.array(merged, pa.string()))


def scan_part(part: Part, options: Options) -> Aggregate | None:
    """Scan one part: its rows written, its aggregate written and returned; or, when
    both are written already (by this scan before a worker died, or by the one it
    resumes), its aggregate read back; None when the scan was stopped first."""
    if (done := _finished(part, options)) is not None:
        return done
    if _stopped(options):
        return None
    records = read_part(part)
    table = options.row_builder(
        [r.url for r in records],
        part.source,
        lines=[r.line for r in records],
        edition=options.edition,
        readers=options.readers,
    )
    table = with_record_errors(table, records)
    if _stopped(options):
        return None
    return _store(part, table, options)


def _store(part: Part, table: pa.Table, options: Options) -> Aggregate:
    _write_rows(table, options, part)
    total = aggregate(table)
    _write_aggregate(total, options, part)
    return total


def lost_part(part: Part, options: Options, error: str) -> Aggregate:
    """Error rows for every line of *part*, which no worker could finish (their URLs
    when its input can still be read here), and its aggregate naming it."""
    reason = f"not inspected: {error}"
    try:
        records = {r.line: r.url for r in read_part(part)}
        lines = sorted(records)
    except Exception:
        records, lines = {}, list(part_lines(part))
    table = error_rows(part.source, lines, [records.get(n) for n in lines], reason)
    failed = {
        "part": part.index,
        "source": part.source,
        "first_line": part.first_line,
        "count": part.count,
        "error": error,
    }
    total = _store(part, table, options)
    total.failed.append(failed)
    _write_aggregate(total, options, part)
    return total


def write_report(data: dict[str, Any], out: str, markdown_report: bool) -> None:
    """``report.json`` and ``report.html`` (and ``report.md``) written into *out*."""
    folder = output(out)
    folder.write_text("report.json", json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    folder.write_text("report.html", html_report(data))
    if markdown_report:
        folder.write_text("report.md", markdown(data))


WARM_URLS = (
    "https://www.example.com/index.html?q=1#top",
    "http://user:secret@xn--80ak6aa92e.com:8080/%7Euser/",
    "ftp://ftp.example.org/pub/readme;type=a",
)
"""URLs that take a worker through every table judging a URL reads: the Public Suffix
List, the well-known domains, ICU's confusables, the HTTP libraries."""


def warm_worker() -> None:
    """Load, in this process, what judging a URL needs (the imports and the lists of
    :data:`WARM_URLS`' path), so that the first part a worker scans does not pay for it:
    run on every worker as a cluster starts (``client.run(warm_worker)``)."""
    rows(list(WARM_URLS))
