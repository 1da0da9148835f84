"""What a scan reads: inputs, the partitions they are cut into, and their records.

An input is a path, a glob or an fsspec URL (``s3://bucket/logs/*.gz`` when ``s3fs``
is installed), read by the first reader of :data:`READERS` whose suffixes its name
ends with, after any compression suffix (``.gz``, ``.bz2``, ``.zst``, ``.xz``: read
through fsspec's codecs), unless ``--input-format`` names one:

- ``text``: one URL a line (empty lines are skipped);
- ``jsonl``: one JSON object a line, the URL in its ``column`` field;
- ``cdxj``: Common Crawl's index lines, ``SURT TIMESTAMP {json}``, the URL in the
  JSON's ``column`` field (``url``);
- ``parquet``: the ``column`` column;
- ``warc``: WARC and ARC files (warcio), the ``WARC-Target-URI`` of each record that
  has one.

:func:`plan` reads each input once, on the client, to cut it into :class:`Part` values
of at most ``size`` records (for a line format: where each part starts in the
decompressed stream, so a worker seeks there or reads past it); :func:`read_part`, on a
worker, reads one part's records.  A record keeps where it came from: its line number
(the row number for Parquet, the record number for WARC), counted from 1.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, NamedTuple

from urlinspector.core.quoting import quoted

__all__ = [
    "KINDS",
    "PART_SIZE",
    "InputError",
    "Part",
    "Record",
    "expand",
    "kind_of",
    "part_lines",
    "plan",
    "read_part",
]

PART_SIZE = 50_000
"""Records in a part, at most (the last one of an input holds what is left)."""
MAX_LINE = 1 << 20
"""Bytes: a longer line is a record without a URL."""
_COMPRESSIONS = (".gz", ".bz2", ".zst", ".xz")
_BLOCK = 1 << 20


class InputError(ValueError):
    """An input that cannot be read: missing, or not in the format its name says."""


class Record(NamedTuple):
    """One input record: its number in its input, and its URL (None: none found)."""

    line: int
    url: str | None


@dataclass(frozen=True, slots=True)
class Part:
    """A partition of one input: *count* records from record *first_line*, starting at
    *start* (a byte offset into the decompressed stream for a line format, the number
    of records before it otherwise)."""

    index: int
    source: str
    kind: str
    column: str
    start: int
    first_line: int
    count: int

    @property
    def name(self) -> str:
        """The file name of its rows, without a suffix: ``part-00042``."""
        return f"part-{self.index:05d}"


# --- finding the inputs ----------------------------------------------------------------------


def expand(inputs: Sequence[str]) -> list[str]:
    """Every file *inputs* name, globs expanded (in sorted order), in the order given."""
    import fsspec

    found: list[str] = []
    for given in inputs:
        try:
            fs, path = fsspec.core.url_to_fs(given)
        except (ImportError, ValueError) as exc:  # s3:// without s3fs, an unknown protocol
            raise InputError(f"cannot read {quoted(given)}: {exc}") from None
        if any(ch in path for ch in "*?["):
            matches = sorted(fs.glob(path))
            if not matches:
                raise InputError(f"no input matches {quoted(given)}")
            found += [fs.unstrip_protocol(m) if _has_protocol(given) else m for m in matches]
            continue
        if not fs.exists(path):
            raise InputError(f"cannot read {quoted(given)}: no such file")
        found.append(given)
    return found


def _has_protocol(name: str) -> bool:
    return "://" in name


def kind_of(source: str) -> str:
    """The reader for *source* by its name: a key of :data:`READERS`."""
    name = source.lower()
    for suffix in _COMPRESSIONS:
        name = name.removesuffix(suffix)
    for kind, reader in READERS.items():
        if name.endswith(reader.suffixes):
            return kind
    return "text"


def _open(source: str, kind: str) -> IO[bytes]:
    import fsspec

    # (warcio reads gzip members itself, one per record)
    compression = None if kind == "warc" else "infer"
    opened: IO[bytes] = fsspec.open(source, "rb", compression=compression).open()
    if isinstance(opened, io.BufferedIOBase | io.RawIOBase) or hasattr(opened, "fs"):
        return opened
    # (zstandard's reader reads blocks, not lines)
    return io.BufferedReader(opened, _BLOCK)  # type: ignore[type-var]


# --- line formats ------------------------------------------------------------------------------


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


def _plan_lines(source: str, kind: str, column: str, size: int) -> Iterator[tuple[int, int, int]]:
    """(byte offset, first line, lines) of each part of a line-format input."""
    with _open(source, kind) as stream:
        offset = start = 0
        first = 1
        count = 0
        for raw in iter(stream.readline, b""):
            offset += len(raw)
            count += 1
            if count == size:
                yield start, first, count
                start, first, count = offset, first + count, 0
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


def _read_lines(part: Part) -> list[Record]:
    pick = _LINE_URLS[part.kind]
    out: list[Record] = []
    with _open(part.source, part.kind) as stream:
        _skip(stream, part.start)
        for number in range(part.first_line, part.first_line + part.count):
            raw = stream.readline()
            if not raw:
                break
            if len(raw) > MAX_LINE:
                out.append(Record(number, None))
                continue
            text = raw.decode("utf-8", "replace").removesuffix("\n").removesuffix("\r")
            if text or part.kind != "text":
                out.append(Record(number, pick(text, part.column) if text else None))
    return out


_LINE_URLS: dict[str, Callable[[str, str], str | None]] = {
    "text": _text_url,
    "jsonl": _jsonl_url,
    "cdxj": _cdxj_url,
}


# --- Parquet -----------------------------------------------------------------------------------


def _plan_parquet(source: str, kind: str, column: str, size: int) -> Iterator[tuple[int, int, int]]:
    import pyarrow.parquet as pq

    with _open(source, kind) as stream:
        meta = pq.ParquetFile(stream)
        if column not in meta.schema_arrow.names:
            names = ", ".join(meta.schema_arrow.names)
            raise InputError(f"{quoted(source)} has no column {quoted(column)} (it has {names})")
        total = meta.metadata.num_rows
    for start in range(0, total, size):
        yield start, start + 1, min(size, total - start)


def _read_parquet(part: Part) -> list[Record]:
    import pyarrow.parquet as pq

    with _open(part.source, part.kind) as stream:
        values = pq.read_table(stream, columns=[part.column]).column(0)
    values = values.slice(part.start, part.count).to_pylist()
    return [
        Record(part.first_line + i, v if isinstance(v, str) else None) for i, v in enumerate(values)
    ]


# --- WARC and ARC ------------------------------------------------------------------------------


def _target_uris(stream: IO[bytes]) -> Iterator[str]:
    from warcio.archiveiterator import ArchiveIterator

    for record in ArchiveIterator(stream, arc2warc=True):
        uri = record.rec_headers.get_header("WARC-Target-URI")
        if uri:
            yield str(uri)


def _plan_warc(source: str, kind: str, column: str, size: int) -> Iterator[tuple[int, int, int]]:
    with _open(source, kind) as stream:
        total = sum(1 for _ in _target_uris(stream))
    for start in range(0, total, size):
        yield start, start + 1, min(size, total - start)


def _read_warc(part: Part) -> list[Record]:
    out: list[Record] = []
    with _open(part.source, part.kind) as stream:
        for ordinal, uri in enumerate(_target_uris(stream)):
            if ordinal >= part.start + part.count:
                break
            if ordinal >= part.start:
                out.append(Record(ordinal + 1, uri))
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


def plan(
    inputs: Sequence[str], *, kind: str | None = None, column: str = "url", size: int = PART_SIZE
) -> list[Part]:
    """The parts of every file *inputs* name (see :func:`expand`), numbered in order;
    *kind* (a key of :data:`READERS`) overrides what the names say."""
    parts: list[Part] = []
    for source in expand(inputs):
        chosen = kind or kind_of(source)
        try:
            planned = list(READERS[chosen].plan(source, chosen, column, size))
        except InputError:
            raise
        except Exception as exc:  # a corrupt file, another format than its name says
            raise InputError(f"cannot read {quoted(source)} as {chosen}: {exc}") from None
        parts += [
            Part(len(parts) + i, source, chosen, column, start, first, count)
            for i, (start, first, count) in enumerate(planned)
        ]
    return parts


def read_part(part: Part) -> list[Record]:
    """The records of *part* (on a worker)."""
    return READERS[part.kind].read(part)


def part_lines(part: Part) -> range:
    """The record numbers *part* covers (what a part lost with its input gets rows for)."""
    return range(part.first_line, part.first_line + part.count)
