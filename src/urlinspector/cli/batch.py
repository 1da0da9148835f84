"""Batch mode: one input a line in, one JSON document a line out (JSON Lines).

``parse``, ``normalize``, ``resolve`` and ``extract`` take ``--jsonl [FILE]``: each line
of FILE (or of standard input) is one URL, reference or text; each result is written
as it comes, on one line, in the order of the input, with the line number it came
from.  ``--jobs N`` spreads the lines over N worker processes; the input is read and
handed out in chunks bounded in lines and in bytes, a few at a time, so memory stays
bounded whatever the input's size and its lines' length; a worker that dies loses
nothing (:mod:`.batch_pool`).  On a terminal a progress line on stderr counts the
lines done.

What one line becomes is a :class:`LineJob`: a small picklable object of the command's
own (``ParseLine`` in :mod:`.inspect`, ...) that turns a line's text into a JSON-ready
document, or None to leave the line out (``parse --select``).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import time
import urllib.parse
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import BinaryIO, NamedTuple, Protocol, TextIO, get_args

from urlinspector.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    MAX_INPUT,
    Console,
    arg,
    writes_utf8,
)
from urlinspector.core.memo import LONGEST
from urlinspector.core.model import Category
from urlinspector.core.quoting import quoted

__all__ = [
    "CHUNK_BYTES",
    "CHUNK_LINES",
    "JOBS_ARG",
    "JSONL_ARG",
    "MAX_LINE",
    "LineJob",
    "Selection",
    "json_line",
    "run_batch",
    "selection_type",
]

CHUNK_LINES = 1000
"""Lines handed to a worker at a time, at most."""
CHUNK_BYTES = 256 << 10
"""Bytes of input handed to a worker at a time, about: a chunk ends at the line that
reaches them, so a chunk of long lines is a few lines, and its output (some 30 times
its input: each document has the readers and the checks) stays small."""
CHUNKS_IN_FLIGHT = 4
"""Chunks per worker read ahead of the output (enough to keep every worker busy),
and no more than this many times :data:`CHUNK_BYTES` of input per worker."""
MAX_LINE = MAX_INPUT
"""Bytes: a longer line is not read (a URL list with no line ends, a binary file); its
document says so and the lines after it go on."""
PROGRESS_EVERY = 0.2
"""Seconds between two updates of the progress line."""


class LineJob(Protocol):
    """What one line of input becomes."""

    def __call__(self, text: str) -> tuple[dict[str, object] | None, bool]:
        """The JSON-ready document for *text* (None: leave the line out), and whether
        it has findings (an error diagnostic, nothing found, ...: exit status 1)."""
        ...


# --- options ---------------------------------------------------------------------------------

JSONL_ARG = arg(
    "--jsonl",
    nargs="?",
    const="-",
    default=None,
    metavar="FILE",
    help="batch mode: one input a line from FILE (- or nothing: standard input), one JSON "
    "document a line out, in input order, each with its line number",
)


def _jobs_type(value: str) -> int:
    try:
        jobs = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(value)} is not a number") from None
    if not 1 <= jobs <= 256:
        raise argparse.ArgumentTypeError(f"{jobs} is not 1 to 256")
    return jobs


JOBS_ARG = arg(
    "--jobs",
    type=_jobs_type,
    default=1,
    metavar="N",
    help=f"with --jsonl: worker processes (default 1; the machine has {os.cpu_count() or 1})",
)


_SEVERITIES = ("error", "warning", "info")
_CATEGORIES: tuple[str, ...] = get_args(Category)


@dataclass(frozen=True, slots=True)
class Selection:
    """Which findings ``--select`` keeps: each term is a category, a severity, or
    ``category:severity``; a finding is kept when some term matches it."""

    terms: tuple[tuple[str | None, str | None], ...]

    def keeps(self, d: Mapping[str, object]) -> bool:
        """Whether the finding *d* (a diagnostic's JSON form) is kept."""
        return any(
            (category is None or d["category"] == category)
            and (severity is None or d["severity"] == severity)
            for category, severity in self.terms
        )


def selection_type(value: str) -> Selection:
    terms: list[tuple[str | None, str | None]] = []
    for term in value.split(","):
        term = term.strip().lower()
        category, _, severity = term.partition(":")
        if not severity and category in _SEVERITIES:
            category, severity = "", category
        if category and category not in _CATEGORIES:
            raise argparse.ArgumentTypeError(
                f"{quoted(term)}: the categories are {', '.join(_CATEGORIES)}"
            )
        if severity and severity not in _SEVERITIES:
            raise argparse.ArgumentTypeError(
                f"{quoted(term)}: the severities are {', '.join(_SEVERITIES)}"
            )
        if not category and not severity:
            raise argparse.ArgumentTypeError("an empty term: name a category or a severity")
        terms.append((category or None, severity or None))
    return Selection(tuple(terms))


# --- reading ---------------------------------------------------------------------------------


def _open_source(source: str) -> tuple[BinaryIO, int | None]:
    """The byte stream of *source* (``-``: standard input) and its size when known."""
    if source == "-":
        stream: BinaryIO = sys.stdin.buffer
    else:
        try:
            stream = open(source, "rb")  # noqa: SIM115 - closed by run_batch
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            raise ValueError(f"cannot read {quoted(source)}: {reason}") from None
    try:
        size = os.fstat(stream.fileno()).st_size
    except (OSError, ValueError):
        size = None
    return stream, size or None


class Chunk(NamedTuple):
    """What one worker call gets: (line number, text) pairs, text None for a line too
    long to read (see :data:`MAX_LINE`), and the bytes of input they were read from."""

    lines: list[tuple[int, str | None]]
    size: int


class ChunkResult(NamedTuple):
    """What one chunk gives: its output lines (JSON, without line ends), whether any
    input line had findings, and how many input lines it had."""

    lines: list[str]
    findings: bool
    inputs: int


def _lines(stream: BinaryIO, counter: list[int]) -> Iterator[tuple[bytes | None, int]]:
    """The lines of *stream* and their sizes, or None for one longer than
    :data:`MAX_LINE`, whose bytes are skipped without being kept.  *counter* [0]
    follows the bytes read."""
    while raw := stream.readline(MAX_LINE + 1):
        if len(raw) <= MAX_LINE or raw.endswith(b"\n"):
            counter[0] += len(raw)
            yield raw, len(raw)
            continue
        size = len(raw)
        while (rest := stream.readline(MAX_LINE)) and not rest.endswith(b"\n"):
            size += len(rest)
        size += len(rest)
        counter[0] += size
        yield None, size


def _chunks(stream: BinaryIO, encoding: str, counter: list[int]) -> Iterator[Chunk]:
    """The lines of *stream* without their line ends, numbered from 1, in chunks of at
    most :data:`CHUNK_LINES` lines and about :data:`CHUNK_BYTES` bytes (a chunk ends at
    the line that reaches it); empty lines are left out.  Undecodable octets become
    lone surrogates (shown as ``\\xNN``), as in arguments."""
    lines: list[tuple[int, str | None]] = []
    size = 0
    for number, (raw, length) in enumerate(_lines(stream, counter), 1):
        size += min(length, MAX_LINE + 1)  # a skipped line keeps only its error
        text = None if raw is None else raw.decode(encoding, "surrogateescape")
        if text is not None and text.endswith("\n"):
            text = text[:-2] if text.endswith("\r\n") else text[:-1]
        if text != "":
            lines.append((number, text))
        if lines and (len(lines) >= CHUNK_LINES or size >= CHUNK_BYTES):
            yield Chunk(lines, size)
            lines, size = [], 0
    if lines:
        yield Chunk(lines, size)


# --- one chunk, in any process ---------------------------------------------------------------


def json_line(document: Mapping[str, object], encoding: str) -> str:
    """*document* as one line of JSON that goes out in UTF-8 through an output of
    *encoding*: the characters as they are when it writes UTF-8, else JSON's own
    ``\\uXXXX`` escapes for the whole line (a Latin-1 or ASCII locale, or lone
    surrogates from undecodable input), so the line is valid JSON whatever the
    locale (RFC 8259 §8.1)."""
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    if text.isascii() or (writes_utf8(encoding) and _encodes(text)):
        return text
    return json.dumps(document, ensure_ascii=True, separators=(",", ":"))


def _encodes(text: str) -> bool:
    """Whether *text* has no lone surrogate (UTF-8 encodes it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _documents(job: LineJob, chunk: Chunk, encoding: str) -> Iterator[tuple[str | None, bool]]:
    """Each line of *chunk* as it is done: its JSON line (None: left out) and whether
    it had findings.  A line whose job fails gets a document saying so; the others go
    on."""
    for number, text in chunk.lines:
        document: dict[str, object] | None
        if text is None:
            document, found = {"error": f"longer than {MAX_LINE:,} bytes: not read"}, True
        else:
            try:
                document, found = job(text)
            except Exception as exc:  # a bug for one input must not lose the others
                document = {"input": text, "error": f"{type(exc).__name__}: {exc}"}
                found = True
        line = None if document is None else json_line({"line": number, **document}, encoding)
        if text is not None and len(text) > LONGEST:
            _forget_splits()
        yield line, found


def _forget_splits() -> None:
    """Empty the cache of ``urllib.parse.urlsplit`` (its last 128 inputs and their
    parts, kept since Python 3.11), which the readers fill: a long line is never
    asked for twice, and 128 of them would keep some 400 MiB.  The core's own
    caches keep only short inputs (:mod:`urlinspector.core.memo`)."""
    clear = getattr(urllib.parse.urlsplit, "cache_clear", None)
    if clear is not None:
        clear()


def run_chunk(job: LineJob, encoding: str, chunk: Chunk) -> ChunkResult:
    """The output lines of *chunk* (in a worker process) and whether any of its lines
    had findings."""
    out: list[str] = []
    findings = False
    for line, found in _documents(job, chunk, encoding):
        findings = findings or found
        if line is not None:
            out.append(line)
    return ChunkResult(out, findings, len(chunk.lines))


def lost_chunk(encoding: str, chunk: Chunk, reason: str) -> ChunkResult:
    """An error document for each line of *chunk*, which no worker could finish."""
    out = [
        json_line(
            {"line": number, "error": reason}
            if text is None
            else {"line": number, "input": text, "error": reason},
            encoding,
        )
        for number, text in chunk.lines
    ]
    return ChunkResult(out, True, len(chunk.lines))


# --- the driver ------------------------------------------------------------------------------


class _Progress:
    """The progress line on stderr (only on a terminal)."""

    def __init__(self, stream: TextIO | None, size: int | None) -> None:
        self.stream = stream
        self.size = size
        self.started = self.shown = time.monotonic()
        self.lines = 0

    def update(self, lines: int, read: int, *, final: bool = False) -> None:
        self.lines += lines
        if self.stream is None:
            return
        now = time.monotonic()
        if not final and now - self.shown < PROGRESS_EVERY:
            return
        self.shown = now
        rate = self.lines / max(now - self.started, 1e-9)
        share = f" ({100 * read / self.size:.0f}%)" if self.size else ""
        text = f"{self.lines:,} lines{share}, {rate:,.0f} a second"
        self.stream.write("\r" + text + ("\n" if final else "\x1b[K"))
        self.stream.flush()


def _pooled(
    job: LineJob, chunks: Iterable[Chunk], jobs: int, encoding: str
) -> Iterator[ChunkResult]:
    """Each chunk's result, in input order, from *jobs* worker processes (a worker
    that dies loses nothing: see :mod:`.batch_pool`)."""
    from urlinspector.cli.batch_pool import ChunkRunner, WorkerPool

    runner: ChunkRunner[Chunk, ChunkResult] = ChunkRunner(
        run=functools.partial(run_chunk, job, encoding),
        lost=functools.partial(lost_chunk, encoding),
    )
    pool = WorkerPool(runner, jobs, depth=CHUNKS_IN_FLIGHT, budget=CHUNK_BYTES)
    try:
        for chunk in chunks:
            pool.submit(chunk, chunk.size)
            while pool.full():
                yield pool.next_result()
        while pool:
            yield pool.next_result()
    except BaseException:
        pool.close(cancel=True)
        raise
    pool.close()


def _serial(job: LineJob, chunks: Iterable[Chunk], encoding: str) -> Iterator[ChunkResult]:
    """Each line's result in this process, as soon as it is done (one line a result;
    the chunk's line count comes with its last)."""
    for chunk in chunks:
        for line, found in _documents(job, chunk, encoding):
            yield ChunkResult([] if line is None else [line], found, 0)
        yield ChunkResult([], False, len(chunk.lines))


def run_batch(job: LineJob, source: str, console: Console, *, jobs: int = 1) -> int:
    """Run *job* over every line of *source*; write one JSON line a result.  Exit
    status 0, or 1 when some line had findings."""
    stream, size = _open_source(source)
    encoding = "utf-8"
    if source == "-":
        encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
    output = getattr(console.stream, "encoding", None) or "utf-8"
    read = [0]
    progress = _Progress(sys.stderr if sys.stderr.isatty() else None, size)
    findings = False
    chunks = _chunks(stream, encoding, read)
    try:
        results = _serial(job, chunks, output) if jobs == 1 else _pooled(job, chunks, jobs, output)
        for result in results:
            findings = findings or result.findings
            for line in result.lines:
                console.write(line)  # (not line + "\n": a long line's copy)
                console.write("\n")
            if result.inputs:
                progress.update(result.inputs, read[0])
        progress.update(0, read[0], final=True)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    return EXIT_FINDINGS if findings else EXIT_OK
