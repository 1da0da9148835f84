"""The escapes panel: each ``%HH`` with its octet and character, marked unnecessary
(RFC 3986 §2.3), meaningful (decoding it would change the URL's meaning) or invalid."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from urlinspector.gui.models.inspection import EscapeRow
from urlinspector.gui.models.tables import SPAN_ROLE, EscapesModel
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.copying import install_copying

__all__ = ["EscapesPanel"]


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
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in ((0, 60), (1, 70), (2, 64), (3, 52), (4, 80), (5, 110), (6, 420)):
            self.setColumnWidth(column, width)
        self.clicked.connect(self._activate)
        self.activated.connect(self._activate)

    def set_rows(self, rows: tuple[EscapeRow, ...], hidden: tuple[int, int] | None = None) -> None:
        """Show *rows*; those of the password (at *hidden*) masked."""
        self.escapes_model.set_rows(rows, hidden)

    def _activate(self, index: QModelIndex) -> None:
        span = index.siblingAtColumn(0).data(SPAN_ROLE)
        if span is not None:
            self.spanActivated.emit(span[0], span[1])
