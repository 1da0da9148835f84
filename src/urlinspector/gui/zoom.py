"""Zoom: one factor scales the type of every pane of the window (address bar, tables,
spec reader, viewer), Ctrl+= / Ctrl++ / Ctrl+- / Ctrl+0 as in browsers, remembered in
the settings.

Each widget keeps the font it was given: a widget that sets its own (the address
bar's fixed-pitch font, the viewer's) is scaled from that font, and every other
widget inherits the window's scaled font (a widget whose style sheet sets its font is
given the size alone).  Pages added later (the viewer) are scaled
when they join the window's page area.

Dialogs are windows of their own, which inherit no font from the window: each is
made to follow the zoom by :func:`follow_zoom` when it is made (scaled at once from
its own font, and again by every later zoom change while it exists, as it is a child
of the window).  Menus and tooltips keep the desktop's size, as in browsers, whose
zoom scales the page and not the program's own menus: they are the desktop's chrome,
read at arm's length, and presentation mode hides the menu bar anyway.

The window keeps its size when the zoom changes: its panes lay out again in the new
type (the tables' rows, headers and columns follow it:
:mod:`urlinspector.gui.widgets.sizing`), it never grows past the screen's available
room, and Actual size gives back the size it had at 100%."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject, QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

__all__ = ["STEPS", "Zoom", "follow_zoom", "zoom_of"]

STEPS: tuple[float, ...] = (0.5, 0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
"""The zoom factors Zoom in and Zoom out step through (those of the common browsers)."""

W = TypeVar("W", bound=QWidget)

_BASE = "urlinspectorZoomBase"
"""The dynamic property holding a widget's own font size before zooming (points, or
pixels as a negative number)."""


_SIZE_ONLY = "urlinspectorZoomSizeOnly"
"""The dynamic property of a widget whose style sheet gives its font (the verdict
line's bold): a font made by a style sheet no longer follows its parent's, so the zoom
gives it only a size, and the sheet the rest."""


def _base_size(widget: QWidget) -> float:
    stored = widget.property(_BASE)
    if isinstance(stored, float | int):
        return float(stored)
    font = widget.font()
    size = font.pointSizeF() if font.pointSizeF() > 0 else -float(font.pixelSize())
    widget.setProperty(_BASE, size)
    return size


def _scaled(font: QFont, base: float, factor: float) -> QFont:
    scaled = QFont(font)
    if base > 0:
        scaled.setPointSizeF(base * factor)
    elif base < 0:
        scaled.setPixelSize(max(1, round(-base * factor)))
    return scaled


class Zoom(QObject):
    """The zoom of *window*.  Signal ``changed(float)`` with the new factor."""

    changed = Signal(float)
    """The factor, when the user chose it (the settings keep it); presentation mode's
    own factor is not sent."""

    def __init__(self, window: QWidget, factor: float = 1.0) -> None:
        super().__init__(window)
        self.window = window
        self._factor = 1.0
        self._rest: QSize | None = None
        """The window's size at 100%, before zooming."""
        self._left = QSize()
        """The window's size as the last zoom change left it."""
        self.set_factor(factor, remember=False)

    @property
    def factor(self) -> float:
        return self._factor

    def set_factor(self, factor: float, *, remember: bool = True) -> None:
        """Scale every pane by *factor* (clamped to :data:`STEPS`' range); ``changed``
        is sent when *remember*.  The window keeps its size (never more than the
        screen's room); back at 100% it takes the size it had there, unless it was
        resized meanwhile."""
        factor = min(STEPS[-1], max(STEPS[0], float(factor)))
        before = QSize(self.window.size())
        if self._factor == 1.0 and factor != 1.0:
            self._rest = before
        self._factor = factor
        self.apply()
        self._keep_on_screen(before)
        if factor == 1.0 and self._rest is not None and self.window.size() == self._left:
            self.window.resize(self._rest)
        self._left = QSize(self.window.size())
        if remember:
            self.changed.emit(factor)

    def _keep_on_screen(self, before: QSize) -> None:
        """Lay the window out in the new type; if that made it larger than the screen's
        available room (and than it was), bring it back within it."""
        window = self.window
        if not window.isWindow() or window.windowState() & (
            Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen
        ):
            return
        layout = window.layout()
        if layout is not None:
            layout.activate()
        screen = window.screen()
        if screen is None:
            return
        room = screen.availableGeometry().size()
        limit = QSize(max(room.width(), before.width()), max(room.height(), before.height()))
        if window.width() > limit.width() or window.height() > limit.height():
            window.resize(window.size().boundedTo(limit))

    def zoom_in(self) -> None:
        self.set_factor(next((s for s in STEPS if s > self._factor + 1e-6), STEPS[-1]))

    def zoom_out(self) -> None:
        self.set_factor(next((s for s in reversed(STEPS) if s < self._factor - 1e-6), STEPS[0]))

    def reset(self) -> None:
        self.set_factor(1.0)

    def apply(self) -> None:
        """Scale the window and every widget in it that sets its own font (again after
        widgets were added), and the dialogs that follow the zoom."""
        self._scale([self.window, *self.window.findChildren(QWidget)])

    def adopt(self, dialog: QWidget) -> None:
        """Scale *dialog* (a window whose parent is this window or a widget in it) and
        what in it sets its own font, now and at every later zoom change."""
        _base_size(dialog)
        self._scale([dialog, *dialog.findChildren(QWidget)])

    def _scale(self, widgets: list[QWidget]) -> None:
        for widget in widgets:
            if widget is self.window or _follows(widget):
                base = _base_size(widget)
                own = QFont() if widget.property(_SIZE_ONLY) else widget.font()
                font = _scaled(own, base, self._factor)
                if font != widget.font():
                    widget.setFont(font)


def _follows(widget: QWidget) -> bool:
    """Whether the zoom scales *widget* itself (the others inherit): a widget in the
    window that sets its own font, or a window of its own (a dialog) that was adopted;
    not the other windows (menus, tooltips)."""
    if widget.isWindow():
        return widget.property(_BASE) is not None
    if widget.property(_SIZE_ONLY):
        return True
    if widget.styleSheet() and not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
        widget.setProperty(_SIZE_ONLY, True)
        return True
    return widget.testAttribute(Qt.WidgetAttribute.WA_SetFont)


def zoom_of(widget: QWidget | None) -> Zoom | None:
    """The zoom of the window *widget* is in (or, for a dialog, the window its parent
    is in), if that window has one."""
    while widget is not None:
        window = widget.window()
        zoom = window.findChild(Zoom, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if isinstance(zoom, Zoom):
            return zoom
        widget = window.parentWidget()
    return None


def follow_zoom(dialog: W) -> W:
    """Make *dialog* follow the zoom of the window it belongs to (through its parent):
    call it once the dialog's widgets are made, before showing it.  A dialog with no
    parent, or over a window with no zoom, is left as it is.  Returns *dialog*."""
    zoom = zoom_of(dialog.parentWidget())
    if zoom is not None:
        zoom.adopt(dialog)
    return dialog
