"""The start-up benchmark's code runs (one round: each window started and painted);
no timings asserted."""

from __future__ import annotations

from tests.benchmarks import bench_startup


def test_the_benchmark_table_has_both_windows() -> None:
    table = bench_startup.run(rounds=1)
    lines = table.splitlines()
    assert any(line.startswith("| bare PySide6 window | ") for line in lines)
    assert any(line.startswith("| `urlinspector gui` | ") for line in lines)
