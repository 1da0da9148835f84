"""The Downloads window: the download list as a table, one row a download (name, URL,
bytes received of the total, speed, time left, state) with its buttons: Cancel, Open
folder, Retry and Resume, each enabled as the row's record allows.  Enter (or a double
click) on a saved download shows its folder, and on any other does nothing: it never
starts a download again (Retry does, after a cut).  It is a window of its own, not
modal: pages can be browsed while downloads run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from urlinspector.gui.viewer.download_model import ACTIONS_COLUMN, DownloadModel
from urlinspector.gui.viewer.download_record import (
    DownloadRecord,
    DownloadState,
    can_open_folder,
    can_retry,
)

if TYPE_CHECKING:
    from urlinspector.gui.viewer.downloads import Downloads

__all__ = ["DownloadsWindow", "RowActions", "open_folder"]

STATE_COLUMN = 5
WIDEST = {
    0: "a-file-name.tar.gz",
    1: "gopher://example.org/9/pub/a-file",
    2: "999.9 MiB of 999.9 MiB",
    3: "999.9 KiB/s",
    4: "59 min 59 s",
}
"""Column widths, as the widest text they usually hold (the rest shows in a tooltip)."""


def open_folder(folder: Path) -> bool:
    """Show *folder* in the system's file manager."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


class RowActions(QWidget):
    """The buttons of one row, enabled as its record allows.

    Signals ``cancelRequested(int)``, ``retryRequested(int)``, ``resumeRequested(int)``
    and ``folderRequested(int)``, with the download's key."""

    cancelRequested = Signal(int)
    retryRequested = Signal(int)
    resumeRequested = Signal(int)
    folderRequested = Signal(int)

    def __init__(self, key: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.setSpacing(2)
        self.cancel_button = self._button("Cancel", "cancelDownload", layout)
        self.folder_button = self._button("Open folder", "openFolder", layout)
        self.retry_button = self._button("Retry", "retryDownload", layout)
        self.resume_button = self._button("Resume", "resumeDownload", layout)
        self.folder_button.setToolTip("show the folder of the file")
        self.retry_button.setToolTip("download it again from the first byte")
        self.cancel_button.clicked.connect(self._cancel)
        self.folder_button.clicked.connect(self._folder)
        self.retry_button.clicked.connect(self._retry)
        self.resume_button.clicked.connect(self._resume)

    @Slot()
    def _cancel(self) -> None:
        self.cancelRequested.emit(self.key)

    @Slot()
    def _folder(self) -> None:
        self.folderRequested.emit(self.key)

    @Slot()
    def _retry(self) -> None:
        self.retryRequested.emit(self.key)

    @Slot()
    def _resume(self) -> None:
        self.resumeRequested.emit(self.key)

    @staticmethod
    def _button(text: str, name: str, layout: QHBoxLayout) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setAutoDefault(False)
        layout.addWidget(button)
        return button

    def show_record(self, record: DownloadRecord) -> None:
        running = record.running
        self.cancel_button.setEnabled(running)
        self.folder_button.setEnabled(can_open_folder(record))
        self.retry_button.setEnabled(can_retry(record))
        self.resume_button.setEnabled(not running and record.resumable)
        if record.resumable:
            tip = "go on from where it was cut (the server restarts the transfer)"
        elif record.state in (DownloadState.CANCELLED, DownloadState.FAILED):
            tip = record.no_resume
        else:
            tip = "after a cut: go on from where it stopped, when the server can"
        self.resume_button.setToolTip(tip)


class DownloadsWindow(QWidget):
    """The download list (see the module description).  :attr:`open_folder` is the
    function that shows a folder (the system's file manager)."""

    def __init__(
        self, model: DownloadModel, downloads: Downloads, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("downloadsWindow")
        self.setWindowTitle("Downloads")
        self.model = model
        self.downloads = downloads
        self.open_folder: Callable[[Path], bool] = open_folder
        self.rows: dict[int, RowActions] = {}
        self.view = QTableView()
        self.view.setObjectName("downloadsView")
        self.view.setModel(model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        metrics = self.view.fontMetrics()
        for column, widest in WIDEST.items():
            header.resizeSection(column, metrics.horizontalAdvance(widest) + 16)
        header.setSectionResizeMode(ACTIONS_COLUMN, QHeaderView.ResizeMode.ResizeToContents)
        header.moveSection(ACTIONS_COLUMN, STATE_COLUMN)  # the buttons, then the state
        header.setStretchLastSection(True)
        self.view.setWordWrap(True)  # a long state (why it cannot resume) in full
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel("No downloads in this session.")
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty)
        self.view.activated.connect(self._activated)
        model.rowsInserted.connect(self._inserted)
        model.recordChanged.connect(self._changed)
        for row in range(model.rowCount()):
            self._add_row(row)
        self.empty.setVisible(model.rowCount() == 0)
        self.resize(1280, 300)

    def actions_for(self, key: int) -> RowActions:
        """The buttons of the download numbered *key*."""
        return self.rows[key]

    @Slot(QModelIndex, int, int)
    def _inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        for row in range(first, last + 1):
            self._add_row(row)
        self.empty.hide()
        self.view.scrollToBottom()

    def _add_row(self, row: int) -> None:
        record = self.model.at(row)
        actions = RowActions(record.key)
        actions.cancelRequested.connect(self._cancel)
        actions.retryRequested.connect(self._retry)
        actions.resumeRequested.connect(self._resume)
        actions.folderRequested.connect(self._open_folder)
        actions.show_record(record)
        self.rows[record.key] = actions
        self.view.setIndexWidget(self.model.index(row, ACTIONS_COLUMN), actions)

    @Slot(int)
    def _changed(self, key: int) -> None:
        record = self.model.record(key)
        actions = self.rows.get(key)
        if record is not None and actions is not None:
            actions.show_record(record)

    @Slot(QModelIndex)
    def _activated(self, index: QModelIndex) -> None:
        """Enter or a double click on a row: a saved file's folder, shown."""
        record = self.model.at(index.row()) if index.isValid() else None
        if record is not None and can_open_folder(record):
            self._open_folder(record.key)

    @Slot(int)
    def _cancel(self, key: int) -> None:
        self.downloads.job(key).cancel()

    @Slot(int)
    def _retry(self, key: int) -> None:
        self.downloads.job(key).retry()

    @Slot(int)
    def _resume(self, key: int) -> None:
        self.downloads.job(key).resume()

    @Slot(int)
    def _open_folder(self, key: int) -> None:
        record = self.model.record(key)
        folder = record.folder if record is not None else None
        self.open_folder(folder or self.downloads.folder)
