"""How a table or a tree of the window follows its font (the zoom, presentation mode):
a one-line row as tall as a line of the font, the columns given in pixels at the
first font as wide again in proportion, every column at least as wide as each line of
its header, and the header's own font the view's.

:class:`FollowFont` does it for one view, each time its font changes and each time
its model is reset (a reset gives every column its default width again).  The widths
are kept at the first font: zooming in and back out gives the columns back the widths
they had, and a column the user resizes keeps its new width, in proportion, at every
later zoom."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QHeaderView, QStyle, QTableView, QTreeView, QWidget

__all__ = ["ROW_PADDING", "FollowFont", "header_text_width", "one_line"]

ROW_PADDING = 4
"""Pixels a one-line row has beyond its font's line spacing (the cell's margins)."""


def one_line(widget: QWidget) -> int:
    """The height of a one-line row in *widget*'s font."""
    return QFontMetrics(widget.font()).lineSpacing() + ROW_PADDING


def header_text_width(header: QHeaderView, section: int, font: QFont | None = None) -> int:
    """The width *section*'s header text takes as the style draws it: its longest line
    and a margin each side (in *font*, default the header's)."""
    model = header.model()
    if model is None:
        return 0
    text = str(model.headerData(section, header.orientation()) or "")
    metrics = QFontMetrics(font if font is not None else header.font())
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    widest = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)
    return widest + 2 * margin + 2  # (the section's frame)


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
