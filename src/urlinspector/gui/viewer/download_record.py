"""What one download is at a moment: a typed record that the download list, the save
dialog and the status line all read, so that their figures agree.

A :class:`DownloadRecord` is replaced as a whole (frozen, built by keyword) each time
its download reports; :class:`SpeedMeter` smooths the speed over the last seconds so
that the time left does not jump with every read; the ``*_text`` functions are what
the views show.  Nothing here touches Qt or the network.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from urlinspector.core import URL

__all__ = [
    "DownloadRecord",
    "DownloadState",
    "SpeedMeter",
    "duration_text",
    "format_size",
    "progress_text",
    "speed_text",
    "state_text",
    "time_left",
]

SPEED_SMOOTHING = 3.0
"""Seconds over which the speed is smoothed (an exponential moving average)."""


def format_size(size: int | None) -> str:
    """``512 bytes``, ``1.5 KiB``, ``12.0 MiB``; ``?`` for None."""
    if size is None:
        return "?"
    if size < 1024:
        return f"{size} byte{'s' if size != 1 else ''}"
    value = float(size)
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        value /= 1024
        if value < 1024 or unit == "TiB":
            break
    return f"{value:.1f} {unit}"


class DownloadState(Enum):
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class DownloadRecord:
    """One row of the download list."""

    key: int
    """Its number in this session (1, 2, ...)."""
    name: str
    """The file name offered (or chosen) for it."""
    url: URL
    """The URL downloaded, as it was read."""
    done: int = 0
    """Octets received so far (after a resume: with those of the partial file)."""
    total: int | None = None
    """The size the server told (ftp SIZE, a Gopher+ size), None when unknown."""
    speed: float | None = None
    """Octets per second, smoothed; None before there is a measure."""
    state: DownloadState = DownloadState.RUNNING
    message: str = ""
    """Why it failed, or what happened to the file (saved as …)."""
    target: Path | None = None
    """Where the file was saved, once it was."""
    resumable: bool = False
    """A partial file is kept and the server can restart where it was cut."""
    no_resume: str = ""
    """Why this download cannot resume (shown after a cut), "" when it can."""
    retriable: bool = True
    """Retry can fetch it again (False for bytes offered as they are: a page's text)."""

    def with_progress(self, done: int, total: int | None, speed: float | None) -> DownloadRecord:
        return replace(
            self, done=done, total=total if total is not None else self.total, speed=speed
        )

    @property
    def running(self) -> bool:
        return self.state is DownloadState.RUNNING

    @property
    def folder(self) -> Path | None:
        return self.target.parent if self.target is not None else None


class SpeedMeter:
    """The speed of a transfer, smoothed over :data:`SPEED_SMOOTHING` seconds."""

    def __init__(self, smoothing: float = SPEED_SMOOTHING) -> None:
        self.smoothing = smoothing
        self.speed: float | None = None
        self._last: tuple[float, int] | None = None

    def restart(self, when: float, done: int) -> None:
        """A new attempt starts at *done* octets (0, or the partial file's size)."""
        self._last = (when, done)
        self.speed = None

    def add(self, when: float, done: int) -> float | None:
        """*done* octets at monotonic time *when*: the smoothed speed."""
        if self._last is None:
            self._last = (when, done)
            return self.speed
        then, before = self._last
        elapsed = when - then
        if elapsed <= 0:
            return self.speed
        rate = max(0, done - before) / elapsed
        weight = 1 - math.exp(-elapsed / self.smoothing)
        self.speed = rate if self.speed is None else self.speed + weight * (rate - self.speed)
        self._last = (when, done)
        return self.speed


def time_left(record: DownloadRecord) -> float | None:
    """Seconds left at the current speed, None when the size or speed is unknown."""
    if record.total is None or not record.speed or not record.running:
        return None
    return max(0, record.total - record.done) / record.speed


def progress_text(record: DownloadRecord) -> str:
    """``24.2 MiB of 286.1 MiB``, or ``24.2 MiB`` when the size is unknown."""
    done = format_size(record.done)
    return f"{done} of {format_size(record.total)}" if record.total is not None else done


def speed_text(record: DownloadRecord) -> str:
    if not record.running or record.speed is None:
        return ""
    return f"{format_size(int(record.speed))}/s"


def duration_text(seconds: float | None) -> str:
    """``45 s``, ``3 min 20 s``, ``2 h 05 min``; ``""`` for None."""
    if seconds is None:
        return ""
    whole = math.ceil(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def state_text(record: DownloadRecord) -> str:
    """The state column: ``running``, ``done``, ``cancelled``, ``failed: …``, with what
    can happen next after a cut."""
    text = record.state.value
    if record.state is DownloadState.FAILED and record.message:
        text = f"failed: {record.message}"
    elif record.message:
        text = f"{text}: {record.message}"
    if record.state in (DownloadState.CANCELLED, DownloadState.FAILED):
        if record.resumable:
            text += f" · Resume continues from {format_size(record.done)}"
        elif record.no_resume:
            text += f" · {record.no_resume}"
    return text
