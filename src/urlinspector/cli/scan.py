"""``scan``: a dataset of URLs judged on Dask, one row a URL in Parquet (or JSONL)
parts, and a report of the findings (:mod:`urlinspector.scan` does the work; it needs
the ``scan`` extra)."""

from __future__ import annotations

import argparse
import os
import sys

from urlinspector.cli.common import EDITION_ARG, EXIT_FINDINGS, EXIT_OK, Command, Console, arg
from urlinspector.core.quoting import quoted
from urlinspector.scan.inputs import KINDS, ON_ERROR, PART_SIZE, InputError, Reading
from urlinspector.scan.progress import MODES

__all__ = ["COMMANDS", "run_scan_command"]

_EXTRA = "urlinspector scan needs the scan extra: pip install 'urlinspector[scan]'"


def _count(low: int, high: int) -> argparse._ActionType:
    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(value)} is not a number") from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{number} is not {low:,} to {high:,}")
        return number

    return parse


def _out(value: str) -> str:
    """DIR as the workers reach it: a URL as given, a path made absolute."""
    return value if "://" in value else os.path.abspath(value)


def _check(args: argparse.Namespace) -> None:
    if args.workers is not None and args.scheduler is not None:
        raise ValueError("give either --workers or --scheduler, not both")
    if args.resume and args.overwrite:
        raise ValueError("give either --resume or --overwrite, not both")
    if args.inputs.count("-") > 1:
        raise ValueError("standard input (-) can be given once")


def run_scan_command(args: argparse.Namespace, console: Console) -> int:
    try:
        from urlinspector.scan.driver import (
            Options,
            OutputError,
            OutputInUse,
            ResumeMismatch,
            ScanSettings,
            run_scan,
        )
        from urlinspector.scan.progress import mode_for
    except ImportError as exc:
        raise ValueError(f"{_EXTRA} ({exc})") from None
    _check(args)
    options = Options(
        out=_out(args.out),
        fmt=args.format,
        edition=args.edition,
        readers=not args.no_readers,
        resume=args.resume,
    )
    settings = ScanSettings(
        reading=Reading(args.input_format, args.column, args.part_size, args.on_error),
        overwrite=args.overwrite,
        markdown_report=args.report == "md",
        workers=args.workers,
        scheduler=args.scheduler,
        progress=mode_for(args.progress, sys.stderr),
    )
    try:
        data = run_scan(args.inputs, options, settings, progress=sys.stderr)
    except (InputError, OutputInUse, OutputError, ResumeMismatch) as exc:
        raise ValueError(str(exc)) from None  # (misuse: exit status 2)
    except KeyboardInterrupt:
        sys.stderr.write(
            f"\ninterrupted: the parts finished so far are kept in {args.out}; the same "
            "command with --resume finishes the scan\n"
        )
        raise
    failed = len(data["failed_parts"])
    unreadable = len(data["unreadable_inputs"])
    report = f"{options.out.rstrip('/')}/report.html"
    headline = data["headline"]
    console.write(
        f"{data['urls']:,} URLs: {headline['with_errors']:,} with errors, "
        f"{headline['edition_only']:,} invalid under the edition only (browsers read them), "
        f"{headline['browsers_refuse']:,} refused by browsers; {len(data['codes'])} finding "
        f"codes; {failed} parts not inspected, {unreadable} inputs not read to their end; "
        f"report: {report}\n"
    )
    return EXIT_FINDINGS if failed or unreadable else EXIT_OK


COMMANDS: tuple[Command, ...] = (
    Command(
        "scan",
        "judge a dataset of URLs on Dask: a row a URL (Parquet) and a report of the findings",
        run_scan_command,
        (
            arg(
                "inputs",
                nargs="+",
                metavar="INPUT",
                help="a file, a glob, a folder (its files, recursively, in path order), an "
                "fsspec URL, or - (standard input, text or JSONL): text (one URL a line; "
                ".gz, .bz2, .zst), JSONL, CDXJ, Parquet or WARC/ARC, by its name or "
                "--input-format",
            ),
            arg(
                "--out",
                required=True,
                metavar="DIR",
                help="where the rows and report go: a folder, or an fsspec URL "
                "(s3://bucket/scan with s3fs, gs:// with gcsfs, ...)",
            ),
            arg(
                "--workers",
                type=_count(1, 1024),
                default=None,
                metavar="N",
                help=f"local worker processes, one thread each (default: one a core, "
                f"{os.cpu_count() or 1} here)",
            ),
            arg(
                "--scheduler",
                default=None,
                metavar="tcp://HOST:PORT",
                help="run on this Dask cluster (its workers need urlinspector[scan] installed "
                "and DIR on a file system they reach)",
            ),
            arg("--format", choices=("parquet", "jsonl"), default="parquet", help="of the rows"),
            arg(
                "--resume",
                action="store_true",
                help="keep the parts a previous run finished (refused when its inputs or "
                "settings differ)",
            ),
            arg(
                "--overwrite",
                action="store_true",
                help="remove an earlier scan's parts and report from DIR first",
            ),
            arg(
                "--on-error",
                choices=ON_ERROR,
                default="fail",
                help="an input that cannot be read to its end: stop before scanning (fail, "
                "the default), or scan what could be read and give the fault an error row "
                "(rows) or only name it in the report (skip)",
            ),
            arg("--report", choices=("md",), default=None, help="also write report.md"),
            arg(
                "--progress",
                choices=MODES,
                default="auto",
                help="on stderr: a line redrawn (bar), JSON lines (json), or nothing; auto "
                "(the default): bar on a terminal, else json",
            ),
            arg("--input-format", choices=KINDS, default=None, help="instead of the names'"),
            arg("--column", default="url", metavar="NAME", help="JSONL/CDXJ/Parquet (default url)"),
            arg(
                "--part-size",
                type=_count(1, 10_000_000),
                default=PART_SIZE,
                metavar="LINES",
                help=f"input lines (records) a part, at most (default {PART_SIZE:,})",
            ),
            arg(
                "--no-readers",
                action="store_true",
                help="leave out what the HTTP libraries read (a scan then takes about 70%% "
                "of the time; their findings are missing)",
            ),
            EDITION_ARG,
        ),
        description="Judge every URL of a dataset as `parse --json` does, on Dask: a local "
        "cluster of one single-threaded worker process a core, or an existing cluster "
        "(--scheduler). Rows go to DIR/rows/part-NNNNN.parquet (one row a URL, the columns "
        "of docs/scan.md), the report to DIR/report.json and DIR/report.html.",
        epilog="exit status: 0 every part inspected, 1 some part could not be (named in "
        "the report, its lines given error rows) or some input not read to its end "
        "(--on-error rows or skip), 2 misuse (an unreadable input by default), 130 "
        "interrupted (the finished parts are kept: --resume goes on)",
    ),
)
