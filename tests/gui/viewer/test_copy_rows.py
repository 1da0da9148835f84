"""The viewer's tables copy their rows as the inspector's do: Ctrl+C tab-separated,
Copy as Markdown with the header."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView


def press_copy(qtbot: Any, view: QAbstractItemView) -> str:
    QGuiApplication.clipboard().clear()
    view.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    return QGuiApplication.clipboard().text()


def test_an_ftp_listing_row_copies_all_its_columns(qtbot: Any, go: Any, ftp_server: Any) -> None:
    pane = go(ftp_server.url())
    table = pane.pages.listing_page.table
    model = pane.pages.listing_page.model
    row = next(i for i, r in enumerate(model.rows) if r.name == "big.bin")
    table.selectionModel().setCurrentIndex(
        model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    assert press_copy(qtbot, table) == "big.bin\t10.0 MiB\t" + "\t".join(
        str(model.index(row, c).data()) for c in (2, 3)
    )
    markdown = table.actions()[-1]
    assert markdown.text() == "Copy as &Markdown"
    markdown.trigger()
    lines = QGuiApplication.clipboard().text().split("\n")
    assert lines[0] == "| Name | Size | Date | Type |"
    # one row the cursor is on is no choice of rows: Markdown copies the listing
    assert len(lines) == 2 + model.rowCount()
    assert any(line.startswith("| big.bin | 10.0 MiB |") for line in lines[2:])


def test_a_gopher_menu_copies_as_markdown(go: Any, hole: Any) -> None:
    pane = go(hole.url)
    view = pane.pages.gopher_page.view
    view.selectionModel().clearSelection()
    lines = view.copying.copy_markdown().split("\n")
    assert lines[0] == "| menu item |"
    assert len(lines) == 2 + len(pane.pages.gopher_page.model.items)
