"""The same URLs written in every input format ``scan`` reads, with the records each
file should give: (line, URL), the line being the line, row or record number."""

from __future__ import annotations

import bz2
import gzip
import io
import json
from collections.abc import Callable
from pathlib import Path

Expected = list[tuple[int, str | None]]


def _text(path: Path, urls: list[str]) -> Expected:
    # an empty line after the first URL: skipped, and counted
    lines = [urls[0], "", *urls[1:]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [(1, urls[0]), *((i + 3, u) for i, u in enumerate(urls[1:]))]


def _compressed(compress: Callable[[bytes], bytes]) -> Callable[[Path, list[str]], Expected]:
    def write(path: Path, urls: list[str]) -> Expected:
        plain = path.with_name(path.name + ".plain")
        expected = _text(plain, urls)
        path.write_bytes(compress(plain.read_bytes()))
        plain.unlink()
        return expected

    return write


def _zstd(data: bytes) -> bytes:
    import zstandard

    return zstandard.ZstdCompressor().compress(data)


def _jsonl(path: Path, urls: list[str]) -> Expected:
    # the second record has no url field: a row without a URL
    records = [{"url": urls[0], "status": 200}, {"host": "x"}]
    records += [{"url": u, "status": 200} for u in urls[1:]]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return [(1, urls[0]), (2, None), *((i + 3, u) for i, u in enumerate(urls[1:]))]


def _cdxj(path: Path, urls: list[str]) -> Expected:
    lines = [
        f"com,example)/{i} 20240101{i:06d} {json.dumps({'url': u, 'mime': 'text/html'})}"
        for i, u in enumerate(urls)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [(i + 1, u) for i, u in enumerate(urls)]


def _parquet(path: Path, urls: list[str]) -> Expected:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table({"n": list(range(len(urls))), "url": urls})
    pq.write_table(table, path, row_group_size=max(1, len(urls) // 3))
    return [(i + 1, u) for i, u in enumerate(urls)]


def _warc(path: Path, urls: list[str]) -> Expected:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as out:
        writer = WARCWriter(out, gzip=True)
        writer.write_record(writer.create_warcinfo_record("test.warc.gz", {"software": "t"}))
        for url in urls:
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/plain")], "HTTP/1.0")
            record = writer.create_warc_record(
                url, "response", payload=io.BytesIO(b"hi"), length=2, http_headers=headers
            )
            writer.write_record(record)
    # (warcio reads a space in a WARC-Target-URI, which WARC forbids, as %20)
    return [(i + 1, u.replace(" ", "%20")) for i, u in enumerate(urls)]


def _arc(path: Path, urls: list[str]) -> Expected:
    # ARC version 1 (the Internet Archive's format before WARC): a file header record,
    # then "URL IP DATE MIME LENGTH" and the content, each record followed by a newline
    body = b"1 0 Test\nURL IP-address Archive-date Content-type Archive-length\n"
    out = b"filedesc://test.arc 0.0.0.0 20240101000000 text/plain %d\n%s\n" % (len(body), body)
    for url in urls:
        content = b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhi"
        head = f"{url} 127.0.0.1 20240101000000 text/plain {len(content)}\n".encode()
        out += head + content + b"\n"
    path.write_bytes(out)
    # (a space cannot be in an ARC header's URL: warcio reads it as %20)
    return [(i + 1, u.replace(" ", "%20")) for i, u in enumerate(urls)]


WRITERS: dict[str, Callable[[Path, list[str]], Expected]] = {
    "urls.txt": _text,
    "urls.txt.gz": _compressed(gzip.compress),
    "urls.txt.bz2": _compressed(bz2.compress),
    "urls.txt.zst": _compressed(_zstd),
    "urls.jsonl": _jsonl,
    "index.cdxj": _cdxj,
    "urls.parquet": _parquet,
    "crawl.warc.gz": _warc,
    "crawl.arc": _arc,
}
"""File name (its suffix says the format) -> what writes it."""


def write(folder: Path, name: str, urls: list[str]) -> tuple[Path, Expected]:
    path = folder / name
    return path, WRITERS[name](path, urls)
