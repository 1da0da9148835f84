"""The inspector's tables give their width to the columns of text: citations and
short columns are as wide as what they hold, the values and the reasons take the rest
and wrap, and at 800x600 the Components tree shows a URL's components, not a handful."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTreeView

from tests.gui.helpers import lay_out, top_item
from urlinspector.gui.main_window import MainWindow

URL = "http://user@a.example:8080/b/c;p?q=%7E#f"
BASE = "http://a/b/c/d;p?q"
SLACK = 24
"""Pixels of padding a column may have beyond its widest cell."""


def _at(window: MainWindow, width: int, height: int, tab: str) -> None:
    window.resize(width, height)
    window.set_base(BASE)
    window.inspect(URL)
    window.inspector.tabs.setCurrentIndex(
        ("editions", "trace", "escapes", "explain", "spec").index(tab)
    )
    window.flush()
    lay_out(window)  # the views lay their rows out again after a resize


def _wrapped_height(view: QAbstractItemView, text: str, width: int) -> int:
    box = view.fontMetrics().boundingRect(
        QRect(0, 0, max(1, width - 8), 100_000), int(Qt.TextFlag.TextWordWrap), text
    )
    return box.height()


def test_trace_citations_are_narrow_and_values_take_the_rest(window: MainWindow) -> None:
    _at(window, 800, 600, "trace")
    tree = window.inspector.trace.tree
    header = tree.header()
    assert tree.topLevelItemCount() >= 5
    # the step and citation columns are as wide as what they hold
    for column in (0, 2):
        assert header.sectionSize(column) >= tree.sizeHintForColumn(column) - 2
        assert header.sectionSize(column) <= tree.sizeHintForColumn(column) + SLACK
    assert header.length() <= tree.viewport().width()
    # the values take what is left of the width
    rest = tree.viewport().width() - header.sectionSize(0) - header.sectionSize(2)
    assert header.sectionSize(1) >= rest - 2
    # and each row is tall enough for its values, wrapped at the column's width
    for row in range(tree.topLevelItemCount()):
        item = top_item(tree, row)
        rect = tree.visualItemRect(item)
        needed = _wrapped_height(tree, item.text(1), header.sectionSize(1))
        assert rect.height() >= needed, item.text(1)


def test_escapes_reason_is_wide_and_wraps_and_citation_is_narrow(window: MainWindow) -> None:
    _at(window, 800, 600, "escapes")
    table = window.inspector.escapes
    header = table.horizontalHeader()
    model = table.model()
    assert model.rowCount() == 1
    why = model.columnCount() - 2
    citation = model.columnCount() - 1
    assert header.sectionSize(citation) <= table.sizeHintForColumn(citation) + SLACK
    assert header.sectionSize(citation) >= table.sizeHintForColumn(citation) - 2
    # every column is in sight: nothing scrolled off to the right
    assert header.length() <= table.viewport().width()
    others = sum(header.sectionSize(c) for c in range(model.columnCount()) if c != why)
    assert header.sectionSize(why) >= table.viewport().width() - others - 2
    reason = model.index(0, why).data()
    assert table.rowHeight(0) >= _wrapped_height(table, reason, header.sectionSize(why))


def _visible_rows(view: QTreeView) -> int:
    viewport = view.viewport().rect()
    index = view.indexAt(viewport.topLeft())
    count = 0
    while index.isValid() and view.visualRect(index).bottom() <= viewport.bottom():
        count += 1
        index = view.indexBelow(index)
    return count


def test_components_show_ten_rows_at_800_by_600(window: MainWindow) -> None:
    _at(window, 800, 600, "trace")
    view = window.inspector.components.view
    view.expandAll()
    QApplication.processEvents()
    assert _visible_rows(view) >= 10
