"""``urlinspector scan`` refuses bad arguments and inputs on one line (exit status 2),
before any cluster starts; the progress line."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from urlinspector.cli import main  # noqa: E402
from urlinspector.scan.driver import Progress  # noqa: E402
from urlinspector.scan.progress import mode_for  # noqa: E402


def _corrupt(tmp_path: Path) -> str:
    path = tmp_path / "broken.txt.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00 not gzip at all")
    return str(path)


def _no_column(tmp_path: Path) -> str:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "t.parquet"
    pq.write_table(pa.table({"link": ["http://a.example/"]}), path)
    return str(path)


@pytest.mark.parametrize(
    ("make", "extra", "message"),
    [
        (lambda p: str(p / "missing.txt"), [], "missing.txt' : no such file"),
        (lambda p: str(p / "none-*.txt"), [], "no input matches"),
        (lambda p: "nosuchprotocol://bucket/x.txt", [], "cannot read 'nosuchprotocol://"),
        (_corrupt, [], "cannot read '"),
        (_no_column, [], "has no column 'url' (it has link)"),
        (lambda p: str(p / "x.txt"), ["--workers", "0"], "0 is not 1 to 1,024"),
        (lambda p: str(p / "x.txt"), ["--workers", "2", "--scheduler", "tcp://h:1"], "either"),
        (lambda p: str(p / "x.txt"), ["--format", "csv"], "invalid choice: 'csv'"),
    ],
)
def test_misuse_is_one_line_and_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path], str],
    extra: list[str],
    message: str,
) -> None:
    (tmp_path / "x.txt").write_text("http://a.example/\n")
    status = main(["scan", make(tmp_path), "--out", str(tmp_path / "out"), *extra])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1
    assert message.replace("' :", "':") in err


def test_progress_counts_lines_rate_and_time_left() -> None:
    stream = io.StringIO()
    progress = Progress(stream, 1000)
    progress.update(250)
    progress.update(750, final=True)
    first, _, last = stream.getvalue().partition("\x1b[K")
    assert "250 of 1,000 lines (25%)" in first
    assert "left" in first
    assert last.strip().startswith("1,000 of 1,000 lines (100%)")
    assert last.endswith("\n")


def test_no_progress_off_a_terminal() -> None:
    progress = Progress(None, 10)
    progress.update(10, final=True)
    assert progress.done == 10


def test_progress_off_a_terminal_is_json_lines() -> None:
    stream = io.StringIO()
    progress = Progress(stream, 1000, "json", parts=4)
    progress.start("http://127.0.0.1:8787/status")
    progress.update(250)
    progress.update(250)  # (within a second of the last: not written)
    progress.stopping(2)
    progress.update(500, final=True)
    events = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [e["event"] for e in events] == ["start", "progress", "stopping", "done"]
    assert events[0] == {
        "event": "start",
        "parts": 4,
        "lines": 1000,
        "dashboard": "http://127.0.0.1:8787/status",
    }
    assert (events[1]["lines_done"], events[1]["parts_done"]) == (250, 1)
    assert events[-1]["lines_done"] == events[-1]["lines"] == 1000
    assert events[-1]["seconds_left"] == 0.0


def test_progress_auto_is_a_bar_on_a_terminal_and_json_elsewhere() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert mode_for("auto", Terminal()) == "bar"
    assert mode_for("auto", io.StringIO()) == "json"
    assert mode_for("none", Terminal()) == "none"
