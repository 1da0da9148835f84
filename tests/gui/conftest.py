"""The window's tests: Qt offscreen, settings in a temporary folder, Qt warnings fail.

``QT_QPA_PLATFORM=offscreen`` is set here, at import, before any test creates the
``QApplication`` (pytest-qt's ``qapp``), so the tests need no display; the platform's
configuration file gives it one screen of 1600x1000 pixels (:mod:`tests.gui.offscreen`).
Every test gets its own settings folder (``QSettings`` for the native and INI formats, and
``XDG_CONFIG_HOME``), so no test reads or writes the user's settings or another
test's.

Qt warnings fail a test (``qt_log_level_fail = WARNING`` in pyproject.toml); the one
message ignored is the offscreen platform saying it cannot pass size hints to a window
manager it does not have.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.gui.offscreen import platform

os.environ["QT_QPA_PLATFORM"] = platform()  # (a 1600x1000 screen)
if not os.environ.get("XDG_RUNTIME_DIR"):
    _runtime = tempfile.mkdtemp(prefix="urlinspector-xdg-runtime-")
    os.chmod(_runtime, 0o700)
    os.environ["XDG_RUNTIME_DIR"] = _runtime

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from urlinspector.gui.app import binding_problem, create_application
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.settings import Settings

_PROBLEM = binding_problem()
if _PROBLEM is not None:
    # fail the run with the reason, instead of letting the interpreter abort later
    raise pytest.UsageError(_PROBLEM)

OFFSCREEN_NOISE = r"This plugin does not support"
"""The offscreen platform cannot propagate size hints (it has no window manager)."""

GUI_DIR = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if GUI_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.gui)
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings of this test only, in its temporary folder."""
    folder = tmp_path / "settings"
    folder.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, str(folder))
    return folder


@pytest.fixture
def app(qapp: QApplication) -> QApplication:
    """The test's QApplication, named and themed as the program's."""
    return create_application(theme="light")


@pytest.fixture
def settings(isolated_settings: Path) -> Settings:
    return Settings()


@pytest.fixture
def window(app: QApplication, qtbot: object, settings: Settings) -> Iterator[MainWindow]:
    """The main window, shown (offscreen), with the panels up to date."""
    win = MainWindow(settings)
    qtbot.addWidget(win)  # type: ignore[attr-defined]
    win.show()
    qtbot.waitExposed(win)  # type: ignore[attr-defined]
    yield win
    win.close()
