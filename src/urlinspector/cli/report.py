"""``parse --format``: the human report (text), today's JSON document (json), the
shareable report of :mod:`urlinspector.present.report` (markdown, html), the same the
window's File ▸ Save report writes, or the diagram of the URL's anatomy (svg,
:mod:`urlinspector.cli.diagram`)."""

from __future__ import annotations

import argparse

from urlinspector.cli.common import arg
from urlinspector.present.inspection import Inspection
from urlinspector.present.report import FORMATS, render, report_of

__all__ = ["BASE_ARG", "FORMAT_ARG", "SHOW_PASSWORDS_ARG", "output_format", "report_text"]

FORMAT_ARG = arg(
    "--format",
    dest="format",
    choices=("text", *FORMATS, "svg"),
    default=None,
    help="text (the default: the report for people), json (as --json), markdown (a "
    "report for tickets: components, diagnostics, the editions side by side, what the "
    "HTTP libraries read and, with --base, the resolution trace), html (the same as a "
    "web page) or svg (the anatomy of the URL as a diagram for slides: each component "
    "bracketed under the text with its name and span; light, or --theme dark)",
)
BASE_ARG = arg(
    "--base",
    metavar="BASE",
    default=None,
    help="the base URL a relative reference is resolved against: where browsers go "
    "(text, json), and the resolved target and its trace (markdown, html)",
)

SHOW_PASSWORDS_ARG = arg(
    "--show-passwords",
    dest="show_passwords",
    action="store_true",
    help="text, markdown, html: write passwords as they are (by default the report, made "
    "to be shared, masks them as the window does, the password browsers read included; "
    "JSON keeps them)",
)


def output_format(args: argparse.Namespace) -> str:
    """The format asked for (``--json`` is ``--format json``); a ValueError for
    options that do not go together."""
    fmt: str = args.format or ("json" if args.json else "text")
    if args.json and fmt != "json":
        raise ValueError(f"--json and --format {fmt} ask for two formats: give one")
    if args.base is not None and args.jsonl is not None:
        raise ValueError("--base works with one URL, not with --jsonl")
    if args.jsonl is not None and args.format not in (None, "json"):
        raise ValueError("--jsonl writes JSON lines: --format does not apply")
    return fmt


def report_text(inspection: Inspection, args: argparse.Namespace, fmt: str) -> str:
    """The report of *inspection* in *fmt*, markdown or html: passwords masked unless
    ``--show-passwords``."""
    masked = not getattr(args, "show_passwords", False)
    return render(report_of(inspection, mask_passwords=masked), fmt)
