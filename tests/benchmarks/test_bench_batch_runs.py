"""The batch benchmark's code works (on a few hundred lines); it asserts no timings."""

from __future__ import annotations

from pathlib import Path

from tests.benchmarks import bench_batch


def test_lines_file_has_one_url_a_line(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    assert bench_batch.write_lines(path, 500) == 500
    lines = path.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    assert lines[-1] == ""
    assert len(lines) == 501
    assert all(lines[:-1])


def test_benchmark_table_has_every_row() -> None:
    table = bench_batch.run(lines=300, rounds=1)
    for name in ("urlsplit loop", "parse --jsonl |", "--jobs", "--select security"):
        assert name in table
    assert "300 URLs" in table
