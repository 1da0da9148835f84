"""Dialogs follow the window's zoom: every kind the window opens (the Legend, the About
box, the error report, the viewer's questions, the save dialog and what it asks, the
Gopher+ form, bookmarks, the Downloads window) comes up in the zoom's type, at 200% and
in presentation mode, and one already open follows a later change of zoom."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMenu, QWidget

from urlinspector.core import parse
from urlinspector.gui.app import ErrorReporter
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.presentation import PRESENTATION_ZOOM
from urlinspector.gui.viewer import ViewerPane, install_viewer
from urlinspector.gui.viewer import dialogs as questions
from urlinspector.gui.viewer.install import ask_news_server
from urlinspector.schemes.gopher import AskField
from urlinspector.schemes.gopher.events import MenuItem

Opener = Callable[[MainWindow, ViewerPane, Any, Path], QWidget]


def _legend(window: MainWindow, _pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    window.menus.show_legend()
    assert window.menus.legend_dialog is not None
    return window.menus.legend_dialog


def _about(window: MainWindow, _pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    window.menus.show_about()
    assert window.menus.about_box is not None
    return window.menus.about_box


def _error(window: MainWindow, _pane: ViewerPane, qtbot: Any, _tmp: Path) -> QWidget:
    reporter = ErrorReporter(window)
    reporter.reported.emit("Traceback (most recent call last): ...")
    qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible())
    assert reporter.dialog is not None
    return reporter.dialog


def _port(_window: MainWindow, pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    return questions.ask_port(pane, "gopher://example.org:25/", "port 25 is SMTP's", print)


def _search(_window: MainWindow, pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    return questions.ask_search(pane, print)


def _password(_window: MainWindow, pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    return questions.ask_password(pane, "ada", "ftp.example.org:21", print)


def _news_server(window: MainWindow, pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    return ask_news_server(window, pane, None)


def _bookmarks(_window: MainWindow, pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    assert pane.bookmarks is not None
    pane.bookmarks.manage_action.trigger()
    assert pane.bookmarks.dialog is not None
    return pane.bookmarks.dialog


def _save(_window: MainWindow, pane: ViewerPane, _qtbot: Any, tmp: Path) -> QWidget:
    dialog = pane.downloads.offer_bytes(parse("gopher://example.org/0/a.txt"), "a.txt", b"a\n")
    dialog.folder_edit.setText(str(tmp))
    return dialog


def _overwrite(window: MainWindow, pane: ViewerPane, qtbot: Any, tmp: Path) -> QWidget:
    dialog = _save(window, pane, qtbot, tmp)
    (tmp / "a.txt").write_bytes(b"there already\n")
    dialog.choose()  # type: ignore[attr-defined]
    box = dialog.overwrite_box  # type: ignore[attr-defined]
    assert box is not None
    return box  # type: ignore[no-any-return]


def _ask_form(_window: MainWindow, pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    pane.pages.gopher_page.attributes.ask_fields = (AskField("Ask", "Your name", ("Ada",)),)
    item = MenuItem("1", "A form", b"/form", "example.org", 70, "?", None, b"", 1)
    pane.gopher_menu.fill_form(item)
    assert pane.gopher_menu.ask_dialog is not None
    return pane.gopher_menu.ask_dialog


def _downloads(_window: MainWindow, pane: ViewerPane, _qtbot: Any, _tmp: Path) -> QWidget:
    return pane.downloads.show_window(activate=False)


OPENERS: dict[str, Opener] = {
    "legend": _legend,
    "about": _about,
    "error report": _error,
    "port question": _port,
    "search words": _search,
    "password": _password,
    "news server": _news_server,
    "bookmarks": _bookmarks,
    "save": _save,
    "replace the file?": _overwrite,
    "gopher+ form": _ask_form,
    "downloads window": _downloads,
}


@pytest.fixture
def pane(window: MainWindow) -> Iterator[ViewerPane]:
    viewer = install_viewer(window)
    yield viewer
    for widget in QApplication.topLevelWidgets():
        if widget is not window and widget.isVisible():
            widget.close()
    viewer.shutdown()


def _text_sizes(dialog: QWidget) -> list[float]:
    """The point sizes of the dialog and of its labels and buttons (what one reads)."""
    texts = [*dialog.findChildren(QLabel), *dialog.findChildren(QAbstractButton)]
    return [w.font().pointSizeF() for w in (dialog, *texts) if w.window() is dialog]


def _assert_scaled(dialog: QWidget, factor: float) -> None:
    base = QApplication.font().pointSizeF()
    sizes = _text_sizes(dialog)
    assert len(sizes) > 1, "the dialog has text"
    assert dialog.font().pointSizeF() == pytest.approx(base * factor, rel=0.02)
    assert min(sizes) == pytest.approx(base * factor, rel=0.02), sizes


@pytest.mark.parametrize("kind", list(OPENERS))
@pytest.mark.parametrize(("mode", "factor"), [("zoom", 2.0), ("presentation", PRESENTATION_ZOOM)])
def test_a_dialog_opens_in_the_zoom(
    window: MainWindow,
    pane: ViewerPane,
    qtbot: Any,
    tmp_path: Path,
    kind: str,
    mode: str,
    factor: float,
) -> None:
    if mode == "presentation":
        window.teaching.presentation.enter()
    else:
        window.teaching.zoom.set_factor(factor)
    dialog = OPENERS[kind](window, pane, qtbot, tmp_path)
    _assert_scaled(dialog, factor)
    if mode == "presentation":
        window.teaching.presentation.leave()
        _assert_scaled(dialog, 1.0)


@pytest.mark.parametrize("kind", list(OPENERS))
def test_an_open_dialog_follows_a_later_zoom(
    window: MainWindow, pane: ViewerPane, qtbot: Any, tmp_path: Path, kind: str
) -> None:
    dialog = OPENERS[kind](window, pane, qtbot, tmp_path)
    _assert_scaled(dialog, 1.0)
    window.teaching.zoom_in_action.trigger()
    _assert_scaled(dialog, 1.1)
    window.teaching.zoom.set_factor(2.0)
    _assert_scaled(dialog, 2.0)
    window.teaching.zoom.reset()
    _assert_scaled(dialog, 1.0)


def test_menus_keep_the_desktops_size(window: MainWindow) -> None:
    """As in browsers, the zoom scales the window's content, not its menus."""
    window.teaching.zoom.set_factor(2.0)
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu)
    assert menu.font().pointSizeF() == pytest.approx(QApplication.font().pointSizeF())


@pytest.mark.parametrize("factor", [1.0, 1.75, 2.0])
def test_the_about_box_stays_within_the_screen(
    window: MainWindow, qtbot: Any, factor: float
) -> None:
    """Its lines widen with the type, so that large type does not make it taller than
    the screen (a message box alone stays at most 500 pixels wide)."""
    window.teaching.zoom.set_factor(factor)
    window.menus.show_about()
    box = window.menus.about_box
    assert box is not None
    qtbot.waitExposed(box)
    screen = box.screen().availableGeometry()
    assert box.height() <= screen.height()
    assert box.width() <= screen.width()
    box.close()
