"""A decoded control character (``%09``) shows as a mark the window's font draws:
``⟦HT⟧`` in the cells and in the address bar's boxes, never a blank box."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont, QTextLayout
from PySide6.QtWidgets import QAbstractItemView

from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.url_marks import MARK_OBJECT, MarkObject


def missing_glyphs(text: str, font: QFont) -> int:
    """How many glyphs of *text* in *font* (with Qt's fallbacks) are glyph 0, the
    empty box of a missing glyph."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    return sum(list(run.glyphIndexes()).count(0) for run in layout.glyphRuns())


def _cell(view: QAbstractItemView, name: str, column: int) -> QModelIndex:
    model = view.model()
    stack = [QModelIndex()]
    while stack:
        parent = stack.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            if index.data() == name:
                return index.siblingAtColumn(column)
            stack.append(index)
    raise AssertionError(name)


@pytest.mark.parametrize(
    ("url", "component", "decoded"),
    [
        ("gopher://h/7sel%09term", "path", "/7sel⟦HT⟧term"),
        ("http://h/a%0Ab%0Dc", "path", "/a⟦LF⟧b⟦CR⟧c"),
        ("http://h/?q=%00", "query", "q=⟦NUL⟧"),
    ],
)
def test_a_decoded_control_shows_as_a_drawn_mark(
    window: MainWindow, url: str, component: str, decoded: str
) -> None:
    window.inspect(url)
    window.flush()
    view = window.inspector.components.view
    cell = _cell(view, component, 2)
    assert cell.data() == decoded
    assert missing_glyphs(str(cell.data()), view.font()) == 0


def test_an_escape_row_shows_the_same_mark(window: MainWindow) -> None:
    window.inspect("gopher://h/7sel%09term")
    window.inspector.tabs.setCurrentWidget(window.inspector.escapes)
    window.flush()
    model = window.inspector.escapes.model()
    decoded = model.index(0, model_columns(model).index("decodes to")).data()
    assert decoded == "⟦HT⟧"
    assert missing_glyphs(decoded, window.inspector.escapes.font()) == 0


def model_columns(model: object) -> list[str]:
    count = model.columnCount()  # type: ignore[attr-defined]
    horizontal = Qt.Orientation.Horizontal
    return [model.headerData(c, horizontal) for c in range(count)]  # type: ignore[attr-defined]


def test_the_address_bar_boxes_a_tab_with_its_word(window: MainWindow) -> None:
    window.set_address("http://ev\til.com/")
    window.flush()
    labels = []
    iterator = window.address_area.address.document().firstBlock().begin()
    while not iterator.atEnd():
        fmt = iterator.fragment().charFormat()
        if fmt.objectType() == MARK_OBJECT:
            labels.append(MarkObject._label(fmt))
        iterator += 1
    assert labels == ["HT"]
    assert missing_glyphs("HT", window.address_area.address.font()) == 0
