"""``guard``: do browsers and every installed library agree on a URL's scheme, host and
port?  The allow-list check of :mod:`urlinspector.readers.guard`, one line a URL."""

from __future__ import annotations

import argparse
import sys

from urlinspector.cli.batch import json_line
from urlinspector.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    JSON_ARG,
    Command,
    Console,
    visible,
)
from urlinspector.cli.url_inputs import FILE_ARG, URLS_ARG, input_urls
from urlinspector.readers.guard import Guarded, Placement, guard

__all__ = ["COMMANDS", "disagreement", "run_guard"]


def _names(group: tuple[Placement, ...]) -> str:
    labels = [p.label for p in group]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


def disagreement(answer: Guarded) -> str:
    """The one line for a URL they do not agree on: ``disagree: URL: browsers and
    urllib3 go to https://evil.com:443; httpx and curl go to https://good.com:443``."""
    parts = []
    for where, group in answer.groups():
        verb = "goes to" if len(group) == 1 else "go to"
        if where.startswith("refuses it"):
            verb = "refuses it" if len(group) == 1 else "refuse it"
            reasons = "; ".join(dict.fromkeys(p.refused or "" for p in group))
            parts.append(f"{_names(group)} {verb} ({reasons})")
        else:
            parts.append(f"{_names(group)} {verb} {where}")
    head = f"disagree: {answer.url}"
    if answer.reason is not None and answer.reason != "the readers part ways":
        head += f" ({answer.reason})"
    return f"{head}: {'; '.join(parts)}"


def run_guard(args: argparse.Namespace, console: Console) -> int:
    status = EXIT_OK
    noted: set[str] = set()
    encoding = getattr(console.stream, "encoding", None) or "utf-8"
    for url in input_urls(args):
        answer = guard(url)
        if not answer.agreed:
            status = EXIT_FINDINGS
        if args.json:
            console.write(json_line(answer.to_dict(), encoding) + "\n")
        elif answer.agreed and answer.origin is not None:
            console.write_lines([visible(answer.origin)])
        else:
            console.write_lines([visible(disagreement(answer))])
        for why in answer.left_out:
            if "not installed" in why and why not in noted:
                noted.add(why)
                print(f"note: not asked: {visible(why)}", file=sys.stderr)
    return status


COMMANDS: tuple[Command, ...] = (
    Command(
        "guard",
        "do browsers and every installed library agree on scheme, host and port?",
        run_guard,
        (URLS_ARG, FILE_ARG, JSON_ARG),
        description="For each URL, ask browsers (the WHATWG URL Standard, by ada-url) and "
        "every installed library a server might hand it to (Python's urllib.parse and "
        "urllib.request, urllib3, requests, httpx, curl's URL API; each through its own "
        "parser, in process: nothing connects) where it leads, and print the agreed "
        "scheme://host:port, or a line starting 'disagree:' that names who goes where. A "
        "library that rejects the URL disagrees; so does a URL whose host browsers do "
        "not contact over the network (javascript:, file:, mailto:). A library that is "
        "not installed, or does not connect for the scheme, is left out. The same answer "
        "for a program: urlinspector.readers.guard.guard(url). --json writes one JSON "
        "document a line.",
        epilog="exit status: 0 every URL agreed on, 1 some URL not agreed on, 2 misuse",
    ),
)
