"""Benchmark: a gopher menu of 100,000 items parsed and shown by the viewer (first paint
and the whole menu), time and memory, against peers measured in the same run.

Run: ``.venv/bin/python tests/benchmarks/bench_viewer.py [--items N] [--rounds R]``

Rows:

* naive split loop: the menu's bytes split into lines and fields (no events, no URLs,
  nothing shown): the floor of any reader;
* QListWidget: the same lines (naive split) put into a ``QListWidget``, one
  ``QListWidgetItem`` with an icon each, then painted: the widget way of showing a list;
* viewer, in process: ``GopherReader`` (events and URLs) fed in 64 KiB reads, each
  read's items appended to the viewer's ``MenuModel``, the ``MenuView`` painted after the
  first read (first paint) and at the end (all shown);
* viewer, over loopback: :class:`~urlinspector.gui.viewer.pane.ViewerPane` fetching the
  menu from a server on 127.0.0.1 (worker thread, driver, signals): time from
  ``navigate(parse())`` to the first paint of items, and to the last item shown.

Time is the best of the rounds; memory is the tracemalloc peak of one in-process run (the
menu's own bytes not counted).  The target is first paint and whole menu within 1 s.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from urlinspector.core import parse

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication, QListWidget, QListWidgetItem  # noqa: E402

from tests.benchmarks.bench_gopher_menu import make_menu, naive  # noqa: E402
from tests.support.servers import ScriptedServer, replies  # noqa: E402
from urlinspector.gui.palette import Formats  # noqa: E402
from urlinspector.gui.viewer.common import icon  # noqa: E402
from urlinspector.gui.viewer.gopher_view import GopherMenuPage, icon_name  # noqa: E402
from urlinspector.schemes.gopher import NEED_DATA, EndOfReply, GopherReader, MenuItem  # noqa: E402

READ = 65536
TARGET = 1.0


def _app() -> QApplication:
    app = QApplication.instance()
    return app if isinstance(app, QApplication) else QApplication([])


# --- peers ---------------------------------------------------------------------------------


def naive_only(data: bytes) -> tuple[float, float]:
    start = time.perf_counter()
    rows = naive(data)
    took = time.perf_counter() - start
    del rows
    return took, took


def list_widget(data: bytes) -> tuple[float, float]:
    """Every line into a QListWidget (with an icon), then painted."""
    start = time.perf_counter()
    widget = QListWidget()
    widget.resize(800, 600)
    first: float | None = None
    for number, fields in enumerate(naive(data)):
        head = fields[0]
        kind = head[:1].decode("latin-1")
        name = icon_name(kind)
        item = QListWidgetItem(head[1:].decode("utf-8", "replace"))
        if name is not None:
            item.setIcon(icon(name))
        widget.addItem(item)
        if number == 0:
            widget.grab()
            first = time.perf_counter() - start
    widget.grab()
    took = time.perf_counter() - start
    widget.deleteLater()
    return (first or took), took


# --- the viewer ----------------------------------------------------------------------------


def viewer_in_process(data: bytes, page: GopherMenuPage | None = None) -> tuple[float, float]:
    """(first paint, all shown) seconds: reads of 64 KiB, items appended per read."""
    page = page or GopherMenuPage(Formats("light"))
    page.resize(800, 600)
    model, view = page.model, page.view
    model.clear()
    start = time.perf_counter()
    reader = GopherReader("menu")
    first: float | None = None
    for offset in range(0, len(data) + 1, READ):
        reader.receive_data(data[offset : offset + READ])
        batch: list[MenuItem] = []
        done = False
        while (event := reader.next_event()) is not NEED_DATA:
            if isinstance(event, MenuItem):
                batch.append(event)
            elif isinstance(event, EndOfReply):
                done = True
                break
        model.append(batch)
        if first is None and batch:
            view.grab()
            first = time.perf_counter() - start
        if done:
            break
    view.grab()
    return (first or 0.0), time.perf_counter() - start


def viewer_over_loopback(data: bytes) -> tuple[float, float]:
    """(first paint, all shown) seconds for ViewerPane.navigate(parse()) to a loopback server."""
    from urlinspector.gui.viewer.pane import ViewerPane

    app = _app()
    server = ScriptedServer(replies(data))  # the same bytes to every request
    pane = ViewerPane(Formats("light"))
    pane.resize(900, 600)
    pane.show()
    app.processEvents()
    try:
        start = time.perf_counter()
        pane.navigate(parse(server.url("gopher", "/1/")))
        first: float | None = None
        deadline = start + 120
        while time.perf_counter() < deadline:
            app.processEvents()
            if first is None and pane.pages.gopher_page.model.rowCount() > 0:
                pane.pages.gopher_page.view.grab()
                first = time.perf_counter() - start
            if not pane.busy:
                break
            time.sleep(0.001)  # (the loop measures; it lets the pool threads run)
        pane.pages.gopher_page.view.grab()
        total = time.perf_counter() - start
        shown = pane.pages.gopher_page.model.rowCount()
        if shown != data.count(b"\r\n") - 1:
            raise RuntimeError(f"the viewer showed {shown} rows: {pane.toolbar.info.text()}")
        return (first or total), total
    finally:
        pane.shutdown()
        pane.deleteLater()
        server.close(5)


# --- measuring --------------------------------------------------------------------------------


def best(
    func: Callable[[bytes], tuple[float, float]], data: bytes, rounds: int
) -> tuple[float, float]:
    firsts, totals = [], []
    for _ in range(rounds):
        gc.collect()
        first, total = func(data)
        firsts.append(first)
        totals.append(total)
        _app().processEvents()
    return min(firsts), min(totals)


def peak_memory(data: bytes) -> int:
    """tracemalloc peak of reading the menu into the viewer's model (bytes)."""
    page = GopherMenuPage(Formats("light"))
    gc.collect()
    tracemalloc.start()
    viewer_in_process(data, page)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    page.deleteLater()
    return peak


