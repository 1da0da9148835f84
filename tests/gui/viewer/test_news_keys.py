"""The news tables from the keyboard only, against a real INN server on 127.0.0.1: the
group list and a group's overview have the keys of a gopher menu (type-ahead on the
group's name or the article's subject, Home / End, Page Up / Page Down, Enter opens,
the Menu key / Shift+F10, the row's URL in the status bar), and Backspace and Alt+Up
go up: from an article to its group's overview, from an overview to the group list."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QWidget

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from urlinspector.gui.viewer.pane import ViewerPane

Key = Qt.Key
NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
UP_KEYS = [(Key.Key_Backspace, NONE), (Key.Key_Up, ALT)]
UP_IDS = ["Backspace", "Alt+Up"]


@pytest.fixture
def news(pane: ViewerPane, inn: Any) -> ViewerPane:
    pane.net.news_server = inn.setting
    return pane


def focus(qtbot: Any, widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


def current_text(table: QAbstractItemView, column: int) -> str:
    index = table.currentIndex()
    return str(table.model().index(index.row(), column).data())


def press(qtbot: Any, pane: ViewerPane, widget: QWidget, key: Key, mods: Any = NONE) -> None:
    """Press *key* in *widget* and wait for any page it asks for."""
    qtbot.keyClick(widget, key, mods)
    wait_idle(qtbot, pane)


@pytest.mark.parametrize(
    ("typed", "group"),
    [("local.o", "local.other"), ("LOCAL.B", "local.big"), ("local.e", "local.empty")],
)
def test_type_ahead_finds_a_group_and_enter_opens_it(
    qtbot: Any, go: Any, news: ViewerPane, typed: str, group: str
) -> None:
    go("news:*")
    table = news.pages.groups_page.table
    messages: list[str] = []
    selected: list[str] = []
    news.statusMessage.connect(messages.append)
    news.itemSelected.connect(selected.append)
    focus(qtbot, table)
    assert table.currentIndex().row() == 0  # the keyboard arrives on the first group
    qtbot.keyClicks(table, typed)
    assert current_text(table, 0) == group
    assert selected[-1] == f"news:{group}"
    assert messages[-1] == f"news:{group} · Enter opens it"
    press(qtbot, news, table, Key.Key_Return)
    assert address(news) == f"news:{group}"
    assert news.pages.currentWidget() is news.pages.overview_page


def test_the_group_list_walks_with_home_end_and_the_page_keys(
    qtbot: Any, go: Any, news: ViewerPane
) -> None:
    go("news:*")
    table = news.pages.groups_page.table
    last = table.model().rowCount() - 1
    focus(qtbot, table)
    for key, row in [
        (Key.Key_End, last),
        (Key.Key_Home, 0),
        (Key.Key_PageDown, last),  # (a short list: one page)
        (Key.Key_PageUp, 0),
        (Key.Key_Down, 1),
    ]:
        qtbot.keyClick(table, key)
        assert table.currentIndex().row() == row, key


@pytest.mark.parametrize(
    ("typed", "subject"),
    [("gr", "Grüße aus Köln"), ("re", "Re: Welcome"), ("no ", "No charset"), ("w", "Welcome")],
)
def test_type_ahead_in_an_overview_is_on_the_subject(
    qtbot: Any, go: Any, news: ViewerPane, typed: str, subject: str
) -> None:
    go("news:local.test")
    table = news.pages.overview_page.table
    focus(qtbot, table)
    qtbot.keyClicks(table, typed)
    assert current_text(table, 1) == subject
    press(qtbot, news, table, Key.Key_Enter)
    assert news.pages.currentWidget() is news.pages.article_page
    article = news.pages.article_page.article
    assert article is not None
    assert article.subject == subject


@pytest.mark.parametrize(("key", "mods"), UP_KEYS, ids=UP_IDS)
def test_up_from_an_article_to_its_overview_to_the_group_list(
    qtbot: Any, go: Any, news: ViewerPane, key: Key, mods: Any
) -> None:
    go("news:local.other")
    table = news.pages.overview_page.table
    focus(qtbot, table)
    qtbot.keyClicks(table, "quoted")
    press(qtbot, news, table, Key.Key_Return)
    assert address(news) == "news:qp.5@test.invalid"  # posted to local.test and local.other
    body = news.pages.article_page.body.browser
    focus(qtbot, body)
    press(qtbot, news, body, key, mods)
    assert address(news) == "news:local.other"  # the group it was opened from
    focus(qtbot, table)
    press(qtbot, news, table, key, mods)
    assert address(news) == "news:*"
    assert news.pages.currentWidget() is news.pages.groups_page


@pytest.mark.parametrize(("key", "mods"), UP_KEYS, ids=UP_IDS)
def test_up_from_an_nntp_article_keeps_its_server(
    qtbot: Any, go: Any, news: ViewerPane, inn: Any, key: Key, mods: Any
) -> None:
    go(inn.url("local.test/1"))
    assert news.pages.currentWidget() is news.pages.article_page
    body = news.pages.article_page.body.browser
    focus(qtbot, body)
    press(qtbot, news, body, key, mods)
    assert address(news) == inn.url("local.test")
    messages: list[str] = []
    news.statusMessage.connect(messages.append)
    table = news.pages.overview_page.table
    focus(qtbot, table)
    press(qtbot, news, table, key, mods)  # an nntp: URL names no group list
    assert address(news) == inn.url("local.test")
    assert messages[-1].startswith("At the top")


@pytest.mark.parametrize(("key", "mods"), [(Key.Key_Menu, NONE), (Key.Key_F10, SHIFT)])
@pytest.mark.parametrize("page", ["groups_page", "overview_page"])
def test_the_menu_key_opens_the_rows_menu(
    qtbot: Any, go: Any, news: ViewerPane, page: str, key: Key, mods: Any
) -> None:
    go("news:*" if page == "groups_page" else "news:local.test")
    table = getattr(news.pages, page).table
    focus(qtbot, table)
    qtbot.keyClick(table, Key.Key_Down)
    qtbot.keyClick(table, key, mods)
    menu = getattr(news.pages, page).keys.context_menu
    assert menu is not None
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    assert any("Copy" in action.text() for action in menu.actions())
    menu.close()
