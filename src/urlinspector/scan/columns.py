"""The per-partition function: a list of URLs in, an Arrow table of rows out.

:func:`rows` reads each URL with :func:`~urlinspector.core.parse` and judges it with
:func:`~urlinspector.core.destination` (the browsers' reading, the registrable domain,
look-alike hosts, wrapped links, the libraries' readings: the findings ``parse --json``
gives), and appends the typed results straight to the columns of :data:`ROW_SCHEMA`,
never through the nested JSON document.  It is plain Python over the core, so the same
function serves Dask (:mod:`.driver`), Spark's ``mapInArrow`` and Ray's ``map_batches``
(:func:`arrow_batches`).

The columns are named as Common Crawl's columnar URL index names them where they
overlap (``url``, ``url_protocol``, ``url_host_name``, ``url_port``, ``url_path``,
``url_query``, ``url_host_registered_domain``, ``url_host_private_domain``); the others
are the inspector's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import pyarrow as pa
from publicsuffixlist import PublicSuffixList

from urlinspector.core import parse
from urlinspector.core.browser import browser_reading
from urlinspector.core.destinations import Destination, destination
from urlinspector.core.editions import EDITION_IDS
from urlinspector.core.host_judgement import HostJudge
from urlinspector.core.model import Diagnostic
from urlinspector.core.readers import ReaderReading, readers_could_differ
from urlinspector.core.url import URL
from urlinspector.data import top_domains

__all__ = [
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
        ("url", pa.string()),
        ("url_protocol", pa.string()),
        ("url_host_name", pa.string()),
        ("url_port", pa.int32()),
        ("url_path", pa.string()),
        ("url_query", pa.string()),
        ("url_host_registered_domain", pa.string()),
        ("url_host_private_domain", pa.string()),
        ("source", pa.string()),
        ("line", pa.int64()),
        ("valid", pa.bool_()),
        ("edition", pa.string()),
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

_RANK = {"info": 1, "warning": 2, "error": 3}
_INT32 = 2**31
_PLAIN = tuple(name for name in ROW_SCHEMA.names if name not in ("codes", "findings"))
_FINDING_FIELDS = ("code", "severity", "category", "start", "end", "message")


@cache
def _icann() -> PublicSuffixList:
    # Common Crawl's url_host_registered_domain: the ICANN section of the Public
    # Suffix List only (url_host_private_domain reads the private section too)
    return PublicSuffixList(only_icann=True)


@lru_cache(maxsize=65_536)  # (a host's: as many as a worker's HostJudge keeps)
def _registered_domain(host: str) -> str | None:
    found = _icann().privatesuffix(host.rstrip(".").lower())
    return None if found is None else str(found)


def _int32(value: int | None) -> int | None:
    return value if value is not None and -_INT32 <= value < _INT32 else None


@dataclass(slots=True)
class _Columns:
    """The columns being filled: one list a plain column, and the findings' flat
    children with the offsets of each row's list."""

    plain: dict[str, list[object]] = field(default_factory=lambda: {n: [] for n in _PLAIN})
    codes: list[str] = field(default_factory=list)
    code_offsets: list[int] = field(default_factory=lambda: [0])
    finding: dict[str, list[object]] = field(
        default_factory=lambda: {n: [] for n in _FINDING_FIELDS}
    )
    finding_offsets: list[int] = field(default_factory=lambda: [0])

    def add(self, values: Mapping[str, object], findings: Sequence[Diagnostic]) -> None:
        for name, column in self.plain.items():
            column.append(values.get(name))
        seen: dict[str, None] = {}
        out = self.finding
        for d in findings:
            seen[d.code] = None
            out["code"].append(d.code)
            out["severity"].append(d.severity)
            out["category"].append(d.category)
            out["start"].append(d.span[0])
            out["end"].append(d.span[1])
            out["message"].append(d.message)
        self.codes += seen
        self.code_offsets.append(len(self.codes))
        self.finding_offsets.append(len(out["code"]))

    def table(self) -> pa.Table:
        arrays: dict[str, pa.Array] = {
            name: pa.array(values, type=ROW_SCHEMA.field(name).type)
            for name, values in self.plain.items()
        }
        arrays["codes"] = pa.ListArray.from_arrays(
            pa.array(self.code_offsets, pa.int32()), pa.array(self.codes, pa.string())
        )
        children = [
            pa.array(self.finding[name], FINDING_TYPE.field(name).type) for name in _FINDING_FIELDS
        ]
        arrays["findings"] = pa.ListArray.from_arrays(
            pa.array(self.finding_offsets, pa.int32()),
            pa.StructArray.from_arrays(children, fields=list(FINDING_TYPE)),
        )
        return pa.Table.from_arrays([arrays[n] for n in ROW_SCHEMA.names], schema=ROW_SCHEMA)


