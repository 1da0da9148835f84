"""Downloads: the viewer's list of transfers to files, as browsers keep one.

:class:`Downloads` starts a :class:`~.download_job.DownloadJob` per download (several
run at once), keeps their records in one :class:`~.download_model.DownloadModel`, opens
a save dialog for each (not modal: the window stays usable) and shows the Downloads
window (:class:`~.downloads_window.DownloadsWindow`, Ctrl+Shift+Y) when one starts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from urlinspector.core import URL
from urlinspector.gui.viewer.common import PasswordDisplay
from urlinspector.gui.viewer.download_job import DownloadJob
from urlinspector.gui.viewer.download_model import DownloadModel
from urlinspector.gui.viewer.download_record import DownloadRecord, DownloadState, status_text
from urlinspector.gui.viewer.downloads_window import DownloadsWindow
from urlinspector.gui.viewer.handlers.base import Download
from urlinspector.gui.viewer.save import SaveDialog, new_spool
from urlinspector.gui.viewer.workers import Job, JobRunner
from urlinspector.gui.zoom import follow_zoom

__all__ = ["DOWNLOADS_SHORTCUT", "DOWNLOAD_THREADS", "Downloads", "default_folder"]

DOWNLOAD_THREADS = 6
"""Downloads that run at once (more wait their turn, shown running at 0 bytes)."""

DOWNLOADS_SHORTCUT = "Ctrl+Shift+Y"
"""The key of the Downloads window (Firefox's on Linux and Windows)."""


def default_folder() -> Path:
    downloads = Path.home() / "Downloads"
    return downloads if downloads.is_dir() else Path.home()


class Downloads(QObject):
    """The downloads of a viewer (see the module description).

    Signals: ``saved(str)`` with the path a file was saved as; ``viewRequested(str,
    bytes)`` when the person chose to view a download as text; ``statusMessage(str)``,
    the status bar's line each time a download's state changes (read from its record,
    as the list's row and buttons are)."""

    saved = Signal(str)
    statusMessage = Signal(str)
    viewRequested = Signal(object, object)  # (a core URL, bytes)
    """``(url, octets)``: a download to show as text instead."""

    def __init__(
        self,
        parent: QWidget,
        runner: JobRunner,
        folder: Path | None = None,
        connect: Callable[[Job], None] | None = None,
        *,
        passwords: PasswordDisplay | None = None,
    ) -> None:
        super().__init__(parent)
        self.passwords = passwords or PasswordDisplay()
        """Whether the list and the save dialogs show the URLs' passwords."""
        self.connect_shared: Callable[[Job], None] = connect or (lambda _job: None)
        """Wires each attempt's shared reports (the transcript, the password question)."""
        self.parent_widget = parent
        self.runner = runner
        self.folder = folder or default_folder()
        """Where the save dialog starts (the folder of the last file saved)."""
        self.dialog: SaveDialog | None = None
        """The save dialog opened last, while it is open."""
        self.model = DownloadModel(self, self.passwords)
        self._states: dict[int, DownloadState] = {}
        """The state of each download the status bar was last told."""
        self.model.recordChanged.connect(self._record_changed)
        self.jobs: dict[int, DownloadJob] = {}
        self.window: DownloadsWindow | None = None
        self.action = QAction("&Downloads", parent)
        self.action.setObjectName("downloadsAction")
        self.action.setShortcut(QKeySequence(DOWNLOADS_SHORTCUT))
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.action.setToolTip("the downloads of this session: progress, cancel, resume")
        self.action.triggered.connect(self._show_requested)
        parent.addAction(self.action)

    # -- the list ---------------------------------------------------------------------------

    @Slot()
    def _show_requested(self) -> None:
        """Go ▸ Downloads: the window, given the focus."""
        self.show_window()

    def show_window(self, *, activate: bool = True) -> DownloadsWindow:
        """Show the Downloads window (made the first time); *activate*: give it the
        focus (Go ▸ Downloads), else it appears behind the save dialog."""
        window = self.window
        if window is None:
            window = DownloadsWindow(self.model, self, self.parent_widget)
            self.window = follow_zoom(window)
        window.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, not activate)
        if window.isVisible() and activate:
            window.activateWindow()
        window.show()
        return window

    def job(self, key: int) -> DownloadJob:
        return self.jobs[key]

    def owns(self, sender: object) -> bool:
        """*sender* (a job's signals) is a download's."""
        return any(d.job is not None and d.job.signals is sender for d in self.jobs.values())

    def _new(self, url: URL, download: Download, spool: Path) -> DownloadJob:
        key = len(self.jobs) + 1
        record = DownloadRecord(key=key, name=download.name, url=url, no_resume=download.no_resume)
        item = DownloadJob(record, download, spool, self.model, self.runner, self.connect_shared)
        item.ended.connect(self._ended)
        self.jobs[key] = item
        return item

    # -- starting ---------------------------------------------------------------------------

    def start(self, url: URL, download: Download) -> DownloadJob:
        """Download *url* into a spool file, its save dialog open and its row shown."""
        item = self._new(url, download, new_spool())
        self.show_window(activate=False)
        self._open(item)
        item.run()
        return item

    def adopt(self, job: Job, url: URL, download: Download, spool: Path) -> DownloadJob:
        """Take over *job*, a fetch into *spool* that turned out to be a file to save."""
        item = self._new(url, download, spool)
        self.show_window(activate=False)
        self._open(item)
        item.run(job)
        return item

    def offer(self, url: URL, name: str, spool: Path, size: int) -> SaveDialog:
        """Offer *spool*, complete, for saving (a row marked done)."""
        item = self._new(url, Download(name, lambda _spool: _nothing), spool)
        done = replace(item.record, state=DownloadState.DOWNLOADED, done=size, total=size)
        item.model.put(replace(done, retriable=False))  # its bytes are all there is
        dialog = self._open(item)
        dialog.download_finished(size)
        return dialog

    def offer_bytes(self, url: URL, name: str, data: bytes) -> SaveDialog:
        spool = new_spool()
        spool.write_bytes(data)
        return self.offer(url, name, spool, len(data))

    def _open(self, item: DownloadJob) -> SaveDialog:
        record = item.record
        assert item.spool is not None
        dialog = follow_zoom(
            SaveDialog(
                record.url,
                record.name,
                self.folder,
                item.spool,
                self.parent_widget,
                passwords=self.passwords,
            )
        )
        dialog.saved.connect(self._saved)
        dialog.viewRequested.connect(self.viewRequested)
        dialog.finished.connect(self._closed)
        item.attach(dialog)
        self.dialog = dialog
        dialog.show()  # not modal: the window and the list stay usable
        return dialog

    def discard_all(self) -> None:
        """Discard every download not saved yet (the window closes)."""
        for item in self.jobs.values():
            if item.dialog is not None and item.dialog.saved_path is None:
                item.dialog.discard()
            item.discard()

    # -- reports ----------------------------------------------------------------------------

    @Slot(int)
    def _record_changed(self, key: int) -> None:
        """A record changed: the status bar says so when its state did."""
        record = self.model.record(key)
        if record is None or self._states.get(key) is record.state:
            return
        self._states[key] = record.state
        self.statusMessage.emit(status_text(record, self.action.shortcut().toString()))

    @Slot(int)
    def _ended(self, key: int) -> None:
        item = self.jobs[key]
        record = item.record
        if (
            record.state is DownloadState.DOWNLOADED
            and item.dialog is None
            and item.spool is not None
        ):  # Retry after the dialog closed: it asks again
            self._open(item).download_finished(record.done)

    @Slot(int)
    def _closed(self, _result: int) -> None:
        if self.dialog is not None and self.sender() is self.dialog:
            self.dialog = None

    @Slot(str)
    def _saved(self, path: str) -> None:
        self.folder = Path(path).parent
        self.saved.emit(path)


def _nothing(_ctx: object) -> None:
    return None
