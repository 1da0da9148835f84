"""The diagnostics panel: errors, warnings, security findings and notes with their
spec citations; clicking one selects its span in the address bar, and clicking its
citation (or Enter on it) opens the cited section in the Spec tab."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from urlinspector.core import URL, Diagnostic
from urlinspector.gui.models.tables import SPAN_ROLE, DiagnosticsModel
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.gui.widgets.sizing import ElidingHeader, FollowFont
from urlinspector.present.text import EMPTY_ADDRESS

__all__ = ["CITATION_COLUMN", "CitationDelegate", "DiagnosticsPanel"]

CITATION_COLUMN = DiagnosticsModel.COLUMNS.index("citation")


class CitationDelegate(QStyledItemDelegate):
    """Draws a citation as a link: it opens in the Spec tab."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.font.setUnderline(True)
        link = option.palette.color(QPalette.ColorRole.Link)
        option.palette.setColor(QPalette.ColorRole.Text, link)


WRAPPED_ROWS = 60
"""Up to this many findings, each row is as tall as its wrapped message."""
MESSAGE_COLUMN = DiagnosticsModel.COLUMNS.index("message")
MESSAGE_CHARS = 24
"""The least width of the message column, in average characters of its font."""

SHORT_COLUMNS = tuple(
    DiagnosticsModel.COLUMNS.index(name) for name in ("severity", "span", "category", "code")
)
"""Severity, span, category and code: short values, each shown whole."""


class DiagnosticsPanel(QTableView):
    """A table of findings; ``spanActivated(start, end)`` on click or Enter, and
    ``citationActivated(str)`` when that was on the citation column."""

    spanActivated = Signal(int, int)
    citationActivated = Signal(str)

    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.diagnostics_model = DiagnosticsModel(formats, self)
        self.setModel(self.diagnostics_model)
        # a column made narrower than its header: each line elided, whole in the tooltip
        self.setHorizontalHeader(ElidingHeader(self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setAlternatingRowColors(True)
        self.copying = install_copying(self)  # Ctrl+C, Copy as Markdown
        self.setWordWrap(True)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        for column in SHORT_COLUMNS:  # as wide as what they hold: never "163–1…"
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # the citation 150 pixels at 100%, rows of a line in the zoom's type
        self.sizing = FollowFont(self, widths={CITATION_COLUMN: 150}, refit=self._fit_rows)
        header.sectionResized.connect(self._column_resized)
        self.setItemDelegateForColumn(CITATION_COLUMN, CitationDelegate(self))
        self.empty = False
        """Whether the address is empty (:meth:`set_diagnostics`)."""
        self.clicked.connect(self._activate)
        self.activated.connect(self._activate)

    def set_diagnostics(
        self, items: tuple[Diagnostic, ...], masked_url: URL | None = None, *, empty: bool = False
    ) -> None:
        """Show *items*, with the password of *masked_url* masked in their messages;
        *empty*: the address is empty (the view invites one instead of saying that
        nothing was found)."""
        if empty != self.empty:
            self.empty = empty
            self.viewport().update()
        if self.diagnostics_model.set_diagnostics(items, masked_url):
            self._fit_rows()

    def _fit_rows(self) -> None:
        """Wrapped messages: rows as tall as they need (a long list keeps one line)."""
        self._fit_message()
        if self.diagnostics_model.rowCount() <= WRAPPED_ROWS:
            self.resizeRowsToContents()

    def _fit_message(self) -> None:
        """The message takes the width the other columns leave, but never less than
        :data:`MESSAGE_CHARS` characters (zoomed in, the table scrolls sideways
        instead of squeezing the messages to an ellipsis)."""
        header = self.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != MESSAGE_COLUMN)
        least = MESSAGE_CHARS * self.fontMetrics().averageCharWidth()
        width = max(self.viewport().width() - others, least)
        if header.sectionSize(MESSAGE_COLUMN) != width:
            header.resizeSection(MESSAGE_COLUMN, width)

    def _column_resized(self, column: int, _old: int, _new: int) -> None:
        if column != MESSAGE_COLUMN:
            self._fit_message()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_message()
        if self.diagnostics_model.rowCount() <= WRAPPED_ROWS:
            self.resizeRowsToContents()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.diagnostics_model.rowCount() == 0:
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(
                self.viewport().rect().adjusted(8, 8, -8, -8),
                int(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
                | int(Qt.TextFlag.TextWordWrap),  # (whole, in a narrow pane too)
                EMPTY_ADDRESS if self.empty else "No findings: no errors, warnings or notes.",
            )
            painter.end()

    def _activate(self, index: QModelIndex) -> None:
        span = index.siblingAtColumn(0).data(SPAN_ROLE)
        if span is not None:
            self.spanActivated.emit(span[0], span[1])
        if index.column() == CITATION_COLUMN:
            self.citationActivated.emit(str(index.data() or ""))
