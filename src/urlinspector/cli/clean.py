"""``clean``: URLs without their tracking parameters, by the rules of ClearURLs
(:mod:`urlinspector.core.clean`; the rules ship as package data)."""

from __future__ import annotations

import argparse
import sys

from urlinspector.cli.batch import json_line
from urlinspector.cli.common import (
    EDITION_ARG,
    EXIT_FINDINGS,
    EXIT_OK,
    JSON_ARG,
    Command,
    Console,
    visible,
)
from urlinspector.cli.url_inputs import FILE_ARG, URLS_ARG, input_urls
from urlinspector.core import parse
from urlinspector.core.clean import Cleaned, clean
from urlinspector.data import clearurls

__all__ = ["COMMANDS", "clean_notes", "run_clean"]


def clean_notes(result: Cleaned) -> list[str]:
    """What the clean URL does not say: where a redirect link leads (not followed),
    a provider that is a tracker as a whole."""
    notes = [
        f"{result.url} is a redirect link of {r.provider} (ClearURLs): it leads to "
        f"{r.target}; not followed"
        for r in result.redirections
    ]
    notes += [
        f"{result.url} is served by {name}, a tracker as a whole (ClearURLs blocks it)"
        for name in result.blocked_by
    ]
    return notes


def run_clean(args: argparse.Namespace, console: Console) -> int:
    rules = clearurls()
    status = EXIT_OK
    encoding = getattr(console.stream, "encoding", None) or "utf-8"
    for url in input_urls(args):
        result = clean(parse(url, args.edition), rules)
        if args.json:
            console.write(json_line(result.to_dict(), encoding) + "\n")
        elif result.clean is not None:
            console.write_lines([visible(result.clean)])
        if result.clean is None:
            status = EXIT_FINDINGS
            print(f"urlinspector: error: {visible(url)}: {result.error}", file=sys.stderr)
        for note in clean_notes(result):
            print(f"note: {visible(note)}", file=sys.stderr)
    return status


COMMANDS: tuple[Command, ...] = (
    Command(
        "clean",
        "remove tracking parameters (utm_source, fbclid, ...) by ClearURLs' rules",
        run_clean,
        (URLS_ARG, FILE_ARG, EDITION_ARG, JSON_ARG),
        description="Print each URL as browsers read it, without the query and fragment "
        "parameters the rules of ClearURLs name as tracking (its published "
        "data.min.json, shipped with urlinspector: utm_*, fbclid, gclid, Amazon's ref "
        "and pd_rd_*, ...); every other character is left as written, and cleaning a "
        "clean URL gives it back. A redirect link the rules know (google.com/url?q=...) "
        "is named on stderr with where it leads, never followed; so is a site that is a "
        "tracker as a whole. --json writes one JSON document a line, naming each "
        "parameter removed and the provider rule that removed it.",
        epilog="exit status: 0 cleaned, 1 some URL browsers reject (named on stderr), 2 misuse",
    ),
)
