"""The Legend dialog (Help ▸ Legend) needs no horizontal scrolling: its descriptions
wrap, and each shows whole within the dialog's width."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QScrollArea

from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.legend import LegendDialog


@pytest.mark.parametrize("width", [420, 560, 900])
def test_the_legend_has_no_horizontal_scrollbar(app: Any, qtbot: Any, width: int) -> None:
    dialog = LegendDialog(Formats("light"))
    qtbot.addWidget(dialog)
    dialog.resize(width, 620)
    dialog.show()
    qtbot.waitExposed(dialog)
    scroll = dialog.findChild(QScrollArea)
    assert scroll is not None
    bar = scroll.horizontalScrollBar()
    assert not bar.isVisible()
    assert bar.maximum() == 0  # nothing wider than the view to scroll to
    inner = scroll.widget()
    assert inner is not None
    assert inner.width() <= scroll.viewport().width()
    for label in inner.findChildren(QLabel):
        assert label.geometry().right() <= scroll.viewport().width(), label.text()
        assert label.height() >= label.heightForWidth(label.width()) - 1, label.text()
