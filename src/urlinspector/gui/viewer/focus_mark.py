"""The keyboard's place in a gopher menu or a directory listing, marked so that it is
seen at a glance in the light and the dark theme, focused or not.

The current row is filled with the palette's highlight (its active colour even when
the view has lost the focus to the address bar), its text drawn in the colour that
reads best on it, and it is framed by a 2-pixel line in the text colour.  The colours
meet WCAG 2.2: the text on the fill at least 4.5:1 (§1.4.3), the frame against the
page at least 3:1 (§1.4.11, non-text contrast); :func:`mark_colours` picks them and
:func:`contrast_ratio` measures them.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QAbstractItemView, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from urlinspector.gui.viewer.common import column_count

__all__ = ["FRAME_WIDTH", "FocusMarkDelegate", "MarkColours", "contrast_ratio", "mark_colours"]

FRAME_WIDTH = 2
TEXT_CONTRAST = 4.5
"""WCAG 2.2 §1.4.3: normal text against its background."""


def _channel(value: float) -> float:
    # WCAG 2.2, definition of relative luminance (sRGB)
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: QColor) -> float:
    return (
        0.2126 * _channel(colour.redF())
        + 0.7152 * _channel(colour.greenF())
        + 0.0722 * _channel(colour.blueF())
    )


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2.2's contrast ratio of two colours, from 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


class MarkColours(NamedTuple):
    fill: QColor
    text: QColor
    frame: QColor


def mark_colours(palette: QPalette) -> MarkColours:
    """The fill, text and frame of the mark under *palette*: the active highlight, the
    highlighted-text colour (black or white when that reads worse than 4.5:1 on it),
    and the text colour."""
    active = QPalette.ColorGroup.Active
    fill = palette.color(active, QPalette.ColorRole.Highlight)
    text = palette.color(active, QPalette.ColorRole.HighlightedText)
    if contrast_ratio(text, fill) < TEXT_CONTRAST:
        black, white = QColor("black"), QColor("white")
        text = black if contrast_ratio(black, fill) >= contrast_ratio(white, fill) else white
    return MarkColours(fill, text, palette.color(active, QPalette.ColorRole.Text))


class FocusMarkDelegate(QStyledItemDelegate):
    """Draws *view*'s current row as the mark (see the module description)."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view

    def _is_current(self, index: QModelIndex | QPersistentModelIndex) -> bool:
        current = self.view.currentIndex()
        return current.isValid() and index.row() == current.row()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        if not self._is_current(index):
            super().paint(painter, option, index)
            return
        mark = QStyleOptionViewItem(option)
        self.initStyleOption(mark, index)
        colours = mark_colours(self.view.palette())  # (the option's text is the item's colour)
        mark.state |= QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_Active
        palette = QPalette(mark.palette)
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.Highlight, colours.fill)
            palette.setColor(group, QPalette.ColorRole.HighlightedText, colours.text)
        mark.palette = palette
        widget = mark.widget
        style = widget.style() if widget is not None else self.view.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, mark, painter, widget)
        self._frame(painter, QRect(option.rect), colours.frame, index)

    def _frame(
        self,
        painter: QPainter,
        rect: QRect,
        frame: QColor,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        last = column_count(self.view.model()) - 1
        painter.save()
        painter.setPen(QPen(frame, FRAME_WIDTH))
        half = FRAME_WIDTH // 2
        top, bottom = rect.top() + half, rect.bottom() - half + 1
        painter.drawLine(rect.left(), top, rect.right(), top)
        painter.drawLine(rect.left(), bottom, rect.right(), bottom)
        if index.column() == 0:
            painter.drawLine(rect.left() + half, rect.top(), rect.left() + half, rect.bottom())
        if index.column() == last:
            x = rect.right() - half + 1
            painter.drawLine(x, rect.top(), x, rect.bottom())
        painter.restore()
