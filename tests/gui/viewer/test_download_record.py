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
    duration_text,
    progress_text,
    speed_text,
    state_text,
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
