"""Lynx's keys on every page, against urlinspector's demo gopher server on 127.0.0.1:
Backspace (and Left, as Lynx) on a text goes back to the menu it came from, on the item
followed; Backspace up to a parent menu selects the item the reader came from; a menu
shown anew starts on its first item."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.schemes.gopher import MenuItem

Key = Qt.Key

pytestmark = pytest.mark.gui


def current(pane: ViewerPane) -> MenuItem | None:
    return pane.pages.gopher_page.view.current_item()


def shown(pane: ViewerPane) -> str:
    item = current(pane)
    return item.display if item is not None else ""


def test_a_menu_shown_anew_starts_on_its_first_item(go: Any, demo: Any) -> None:
    pane = go(demo.url)
    assert shown(pane).startswith("Welcome")  # not the heading above it: an item
    view = pane.pages.gopher_page.view
    assert view.selectionModel().isRowSelected(view.currentIndex().row())
    pane = go(demo.url + "1specs/")
    assert shown(pane).startswith("000")
    assert address(pane) == demo.url + "1specs/"  # the page's URL, not the item's


@pytest.mark.parametrize("key", [Key.Key_Backspace, Key.Key_Left], ids=["Backspace", "Left"])
def test_backspace_and_left_on_a_text_go_back_to_the_item_followed(
    qtbot: Any, go: Any, demo: Any, key: Key
) -> None:
    pane = go(demo.url + "1specs/")
    view = pane.pages.gopher_page.view
    view.setFocus()
    qtbot.keyClick(view, Key.Key_Down)
    qtbot.keyClick(view, Key.Key_Down)
    followed = shown(pane)
    assert followed.startswith("002")
    qtbot.keyClick(view, Key.Key_Return)
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.text_page
    browser = pane.pages.text_page.browser
    browser.setFocus()
    qtbot.keyClick(browser, key)
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.gopher_page
    assert address(pane) == demo.url + "1specs/"
    assert shown(pane) == followed


def test_backspace_on_a_text_typed_in_goes_up_to_its_menu_on_its_item(
    qtbot: Any, go: Any, demo: Any
) -> None:
    text = demo.url + "0/specs/000-rfc1738.txt"  # as the menu of the specs links it
    pane = go(text)
    assert not pane.history.can_go_back
    browser = pane.pages.text_page.browser
    browser.setFocus()
    qtbot.keyClick(browser, Key.Key_Backspace)
    wait_idle(qtbot, pane)
    assert address(pane) == demo.url + "1/specs/"
    item = current(pane)
    assert item is not None
    assert item.url == text


def test_backspace_up_to_a_parent_menu_selects_the_item_come_from(
    qtbot: Any, go: Any, demo: Any
) -> None:
    pane = go(demo.url)
    view = pane.pages.gopher_page.view
    view.setFocus()
    qtbot.keyClick(view, Key.Key_End)
    assert shown(pane).startswith("Gopher links")
    qtbot.keyClick(view, Key.Key_Return)
    wait_idle(qtbot, pane)
    links = address(pane)
    assert links == demo.url + "1/links"
    qtbot.keyClick(view, Key.Key_Backspace)  # up a level: a new page, the root menu
    wait_idle(qtbot, pane)
    assert address(pane) == demo.url + "1/"  # (a new visit, not Back)
    assert shown(pane).startswith("Gopher links")  # the last item, not the first
    qtbot.keyClick(view, Key.Key_Return)  # and Enter goes back down
    wait_idle(qtbot, pane)
    assert address(pane) == links


def test_backspace_up_a_directory_selects_the_one_come_from(
    qtbot: Any, go: Any, tmp_path: Path
) -> None:
    for name in ("a", "b", "c"):
        (tmp_path / "top" / name).mkdir(parents=True)
    pane = go((tmp_path / "top" / "c").as_uri() + "/")
    table = pane.pages.listing_page.table
    table.setFocus()
    qtbot.keyClick(table, Key.Key_Backspace)
    wait_idle(qtbot, pane)
    assert address(pane) == (tmp_path / "top").as_uri() + "/"
    row = table.currentIndex().row()
    assert pane.pages.listing_page.model.rows[row].name == "c"  # not "a", the first
