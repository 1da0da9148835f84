"""One download of the list: its transfer (a :class:`~.workers.Job` per attempt), its
partial file, and its record in the :class:`~.download_model.DownloadModel`.

The transfer writes to a spool file under a temporary name (``urlinspector-….part``);
the save dialog moves it into place once it is complete, so no file with the chosen
name is ever half-written.  Every report of the worker becomes a new
:class:`~.download_record.DownloadRecord` in the model, which the list, the save
dialog and the status line read: one source for every figure.

After a cut (Cancel in the list, a connection lost) the partial file is kept when the
server can go on from where it stopped (ftp ``REST``); Resume, an explicit act of the
person, appends the rest to it.  Retry starts again from the first octet.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot

from urlinspector.gui.viewer.download_model import DownloadModel
from urlinspector.gui.viewer.download_record import (
    DownloadRecord,
    DownloadState,
    SpeedMeter,
    can_retry,
)
from urlinspector.gui.viewer.handlers.base import Download
from urlinspector.gui.viewer.save import SaveDialog, new_spool
from urlinspector.gui.viewer.tasks import SavedPage
from urlinspector.gui.viewer.workers import Job, JobRunner
from urlinspector.net.errors import Cancelled
from urlinspector.net.ftp.resuming import ResumeRefused

__all__ = ["DownloadJob"]


class DownloadJob(QObject):
    """A download and its attempts (see the module description).

    Signal ``ended(int)``: an attempt ended (done, cancelled or failed), with the key."""

    ended = Signal(int)

    def __init__(
        self,
        record: DownloadRecord,
        download: Download,
        spool: Path,
        model: DownloadModel,
        runner: JobRunner,
        connect: Callable[[Job], None],
    ) -> None:
        super().__init__(model)
        self.key = record.key
        self.download = download
        self.spool: Path | None = spool
        """The partial (then complete) file; None once saved or discarded."""
        self.model = model
        self.runner = runner
        self.wire = connect
        self.meter = SpeedMeter()
        self.job: Job | None = None
        self.dialog: SaveDialog | None = None
        """The save dialog that places the file, while it is open."""
        self.discarded = False
        """The person said no to the file (Cancel in its save dialog)."""
        model.add(record)

    @property
    def record(self) -> DownloadRecord:
        record = self.model.record(self.key)
        assert record is not None
        return record

    def _put(self, record: DownloadRecord) -> None:
        if self.dialog is not None:
            self.dialog.show_record(record)
        self.model.put(record)

    # -- attempts --------------------------------------------------------------------------

    def run(self, job: Job | None = None, offset: int = 0) -> Job:
        """Start an attempt (*job*: one already running, adopted from a fetch)."""
        started = job is None
        if job is None:
            assert self.spool is not None
            task = (
                self.download.task(self.spool)
                if offset == 0 or self.download.resume is None
                else self.download.resume(self.spool, offset)
            )
            job = Job(task, self.record.url.text)
            self.wire(job)
        self.job = job
        signals = job.signals
        signals.progress.connect(self._progress)
        signals.finished.connect(self._finished)
        signals.failed.connect(self._failed)
        self.meter.restart(time.monotonic(), offset)
        self._put(
            replace(
                self.record,
                state=DownloadState.RUNNING,
                done=offset,
                speed=None,
                message="",
                resumable=False,
            )
        )
        if started:
            self.runner.start(job)
        elif job.outcome is not None:  # it ended before its signals were connected here
            ok, value = job.outcome
            self._end(value, ok)
        return job

    def cancel(self) -> None:
        """Stop the transfer; the partial file stays when the server can resume."""
        if self.job is not None and self.record.running:
            self.job.cancel()

    def discard(self) -> None:
        """The person does not want the file (its save dialog's Cancel): stop, and
        remove the partial file."""
        self.discarded = True
        if self.job is not None and self.record.running:
            self.job.cancel()
        if self.spool is not None:
            self.spool.unlink(missing_ok=True)
            self.spool = None

    def retry(self) -> Job | None:
        """Start again from the first octet (the partial file emptied): only after a
        cut or a file not saved (:func:`~.download_record.can_retry`)."""
        if not can_retry(self.record):
            return None
        if self.spool is None:
            self.spool = new_spool()
        else:
            self.spool.write_bytes(b"")
        self.discarded = False
        self._reopen()
        return self.run()

    def resume(self) -> Job | None:
        """Go on from the end of the partial file (only when :attr:`record` says it can)."""
        record = self.record
        if record.running or not record.resumable or self.spool is None:
            return None
        offset = self.spool.stat().st_size
        self._reopen()
        return self.run(offset=offset)

    def _reopen(self) -> None:
        if self.dialog is not None and self.spool is not None:
            self.dialog.download_resumed(self.spool)

    # -- the worker's reports --------------------------------------------------------------

    def _mine(self) -> bool:
        return self.job is not None and self.sender() is self.job.signals

    @Slot(object, object)
    def _progress(self, done: int, total: int | None) -> None:
        if self._mine() and self.record.running:
            speed = self.meter.add(time.monotonic(), done)
            self._put(self.record.with_progress(done, total, speed))

    @Slot(object)
    def _finished(self, result: object) -> None:
        if self._mine():
            self._end(result, True)

    @Slot(object)
    def _failed(self, error: object) -> None:
        if self._mine():
            self._end(error, False)

    def _end(self, value: object, ok: bool) -> None:
        if not self.record.running:
            return
        if ok and isinstance(value, SavedPage):
            self._put(  # done once the file has its place (the save dialog's)
                replace(
                    self.record,
                    state=DownloadState.DOWNLOADED,
                    done=value.size,
                    total=value.total if value.total is not None else value.size,
                    speed=None,
                    message="",
                )
            )
            if self.dialog is not None:
                self.dialog.download_finished(value.size)
        elif not ok:
            self._cut(value)
        self.ended.emit(self.key)

    def _cut(self, error: object) -> None:
        cancelled = isinstance(error, Cancelled)
        refused = isinstance(error, ResumeRefused)  # the server cannot go on: Retry
        kept = not refused and self._keep_partial()
        state = DownloadState.CANCELLED if cancelled else DownloadState.FAILED
        message = "not saved" if self.discarded else ("" if cancelled else str(error))
        done = self.spool.stat().st_size if kept and self.spool is not None else self.record.done
        record = replace(
            self.record,
            state=state,
            message=message,
            speed=None,
            done=done,
            resumable=kept,
            no_resume="" if refused else self.record.no_resume,
        )
        self._put(record)
        if self.dialog is not None and not self.discarded:
            self.dialog.download_failed(message or "cancelled", kept=kept)

    def _keep_partial(self) -> bool:
        """Keep the partial file when there is one to resume; else remove it."""
        spool = self.spool
        if spool is None or self.discarded:
            return False
        try:
            size = spool.stat().st_size
        except OSError:
            return False
        if self.download.resume is not None and size > 0:
            return True
        spool.unlink(missing_ok=True)  # nothing to go on from: Retry makes a new one
        self.spool = None
        return False

    # -- the save dialog ---------------------------------------------------------------------

    def attach(self, dialog: SaveDialog) -> None:
        """*dialog* places the file; its figures come from the record from now on."""
        self.dialog = dialog
        dialog.cancelRequested.connect(self.discard)
        dialog.saved.connect(self._saved)
        dialog.finished.connect(self._dialog_finished)
        dialog.show_record(self.record)

    @Slot(int)
    def _dialog_finished(self, _result: int) -> None:
        dialog = self.dialog
        if dialog is None or self.sender() is not dialog:
            return
        self.dialog = None
        if self.spool is not None and not self.spool.exists():
            self.spool = None  # discarded by the dialog (Cancel, View as text)
        if dialog.saved_path is None and self.record.state is DownloadState.DOWNLOADED:
            self._put(replace(self.record, state=DownloadState.NOT_SAVED))

    @Slot(str)
    def _saved(self, path: str) -> None:
        self.spool = None
        self._put(
            replace(
                self.record,
                state=DownloadState.DONE,
                target=Path(path),
                name=Path(path).name,
                message=f"saved as {path}",
            )
        )
