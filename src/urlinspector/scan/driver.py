"""The Dask driver of ``urlinspector scan``: parts to workers, rows to files, the
aggregates up a tree, the report out.

Each part of the input (:func:`~.inputs.plan_files`) is one task,
:func:`~.tasks.scan_part`, which writes the part's rows and aggregate into ``DIR``
(any file system fsspec knows: :mod:`.output`) and hands back only the aggregate.  The
rows never reach the client.  The aggregates are merged in groups of :data:`FAN_IN` on
the workers, level by level, the client fetches the root alone, and a worker writes
the report.

A worker that dies costs the tasks it held: Dask runs them again elsewhere, and since a
part's rows depend on nothing but its input, the files are the same bytes.  A part
whose task fails on every try (an exception :data:`RETRIES` times, or workers dying
under it as often as ``distributed.scheduler.allowed-failures`` allows) gets error rows
for its lines, written here, and is named in the report.

A part whose rows and aggregate are both in ``DIR`` already is not scanned again, its
aggregate read back instead: so a worker's death costs the parts it was running, not
the finished ones whose aggregates died with it, and a rerun with ``resume`` finishes
an earlier scan, once ``DIR/_scan.json`` (:mod:`.manifest`) shows that it had the same
inputs and settings.  Every file in ``DIR`` is this scan's or the one it resumes: a
scan into a ``DIR`` that holds an earlier scan's parts stops before it starts
(:class:`OutputInUse`) unless it resumes or overwrites them.

Interrupted (Ctrl-C), the driver sets the run's stop event, so that no part not yet
begun starts and no part scanned is written, waits for the parts being written, and
only then lets the interruption go on: nothing writes into ``DIR`` after the command's
exit message, on a cluster of one's own as on the local one.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import IO, Any, BinaryIO, TextIO

import dask
from dask.distributed import Client, Future, LocalCluster, as_completed

from urlinspector.scan.inputs import Part, Plan, Reading, plan_files
from urlinspector.scan.manifest import MANIFEST, ResumeMismatch, differences, manifest, parse
from urlinspector.scan.output import Output, OutputError
from urlinspector.scan.progress import Progress
from urlinspector.scan.report import Aggregate, merge, report
from urlinspector.scan.sources import STDIN, InputFile, expand
from urlinspector.scan.tasks import (
    AGGREGATES,
    FORMATS,
    ROWS,
    WARM_URLS,
    Options,
    lost_part,
    scan_part,
    stop_event,
    warm_worker,
    write_report,
)

__all__ = [
    "FAN_IN",
    "FORMATS",
    "LOCAL_CONFIG",
    "RETRIES",
    "WARM_URLS",
    "Options",
    "OutputError",
    "OutputInUse",
    "Progress",
    "ResumeMismatch",
    "ScanSettings",
    "local_client",
    "run_scan",
    "scan_part",
    "warm_worker",
]

FAN_IN = 8
"""Aggregates merged by one task of the tree."""
RETRIES = 2
"""Times a part whose task raised is tried again before its lines get error rows."""


@dataclass(frozen=True, slots=True)
class ScanSettings:
    """How a scan runs on the client's side (what :class:`~.tasks.Options` leaves to
    it): how its inputs are read, what it does with an earlier scan in ``DIR``, which
    reports, which cluster, how progress is shown."""

    reading: Reading = field(default_factory=Reading)
    overwrite: bool = False
    """Remove an earlier scan's parts and report from ``DIR`` first."""
    markdown_report: bool = False
    workers: int | None = None
    """Processes of the local cluster (default one a core)."""
    scheduler: str | None = None
    """The address of a cluster to run on instead of a local one."""
    progress: str = "bar"
    """``bar``, ``json`` or ``none`` (:mod:`.progress`)."""
    stdin: BinaryIO | None = None
    """What ``-`` among the inputs reads (standard input)."""


# --- the client ----------------------------------------------------------------------------


def _failure(future: Future[Aggregate]) -> str:
    exc = future.exception()
    return f"{type(exc).__name__}: {exc}"


