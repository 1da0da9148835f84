"""Presentation mode (F11; Escape leaves it): for a room watching a projected window,
full screen and large type, with only the address bar, the line that says where
browsers go and one pane (the current tab of the inspector, or the viewer) shown.
Leaving it restores exactly what was there: the window's state and geometry, the
zoom, every widget hidden and the splitters' sizes."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QByteArray, QObject, QRect, Qt, QTimer, Signal
from PySide6.QtWidgets import QMainWindow, QSplitter, QStatusBar, QWidget

from urlinspector.gui.zoom import Zoom

__all__ = ["PRESENTATION_ZOOM", "Presentation"]

PRESENTATION_ZOOM = 1.75
"""The zoom of presentation mode (a larger zoom of the window is kept)."""


@dataclass(slots=True)
class _Saved:
    """What presentation mode changed, to put back."""

    state: Qt.WindowState
    geometry: QRect
    zoom: float
    hidden: list[QWidget] = field(default_factory=list)
    bars: list[tuple[QWidget, bool]] = field(default_factory=list)
    """The menu bar and the status bar, and whether each was hidden."""
    splitters: list[tuple[QSplitter, QByteArray]] = field(default_factory=list)


def _hide_around(root: QWidget, keep: list[QWidget]) -> list[QWidget]:
    """Hide every widget under *root* that neither is in *keep* nor holds one of them
    (what is already hidden is left alone); the widgets hidden, outermost first."""
    hidden: list[QWidget] = []

    def holds(widget: QWidget) -> bool:
        return any(widget.isAncestorOf(k) for k in keep)

    def walk(widget: QWidget) -> None:
        for child in widget.findChildren(
            QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
        ):
            if child.isWindow() or any(child is k for k in keep):
                continue
            if holds(child):
                walk(child)
            elif not child.isHidden():
                child.hide()
                hidden.append(child)

    walk(root)
    return hidden


class Presentation(QObject):
    """Presentation mode of *window*, whose panes are scaled by *zoom*.

    *kept* gives the widgets to keep in sight when the mode starts (the address bar,
    the verdict line, the chosen pane).  Signal ``toggled(bool)``."""

    toggled = Signal(bool)

    def __init__(self, window: QMainWindow, zoom: Zoom, kept: object) -> None:
        super().__init__(window)
        self.window = window
        self.zoom = zoom
        self._kept = kept
        self._saved: _Saved | None = None

    @property
    def active(self) -> bool:
        return self._saved is not None

    def set_active(self, on: bool) -> None:
        if on != self.active:
            self.enter() if on else self.leave()

    def toggle(self) -> None:
        self.set_active(not self.active)

    def enter(self) -> None:
        if self.active:
            return
        window = self.window
        keep = list(self._kept())  # type: ignore[operator]
        saved = _Saved(window.windowState(), QRect(window.geometry()), self.zoom.factor)
        saved.splitters = [(s, QByteArray(s.saveState())) for s in window.findChildren(QSplitter)]
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        status = window.findChild(QStatusBar, options=direct)  # (statusBar() would make one)
        for bar in (window.menuWidget(), status):
            if bar is not None:
                saved.bars.append((bar, bar.isHidden()))
                bar.hide()
        central = window.centralWidget()
        if central is not None:
            saved.hidden += _hide_around(central, keep)
        self._saved = saved
        self.zoom.set_factor(max(saved.zoom, PRESENTATION_ZOOM), remember=False)
        window.setWindowState(saved.state | Qt.WindowState.WindowFullScreen)
        self.toggled.emit(True)

    def _settle(self, saved: _Saved) -> None:
        """Lay the window out at its restored size and give the splitters their sizes
        back (the main window's layout keeps the sizes the bars had in large type,
        asked while they were hidden)."""
        if self.active:
            return
        for bar, _hidden in saved.bars:
            bar.updateGeometry()
        window = self.window
        layout = window.layout()
        if layout is not None:
            layout.activate()  # (the large type's least size given up)
        if not saved.state & (Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMaximized):
            window.setGeometry(saved.geometry)
            if layout is not None:
                layout.activate()
        for splitter, state in saved.splitters:
            splitter.restoreState(state)

    def leave(self) -> None:
        saved = self._saved
        if saved is None:
            return
        self._saved = None
        window = self.window
        for widget in reversed(saved.hidden):
            widget.show()
        for bar, hidden in saved.bars:
            bar.setHidden(hidden)
        # (the zoom after showing them: the status bar takes its height from its font
        # while shown; the layout then gives up the large type's least size)
        self.zoom.set_factor(saved.zoom, remember=False)
        window.setWindowState(saved.state)
        self._settle(saved)
        # once the window has handled leaving full screen (the status bar shows its size
        # grip again, which changes its height), once more
        QTimer.singleShot(0, lambda: self._settle(saved))
        self.toggled.emit(False)
