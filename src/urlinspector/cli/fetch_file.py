"""``fetch file:///...``: a folder as lines (type, size, name, URL), a text file as text,
any regular file to ``-o FILE``.

Only this machine's files (RFC 1738 §3.10: no host, or ``localhost``) and only regular
files and folders are read: a FIFO or a device is refused, since reading it could wait
for ever or never end.

Exit status: 0 read; 1 the file is missing, unreadable, not a regular file, or larger
than the memory cap (use ``-o``); 2 another host's file, or a binary without ``-o``.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from urlinspector.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    Console,
    cannot_write,
    visible,
)
from urlinspector.core import URL
from urlinspector.net.errors import NetError
from urlinspector.net.file import FileResult, LocalEntry
from urlinspector.net.file import fetch as file_fetch
from urlinspector.net.saving import Saving, save_to
from urlinspector.net.sink import MEMORY, Feed, File, Raw, Sink
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.file import FileTarget, file_target

if TYPE_CHECKING:  # (fetch --json only: a fetch for people does without it)
    from urlinspector.cli.fetch_json import Facts

__all__ = ["fetch", "folder_lines", "summarize"]

_SNIFF = 8192


def _error(message: str) -> int:
    sys.stderr.write(f"{PROG}: error: {visible(' '.join(message.split()))}\n")
    sys.stderr.flush()
    return EXIT_FINDINGS


def folder_lines(entries: tuple[LocalEntry, ...]) -> list[str]:
    """A folder as lines: ``d``/``-``/``l``, size, name, URL."""
    lines = []
    for entry in entries:
        mark = "d" if entry.is_dir else ("l" if entry.is_link else "-")
        size = "" if entry.size is None else f"{entry.size:,}"
        lines.append(f"{mark} {size:>14}  {visible(entry.name)}  {entry.url}")
    return lines


def fetch(url: URL, args: argparse.Namespace, console: Console) -> int:
    """The ``fetch`` handler for file URLs."""
    target = file_target(url)  # another host's file: misuse, exit 2
    try:
        if args.output:
            return _save(target, args.output, console)
        result = file_fetch(target, sink=_sink(args, console))
    except (LocalProtocolError, NetError) as exc:
        return _error(str(exc))
    return _output(result, args, console)


def _sink(args: argparse.Namespace, console: Console) -> Sink:
    """``--raw``: the bytes straight to standard output, any size; else memory (shown
    as text when they are text)."""
    if not args.raw:
        return MEMORY
    console.stream.flush()
    sys.stdout.flush()
    return Raw(sys.stdout.buffer)


def _save(target: FileTarget, output: str, console: Console) -> int:
    """A regular file copied to *output* (under a staging name, never through a link:
    :mod:`urlinspector.net.saving`); a folder listed on the console."""
    try:
        with save_to(output) as saving:
            result = file_fetch(target, sink=File(saving.file))
            if result.entries is None:
                saving.commit()
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        return _error(cannot_write(output, exc))
    if result.entries is not None:
        console.write_lines(folder_lines(result.entries))
    return EXIT_OK


def _output(result: FileResult, args: argparse.Namespace, console: Console) -> int:
    if result.entries is not None:
        console.write_lines(folder_lines(result.entries))
        return EXIT_OK
    if args.raw:  # the sink wrote them
        sys.stdout.buffer.flush()
        return EXIT_OK
    data = result.data or b""
    if b"\x00" in data[:_SNIFF]:
        sys.stderr.write(f"{PROG}: error: {result.target.path} holds binary data: use -o FILE\n")
        return EXIT_USAGE
    text = data.decode(args.charset, "replace")
    console.write_lines(
        "\t".join(visible(p) for p in line.split("\t")) for line in text.splitlines()
    )
    return EXIT_OK


def summarize(url: URL, args: argparse.Namespace, facts: Facts, saving: Saving | None) -> bool:
    """``fetch --json`` of a file URL (:mod:`.fetch_json`): a regular file to the -o
    file (else counted and let go); a folder's entries counted, nothing saved."""
    from urlinspector.cli.fetch_json import Counted, FetchFailed, media_type

    target = file_target(url)  # another host's file: misuse, exit 2
    counted = Counted()
    try:
        result = file_fetch(
            target, sink=File(saving.file) if saving is not None else Feed(counted.write)
        )
    except LocalProtocolError as exc:  # missing, unreadable, not a regular file
        raise FetchFailed(str(exc)) from None
    if result.entries is not None:
        facts.kind, facts.entries = "folder", len(result.entries)
        return False
    facts.kind, facts.bytes = "file", result.size
    facts.content_type = media_type(str(target.path))
    return True
