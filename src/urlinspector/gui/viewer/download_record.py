"""What one download is at a moment: a typed record that the download list, the save
dialog and the status line all read, so that their figures agree.

A :class:`DownloadRecord` is replaced as a whole (frozen, built by keyword) each time
its download reports; :class:`SpeedMeter` smooths the speed over the last seconds so
that the time left does not jump with every read; the ``*_text`` functions are what
the views show, and :func:`can_retry`, :func:`can_open_folder` what the buttons allow.
A download is done only once its file has a place: while the save dialog still asks
where, it is :attr:`DownloadState.DOWNLOADED`.  Nothing here touches Qt or the network.
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
    "can_open_folder",
    "can_retry",
    "duration_text",
    "format_size",
    "progress_text",
    "speed_text",
    "state_text",
    "status_text",
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
    """Where a download is: the state column shows the value."""

    RUNNING = "running"
    DOWNLOADED = "downloaded"
    """Every octet is in the partial file; the save dialog asks where it goes."""
    DONE = "done"
    """Saved: the file is in its place (:attr:`DownloadRecord.target`)."""
    NOT_SAVED = "not saved"
    """The save dialog was closed without saving: the octets are gone."""
    CANCELLED = "cancelled"
    FAILED = "failed"


_RETRIABLE = frozenset({DownloadState.NOT_SAVED, DownloadState.CANCELLED, DownloadState.FAILED})
"""The states Retry starts again from: nothing of the download is kept as a file."""


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


def can_retry(record: DownloadRecord) -> bool:
    """Retry (from the first octet) is offered: after a cut or a file not saved, never
    while it runs, while its file waits for a place, or once it has one."""
    return record.retriable and record.state in _RETRIABLE


def can_open_folder(record: DownloadRecord) -> bool:
    """Open folder is offered once the file has a place."""
    return record.state is DownloadState.DONE and record.target is not None


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
    if record.state is DownloadState.DOWNLOADED:
        text = f"{text}: {record.message or 'choose where to save it'}"
    elif record.state is DownloadState.FAILED and record.message:
        text = f"failed: {record.message}"
    elif record.message:
        text = f"{text}: {record.message}"
    if record.state in (DownloadState.CANCELLED, DownloadState.FAILED):
        if record.resumable:
            text += f" · Resume continues from {format_size(record.done)}"
        elif record.no_resume:
            text += f" · {record.no_resume}"
    return text


def status_text(record: DownloadRecord, shortcut: str = "") -> str:
    """The status bar's line for *record*'s state (the window's shortcut of the
    download list, *shortcut*, named while it runs)."""
    state, name = record.state, record.name
    if state is DownloadState.RUNNING:
        where = f" ({shortcut})" if shortcut else ""
        return f"Downloading {name}: its progress is in the Downloads window{where}."
    if state is DownloadState.DOWNLOADED:
        return f"Downloaded {name} ({format_size(record.done)}): choose where to save it."
    if state is DownloadState.DONE:
        return f"Saved as {record.target}." if record.target is not None else f"{name}: done."
    if state is DownloadState.NOT_SAVED:
        return f"{name} was not saved."
    if state is DownloadState.CANCELLED:
        return f"The download of {name} was cancelled."
    return f"The download of {name} failed: {record.message or 'the transfer broke'}"
