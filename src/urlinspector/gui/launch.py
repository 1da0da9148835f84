"""Entry points of ``urlinspector gui``, ``urlinspector open`` and ``urlinspector demo``,
and screenshots.

``gui URL`` inspects the URL and never contacts its server; ``open URL`` (or
``gui --open URL``) starts in the viewer and fetches it, as Open in the window does.

``--screenshot FILE`` renders the window (with the URL, base and edition given) to a
PNG and exits; it needs no display: without one, Qt's ``offscreen`` platform is used.
A screenshot run neither reads nor changes the saved settings, so the same command
gives the same picture.  Without a display the picture is taken on a screen of
:data:`SCREEN` pixels (the offscreen platform's configuration), which presentation
mode fills.

``--zoom PERCENT``, ``--tab NAME`` (:data:`TABS`) and ``--presentation`` open the
window in that view, so that a slide of any view can be made from the command line.

The window paints first: the viewer (its protocols, its menus) is installed, and the
readers' libraries are loaded (:mod:`.warm_up`), once it has painted, unless the URL
is to be fetched at once (``--open``) or a picture taken.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from urlinspector.core import URLInspectorError
from urlinspector.core.quoting import quoted

if TYPE_CHECKING:
    from PySide6.QtCore import QEventLoop

    from urlinspector.gui.main_window import MainWindow
    from urlinspector.gui.settings import Settings
    from urlinspector.gui.viewer import ViewerPane

__all__ = [
    "SCREEN",
    "TABS",
    "GuiUnavailableError",
    "ScreenshotError",
    "choose_tab",
    "quiet_offscreen",
    "run_demo",
    "run_gui",
    "save_screenshot",
    "show_view",
]

TABS = ("components", "diagnostics", "editions", "trace", "escapes", "explain", "spec")
"""The views ``--tab`` names: the two panels and the tabs of the inspector, in order."""

SCREEN = (1600, 1000)
"""Pixels of the screen a picture is taken on without a display."""


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


def _prepare_platform(*, screenshot: bool, folder: Path | None = None) -> None:
    """Choose the platform: the display's, or without one (for a picture) Qt's
    ``offscreen`` platform, given a screen of :data:`SCREEN` pixels by a
    configuration file written in *folder* (read when the application starts)."""
    platform = os.environ.get("QT_QPA_PLATFORM")
    if not _has_display() or (screenshot and platform == "offscreen"):
        if not screenshot:
            raise GuiUnavailableError(
                "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
                "run it in a desktop session, or render a picture with --screenshot FILE"
            )
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if folder is not None:
            os.environ["QT_QPA_PLATFORM"] += ":configfile=" + str(_screen_file(folder))


def _screen_file(folder: Path) -> Path:
    """The offscreen platform's configuration: one screen of :data:`SCREEN` pixels."""
    width, height = SCREEN
    screen = {"name": "screenshot", "x": 0, "y": 0, "width": width, "height": height}
    path = folder / "offscreen.json"
    path.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return path


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


def choose_tab(window: MainWindow, name: str) -> None:
    """Show the view *name* (one of :data:`TABS`): a tab of the inspector is made
    current; a panel (components, diagnostics) takes the focus, which presentation
    mode keeps in sight."""
    from PySide6.QtCore import Qt

    from urlinspector.gui.main_window import INSPECTOR_PAGE

    page = window.inspector
    views = {
        "components": page.components.view,
        "diagnostics": page.diagnostics,
        "editions": page.editions,
        "trace": page.trace,
        "escapes": page.escapes,
        "explain": page.explain_panel,
        "spec": page.spec_reader,
    }
    if name not in views:
        raise ValueError(f"unknown tab {quoted(name)}; known: {', '.join(TABS)}")
    window.show_page(INSPECTOR_PAGE)
    view = views[name]
    if page.tabs.indexOf(view) >= 0:
        page.tabs.setCurrentWidget(view)
    else:
        view.setFocus(Qt.FocusReason.OtherFocusReason)


