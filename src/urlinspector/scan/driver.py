"""The Dask driver of ``urlinspector scan``: parts to workers, rows to files, the
aggregates up a tree, the report out.

Each part of the input (:func:`~.inputs.plan`) is one task, :func:`scan_part`: it reads
its records, builds their rows, writes them under a temporary name and renames it to
``DIR/rows/part-NNNNN.parquet`` (or ``.jsonl``), writes its aggregate beside it in
``DIR/_aggregates/``, and hands back only the aggregate.  The rows never reach the
client.  The aggregates are merged in groups of :data:`FAN_IN` on the workers, level by
level, and the client fetches the root alone.

A worker that dies costs the tasks it held: Dask runs them again elsewhere, and since a
part's rows depend on nothing but its input, the files are the same bytes.  A part
whose task fails on every try (an exception :data:`RETRIES` times, or workers dying
under it as often as ``distributed.scheduler.allowed-failures`` allows) gets error rows
for its lines, written here, and is named in the report.

A part whose rows and aggregate are both in ``DIR`` already is not scanned again, its
aggregate read back instead: so a worker's death costs the parts it was running, not
the finished ones whose aggregates died with it (Dask runs their tasks again), and a
rerun with ``resume`` finishes an earlier scan.  Every file in ``DIR`` is this scan's
or the one it resumes: a scan into a ``DIR`` that holds an earlier scan's parts stops
before it starts (:class:`OutputInUse`) unless it resumes or overwrites them.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import dask
import pyarrow as pa
import pyarrow.parquet as pq
from dask.distributed import Client, Future, LocalCluster, as_completed

from urlinspector.core.editions import EDITION_IDS
from urlinspector.scan.columns import error_rows, rows
from urlinspector.scan.inputs import PART_SIZE, Part, part_lines, plan, read_part
from urlinspector.scan.report import Aggregate, aggregate, html_report, markdown, merge, report

__all__ = [
    "FAN_IN",
    "FORMATS",
    "LOCAL_CONFIG",
    "RETRIES",
    "WARM_URLS",
    "Options",
    "OutputInUse",
    "local_client",
    "run_scan",
    "scan_part",
    "warm_worker",
]

FAN_IN = 8
"""Aggregates merged by one task of the tree."""
RETRIES = 2
"""Times a part whose task raised is tried again before its lines get error rows."""
FORMATS = {"parquet": ".parquet", "jsonl": ".jsonl"}

RowBuilder = Callable[..., pa.Table]


@dataclass(frozen=True, slots=True)
class Options:
    """How each part is scanned and where its rows go (sent to the workers)."""

    out: str
    fmt: str = "parquet"
    edition: str = EDITION_IDS[0]
    readers: bool = True
    resume: bool = False
    row_builder: RowBuilder = rows
    """The per-partition function, :func:`~.columns.rows` or one with its signature."""

    @property
    def rows_dir(self) -> Path:
        return Path(self.out) / "rows"

    @property
    def aggregates_dir(self) -> Path:
        return Path(self.out) / "_aggregates"

    def rows_path(self, part: Part) -> Path:
        return self.rows_dir / (part.name + FORMATS[self.fmt])

    def aggregate_path(self, part: Part) -> Path:
        return self.aggregates_dir / (part.name + ".json")


# --- one part, on a worker -----------------------------------------------------------------


def _atomic_write(path: Path, write: Callable[[Path], None]) -> None:
    """Write *path* through a hidden temporary name in its folder, renamed when done,
    so that a reader (or a rerun with resume) never sees half a file."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex}.tmp")
    try:
        write(temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _write_rows(table: pa.Table, path: Path, fmt: str) -> None:
    if fmt == "parquet":
        _atomic_write(path, lambda p: pq.write_table(table, p, compression="zstd"))
        return

    def write_jsonl(p: Path) -> None:
        with p.open("w", encoding="utf-8") as f:
            for row in table.to_pylist():
                f.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")

    _atomic_write(path, write_jsonl)


def _write_aggregate(total: Aggregate, path: Path) -> None:
    text = json.dumps(total.to_dict(), ensure_ascii=False, sort_keys=True)
    _atomic_write(path, lambda p: _write_text(p, text))


def _finished(part: Part, options: Options) -> Aggregate | None:
    """The aggregate of a part a previous run finished, or None."""
    rows_path, aggregate_path = options.rows_path(part), options.aggregate_path(part)
    if not (rows_path.exists() and aggregate_path.exists()):
        return None
    try:
        return Aggregate.from_dict(json.loads(aggregate_path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def scan_part(part: Part, options: Options) -> Aggregate:
    """Scan one part: its rows written, its aggregate written and returned; or, when
    both are written already (by this scan before a worker died, or by the one it
    resumes), its aggregate read back."""
    if (done := _finished(part, options)) is not None:
        return done
    records = read_part(part)
    table = options.row_builder(
        [r.url for r in records],
        part.source,
        lines=[r.line for r in records],
        edition=options.edition,
        readers=options.readers,
    )
    return _store(part, table, options)


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


def _store(part: Part, table: pa.Table, options: Options) -> Aggregate:
    _write_rows(table, options.rows_path(part), options.fmt)
    total = aggregate(table)
    _write_aggregate(total, options.aggregate_path(part))
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
    _write_aggregate(total, options.aggregate_path(part))
    return total


# --- the client ----------------------------------------------------------------------------


class Progress:
    """Input lines (records) done, the rate and the time left, on one line of *stream*
    (a terminal)."""

    def __init__(self, stream: TextIO | None, total: int) -> None:
        self.stream = stream
        self.total = total
        self.done = 0
        self.started = time.monotonic()

    def update(self, count: int, *, final: bool = False) -> None:
        self.done += count
        if self.stream is None:
            return
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate else 0.0
        share = 100 * self.done / self.total if self.total else 100.0
        text = f"{self.done:,} of {self.total:,} lines ({share:.0f}%), {rate:,.0f} a second"
        text += "" if final else f", {_duration(left)} left"
        self.stream.write("\r" + text + ("\n" if final else "\x1b[K"))
        self.stream.flush()


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"


def _failure(future: Future[Aggregate]) -> str:
    exc = future.exception()
    return f"{type(exc).__name__}: {exc}"


def _leaves(
    client: Client, parts: Sequence[Part], options: Options, progress: Progress
) -> list[Future[Aggregate] | Aggregate]:
    """Each part's aggregate, as a future on the workers, or here for a part lost."""
    run = uuid.uuid4().hex
    futures = {
        client.submit(
            scan_part, part, options, key=f"scan-part-{part.index}-{run}", retries=RETRIES
        ): part
        for part in parts
    }
    leaves: list[Future[Aggregate] | Aggregate] = [Aggregate()] * len(parts)
    for future in as_completed(futures):
        part = futures[future]
        if future.status == "finished":
            leaves[part.index] = future
        else:
            leaves[part.index] = lost_part(part, options, _failure(future))
        progress.update(part.count)
    return leaves


def _tree(client: Client, leaves: list[Future[Aggregate] | Aggregate]) -> Aggregate:
    """The merge of *leaves*, :data:`FAN_IN` at a time up a tree on the workers."""
    level = leaves or [Aggregate()]
    while len(level) > 1:
        level = [
            client.submit(merge, *level[i : i + FAN_IN], pure=False)
            for i in range(0, len(level), FAN_IN)
        ]
    root = level[0]
    result: Aggregate = root.result() if isinstance(root, Future) else root
    return result


LOCAL_CONFIG = {
    # one task at a time a worker: a worker that dies is held against the part it was
    # running, not against one queued behind it as well
    "distributed.scheduler.worker-saturation": 1.0,
    # no sampling of the worker's stacks for the dashboard's profile (every 10 ms by
    # default): it takes the interpreter's lock from the one thread judging URLs, and
    # costs a scan about 7% of its rate
    "distributed.worker.profile.enabled": False,
}
"""The Dask configuration of the local cluster :func:`local_client` starts (a cluster
of one's own is configured by its ``dask-worker`` command: docs/scan.md)."""


@contextmanager
def local_client(
    workers: int | None = None, *, dashboard: str | None = "127.0.0.1:0"
) -> Iterator[Client]:
    """A client of a new local cluster of *workers* processes (default one a core) of
    one thread each, configured by :data:`LOCAL_CONFIG`, listening on the loopback
    interface only, its dashboard at *dashboard* (default: a free port of the loopback
    interface; None: no dashboard)."""
    with (
        dask.config.set(LOCAL_CONFIG),
        LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=dashboard,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@contextmanager
def _client(workers: int | None, scheduler: str | None) -> Iterator[Client]:
    """A client of the cluster at *scheduler*, or of a local one (:func:`local_client`)."""
    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    with local_client(workers) as client:
        yield client


class OutputInUse(Exception):
    """The output folder holds an earlier scan's parts, and this scan neither resumes
    nor overwrites them."""


_EARLIER = ("rows/part-*", "_aggregates/part-*", "report.json", "report.html", "report.md")
"""What a scan writes into its folder (relative globs): an earlier scan's, if there."""


def _earlier(options: Options, overwrite: bool) -> list[Path]:
    """An earlier scan's files in the output folder for this scan to remove
    (*overwrite*); none when it resumes them or there are none.  Raises
    :class:`OutputInUse` when there are some and it does neither."""
    if options.resume:
        return []
    out = Path(options.out)
    found = [path for pattern in _EARLIER for path in out.glob(pattern)]
    if found and not overwrite:
        raise OutputInUse(
            f"{out} holds an earlier scan ({len(found):,} files): resume it "
            "(--resume), replace it (--overwrite) or choose another --out"
        )
    return found


def _prepare(options: Options, remove: Sequence[Path]) -> None:
    """The output folders made, *remove* removed (an earlier scan's files), and the
    temporaries of dead workers."""
    for path in remove:
        path.unlink(missing_ok=True)
    for folder in (options.rows_dir, options.aggregates_dir):
        folder.mkdir(parents=True, exist_ok=True)
    _remove_temporaries(options)


def _remove_temporaries(options: Options) -> None:
    """The temporary files of parts whose worker died while writing them (a killed
    process runs no cleanup): before a scan, and after its parts are all written."""
    for folder in (options.rows_dir, options.aggregates_dir):
        for stale in folder.glob(".*.tmp"):
            stale.unlink(missing_ok=True)


def run_scan(
    inputs: Sequence[str],
    options: Options,
    *,
    client: Client | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    kind: str | None = None,
    column: str = "url",
    part_size: int = PART_SIZE,
    markdown_report: bool = False,
    progress: TextIO | None = None,
    overwrite: bool = False,
) -> dict[str, Any]:
    """Scan every file *inputs* name into ``options.out``; the report (also written as
    ``report.json`` and ``report.html`` there, and ``report.md`` with
    *markdown_report*).  Runs on *client* when given, else on the cluster at
    *scheduler*, else on a local cluster of *workers* processes.  An earlier scan's
    files in ``options.out`` are resumed (``options.resume``), removed (*overwrite*) or
    refused (:class:`OutputInUse`, before anything is read or started)."""
    earlier = _earlier(options, overwrite)
    parts = plan(inputs, kind=kind, column=column, size=part_size)
    _prepare(options, earlier)
    meter = Progress(progress, sum(p.count for p in parts))
    if client is not None:
        total = _tree(client, _leaves(client, parts, options, meter))
    else:
        with _client(workers, scheduler) as own:
            if progress is not None and own.dashboard_link:
                progress.write(f"dashboard: {own.dashboard_link}\n")
            total = _tree(own, _leaves(own, parts, options, meter))
    meter.update(0, final=True)
    _remove_temporaries(options)
    data = report(total, len(parts))
    out = Path(options.out)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    _atomic_write(out / "report.json", lambda p: _write_text(p, text))
    page = html_report(data)
    _atomic_write(out / "report.html", lambda p: _write_text(p, page))
    if markdown_report:
        md = markdown(data)
        _atomic_write(out / "report.md", lambda p: _write_text(p, md))
    return data


def terminal(stream: TextIO = sys.stderr) -> TextIO | None:
    """*stream* when it is a terminal (where progress is shown), else None."""
    return stream if stream.isatty() else None
