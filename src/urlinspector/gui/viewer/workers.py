"""Fetches off the GUI thread: a :class:`Job` runs one task on a thread pool and reports
by signals; its :class:`~urlinspector.net.limits.CancelToken` is the Stop button.

A task is a plain function of a :class:`JobContext` that calls :mod:`urlinspector.net`
(gopher, ftp, news) or reads a local file, and returns a result object (the
``*Page`` dataclasses below).  It runs on a pool thread; the context is its way back:

* :meth:`JobContext.progress` (``progress(done, total)``, at most every 50 ms);
* :meth:`JobContext.push_item`: menu items as they arrive.  They wait in a queue and
  one ``itemsReady`` signal is pending at a time, so a fast server cannot flood the
  event loop: the GUI takes everything queued (:meth:`JobContext.take_items`) each
  time it gets round to it;
* :meth:`JobContext.transcript`: protocol lines (FTP, NNTP) for the transcript panel;
* :meth:`JobContext.transfer_started`: a file's first octets are there (``head``);
* :meth:`JobContext.ask_password`: blocks the pool thread until the GUI answers (or
  Stop), for an FTP server that asks for a password the URL does not hold.

Signals are emitted from the pool thread and delivered to the GUI thread (queued), so
slots run there; a job that was replaced or stopped still reports, and the viewer
ignores what it no longer waits for.
"""

from __future__ import annotations

import mimetypes
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from urlinspector.core import URL, parse
from urlinspector.gui.viewer.common import SNIFF, surely_binary
from urlinspector.net import file as net_file
from urlinspector.net import ftp as net_ftp
from urlinspector.net import gopher as net_gopher
from urlinspector.net import nntp as net_nntp
from urlinspector.net.file import LocalEntry
from urlinspector.net.gopher import GopherReply
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.file import file_target
from urlinspector.schemes.ftp.transcript import Transcript
from urlinspector.schemes.gopher import (
    Data,
    GopherRequest,
    MenuItem,
    error_in_body,
    request_from_url,
)
from urlinspector.schemes.nntp import NewsTarget

__all__ = [
    "PROGRESS_INTERVAL",
    "VIEW_LIMITS",
    "FilePage",
    "FtpPage",
    "GopherPage",
    "HeadSniffer",
    "Job",
    "JobContext",
    "JobRunner",
    "JobSignals",
    "LocalEntry",
    "NewsPage",
    "SavedPage",
    "file_path",
    "file_save_task",
    "file_task",
    "ftp_task",
    "gopher_task",
    "news_task",
]

MiB = 1024 * 1024
PROGRESS_INTERVAL = 0.05
"""Seconds between two progress signals (the last one always comes with the result)."""
VIEW_LIMITS = Limits(total_timeout=120.0)
"""What the viewer keeps in memory to show a page (64 MiB: a menu of 100,000 items
fits; a bigger file is offered for saving), and how long a page may take in all (a
server dripping one byte a second ends with a message; Stop ends any wait at once)."""
DOWNLOAD_DEADLINE: float | None = None
"""A download to a file has no overall deadline: it shows its progress, and Stop ends it."""
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


class HeadSniffer:
    """Hands the viewer the first octets of a download being written to *spool*
    (``JobContext.head``, then ``transfer_started``): :data:`SNIFF` of them, fewer when
    they already say it is data (a NUL) or the file is shorter.  The viewer tells a
    text to show from data to save by them."""

    def __init__(self, ctx: JobContext, sink: IO[bytes], spool: Path) -> None:
        self.ctx = ctx
        self.sink = sink
        self.spool = spool
        self.sent = False

    def written(self, done: int, total: int | None = None) -> None:
        """*done* octets (of *total*, when known) are in the spool file."""
        if self.sent or not done:
            return
        if done >= SNIFF or (total and done >= total) or surely_binary(self._head()):
            self.send()

    def send(self) -> None:
        """Hand over what is written so far (at the end: all of a short file)."""
        if not self.sent:
            self.sent = True
            self.ctx.head = self._head()
            self.ctx.transfer_started()

    def _head(self) -> bytes:
        if not self.sink.closed:
            self.sink.flush()
        with open(self.spool, "rb") as written:
            return written.read(SNIFF)


# --- results ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GopherPage:
    """A gopher reply to show (menu, text, image, attributes)."""

    url: URL
    request: GopherRequest
    reply: GopherReply


@dataclass(frozen=True)
class SavedPage:
    """A download written to a spool file."""

    url: URL
    spool: Path
    size: int
    total: int | None = None
    listing: object | None = None
    """An FTP listing when the name turned out to be a directory (nothing saved)."""
    transcript: tuple[Any, ...] = ()


@dataclass(frozen=True)
class FtpPage:
    url: URL
    result: net_ftp.FTPResult


@dataclass(frozen=True)
class NewsPage:
    url: URL
    answer: net_nntp.NewsAnswer[Any]
    before: int | None = None


@dataclass(frozen=True)
class FilePage:
    """A local file (its bytes) or folder (its entries)."""

    url: URL
    path: Path
    entries: tuple[LocalEntry, ...] | None = None
    data: bytes | None = None
    mime: str | None = None
    notes: tuple[str, ...] = field(default=())


def _parsed(url: URL | str) -> URL:
    """*url* as the viewer parsed it (a text, from a caller that has only that, is
    parsed here, once, when the task is made)."""
    return parse(url) if isinstance(url, str) else url


# --- tasks ------------------------------------------------------------------------------------


