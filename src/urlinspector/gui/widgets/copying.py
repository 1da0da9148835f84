"""Copying the rows of any table or tree of the window: Ctrl+C gives the selected rows,
all columns, tab-separated; "Copy as Markdown" gives the whole table with its header,
unless rows were selected on purpose (several cells, or whole rows in a view where
one can select several): then those rows.  The one cell a click or the keyboard
leaves selected is where the cursor is, not a choice of rows.

One mechanism for every view: :func:`install_copying` adds the two actions to a view
(its context menu shows them); the text comes from
:func:`urlinspector.present.report.tsv` and :func:`~urlinspector.present.report.markdown_table`.
What is copied is what the cells show, so a password the window masks stays masked.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QMainWindow, QTableView, QTreeView

from urlinspector.present.report import markdown_table, tsv

__all__ = ["TableCopy", "install_copying"]

_DISPLAY = Qt.ItemDataRole.DisplayRole
_SINGLE = (
    QAbstractItemView.SelectionMode.SingleSelection,
    QAbstractItemView.SelectionMode.NoSelection,
)


def _path(index: QModelIndex) -> tuple[int, ...]:
    """Rows from the root down to *index*: sorting by it gives the tree's order."""
    rows: list[int] = []
    while index.isValid():
        rows.append(index.row())
        index = index.parent()
    return tuple(reversed(rows))


class TableCopy(QObject):
    """The copy actions of one item view (:func:`install_copying` makes one)."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view
        self.copy_action = QAction("&Copy rows", view)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.copy_action.setToolTip("the selected rows, all columns, tab-separated")
        self.copy_action.triggered.connect(self.copy_rows)
        self.markdown_action = QAction("Copy as &Markdown", view)
        self.markdown_action.setToolTip(
            "the whole table as a Markdown table (only the selected rows when several "
            "cells or whole rows are selected)"
        )
        self.markdown_action.triggered.connect(self.copy_markdown)
        view.addAction(self.copy_action)
        view.addAction(self.markdown_action)
        if view.contextMenuPolicy() == Qt.ContextMenuPolicy.DefaultContextMenu:
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    # --- reading the view -----------------------------------------------------------------

    def _columns(self) -> list[int]:
        view = self.view
        # the header counts the model's columns (a list model keeps its count private)
        if isinstance(view, QTreeView):
            return [c for c in range(view.header().count()) if not view.isColumnHidden(c)]
        if isinstance(view, QTableView):
            count = view.horizontalHeader().count()
            return [c for c in range(count) if not view.isColumnHidden(c)]
        return [0]

    def _row_labels(self) -> bool:
        """Whether the rows carry a label in a visible vertical header (the editions)."""
        view = self.view
        return isinstance(view, QTableView) and view.verticalHeader().isVisible()

    def header(self) -> list[str]:
        model = self.view.model()
        names = [  # a header of two lines (the editions') as one
            " ".join(str(model.headerData(c, Qt.Orientation.Horizontal, _DISPLAY) or "").split())
            for c in self._columns()
        ]
        return ["", *names] if self._row_labels() else names

    def _cells(self, index: QModelIndex) -> list[str]:
        model = self.view.model()
        cells = []
        for column in self._columns():
            value = model.index(index.row(), column, index.parent()).data(_DISPLAY)
            cells.append("" if value is None else str(value))
        if self._row_labels():
            label = model.headerData(index.row(), Qt.Orientation.Vertical, _DISPLAY)
            cells.insert(0, "" if label is None else str(label))
        return cells

    def _all(self, parent: QModelIndex) -> Iterator[QModelIndex]:
        model = self.view.model()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            yield index
            if model.rowCount(index):
                yield from self._all(index)

    def selected_rows(self) -> list[list[str]]:
        """The cells of each row with a selected cell, in the view's order."""
        selection = self.view.selectionModel()
        if selection is None:
            return []
        firsts = {_path(i): i.siblingAtColumn(0) for i in selection.selectedIndexes()}
        return [self._cells(firsts[key]) for key in sorted(firsts)]

    def chosen_rows(self) -> list[list[str]]:
        """The rows selected on purpose: several cells, or a whole row in a view that
        lets one select several; none when only the cursor's cell (or, in a view of
        single selection, its row) is selected."""
        view = self.view
        selection = view.selectionModel()
        if selection is None:
            return []
        indexes = selection.selectedIndexes()
        single = view.selectionMode() in _SINGLE
        if len(indexes) < 2 or (single and len({_path(i) for i in indexes}) < 2):
            return []
        return self.selected_rows()

    def rows(self) -> list[list[str]]:
        """The selected rows, or every row (nested ones too) when none is selected."""
        return self.selected_rows() or self.all_rows()

    def all_rows(self) -> list[list[str]]:
        """Every row, nested ones too, in the view's order."""
        return [self._cells(i) for i in self._all(QModelIndex())]

    # --- the actions ----------------------------------------------------------------------

    def copy_rows(self) -> str:
        """Copy :meth:`rows` tab-separated; the text copied."""
        rows = self.rows()
        return self._copy(tsv(rows), len(rows), "")

    def copy_markdown(self) -> str:
        """Copy :meth:`chosen_rows` (else the whole table) as a Markdown table; the
        text copied."""
        rows = self.chosen_rows() or self.all_rows()
        return self._copy(markdown_table(self.header(), rows), len(rows), " as Markdown")

    def _copy(self, text: str, count: int, how: str) -> str:
        QGuiApplication.clipboard().setText(text)
        window = self.view.window()
        if isinstance(window, QMainWindow):
            rows = "1 row" if count == 1 else f"{count} rows"
            window.statusBar().showMessage(f"Copied {rows}{how}.", 4000)
        return text


def install_copying(view: QAbstractItemView) -> TableCopy:
    """Give *view* Ctrl+C (the selected rows, tab-separated) and Copy as Markdown, in
    its context menu too (a view with a menu of its own adds
    :attr:`TableCopy.copy_action` and :attr:`TableCopy.markdown_action` to it)."""
    return TableCopy(view)
