"""Qt formats made from the shared colour roles of :mod:`urlinspector.palette`.

The roles (colours for a light and a dark theme, bold, italic, underline style,
background tint) are defined once, for the GUI and the command line's ANSI output;
this module only turns them into ``QTextCharFormat`` / ``QColor`` objects.

One GUI-only overlay is added: :data:`MASKED`, which hides the characters of a
password behind a solid bar (the text itself is unchanged, so editing, undo and copy
work as usual).
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette, QTextCharFormat
from PySide6.QtWidgets import QLabel, QWidget

from urlinspector import palette as roles
from urlinspector.present.colouring import MASKED

__all__ = ["MASKED", "Formats", "refresh_links", "theme_of"]


_UNDERLINES = {
    "single": QTextCharFormat.UnderlineStyle.SingleUnderline,
    "wavy": QTextCharFormat.UnderlineStyle.WaveUnderline,
    "dotted": QTextCharFormat.UnderlineStyle.DotLine,
}


def theme_of(qpalette: QPalette) -> roles.Theme:
    """``"dark"`` when the palette's text background is dark, else ``"light"``."""
    base = qpalette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Base)
    return "dark" if base.lightnessF() < 0.5 else "light"


def refresh_links(root: QWidget) -> int:
    """Lay out again every label under *root* whose rich text holds a link (after a
    theme change): a ``QLabel`` colours its links when its text is set, with the
    palette of that moment, and would keep the old theme's link colour (a dark blue
    on the dark theme's grey) until its text changed.  The number of labels."""
    count = 0
    for label in root.findChildren(QLabel):
        text = label.text()
        if "<a " in text:
            label.setText("")
            label.setText(text)
            count += 1
    return count


class Formats:
    """Character formats for one theme, made on first use and cached.

    ``get(role, overlays)`` is the format of text of *role* (a role name of
    :data:`urlinspector.palette.ROLES`) with *overlays* laid over it in order
    (``"escape"``, ``"warning"``, ``"invalid"``, :data:`MASKED`).
    """

    def __init__(self, theme: roles.Theme) -> None:
        self.theme: roles.Theme = theme
        self._cache: dict[tuple[str, tuple[str, ...]], QTextCharFormat] = {}

    def colour(self, role: str) -> QColor:
        """The foreground of *role* in this theme."""
        return QColor(roles.get_role(role).foreground(self.theme))

    def background(self, role: str) -> QColor | None:
        bg = roles.get_role(role).background(self.theme)
        return None if bg is None else QColor(bg)

    def get(self, role: str, overlays: tuple[str, ...] = ()) -> QTextCharFormat:
        key = (role, overlays)
        fmt = self._cache.get(key)
        if fmt is None:
            fmt = self._cache[key] = self._make(role, overlays)
        return fmt

    def _make(self, role: str, overlays: tuple[str, ...]) -> QTextCharFormat:
        layers = tuple(o for o in overlays if o != MASKED)
        combined = roles.combine(role, *layers)
        fmt = QTextCharFormat()
        fmt.setForeground(QColor(combined.foreground(self.theme)))
        background = combined.background(self.theme)
        if background is not None:
            fmt.setBackground(QColor(background))
        if combined.bold:
            fmt.setFontWeight(700)
        if combined.italic:
            fmt.setFontItalic(True)
        if combined.underline != "none":
            fmt.setUnderlineStyle(_UNDERLINES[combined.underline])
            # the underline takes the colour of the layer that asked for it
            source = role
            for name in layers:
                if roles.get_role(name).underline != "none":
                    source = name
            fmt.setUnderlineColor(QColor(roles.get_role(source).foreground(self.theme)))
        if MASKED in overlays:
            bar = QColor(roles.get_role("separator").foreground(self.theme))
            fmt.setForeground(bar)
            fmt.setBackground(bar)
        return fmt
