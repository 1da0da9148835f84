"""What scan reads: every input format, cut into parts, each record with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from tests.unit.scan.samples import WRITERS, write  # noqa: E402
from urlinspector.scan.inputs import expand, kind_of, plan, read_part  # noqa: E402

URLS = [
    "http://example.com/a",
    "https://user:pw@b.example/x?y=1",
    "ftp://ftp.example.org/pub/file.txt",
    "http://bücher.de/",
    "gopher://gopher.floodgap.com/1/world",
    "http://a b/",
    "https://www.google.com/url?q=https://evil.example/",
]


@pytest.mark.parametrize("name", sorted(WRITERS))
@pytest.mark.parametrize("size", [1, 2, 3, 100])
def test_every_format_gives_its_records_whatever_the_part_size(
    tmp_path: Path, name: str, size: int
) -> None:
    path, expected = write(tmp_path, name, URLS)
    parts = plan([str(path)], size=size)
    got = [(r.line, r.url) for part in parts for r in read_part(part)]
    assert got == expected
    assert all(part.count <= size for part in parts)
    assert [part.index for part in parts] == list(range(len(parts)))


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("urls.txt", "text"),
        ("urls.TXT.GZ", "text"),
        ("list", "text"),
        ("urls.jsonl.zst", "jsonl"),
        ("x.ndjson", "jsonl"),
        ("cdx-00000.gz", "text"),
        ("index.cdxj.gz", "cdxj"),
        ("part.parquet", "parquet"),
        ("CC-MAIN-2024.warc.gz", "warc"),
        ("old.arc.gz", "warc"),
    ],
)
def test_kind_by_name(name: str, kind: str) -> None:
    assert kind_of(name) == kind


def test_a_column_by_name(tmp_path: Path) -> None:
    path = tmp_path / "links.jsonl"
    path.write_text('{"link": "http://a.example/"}\n{"url": "http://b.example/"}\n')
    parts = plan([str(path)], column="link")
    assert [r.url for r in read_part(parts[0])] == ["http://a.example/", None]


def test_the_format_can_be_named(tmp_path: Path) -> None:
    path = tmp_path / "data.log"
    path.write_text('{"url": "http://a.example/"}\n')
    parts = plan([str(path)], kind="jsonl")
    assert [r.url for r in read_part(parts[0])] == ["http://a.example/"]


def test_globs_expand_in_order(tmp_path: Path) -> None:
    for name in ("b.txt", "a.txt", "c.log"):
        (tmp_path / name).write_text("http://x.example/\n")
    assert expand([str(tmp_path / "*.txt")]) == [str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]
    assert expand([f"file://{tmp_path}/c.*"]) == [f"file://{tmp_path}/c.log"]


@pytest.mark.parametrize("given", ["nothing-here.txt", "none-*.txt"])
def test_a_missing_input_is_an_error(tmp_path: Path, given: str) -> None:
    with pytest.raises(ValueError, match=r"nothing-here|no input matches"):
        plan([str(tmp_path / given)])


def test_a_parquet_file_without_the_column(tmp_path: Path) -> None:
    path, _ = write(tmp_path, "urls.parquet", URLS)
    with pytest.raises(ValueError, match=r"no column 'link'.*n, url"):
        plan([str(path)], column="link")


def test_a_line_too_long_is_a_record_without_url(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("http://a.example/\nhttp://b.example/" + "x" * (1 << 20) + "\nhttp://c/\n")
    records = [r for part in plan([str(path)]) for r in read_part(part)]
    assert [(r.line, r.url) for r in records] == [
        (1, "http://a.example/"),
        (2, None),
        (3, "http://c/"),
    ]


def test_undecodable_octets_are_replaced(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"http://caf\xe9.example/\n")
    (record,) = read_part(plan([str(path)])[0])
    assert record.url == "http://caf\ufffd.example/"
