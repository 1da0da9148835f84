"""The viewer benchmark's code works (on a small menu); it asserts no timings."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from tests.benchmarks import bench_viewer
from tests.benchmarks.bench_gopher_menu import make_menu

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")
"""The offscreen platform cannot pass size hints to a window manager it does not have."""


@pytest.fixture
def qt(qapp: Any) -> Any:
    return qapp


def test_every_path_shows_every_item(qt: Any) -> None:
    data = make_menu(400)
    for path in (bench_viewer.list_widget, bench_viewer.viewer_in_process):
        first, total = path(data)
        assert 0 < first <= total
    first, total = bench_viewer.viewer_over_loopback(data)
    assert 0 < first <= total


def test_the_table_has_every_row(qt: Any) -> None:
    table = bench_viewer.run(items=1000, rounds=1)
    for name in (
        "naive split loop",
        "QListWidget",
        "viewer, in process",
        "viewer, over loopback",
        "memory peak",
        "target:",
    ):
        assert name in table
