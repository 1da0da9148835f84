"""Bookmarks: Ctrl+D, the Bookmarks menu, kept with the settings without passwords, and
exported as a gopher menu."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

from tests.gui.helpers import address, stop_viewer
from tests.gui.viewer.conftest import wait_idle
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.viewer.bookmarks import Bookmark, Bookmarks, gopher_menu
from urlinspector.gui.viewer.install import install_viewer
from urlinspector.schemes.gopher import parse_menu_line


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_passwords_are_never_stored(store: QSettings) -> None:
    marks = Bookmarks(store)
    mark = marks.add("alice's files", "ftp://alice:s3cret@127.0.0.1:2121/pub/")
    assert mark.url == "ftp://alice@127.0.0.1:2121/pub/"
    store.sync()
    assert "s3cret" not in Path(store.fileName()).read_text()
    assert Bookmarks(store).all() == [mark]


def test_adding_twice_keeps_one_with_the_new_title(store: QSettings) -> None:
    marks = Bookmarks(store)
    marks.add("first", "gopher://127.0.0.1/")
    marks.add("second", "gopher://127.0.0.1/")
    assert marks.all() == [Bookmark("second", "gopher://127.0.0.1/")]
    marks.remove("gopher://127.0.0.1/")
    assert marks.all() == []


def test_export_as_a_gopher_menu() -> None:
    data = gopher_menu(
        [
            Bookmark("Specs\tand more", "gopher://127.0.0.1:7070/0/specs/rfc1738.txt"),
            Bookmark("A web page", "https://www.rfc-editor.org/rfc/rfc1738"),
        ]
    )
    assert data.endswith(b"\r\n.\r\n")
    lines = data.decode().split("\r\n")
    first = parse_menu_line(lines[0].encode())
    assert first.itemtype == "0"
    assert first.display == "Specs and more"
    assert first.url == "gopher://127.0.0.1:7070/0/specs/rfc1738.txt"
    second = parse_menu_line(lines[1].encode())
    assert second.url == "https://www.rfc-editor.org/rfc/rfc1738"


def test_ctrl_d_adds_the_page_and_the_menu_opens_it(
    qtbot: Any, store: QSettings, hole: Any
) -> None:
    from urlinspector.gui.settings import Settings

    window = MainWindow(Settings(store))
    qtbot.addWidget(window)
    pane = install_viewer(window)
    try:
        pane.navigate(parse(hole.url))
        wait_idle(qtbot, pane)
        assert pane.add_bookmark_action is not None
        assert pane.add_bookmark_action.shortcut().toString() == "Ctrl+D"
        pane.add_bookmark_action.trigger()
        assert [b.url for b in Bookmarks(store).all()] == [hole.url]
        menu = window.menuBar().findChild(QMenu, "bookmarksMenu")
        assert menu is not None
        menu.aboutToShow.emit()
        opened = [a for a in menu.actions() if a.data() == hole.url]
        assert len(opened) == 1
        pane.navigate(parse(hole.url + "0/latin1.txt"))
        wait_idle(qtbot, pane)
        opened[0].trigger()
        wait_idle(qtbot, pane)
        assert address(pane) == hole.url
    finally:
        stop_viewer(pane)
