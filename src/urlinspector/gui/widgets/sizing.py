"""How a table or a tree of the window follows its font (the zoom, presentation mode):
a one-line row as tall as a line of the font, the columns given in pixels at the
first font as wide again in proportion, every column at least as wide as each line of
its header, and the header's own font the view's.  A column the user makes narrower than its
header shows each line of it elided at its end (:class:`ElidingHeader`), never cut at
both ends, with the whole text in its tooltip.

:class:`FollowFont` does it for one view, each time its font changes and each time
its model is reset (a reset gives every column its default width again).  The widths
are kept at the first font: zooming in and back out gives the columns back the widths
they had, and a column the user resizes keeps its new width, in proportion, at every
later zoom."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRect, Qt, Slot
from PySide6.QtGui import QFont, QFontMetrics, QHelpEvent, QPainter
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QStyleOptionHeaderV2,
    QTableView,
    QToolTip,
    QTreeView,
    QWidget,
)

__all__ = ["ROW_PADDING", "ElidingHeader", "FollowFont", "header_text_width", "one_line"]

TOOLTIP = Qt.ItemDataRole.ToolTipRole

ROW_PADDING = 4
"""Pixels a one-line row has beyond its font's line spacing (the cell's margins)."""


def one_line(widget: QWidget) -> int:
    """The height of a one-line row in *widget*'s font."""
    return QFontMetrics(widget.font()).lineSpacing() + ROW_PADDING


def _header_text(header: QHeaderView, section: int) -> str:
    model = header.model()
    return "" if model is None else str(model.headerData(section, header.orientation()) or "")


def _room(header: QHeaderView) -> int:
    """Pixels of a section's width its text cannot use: a margin each side, the frame."""
    return 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header) + 2


def header_text_width(header: QHeaderView, section: int, font: QFont | None = None) -> int:
    """The width *section*'s header text takes as the style draws it: its longest line
    and a margin each side (in *font*, default the header's)."""
    metrics = QFontMetrics(font if font is not None else header.font())
    lines = _header_text(header, section).split("\n")
    return max(metrics.horizontalAdvance(line) for line in lines) + _room(header)


class ElidingHeader(QHeaderView):
    """A view's header whose lines too wide for their section end in "…" (Qt's own
    draws a centred line too wide for its section cut at both ends), and whose
    shortened sections show their whole text, then their own tooltip, in the
    tooltip.  Made as the view's own header is (a table's sections clickable, a
    tree's movable and left-aligned, its last stretched)."""

    def __init__(self, view: QTableView | QTreeView) -> None:
        super().__init__(Qt.Orientation.Horizontal, view)
        if isinstance(view, QTreeView):
            self.setSectionsMovable(True)
            self.setStretchLastSection(True)
            self.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        else:
            self.setSectionsClickable(True)
            self.setHighlightSections(True)

    def shown_text(self, section: int, width: int | None = None) -> str:
        """*section*'s text as drawn in *width* pixels (default its size): each line
        elided at its end where it is too wide."""
        room = (self.sectionSize(section) if width is None else width) - _room(self)
        metrics = QFontMetrics(self.font())
        lines = _header_text(self, section).split("\n")
        return "\n".join(
            metrics.elidedText(line, Qt.TextElideMode.ElideRight, max(0, room)) for line in lines
        )

    def tooltip_for(self, section: int) -> str:
        """The tooltip of *section*: its model's, after the whole text when it is shown
        shortened."""
        model = self.model()
        tip = "" if model is None else model.headerData(section, self.orientation(), TOOLTIP)
        tip = str(tip or "")
        text = _header_text(self, section)
        if self.shown_text(section) == text:
            return tip
        whole = " ".join(text.split("\n"))
        return f"{whole}\n\n{tip}" if tip else whole

    def paintSection(self, painter: QPainter, rect: QRect, logicalIndex: int) -> None:
        if not rect.isValid():
            return
        option = QStyleOptionHeaderV2()
        self.initStyleOption(option)
        self.initStyleOptionForIndex(option, logicalIndex)
        option.rect = rect
        option.text = self.shown_text(logicalIndex, rect.width())
        option.textElideMode = Qt.TextElideMode.ElideNone  # (elided above, line by line)
        self.style().drawControl(QStyle.ControlElement.CE_Header, option, painter, self)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            section = self.logicalIndexAt(event.pos())
            if section >= 0:
                tip = self.tooltip_for(section)
                if tip:
                    QToolTip.showText(event.globalPos(), tip, self)
                else:
                    QToolTip.hideText()
                return True
        return super().viewportEvent(event)


