"""Short cells show their whole value: a finding's span far into a long URL
("163–171") is not cut to "163–1…", in Diagnostics nor in Components."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyle, QTableView, QTreeView

from urlinspector.gui.main_window import MainWindow

LONG = (
    "https://accounts.example.com/oauth2/v2/auth?client_id=1234567890"
    "&redirect_uri=https%3A%2F%2Fapp.example.org%2Fcallback&scope=openid%20email"
    "&state=" + "x" * 60 + "&nonce=<bad> and|more`#frag ment"
)


def _fits(view: QTableView | QTreeView, index: QModelIndex) -> bool:
    """Whether the cell's text fits its column as the style draws it (its text margins
    left and right), so that it is not elided."""
    text = str(index.data() or "")
    font = index.data(Qt.ItemDataRole.FontRole) or view.font()
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    room = view.columnWidth(index.column()) - 2 * margin
    return QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, room) == text


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_diagnostic_spans_codes_and_severities_show_whole(
    window: MainWindow, size: tuple[int, int]
) -> None:
    window.resize(*size)
    window.inspect(LONG)
    window.flush()
    view = window.inspector.diagnostics
    model = view.diagnostics_model
    assert model.rowCount() >= 3
    spans = [model.index(r, 3).data() for r in range(model.rowCount())]
    assert any(int(s.split("–")[0]) >= 100 for s in spans)  # three digits each side
    for row in range(model.rowCount()):
        for column in (0, 3, 4, 5):
            index = model.index(row, column)
            assert _fits(view, index), (index.data(), view.columnWidth(column))


def test_component_spans_show_whole(window: MainWindow) -> None:
    window.inspect(LONG + "&" + "y" * 12000 + "&z=1")  # spans of five digits
    window.flush()
    view = window.inspector.components.view
    view.expandAll()
    model = view.model()
    stack = [QModelIndex()]
    seen = 0
    while stack:
        parent = stack.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 3, parent)
            if index.data():
                seen += 1
                assert _fits(view, index), (index.data(), view.columnWidth(3))
            stack.append(model.index(row, 0, parent))
    assert seen >= 5