def run(items: int = 100_000, rounds: int = 3, loopback: bool = True) -> str:
    _app()
    data = make_menu(items)
    rows: list[tuple[str, Callable[[bytes], tuple[float, float]]]] = [
        ("naive split loop (nothing shown)", naive_only),
        ("QListWidget, one item each", list_widget),
        ("viewer, in process", viewer_in_process),
    ]
    if loopback:
        rows.append(("viewer, over loopback (ViewerPane)", viewer_over_loopback))
    results = [(name, *best(func, data, rounds)) for name, func in rows]
    peak = peak_memory(data)
    widget_total = results[1][2]
    lines = [
        f"gopher menu of {items:,} items ({len(data) / 1e6:.1f} MB), Python "
        f"{platform.python_version()} on {platform.machine()}, best of {rounds}",
        "",
        "| path | first paint | all shown | all shown vs QListWidget |",
        "|---|---:|---:|---:|",
    ]
    for name, first, total in results:
        lines.append(
            f"| {name} | {first * 1000:.0f} ms | {total * 1000:.0f} ms | "
            f"{total / widget_total:.2f}x |"
        )
    viewer_first = max(r[1] for r in results[2:])
    viewer_total = max(r[2] for r in results[2:])
    verdict = "within" if viewer_first <= TARGET and viewer_total <= TARGET else "OVER"
    lines += [
        "",
        f"memory peak (tracemalloc), reading into the viewer's model: {peak / 1e6:.1f} MB "
        f"({peak / items:.0f} bytes an item)",
        f"target: first paint and the whole menu in at most {TARGET:g} s: {verdict} "
        f"(slowest viewer path: first paint {viewer_first * 1000:.0f} ms, "
        f"all shown {viewer_total * 1000:.0f} ms)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-loopback", action="store_true")
    args = parser.parse_args()
    from urlinspector.gui.launch import quiet_offscreen

    quiet_offscreen()
    print(run(args.items, args.rounds, loopback=not args.no_loopback))


if __name__ == "__main__":
    main()


__all__: list[Any] = []
