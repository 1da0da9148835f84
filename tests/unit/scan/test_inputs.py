"""What scan reads: every input format, cut into parts, each record with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from tests.unit.scan.samples import WRITERS, write  # noqa: E402
from urlinspector.core.limits import MAX_INPUT  # noqa: E402
from urlinspector.scan.inputs import (  # noqa: E402
    InputError,
    Reading,
    expand,
    kind_of,
    plan,
    plan_files,
    read_part,
)

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


def _sources(inputs: list[str]) -> list[str]:
    return [f.source for f in expand(inputs)]


def test_globs_expand_in_order(tmp_path: Path) -> None:
    for name in ("b.txt", "a.txt", "c.log"):
        (tmp_path / name).write_text("http://x.example/\n")
    assert _sources([str(tmp_path / "*.txt")]) == [str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]
    assert _sources([f"file://{tmp_path}/c.*"]) == [str(tmp_path / "c.log")]


def test_an_input_is_named_the_same_however_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "urls.txt").write_text("http://x.example/\n")
    monkeypatch.chdir(tmp_path)
    given = ["urls.txt", "./u*.txt", str(tmp_path / "urls.txt"), f"file://{tmp_path}/urls.txt"]
    assert {source for g in given for source in _sources([g])} == {str(tmp_path / "urls.txt")}


def test_a_folder_means_its_files_recursively_in_path_order(tmp_path: Path) -> None:
    for name in ("b/2.txt", "b/10.txt", "a.txt", "B.txt", "c/d/e.jsonl", ".hidden.txt", ".git/x"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("http://x.example/\n")
    found = _sources([str(tmp_path)])
    assert found == [
        str(tmp_path / name) for name in ("B.txt", "a.txt", "b/10.txt", "b/2.txt", "c/d/e.jsonl")
    ]


def test_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="holds no file"):
        expand([str(tmp_path)])


@pytest.mark.parametrize("given", ["nothing-here.txt", "none-*.txt"])
def test_a_missing_input_is_an_error(tmp_path: Path, given: str) -> None:
    with pytest.raises(ValueError, match=r"nothing-here|no input matches"):
        plan([str(tmp_path / given)])


def test_a_parquet_file_without_the_column(tmp_path: Path) -> None:
    path, _ = write(tmp_path, "urls.parquet", URLS)
    with pytest.raises(ValueError, match=r"no column 'link'.*n, url"):
        plan([str(path)], column="link")


def test_a_line_over_the_cap_is_a_record_without_url_saying_its_length(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    long = "http://b.example/" + "x" * (3 * MAX_INPUT)
    path.write_text(f"http://a.example/\n{long}\nhttp://c/\n")
    for size in (1, 100):
        records = [r for part in plan([str(path)], size=size) for r in read_part(part)]
        assert [(r.line, r.url) for r in records] == [
            (1, "http://a.example/"),
            (2, None),
            (3, "http://c/"),
        ]
        assert records[1].error == (
            f"a record of {len(long) + 1:,} bytes, over the {MAX_INPUT:,}-byte cap: not read"
        )


def test_a_parquet_cell_over_the_cap(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "t.parquet"
    long = "http://b.example/" + "é" * MAX_INPUT
    pq.write_table(pa.table({"url": ["http://a.example/", long, None]}), path)
    records = read_part(plan([str(path)])[0])
    assert [(r.line, r.url) for r in records] == [(1, "http://a.example/"), (2, None), (3, None)]
    assert records[1].error is not None
    assert f"{len(long.encode()):,} bytes" in records[1].error
    assert records[2].error is None


def _truncated_gzip(path: Path, lines: int) -> bytes:
    import gzip

    whole = gzip.compress("".join(f"http://h{i}.example/\n" for i in range(lines)).encode())
    path.write_bytes(whole[: len(whole) * 2 // 3])
    return whole


@pytest.mark.parametrize("on_error", ["rows", "skip"])
def test_an_unreadable_input_keeps_what_came_before_its_fault(
    tmp_path: Path, on_error: str
) -> None:
    good = tmp_path / "a.txt"
    good.write_text("http://a.example/\n")
    broken = tmp_path / "b.txt.gz"
    _truncated_gzip(broken, 20_000)
    files = expand([str(good), str(broken)])
    planned = plan_files(files, Reading(part_size=1000, on_error=on_error))
    (fault,) = planned.unreadable
    assert fault["source"] == str(broken)
    assert "EOFError" in fault["error"] or "Error" in fault["error"]
    assert fault["written"] == (on_error == "rows")
    readable = [r for p in planned.parts if p.error is None for r in read_part(p)]
    assert readable[0] == (1, "http://a.example/", None)
    from_broken = [r for r in readable if r.line > 0][1:]
    assert [r.url for r in from_broken] == [
        f"http://h{i}.example/" for i in range(len(from_broken))
    ]
    assert len(from_broken) == fault["line"] - 1 > 1000
    errors = [r for p in planned.parts if p.error is not None for r in read_part(p)]
    if on_error == "rows":
        (row,) = errors
        assert row.line == fault["line"]
        assert row.url is None
        assert row.error is not None
        assert row.error.startswith("unreadable input: ")
    else:
        assert errors == []


def test_an_unreadable_input_fails_the_plan_by_default(tmp_path: Path) -> None:
    broken = tmp_path / "b.txt.gz"
    _truncated_gzip(broken, 2000)
    with pytest.raises(InputError, match=r"cannot read .*b\.txt\.gz' as text at record .*on-error"):
        plan([str(broken)])


def test_undecodable_octets_are_replaced(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"http://caf\xe9.example/\n")
    (record,) = read_part(plan([str(path)])[0])
    assert record.url == "http://caf\ufffd.example/"


def test_memory_stays_bounded_whatever_a_line_decompresses_to(tmp_path: Path) -> None:
    import gzip
    import tracemalloc

    path = tmp_path / "one-line.txt.gz"
    line = b"http://a.example/" + b"a" * (64 << 20)  # (64 MiB of line, 64 KiB of gzip)
    path.write_bytes(gzip.compress(line + b"\nhttp://b.example/\n", 9))
    tracemalloc.start()
    try:
        records = [r for part in plan([str(path)]) for r in read_part(part)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [(r.line, r.url) for r in records] == [(1, None), (2, "http://b.example/")]
    assert records[0].error is not None
    assert f"{len(line) + 1:,} bytes" in records[0].error
    assert peak < 8 * MAX_INPUT  # (a few blocks of the cap, not the line)
