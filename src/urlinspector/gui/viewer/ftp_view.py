"""Directory listings (FTP, and local folders for file: URLs) as a sortable table, and
the transcript panel that shows the commands and replies of the last exchange.

The table's rows come from :class:`~urlinspector.schemes.ftp.listing.Listing` (MLSD,
LIST in its Unix, DOS and EPLF forms, NLST): name, size, date, type, each with the URL
the listing module made for it (RFC 1738 §3.2.2: a directory's URL ends in ``/``).  Sorting
is done by the model in Python (one ``sorted`` call), not by a proxy calling back for
each comparison.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from urlinspector.gui.palette import Formats
from urlinspector.gui.viewer.common import PasswordDisplay, escape, fixed_font, icon
from urlinspector.gui.viewer.focus_mark import FocusMarkDelegate
from urlinspector.gui.viewer.menu_keys import KeyboardBrowsing
from urlinspector.gui.viewer.save import format_size
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.present.text import visible
from urlinspector.schemes.ftp.listing import Entry, Listing
from urlinspector.schemes.ftp.url import guess_typecode

__all__ = [
    "COLUMNS",
    "ListingModel",
    "ListingPage",
    "ListingRow",
    "TranscriptPanel",
    "rows_from_listing",
]

COLUMNS = ("Name", "Size", "Date", "Type")
IMAGE_SUFFIXES = frozenset({".png", ".gif", ".jpg", ".jpeg", ".bmp", ".webp", ".svg", ".ico"})


@dataclass(frozen=True)
class ListingRow:
    """One entry as the table shows it."""

    name: str
    url: str
    kind: str
    """``dir``, ``file``, ``link``, ``other`` or ``unknown`` (NLST gives no type)."""
    size: int | None
    date: datetime | None
    type_text: str
    tooltip: str = ""

    @property
    def icon_name(self) -> str:
        return {"dir": "menu", "link": "link", "unknown": "unknown"}.get(
            self.kind, "image" if _suffix(self.name) in IMAGE_SUFFIXES else "file"
        )


def _suffix(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot > 0 else ""


def file_kind(name: str) -> str:
    """``image``, ``text file`` or ``file``: what the name suggests (RFC 1738 §3.2.3)."""
    if _suffix(name) in IMAGE_SUFFIXES:
        return "image"
    typecode, _why = guess_typecode(name.encode("utf-8", "surrogateescape"))
    return "text file" if typecode == "a" else "file"


def _row(entry: Entry) -> ListingRow:
    kind = entry.type or "unknown"
    if kind == "dir":
        type_text = "directory"
    elif kind == "link":
        type_text = f"link → {entry.target}" if entry.target else "link"
    elif kind == "file":
        type_text = file_kind(entry.name)
    elif kind == "other":
        type_text = "other"
    else:
        type_text = "? (the listing does not say)"
    tip = f"{entry.url}\n{entry.format.upper()}: {entry.line}"
    return ListingRow(entry.name, entry.url, kind, entry.size, entry.date, type_text, tip)


def rows_from_listing(listing: Listing) -> list[ListingRow]:
    return [_row(entry) for entry in listing.entries]


def _date_text(date: datetime | None) -> str:
    if date is None:
        return ""
    text = date.strftime("%Y-%m-%d %H:%M")
    return text + " UTC" if date.tzinfo is not None else text


def _sort_key(row: ListingRow, column: int) -> tuple[Any, ...]:
    directory_first = 0 if row.kind == "dir" else 1
    if column == 1:
        return (row.size is None, row.size or 0, row.name.casefold())
    if column == 2:
        stamp = row.date.replace(tzinfo=None) if row.date is not None else None
        return (stamp is None, stamp or datetime.min, row.name.casefold())
    if column == 3:
        return (row.type_text.casefold(), row.name.casefold())
    return (directory_first, row.name.casefold(), row.name)


class ListingModel(QAbstractTableModel):
    """Rows of a listing; sortable by any column (directories first by name)."""

    URL_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[ListingRow] = []

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        row, column = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return visible(row.name) + ("/" if row.kind == "dir" else "")
            if column == 1:
                return "" if row.size is None or row.kind == "dir" else format_size(row.size)
            if column == 2:
                return _date_text(row.date)
            return row.type_text
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return icon(row.icon_name)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == 1 and row.size is not None:
                return f"{row.size:,} bytes"
            return row.tooltip or row.url
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == self.URL_ROLE:
            return row.url
        return None

    def set_rows(self, rows: Iterable[ListingRow]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        old = list(self.rows)
        self.rows.sort(
            key=lambda r: _sort_key(r, column), reverse=order == Qt.SortOrder.DescendingOrder
        )
        position = {id(r): i for i, r in enumerate(self.rows)}
        for persistent in self.persistentIndexList():
            if persistent.isValid():
                row = position[id(old[persistent.row()])]
                self.changePersistentIndex(
                    persistent, self.index(row, persistent.column(), QModelIndex())
                )
        self.layoutChanged.emit()

    def row(self, number: int) -> ListingRow | None:
        return self.rows[number] if 0 <= number < len(self.rows) else None


class ListingPage(QWidget):
    """A directory: where it is, a Parent action, and the sortable table.

    Signals: ``linkActivated(str)`` (an entry's URL), ``linkHovered(str)``,
    ``linkSelected(str)`` (the entry the keyboard moved to), ``parentRequested()``
    (the Parent button, Backspace, Alt+Up).  The keyboard browses the table as a
    gopher menu (:mod:`.menu_keys`), its place clearly marked (:mod:`.focus_mark`).
    """

    linkActivated = Signal(str)
    linkHovered = Signal(str)
    linkSelected = Signal(str)
    parentRequested = Signal()

    def __init__(
        self, parent: QWidget | None = None, *, passwords: PasswordDisplay | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("listingPage")
        self.passwords = passwords or PasswordDisplay()
        """Whether the location shows its password (the pane's switch)."""
        self.model = ListingModel(self)
        self.parent_action = QAction(icon("menu"), "&Parent directory", self)
        self.parent_action.setToolTip("the directory above this one (Backspace, Alt+Up)")
        self.parent_action.triggered.connect(self.parentRequested)
        parent_button = QToolButton()
        parent_button.setDefaultAction(self.parent_action)
        parent_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.location = QLabel("")
        self.location.setObjectName("listingLocation")
        self.location.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary = QLabel("")
        self.summary.setObjectName("listingSummary")
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(parent_button)
        top.addWidget(self.location, 1)
        top.addWidget(self.summary)
        self.table = QTreeView()
        self.table.setObjectName("listing")
        self.table.setModel(self.model)
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setSortingEnabled(True)
        self.table.setAllColumnsShowFocus(True)
        self.table.setMouseTracking(True)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.copying = install_copying(self.table)  # Ctrl+C: rows, tab-separated; Markdown
        self.table.setItemDelegate(FocusMarkDelegate(self.table))
        self.keys = KeyboardBrowsing(
            self.table,
            lambda _row: True,  # every entry leads somewhere
            parent=self.parentRequested.emit,
            moved=self._selected,
        )
        header = self.table.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.activated.connect(self._activated)
        self.table.entered.connect(self._entered)
        self.unparsed = QLabel("")
        self.unparsed.setObjectName("listingUnparsed")
        self.unparsed.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.unparsed)

    def set_listing(
        self,
        location: str,
        rows: Sequence[ListingRow],
        summary: str = "",
        unparsed: Sequence[str] = (),
        *,
        has_parent: bool = True,
    ) -> None:
        self.location.setText(self.passwords.label(location, 200))
        self.model.set_rows(rows)
        header = self.table.header()
        self.model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        count = len(rows)
        self.summary.setText(summary or f"{count} entr{'y' if count == 1 else 'ies'}")
        self.parent_action.setEnabled(has_parent)
        if unparsed:
            shown = "\n".join(visible(x) for x in unparsed[:20])
            self.unparsed.setText(
                f"{len(unparsed)} line(s) of the listing were not understood; hover for them."
            )
            self.unparsed.setToolTip(f"<pre>{escape(shown)}</pre>")
            self.unparsed.show()
        else:
            self.unparsed.hide()

    def set_ftp_listing(self, listing: Listing, *, has_parent: bool = True) -> None:
        kinds = ", ".join(sorted(f.upper() for f in listing.formats))
        count = len(listing.entries)
        how = listing.command if kinds in ("", listing.command) else f"{listing.command} ({kinds})"
        summary = f"{count} entr{'y' if count == 1 else 'ies'} · {how}"
        self.set_listing(
            listing.url,
            rows_from_listing(listing),
            summary,
            listing.unparsed,
            has_parent=has_parent,
        )

    @Slot(QModelIndex)
    def _activated(self, index: QModelIndex) -> None:
        row = self.model.row(index.row())
        if row is not None:
            self.linkActivated.emit(row.url)

    def _selected(self, number: int) -> None:
        row = self.model.row(number)
        self.linkSelected.emit(row.url if row is not None else "")

    @Slot(QModelIndex)
    def _entered(self, index: QModelIndex) -> None:
        row = self.model.row(index.row())
        self.linkHovered.emit(row.url if row is not None else "")


# --- the transcript ------------------------------------------------------------------------------


class _Line(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...


_PREFIX = {"connect": "*", "command": ">", "reply": "<", "note": "#"}
_ROLE = {"connect": "path", "command": "host", "reply": "plain", "note": "separator"}


class TranscriptPanel(QWidget):
    """The commands sent and the replies received in the last exchange (FTP, NNTP),
    passwords already masked by the protocol layer (``PASS ****``)."""

    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transcript")
        self.formats = formats
        self.title = QLabel("<b>Transcript</b> of the last exchange")
        self.text = QPlainTextEdit()
        self.text.setObjectName("transcriptText")
        self.text.setReadOnly(True)
        self.text.setFont(fixed_font())
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setMaximumBlockCount(5000)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.text)
        self.lines: list[str] = []

    def clear(self, title: str = "") -> None:
        self.lines.clear()
        self.text.clear()
        self.title.setText(f"<b>Transcript</b> {escape(title)}" if title else "<b>Transcript</b>")

    def add_line(self, line: _Line) -> None:
        shown_line = f"{_PREFIX.get(line.kind, ' ')} {visible(line.text)}"
        self.lines.append(shown_line)
        fmt = QTextCharFormat()
        fmt.setForeground(QColor(self.formats.colour(_ROLE.get(line.kind, "plain"))))
        if line.kind == "command":
            fmt.setFontWeight(700)
        if line.kind == "note":
            fmt.setFontItalic(True)
        cursor = QTextCursor(self.text.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        if len(self.lines) > 1:
            cursor.insertBlock()
        cursor.insertText(shown_line, fmt)
        self.text.verticalScrollBar().setValue(self.text.verticalScrollBar().maximum())
