"""Zoomed, the window lays out again: on the 1600x1000 screen the tests' platform has
(:data:`tests.gui.offscreen.SCREEN`), at 100, 150, 200 and 300% and in presentation
mode, every row of every table and tree is as tall as its font's line spacing, every
header shows its whole text (each line within its section, as many lines as it has),
the window never grows past the screen, and Actual size (Ctrl+0) gives back the
layout it had."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QTableView,
    QTreeView,
    QWidget,
)

from tests.gui.helpers import lay_out
from tests.gui.offscreen import SCREEN
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.sizing import ElidingHeader

TIP = Qt.ItemDataRole.ToolTipRole

URL = "http://www.paypal.com@evil.example/a%2Fb;p?q=caf%C3%A9&x=%7E#f"
BASE = "http://a/b/c/d;p?q"
ZOOMS = (1.0, 1.5, 2.0, 3.0)
TABS = ("editions", "trace", "escapes")
"""The tabs holding a table or a tree (besides Components and Diagnostics)."""


def _open(window: MainWindow, tab: str, zoom: float, *, presentation: bool = False) -> None:
    window.set_base(BASE)
    window.inspect(URL)
    page = window.inspector
    page.tabs.setCurrentWidget(getattr(page, tab))
    window.teaching.zoom.set_factor(zoom, remember=False)
    if presentation:
        window.teaching.presentation.enter()
    window.flush()
    lay_out(window)
    lay_out(window)  # (rows fitted to the columns the first layout gave)


def _views(window: MainWindow) -> list[QAbstractItemView]:
    """The tables and trees in sight."""
    return [
        view
        for view in window.findChildren(QAbstractItemView)
        if isinstance(view, QTableView | QTreeView)
        and not isinstance(view, QHeaderView)
        and view.isVisible()
        and view.model() is not None
    ]


def _rows(view: QAbstractItemView) -> Iterator[QModelIndex]:
    """The first cell of each row shown (a tree's expanded rows too)."""
    model = view.model()
    stack = [QModelIndex()]
    while stack:
        parent = stack.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            yield index
            if isinstance(view, QTreeView) and view.isExpanded(index):
                stack.append(index)


def _short_rows(view: QAbstractItemView) -> list[str]:
    """The rows shorter than the line spacing of the view's font."""
    spacing = QFontMetrics(view.font()).lineSpacing()
    return [
        f"{view.objectName() or type(view).__name__} row {index.row()} "
        f"({view.visualRect(index).height()} < {spacing}): {index.data()}"
        for index in _rows(view)
        if not view.isIndexHidden(index) and 0 < view.visualRect(index).height() < spacing
    ]


def _headers(view: QAbstractItemView) -> list[QHeaderView]:
    if isinstance(view, QTreeView):
        return [view.header()]
    assert isinstance(view, QTableView)
    return [h for h in (view.horizontalHeader(), view.verticalHeader()) if h.isVisible()]


def _cut_headers(view: QAbstractItemView) -> list[str]:
    """The header sections whose text, as the style draws it (a margin each side),
    is wider or taller than the section."""
    cut: list[str] = []
    model = view.model()
    for header in _headers(view):
        metrics = QFontMetrics(header.font())
        margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        horizontal = header.orientation() == Qt.Orientation.Horizontal
        for section in range(header.count()):
            if header.isSectionHidden(section):
                continue
            text = str(model.headerData(section, header.orientation()) or "")
            lines = text.split("\n")
            width = max(metrics.horizontalAdvance(line) for line in lines) + 2 * margin
            height = len(lines) * metrics.height()
            room_w = header.sectionSize(section) if horizontal else header.width()
            room_h = header.height() if horizontal else header.sectionSize(section)
            if width > room_w or height > room_h:
                cut.append(f"{text!r}: {width}x{height} in {room_w}x{room_h}")
    return cut


@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("tab", TABS)
def test_rows_and_headers_follow_the_zoom(window: MainWindow, tab: str, zoom: float) -> None:
    _open(window, tab, zoom)
    views = _views(window)
    assert len(views) == 3  # components, diagnostics and the tab's
    for view in views:
        assert _short_rows(view) == []
        assert _cut_headers(view) == []


@pytest.mark.parametrize("tab", TABS)
def test_presentation_mode_lays_out(window: MainWindow, tab: str) -> None:
    _open(window, tab, 2.0, presentation=True)
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert window.width() <= screen.width()
    (view,) = _views(window)
    assert _short_rows(view) == []
    assert _cut_headers(view) == []


def test_the_screen_is_the_tests_screen(window: MainWindow) -> None:
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert (screen.width(), screen.height()) == SCREEN


def test_the_window_stays_on_the_screen_and_actual_size_restores_it(window: MainWindow) -> None:
    _open(window, "editions", 1.0)
    screen = QGuiApplication.primaryScreen().availableGeometry()
    before = window.size()
    splitters = (window.inspector.sizes(), window.inspector.upper.sizes())
    for zoom in ZOOMS[1:]:
        window.teaching.zoom.set_factor(zoom)
        lay_out(window)
        assert window.width() <= screen.width(), zoom
        assert window.height() <= screen.height(), zoom
        assert window.minimumSizeHint().width() <= screen.width(), zoom
    window.teaching.zoom.reset()
    lay_out(window)
    assert window.size() == before
    assert (window.inspector.sizes(), window.inspector.upper.sizes()) == splitters


def test_every_widget_in_sight_takes_the_zoom(window: MainWindow) -> None:
    window.inspect("https://evil.com\\@good.com/")  # the verdict line in bold warning colour
    window.flush()
    widgets = [
        w
        for w in window.findChildren(QWidget)
        if w.isVisible() and not w.isWindow() and w.objectName() != CORNER
    ]
    before = {id(w): _size(w) for w in widgets}
    window.teaching.zoom.set_factor(2.0, remember=False)
    lay_out(window)
    unscaled = [
        f"{type(w).__name__} {w.objectName()}: {before[id(w)]} -> {_size(w)}"
        for w in widgets
        if abs(_size(w) - 2 * before[id(w)]) > 1
    ]
    assert unscaled == []


CORNER = "qt_tableview_cornerbutton"
"""The blank button where a table's two headers meet: it draws no text."""


def _size(widget: QWidget) -> float:
    font = widget.font()
    return font.pointSizeF() if font.pointSizeF() > 0 else font.pixelSize() * 0.75


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_a_narrowed_header_ends_in_an_ellipsis_and_its_tooltip_has_it_all(
    window: MainWindow, zoom: float
) -> None:
    _open(window, "editions", zoom)
    header = window.inspector.editions.horizontalHeader()
    assert isinstance(header, ElidingHeader)
    whole = str(header.model().headerData(0, Qt.Orientation.Horizontal))
    assert header.tooltip_for(0) == str(
        header.model().headerData(0, Qt.Orientation.Horizontal, TIP)
    )
    header.resizeSection(0, header.sectionSize(0) // 3)  # the user narrows it
    shown = header.shown_text(0).split("\n")
    metrics = QFontMetrics(header.font())
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    for line, full in zip(shown, whole.split("\n"), strict=True):
        assert metrics.horizontalAdvance(line) + 2 * margin <= header.sectionSize(0)
        assert line == full or (line.endswith("…") and full.startswith(line[:-1]))
    assert any(line.endswith("…") for line in shown)
    assert header.tooltip_for(0).startswith(" ".join(whole.split("\n")))
    assert not header.grab().isNull()  # (drawn by its own paintSection)
