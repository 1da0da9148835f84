"""A gopher menu and an ftp listing browsed with the keyboard only, against real servers
on 127.0.0.1 (urlinspector's demo gopher server, pyftpdlib): the keys stop on items
only, the item is clearly marked and its URL shown, Back comes back to it, Backspace
and Alt+Up go up a level, ``=`` and Shift+F10 reach a Gopher+ item's attributes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication

from tests.gui.helpers import address, stop_viewer
from tests.gui.viewer.conftest import wait_idle
from urlinspector.gui.app import create_application
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.viewer.focus_mark import contrast_ratio, mark_colours
from urlinspector.gui.viewer.gopher_view import is_choosable
from urlinspector.gui.viewer.install import install_viewer
from urlinspector.gui.viewer.menu_keys import next_stop, stop_near
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.net.demo_server import DemoServer
from urlinspector.schemes.gopher import MenuItem

Key = Qt.Key
NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
SECTIONS = 60


@pytest.fixture(scope="module")
def long_hole(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoServer]:
    """A menu longer than the window: a heading and a blank line before each item."""
    root = tmp_path_factory.mktemp("long-hole")
    lines = []
    for n in range(SECTIONS):
        lines += [f"Section {n}", " ", f"0Item {n:02}\titem-{n:02}.txt"]
        (root / f"item-{n:02}.txt").write_text(f"item {n}\n")
    (root / "gophermap").write_text("\n".join(lines) + "\n")
    with DemoServer(root=root) as server:
        yield server


def current(pane: ViewerPane) -> MenuItem | None:
    return pane.pages.gopher_page.view.current_item()


def press(qtbot: Any, view: QAbstractItemView, key: Key, mods: Qt.KeyboardModifier = NONE) -> None:
    qtbot.keyClick(view, key, mods)


def focus(qtbot: Any, view: QAbstractItemView) -> None:
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(view.hasFocus, timeout=2000)


# --- the stops, as plain functions ---------------------------------------------------------

STOPS = [False, True, False, False, True, True, False]


@pytest.mark.parametrize(
    ("row", "step", "expected"),
    [(-1, 1, 1), (1, 1, 4), (4, 1, 5), (5, 1, None), (5, -1, 4), (4, -1, 1), (1, -1, None)],
)
def test_next_stop_passes_over_the_rows_that_lead_nowhere(
    row: int, step: int, expected: int | None
) -> None:
    assert next_stop(STOPS.__getitem__, len(STOPS), row, step) == expected


@pytest.mark.parametrize(
    ("row", "step", "expected"), [(0, 1, 1), (2, 1, 4), (2, -1, 1), (6, 1, 5), (99, 1, 5)]
)
def test_stop_near_falls_back_the_other_way(row: int, step: int, expected: int) -> None:
    assert stop_near(STOPS.__getitem__, len(STOPS), row, step) == expected


# --- a gopher menu -----------------------------------------------------------------------

# (key, modifiers, the display the keyboard is on after it)
DEMO_WALK: list[tuple[Key, Qt.KeyboardModifier, str]] = [
    (Key.Key_Down, NONE, "The five specifications"),
    (Key.Key_Tab, NONE, "Search the specifications"),
    (Key.Key_Backtab, SHIFT, "The five specifications"),
    (Key.Key_Up, NONE, "Welcome"),
    (Key.Key_Up, NONE, "Welcome"),  # the first item: the heading above is not a stop
    (Key.Key_End, NONE, "Gopher links"),
    (Key.Key_Down, NONE, "Gopher links"),  # the last: Down stays
    (Key.Key_Home, NONE, "Welcome"),
    (Key.Key_A, SHIFT, "A picture"),  # type-ahead: the next item starting so
    (Key.Key_B, NONE, "About Gopher+"),  # "ab", typed at once
]


def test_the_keys_walk_the_demo_menu_item_by_item(qtbot: Any, go: Any, demo: Any) -> None:
    pane = go(demo.url)
    view = pane.pages.gopher_page.view
    focus(qtbot, view)
    item = current(pane)  # the keyboard arrives on the first item, not the heading
    assert item is not None
    assert item.display.startswith("Welcome")
    for key, mods, expected in DEMO_WALK:
        press(qtbot, view, key, mods)
        item = current(pane)
        assert item is not None
        assert item.display.startswith(expected), (key, mods)
        assert is_choosable(item)


def test_down_from_the_top_visits_every_item_and_no_line_of_text(
    qtbot: Any, go: Any, long_hole: Any
) -> None:
    pane = go(long_hole.url)
    view = pane.pages.gopher_page.view
    focus(qtbot, view)
    seen = [current(pane)]
    for _ in range(SECTIONS + 3):
        press(qtbot, view, Key.Key_Down)
        if current(pane) is not seen[-1]:
            seen.append(current(pane))
    assert [i.display for i in seen if i is not None] == [f"Item {n:02}" for n in range(SECTIONS)]
    press(qtbot, view, Key.Key_PageUp)
    item = current(pane)
    assert item is not None
    assert item.itemtype == "0"  # a page up lands on an item too


def test_tab_after_the_last_item_leaves_the_menu(qtbot: Any, window: MainWindow, demo: Any) -> None:
    pane = install_viewer(window)
    try:
        window.open_url(demo.url)
        wait_idle(qtbot, pane)
        view = pane.pages.gopher_page.view
        focus(qtbot, view)
        press(qtbot, view, Key.Key_End)
        press(qtbot, view, Key.Key_Tab)
        assert not view.hasFocus()  # no keyboard trap
        assert window.focusWidget() is not None
    finally:
        stop_viewer(pane)


def test_back_returns_to_the_item_followed_where_it_was(
    qtbot: Any, go: Any, long_hole: Any
) -> None:
    pane = go(long_hole.url)
    view = pane.pages.gopher_page.view
    focus(qtbot, view)
    for _ in range(40):
        press(qtbot, view, Key.Key_Down)
    followed = current(pane)
    assert followed is not None
    assert followed.display == "Item 40"
    top = view.indexAt(QPoint(1, 1)).row()
    assert top > 0  # scrolled
    press(qtbot, view, Key.Key_Return)
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.text_page
    pane.toolbar.back_action.trigger()  # Alt+Left
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.gopher_page
    assert current(pane) is not None
    assert current(pane).display == "Item 40"  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: view.indexAt(QPoint(1, 1)).row() == top, timeout=10000)


def test_back_in_a_smaller_window_keeps_the_item_followed_in_view(
    qtbot: Any, go: Any, long_hole: Any
) -> None:
    pane = go(long_hole.url)
    view = pane.pages.gopher_page.view
    focus(qtbot, view)
    for _ in range(40):
        press(qtbot, view, Key.Key_Down)
    followed = view.currentIndex()
    press(qtbot, view, Key.Key_Return)
    wait_idle(qtbot, pane)
    pane.resize(pane.width(), pane.height() // 2)  # rows from the old top down to it no longer fit
    pane.toolbar.back_action.trigger()
    wait_idle(qtbot, pane)
    assert current(pane).display == "Item 40"  # type: ignore[union-attr]
    qtbot.waitUntil(
        lambda: view.viewport().rect().contains(view.visualRect(view.currentIndex())),
        timeout=10000,
    )
    assert view.currentIndex().row() == followed.row()


@pytest.mark.parametrize(
    ("key", "mods"), [(Key.Key_Backspace, NONE), (Key.Key_Up, ALT)], ids=["Backspace", "Alt+Up"]
)
def test_backspace_and_alt_up_go_to_the_menu_above(
    qtbot: Any, go: Any, demo: Any, key: Key, mods: Qt.KeyboardModifier
) -> None:
    pane = go(demo.url + "1specs/")
    view = pane.pages.gopher_page.view
    focus(qtbot, view)
    press(qtbot, view, key, mods)
    wait_idle(qtbot, pane)
    assert address(pane) == demo.url  # the server's root menu
    assert any(
        i.display.startswith("The five specifications") for i in pane.pages.gopher_page.model.items
    )
    press(qtbot, view, key, mods)  # at the top: nothing above
    assert not pane.busy


@pytest.mark.parametrize(
    ("path", "above"),
    [("0welcome.txt", ""), ("0/specs/000-rfc1738.txt", "1/specs/"), ("1specs/", "")],
)
def test_up_a_level_from_any_page(qtbot: Any, go: Any, demo: Any, path: str, above: str) -> None:
    """Go ▸ Up a level (Alt+Up, also from a text); disabled at the top."""
    pane = go(demo.url + path)
    assert pane.toolbar.up_action.isEnabled()
    pane.toolbar.up_action.trigger()
    wait_idle(qtbot, pane)
    assert address(pane) == demo.url + above
    assert pane.pages.currentWidget() is pane.pages.gopher_page
    assert pane.toolbar.up_action.isEnabled() == bool(above)


def test_equals_and_shift_f10_reach_the_gopher_plus_attributes(
    qtbot: Any, go: Any, demo: Any
) -> None:
    pane = go(demo.url)
    view = pane.pages.gopher_page.view
    focus(qtbot, view)
    qtbot.keyClicks(view, "About")
    item = current(pane)
    assert item is not None
    assert item.plus is not None
    press(qtbot, view, Key.Key_F10, SHIFT)
    menu = view.keys.context_menu
    assert menu is not None
    assert menu.isVisible()
    texts = [a.text() for a in menu.actions()]
    assert "Gopher+ &attributes" in texts
    menu.close()
    qtbot.keyClick(view, "=")
    panel = pane.pages.gopher_page.attributes
    qtbot.waitUntil(lambda: bool(panel.attributes), timeout=5000)
    assert {block.name for block in panel.attributes} >= {"INFO", "ADMIN"}


def test_the_item_the_keyboard_is_on_shows_in_the_status_and_address_bars(
    qtbot: Any, window: MainWindow, demo: Any
) -> None:
    pane = install_viewer(window)
    try:
        messages: list[str] = []
        pane.statusMessage.connect(messages.append)
        window.address.setText(demo.url)
        window.open_url()
        wait_idle(qtbot, pane)
        view = pane.pages.gopher_page.view
        focus(qtbot, view)
        press(qtbot, view, Key.Key_Down)
        item = current(pane)
        assert item is not None
        assert item.url is not None
        assert window.address.text() == item.url  # as the demo's menu promises
        assert item.url in messages[-1]
        assert "Enter follows it" in messages[-1]
        press(qtbot, view, Key.Key_Down)
        assert window.address.text() == current(pane).url  # type: ignore[union-attr]
        assert not window.address.document().isUndoAvailable()  # no step per item
        assert window.base.text() == demo.url  # the page's own URL stays the base
    finally:
        stop_viewer(pane)


# --- the mark -------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_mark_has_contrast_in_both_themes_focused_or_not(
    qtbot: Any, go: Any, demo: Any, theme: str
) -> None:
    create_application(theme=theme)
    pane = go(demo.url)
    view = pane.pages.gopher_page.view
    colours = mark_colours(view.palette())
    base = view.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Base)
    assert contrast_ratio(colours.text, colours.fill) >= 4.5  # WCAG 2.2 §1.4.3
    assert contrast_ratio(colours.frame, base) >= 3.0  # WCAG 2.2 §1.4.11
    focus(qtbot, view)
    press(qtbot, view, Key.Key_Down)
    index = view.currentIndex()
    focused = QApplication.focusWidget()
    assert focused is not None
    focused.clearFocus()  # the focus elsewhere: still marked
    assert not view.hasFocus()
    image = view.viewport().grab().toImage()
    rect = view.visualRect(index)
    x = min(rect.right(), view.viewport().width()) - 6
    fill = QColor(image.pixel(x, rect.center().y()))  # (the style may shade the fill)
    assert contrast_ratio(fill, colours.fill) < 1.2
    assert contrast_ratio(fill, base) >= 3.0  # the row stands out of the page
    assert QColor(image.pixel(x, rect.top())) == colours.frame
    create_application(theme="light")


# --- an ftp listing -------------------------------------------------------------------------


def test_an_ftp_listing_from_the_keyboard(qtbot: Any, go: Any, ftp_server: Any) -> None:
    pane = go(ftp_server.url())
    table = pane.pages.listing_page.table
    model = pane.pages.listing_page.model
    selected: list[str] = []
    pane.itemSelected.connect(selected.append)
    focus(qtbot, table)
    assert table.currentIndex().row() == 0  # the keyboard arrives on the first entry
    qtbot.keyClicks(table, "pub")
    row = model.row(table.currentIndex().row())
    assert row is not None
    assert row.name == "pub"
    assert selected[-1] == ftp_server.url("pub/")
    press(qtbot, table, Key.Key_Return)
    wait_idle(qtbot, pane)
    assert address(pane) == ftp_server.url("pub/")
    focus(qtbot, table)
    press(qtbot, table, Key.Key_Up, ALT)  # the parent directory
    wait_idle(qtbot, pane)
    assert address(pane) == ftp_server.url()
    pane.toolbar.back_action.trigger()
    wait_idle(qtbot, pane)
    pane.toolbar.back_action.trigger()  # back to the listing where pub/ was followed
    wait_idle(qtbot, pane)
    assert address(pane) == ftp_server.url()
    back_on = model.row(table.currentIndex().row())
    assert back_on is not None
    assert back_on.name == "pub"
    press(qtbot, table, Key.Key_End)
    assert table.currentIndex().row() == model.rowCount() - 1
    press(qtbot, table, Key.Key_Backspace)  # at the top: says so, goes nowhere
    assert not pane.busy
    assert address(pane) == ftp_server.url()
