"""The per-partition function: a list of URLs in, an Arrow table of rows out.

:func:`rows` inspects each URL with :func:`~urlinspector.present.inspection.inspect`,
as every front end does (the browsers' reading, the registrable domain, look-alike
hosts, wrapped links, the libraries' readings: the findings ``parse --json`` gives), and
appends the typed results straight to the columns of :data:`ROW_SCHEMA`, never through
the nested JSON document.  It is plain Python over the core, so the same
function serves Dask (:mod:`.driver`), Spark's ``mapInArrow`` and Ray's ``map_batches``
(:func:`arrow_batches`).

The first columns are Common Crawl's columnar URL index's URL and host columns, named,
typed and in the forms it has them (:mod:`.cc_host`); the others are the inspector's
own.  What follows from the host alone is found once per distinct host
(:mod:`.host_columns`): a batch's host columns are its distinct hosts' values, taken
for each row by the index of its host; the rest is each URL's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import accumulate
from typing import NamedTuple, TypeVar

import pyarrow as pa

from urlinspector.core.editions import EDITION_IDS
from urlinspector.core.model import Diagnostic
from urlinspector.present.inspection import Inspection, ReaderUse, default_hosts, inspect
from urlinspector.scan.host_columns import NO_HOST, HostColumns, HostRecords
from urlinspector.scan.surtkey import surt_key

__all__ = [
    "BATCH",
    "FINDING_TYPE",
    "ROW_SCHEMA",
    "arrow_batches",
    "error_rows",
    "rows",
]

FINDING_TYPE = pa.struct(
    [
        ("code", pa.string()),
        ("severity", pa.string()),
        ("category", pa.string()),
        ("start", pa.int32()),
        ("end", pa.int32()),
        ("message", pa.string()),
    ]
)
"""One finding: a :class:`~urlinspector.core.model.Diagnostic` without its citation
(``urlinspector explain CODE`` gives it); ``start``/``end`` index the ``url``."""

ROW_SCHEMA = pa.schema(
    [
        # Common Crawl's columns (cc-index-schema-flat.json), in its order
        ("url_surtkey", pa.string()),
        ("url", pa.string()),
        ("url_host_name", pa.string()),
        ("url_host_tld", pa.string()),
        ("url_host_2nd_last_part", pa.string()),
        ("url_host_3rd_last_part", pa.string()),
        ("url_host_4th_last_part", pa.string()),
        ("url_host_5th_last_part", pa.string()),
        ("url_host_registry_suffix", pa.string()),
        ("url_host_registered_domain", pa.string()),
        ("url_host_private_suffix", pa.string()),
        ("url_host_private_domain", pa.string()),
        ("url_host_name_reversed", pa.string()),
        ("url_protocol", pa.string()),
        ("url_port", pa.int32()),
        ("url_path", pa.string()),
        ("url_query", pa.string()),
        # the inspector's own
        ("host_written", pa.string()),
        ("source", pa.string()),
        ("line", pa.int64()),
        ("valid", pa.bool_()),
        ("edition", pa.string()),
        ("browser_valid", pa.bool_()),
        ("browser_host", pa.string()),
        ("browser_port", pa.int32()),
        ("host_display", pa.string()),
        ("unwrapped", pa.string()),
        ("max_severity", pa.string()),
        ("codes", pa.list_(pa.string())),
        ("findings", pa.list_(FINDING_TYPE)),
        ("error", pa.string()),
    ]
)
"""The columns of a scan's rows (docs/scan.md describes each)."""

_T = TypeVar("_T")

BATCH = 4096
"""URLs judged at a time: each batch's rows become Arrow arrays before the next batch is
judged, so that the Python objects alive at once (the parses, the findings) are a
batch's, whatever the number of URLs, and the garbage collector has that many to walk
(a part of 125,000 URLs is judged about 5% faster so)."""

_RANK = {"info": 1, "warning": 2, "error": 3}
_INT32 = 2**31


def _int32(value: int | None) -> int | None:
    return value if value is not None and -_INT32 <= value < _INT32 else None