def show_view(
    window: MainWindow,
    *,
    zoom: float | None = None,
    tab: str | None = None,
    presentation: bool = False,
) -> None:
    """Put *window* in the view asked for on the command line: *tab* shown (see
    :func:`choose_tab`), the type at *zoom* percent (not remembered), presentation
    mode (its own zoom, or *zoom* if larger)."""
    if tab:
        choose_tab(window, tab)
    teaching = window.teaching
    if zoom is not None:
        teaching.zoom.set_factor(zoom / 100, remember=False)
    if presentation:
        teaching.presentation.enter()


def _settings_for(
    shot: Path | None, scratch: Path | None, theme: str | None
) -> tuple[Settings, str]:
    """The settings of this run and its theme: a picture's are new, in *scratch*, and
    light unless *theme* says dark."""
    from PySide6.QtCore import QSettings

    from urlinspector.gui.settings import Settings

    if shot is None or scratch is None:
        settings = Settings()
        return settings, theme or settings.theme
    ini = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    return Settings(ini), "dark" if theme == "dark" else "light"


def _fill(window: MainWindow, args: argparse.Namespace) -> None:
    """The edition, the base and the URL the command line gives."""
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
    show_view(
        window,
        zoom=getattr(args, "zoom", None),
        tab=getattr(args, "tab", None),
        presentation=bool(getattr(args, "presentation", False)),
    )


class _Session:
    """The window of one run and its viewer, installed at once (a URL to fetch, a
    picture) or once the window has painted."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.viewer: ViewerPane | None = None

    def install_viewer(self) -> ViewerPane:
        if self.viewer is None:
            from urlinspector.gui.viewer import install_viewer

            self.viewer = install_viewer(self.window)
        return self.viewer

    def shutdown(self) -> None:
        if self.viewer is not None:
            self.viewer.shutdown()


def run_gui(args: argparse.Namespace) -> int:
    """Open the window (``urlinspector gui [URL] [--open] [--base BASE] [--edition ID]
    [--theme THEME] [--zoom PERCENT] [--tab NAME] [--presentation] [--screenshot
    FILE]``); the exit status.  The URL is inspected only, unless ``open`` is set:
    then it is fetched and shown in the viewer."""
    screenshot = getattr(args, "screenshot", None)
    shot = Path(screenshot) if screenshot else None
    if shot is not None:
        _check_target(shot)
    with tempfile.TemporaryDirectory(prefix="urlinspector-") as scratch:
        _prepare_platform(screenshot=shot is not None, folder=Path(scratch))
        if os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen"):
            quiet_offscreen()
        settings, theme = _settings_for(shot, Path(scratch), getattr(args, "theme", None))
        return _run_window(args, shot, settings, theme)


def _run_window(args: argparse.Namespace, shot: Path | None, settings: Settings, theme: str) -> int:
    from urlinspector.gui.app import create_application, install_error_reporter
    from urlinspector.gui.main_window import MainWindow
    from urlinspector.gui.warm_up import after_first_paint

    app = create_application(theme=theme)
    window = MainWindow(settings)
    session = _Session(window)
    if shot is not None or getattr(args, "open", False):
        session.install_viewer()  # (before the URL is opened)
    _fill(window, args)
    if shot is not None:
        _wait_until_shown(session.install_viewer(), SCREENSHOT_WAIT)
        save_screenshot(window, shot)
        session.shutdown()
        window.deleteLater()
        return 0
    reporter = install_error_reporter(window)  # the window never dies of a bug
    after_first_paint(session.install_viewer, window)
    window.show()
    try:
        status = int(app.exec())
    finally:
        reporter.uninstall()
    session.shutdown()
    return status


SCREENSHOT_WAIT = 10.0
"""Seconds a screenshot waits for the page being fetched to be shown."""


def _wait_until_shown(viewer: ViewerPane, seconds: float) -> None:
    """Run the event loop until *viewer* has finished its fetch (or *seconds* pass)."""
    from PySide6.QtCore import QEventLoop, QTimer

    if not viewer.busy:
        return
    loop = QEventLoop()
    until = _Until(loop)
    viewer.busyChanged.connect(until.busy_changed)
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    viewer.busyChanged.disconnect(until.busy_changed)


class _Until:
    """Ends *loop* when the viewer is no longer busy."""

    def __init__(self, loop: QEventLoop) -> None:
        self.loop = loop

    def busy_changed(self, busy: bool) -> None:
        if not busy:
            self.loop.quit()


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
