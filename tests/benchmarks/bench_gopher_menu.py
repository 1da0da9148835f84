"""Benchmark: parsing a gopher menu of 100,000 items, time and memory, against a naive
``split(b"\\r\\n")`` + ``split(b"\\t")`` loop measured in the same run.

Run: ``.venv/bin/python tests/benchmarks/bench_gopher_menu.py [--items N]``

Three readers of the same bytes:

* naive: the menu split into lines and fields, nothing more (no events, no URLs, no
  tolerance of LF-only lines or missing fields);
* urlinspector, without URLs: :class:`GopherReader` events (every field decoded and
  typed, the tolerance rules applied) but ``with_urls=False``;
* urlinspector: the same with every item's URL built (RFC 1738 §3.4), what the viewer uses.

The menu arrives in 64 KiB reads, as from a socket.  Time is the best of several rounds;
memory is the tracemalloc peak while parsing, the menu's own bytes not counted.
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from urlinspector.schemes.gopher import NEED_DATA, EndOfReply, GopherReader  # noqa: E402

READ = 65536


def make_menu(items: int) -> bytes:
    """A deterministic menu: mostly links of every common type, some info lines."""
    types = "0111799Iih"
    lines = []
    for i in range(items):
        t = types[i % len(types)]
        if t == "i":
            lines.append(b"iInformation line number %d of the menu\t\terror.host\t1" % i)
        else:
            lines.append(
                b"%sItem %d: a display string of a usual length\t/dir%d/item-%d.txt\t"
                b"gopher.example.org\t70" % (t.encode(), i, i % 97, i)
            )
    return b"\r\n".join(lines) + b"\r\n.\r\n"


def naive(data: bytes) -> list[list[bytes]]:
    """Lines split on CRLF, fields on TAB, up to the "." line."""
    rows = []
    for line in data.split(b"\r\n"):
        if line == b".":
            break
        rows.append(line.split(b"\t"))
    return rows


def reader(with_urls: bool) -> Callable[[bytes], list[object]]:
    """The menu fed to a GopherReader in 64 KiB reads; every event kept."""

    def parse(data: bytes) -> list[object]:
        r = GopherReader("menu", with_urls=with_urls)
        events: list[object] = []
        for start in range(0, len(data) + 1, READ):
            r.receive_data(data[start : start + READ])  # b"" at the end: the close
            while (event := r.next_event()) is not NEED_DATA:
                events.append(event)
                if isinstance(event, EndOfReply):
                    return events
        return events

    return parse


def measure(func: Callable[[bytes], list[Any]], data: bytes, rounds: int) -> tuple[float, int, int]:
    """(best seconds, tracemalloc peak bytes, rows) of ``func(data)``, its result kept."""
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        result = func(data)
        best = min(best, time.perf_counter() - start)
        del result
    gc.collect()
    tracemalloc.start()
    result = func(data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best, peak, len(result)


def run(items: int = 100_000, rounds: int = 3) -> str:
    data = make_menu(items)
    rows: list[tuple[str, Callable[[bytes], list[Any]]]] = [
        ("naive split loop", naive),
        ("urlinspector, without URLs", reader(False)),
        ("urlinspector (events and URLs)", reader(True)),
    ]
    results = [(name, *measure(func, data, rounds)) for name, func in rows]
    base_time, base_peak = results[0][1], results[0][2]
    lines = [
        f"gopher menu of {items:,} items ({len(data) / 1e6:.1f} MB), Python "
        f"{platform.python_version()} on {platform.machine()}",
        "",
        "| reader | time | per item | vs naive | memory peak | vs naive |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, seconds, peak, count in results:
        assert count >= items, (name, count)
        lines.append(
            f"| {name} | {seconds * 1000:.0f} ms | {seconds / items * 1e6:.2f} µs | "
            f"{seconds / base_time:.1f}x | {peak / 1e6:.1f} MB | {peak / base_peak:.1f}x |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(run(args.items, args.rounds))


if __name__ == "__main__":
    main()
