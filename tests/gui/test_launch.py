"""``urlinspector gui`` / ``urlinspector demo``: screenshots, errors, resources."""

from __future__ import annotations

import argparse
import configparser
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from urlinspector.app import main
from urlinspector.gui import launch
from urlinspector.gui.resources import ResourceNotFoundError, find_resource

ROOT = Path(__file__).resolve().parents[2]


def test_screenshot_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "urlinspector",
            "gui",
            "http://www.paypal.com@evil.example/a%2Fb?q=1#f",
            "--base",
            "http://a/b/c/d;p?q",
            "--edition",
            "rfc1738",
            "--screenshot",
            str(out),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # not even the offscreen platform's size-hint notice
    image = QImage(str(out))
    assert not image.isNull()
    assert image.width() >= 1200
    assert image.height() >= 800
    # a screenshot run leaves the user's settings alone
    assert not (tmp_path / "config" / "urlinspector").exists()


def test_screenshot_in_process(app: QApplication, tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    args = argparse.Namespace(
        url="gopher://g.example/7/find%09caf%C3%A9",
        base=None,
        edition=None,
        theme="dark",
        screenshot=str(out),
    )
    assert launch.run_gui(args) == 0
    image = QImage(str(out))
    assert image.width() >= 1200
    # the dark theme: the window background is dark
    assert image.pixelColor(image.width() // 2, image.height() - 5).lightness() < 100
    launch.run_gui(
        argparse.Namespace(url=None, base=None, edition=None, theme="light", screenshot=str(out))
    )
    image = QImage(str(out))
    assert image.pixelColor(image.width() // 2, image.height() - 5).lightness() > 150


@pytest.mark.parametrize(
    ("name", "message"),
    [("shot.jpg", "written as PNG"), ("missing/shot.png", "does not exist")],
)
def test_screenshot_errors_are_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    status = main(["gui", "http://x/", "--screenshot", str(tmp_path / name)])
    assert status == 2
    err = capsys.readouterr().err
    assert err.startswith("urlinspector: error:")
    assert message in err
    assert err.count("\n") == 1


def test_no_display_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert main(["gui"]) == 2
    err = capsys.readouterr().err
    assert "no display" in err
    assert "--screenshot" in err


def test_unknown_edition_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gui", "--edition", "rfc9999", "--screenshot", "x.png"]) == 2
    assert "rfc9999" in capsys.readouterr().err


def test_demo_screenshot_opens_the_window_at_the_demo_root(
    app: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo.png"
    args = argparse.Namespace(serve_only=False, theme="light", screenshot=str(out))
    assert launch.run_demo(args) == 0, capsys.readouterr().err
    assert not QImage(str(out)).isNull()


def test_resources_are_found() -> None:
    svg = find_resource("urlinspector.svg")
    png = find_resource("urlinspector.png")
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert QImage(str(png)).width() == 256
    with pytest.raises(ResourceNotFoundError, match="no-such-file"):
        find_resource("no-such-file.txt")


def test_resources_can_be_moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "urlinspector.svg").write_text("<svg/>", encoding="utf-8")
    monkeypatch.setenv("URLINSPECTOR_RESOURCES", str(tmp_path))
    assert find_resource("urlinspector.svg") == tmp_path / "urlinspector.svg"


def test_desktop_entry() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "resources" / "urlinspector.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application"
    assert section["Exec"].split()[:2] == ["urlinspector", "gui"]
    assert section["Icon"] == "urlinspector"
    assert find_resource(section["Icon"] + ".svg").is_file()
    assert section["Categories"].endswith(";")


def test_application_icon(app: QApplication) -> None:
    assert not app.windowIcon().isNull()
    assert app.applicationName() == "urlinspector"


def test_the_installed_binding_keeps_none_alive() -> None:
    # PySide6 6.12.0 under Python 3.11 would abort the interpreter (see binding_problem)
    from urlinspector.gui.app import binding_problem

    assert binding_problem() is None
