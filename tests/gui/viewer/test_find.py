"""Find in page (Ctrl+F, F3, Shift+F3) in texts, menus and listings."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def test_find_in_a_text_selects_the_words_and_wraps(qtbot: Any, go: Any, demo: Any) -> None:
    pane = go(demo.url + "0/welcome.txt")
    pane.show()
    qtbot.waitExposed(pane)
    pane.toolbar.find_action.trigger()
    assert pane.find_bar.isVisible()
    assert pane.find_bar.field.hasFocus()
    QTest.keyClicks(pane.find_bar.field, "GOPHER")
    QTest.keyClick(pane.find_bar.field, Qt.Key.Key_Return)
    browser = pane.pages.text_page.browser
    first = browser.textCursor().selectionStart()
    assert browser.textCursor().selectedText().casefold() == "gopher"
    pane.toolbar.find_next_action.trigger()  # F3
    second = browser.textCursor().selectionStart()
    assert second > first
    pane.toolbar.find_previous_action.trigger()  # Shift+F3
    assert browser.textCursor().selectionStart() == first
    assert pane.find_in_page("burrowing")
    assert pane.find_in_page("burrowing")  # wraps around to the only one
    assert not pane.find_in_page("no such words here")
    assert "Not found" in pane.find_bar.result.text()


def test_find_in_a_menu_makes_the_row_current(go: Any, demo: Any) -> None:
    pane = go(demo.url)
    view = pane.pages.gopher_page.view
    assert pane.find_in_page("search the")
    item = pane.pages.gopher_page.model.item(view.currentIndex().row())
    assert item is not None
    assert "search the" in item.display.casefold()


def test_find_in_a_listing(go: Any, ftp_server: Any) -> None:
    pane = go(ftp_server.url())
    assert pane.find_in_page("README")
    table = pane.pages.listing_page.table
    row = pane.pages.listing_page.model.rows[table.currentIndex().row()]
    assert row.name == "readme.txt"


def test_a_page_without_text_finds_nothing(pane: Any) -> None:
    assert not pane.find_in_page("anything")  # the start page
