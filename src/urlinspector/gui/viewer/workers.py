"""Fetches off the GUI thread: a :class:`Job` runs one task on a thread pool and reports
by signals; its :class:`~urlinspector.net.limits.CancelToken` is the Stop button.

A task is a plain function of a :class:`JobContext` that calls :mod:`urlinspector.net`
(gopher, ftp, news) or reads a local file, and returns a result object (the tasks and
their results are :mod:`.tasks`').  It runs on a pool thread; the context is its way
back:

* :meth:`JobContext.progress` (``progress(done, total)``, at most every 50 ms);
* :meth:`JobContext.push_item`: menu items as they arrive.  They wait in a queue and
  one ``itemsReady`` signal is pending at a time, so a fast server cannot flood the
  event loop: the GUI takes everything queued (:meth:`JobContext.take_items`) each
  time it gets round to it;
* :meth:`JobContext.transcript`: protocol lines (FTP, NNTP) for the transcript panel;
* :meth:`JobContext.transfer_started`: a file's first octets are there (``head``);
* :meth:`JobContext.ask_password`: blocks the pool thread until the GUI answers (or
  Stop), for an FTP server that asks for a password the URL does not hold;
* :meth:`JobContext.bind`: the viewer's :class:`~urlinspector.net.session.Session`
  (:data:`VIEW_SESSION`, as the person set it) made this job's, with the Stop button's
  token and these reports, for the task to hand the network layer.

Signals are emitted from the pool thread and delivered to the GUI thread (queued), so
slots run there; a job that was replaced or stopped still reports, and the viewer
ignores what it no longer waits for.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Final

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import Progress, Session

__all__ = [
    "POOL_THREADS",
    "PROGRESS_INTERVAL",
    "VIEW_LIMITS",
    "VIEW_SESSION",
    "Job",
    "JobContext",
    "JobRunner",
    "JobSignals",
]

PROGRESS_INTERVAL = 0.05
"""Seconds between two progress signals (the last one always comes with the result)."""
VIEW_LIMITS = Limits(total_timeout=120.0)
"""What the viewer keeps in memory to show a page (64 MiB: a menu of 100,000 items
fits; a bigger file is offered for saving), and how long a page may take in all (a
server dripping one byte a second ends with a message; Stop ends any wait at once)."""
VIEW_SESSION: Final = Session(limits=VIEW_LIMITS)
"""The session a viewer starts with (its fetch settings hold it,
:class:`~urlinspector.gui.viewer.net_options.NetOptions`): :data:`VIEW_LIMITS`, the
system's trust store, no ``AUTH TLS``; each job binds its Stop and reports to it
(:meth:`JobContext.bind`)."""
POOL_THREADS = 4


# --- signals and the context ----------------------------------------------------------------


class JobSignals(QObject):
    """What a job reports (emitted on the pool thread, delivered on the GUI thread)."""

    progress = Signal(object, object)
    """``(bytes so far, total or None)``."""
    itemsReady = Signal()
    transcriptLine = Signal(object)
    """A :class:`~urlinspector.schemes.ftp.transcript.TranscriptLine` (or NNTP's)."""
    transferStarted = Signal()
    passwordNeeded = Signal(str, str)
    """``(user, "host:port")``: answer with :meth:`Job.answer_password`."""
    finished = Signal(object)
    failed = Signal(object)
    """The exception the task raised (:class:`~urlinspector.net.errors.Cancelled` after
    Stop)."""


class JobContext:
    """The task's side of a job (see the module description)."""

    def __init__(self, signals: JobSignals, token: CancelToken) -> None:
        self.token = token
        self._signals = signals
        self._items: deque[object] = deque()
        self._lock = threading.Lock()
        self._items_signalled = False
        self._last_progress = 0.0
        self._unsent: tuple[int, int | None] | None = None
        self._password_event = threading.Event()
        self._password: str | None = None
        self.started = False
        self.head: bytes | None = None
        """The first octets of a download (set before :meth:`transfer_started`)."""

    # -- from the task (pool thread) ----------------------------------------------------

    def bind(self, session: Session, *, progress: Progress | None = None) -> Session:
        """*session* (the viewer's, with the request policy's guard for the URL) made
        this job's: the Stop button's token is its cancel token, and progress (or
        *progress*, which reports on), transcript lines and the password question come
        back through this context."""
        return replace(
            session,
            cancel=self.token,
            progress=progress if progress is not None else self.progress,
            transcript=self.transcript,
            password=self.ask_password,
        )

    def progress(self, done: int, total: int | None) -> None:
        now = time.monotonic()
        if now - self._last_progress >= PROGRESS_INTERVAL or (total and done >= total):
            self._last_progress = now
            self._signals.progress.emit(done, total)
            self._unsent = None
        else:
            self._unsent = (done, total)

    def flush_progress(self) -> None:
        """Send the last progress held back by the interval (before the result: the
        status line then tells how much came, not what came 50 ms before the end)."""
        unsent, self._unsent = self._unsent, None
        if unsent is not None:
            self._signals.progress.emit(*unsent)

    def push_item(self, item: object) -> None:
        self._items.append(item)
        with self._lock:
            if self._items_signalled:
                return
            self._items_signalled = True
        self._signals.itemsReady.emit()

    def push_items(self, items: Iterable[object]) -> None:
        for item in items:
            self.push_item(item)

    def transcript(self, line: object) -> None:
        self._signals.transcriptLine.emit(line)

    def transfer_started(self) -> None:
        if not self.started:
            self.started = True
            self._signals.transferStarted.emit()

    def ask_password(self, user: str, where: str) -> str | None:
        """Ask the GUI for *user*'s password at *where*; None when the person gives up.
        Raises :class:`~urlinspector.net.errors.Cancelled` after Stop."""
        self._password_event.clear()
        self._password = None
        self._signals.passwordNeeded.emit(user, where)
        while not self._password_event.wait(0.1):
            self.token.check()
        self.token.check()
        answer, self._password = self._password, None
        return answer

    # -- from the GUI thread ------------------------------------------------------------

    def take_items(self) -> list[object]:
        """Everything queued so far (the next push signals again)."""
        with self._lock:
            self._items_signalled = False
        out: list[object] = []
        items = self._items
        while items:
            out.append(items.popleft())
        return out

    def answer_password(self, password: str | None) -> None:
        self._password = password
        self._password_event.set()


class Job(QRunnable):
    """One task on a pool thread; ``signals`` report, :meth:`cancel` stops it."""

    def __init__(self, task: Callable[[JobContext], object], what: str = "") -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.what = what
        self.task = task
        self.signals = JobSignals()
        self.token = CancelToken()
        self.context = JobContext(self.signals, self.token)
        self.done = threading.Event()
        self.outcome: tuple[bool, object] | None = None
        """``(True, result)`` or ``(False, exception)``, set just before the signal: a
        receiver connected after the signal went out reads it here."""

    def run(self) -> None:
        try:
            result = self.task(self.context)
        except BaseException as exc:  # reported, never raised into Qt
            self.outcome = (False, exc)
            self.signals.failed.emit(exc)
        else:
            self.context.flush_progress()
            self.outcome = (True, result)
            self.signals.finished.emit(result)
        finally:
            self.done.set()

    def cancel(self) -> None:
        self.token.cancel()
        self.context.answer_password(None)

    @property
    def cancelled(self) -> bool:
        return self.token.cancelled

    def answer_password(self, password: str | None) -> None:
        self.context.answer_password(password)

    def wait(self, timeout: float) -> bool:
        return self.done.wait(timeout)


class JobRunner(QObject):
    """A thread pool of its own, and the jobs still running on it."""

    def __init__(self, parent: QObject | None = None, threads: int = POOL_THREADS) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(threads)
        self._jobs: set[Job] = set()

    def start(self, job: Job) -> Job:
        self._jobs = {j for j in self._jobs if not j.done.is_set()}
        self._jobs.add(job)
        self.pool.start(job)
        return job

    @property
    def running(self) -> tuple[Job, ...]:
        return tuple(j for j in self._jobs if not j.done.is_set())

    def shutdown(self, timeout: float = 5.0) -> bool:
        """Cancel every job and wait for them (at most *timeout* seconds in all)."""
        for job in self._jobs:
            job.cancel()
        deadline = time.monotonic() + timeout
        ok = all(job.wait(max(0.0, deadline - time.monotonic())) for job in self._jobs)
        self.pool.waitForDone(max(0, int((deadline - time.monotonic()) * 1000)))
        self._jobs.clear()
        return ok
