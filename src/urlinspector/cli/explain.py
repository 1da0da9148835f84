"""``explain``: a URL read out in plain sentences, each with its citation (for
learners; :mod:`urlinspector.present.explain` writes the sentences)."""

from __future__ import annotations

import argparse

from urlinspector.cli.common import (
    EDITION_ARG,
    EXIT_FINDINGS,
    EXIT_OK,
    JSON_ARG,
    Command,
    Console,
    arg,
    read_input,
    visible,
    width,
    wrap,
)
from urlinspector.core import parse
from urlinspector.present.explain import explain

__all__ = ["COMMANDS", "run_explain"]


def run_explain(args: argparse.Namespace, console: Console) -> int:
    url = parse(read_input(args.url), args.edition)
    sentences = explain(url)
    if args.json:
        console.write_json(
            {
                "input": url.text,
                "edition": url.edition.id,
                "sentences": [s.to_dict() for s in sentences],
            }
        )
    else:
        lines = [f"{visible(url.text)}  (read by {url.edition.label})", ""]
        for sentence in sentences:
            body = wrap(visible(sentence.text), console.columns, 4)
            cite = f"({visible(sentence.citation)})"
            if width(body[-1]) + 1 + width(cite) <= console.columns:
                body[-1] += " " + cite
            else:
                body.append(" " * 4 + cite)
            lines += ["  • " + body[0][4:], *body[1:]]
        if not sentences:
            lines.append("  (nothing to explain: the URL is empty)")
        lines += ["", "Read a cited section with: urlinspector spec 'RFC 1738 §3.4'"]
        console.write_lines(lines)
    return EXIT_OK if url.is_valid else EXIT_FINDINGS


COMMANDS: tuple[Command, ...] = (
    Command(
        "explain",
        "read a URL out in plain sentences, each with the section that says so",
        run_explain,
        (
            arg("url", metavar="URL", help="the URL (or reference); - reads it from stdin"),
            EDITION_ARG,
            JSON_ARG,
        ),
        description="Read a URL out for learners: one sentence per component and per "
        "scheme-specific part (the gopher type, the ftp typecode, the newsgroup ...), "
        "each with its citation; `urlinspector spec CITATION` prints the cited section.",
        epilog="exit status: 0 valid, 1 the URL has errors under the edition, 2 misuse",
    ),
)