def _values(url: URL, dest: Destination) -> dict[str, object]:
    """The plain columns of one URL's row."""
    host = dest.browser.host
    display = dest.display
    shown = host if display is None else display.shown[0][1]  # (Chromium's policy)
    return {
        "url_protocol": url.scheme.lower() if url.scheme is not None else None,
        "url_host_name": url.host,
        "url_port": _int32(url.port_number),
        "url_path": url.path,
        "url_query": url.query,
        "url_host_registered_domain": _registered_domain(host) if host else None,
        "url_host_private_domain": dest.registrable_domain,
        "valid": url.is_valid,
        "edition": url.edition.id,
        "browser_host": host,
        "browser_port": _int32(dest.browser.port),
        "host_display": shown or None,
        "unwrapped": dest.unwrapping.final,
    }


def _max_severity(findings: Iterable[Diagnostic]) -> str | None:
    return max((d.severity for d in findings), key=_RANK.__getitem__, default=None)


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
    HTTP libraries too, as ``parse --json`` does; without, a row costs about a third.
    """
    numbers = range(first_line, first_line + len(urls)) if lines is None else lines
    if len(numbers) != len(urls):
        raise ValueError(f"{len(urls)} URLs but {len(numbers)} line numbers")
    judge = _Judge(edition, readers)
    columns = _Columns()
    for text, number in zip(urls, numbers, strict=True):
        base = {"url": text, "source": source, "line": number}
        if text is None:
            columns.add({**base, "valid": False, "error": "no URL in this record"}, ())
            continue
        values, findings = judge(text)
        columns.add({**values, **base}, findings)
    return columns.table()


_Judgement = tuple[dict[str, object], tuple[Diagnostic, ...]]


class _Judge:
    """Each URL's plain values and findings, found once for each distinct text of a
    partition (a log repeats its URLs; the judgement is a pure function of the text),
    what follows from a host once for each distinct host (a log repeats its hosts
    more), and the libraries' readings only where they could find something."""

    def __init__(self, edition: str, readers: bool) -> None:
        self.edition = edition
        self.readers = readers
        self.hosts = _host_judge()
        self.seen: dict[str, _Judgement] = {}

    def __call__(self, text: str) -> _Judgement:
        found = self.seen.get(text)
        if found is None:
            found = self.seen[text] = self._judge(text)
        return found

    def _judge(self, text: str) -> _Judgement:
        try:
            url = parse(text, self.edition)
            dest = destination(
                url,
                brands=self.hosts.brands,
                readers=self.readers,
                readings=self._readings(url),
                hosts=self.hosts,
            )
            findings = dest.diagnostics(url)
            values = _values(url, dest)
        except Exception as exc:  # a bug for one URL must not lose the others
            return {"valid": False, "error": f"{type(exc).__name__}: {exc}"}, ()
        values["max_severity"] = _max_severity(findings)
        return values, findings

    def _readings(self, url: URL) -> tuple[ReaderReading, ...] | None:
        """None (ask the libraries) where their readings could find something, else
        none at all: a row shows their findings, not the readings themselves."""
        if self.readers and not readers_could_differ(url, browser_reading(url.uri)):
            return ()
        return None


@cache
def _host_judge() -> HostJudge:
    # one a worker process: its hosts judged once over all the partitions it scans
    return HostJudge(top_domains())


def error_rows(
    source: str, lines: Sequence[int], urls: Sequence[str | None], error: str
) -> pa.Table:
    """A row for each of *lines* (its URL from *urls* when known, else None) saying
    that it was not inspected, and why."""
    columns = _Columns()
    for number, text in zip(lines, urls, strict=True):
        values = {"url": text, "source": source, "line": number, "valid": False, "error": error}
        columns.add(values, ())
    return columns.table()


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