def gopher_task(
    url: URL | str,
    *,
    limits: Limits = VIEW_LIMITS,
    spool: Path | None = None,
    charset: str = "utf-8",
) -> Callable[[JobContext], GopherPage | SavedPage]:
    """Fetch a gopher URL: menu items are pushed as they arrive; with *spool* the body
    is written there (any size) instead of kept."""
    parsed = _parsed(url)

    def task(ctx: JobContext) -> GopherPage | SavedPage:
        request = request_from_url(parsed)
        if spool is not None:
            download = replace(limits, total_timeout=DOWNLOAD_DEADLINE)
            with open(spool, "wb") as out:
                sniffer = HeadSniffer(ctx, out, spool)
                written = 0

                def write(event: object) -> None:
                    nonlocal written
                    if isinstance(event, Data):
                        out.write(event.data)
                        written += len(event.data)
                        sniffer.written(written)

                reply = net_gopher.fetch(
                    request,
                    limits=download,
                    cancel=ctx.token,
                    keep_body=False,
                    progress=ctx.progress,
                    on_event=write,
                )
            if reply.error is not None:
                raise RemoteProtocolError(reply.error.text)
            if reply.size <= 4096:
                message = error_in_body(spool.read_bytes())
                if message is not None:
                    raise RemoteProtocolError(f"the gopher server says: {message}")
            total = reply.header.length if reply.header is not None else None
            sniffer.send()  # a body shorter than the sniff: all of it
            return SavedPage(parsed, spool, reply.size, total)

        def on_event(event: object) -> None:
            if isinstance(event, MenuItem):
                ctx.push_item(event)

        reply = net_gopher.fetch(
            request,
            limits=limits,
            cancel=ctx.token,
            charset=charset,
            progress=ctx.progress,
            on_event=on_event if request.kind == "menu" else None,
        )
        return GopherPage(parsed, request, reply)

    return task


def ftp_task(
    url: URL | str,
    *,
    limits: Limits = VIEW_LIMITS,
    spool: Path | None = None,
    charset: str = "utf-8",
) -> Callable[[JobContext], FtpPage | SavedPage]:
    """Fetch an ftp URL; with *spool* a file goes there (a directory comes back as a
    listing, and nothing is written)."""
    parsed = _parsed(url)

    def task(ctx: JobContext) -> FtpPage | SavedPage:
        transcript = Transcript(ctx.transcript)
        if spool is None:
            result = net_ftp.fetch(
                parsed,
                progress=ctx.progress,
                cancel=ctx.token,
                limits=limits,
                password=ctx.ask_password,
                transcript=transcript,
                charset=charset,
            )
            return FtpPage(parsed, result)
        with open(spool, "wb") as sink:
            sniffer = HeadSniffer(ctx, sink, spool)

            def progress(done: int, total: int | None) -> None:
                ctx.progress(done, total)
                sniffer.written(done, total)

            result = net_ftp.fetch(
                parsed,
                sink=sink,
                progress=progress,
                cancel=ctx.token,
                limits=replace(limits, total_timeout=DOWNLOAD_DEADLINE),
                password=ctx.ask_password,
                transcript=transcript,
                charset=charset,
            )
        return SavedPage(
            parsed, spool, result.received, result.total, result.listing, result.transcript
        )

    return task


def news_task(
    url: URL | str,
    *,
    server: str | None = None,
    before: int | None = None,
    fallback_charset: str = "utf-8",
    limits: Limits = VIEW_LIMITS,
) -> Callable[[JobContext], NewsPage]:
    """Fetch a news: or nntp: URL (the group list, a page of a group's overview, or an
    article); news: URLs go to *server* (``HOST[:PORT]``), else ``NNTPSERVER``."""
    parsed = _parsed(url)

    def task(ctx: JobContext) -> NewsPage:
        target: NewsTarget = net_nntp.news_target(parsed)
        credentials = None
        if target.user is None:
            address = net_nntp.server_for(target, server)
            credentials = net_nntp.netrc_credentials(address.host)
        answer = net_nntp.fetch_news(
            target,
            server=server,
            credentials=credentials,
            limits=limits,
            cancel=ctx.token,
            before=before,
            fallback_charset=fallback_charset,
            transcript=ctx.transcript,
        )
        return NewsPage(parsed, answer, before)

    return task


def file_path(url: URL | str) -> Path:
    """The local path a file: URL names (RFC 1738 §3.10); raises
    :class:`~urlinspector.schemes.errors.LocalProtocolError` for another host's file."""
    return Path(file_target(url).path)


def file_task(url: URL | str, *, limits: Limits = VIEW_LIMITS) -> Callable[[JobContext], FilePage]:
    """Read a local regular file (up to the memory cap) or list a local folder
    (:func:`urlinspector.net.file.fetch`)."""
    parsed = _parsed(url)
    target = file_target(parsed)

    def task(ctx: JobContext) -> FilePage:
        result = net_file.fetch(target, limits=limits, cancel=ctx.token, progress=ctx.progress)
        path = Path(target.path)
        if result.entries is not None:
            return FilePage(parsed, path, entries=result.entries)
        mime, _ = mimetypes.guess_type(path.name)
        return FilePage(parsed, path, data=result.data, mime=mime)

    return task


def file_save_task(url: URL | str, spool: Path) -> Callable[[JobContext], SavedPage]:
    """Copy a local regular file into *spool* (any size), for the save dialog."""
    parsed = _parsed(url)
    target = file_target(parsed)

    def task(ctx: JobContext) -> SavedPage:
        with open(spool, "wb") as sink:
            result = net_file.fetch(target, cancel=ctx.token, progress=ctx.progress, sink=sink)
        if result.entries is not None:
            raise LocalProtocolError(f"'{target.path}' is a folder: there is no file to save")
        return SavedPage(parsed, spool, result.size, result.size)

    return task
