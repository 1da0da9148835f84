"""What the window's first paint does not need, loaded after it: the libraries whose
readings the Editions view and the findings show (urllib3, requests, httpx, libcurl:
a few hundred milliseconds to import) and the list of well-known domains, off the GUI
thread (they are not Qt), once the window has painted.

:func:`after_first_paint` calls back once a window of the application has painted
(``urlinspector gui`` installs the viewer that way): what runs before it delays the
first sight of the window, and a thread started before it competes with the paint for
the interpreter."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QThreadPool, QTimer, Signal, Slot
from PySide6.QtWidgets import QWidget

__all__ = ["FALLBACK_MS", "FirstPaint", "Loading", "after_first_paint", "loading", "warm_up"]

FALLBACK_MS = 3000
"""Milliseconds after which what waits for the first paint runs anyway (a window
that is never shown, an application with no window)."""


class FirstPaint(QObject):
    """Sends ``painted`` once, after the first ``Paint`` event of a widget of the
    application has been handled (or after :data:`FALLBACK_MS`); it watches the
    application's events until then, and none after."""

    painted = Signal()

    happened = False
    """Whether a widget of this process has painted (later watchers send at once)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._sent = False
        self._app = QCoreApplication.instance()
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.timeout.connect(self._send)
        if FirstPaint.happened or self._app is None:
            QTimer.singleShot(0, self, self._send)
            return
        self._app.installEventFilter(self)
        self._fallback.start(FALLBACK_MS)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget):
            FirstPaint.happened = True
            QTimer.singleShot(0, self, self._send)  # (once this paint is done)
            self._stop_watching()
        return False

    def _stop_watching(self) -> None:
        if self._app is not None:
            self._app.removeEventFilter(self)
        self._fallback.stop()

    @Slot()
    def _send(self) -> None:
        if self._sent:
            return
        self._sent = True
        self._stop_watching()
        self.painted.emit()


def after_first_paint(callback: Callable[[], object], parent: QObject | None = None) -> FirstPaint:
    """Call *callback* on the GUI thread once a window has painted (at once, on the next
    turn of the event loop, if one already has); the watcher, a child of *parent*."""
    watcher = FirstPaint(parent)
    watcher.painted.connect(callback)
    return watcher


def _load() -> None:
    from urlinspector.data import top_domains
    from urlinspector.readers import reader_readings

    top_domains()
    reader_readings("http://example.com/")  # (each reader imports its library)


class Loading(QObject):
    """The loading of this process (:func:`loading`): started on the global thread
    pool after the first paint, once; ``done`` is sent (on the GUI thread) when it has
    finished."""

    done = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.watcher = after_first_paint(self.start, self)
        self.started = False
        self.finished = False
        """Whether the loading has finished (``done`` was sent, or is on its way)."""

    @Slot()
    def start(self) -> None:
        if not self.started:
            self.started = True
            QThreadPool.globalInstance().start(self._run)

    def _run(self) -> None:
        _load()
        self.finished = True
        self.done.emit()  # (queued to the GUI thread, where this object lives)


_LOADING: list[Loading] = []
"""The loading of this process, once :func:`warm_up` was called."""


def loading() -> Loading:
    """The loading of this process (made, and waiting for the first paint, on the
    first call)."""
    if not _LOADING:
        _LOADING.append(Loading())
    return _LOADING[0]


def warm_up() -> None:
    """Start loading them on the global thread pool once a window has painted; a first
    inspection before it is done waits for the rest of the import, as it would have
    anyway.  Called again (another window), it does nothing."""
    loading()
