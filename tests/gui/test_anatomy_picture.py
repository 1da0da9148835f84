"""File ▸ Export picture… as SVG: the labels and leaders clear every bracket, checked on
the file written and on Qt's rendering of it, and the file names its font list."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from tests.unit.present.test_diagram import clashes
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.present.diagram import anatomy_svg

URLS = [
    "gopher://gopher.example.com:70/1/",  # a one-letter gophertype, 31–32
    "gopher://h:70/1x",
    "ftp://joe:secret@ftp.example.org:21/pub/a/file.txt;type=a",
    "http://@host:/?#",
]


def _ink(svg: str, scale: float = 2.0) -> QImage:
    """*svg* rendered by Qt on white, *scale* times its size."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    assert renderer.isValid()
    size = renderer.defaultSize() * scale
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    return image


def _only(svg: str, keep: str) -> str:
    """*svg* with its brackets only (*keep* ``lines``: no leaders, labels or text), or
    its label boxes only, filled black (``boxes``)."""
    body = re.sub(r"<g.*</g>", "", svg, flags=re.S)
    groups = re.findall(r"<g[^>]*>.*?</g>", svg, flags=re.S)
    if keep == "lines":
        kept = next(g for g in groups if 'stroke-width="1.5"' in g)
        kept = re.sub(r'<path d="[^"]*" stroke="[^"]*" stroke-width="0.8"/>', "", kept)
        kept = re.sub(r'<path class="leader"[^>]*/>', "", kept)
    else:
        kept = next(g for g in groups if "<rect" in g)
        kept = re.sub(r"<text[^>]*>.*?</text>", "", kept)
        kept = re.sub(r'fill="[^"]*"', 'fill="black"', kept)
    return body.replace("</svg>", kept + "</svg>")


def _overlap(a: QImage, b: QImage) -> int:
    """How many pixels both images ink (darker than light grey)."""
    assert a.size() == b.size()
    grey_a = a.convertToFormat(QImage.Format.Format_Grayscale8)
    grey_b = b.convertToFormat(QImage.Format.Format_Grayscale8)
    count = 0
    for y in range(a.height()):
        row_a = grey_a.constScanLine(y).tobytes()[: a.width()]  # type: ignore[attr-defined]
        row_b = grey_b.constScanLine(y).tobytes()[: a.width()]  # type: ignore[attr-defined]
        count += sum(1 for pa, pb in zip(row_a, row_b, strict=True) if pa < 200 and pb < 200)
    return count


@pytest.mark.parametrize("text", URLS)
def test_the_exported_anatomy_keeps_labels_clear_of_brackets(
    window: MainWindow, tmp_path: Path, text: str
) -> None:
    window.inspect(text)
    written = window.teaching.export_picture(tmp_path / "anatomy.svg")
    assert written is not None
    svg = written.read_text(encoding="utf-8")
    assert svg == anatomy_svg(parse(text), theme="light", mask_password=True)
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.get("font-family") == "DejaVu Sans Mono, monospace"
    assert clashes(svg) == []
    # as Qt draws it: no bracket's ink inside any label's box
    assert _overlap(_ink(_only(svg, "lines")), _ink(_only(svg, "boxes"))) == 0
    assert not _ink(svg).isNull()
