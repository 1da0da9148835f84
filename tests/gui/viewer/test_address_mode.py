"""The address bar shows what Enter does: inspect while the inspector is shown, fetch
while the viewer is; the button beside it does the same and says so."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QFontMetrics

from tests.gui.helpers import address, stop_viewer
from tests.gui.viewer.conftest import wait_idle
from urlinspector.gui.main_window import INSPECTOR_PAGE, MainWindow
from urlinspector.gui.viewer.install import VIEWER_PAGE, install_viewer
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.widgets.address_mode import MODES


@pytest.fixture
def viewer(window: MainWindow) -> Iterator[ViewerPane]:
    pane = install_viewer(window)
    yield pane
    stop_viewer(pane)


@pytest.mark.parametrize(
    ("page", "mark", "button", "tip", "placeholder"),
    [
        (INSPECTOR_PAGE, "inspect", "Inspect", "nothing is fetched", "Enter inspects"),
        (VIEWER_PAGE, "fetch", "Open", "fetches the URL", "Enter fetches"),
    ],
)
def test_the_bar_says_what_enter_does_on_each_page(
    window: MainWindow,
    viewer: ViewerPane,
    page: str,
    mark: str,
    button: str,
    tip: str,
    placeholder: str,
) -> None:
    window.show_page(VIEWER_PAGE)  # (a change each time, whichever page comes next)
    window.show_page(INSPECTOR_PAGE)
    window.show_page(page)
    label = window.address_area.mode.mark
    assert label.isVisibleTo(window)
    assert mark in label.text()
    assert tip in label.toolTip()
    assert window.address_area.open_button.text() == button
    assert tip in window.address_area.open_button.toolTip()
    assert placeholder in window.address.placeholderText()


def test_the_button_inspects_in_the_inspector_and_its_menu_fetches(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any
) -> None:
    window.address.setText(hole.url + "1/notes")
    window.address_area.open_button.click()  # Inspect: nothing is fetched
    assert window.pages.currentWidget() is window.inspector
    assert not viewer.busy
    assert viewer.url is None
    assert window.inspector.components.model.rowCount() > 0
    (fetch,) = window.address_area.open_button.menu().actions()
    assert fetch is window.menus.open_action
    fetch.trigger()  # the menu's Open in the viewer (Alt+Enter) fetches
    assert window.pages.currentWidget() is viewer
    wait_idle(qtbot, viewer)
    assert address(viewer) == hole.url + "1/notes"
    assert window.address_area.open_button.text() == "Open"
    window.address.setText(hole.url + "0/latin1.txt")
    window.address_area.open_button.click()  # in the viewer, the button fetches as Enter does
    wait_idle(qtbot, viewer)
    assert address(viewer) == hole.url + "0/latin1.txt"


@pytest.mark.parametrize("name", sorted(MODES))
def test_every_character_of_the_mark_is_drawn_by_the_font(window: MainWindow, name: str) -> None:
    # a character the font lacks shows as an empty box (a pictograph, on most systems)
    window.address_area.mode.set_mode(name)
    metrics = QFontMetrics(window.address_area.mode.mark.font())
    text = window.address_area.mode.mark.text()
    assert all(metrics.inFontUcs4(ord(c)) for c in text), text
