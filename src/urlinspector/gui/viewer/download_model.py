"""The download list as a Qt table model: one :class:`DownloadRecord` a row, replaced
whole when its download reports; every view of a download reads it here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from urlinspector.gui.viewer.common import PasswordDisplay
from urlinspector.gui.viewer.download_record import (
    DownloadRecord,
    duration_text,
    progress_text,
    speed_text,
    state_text,
    time_left,
)

__all__ = ["COLUMNS", "DownloadModel"]

Index = QModelIndex | QPersistentModelIndex

COLUMNS: tuple[tuple[str, Callable[[DownloadRecord, PasswordDisplay], str]], ...] = (
    ("Name", lambda r, _p: r.name),
    ("URL", lambda r, passwords: passwords.label(r.url.text, 80)),
    ("Received", lambda r, _p: progress_text(r)),
    ("Speed", lambda r, _p: speed_text(r)),
    ("Time left", lambda r, _p: duration_text(time_left(r))),
    ("State", lambda r, _p: state_text(r)),
)
"""The columns: a heading and what the cell shows (one table), by the record and the
password display (a URL's password)."""
ACTIONS_COLUMN = len(COLUMNS)
"""The last column holds each row's buttons (Cancel, Open folder, Retry, Resume)."""


class DownloadModel(QAbstractTableModel):
    """The downloads of this session, oldest first.

    Signal ``recordChanged(int)``: the key of a record added or replaced.  The URLs
    show their passwords as *passwords* says (the pane's switch)."""

    recordChanged = Signal(int)

    def __init__(self, parent: Any = None, passwords: PasswordDisplay | None = None) -> None:
        super().__init__(parent)
        self.passwords = passwords or PasswordDisplay()
        self._records: list[DownloadRecord] = []

    # -- the records ------------------------------------------------------------------

    def add(self, record: DownloadRecord) -> None:
        row = len(self._records)
        self.beginInsertRows(QModelIndex(), row, row)
        self._records.append(record)
        self.endInsertRows()
        self.recordChanged.emit(record.key)

    def put(self, record: DownloadRecord) -> None:
        """Replace the record with *record*'s key."""
        row = self.row_of(record.key)
        if row is None:
            return
        self._records[row] = record
        self.dataChanged.emit(self.index(row, 0), self.index(row, ACTIONS_COLUMN))
        self.recordChanged.emit(record.key)

    def record(self, key: int) -> DownloadRecord | None:
        row = self.row_of(key)
        return self._records[row] if row is not None else None

    def records(self) -> tuple[DownloadRecord, ...]:
        return tuple(self._records)

    def at(self, row: int) -> DownloadRecord:
        return self._records[row]

    def row_of(self, key: int) -> int | None:
        return next((i for i, r in enumerate(self._records) if r.key == key), None)

    # -- Qt ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._records)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS) + 1

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.column() >= len(COLUMNS):
            return None
        record = self._records[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[index.column()][1](record, self.passwords)
        if role == Qt.ItemDataRole.ToolTipRole:
            if index.column() == 1:
                return self.passwords.label(record.url.text, 400)
            return state_text(record)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return COLUMNS[section][0] if section < len(COLUMNS) else ""
