"""``urlinspector gui URL --zoom PERCENT --tab NAME --presentation --screenshot FILE``:
a picture of any view, zoomed, in presentation mode, without a display (the offscreen
platform, on a 1600x1000 screen that presentation mode fills)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from urlinspector.app import main
from urlinspector.gui.launch import SCREEN, TABS, show_view
from urlinspector.gui.main_window import MainWindow

URL = "http://www.paypal.com@evil.example/a%2Fb?q=1#f"


def _shoot(tmp_path: Path, *options: str) -> QImage:
    out = tmp_path / "slide.png"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)  # no display: the program chooses offscreen
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    result = subprocess.run(
        [sys.executable, "-m", "urlinspector", "gui", URL, *options, "--screenshot", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return QImage(str(out))


def test_a_slide_of_a_view_from_the_command_line(tmp_path: Path) -> None:
    image = _shoot(tmp_path, "--zoom", "200", "--tab", "trace", "--presentation")
    assert (image.width(), image.height()) == SCREEN  # full screen, on the program's screen


def test_a_zoomed_window_keeps_its_size(tmp_path: Path) -> None:
    plain = _shoot(tmp_path, "--tab", "editions")
    zoomed = _shoot(tmp_path, "--tab", "editions", "--zoom", "300")
    assert (zoomed.width(), zoomed.height()) == (plain.width(), plain.height())
    assert plain.width() < SCREEN[0]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--zoom", "20"], "between 50 and 300 percent"),
        (["--zoom", "big"], "a percentage such as 150"),
        (["--tab", "nowhere"], "invalid choice"),
    ],
)
def test_bad_view_options_are_refused(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["gui", URL, *options, "--screenshot", "x.png"]) == 2
    assert message in capsys.readouterr().err


def test_the_tab_names_are_the_windows(window: MainWindow) -> None:
    from urlinspector.app import TAB_NAMES

    assert TAB_NAMES == TABS
    page = window.inspector
    tabs = [page.tabs.widget(i) for i in range(page.tabs.count())]
    assert TABS[2:] == ("editions", "trace", "escapes", "explain", "spec")
    views = [page.editions, page.trace, page.escapes, page.explain_panel, page.spec_reader]
    assert views == tabs  # in the order of the window's tabs


@pytest.mark.parametrize("tab", TABS)
def test_presentation_shows_the_view_named(window: MainWindow, tab: str) -> None:
    window.inspect(URL)
    show_view(window, zoom=200, tab=tab, presentation=True)
    page = window.inspector
    assert window.teaching.presentation.active
    assert window.teaching.zoom.factor == 2.0
    shown = {
        "components": page.components,
        "diagnostics": page.diagnostics,
        "editions": page.editions,
        "trace": page.trace,
        "escapes": page.escapes,
        "explain": page.explain_panel,
        "spec": page.spec_reader,
    }
    for name, view in shown.items():
        assert view.isVisible() == (name == tab), name
    window.teaching.presentation.leave()
    assert page.components.isVisible()
    assert page.diagnostics.isVisible()
