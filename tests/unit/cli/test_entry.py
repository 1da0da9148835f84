"""The program's entry point: ``urlinspector`` and ``python -m urlinspector``."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from urlinspector import app
from urlinspector.net.demo_server import DEFAULT_ROOT, DemoServer


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()


def test_entry_runs_main_and_leaves_the_objects_to_the_exit(
    unfrozen: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """entry() is main() with sys.argv, then every live object is frozen out of the
    collector's last pass (the process ends next)."""
    gc.unfreeze()
    monkeypatch.setattr(sys, "argv", ["urlinspector", "parse", "--json", "http://a/"])
    assert app.entry() == 0
    assert '"host": "a"' in capsys.readouterr().out
    assert gc.get_freeze_count() > 0


def test_main_leaves_the_collector_alone(
    unfrozen: None, capsys: pytest.CaptureFixture[str]
) -> None:
    gc.unfreeze()
    assert app.main(["parse", "http://a/"]) == 0
    assert gc.get_freeze_count() == 0


def test_a_download_is_complete_when_the_process_has_ended(tmp_path: Path) -> None:
    """Nothing written depends on the interpreter finalizing objects at exit."""
    source = next((DEFAULT_ROOT / "images").iterdir())
    target = tmp_path / source.name
    with DemoServer() as server:
        url = f"{server.url}9/images/{source.name}"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "urlinspector",
                "fetch",
                "--allow-local",
                "-o",
                str(target),
                url,
            ],
            capture_output=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == source.read_bytes()