def _stop(client: Client, futures: dict[Future[Any], Part], run: str, meter: Progress) -> None:
    """Stop the run: no part starts or is written after the stop event is set, and the
    parts being scanned are waited for (a second Ctrl-C leaves them)."""
    from dask.distributed import Event, wait

    Event(stop_event(run), client=client).set()
    ours = {future.key for future in futures}
    running = sum(1 for keys in client.processing().values() for key in keys if key in ours)
    meter.stopping(running)
    wait([future for future in futures if not future.done()])


def _leaves(
    client: Client, parts: Sequence[Part], options: Options, progress: Progress
) -> list[Future[Aggregate] | Aggregate]:
    """Each part's aggregate, as a future on the workers, or here for a part lost."""
    futures = {
        client.submit(
            scan_part, part, options, key=f"scan-part-{part.index}-{options.run}", retries=RETRIES
        ): part
        for part in parts
    }
    leaves: list[Future[Aggregate] | Aggregate] = [Aggregate()] * len(parts)
    try:
        for future in as_completed(futures):
            part = futures[future]
            if future.status == "finished":
                leaves[part.index] = future
            else:
                leaves[part.index] = lost_part(part, options, _failure(future))
            progress.update(part.count)
    except KeyboardInterrupt:
        _stop(client, futures, options.run, progress)
        raise
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
of one's own is configured by its ``dask worker`` command: docs/scan.md)."""


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
def _client(settings: ScanSettings) -> Iterator[Client]:
    """A client of the cluster at ``settings.scheduler``, or of a local one."""
    if settings.scheduler is not None:
        with Client(settings.scheduler) as client:
            yield client
        return
    with local_client(settings.workers) as client:
        yield client


def dashboard(client: Client) -> str | None:
    """The address of the cluster's dashboard, when its scheduler serves one (it
    needs bokeh)."""
    try:
        services = client.scheduler_info().get("services", {})
    except Exception:
        return None
    link = client.dashboard_link if "dashboard" in services else None
    return str(link) if link else None


# --- the output folder -----------------------------------------------------------------------


class OutputInUse(Exception):
    """The output folder holds an earlier scan's parts, and this scan neither resumes
    nor overwrites them."""


_EARLIER = (
    f"{ROWS}/part-*",
    f"{AGGREGATES}/part-*",
    "report.json",
    "report.html",
    "report.md",
    MANIFEST,
    "_inputs/stdin-*",
)
"""What a scan writes into its folder (relative globs): an earlier scan's, if there."""


def _earlier(out: Output, options: Options, overwrite: bool) -> list[str]:
    """An earlier scan's files in the output folder for this scan to remove
    (*overwrite*); none when it resumes them or there are none.  Raises
    :class:`OutputInUse` when there are some and it does neither."""
    if options.resume:
        return []
    found = [name for pattern in _EARLIER for name in out.glob(pattern)]
    if found and not overwrite:
        raise OutputInUse(
            f"{out.url} holds an earlier scan ({len(found):,} files): resume it "
            "(--resume), replace it (--overwrite) or choose another --out"
        )
    return found


def _spool(stream: BinaryIO, out: Output, run: str) -> InputFile:
    """Standard input copied into ``DIR/_inputs`` (where the workers read it), a block
    at a time; named ``-``, its version its SHA-256."""
    digest = hashlib.sha256()
    size = 0
    name = f"_inputs/stdin-{run}"

    def copy(f: IO[bytes]) -> None:
        nonlocal size
        while block := stream.read(1 << 20):
            digest.update(block)
            size += len(block)
            f.write(block)

    out.makedirs("_inputs")
    out.write(name, copy)
    return InputFile(STDIN, out.shown(name), size, f"sha256:{digest.hexdigest()}")


def _settings_manifest(
    files: Sequence[InputFile], options: Options, reading: Reading
) -> dict[str, Any]:
    return manifest(
        files,
        {
            "part_size": reading.part_size,
            "kind": reading.kind,
            "column": reading.column,
            "on_error": reading.on_error,
            "edition": options.edition,
            "readers": options.readers,
            "format": options.fmt,
        },
    )


