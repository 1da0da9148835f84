"""Entry points of ``urlinspector gui``, ``urlinspector open`` and ``urlinspector demo``,
and screenshots.

``gui URL`` inspects the URL and never contacts its server; ``open URL`` (or
``gui --open URL``) starts in the viewer and fetches it, as Open in the window does.

``--screenshot FILE`` renders the window (with the URL, base and edition given) to a
PNG and exits; it needs no display: without one, Qt's ``offscreen`` platform is used.
A screenshot run neither reads nor changes the saved settings, so the same command
gives the same picture.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from urlinspector.core import URLInspectorError
from urlinspector.core.quoting import quoted

if TYPE_CHECKING:
    from urlinspector.gui.viewer import ViewerPane

__all__ = [
    "GuiUnavailableError",
    "ScreenshotError",
    "quiet_offscreen",
    "run_demo",
    "run_gui",
    "save_screenshot",
]


class GuiUnavailableError(URLInspectorError):
    """No display to open the window on."""


class ScreenshotError(URLInspectorError):
    """The screenshot cannot be written."""


def _has_display() -> bool:
    if not sys.platform.startswith("linux"):
        return True
    return bool(
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("QT_QPA_PLATFORM")
    )


def _prepare_platform(*, screenshot: bool) -> None:
    if _has_display():
        return
    if screenshot:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        return
    raise GuiUnavailableError(
        "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
        "run it in a desktop session, or render a picture with --screenshot FILE"
    )


_OFFSCREEN_NOISE = "This plugin does not support"


def quiet_offscreen() -> None:
    """Without a window manager, the offscreen platform warns that it cannot pass size
    hints on; a screenshot does not need them, so that one message is dropped."""
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

    previous = None

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message.startswith(_OFFSCREEN_NOISE):
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous = qInstallMessageHandler(handler)


def _check_target(path: Path) -> None:
    if path.suffix.lower() != ".png":
        raise ScreenshotError(
            f"the screenshot is written as PNG: name it *.png, not {quoted(path.name)}"
        )
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ScreenshotError(
            f"cannot write the screenshot: the folder {quoted(str(folder))} does not exist"
        )


def save_screenshot(window: object, path: Path) -> Path:
    """Render *window* (a :class:`~urlinspector.gui.main_window.MainWindow`) to *path*."""
    from PySide6.QtWidgets import QApplication

    from urlinspector.gui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    _check_target(path)
    window.show()
    QApplication.processEvents()
    window.flush()
    QApplication.processEvents()
    pixmap = window.grab()
    if pixmap.isNull() or not pixmap.save(str(path), "PNG"):
        raise ScreenshotError(f"cannot write the screenshot to {quoted(str(path))}")
    return path


def run_gui(args: argparse.Namespace) -> int:
    """Open the window (``urlinspector gui [URL] [--open] [--base BASE] [--edition ID]
    [--theme THEME] [--screenshot FILE]``); the exit status.  The URL is inspected
    only, unless ``open`` is set: then it is fetched and shown in the viewer."""
    screenshot = getattr(args, "screenshot", None)
    shot = Path(screenshot) if screenshot else None
    if shot is not None:
        _check_target(shot)
    _prepare_platform(screenshot=shot is not None)

    from PySide6.QtCore import QSettings

    from urlinspector.gui.app import create_application, install_error_reporter
    from urlinspector.gui.main_window import MainWindow
    from urlinspector.gui.settings import Settings
    from urlinspector.gui.viewer import install_viewer

    scratch: tempfile.TemporaryDirectory[str] | None = None
    if shot is not None:
        scratch = tempfile.TemporaryDirectory(prefix="urlinspector-shot-")
        settings = Settings(
            QSettings(str(Path(scratch.name) / "settings.ini"), QSettings.Format.IniFormat)
        )
        theme = getattr(args, "theme", None) or "light"
        if theme == "auto":
            theme = "light"
    else:
        settings = Settings()
        theme = getattr(args, "theme", None) or settings.theme
    if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        quiet_offscreen()
    try:
        app = create_application(theme=theme)
        window = MainWindow(settings)
        viewer = install_viewer(window)
        edition = getattr(args, "edition", None)
        if edition:
            window.set_edition(edition)
        base = getattr(args, "base", None)
        if base is not None:
            window.set_base(base)
        url = getattr(args, "url", None)
        if url is not None:
            if getattr(args, "open", False):
                window.open_url(url)  # as the Open button: inspect, then fetch
            else:
                window.inspect(url)  # inspecting never connects
        if shot is not None:
            _wait_until_shown(viewer, SCREENSHOT_WAIT)
            save_screenshot(window, shot)
            viewer.shutdown()
            window.deleteLater()
            return 0
        reporter = install_error_reporter(window)  # the window never dies of a bug
        window.show()
        try:
            status = int(app.exec())
        finally:
            reporter.uninstall()
        viewer.shutdown()
        return status
    finally:
        if scratch is not None:
            scratch.cleanup()


SCREENSHOT_WAIT = 10.0
"""Seconds a screenshot waits for the page being fetched to be shown."""


def _wait_until_shown(viewer: ViewerPane, seconds: float) -> None:
    """Run the event loop until *viewer* has finished its fetch (or *seconds* pass)."""
    from PySide6.QtCore import QEventLoop, QTimer

    if not viewer.busy:
        return
    loop = QEventLoop()
    viewer.busyChanged.connect(lambda busy: None if busy else loop.quit())
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def run_demo(args: argparse.Namespace) -> int:
    """Serve the bundled gopher hole on 127.0.0.1 and open the window at its root
    (``urlinspector demo [--serve-only] [--screenshot FILE]``); the exit status."""
    from urlinspector.net.demo_server import DemoServer, DemoServerError

    server = DemoServer()
    try:
        server.start()
    except DemoServerError as exc:
        sys.stderr.write(f"urlinspector: error: {exc}\n")
        return 1
    try:
        if getattr(args, "serve_only", False):
            sys.stdout.write(f"serving the demo gopher hole at {server.url} (Ctrl+C stops)\n")
            sys.stdout.flush()
            server.serve_until_interrupted()
            return 0
        gui_args = argparse.Namespace(
            url=server.url,
            open=True,
            base=None,
            edition=getattr(args, "edition", None),
            theme=getattr(args, "theme", None),
            screenshot=getattr(args, "screenshot", None),
        )
        return run_gui(gui_args)
    finally:
        server.stop()
