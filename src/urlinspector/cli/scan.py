"""``scan``: a dataset of URLs judged on Dask, one row a URL in Parquet (or JSONL)
parts, and a report of the findings (:mod:`urlinspector.scan` does the work; it needs
the ``scan`` extra)."""

from __future__ import annotations

import argparse
import os
import sys

from urlinspector.cli.common import EDITION_ARG, EXIT_FINDINGS, EXIT_OK, Command, Console, arg
from urlinspector.core.quoting import quoted
from urlinspector.scan.inputs import KINDS, PART_SIZE, InputError

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


def run_scan_command(args: argparse.Namespace, console: Console) -> int:
    try:
        from urlinspector.scan.driver import Options, OutputInUse, run_scan, terminal
    except ImportError as exc:
        raise ValueError(f"{_EXTRA} ({exc})") from None
    if args.workers is not None and args.scheduler is not None:
        raise ValueError("give either --workers or --scheduler, not both")
    if args.resume and args.overwrite:
        raise ValueError("give either --resume or --overwrite, not both")
    options = Options(
        out=os.path.abspath(args.out),
        fmt=args.format,
        edition=args.edition,
        readers=not args.no_readers,
        resume=args.resume,
    )
    try:
        data = run_scan(
            args.inputs,
            options,
            workers=args.workers,
            scheduler=args.scheduler,
            kind=args.input_format,
            column=args.column,
            part_size=args.part_size,
            markdown_report=args.report == "md",
            progress=terminal(sys.stderr),
            overwrite=args.overwrite,
        )
    except (InputError, OutputInUse) as exc:
        raise ValueError(str(exc)) from None  # (misuse: exit status 2)
    except KeyboardInterrupt:
        sys.stderr.write(
            f"\ninterrupted: the parts finished so far are kept in {args.out}; the same "
            "command with --resume finishes the scan\n"
        )
        raise
    failed = len(data["failed_parts"])
    console.write(
        f"{data['urls']:,} URLs, {data['invalid']:,} invalid, {len(data['codes'])} finding "
        f"codes; {failed} parts not inspected; report: {os.path.join(args.out, 'report.html')}\n"
    )
    return EXIT_FINDINGS if failed else EXIT_OK


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
                help="a file, a glob or an fsspec URL: text (one URL a line; .gz, .bz2, .zst), "
                "JSONL, CDXJ, Parquet or WARC/ARC, by its name or --input-format",
            ),
            arg("--out", required=True, metavar="DIR", help="where the rows and report go"),
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
                "and DIR on a shared file system)",
            ),
            arg("--format", choices=("parquet", "jsonl"), default="parquet", help="of the rows"),
            arg("--resume", action="store_true", help="keep the parts a previous run finished"),
            arg(
                "--overwrite",
                action="store_true",
                help="remove an earlier scan's parts and report from DIR first",
            ),
            arg("--report", choices=("md",), default=None, help="also write report.md"),
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
        "the report, its lines given error rows), 2 misuse, 130 interrupted (the finished "
        "parts are kept: --resume goes on)",
    ),
)
