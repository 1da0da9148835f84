"""File ▸ Export picture…: the window as it is shown, as a PNG (``QWidget.grab``), or
the anatomy of the URL in the address bar as an SVG diagram for slides (the drawing
of :mod:`urlinspector.present.diagram`, the same as ``urlinspector parse --format
svg``)."""

from __future__ import annotations

from pathlib import Path, PurePath

from PySide6.QtWidgets import QWidget

from urlinspector.core import URL
from urlinspector.palette import Theme

__all__ = ["PICTURE_FILTERS", "PictureError", "picture_path", "write_picture"]

PICTURE_FILTERS = "SVG diagram of the URL's anatomy (*.svg);;PNG picture of the window (*.png)"


class PictureError(OSError):
    """The picture could not be written."""


def picture_path(name: str, chosen_filter: str = "") -> Path:
    """Where a save dialog's *name* writes: as given with ``.svg`` or ``.png``, else
    with the suffix of the filter chosen (SVG when none)."""
    path = Path(name)
    if path.suffix.lower() in (".svg", ".png"):
        return path
    return path.with_name(path.name + (".png" if chosen_filter.startswith("PNG") else ".svg"))


def write_picture(
    path: str | PurePath,
    view: QWidget,
    url: URL,
    *,
    theme: Theme = "light",
    mask_password: bool = True,
) -> Path:
    """Write *path*: ``.png``, *view* as it is shown; another suffix, the SVG diagram
    of *url* (its password masked when *mask_password*).  Raises :class:`PictureError`
    or another ``OSError``."""
    target = Path(path)
    if target.suffix.lower() == ".png":
        pixmap = view.grab()
        if pixmap.isNull() or not pixmap.save(str(target), "PNG"):
            raise PictureError(f"cannot write the picture to {target}")
        return target
    from urlinspector.present.diagram import anatomy_svg  # (loaded when first drawn)

    target.write_text(anatomy_svg(url, theme=theme, mask_password=mask_password), encoding="utf-8")
    return target
