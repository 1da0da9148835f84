"""The scan benchmark's code works (on a few hundred lines); it asserts no timings."""

from __future__ import annotations

from pathlib import Path

from tests.unit.scan import require_scan_extra

require_scan_extra()

from tests.benchmarks import bench_scan  # noqa: E402


def test_the_peer_and_the_floor_time_their_own_loops(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("http://example.com/\nnot a url\nhttps://[::1]:8443/a\n", encoding="utf-8")
    for script in (bench_scan.PEER, bench_scan.FLOOR):
        wall, cpu = bench_scan._loop_seconds(path, script)
        assert 0 < wall < 5
        assert 0 <= cpu < 5


def test_benchmark_table_has_every_row_and_labels_the_subset() -> None:
    table = bench_scan.run(lines=400, jsonl_lines=100)
    assert "400 URLs a line" in table
    assert "parse --jsonl (timed on the first 100 lines)" in table
    rows = ("composed peer", "reading alone", "scan, 1 worker", "scan, 2 workers", "--no-readers")
    for name in rows:
        assert f"{name}" in table
    assert "Two workers against one" in table
    assert "load average" in table
    assert "distinct hosts" in table


def test_the_default_is_a_million_lines_and_parse_jsonl_a_subset() -> None:
    args = bench_scan.parser().parse_args([])
    assert (args.lines, args.jsonl_lines, args.host_pool) == (1_000_000, 100_000, 0)


def test_the_distinct_hosts_are_the_browsers() -> None:
    urls = [
        "http://a.example/x",
        "http://A.EXAMPLE/y",
        "not a url",
        "file:///x",
        "https://b.example",
    ]
    assert bench_scan.distinct_hosts(urls) == 2
