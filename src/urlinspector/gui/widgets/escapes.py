"""The escapes panel: each ``%HH`` with its octet and character, marked unnecessary
(RFC 3986 §2.3), meaningful (decoding it would change the URL's meaning) or invalid.

The short columns and the citation are as wide as what they hold; the reason ("why")
takes the rest of the width and wraps (up to :data:`WRAPPED_ROWS` rows: a longer table
keeps one line a row, and the reason is in each row's tooltip)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from urlinspector.gui.models.tables import SPAN_ROLE, EscapesModel
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.gui.widgets.sizing import FollowFont
from urlinspector.present.escape_rows import EscapeRow

__all__ = ["WRAPPED_ROWS", "EscapesPanel"]

WRAPPED_ROWS = 60
"""Rows whose height follows their wrapped reason; a longer table is not measured."""
WHY_COLUMN = EscapesModel.COLUMNS.index("why")


class EscapesPanel(QTableView):
    spanActivated = Signal(int, int)

    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.escapes_model = EscapesModel(formats, self)
        self.setModel(self.escapes_model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setAlternatingRowColors(True)
        self.copying = install_copying(self)  # Ctrl+C, Copy as Markdown
        self.setWordWrap(True)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(WHY_COLUMN, QHeaderView.ResizeMode.Stretch)
        header.sectionResized.connect(self._column_resized)
        self.sizing = FollowFont(self, refit=self._fit_rows)  # (rows in the zoom's type)
        self.clicked.connect(self._activate)
        self.activated.connect(self._activate)

    def set_rows(self, rows: tuple[EscapeRow, ...], hidden: tuple[int, int] | None = None) -> None:
        """Show *rows*; those of the password (at *hidden*) masked."""
        self.escapes_model.set_rows(rows, hidden)
        self._fit_rows()

    def _column_resized(self, column: int, _old: int, _new: int) -> None:
        if column == WHY_COLUMN:
            self._fit_rows()

    def _fit_rows(self) -> None:
        """Rows as tall as their wrapped reason (a short table only)."""
        if 0 < self.escapes_model.rowCount() <= WRAPPED_ROWS:
            self.resizeRowsToContents()

    def _activate(self, index: QModelIndex) -> None:
        span = index.siblingAtColumn(0).data(SPAN_ROLE)
        if span is not None:
            self.spanActivated.emit(span[0], span[1])
