"""The gopher menu benchmark's code works (on a small menu); it asserts no timings."""

from __future__ import annotations

from tests.benchmarks import bench_gopher_menu
from urlinspector.schemes.gopher import MenuItem, read_all
from urlinspector.schemes.gopher.protocol import GopherReader


def test_the_menu_is_deterministic_and_parses_whole() -> None:
    data = bench_gopher_menu.make_menu(500)
    assert data == bench_gopher_menu.make_menu(500)
    items = [e for e in read_all(GopherReader("menu"), data) if isinstance(e, MenuItem)]
    assert len(items) == 500
    assert {i.itemtype for i in items} == set("0179Iih")
    assert all(i.url for i in items if i.itemtype != "i")
    assert len(bench_gopher_menu.naive(data)) == 500


def test_every_reader_gives_every_item() -> None:
    data = bench_gopher_menu.make_menu(300)
    for with_urls in (False, True):
        events = bench_gopher_menu.reader(with_urls)(data)
        assert len(events) == 301  # the items and the end


def test_the_table_has_every_row() -> None:
    table = bench_gopher_menu.run(items=2000, rounds=1)
    for name in ("naive split loop", "without URLs", "events and URLs", "memory peak"):
        assert name in table