def _check_resume(out: Output, new: dict[str, Any]) -> None:
    """Raise :class:`~.manifest.ResumeMismatch` when the scan in *out* had other inputs
    or settings than *new* says (or left no manifest to tell)."""
    if not out.exists(MANIFEST):
        if out.glob(f"{ROWS}/part-*"):
            raise ResumeMismatch(
                f"{out.url} holds parts but no {MANIFEST} telling their inputs and "
                "settings: --resume cannot check them (--overwrite starts again)"
            )
        return
    found = differences(parse(out.read_text(MANIFEST)), new)
    if found:
        raise ResumeMismatch(
            f"{out.url} holds a scan of other inputs or settings, which --resume would "
            "mix with this one's: " + "; ".join(found)
        )


def _inputs(
    inputs: Sequence[str], out: Output, options: Options, settings: ScanSettings
) -> tuple[Plan, dict[str, Any]]:
    """The plan of *inputs* and its manifest (checked against the one it resumes)."""
    stdin = None
    if STDIN in inputs:
        stdin = _spool(settings.stdin or sys.stdin.buffer, out, options.run)
    try:
        files = expand(inputs, stdin)
        planned = plan_files(files, settings.reading)
        written = _settings_manifest(files, options, settings.reading)
        if options.resume:
            _check_resume(out, written)
    except BaseException:
        if stdin is not None:
            out.remove([f"_inputs/stdin-{options.run}"])
        raise
    return planned, written


def _prepare(out: Output, options: Options, remove: Sequence[str], written: dict[str, Any]) -> None:
    """The output folders made, *remove* removed (an earlier scan's files), the
    temporaries of dead workers and an earlier copy of standard input, and this
    scan's manifest written."""
    mine = f"_inputs/stdin-{options.run}"
    out.remove([n for n in [*remove, *out.glob("_inputs/stdin-*")] if n != mine])
    out.makedirs(ROWS, AGGREGATES)
    out.remove_temporaries(ROWS, AGGREGATES)
    out.write_text(MANIFEST, json.dumps(written, ensure_ascii=False, indent=1) + "\n")


def run_scan(
    inputs: Sequence[str],
    options: Options,
    settings: ScanSettings | None = None,
    *,
    client: Client | None = None,
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Scan every file *inputs* name into ``options.out``; the report (also written as
    ``report.json`` and ``report.html`` there, and ``report.md`` with
    ``settings.markdown_report``).  Runs on *client* when given, else on the cluster
    ``settings`` names or a local one.  An earlier scan's files in ``options.out`` are
    resumed (``options.resume``, when its manifest matches), removed
    (``settings.overwrite``) or refused (:class:`OutputInUse`), before anything is
    read or started.  Progress goes to *progress* as ``settings.progress`` says."""
    settings = settings or ScanSettings()
    options = replace(options, run=options.run or uuid.uuid4().hex)
    out = Output(options.out)
    earlier = _earlier(out, options, settings.overwrite)
    planned, written = _inputs(inputs, out, options, settings)
    _prepare(out, options, earlier, written)
    parts = planned.parts
    meter = Progress(progress, sum(p.count for p in parts), settings.progress, parts=len(parts))
    if client is not None:
        total = _run(client, parts, options, meter)
    else:
        with _client(settings) as own:
            total = _run(own, parts, options, meter)
            return _finish(own, total, planned, options, settings, meter)
    return _finish(client, total, planned, options, settings, meter)


def _run(client: Client, parts: Sequence[Part], options: Options, meter: Progress) -> Aggregate:
    meter.start(dashboard(client))
    return _tree(client, _leaves(client, parts, options, meter))


def _finish(
    client: Client,
    total: Aggregate,
    planned: Plan,
    options: Options,
    settings: ScanSettings,
    meter: Progress,
) -> dict[str, Any]:
    meter.update(0, final=True)
    Output(options.out).remove_temporaries(ROWS, AGGREGATES)
    data = report(total, len(planned.parts), planned.unreadable, options.edition)
    client.submit(write_report, data, options.out, settings.markdown_report, pure=False).result()
    return data