class FollowFont(QObject):
    """Keeps *view*'s rows, header and columns in step with its font (see the module
    description).  *widths*: the columns given in pixels at the view's first font (the
    others are sized by their resize mode); *default*: the width of a column the model
    adds (a table's), likewise; *refit*: what else to redo (a table whose rows are as
    tall as their wrapped cells fits them again)."""

    def __init__(
        self,
        view: QTableView | QTreeView,
        *,
        widths: dict[int, int] | None = None,
        default: int | None = None,
        refit: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(view)
        self.view = view
        self._reference = float(QFontMetrics(view.font()).averageCharWidth())
        self._widths: dict[int, float] = {k: float(v) for k, v in (widths or {}).items()}
        self._default = default
        self._refit = refit
        self._sizing = False
        header = self.header
        header.sectionResized.connect(self._resized)
        for column, width in self._widths.items():
            header.resizeSection(column, round(width))
        if default is not None:
            header.setDefaultSectionSize(default)
        view.installEventFilter(self)
        model = view.model()
        if model is not None and default is not None:  # (columns that come and go)
            model.modelReset.connect(self._model_reset)
            model.headerDataChanged.connect(self._header_changed)
        self.follow()

    @property
    def header(self) -> QHeaderView:
        view = self.view
        return view.header() if isinstance(view, QTreeView) else view.horizontalHeader()

    @property
    def scale(self) -> float:
        """The view's font against its first (average character widths)."""
        return QFontMetrics(self.view.font()).averageCharWidth() / self._reference

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view and event.type() == QEvent.Type.FontChange:
            self.follow()
        return False

    def follow(self) -> None:
        """Size the rows, the header and the columns for the view's font now."""
        view, header = self.view, self.header
        self._sizing = True
        try:
            for each in self._headers():
                if each.font() != view.font() and not each.testAttribute(
                    Qt.WidgetAttribute.WA_SetFont
                ):
                    each.setFont(QFont())  # (inherit the view's again)
            scale = self.scale
            if self._default is not None:
                header.setDefaultSectionSize(round(self._default * scale))
                for column in range(header.count()):  # (not sized by the user)
                    if column not in self._widths:
                        header.resizeSection(column, header.defaultSectionSize())
            for column, width in self._widths.items():
                if column < header.count():
                    header.resizeSection(column, round(width * scale))
            if isinstance(view, QTableView):
                rows = view.verticalHeader()
                rows.setMinimumSectionSize(min(rows.minimumSectionSize(), one_line(view)))
                rows.setDefaultSectionSize(one_line(view))
            self.fit_header()
        finally:
            self._sizing = False
        if self._refit is not None:
            self._refit()

    def fit_header(self) -> None:
        """Widen each column that the user sizes (or its default width) to its header's
        longest line."""
        header, font = self.header, self.view.font()
        for section in range(header.count()):
            if header.sectionResizeMode(section) != QHeaderView.ResizeMode.Interactive:
                continue
            need = header_text_width(header, section, font)
            if header.sectionSize(section) < need:
                header.resizeSection(section, need)

    def _headers(self) -> list[QHeaderView]:
        view = self.view
        if isinstance(view, QTableView):
            return [view.horizontalHeader(), view.verticalHeader()]
        return [view.header()]

    @Slot(int, int, int)
    def _resized(self, section: int, _old: int, new: int) -> None:
        """A column resized by the user (or by its mode): its width at the first font
        is kept, for the next zoom."""
        if self._sizing:
            return
        if section in self._widths or self._default is not None:
            self._widths[section] = new / self.scale

    @Slot()
    def _model_reset(self) -> None:
        """New columns, at their default width (those the user sized are forgotten)."""
        self._widths.clear()
        self._fit()

    def _fit(self) -> None:
        self._sizing = True
        try:
            self.fit_header()
        finally:
            self._sizing = False

    @Slot(Qt.Orientation, int, int)
    def _header_changed(self, orientation: Qt.Orientation, _first: int, _last: int) -> None:
        if orientation == self.header.orientation():
            self._fit()
