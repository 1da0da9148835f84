"""The GUI benchmark's code runs (a few keystrokes on a short URL); no timings asserted."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tests.benchmarks import bench_gui


def test_benchmark_table_has_every_row(qapp: QApplication) -> None:
    table = bench_gui.run(keys=2, long_size=8 * 1024)
    lines = table.splitlines()
    assert any(line.startswith("| 200 characters |") for line in lines)
    assert any(line.startswith("| 8 KiB |") for line in lines)
    header = next(line for line in lines if line.startswith("| URL |"))
    assert "peer" in header
    assert "frame" in header