class _Judged(NamedTuple):
    """One URL's row but for ``url``, ``source`` and ``line``: its host's record, its
    own plain columns (named as in :data:`ROW_SCHEMA`), its distinct codes and its
    findings."""

    host: HostColumns = NO_HOST
    url_surtkey: str | None = None
    url_protocol: str | None = None
    url_port: int | None = None
    url_path: str | None = None
    url_query: str | None = None
    host_written: str | None = None
    valid: bool = False
    edition: str | None = None
    browser_valid: bool | None = None
    browser_port: int | None = None
    unwrapped: str | None = None
    max_severity: str | None = None
    error: str | None = None
    codes: tuple[str, ...] = ()
    findings: tuple[Diagnostic, ...] = ()


_PLAIN = _Judged._fields[1:-2]
"""The fields of a judgement that are columns as they are (not its host, codes and
findings)."""

_HOST_COLUMNS = [name for name in HostColumns._fields if name in ROW_SCHEMA.names]
"""The columns a host's record holds."""


def _table(
    urls: Sequence[str | None], source: str, lines: Sequence[int], judged: Sequence[_Judged]
) -> pa.Table:
    """The rows of *urls* (their *lines* in *source*) judged as *judged*, one each:
    each column built at once from the typed results."""
    count = len(judged)
    arrays: dict[str, pa.Array] = {
        "url": pa.array(urls, pa.string()),
        "source": pa.array([source] * count, pa.string()),
        "line": pa.array(lines, pa.int64()),
    }
    by_column = zip(*judged, strict=True) if count else ((),) * len(_Judged._fields)
    for name, values in zip(_Judged._fields, by_column, strict=True):
        if name in _PLAIN:
            arrays[name] = pa.array(values, ROW_SCHEMA.field(name).type)
    arrays.update(_host_arrays([j.host for j in judged]))
    arrays["codes"] = _lists([j.codes for j in judged], pa.array(_flat(j.codes for j in judged)))
    findings = _flat(j.findings for j in judged)
    children = [  # (in the order of FINDING_TYPE's fields)
        pa.array([d.code for d in findings], pa.string()),
        pa.array([d.severity for d in findings], pa.string()),
        pa.array([d.category for d in findings], pa.string()),
        pa.array([d.span[0] for d in findings], pa.int32()),
        pa.array([d.span[1] for d in findings], pa.int32()),
        pa.array([d.message for d in findings], pa.string()),
    ]
    structs = pa.StructArray.from_arrays(children, fields=list(FINDING_TYPE))
    arrays["findings"] = _lists([j.findings for j in judged], structs)
    return pa.Table.from_arrays([arrays[n] for n in ROW_SCHEMA.names], schema=ROW_SCHEMA)


def _host_arrays(hosts: Sequence[HostColumns]) -> dict[str, pa.Array]:
    """The host columns of rows whose hosts' records are *hosts*: each column the
    distinct records' values, taken by the index of each row's record among them."""
    index: dict[str | None, int] = {}
    distinct: list[HostColumns] = [NO_HOST]
    index[None] = 0
    for record in hosts:
        if record.browser_host not in index:
            index[record.browser_host] = len(distinct)
            distinct.append(record)
    positions = pa.array([index[record.browser_host] for record in hosts], pa.int32())
    by_column = dict(zip(HostColumns._fields, zip(*distinct, strict=True), strict=True))
    return {
        name: pa.array(by_column[name], ROW_SCHEMA.field(name).type).take(positions)
        for name in _HOST_COLUMNS
    }


def _flat(groups: Iterable[Sequence[_T]]) -> list[_T]:
    return [item for group in groups for item in group]


def _lists(groups: Sequence[Sequence[object]], values: pa.Array) -> pa.Array:
    """A list column: row *i* holds the next ``len(groups[i])`` of *values*."""
    offsets = pa.array([0, *accumulate(len(g) for g in groups)], pa.int32())
    return pa.ListArray.from_arrays(offsets, values)


