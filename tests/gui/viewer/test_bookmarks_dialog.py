"""Managing bookmarks: Bookmarks ▸ Manage bookmarks… lists them; F2 or a double click
renames, Del deletes, Ctrl+Up / Ctrl+Down move; every change is kept with the settings
at once, never with a password."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu

from tests.gui.helpers import current_item, stop_viewer, top_item
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.settings import Settings
from urlinspector.gui.viewer.bookmarks import Bookmark, Bookmarks
from urlinspector.gui.viewer.bookmarks_dialog import BookmarksDialog
from urlinspector.gui.viewer.install import install_viewer

MARKS = [
    Bookmark("First", parse("gopher://127.0.0.1:7070/")),
    Bookmark("Second", parse("ftp://alice@127.0.0.1:2121/pub/", "rfc1738")),
    Bookmark("Third", parse("news:comp.infosystems.gopher")),
]


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    marks = Bookmarks(store)
    for mark in MARKS:
        marks.add(mark.title, mark.url)
    return store


@pytest.fixture
def dialog(app: Any, qtbot: Any, store: QSettings) -> Iterator[BookmarksDialog]:
    box = BookmarksDialog(Bookmarks(store))
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    yield box
    box.close()


def saved(store: QSettings) -> list[Bookmark]:
    return Bookmarks(store).all()  # as read back from the settings


def select(dialog: BookmarksDialog, row: int) -> None:
    tree = dialog.tree
    tree.setCurrentItem(top_item(tree, row))
    tree.setFocus()


def test_the_dialog_lists_the_bookmarks_in_order(dialog: BookmarksDialog) -> None:
    tree = dialog.tree
    rows = [(top_item(tree, i).text(0), top_item(tree, i).text(1)) for i in range(3)]
    assert rows == [(m.title, m.url.text) for m in MARKS]


def test_f2_renames_and_the_new_title_is_saved(
    qtbot: Any, dialog: BookmarksDialog, store: QSettings
) -> None:
    select(dialog, 1)
    qtbot.keyClick(dialog.tree, Qt.Key.Key_F2)
    editor = dialog.tree.findChild(QLineEdit)
    assert editor is not None
    assert editor.isVisible()
    editor.selectAll()
    qtbot.keyClicks(editor, "Alice's files")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()  # the delegate commits the edit on its next turn
    assert [m.title for m in saved(store)] == ["First", "Alice's files", "Third"]
    assert [m.url for m in saved(store)] == [m.url for m in MARKS]


def test_a_double_click_renames(qtbot: Any, dialog: BookmarksDialog) -> None:
    tree = dialog.tree
    rect = tree.visualItemRect(top_item(tree, 2))
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    editor = tree.findChild(QLineEdit)
    assert editor is not None
    assert editor.text() == "Third"


def test_enter_opens_the_bookmark(qtbot: Any, dialog: BookmarksDialog) -> None:
    select(dialog, 1)
    with qtbot.waitSignal(dialog.openRequested) as opened:
        qtbot.keyClick(dialog.tree, Qt.Key.Key_Return)
    assert opened.args == [MARKS[1].url]  # parsed as it was kept, edition and all
    assert opened.args[0].edition.id == "rfc1738"
    assert not dialog.isVisible()


def test_an_empty_title_gives_the_url_back(dialog: BookmarksDialog, store: QSettings) -> None:
    top_item(dialog.tree, 0).setText(0, "   ")
    assert saved(store)[0] == Bookmark(MARKS[0].url.text, MARKS[0].url)
    assert top_item(dialog.tree, 0).text(0) == MARKS[0].url.text


def test_del_deletes_and_the_deletion_is_saved(
    qtbot: Any, dialog: BookmarksDialog, store: QSettings
) -> None:
    select(dialog, 0)
    qtbot.keyClick(dialog.tree, Qt.Key.Key_Delete)
    assert saved(store) == MARKS[1:]
    assert dialog.tree.topLevelItemCount() == 2
    assert current_item(dialog.tree).text(1) == MARKS[1].url.text  # the next one is current


def test_the_first_bookmark_is_current_when_the_dialog_opens(
    qtbot: Any, dialog: BookmarksDialog, store: QSettings
) -> None:
    """The dialog opened with no row current: Del, F2 and the buttons did nothing until
    a row was clicked."""
    assert dialog.tree.currentItem() is dialog.tree.topLevelItem(0)
    assert dialog.delete_button.isEnabled()
    dialog.tree.setFocus()
    qtbot.keyClick(dialog.tree, Qt.Key.Key_Delete)
    assert saved(store) == MARKS[1:]


def test_moving_up_and_down_is_saved(qtbot: Any, dialog: BookmarksDialog, store: QSettings) -> None:
    select(dialog, 2)
    qtbot.keyClick(dialog.tree, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert saved(store) == [MARKS[0], MARKS[2], MARKS[1]]
    assert current_item(dialog.tree).text(1) == MARKS[2].url.text  # it stays current
    dialog.down_button.click()
    assert saved(store) == MARKS
    assert not dialog.down_button.isEnabled()  # the last cannot go further down


def test_buttons_follow_the_selection(dialog: BookmarksDialog) -> None:
    select(dialog, 0)
    assert not dialog.up_button.isEnabled()
    assert dialog.down_button.isEnabled()
    assert dialog.delete_button.isEnabled()
    assert dialog.rename_button.isEnabled()
    dialog.tree.setCurrentIndex(QModelIndex())
    dialog.tree.clearSelection()
    assert not dialog.delete_button.isEnabled()


def test_no_bookmarks_says_so(app: Any, qtbot: Any, tmp_path: Path) -> None:
    empty = QSettings(str(tmp_path / "empty.ini"), QSettings.Format.IniFormat)
    box = BookmarksDialog(Bookmarks(empty))
    qtbot.addWidget(box)
    assert box.tree.topLevelItemCount() == 0
    assert "no bookmarks" in box.note.text().lower()


def test_a_password_is_never_saved_by_a_rename(store: QSettings) -> None:
    marks = Bookmarks(store)
    marks.rename(parse("ftp://alice@127.0.0.1:2121/pub/"), "renamed")
    marks.add("with a password", parse("ftp://bob:hunter2@127.0.0.1/"))
    marks.move(parse("ftp://bob@127.0.0.1/"), -1)
    store.sync()
    assert "hunter2" not in Path(store.fileName()).read_text()


def test_the_bookmarks_menu_opens_the_dialog(qtbot: Any, store: QSettings) -> None:
    window = MainWindow(Settings(store))
    qtbot.addWidget(window)
    pane = install_viewer(window)
    try:
        menu = window.menuBar().findChild(QMenu, "bookmarksMenu")
        assert menu is not None
        menu.aboutToShow.emit()
        manage = next(a for a in menu.actions() if a.objectName() == "manageBookmarksAction")
        assert isinstance(manage, QAction)
        assert manage.shortcut().toString() == "Ctrl+Shift+O"
        manage.trigger()
        assert pane.bookmarks is not None
        dialog = pane.bookmarks.dialog
        assert dialog is not None
        assert dialog.isVisible()
        select(dialog, 0)
        dialog.delete_button.click()
        menu.aboutToShow.emit()  # the menu lists what is left
        assert [a.data() for a in menu.actions() if a.data()] == [m.url.text for m in MARKS[1:]]
        dialog.close()
        QApplication.processEvents()
    finally:
        stop_viewer(pane)
