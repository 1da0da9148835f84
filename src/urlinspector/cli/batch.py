"""Batch mode: one input a line in, one JSON document a line out (JSON Lines).

``parse``, ``normalize``, ``resolve`` and ``extract`` take ``--jsonl [FILE]``: each line
of FILE (or of standard input) is one URL, reference or text; each result is written
as it comes, on one line, in the order of the input, with the line number it came
from.  ``--jobs N`` spreads the lines over N worker processes; the input is read and
handed out in chunks, a few at a time, so memory stays bounded whatever the input's
size.  On a terminal a progress line on stderr counts the lines done.

What one line becomes is a :class:`LineJob`: a small picklable object of the command's
own (``ParseLine`` in :mod:`.inspect`, ...) that turns a line's text into a JSON-ready
document, or None to leave the line out (``parse --select``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import BinaryIO, Protocol, TextIO

from urlinspector.cli.common import EXIT_FINDINGS, EXIT_OK, Console, arg
from urlinspector.core.quoting import quoted

__all__ = [
    "CHUNK_LINES",
    "JOBS_ARG",
    "JSONL_ARG",
    "MAX_LINE",
    "LineJob",
    "Selection",
    "run_batch",
    "selection_type",
]

CHUNK_LINES = 1000
"""Lines handed to a worker at a time."""
CHUNKS_IN_FLIGHT = 4
"""Chunks per worker read ahead of the output: enough to keep every worker busy."""
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
_CATEGORIES = ("syntax", "escape", "security", "scheme", "wrapper")


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


Chunk = list[tuple[int, str | None]]
"""(line number, text) pairs: what one worker call gets; None for a line too long to
read (see :data:`MAX_LINE`)."""

MAX_LINE = 1 << 20
"""Bytes: a longer line is not read (a URL list with no line ends, a binary file); its
document says so and the lines after it go on."""


def _lines(stream: BinaryIO, counter: list[int]) -> Iterator[bytes | None]:
    """The lines of *stream*, or None for one longer than :data:`MAX_LINE`, whose
    bytes are skipped without being kept.  *counter* [0] follows the bytes read."""
    while raw := stream.readline(MAX_LINE + 1):
        counter[0] += len(raw)
        if len(raw) <= MAX_LINE or raw.endswith(b"\n"):
            yield raw
            continue
        while (rest := stream.readline(MAX_LINE)) and not rest.endswith(b"\n"):
            counter[0] += len(rest)
        counter[0] += len(rest)
        yield None


def _chunks(stream: BinaryIO, encoding: str, counter: list[int]) -> Iterator[Chunk]:
    """The lines of *stream* without their line ends, numbered from 1, in chunks;
    empty lines are left out.  Undecodable octets become lone surrogates (shown as
    ``\\xNN``), as in arguments."""
    chunk: Chunk = []
    for number, raw in enumerate(_lines(stream, counter), 1):
        text = None if raw is None else raw.decode(encoding, "surrogateescape")
        if text is not None and text.endswith("\n"):
            text = text[:-2] if text.endswith("\r\n") else text[:-1]
        if text == "":
            continue
        chunk.append((number, text))
        if len(chunk) >= CHUNK_LINES:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# --- one chunk, in any process ---------------------------------------------------------------


def run_chunk(job: LineJob, chunk: Chunk) -> tuple[list[str], bool]:
    """The output lines of *chunk* and whether any of them had findings.  A line whose
    job fails gets a document saying so; the others go on."""
    out: list[str] = []
    findings = False
    for number, text in chunk:
        document: dict[str, object] | None
        if text is None:
            document, found = {"error": f"longer than {MAX_LINE:,} bytes: not read"}, True
        else:
            try:
                document, found = job(text)
            except Exception as exc:  # a bug for one input must not lose the others
                document = {"input": text, "error": f"{type(exc).__name__}: {exc}"}
                found = True
        findings = findings or found
        if document is not None:
            line = {"line": number, **document}
            out.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
    return out, findings


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


def _results(
    job: LineJob, chunks: Iterable[Chunk], jobs: int
) -> Iterator[tuple[list[str], bool, int]]:
    """(output lines, findings, lines in) of each chunk, in input order."""
    if jobs == 1:
        for chunk in chunks:
            out, findings = run_chunk(job, chunk)
            yield out, findings, len(chunk)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque[tuple[Future[tuple[list[str], bool]], int]] = deque()
        try:
            for chunk in chunks:
                pending.append((pool.submit(run_chunk, job, chunk), len(chunk)))
                if len(pending) >= jobs * CHUNKS_IN_FLIGHT:
                    future, size = pending.popleft()
                    yield (*future.result(), size)
            while pending:
                future, size = pending.popleft()
                yield (*future.result(), size)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def run_batch(job: LineJob, source: str, console: Console, *, jobs: int = 1) -> int:
    """Run *job* over every line of *source*; write one JSON line a result.  Exit
    status 0, or 1 when some line had findings."""
    stream, size = _open_source(source)
    encoding = "utf-8"
    if source == "-":
        encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
    read = [0]
    progress = _Progress(sys.stderr if sys.stderr.isatty() else None, size)
    findings = False
    try:
        for out, found, lines in _results(job, _chunks(stream, encoding, read), jobs):
            findings = findings or found
            if out:
                console.write("".join(line + "\n" for line in out))
            progress.update(lines, read[0])
        progress.update(0, read[0], final=True)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    return EXIT_FINDINGS if findings else EXIT_OK
