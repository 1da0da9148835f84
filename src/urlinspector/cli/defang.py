"""``defang``: URLs written so that no program makes a link of them
(``hxxps://evil[.]example/x``), for a ticket or a report; ``extract`` re-fangs them
(:mod:`urlinspector.core.defang`)."""

from __future__ import annotations

import argparse
import sys

from urlinspector.cli.batch import json_line
from urlinspector.cli.common import EDITION_ARG, EXIT_OK, JSON_ARG, Command, Console, visible
from urlinspector.cli.url_inputs import FILE_ARG, URLS_ARG, input_urls
from urlinspector.core import parse
from urlinspector.core.defang import Defanged, defang

__all__ = ["COMMANDS", "defang_notes", "run_defang"]


def defang_notes(result: Defanged) -> list[str]:
    """What a reader of the defanged text should know: recipient identifiers dropped,
    a text that does not re-fang to the URL."""
    notes = [
        f"dropped {r.where} of the {r.wrapper} link ({r.holds}"
        + (f": {r.address})" if r.address else ")")
        for r in result.dropped
    ]
    if not result.round_trip:
        back = "nothing" if result.refangs_to is None else result.refangs_to
        notes.append(f"{result.text} re-fangs to {back}, not to {result.url}")
    return notes


def run_defang(args: argparse.Namespace, console: Console) -> int:
    encoding = getattr(console.stream, "encoding", None) or "utf-8"
    for url in input_urls(args):
        result = defang(parse(url, args.edition))
        if args.json:
            console.write(json_line({"input": url, **result.to_dict()}, encoding) + "\n")
        else:
            console.write_lines([visible(result.text)])
        for note in defang_notes(result):
            print(f"note: {visible(note)}", file=sys.stderr)
    return EXIT_OK


COMMANDS: tuple[Command, ...] = (
    Command(
        "defang",
        "write URLs so that nothing makes a link of them (hxxps://evil[.]example)",
        run_defang,
        (URLS_ARG, FILE_ARG, EDITION_ARG, JSON_ARG),
        description="Print each URL defanged, safe to paste into a ticket: the scheme as "
        "hxxp, hxxps, fxp or fxps (CyberChef's and iocextract's forms; another scheme's "
        "':' as '[:]') and every dot of the host as '[.]'. urlinspector extract re-fangs "
        "them to the same URL. A wrapped link (Safe Links, Proofpoint) loses the "
        "parameters that say who received it first; each one dropped, and a URL that "
        "would not re-fang to itself, gets a note on stderr. --json writes one JSON "
        "document a line.",
        epilog="exit status: 0 defanged, 2 misuse",
    ),
)
