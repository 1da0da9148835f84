"""Access keys (Alt+letter) of the main window: each one unique where it acts.

Two scopes: the window (the menu bar's menus, and every label with a buddy, button and
check box visible at the same time: Qt ignores a hidden widget's access key, so each
page of a page stack is checked in turn) and each menu (its own items, while it is
open; a context menu is the widget's actions).  The walk takes every widget and menu
the window holds, so a new one is checked without being listed here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMenu,
    QTabBar,
    QToolBar,
    QWidget,
)

from tests.gui.helpers import stop_viewer
from urlinspector.core import parse
from urlinspector.gui.main_window import INSPECTOR_PAGE, MainWindow
from urlinspector.gui.viewer.install import VIEWER_PAGE, install_viewer
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.schemes.gopher import MenuItem

Keys = dict[str, list[str]]


def mnemonic(text: str) -> str | None:
    """The access key of a widget's text: the character after a single ``&``."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] != "&":
                return text[i + 1].casefold()
            i += 1
        i += 1
    return None


@pytest.mark.parametrize(
    ("text", "key"),
    [("&File", "f"), ("Hi&story", "s"), ("Tom && Jerry", None), ("A && &B", "b"), ("x&", None)],
)
def test_mnemonic_reads_the_access_key(text: str, key: str | None) -> None:
    assert mnemonic(text) == key


def _widget_texts(widget: QWidget) -> Iterator[str]:
    labelled = isinstance(widget, QLabel) and widget.buddy() is not None
    if labelled or isinstance(widget, QAbstractButton):
        yield widget.text()  # type: ignore[attr-defined]
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QTabBar):
        yield from (widget.tabText(i) for i in range(widget.count()))


def window_keys(window: MainWindow) -> Keys:
    """The access keys of the window scope now: the menu bar, and the widgets shown."""
    keys: Keys = defaultdict(list)
    for action in window.menuBar().actions():
        if action.isVisible() and (key := mnemonic(action.text())):
            keys[key].append(f"menu {action.text()!r}")
    for widget in window.findChildren(QWidget):
        if widget.window() is not window or not widget.isVisibleTo(window):
            continue
        for text in _widget_texts(widget):
            if key := mnemonic(text):
                keys[key].append(f"{type(widget).__name__} {text!r}")
    return keys


def clashes(keys: Keys) -> dict[str, list[str]]:
    return {key: where for key, where in keys.items() if len(where) > 1}


def menu_scopes(window: MainWindow) -> Iterator[tuple[str, list[QAction]]]:
    """Each menu's items (filled as when it opens), each context menu made of a
    widget's actions, and each tool bar's (its overflow menu)."""
    for menu in window.findChildren(QMenu):
        menu.aboutToShow.emit()
        yield menu.title() or menu.objectName(), menu.actions()
    actions_menu = Qt.ContextMenuPolicy.ActionsContextMenu
    for widget in window.findChildren(QWidget):
        if isinstance(widget, QToolBar) or widget.contextMenuPolicy() == actions_menu:
            yield f"{type(widget).__name__} {widget.objectName()}", widget.actions()


def _pages(window: MainWindow, pane: ViewerPane) -> Iterator[str]:
    """Show the window in each of its states, one after the other: the inspector, and
    the viewer with each of its pages (the ones with buttons filled as they can be)."""
    window.show_page(INSPECTOR_PAGE)
    yield "the inspector"
    window.show_page(VIEWER_PAGE)
    pane.find_bar.show()  # the find bar stays open while any page is shown
    pages = pane.pages
    item = MenuItem(
        itemtype="0",
        display="x",
        selector=b"x",
        host="h",
        port=70,
        plus="+",
        url=None,
        raw=b"0x\tx\th\t70\t+",
        line=1,
    )
    for page in (pages.gopher_page, pages.text_page, pages.image_page, pages.listing_page):
        pages.setCurrentWidget(page)
        yield page.objectName()
    pages.gopher_page.attributes.set_attributes(item, ())
    pages.gopher_page.attributes.show()
    pages.gopher_page.attributes.form_button.show()
    pages.setCurrentWidget(pages.gopher_page)
    yield "a Gopher+ item's attributes"
    for news_page in (pages.groups_page, pages.overview_page, pages.article_page):
        pages.setCurrentWidget(news_page)
        yield news_page.objectName()
    pane.renderer.show_failure(
        parse("gopher://h/"), None, "failed", "why", save=True, save_data=b"x"
    )
    yield "a failure with both save buttons"
    for url in ("http://h/", "telnet://u:p@h/", "mailto:a@h", "irc://h/"):
        pages.scheme_page.show_url(parse(url))
        pages.setCurrentWidget(pages.scheme_page)
        yield f"the explanation of {url}"


@pytest.fixture
def viewer(window: MainWindow) -> Iterator[ViewerPane]:
    pane = install_viewer(window)
    yield pane
    stop_viewer(pane)


def test_every_access_key_of_the_window_is_unique_on_every_page(
    window: MainWindow, viewer: ViewerPane
) -> None:
    found = {state: clashes(window_keys(window)) for state in _pages(window, viewer)}
    assert {state: c for state, c in found.items() if c} == {}
    assert len(found) > 10  # every state was walked


def test_every_access_key_is_unique_in_its_menu(window: MainWindow, viewer: ViewerPane) -> None:
    found: dict[str, dict[str, list[str]]] = {}
    scopes = 0
    for name, actions in menu_scopes(window):
        keys: Keys = defaultdict(list)
        for action in actions:
            if action.isVisible() and (key := mnemonic(action.text())):
                keys[key].append(action.text())
        scopes += 1
        if clashes(keys):
            found[name] = clashes(keys)
    assert found == {}
    assert scopes > 8


@pytest.mark.parametrize(
    ("key", "expected"),
    [("b", "menu '&Bookmarks'"), ("h", "menu '&Help'"), ("a", "QLabel '&Address'")],
)
def test_the_window_keys_go_where_they_say(
    window: MainWindow, viewer: ViewerPane, key: str, expected: str
) -> None:
    """Alt+B opens Bookmarks and Alt+H Help, as in browsers; the fields keep theirs."""
    assert window_keys(window)[key] == [expected]
