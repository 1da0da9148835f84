"""The URLs of ``guard``, ``defang`` and ``clean``: given as arguments, or one a line
from standard input (``-``, or no argument) or from ``-f FILE``; and their output,
one line (or, with ``--json``, one JSON document) a URL, in the input's order."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import BinaryIO

from urlinspector.cli.common import MAX_INPUT, arg
from urlinspector.core.quoting import quoted

__all__ = ["FILE_ARG", "URLS_ARG", "input_urls"]

URLS_ARG = arg(
    "urls",
    nargs="*",
    metavar="URL",
    help="the URLs; - (or none, without -f) reads one URL a line from standard input",
)
FILE_ARG = arg(
    "-f",
    "--file",
    metavar="FILE",
    help="read one URL a line from FILE (- for standard input); empty lines are skipped",
)


def _lines(stream: BinaryIO, where: str) -> Iterator[str]:
    """The non-empty lines of *stream*, without their line ends; a line longer than
    :data:`MAX_INPUT` is misuse (ValueError), found before it is kept whole."""
    encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
    number = 0
    while raw := stream.readline(MAX_INPUT + 3):
        number += 1
        line = raw.rstrip(b"\r\n")
        if len(line) > MAX_INPUT:
            raise ValueError(f"line {number} of {where} holds more than {MAX_INPUT:,} bytes")
        if line:
            yield line.decode(encoding, "surrogateescape")


def _from(source: str) -> Iterator[str]:
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # (a text stream put in its place)
            yield from (line.rstrip("\r\n") for line in sys.stdin if line.rstrip("\r\n"))
            return
        yield from _lines(stream, "standard input")
        return
    try:
        file = open(source, "rb")  # noqa: SIM115 - closed below, after the last line
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ValueError(f"cannot read {quoted(source)}: {reason}") from None
    with file:
        yield from _lines(file, quoted(source))


def _interactive() -> bool:
    try:
        return bool(sys.stdin.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def input_urls(args: argparse.Namespace) -> Iterator[str]:
    """The URLs of the command line, in order: each argument (``-``: the lines of
    standard input), then the lines of ``-f FILE``; standard input when there are
    neither (but not from a terminal: that is a missing argument)."""
    urls: list[str] = args.urls
    source: str | None = args.file
    if not urls and source is None:
        if _interactive():
            raise ValueError("a URL is needed (or -f FILE, or URLs one a line on standard input)")
        urls = ["-"]
    for url in urls:
        if url == "-":
            yield from _from("-")
        else:
            yield url
    if source is not None:
        yield from _from(source)
