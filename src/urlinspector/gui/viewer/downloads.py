"""Downloads: a resource written into a spool file while its save dialog is open, then
placed where the person chose (:class:`~urlinspector.gui.viewer.save.SaveDialog`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QWidget

from urlinspector.gui.viewer.save import SaveDialog, new_spool
from urlinspector.gui.viewer.tasks import SavedPage
from urlinspector.gui.viewer.workers import Job, JobContext, JobRunner
from urlinspector.net.errors import Cancelled

__all__ = ["Downloads", "default_folder"]


def default_folder() -> Path:
    downloads = Path.home() / "Downloads"
    return downloads if downloads.is_dir() else Path.home()


class Downloads(QObject):
    """The save dialogs of the viewer and the downloads running behind them.

    Signals: ``saved(str)`` with the path a file was saved as; ``viewRequested(str,
    bytes)`` when the person chose to view a download as text."""

    saved = Signal(str)
    viewRequested = Signal(str, object)
    """``(url, octets)``: a download to show as text instead."""

    def __init__(self, parent: QWidget, runner: JobRunner, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.runner = runner
        self.folder = folder or default_folder()
        """Where the save dialog starts (the folder of the last file saved)."""
        self.dialog: SaveDialog | None = None
        """The save dialog open now, if any."""
        self._running: dict[object, SaveDialog] = {}

    def owns(self, sender: object) -> bool:
        """*sender* (a job's signals) is a download's."""
        return sender in self._running

    def start(
        self,
        url: str,
        name: str,
        task: Callable[[Path], Callable[[JobContext], object]],
        connect: Callable[[Job], None],
    ) -> Job:
        """Download *url* into a spool file with its save dialog open; *connect* wires
        the job's shared reports (transcript, password)."""
        spool = new_spool()
        job = Job(task(spool), url)
        connect(job)
        self.adopt(job, url, name, spool)
        self.runner.start(job)
        return job

    def adopt(self, job: Job, url: str, name: str, spool: Path) -> SaveDialog:
        """Open the save dialog of *job*, a transfer into *spool* already running."""
        signals = job.signals
        signals.progress.connect(self._progress)
        signals.finished.connect(self._finished)
        signals.failed.connect(self._failed)
        dialog = self.open(url, name, spool)
        dialog.set_progress(0, None)  # running, its size not known yet
        self._running[signals] = dialog
        dialog.cancelRequested.connect(job.cancel)
        if job.outcome is not None:  # it ended before its signals were connected here
            ok, value = job.outcome
            self._end(signals, value, ok)
        return dialog

    def open(self, url: str, name: str, spool: Path) -> SaveDialog:
        dialog = SaveDialog(url, name, self.folder, spool, self.parent_widget)
        dialog.saved.connect(self._saved)
        dialog.viewRequested.connect(self.viewRequested)
        dialog.finished.connect(lambda _r: self._closed(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def offer(self, url: str, name: str, spool: Path, size: int) -> SaveDialog:
        """Offer *spool*, complete, for saving."""
        dialog = self.open(url, name, spool)
        dialog.download_finished(size)
        return dialog

    def offer_bytes(self, url: str, name: str, data: bytes) -> SaveDialog:
        spool = new_spool()
        spool.write_bytes(data)
        return self.offer(url, name, spool, len(data))

    def discard_all(self) -> None:
        """Discard every download not saved yet (the window closes)."""
        for dialog in {*self._running.values(), self.dialog}:
            if dialog is not None and dialog.saved_path is None:
                dialog.discard()

    def _closed(self, dialog: SaveDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None

    @Slot(str)
    def _saved(self, path: str) -> None:
        self.folder = Path(path).parent
        self.saved.emit(path)

    @Slot(object, object)
    def _progress(self, done: int, total: int | None) -> None:
        dialog = self._running.get(self.sender())
        if dialog is not None:
            dialog.set_progress(done, total)

    @Slot(object)
    def _finished(self, result: object) -> None:
        self._end(self.sender(), result, True)

    @Slot(object)
    def _failed(self, error: object) -> None:
        self._end(self.sender(), error, False)

    def _end(self, signals: object, value: object, ok: bool) -> None:
        dialog = self._running.pop(signals, None)
        if dialog is None:
            return
        if ok and isinstance(value, SavedPage):
            dialog.download_finished(value.size)
        elif not ok and not isinstance(value, Cancelled):
            dialog.download_failed(str(value))
