"""The editions side by side: one column per edition of the specs and one for the
browsers (WHATWG, computed by ``ada-url``), cells that differ from RFC 3986 marked.

This is the view a teacher projects: the same text, read by each text's rules."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from urlinspector.gui.models.inspection import EditionsTable
from urlinspector.gui.models.tables import EditionsModel
from urlinspector.gui.palette import Formats

__all__ = ["EditionsPanel"]


class EditionsPanel(QTableView):
    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editions_model = EditionsModel(formats, self)
        self.setModel(self.editions_model)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.setWordWrap(True)  # long targets wrap (anywhere: URLs have no spaces)
        self.setAlternatingRowColors(True)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setDefaultSectionSize(190)
        header.setStretchLastSection(True)
        vertical = self.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._line = self.fontMetrics().lineSpacing()
        vertical.setDefaultSectionSize(self._line + 8)

    def set_table(self, table: EditionsTable | None) -> None:
        self.editions_model.set_table(table)
        if table is not None:
            # fixed heights (measuring wrapped cells on every keystroke costs a frame):
            # room for a wrapped path and target
            for row_id, lines in (("path", 2), ("target", 4)):
                if row_id in table.row_ids:
                    row = table.row_ids.index(row_id)
                    height = self._line * lines + 8
                    if self.rowHeight(row) != height:
                        self.setRowHeight(row, height)
