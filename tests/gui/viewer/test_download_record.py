"""The download record's figures as every view shows them: sizes, speed, time left,
state; and the smoothed speed."""

from __future__ import annotations

from pathlib import Path

import pytest

from urlinspector.core import parse
from urlinspector.gui.viewer.download_record import (
    DownloadRecord,
    DownloadState,
    SpeedMeter,
    can_open_folder,
    can_retry,
    duration_text,
    progress_text,
    speed_text,
    state_text,
    status_text,
    time_left,
)
from urlinspector.gui.viewer.handlers.gopher import NO_RANGES

MiB = 1024 * 1024


def rec(**fields: object) -> DownloadRecord:
    base: dict[str, object] = {"key": 1, "name": "big.bin", "url": parse("ftp://h/big.bin")}
    return DownloadRecord(**{**base, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("done", "total", "expected"),
    [
        (0, 300 * MiB, "0 bytes of 300.0 MiB"),
        (int(24.2 * MiB), int(286.1 * MiB), "24.2 MiB of 286.1 MiB"),
        (1, None, "1 byte"),
        (1536, None, "1.5 KiB"),
        (10 * MiB, 10 * MiB, "10.0 MiB of 10.0 MiB"),
    ],
)
def test_progress_text(done: int, total: int | None, expected: str) -> None:
    assert progress_text(rec(done=done, total=total)) == expected


@pytest.mark.parametrize(
    ("seconds", "expected"),
    [
        (None, ""),
        (0.2, "1 s"),
        (59, "59 s"),
        (61, "1 min 01 s"),
        (3599, "59 min 59 s"),
        (7500, "2 h 05 min"),
    ],
)
def test_duration_text(seconds: float | None, expected: str) -> None:
    assert duration_text(seconds) == expected


@pytest.mark.parametrize(
    ("fields", "left"),
    [
        ({"done": 0, "total": 10 * MiB, "speed": float(MiB)}, 10.0),
        ({"done": 5 * MiB, "total": 10 * MiB, "speed": float(MiB)}, 5.0),
        ({"done": 5 * MiB, "total": None, "speed": float(MiB)}, None),  # size unknown
        ({"done": 5 * MiB, "total": 10 * MiB, "speed": None}, None),  # no measure yet
        ({"done": 5, "total": 10, "speed": 1.0, "state": DownloadState.CANCELLED}, None),
    ],
)
def test_time_left(fields: dict[str, object], left: float | None) -> None:
    assert time_left(rec(**fields)) == left


def test_speed_shows_only_while_running() -> None:
    assert speed_text(rec(speed=2.5 * MiB)) == "2.5 MiB/s"
    assert speed_text(rec(speed=2.5 * MiB, state=DownloadState.DONE)) == ""


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, "running"),
        ({"state": DownloadState.DOWNLOADED}, "downloaded: choose where to save it"),
        ({"state": DownloadState.NOT_SAVED}, "not saved"),
        (
            {"state": DownloadState.DONE, "message": "saved as /t/big.bin"},
            "done: saved as /t/big.bin",
        ),
        (
            {"state": DownloadState.CANCELLED, "resumable": True, "done": 3 * MiB},
            "cancelled · Resume continues from 3.0 MiB",
        ),
        (
            {"state": DownloadState.CANCELLED, "no_resume": NO_RANGES},
            f"cancelled · {NO_RANGES}",
        ),
        (
            {"state": DownloadState.FAILED, "message": "the connection broke", "resumable": True},
            "failed: the connection broke · Resume continues from 0 bytes",
        ),
    ],
)
def test_state_text(fields: dict[str, object], expected: str) -> None:
    assert state_text(rec(**fields)) == expected


SAVED = {"state": DownloadState.DONE, "target": Path("/t/big.bin")}


@pytest.mark.parametrize(
    ("fields", "retry", "folder"),
    [
        ({}, False, False),  # running
        ({"state": DownloadState.DOWNLOADED}, False, False),  # the dialog asks where
        (SAVED, False, True),
        ({"state": DownloadState.NOT_SAVED}, True, False),
        ({"state": DownloadState.CANCELLED}, True, False),
        ({"state": DownloadState.FAILED}, True, False),
        ({"state": DownloadState.FAILED, "retriable": False}, False, False),  # a page's text
    ],
)
def test_the_buttons_follow_the_state(fields: dict[str, object], retry: bool, folder: bool) -> None:
    assert can_retry(rec(**fields)) is retry
    assert can_open_folder(rec(**fields)) is folder


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, "Downloading big.bin: its progress is in the Downloads window (Ctrl+Shift+Y)."),
        (
            {"state": DownloadState.DOWNLOADED, "done": 3 * MiB},
            "Downloaded big.bin (3.0 MiB): choose where to save it.",
        ),
        (SAVED, "Saved as /t/big.bin."),
        ({"state": DownloadState.NOT_SAVED}, "big.bin was not saved."),
        ({"state": DownloadState.CANCELLED}, "The download of big.bin was cancelled."),
        (
            {"state": DownloadState.FAILED, "message": "426 Connection lost"},
            "The download of big.bin failed: 426 Connection lost",
        ),
    ],
)
def test_the_status_line_follows_the_state(fields: dict[str, object], expected: str) -> None:
    assert status_text(rec(**fields), "Ctrl+Shift+Y") == expected


def test_the_folder_is_the_saved_files() -> None:
    assert rec().folder is None
    assert rec(target=Path("/t/big.bin")).folder == Path("/t")


def test_the_speed_is_smoothed_over_seconds() -> None:
    meter = SpeedMeter(smoothing=3.0)
    meter.restart(0.0, 0)
    assert meter.add(1.0, MiB) == MiB  # the first measure as it is
    steady = meter.add(2.0, 2 * MiB)
    assert steady == pytest.approx(MiB)
    burst = meter.add(2.1, 2 * MiB + MiB)  # 10 MiB/s for a tenth of a second
    assert burst is not None
    assert MiB < burst < 2 * MiB  # moves towards it, does not jump to it
    assert meter.add(2.1, 4 * MiB) == burst  # no time passed: no new measure
    meter.restart(5.0, 3 * MiB)  # a resume starts from the partial file's size
    assert meter.speed is None
    assert meter.add(6.0, 4 * MiB) == MiB