def _judged(inspection: Inspection, host: HostColumns) -> _Judged:
    """One URL's row from its inspection, its host's record being *host*."""
    url, dest = inspection.url, inspection.destination
    reading = dest.browser
    findings = inspection.findings
    scheme = url.scheme
    return _Judged(
        host,
        None if host.surt_host is None else surt_key(reading, host.surt_host),
        None if scheme is None else scheme.lower(),
        _int32(url.port_number),
        url.path,
        url.query,
        url.host,
        url.is_valid,
        url.edition.id,
        reading.valid,
        _int32(reading.port),
        dest.unwrapping.final,
        _max_severity(findings),
        None,
        tuple(dict.fromkeys(d.code for d in findings)),
        findings,
    )


def _max_severity(findings: Iterable[Diagnostic]) -> str | None:
    return max((d.severity for d in findings), key=_RANK.__getitem__, default=None)


_NO_URL = _Judged(error="no URL in this record")


def rows(
    urls: Sequence[str | None],
    source: str = "",
    first_line: int = 1,
    *,
    lines: Sequence[int] | None = None,
    edition: str = EDITION_IDS[0],
    readers: bool = True,
) -> pa.Table:
    """One row of :data:`ROW_SCHEMA` for each of *urls*, in their order.

    *source* names where they came from (a file, a topic); each row's ``line`` is its
    number there: ``first_line``, ``first_line + 1``, ... or the numbers of *lines*
    (one per URL) when given.  A None among *urls* (an input record without a URL)
    gets a row with only ``source``, ``line`` and ``error``; a URL whose inspection
    fails gets its ``error`` and the others go on.  *readers* (the default) asks the
    HTTP libraries too, as ``parse --json`` does; without, a row costs about a third less.
    """
    numbers = range(first_line, first_line + len(urls)) if lines is None else lines
    if len(numbers) != len(urls):
        raise ValueError(f"{len(urls)} URLs but {len(numbers)} line numbers")
    judge = _Judge(edition, readers)
    tables = [
        _table(
            urls[i : i + BATCH],
            source,
            numbers[i : i + BATCH],
            [_NO_URL if text is None else judge(text) for text in urls[i : i + BATCH]],
        )
        for i in range(0, len(urls), BATCH)
    ]
    return pa.concat_tables(tables) if tables else _table([], source, [], [])


@cache
def _host_records() -> HostRecords:
    """The process's records of hosts (a worker's, over all the partitions it scans),
    kept beside its judge of hosts (:func:`~urlinspector.present.inspection.default_hosts`),
    which judges each host for both."""
    return HostRecords(default_hosts())


class _Judge:
    """Each URL's row from its inspection (not kept: no row is reused for another
    line, even one of the same text): the host judged once for each distinct host (a
    log repeats its hosts) and its columns found once too, the libraries asked only
    where they could find something."""

    def __init__(self, edition: str, readers: bool) -> None:
        self.edition = edition
        self.readers: ReaderUse = "findings" if readers else "none"
        self.records = _host_records()

    def __call__(self, text: str) -> _Judged:
        records = self.records
        try:
            found = inspect(
                text, edition=self.edition, readers=self.readers, hosts=records.judge, kept=False
            )
            return _judged(found, records(found.destination.browser.host))
        except Exception as exc:  # a bug for one URL must not lose the others
            return _Judged(error=f"{type(exc).__name__}: {exc}")


def error_rows(
    source: str, lines: Sequence[int], urls: Sequence[str | None], error: str
) -> pa.Table:
    """A row for each of *lines* (its URL from *urls* when known, else None) saying
    that it was not inspected, and why."""
    return _table(urls, source, lines, [_Judged(error=error)] * len(lines))


def arrow_batches(
    batches: Iterable[pa.RecordBatch], column: str = "url", *, readers: bool = True
) -> Iterator[pa.RecordBatch]:
    """The rows of the URLs in *column* of each of *batches*: the function Spark's
    ``DataFrame.mapInArrow`` takes (with ``ROW_SCHEMA`` as its schema), and Ray's
    ``map_batches(..., batch_format="pyarrow")`` one batch at a time.  ``source`` is
    empty and ``line`` counts the URLs from 1 within each batch."""
    for batch in batches:
        urls = batch.column(column).to_pylist()
        yield from rows(urls, readers=readers).to_batches()
