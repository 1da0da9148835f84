"""What the viewer's pages share: icons, a URL coloured like the address bar (as HTML,
for tooltips), the fixed-width font, and a few text helpers."""

from __future__ import annotations

import html
from functools import cache

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QSize
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QIcon,
    QPixmap,
)

from urlinspector import palette as roles
from urlinspector.core import parse
from urlinspector.gui.palette import Formats
from urlinspector.gui.resources import ResourceNotFoundError, find_resource
from urlinspector.present.colouring import MASKED, colour_runs
from urlinspector.present.masking import mask_url
from urlinspector.present.text import shown, visible

__all__ = [
    "ICON_SIZE",
    "SNIFF",
    "PasswordDisplay",
    "blank_icon",
    "display_url",
    "escape",
    "fixed_font",
    "icon",
    "looks_like_text",
    "surely_binary",
    "url_html",
    "without_password",
]

ICON_SIZE = QSize(16, 16)


@cache
def icon(name: str) -> QIcon:
    """The viewer icon *name* (``resources/icons/viewer/<name>.svg``); an empty icon
    when the file is missing (an incomplete installation shows no icon, not an error)."""
    try:
        return QIcon(str(find_resource(f"icons/viewer/{name}.svg")))
    except ResourceNotFoundError:
        return QIcon()


@cache
def blank_icon() -> QIcon:
    """A transparent icon: rows without an icon keep their text in line with the rest."""
    pixmap = QPixmap(ICON_SIZE)
    pixmap.fill(QColor(0, 0, 0, 0))
    return QIcon(pixmap)


def fixed_font() -> QFont:
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


def escape(text: str) -> str:
    return html.escape(text, quote=True)


def url_html(url: str, formats: Formats, limit: int = 300) -> str:
    """*url* as HTML, each part in the colour and style the address bar gives it
    (:func:`~urlinspector.present.colouring.colour_runs` over the core's parse)."""
    text = url if len(url) <= limit else url[:limit]
    parsed = parse(text)
    out = []
    for run in colour_runs(parsed, mask_password=True):
        role = roles.combine(run.role, *(o for o in run.overlays if o != MASKED))
        style = [f"color:{role.foreground(formats.theme)}"]
        background = role.background(formats.theme)
        if background:
            style.append(f"background-color:{background}")
        if role.bold:
            style.append("font-weight:bold")
        if role.italic:
            style.append("font-style:italic")
        if role.underline != "none":
            style.append("text-decoration:underline")
        if MASKED in run.overlays:  # a password: never shown in a tooltip
            chunk = "•" * min(run.end - run.start, 8)
        else:
            chunk = escape(visible(parsed.text[run.start : run.end]))
        out.append(f'<span style="{";".join(style)}">{chunk}</span>')
    more = "…" if len(url) > limit else ""
    return f'<span style="white-space:pre">{"".join(out)}{more}</span>'


class PasswordDisplay:
    """Whether one viewer shows the passwords of the URLs it puts in labels, status
    lines and titles (the window's View ▸ Show passwords, which
    :func:`~urlinspector.gui.viewer.install.install_viewer` connects to
    :meth:`set_shown`); the URLs themselves keep them.  Each pane has its own
    (:attr:`ViewerPane.passwords <urlinspector.gui.viewer.pane.ViewerPane.passwords>`),
    given to the parts that show URLs; masked until told otherwise."""

    def __init__(self, shown: bool = False) -> None:
        self.shown = shown

    def set_shown(self, shown: bool) -> None:
        self.shown = shown

    def url(self, url: str) -> str:
        """*url* for a status line: its password masked unless passwords are shown."""
        return url if self.shown else without_password(url)

    def label(self, url: str, limit: int = 100) -> str:
        """*url* for a label: password masked unless shown, invisible characters
        shown, cut to *limit*."""
        return shown(self.url(url), limit)


def without_password(url: str) -> str:
    """*url* with the password of its userinfo masked as everywhere else in the window
    (:func:`~urlinspector.present.masking.mask_url`: a look-alike it carries stays
    visible)."""
    if ":" not in url or "@" not in url:
        return url
    return mask_url(parse(url))


def display_url(url: str, limit: int = 100) -> str:
    """*url* for a label, whatever the window shows: password masked, invisible
    characters shown, cut."""
    return shown(without_password(url), limit)


SNIFF = 1024
"""Octets looked at to tell text from binary data (:func:`looks_like_text`)."""
_TEXT_CONTROLS = frozenset(b"\t\n\f\r\x1b")


def surely_binary(start: bytes) -> bool:
    """Whether the first octets of a file, however few, already say it is not text:
    a NUL (no text file holds one)."""
    return b"\x00" in start


def looks_like_text(head: bytes) -> bool:
    """Whether *head* (the first :data:`SNIFF` octets of a file) reads as text: no NUL
    and few control characters (under 5 %; tab, line ends, form feed and escape not
    counted).  Octets above 127 are letters in UTF-8 or an 8-bit charset: the text
    view's charset choice decides how they read."""
    head = head[:SNIFF]
    if surely_binary(head):
        return False
    controls = sum(1 for octet in head if octet < 32 and octet not in _TEXT_CONTROLS)
    return controls * 20 < len(head) or not head


def column_count(model: QAbstractItemModel) -> int:
    """The columns of *model* (a list model's one included: its columnCount is not
    callable from Python)."""
    count = 0
    while count < 64 and model.index(0, count, QModelIndex()).isValid():
        count += 1
    return count
