"""The legend: each colour role drawn in its own format (colour, weight, underline,
tint) with its name, so that colour is never the only signal.

:class:`LegendStrip` shows the roles the current URL uses, under the address bar;
:class:`LegendDialog` (Help > Legend) shows all of them with their descriptions.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QTextCharFormat,
    QTextLayout,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
    QWidgetItem,
)

from urlinspector import palette
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.address_bar import url_font

__all__ = ["LegendDialog", "LegendStrip", "RoleSample"]

_OVERLAY_ROLES = frozenset({"escape", "warning"})
"""Roles that tint text of another role: their sample is drawn over a path."""

_SAMPLES = {
    "escape": "%HH escape",
    "separator": ":/?# delimiter",
    "query-key": "query key",
    "query-value": "query value",
}


class RoleSample(QWidget):
    """A role's name drawn in the role's own format."""

    def __init__(self, role: str, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.formats = formats
        self.text = _SAMPLES.get(role, role)
        self.setFont(url_font(1.0))
        self.setToolTip(palette.get_role(role).description)
        # never squeezed below its height: a grid in a scroll area would cut the samples
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        metrics = QFontMetricsF(self.font())
        return QSize(int(metrics.horizontalAdvance(self.text) + 8), int(metrics.height() + 8))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        base, overlays = ("path", (self.role,)) if self.role in _OVERLAY_ROLES else (self.role, ())
        layout = QTextLayout(self.text, self.font())
        whole = QTextLayout.FormatRange()
        whole.start = 0
        whole.length = len(self.text)
        whole.format = self.formats.get(base, overlays)
        layout.setFormats([whole])
        layout.beginLayout()
        line = layout.createLine()
        line.setLineWidth(self.width())
        layout.endLayout()
        painter = QPainter(self)
        layout.draw(painter, QPointF(4, 3))
        fmt = whole.format
        if fmt.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline:
            # Qt flattens a wave under a small font into a line: draw one that shows
            baseline = 3 + line.ascent() + 2.5
            _draw_wave(painter, fmt.underlineColor(), 4, 4 + line.naturalTextWidth(), baseline)
        painter.end()


def _draw_wave(painter: QPainter, colour: QColor, left: float, right: float, y: float) -> None:
    """A wavy line from *left* to *right* around *y*, 1.5 px above and below."""
    path = QPainterPath(QPointF(left, y))
    x, up = left, True
    while x < right:
        x += 2.0
        path.lineTo(QPointF(min(x, right), y - 1.5 if up else y + 1.5))
        up = not up
    pen = QPen(colour)
    pen.setWidthF(1.0)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(pen)
    painter.drawPath(path)
    painter.restore()


class FlowLayout(QLayout):
    """Its widgets side by side, on as many lines as the width needs: a row of samples
    that wraps instead of widening the window (zoomed, the legend is wider than a
    screen)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 2) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def insert_widget(self, index: int, widget: QWidget) -> None:
        self.addChildWidget(widget)
        self._items.insert(index, QWidgetItem(widget))
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        """All on one line."""
        sizes = [item.sizeHint() for item in self._items]
        width = sum(s.width() for s in sizes) + self.spacing() * max(0, len(sizes) - 1)
        return QSize(width, max((s.height() for s in sizes), default=0))

    def minimumSize(self) -> QSize:
        """The widest widget: the rest goes on other lines."""
        sizes = [item.minimumSize() for item in self._items]
        return QSize(
            max((s.width() for s in sizes), default=0), max((s.height() for s in sizes), default=0)
        )

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        """Place the widgets in *rect* line by line (when *move*); the height they take."""
        x, y, line = rect.x(), rect.y(), 0
        for item in self._items:
            size = item.sizeHint()
            if x > rect.x() and x + size.width() > rect.right() + 1:
                x, y, line = rect.x(), y + line + self.spacing(), 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), size))
            x += size.width() + self.spacing()
            line = max(line, size.height())
        return y + line - rect.y()


class LegendStrip(QWidget):
    """A row of samples: the roles the current URL's colouring uses (on more lines
    when the window is too narrow for one)."""

    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.formats = formats
        self.roles: list[str] = []
        self._layout = FlowLayout(self)
        title = QLabel("Legend:")
        title.setToolTip("Help > Legend lists every role")
        self._layout.addWidget(title)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_roles(self, roles: list[str]) -> None:
        if roles == self.roles:
            return
        self.roles = list(roles)
        while self._layout.count() > 1:
            item = self._layout.takeAt(1)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for position, role in enumerate(roles, 1):
            sample = RoleSample(role, self.formats, self)
            sample.setObjectName(f"legend-{role}")
            self._layout.insert_widget(position, sample)

    def set_formats(self, formats: Formats) -> None:
        self.formats = formats
        roles, self.roles = self.roles, []
        self.set_roles(roles)


class LegendDialog(QDialog):
    """Every role with its sample and description (Help > Legend)."""

    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Legend")
        grid = QGridLayout()
        intro = QLabel(
            "Colours follow the Okabe-Ito set, readable with the common colour-vision "
            "deficiencies; weight, italics, underlines and tints repeat what colour says. "
            "The command line's ANSI output uses the same roles."
        )
        intro.setWordWrap(True)
        for row, (name, description) in enumerate(palette.legend().items()):
            grid.addWidget(RoleSample(name, formats), row, 0)
            label = QLabel(f"<b>{name}</b> — {description}")
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setWordWrap(True)  # (a long description wraps: no sideways scrolling)
            grid.addWidget(label, row, 1)
        grid.setColumnStretch(1, 1)
        inner = QWidget()
        inner.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(scroll)
        layout.addWidget(buttons)
        self.resize(560, 620)
