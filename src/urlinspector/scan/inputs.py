"""What a scan reads: the formats of its inputs, the partitions they are cut into, and
their records.

Each file (:mod:`.sources` finds them) is read by the first reader of :data:`READERS`
whose suffixes its name ends with, after any compression suffix (``.gz``, ``.bz2``,
``.zst``, ``.xz``: read through fsspec's codecs), unless ``--input-format`` names one
(standard input: JSONL when its first character is ``{``, else text):

- ``text``: one URL a line (empty lines are skipped);
- ``jsonl``: one JSON object a line, the URL in its ``column`` field;
- ``cdxj``: Common Crawl's index lines, ``SURT TIMESTAMP {json}``, the URL in the
  JSON's ``column`` field (``url``);
- ``parquet``: the ``column`` column;
- ``warc``: WARC and ARC files (warcio), the ``WARC-Target-URI`` of each record that
  has one.

Every record is read under :data:`~urlinspector.core.limits.MAX_INPUT`, the cap of
``parse --jsonl``: a longer line (or WARC target, or Parquet cell) is a record without
a URL whose error gives its length, and its bytes are passed over a block at a time,
never held, so memory stays bounded whatever an input decompresses to.

:func:`plan` reads each input once, on the client, to cut it into :class:`Part` values
of at most ``part_size`` records (for a line format: where each part starts in the
decompressed stream, so a worker seeks there or reads past it); :func:`read_part`, on a
worker, reads one part's records.  A record keeps where it came from: its line number
(the row number for Parquet, the record number for WARC), counted from 1.  An input
that cannot be read to its end (a truncated gzip, a corrupt Parquet footer) stops the
scan before it starts, or (``on_error``) keeps what could be read before the fault:
``rows`` gives the fault an error row of its own, ``skip`` only names it in the report.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple, cast

from urlinspector.core.limits import MAX_INPUT
from urlinspector.core.quoting import quoted
from urlinspector.scan.sources import InputError, InputFile, expand

__all__ = [
    "KINDS",
    "ON_ERROR",
    "PART_SIZE",
    "InputError",
    "Part",
    "Plan",
    "Reading",
    "Record",
    "expand",
    "kind_of",
    "part_lines",
    "plan",
    "plan_files",
    "read_part",
]

PART_SIZE = 50_000
"""Records in a part, at most (the last one of an input holds what is left)."""
ON_ERROR = ("fail", "rows", "skip")
"""What an input that cannot be read to its end does: stops the scan before it
starts (``fail``), or its readable records are scanned and the fault gets an error
row (``rows``) or is only named in the report (``skip``)."""
_COMPRESSIONS = (".gz", ".bz2", ".zst", ".xz")
_BLOCK = 1 << 20


def over_cap(length: int) -> str:
    """The error of a record of *length* bytes, over :data:`MAX_INPUT`."""
    return f"a record of {length:,} bytes, over the {MAX_INPUT:,}-byte cap: not read"


class Record(NamedTuple):
    """One input record: its number in its input, its URL (None: none found) and,
    without one, why when it is not the plain absence of a URL (a record over the
    cap)."""

    line: int
    url: str | None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Part:
    """A partition of one input: *count* records from record *first_line*, starting at
    *start* (a byte offset into the decompressed stream for a line format, the number
    of records before it otherwise).  A part with an *error* stands for an input's
    fault (``--on-error rows``): one error row at *first_line*, nothing read."""

    index: int
    source: str
    kind: str
    column: str
    start: int
    first_line: int
    count: int
    location: str = ""
    """Where the input is opened, when not at *source* (standard input's copy)."""
    error: str | None = None

    @property
    def name(self) -> str:
        """The file name of its rows, without a suffix: ``part-00042``."""
        return f"part-{self.index:05d}"

    @property
    def opened(self) -> str:
        return self.location or self.source


@dataclass(frozen=True, slots=True)
class Reading:
    """How the inputs are read and cut into parts."""

    kind: str | None = None
    """A key of :data:`READERS`, instead of what the names say."""
    column: str = "url"
    part_size: int = PART_SIZE
    on_error: str = "fail"
    """One of :data:`ON_ERROR`."""


@dataclass(slots=True)
class Plan:
    """The parts of every input, and the inputs' faults (``on_error`` rows or skip):
    each ``{"source", "line", "error", "written"}``, *written* saying whether it has
    an error row."""

    parts: list[Part] = field(default_factory=list)
    unreadable: list[dict[str, Any]] = field(default_factory=list)


class Unreadable(Exception):
    """An input's fault, at record *line*: what could be read before it is planned."""

    def __init__(self, line: int, cause: BaseException) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.line = line


# --- opening -----------------------------------------------------------------------------------


def kind_of(source: str) -> str:
    """The reader for *source* by its name: a key of :data:`READERS`."""
    name = source.lower()
    for suffix in _COMPRESSIONS:
        name = name.removesuffix(suffix)
    for kind, reader in READERS.items():
        if name.endswith(reader.suffixes):
            return kind
    return "text"


def _open(location: str, kind: str) -> IO[bytes]:
    import fsspec

    # (warcio reads gzip members itself, one per record)
    compression = None if kind == "warc" else "infer"
    from fsspec.implementations.local import LocalFileOpener

    opened: IO[bytes] = fsspec.open(location, "rb", compression=compression).open()
    if isinstance(opened, io.BufferedIOBase | io.RawIOBase | LocalFileOpener):
        return cast(IO[bytes], opened)
    # (zstandard's reader reads blocks, not lines; an object store's file reads lines
    # of any length)
    return io.BufferedReader(opened, _BLOCK)  # type: ignore[type-var]


# --- line formats ------------------------------------------------------------------------------


def bounded_lines(stream: IO[bytes]) -> Iterator[tuple[bytes | None, int]]:
    """Each line of *stream* (with its line end), or None for one longer than
    :data:`MAX_INPUT`, whose bytes are passed over a block at a time; and its length
    in bytes."""
    while raw := stream.readline(MAX_INPUT + 1):
        if len(raw) <= MAX_INPUT or raw.endswith(b"\n"):
            yield raw, len(raw)
            continue
        length = len(raw)
        while (rest := stream.readline(_BLOCK)) and not rest.endswith(b"\n"):
            length += len(rest)
        yield None, length + len(rest)


def _text_url(line: str, column: str) -> str | None:
    return line


def _jsonl_url(line: str, column: str) -> str | None:
    try:
        value = json.loads(line)
    except ValueError:
        return None
    found = value.get(column) if isinstance(value, dict) else None
    return found if isinstance(found, str) else None


def _cdxj_url(line: str, column: str) -> str | None:
    _, _, rest = line.partition(" ")
    _, _, fields = rest.partition(" ")
    return _jsonl_url(fields, column)


def _plan_lines(location: str, kind: str, column: str, size: int) -> Iterator[tuple[int, int, int]]:
    """(byte offset, first line, lines) of each part of a line-format input."""
    offset = start = count = 0
    first = 1
    try:
        with _open(location, kind) as stream:
            for _, length in bounded_lines(stream):
                offset += length
                count += 1
                if count == size:
                    yield start, first, count
                    start, first, count = offset, first + count, 0
    except Exception as exc:  # a truncated or corrupt stream: what was read is kept
        if count:
            yield start, first, count
        raise Unreadable(first + count, exc) from exc
    if count:
        yield start, first, count


def _skip(stream: IO[bytes], start: int) -> None:
    if start and stream.seekable():
        stream.seek(start)
        return
    left = start
    while left > 0:
        block = stream.read(min(left, _BLOCK))
        if not block:
            break
        left -= len(block)


def _line_record(number: int, raw: bytes | None, length: int, part: Part) -> Record | None:
    if raw is None:
        return Record(number, None, over_cap(length))
    text = raw.decode("utf-8", "replace").removesuffix("\n").removesuffix("\r")
    if not text and part.kind == "text":
        return None  # (an empty line)
    return Record(number, _LINE_URLS[part.kind](text, part.column) if text else None)


def _read_lines(part: Part) -> list[Record]:
    out: list[Record] = []
    with _open(part.opened, part.kind) as stream:
        _skip(stream, part.start)
        lines = bounded_lines(stream)
        for number in range(part.first_line, part.first_line + part.count):
            raw, length = next(lines, (b"", 0))
            if not length:
                break
            if (record := _line_record(number, raw, length, part)) is not None:
                out.append(record)
    return out


_LINE_URLS: dict[str, Callable[[str, str], str | None]] = {
    "text": _text_url,
    "jsonl": _jsonl_url,
    "cdxj": _cdxj_url,
}


# --- Parquet -----------------------------------------------------------------------------------

_PARQUET_BATCH = 8192


def _plan_parquet(
    location: str, kind: str, column: str, size: int
) -> Iterator[tuple[int, int, int]]:
    import pyarrow.parquet as pq

    try:
        with _open(location, kind) as stream:
            meta = pq.ParquetFile(stream)
            names = meta.schema_arrow.names
            total = meta.metadata.num_rows
    except Exception as exc:
        raise Unreadable(1, exc) from exc
    if column not in names:
        listed = ", ".join(names)
        raise InputError(f"{quoted(location)} has no column {quoted(column)} (it has {listed})")
    for start in range(0, total, size):
        yield start, start + 1, min(size, total - start)


def _read_parquet(part: Part) -> list[Record]:
    """The part's cells, read a batch of rows at a time (the batches before the part
    passed over); a cell over the cap is kept only as its length, never made a
    Python string."""
    import pyarrow.parquet as pq

    out: list[Record] = []
    seen = 0
    with _open(part.opened, part.kind) as stream:
        for batch in pq.ParquetFile(stream).iter_batches(_PARQUET_BATCH, columns=[part.column]):
            low, high = max(part.start - seen, 0), min(part.start + part.count - seen, len(batch))
            seen += len(batch)
            if low < high:
                out += _cells(batch.column(0).slice(low, high - low), part.first_line + len(out))
            if seen >= part.start + part.count:
                break
    return out


def _cells(values: Any, first: int) -> list[Record]:
    import pyarrow as pa
    import pyarrow.compute as pc

    if not pa.types.is_string(values.type) and not pa.types.is_large_string(values.type):
        return [Record(first + i, None) for i in range(len(values))]
    lengths = pc.binary_length(values)
    over = pc.fill_null(pc.greater(lengths, MAX_INPUT), False)
    kept = pc.if_else(over, pa.scalar(None, values.type), values).to_pylist()
    return [
        Record(
            first + i, url, over_cap(n) if url is None and n is not None and n > MAX_INPUT else None
        )
        for i, (url, n) in enumerate(zip(kept, lengths.to_pylist(), strict=True))
    ]


# --- WARC and ARC ------------------------------------------------------------------------------


def _target_uris(stream: IO[bytes]) -> Iterator[str | None]:
    """The ``WARC-Target-URI`` of each record that has one, None for one over the cap."""
    from warcio.archiveiterator import ArchiveIterator

    for record in ArchiveIterator(stream, arc2warc=True):
        uri = record.rec_headers.get_header("WARC-Target-URI")
        if uri:
            yield None if len(uri) > MAX_INPUT else str(uri)


def _plan_warc(location: str, kind: str, column: str, size: int) -> Iterator[tuple[int, int, int]]:
    total = 0
    fault: Exception | None = None
    try:
        with _open(location, kind) as stream:
            for _ in _target_uris(stream):
                total += 1
    except Exception as exc:  # the records before a corrupt one are kept
        fault = exc
    for start in range(0, total, size):
        yield start, start + 1, min(size, total - start)
    if fault is not None:
        raise Unreadable(total + 1, fault) from fault


def _read_warc(part: Part) -> list[Record]:
    out: list[Record] = []
    with _open(part.opened, part.kind) as stream:
        for ordinal, uri in enumerate(_target_uris(stream)):
            if ordinal >= part.start + part.count:
                break
            if ordinal >= part.start:
                error = (
                    None
                    if uri is not None
                    else f"a WARC-Target-URI over the {MAX_INPUT:,}-byte cap"
                )
                out.append(Record(ordinal + 1, uri, error))
    return out


# --- the table of readers ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reader:
    """One input format: the name suffixes it is known by, how its parts are planned
    and how one part is read."""

    suffixes: tuple[str, ...]
    plan: Callable[[str, str, str, int], Iterator[tuple[int, int, int]]]
    read: Callable[[Part], list[Record]]


READERS: dict[str, Reader] = {
    "parquet": Reader((".parquet", ".pq"), _plan_parquet, _read_parquet),
    "jsonl": Reader((".jsonl", ".ndjson"), _plan_lines, _read_lines),
    "cdxj": Reader((".cdxj", ".cdx"), _plan_lines, _read_lines),
    "warc": Reader((".warc", ".arc"), _plan_warc, _read_warc),
    "text": Reader((".txt",), _plan_lines, _read_lines),
}
KINDS = tuple(READERS)


def _kind(file: InputFile, reading: Reading) -> str:
    if reading.kind is not None:
        return reading.kind
    if file.location != file.source:  # (standard input: JSONL or text by its first octet)
        with _open(file.location, "text") as stream:
            return "jsonl" if stream.read(1) == b"{" else "text"
    return kind_of(file.source)


def _plan_file(file: InputFile, reading: Reading, out: Plan) -> None:
    """The parts of *file* appended to *out*, and its fault by ``reading.on_error``."""
    kind = _kind(file, reading)
    location = "" if file.location == file.source else file.location

    def add(start: int, first: int, count: int, error: str | None = None) -> None:
        index = len(out.parts)
        part = Part(index, file.source, kind, reading.column, start, first, count, location, error)
        out.parts.append(part)

    try:
        for start, first, count in READERS[kind].plan(
            file.location, kind, reading.column, reading.part_size
        ):
            add(start, first, count)
    except InputError:
        raise
    except Unreadable as fault:
        _fault(file.source, kind, fault.line, str(fault), reading, out, add)
    except Exception as exc:  # another format than its name says
        _fault(file.source, kind, 1, f"{type(exc).__name__}: {exc}", reading, out, add)


def _fault(
    source: str,
    kind: str,
    line: int,
    error: str,
    reading: Reading,
    out: Plan,
    add: Callable[..., None],
) -> None:
    if reading.on_error == "fail":
        where = f" at record {line:,}" if line > 1 else ""
        raise InputError(
            f"cannot read {quoted(source)} as {kind}{where}: {error} "
            "(--on-error rows or skip scans the other inputs)"
        )
    written = reading.on_error == "rows"
    if written:
        add(0, line, 1, f"unreadable input: {error}")
    out.unreadable.append({"source": source, "line": line, "error": error, "written": written})


def plan(
    inputs: Sequence[str], *, kind: str | None = None, column: str = "url", size: int = PART_SIZE
) -> list[Part]:
    """The parts of every file *inputs* name (see :func:`~.sources.expand`), numbered in
    order; *kind* (a key of :data:`READERS`) overrides what the names say.  (The parts
    alone, an input's fault an error: :func:`plan_files` does the rest.)"""
    return plan_files(expand(inputs), Reading(kind, column, size)).parts


def plan_files(files: Sequence[InputFile], reading: Reading) -> Plan:
    """The :class:`Plan` of *files*, read as *reading* says."""
    out = Plan()
    for file in files:
        _plan_file(file, reading, out)
    return out


def read_part(part: Part) -> list[Record]:
    """The records of *part* (on a worker)."""
    if part.error is not None:
        return [Record(part.first_line, None, part.error)]
    return READERS[part.kind].read(part)


def part_lines(part: Part) -> range:
    """The record numbers *part* covers (what a part lost with its input gets rows for)."""
    return range(part.first_line, part.first_line + part.count)
