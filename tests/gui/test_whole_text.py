"""At the window's default size on a 1600x1000 screen, each view's text is whole, or
elided with the whole of it in a tooltip: the Editions cells keep every wrapped line
(the verdicts' second, the resolved target's last), the empty window's Diagnostics
hint wraps instead of being cut mid-word, and the Target note wraps, whole."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QFont, QImage, QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel, QStyle

from tests.gui.helpers import lay_out
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.editions import EditionsPanel, with_breaks
from urlinspector.present.text import EMPTY_ADDRESS

URLS = (
    "http://www.paypal.com@evil.example/a%2Fb;p?q=caf%C3%A9&x=%7E#f",
    "g;x?y#s",
    "HTTP://Ex%41mple.COM:080/a/./b/../c?x=<y>#frag ment",
)
BASE = "http://a/b/c/d;p?q"


def _wrapped_height(view: EditionsPanel, index: QModelIndex) -> int:
    """The height of the cell's text wrapped as the view wraps it: at its delimiters
    and spaces, within the column less the style's text margins, in the cell's font."""
    font = QFont(view.font())
    font.setBold(index.data(Qt.ItemDataRole.FontRole) is not None)  # (differing: bold)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    layout = QTextLayout(with_breaks(str(index.data() or "")), font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    height = 0.0
    while (line := layout.createLine()).isValid():
        line.setLineWidth(view.columnWidth(index.column()) - 2 * margin)
        height += line.height()
    layout.endLayout()
    return round(height)


@pytest.mark.parametrize("zoom", [1.0, 2.0])
@pytest.mark.parametrize("url", URLS)
def test_editions_rows_hold_every_wrapped_line(window: MainWindow, url: str, zoom: float) -> None:
    window.set_base(BASE)
    window.inspect(url)
    window.teaching.zoom.set_factor(zoom, remember=False)
    window.flush()
    lay_out(window)
    view = window.inspector.editions
    model = view.editions_model
    assert model.rowCount() >= 8
    short = [
        (model.headerData(r, Qt.Orientation.Vertical), index.data(), view.rowHeight(r), need)
        for r in range(model.rowCount())
        for c in range(model.columnCount())
        if (need := _wrapped_height(view, index := model.index(r, c))) > view.rowHeight(r)
    ]
    assert short == []


def _ink_rows(image: QImage, background: QColor) -> list[int]:
    """The rows of *image* where something other than *background* is drawn."""
    rows = []
    for y in range(image.height()):
        if any(image.pixelColor(x, y) != background for x in range(0, image.width(), 2)):
            rows.append(y)
    return rows


def test_the_empty_diagnostics_hint_wraps(window: MainWindow) -> None:
    window.inspector.upper.setSizes([900, 300])  # a narrow Diagnostics pane
    lay_out(window)
    view = window.inspector.diagnostics
    viewport = view.viewport()
    assert view.fontMetrics().horizontalAdvance(EMPTY_ADDRESS) > viewport.width()
    image = viewport.grab().toImage()
    background = image.pixelColor(image.width() - 2, image.height() - 2)
    ink = _ink_rows(image, background)
    lines = (ink[-1] - ink[0]) / view.fontMetrics().lineSpacing() if ink else 0
    words = len(EMPTY_ADDRESS) * view.fontMetrics().averageCharWidth() / viewport.width()
    assert lines >= words - 1  # on as many lines as it needs, not one line cut


def _whole(label: QLabel) -> bool:
    """Whether *label* shows all of its text: wrapped within its width and as tall as
    its lines, or on one line that fits."""
    if label.wordWrap():
        return label.height() >= label.heightForWidth(label.width())
    return label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()


@pytest.mark.parametrize("size", [(800, 600), (1320, 880)])
def test_the_target_note_wraps_whole(window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    window.set_edition("rfc1738")
    window.set_base(BASE)
    window.inspect("../../../g")  # resolved by RFC 1808, with a note on the ".." kept
    window.flush()
    lay_out(window)
    note = window.address_area.target_note
    assert len(note.toolTip()) > 300
    assert note.text() == note.toolTip()  # not cut to an ellipsis
    assert _whole(note)
    assert window.width() == size[0]  # and the window not widened for it


@pytest.mark.parametrize("base", ["", BASE])
def test_every_editions_row_is_in_sight_at_the_default_size(window: MainWindow, base: str) -> None:
    window.set_base(base)
    window.inspect("https://evil.com\\@good.com/a%2Fb?q=caf%C3%A9#f")
    window.flush()
    lay_out(window)
    view = window.inspector.editions
    rows = view.editions_model.rowCount()
    last = view.visualRect(view.editions_model.index(rows - 1, 0))
    assert last.bottom() <= view.viewport().height()  # the resolved target: not cut off
