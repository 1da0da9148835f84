"""The editions side by side: one column per edition of the specs, one for the
browsers (WHATWG, computed by ``ada-url``), cells that differ from RFC 3986 marked,
and one for each HTTP library (urllib, urlopen, urllib3, requests, httpx, curl),
cells that differ from the browsers' marked.

This is the view a teacher projects: the same text, read by each text's rules.

Cells wrap at URL delimiters (before ``/ ? # & = ; @``, never inside ``//``, never
inside a host) and each row is as tall as its tallest cell.  A line still too wide
for its column (a long host) is elided from the left, ``…verify.attackerdomain.example``:
the end of a host is its registrable domain, the name that says whose it is, and the
ellipsis says that something is left out.  Each cell's tooltip starts with its own
value, whole.

A click on a column's header opens its edition's document in the Spec tab; Enter (or
a double click) on a cell opens the section where that edition defines the row's
component.

Measuring wrapped cells costs a text layout each: on a keystroke only the rows whose
text changed are measured, and a row whose cells all fit on one line gets the
one-line height without a layout.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from urlinspector.core import EDITIONS
from urlinspector.gui.models.tables import EditionsModel
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.gui.widgets.sizing import ElidingHeader, FollowFont
from urlinspector.present.editions_table import EditionsTable
from urlinspector.present.reader_columns import READER_COLUMN

__all__ = ["BREAK_BEFORE", "EditionsPanel", "UrlCellDelegate", "with_breaks"]

BREAK_BEFORE = frozenset("/?#&=;@")
"""A line may break before these delimiters."""
CELL_PADDING = 12
COLUMN_WIDTH = 190
"""Pixels of a column at 100% (in proportion at other zooms)."""
"""Pixels of a cell's width its text cannot use (margins and the grid)."""
_ZWSP = "\u200b"  # a line-break opportunity that takes no room (UAX #14, class ZW)


def with_breaks(text: str) -> str:
    """*text* with a zero-width break opportunity before each delimiter of
    :data:`BREAK_BEFORE` (not between the two slashes of ``//``)."""
    if not any(c in BREAK_BEFORE for c in text):
        return text
    out: list[str] = []
    previous = ""
    for ch in text:
        if ch in BREAK_BEFORE and out and not (ch == "/" and previous == "/"):
            out.append(_ZWSP)
        out.append(ch)
        previous = ch
    return "".join(out)


class UrlCellDelegate(QStyledItemDelegate):
    """Draws a cell wrapped at URL delimiters; a line too wide for the cell is elided
    from the left, so that a host keeps its registrable domain."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.text = with_breaks(option.text)
        option.textElideMode = Qt.TextElideMode.ElideLeft
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText


class EditionsPanel(QTableView):
    """``citationActivated(str)``: a header clicked (the edition's document) or a cell
    activated (where that edition defines the row's component)."""

    citationActivated = Signal(str)

    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editions_model = EditionsModel(formats, self)
        self.setModel(self.editions_model)
        # a column made narrower than its header: each line elided, whole in the tooltip
        self.setHorizontalHeader(ElidingHeader(self))
        self.setItemDelegate(UrlCellDelegate(self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideLeft)
        self.setAlternatingRowColors(True)
        self.copying = install_copying(self)  # Ctrl+C, Copy as Markdown
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.sectionResized.connect(lambda *_: self._fit_rows_later())
        header.setSectionsClickable(True)
        header.sectionClicked.connect(self._header_clicked)
        self.activated.connect(self._cell_activated)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._bold_of: QFont | None = None
        """The font :attr:`_bold` was made from."""
        self._bold = QFontMetrics(self.font())
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.timeout.connect(self.fit_rows)
        # columns of COLUMN_WIDTH at 100%, rows of a line and headers in the zoom's type
        self.sizing = FollowFont(self, default=COLUMN_WIDTH, refit=self.fit_rows)

    def set_table(self, table: EditionsTable | None) -> None:
        changed = self.editions_model.set_table(table)
        if changed is None or self._fit_timer.isActive():
            self.fit_rows()
        else:
            self.fit_rows(changed)

    def fit_rows(self, rows: Iterable[int] | None = None) -> None:
        """Make *rows* (default: all) as tall as their tallest (wrapped) cell."""
        model = self.editions_model
        if rows is None:
            self._fit_timer.stop()
            rows = range(model.rowCount())
        for row in rows:
            height = self._row_height(row)
            if self.rowHeight(row) != height:
                self.setRowHeight(row, height)

    def _row_height(self, row: int) -> int:
        """The height *row* needs: one line, unless a cell wraps; then the tallest
        cell's, measured once for each different text (the editions' targets are
        often the same)."""
        model = self.editions_model
        metrics = self._bold_metrics()
        one_line = self.verticalHeader().defaultSectionSize()
        height = one_line
        measured: set[tuple[str, int]] = set()
        option: QStyleOptionViewItem | None = None
        for column in range(model.columnCount()):
            index = model.index(row, column)
            text = str(index.data() or "")
            width = self.columnWidth(column)
            if metrics.horizontalAdvance(text) <= width - CELL_PADDING:
                continue
            if (text, width) in measured:
                continue
            measured.add((text, width))
            if option is None:
                option = QStyleOptionViewItem()
                self.initViewItemOption(option)
            option.rect = QRect(0, 0, width, one_line)
            hint = self.itemDelegate().sizeHint(option, index).height()
            height = max(height, hint + (1 if self.showGrid() else 0))
        return height

    def _bold_metrics(self) -> QFontMetrics:
        """The metrics of the view's font in bold (differing cells are bold: measured
        as the wider), made again when the font changes (the zoom)."""
        if self._bold_of is None or self._bold_of != self.font():
            self._bold_of = QFont(self.font())
            bold = QFont(self._bold_of)
            bold.setBold(True)
            self._bold = QFontMetrics(bold)
        return self._bold

    def citation_for(self, column: int, row: int | None = None) -> str:
        """The citation of *column*'s edition (its document, or with *row* where it
        defines that row's component); ``"WHATWG URL"`` for the browsers' column."""
        table = self.editions_model.table
        if table is None or not 0 <= column < len(table.column_ids):
            return ""
        column_id = table.column_ids[column]
        if column_id.startswith(READER_COLUMN):
            return ""  # a library's column: no document of the specs defines it
        edition = EDITIONS.get(column_id)
        if edition is None:
            return "WHATWG URL"
        return edition.spec if row is None else edition.cite(table.row_ids[row])

    def _header_clicked(self, column: int) -> None:
        citation = self.citation_for(column)
        if citation:
            self.citationActivated.emit(citation)

    def _cell_activated(self, index: QModelIndex) -> None:
        citation = self.citation_for(index.column(), index.row())
        if citation:
            self.citationActivated.emit(citation)

    def _fit_rows_later(self) -> None:
        self._fit_timer.start(0)
