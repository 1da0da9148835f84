"""Zoom: one factor scales the type of every pane of the window (address bar, tables,
spec reader, viewer), Ctrl+= / Ctrl++ / Ctrl+- / Ctrl+0 as in browsers, remembered in
the settings.

Each widget keeps the font it was given: a widget that sets its own (the address
bar's fixed-pitch font, the viewer's) is scaled from that font, and every other
widget inherits the window's scaled font.  Pages added later (the viewer) are scaled
when they join the window's page area."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

__all__ = ["STEPS", "Zoom"]

STEPS: tuple[float, ...] = (0.5, 0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
"""The zoom factors Zoom in and Zoom out step through (those of the common browsers)."""

_BASE = "urlinspectorZoomBase"
"""The dynamic property holding a widget's own font size before zooming (points, or
pixels as a negative number)."""


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
        self.set_factor(factor, remember=False)

    @property
    def factor(self) -> float:
        return self._factor

    def set_factor(self, factor: float, *, remember: bool = True) -> None:
        """Scale every pane by *factor* (clamped to :data:`STEPS`' range); ``changed``
        is sent when *remember*."""
        factor = min(STEPS[-1], max(STEPS[0], float(factor)))
        self._factor = factor
        self.apply()
        if remember:
            self.changed.emit(factor)

    def zoom_in(self) -> None:
        self.set_factor(next((s for s in STEPS if s > self._factor + 1e-6), STEPS[-1]))

    def zoom_out(self) -> None:
        self.set_factor(next((s for s in reversed(STEPS) if s < self._factor - 1e-6), STEPS[0]))

    def reset(self) -> None:
        self.set_factor(1.0)

    def apply(self) -> None:
        """Scale the window and every widget in it that sets its own font (again after
        widgets were added)."""
        widgets = [self.window, *self.window.findChildren(QWidget)]
        for widget in widgets:
            if widget is not self.window and not widget.testAttribute(
                Qt.WidgetAttribute.WA_SetFont
            ):
                continue
            if widget is not self.window and widget.property(_BASE) is None and widget.isWindow():
                continue  # (a dialog of its own)
            base = _base_size(widget)
            font = _scaled(widget.font(), base, self._factor)
            if font != widget.font():
                widget.setFont(font)
