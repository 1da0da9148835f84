"""Images (gopher ``g``, ``I``, ``p``; image files over FTP or on disk): shown at their
size, or fitted to the window, with their format and dimensions."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt, Signal, Slot
from PySide6.QtGui import QImage, QImageReader, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from urlinspector.gui.viewer.save import format_size

__all__ = ["MAX_PIXELS", "ImageView", "read_image"]

MAX_PIXELS = 100_000_000
"""Images with more pixels than this are not decoded (a small file can claim a huge
size and ask for gigabytes of memory)."""


def read_image(data: bytes) -> tuple[QImage | None, str, str]:
    """``(image, format, problem)``: the decoded image (None when it cannot be read),
    the format's name (``png``, ``gif`` ...) and why it could not be read."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setDecideFormatFromContent(True)
    fmt = bytes(reader.format().data()).decode("ascii", "replace")
    size = reader.size()
    if size.isValid() and size.width() * size.height() > MAX_PIXELS:
        return (
            None,
            fmt,
            (
                f"the image claims {size.width()} × {size.height()} pixels, more than the "
                f"{MAX_PIXELS:,} shown"
            ),
        )
    image = reader.read()
    if image.isNull():
        return None, fmt, reader.errorString() or "not an image format Qt can read"
    return image, fmt, ""


class ImageView(QWidget):
    """One image in a scroll area.  ``saveRequested()``: the person wants the file."""

    saveRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("imageView")
        self.image: QImage | None = None
        self.info = QLabel("")
        self.info.setObjectName("imageInfo")
        self.fit = QCheckBox("Fit to the &window")
        self.fit.setChecked(True)
        self.fit.toggled.connect(self._fit_toggled)
        self.save_button = QPushButton("Save &picture…")
        self.save_button.clicked.connect(self.saveRequested)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.info, 1)
        top.addWidget(self.fit)
        top.addWidget(self.save_button)
        self.label = QLabel()
        self.label.setObjectName("image")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.label)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.scroll_area, 1)

    def set_image(self, data: bytes) -> str:
        """Show the image in *data*; ``""`` when it is shown, else why it is not."""
        image, fmt, problem = read_image(data)
        self.image = image
        if image is None:
            self.label.clear()
            self.info.setText(f"Cannot show the image: {problem}")
            return problem
        self.info.setText(
            f"{fmt.upper() or 'Image'}, {image.width()} × {image.height()} pixels, "
            f"{format_size(len(data))}"
        )
        self._rescale()
        return ""

    def clear(self) -> None:
        self.image = None
        self.label.clear()
        self.info.setText("")

    @Slot(bool)
    def _fit_toggled(self, _on: bool) -> None:
        self._rescale()

    def _rescale(self) -> None:
        if self.image is None:
            return
        pixmap = QPixmap.fromImage(self.image)
        room = self.scroll_area.viewport().size() - QSize(4, 4)
        too_big = pixmap.width() > room.width() or pixmap.height() > room.height()
        if self.fit.isChecked() and too_big and room.width() > 0 and room.height() > 0:
            pixmap = pixmap.scaled(
                room,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        self.label.setPixmap(pixmap)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit.isChecked():
            self._rescale()
