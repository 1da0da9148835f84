"""Copy as Markdown copies the whole table unless rows were selected on purpose:
the one cell a click leaves selected is where the cursor is, not a choice."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView
from pytestqt.qtbot import QtBot

from urlinspector.gui.main_window import MainWindow

_SELECT = QItemSelectionModel.SelectionFlag.ClearAndSelect


def _click(qtbot: QtBot, view: QAbstractItemView, row: int, column: int) -> None:
    rect = view.visualRect(view.model().index(row, column))
    assert rect.isValid()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def _body_lines(text: str) -> list[str]:
    return text.split("\n")[2:]  # (after the header and its rule)


def _editions(window: MainWindow) -> QAbstractItemView:
    window.set_base("http://a/b/c/d;p?q")
    window.inspect("g;x?y#s")
    window.inspector.tabs.setCurrentWidget(window.inspector.editions)
    window.flush()
    return window.inspector.editions


def test_one_clicked_cell_copies_the_whole_table(window: MainWindow, qtbot: QtBot) -> None:
    view = _editions(window)
    rows = view.model().rowCount()
    _click(qtbot, view, 2, 1)
    assert len(view.selectionModel().selectedIndexes()) == 1  # the click selected one cell
    lines = _body_lines(window.inspector.editions.copying.copy_markdown())
    assert len(lines) == rows
    assert window.statusBar().currentMessage() == f"Copied {rows} rows as Markdown."


def test_several_cells_copy_their_rows(window: MainWindow, qtbot: QtBot) -> None:
    view = _editions(window)
    model = view.model()
    view.selectionModel().select(QItemSelection(model.index(3, 0), model.index(4, 1)), _SELECT)
    lines = _body_lines(window.inspector.editions.copying.copy_markdown())
    assert [line.split(" | ")[0] for line in lines] == [
        "| " + str(model.headerData(r, Qt.Orientation.Vertical)) for r in (3, 4)
    ]


def test_a_whole_row_by_its_header_copies_that_row(window: MainWindow, qtbot: QtBot) -> None:
    view = _editions(window)
    header = window.inspector.editions.verticalHeader()
    y = header.sectionViewportPosition(5) + header.sectionSize(5) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, y))
    lines = _body_lines(window.inspector.editions.copying.copy_markdown())
    assert len(lines) == 1
    assert lines[0].startswith(f"| {view.model().headerData(5, Qt.Orientation.Vertical)} |")


def test_a_clicked_diagnostic_row_is_chosen(window: MainWindow, qtbot: QtBot) -> None:
    """In a list of rows with several to select, a click selects a whole row: that
    row is copied, as before."""
    window.inspect("http://joe:secret@exa mple.com:99999/a%41/b?q=1#f")
    window.flush()
    view = window.inspector.diagnostics
    assert view.model().rowCount() >= 3
    _click(qtbot, view, 1, 1)
    lines = _body_lines(view.copying.copy_markdown())
    assert len(lines) == 1
