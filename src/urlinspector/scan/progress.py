"""A scan's progress on stderr: one line redrawn on a terminal (``bar``), or JSON lines
that a scheduler such as Airflow reads (``json``, the default off a terminal).

Each JSON line is one object with an ``event``:

- ``start``: ``parts``, ``lines`` (input lines or records in all), ``dashboard`` (the
  address of Dask's dashboard, or null);
- ``progress`` (at most one every :data:`EVERY` seconds): ``lines_done``, ``lines``,
  ``parts_done``, ``parts``, ``rate`` (lines a second), ``seconds_left``;
- ``done``: the same as ``progress``, once, at the end;
- ``stopping``: the scan was interrupted, ``running`` parts are let finish.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, TextIO

__all__ = ["EVERY", "MODES", "Progress", "mode_for"]

MODES = ("auto", "bar", "json", "none")
EVERY = 1.0
"""Seconds between two JSON progress lines, at least."""


def mode_for(chosen: str, stream: TextIO = sys.stderr) -> str:
    """The mode *chosen* (``auto``: ``bar`` on a terminal, else ``json``)."""
    if chosen != "auto":
        return chosen
    return "bar" if stream.isatty() else "json"


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"


class Progress:
    """Input lines (records) and parts done, the rate and the time left, written to
    *stream* as *mode* says (``bar``, ``json``; ``none`` or no stream: nothing)."""

    def __init__(
        self, stream: TextIO | None, total: int, mode: str = "bar", *, parts: int = 0
    ) -> None:
        self.stream = stream if mode in ("bar", "json") else None
        self.mode = mode
        self.total = total
        self.parts = parts
        self.done = 0
        self.parts_done = 0
        self.started = time.monotonic()
        self._last = float("-inf")

    def _json(self, event: str, **fields: Any) -> None:
        assert self.stream is not None
        self.stream.write(json.dumps({"event": event, **fields}, ensure_ascii=False) + "\n")
        self.stream.flush()

    def start(self, dashboard: str | None) -> None:
        """Say that the scan starts (and where its dashboard is, if it has one)."""
        if self.stream is None:
            return
        if self.mode == "json":
            self._json("start", parts=self.parts, lines=self.total, dashboard=dashboard)
        elif dashboard:
            self.stream.write(f"dashboard: {dashboard}\n")
            self.stream.flush()

    def stopping(self, running: int) -> None:
        """Say that the scan was interrupted, and waits for *running* parts."""
        if self.stream is None:
            return
        if self.mode == "json":
            self._json("stopping", running=running)
            return
        self.stream.write(
            f"\ninterrupted: letting the {running} parts being scanned finish writing "
            "(Ctrl-C again leaves them to write after this exits)\n"
        )
        self.stream.flush()

    def update(self, count: int, *, final: bool = False, part: bool = True) -> None:
        self.done += count
        self.parts_done += part and not final
        if self.stream is None:
            return
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate else 0.0
        if self.mode == "json":
            now = time.monotonic()
            if final or now - self._last >= EVERY:
                self._last = now
                self._json(
                    "done" if final else "progress",
                    lines_done=self.done,
                    lines=self.total,
                    parts_done=self.parts_done,
                    parts=self.parts,
                    rate=round(rate, 1),
                    seconds_left=0.0 if final else round(left, 1),
                )
            return
        share = 100 * self.done / self.total if self.total else 100.0
        text = f"{self.done:,} of {self.total:,} lines ({share:.0f}%), {rate:,.0f} a second"
        text += "" if final else f", {_duration(left)} left"
        self.stream.write("\r" + text + ("\n" if final else "\x1b[K"))
        self.stream.flush()
