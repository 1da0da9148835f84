"""Ctrl+F opens the find field of what is shown wherever the focus is (the address bar,
a tab's title, a table), never types into the address bar; Escape closes it and gives
the focus back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from tests.gui.helpers import stop_viewer
from tests.gui.viewer.conftest import wait_idle
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.viewer.install import VIEWER_PAGE, install_viewer
from urlinspector.gui.viewer.pane import ViewerPane

URL = "gopher://gopher.example.org:70/1/specs?x#frag"
CTRL = Qt.KeyboardModifier.ControlModifier
TABS = ("editions", "trace", "escapes", "explain", "spec")
"""The inspector's tabs, in order."""


@pytest.fixture
def viewer(window: MainWindow) -> Iterator[ViewerPane]:
    pane = install_viewer(window)
    yield pane
    stop_viewer(pane)


def ctrl_f(qtbot: Any, widget: QWidget) -> None:
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_F, CTRL)


def _address(w: MainWindow) -> QWidget:
    return w.address


def _tab_title(w: MainWindow) -> QWidget:
    return w.inspector.tabs.tabBar()


def _components(w: MainWindow) -> QWidget:
    return w.inspector.components.view


def _diagnostics(w: MainWindow) -> QWidget:
    return w.inspector.diagnostics


# (the tab shown, where the focus is, the field that must get it, what the bar names)
CASES: list[tuple[str, Callable[[MainWindow], QWidget], str, str]] = [
    ("editions", _address, "bar", "Editions side by side"),
    ("escapes", _address, "bar", "Escapes"),
    ("trace", _tab_title, "bar", "Resolution trace"),
    ("explain", _address, "bar", "Explain"),
    ("editions", _components, "bar", "Components"),
    ("spec", _diagnostics, "bar", "Diagnostics"),
    ("spec", _address, "spec", ""),
    ("spec", _tab_title, "spec", ""),
]


@pytest.mark.parametrize(("tab", "focus", "field", "named"), CASES)
def test_ctrl_f_in_the_inspector_opens_the_find_field_of_what_is_shown(
    qtbot: Any,
    window: MainWindow,
    viewer: ViewerPane,
    tab: str,
    focus: Callable[[MainWindow], QWidget],
    field: str,
    named: str,
) -> None:
    window.inspect(URL)
    window.inspector.tabs.setCurrentIndex(TABS.index(tab))
    window.flush()
    start = focus(window)
    ctrl_f(qtbot, start)
    assert window.address.text() == URL  # nothing typed into the address bar
    if field == "spec":
        target = window.inspector.spec_reader.search
        assert not window.finding.bar.isVisible()
    else:
        target = window.finding.bar.field
        assert window.finding.bar.isVisible()
        assert window.finding.bar.field.placeholderText() == f"Find in {named}"
    assert target.hasFocus()
    qtbot.keyClick(target, Qt.Key.Key_Escape)
    assert not window.finding.bar.isVisible()
    assert QApplication.focusWidget() is start  # the focus is back where it was
    assert window.address.text() == URL


@pytest.mark.parametrize(
    ("tab", "words"), [("editions", "fragment"), ("escapes", "%20"), ("trace", "merge")]
)
def test_the_inspector_find_bar_finds_a_row(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, tab: str, words: str
) -> None:
    window.set_base("gopher://gopher.example.org/1/a/b")
    window.inspect("../c%20d?x#frag" if tab != "editions" else URL)
    window.inspector.tabs.setCurrentIndex(TABS.index(tab))
    window.flush()
    ctrl_f(qtbot, window.address)
    qtbot.keyClicks(window.finding.bar.field, words)
    qtbot.keyClick(window.finding.bar.field, Qt.Key.Key_Return)
    view = window.finding.searched
    assert view is not None
    index = view.currentIndex()  # type: ignore[attr-defined]
    assert index.isValid()
    model = view.model()  # type: ignore[attr-defined]
    cells = [
        str(model.index(index.row(), c, index.parent()).data() or "")
        for c in range(model.columnCount(index.parent()))
    ] + [str(model.headerData(index.row(), Qt.Orientation.Vertical) or "")]
    assert any(words.casefold() in cell.casefold() for cell in cells)
    assert window.finding.bar.result.text() == ""


def test_ctrl_f_in_the_address_bar_while_the_viewer_is_shown_opens_its_find_bar(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, demo: Any
) -> None:
    window.address.setText(demo.url)
    window.open_url()
    wait_idle(qtbot, viewer)
    assert window.pages.currentWidget() is viewer
    ctrl_f(qtbot, window.address)
    assert viewer.find_bar.isVisible()
    assert viewer.find_bar.field.hasFocus()
    assert window.address.text() == demo.url
    qtbot.keyClicks(viewer.find_bar.field, "search the")
    qtbot.keyClick(viewer.find_bar.field, Qt.Key.Key_Return)
    item = viewer.pages.gopher_page.view.current_item()
    assert item is not None
    assert "search the" in item.display.casefold()
    qtbot.keyClick(viewer.find_bar.field, Qt.Key.Key_Escape)  # closes; does not Stop
    assert not viewer.find_bar.isVisible()
    assert window.address.hasFocus()
    # and from the menu itself, the key is not ambiguous between the pane and the window
    ctrl_f(qtbot, viewer.pages.gopher_page.view)
    assert viewer.find_bar.field.hasFocus()
    assert window.pages.currentWidget() is viewer
    window.show_page("inspector")
    assert window.pages.currentWidget() is not viewer
    window.show_page(VIEWER_PAGE)
