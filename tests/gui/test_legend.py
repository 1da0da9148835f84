"""The legend (F1): no sample is cut, and the wavy underline of "invalid" shows as a
wave, the cue that does not depend on colour."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor, QImage

from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.legend import LegendDialog, RoleSample


def test_no_sample_is_cut(app: Any, qtbot: Any) -> None:
    dialog = LegendDialog(Formats("light"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    samples = dialog.findChildren(RoleSample)
    assert samples
    assert all(s.height() >= s.sizeHint().height() for s in samples)


def test_the_wavy_underline_is_a_wave(app: Any) -> None:
    sample = RoleSample("invalid", Formats("light"))
    sample.resize(sample.sizeHint())
    image = QImage(sample.size(), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    sample.render(image)
    colour = Formats("light").get("invalid").underlineColor()
    rows = {
        y
        for y in range(image.height())
        for x in range(image.width())
        if image.pixelColor(x, y) == colour
    }
    below = [y for y in rows if y > sample.fontMetrics().ascent() + 3]
    assert len(set(below)) >= 3, f"the underline covers rows {sorted(below)}: no wave"
