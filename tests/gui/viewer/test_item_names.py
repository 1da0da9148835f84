"""A page followed from a gopher menu is titled by the item's name (History and
bookmarks), a bookmark's title keeps its ``&`` in the menu, and the demo's texts link
to the port the demo runs on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMenu

from tests.gui.helpers import stop_viewer
from tests.gui.viewer.conftest import wait_idle
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.settings import Settings
from urlinspector.gui.viewer.bookmarks import Bookmarks
from urlinspector.gui.viewer.install import install_viewer
from urlinspector.gui.viewer.pane import ViewerPane


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def browsing(qtbot: Any, store: QSettings) -> Iterator[tuple[MainWindow, ViewerPane]]:
    window = MainWindow(Settings(store))
    qtbot.addWidget(window)
    pane = install_viewer(window)
    try:
        yield window, pane
    finally:
        stop_viewer(pane)


@pytest.mark.parametrize(
    ("selector", "name"),
    [
        ("welcome.txt", "Welcome: what is here and how gopher URLs work"),
        ("gopher-plus.txt", "About Gopher+ (a Gopher+ item with attributes)"),
        ("images/gopher.png", "A picture of a gopher (PNG, drawn for this demo)"),
        ("specs", "The five specifications"),
    ],
)
def test_a_followed_item_is_titled_by_its_name(
    qtbot: Any,
    store: QSettings,
    demo: Any,
    browsing: tuple[MainWindow, ViewerPane],
    selector: str,
    name: str,
) -> None:
    _window, pane = browsing
    pane.navigate(parse(demo.url))
    wait_idle(qtbot, pane)
    view = pane.pages.gopher_page.view
    model = pane.pages.gopher_page.model
    row = next(r for r, item in enumerate(model.items) if item.display == name)
    assert selector in (model.items[row].url or "")
    view.setFocus()
    view.setCurrentIndex(model.index(row, 0))
    qtbot.keyClick(view, Qt.Key.Key_Return)  # followed as a person does, by Enter
    wait_idle(qtbot, pane)
    assert pane.history.current is not None
    assert pane.history.current.title == name
    assert pane.bookmarks is not None
    pane.bookmarks.add_action.trigger()
    assert [b.title for b in Bookmarks(store).all()] == [name]


def test_a_bookmark_title_keeps_its_ampersand_in_the_menu(
    store: QSettings, browsing: tuple[MainWindow, ViewerPane]
) -> None:
    window, _pane = browsing
    marks = Bookmarks(store)
    marks.add("Q&A about gopher", parse("gopher://example.org/1/q%26a"))
    menu = window.menuBar().findChild(QMenu, "bookmarksMenu")
    assert menu is not None
    menu.aboutToShow.emit()
    # (a QAction shows its text without the access-key marks: iconText is what shows)
    shown = [a.iconText() for a in menu.actions() if a.data()]
    assert len(shown) == 1
    assert shown[0].startswith("Q&A about gopher — ")


def test_the_gopher_plus_text_links_to_the_demos_port(go: Any, demo: Any) -> None:
    pane = go(demo.url + "0/gopher-plus.txt")
    links = [found.url for found in pane.pages.text_page.links]
    assert len(links) == 3
    for url in links:
        assert url.startswith(f"gopher://127.0.0.1:{demo.port}/0/gopher-plus.txt%09%09"), url
    assert "PORT" not in pane.pages.text_page.text
    assert "{{server}}" not in pane.pages.text_page.text
