"""The window's colours meet WCAG AA in both themes, links included after a change of
theme (a label kept the old theme's dark blue on the dark theme's grey)."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from urlinspector import palette
from urlinspector.gui.app import platform_palette, theme_palette
from urlinspector.gui.main_window import MainWindow

PALETTE_ROLES = {
    "window": QPalette.ColorRole.Window,
    "window_text": QPalette.ColorRole.WindowText,
    "base": QPalette.ColorRole.Base,
    "alternate_base": QPalette.ColorRole.AlternateBase,
    "text": QPalette.ColorRole.Text,
    "button_text": QPalette.ColorRole.ButtonText,
    "tooltip_base": QPalette.ColorRole.ToolTipBase,
    "tooltip_text": QPalette.ColorRole.ToolTipText,
    "placeholder": QPalette.ColorRole.PlaceholderText,
    "highlight": QPalette.ColorRole.Highlight,
    "highlighted_text": QPalette.ColorRole.HighlightedText,
    "link": QPalette.ColorRole.Link,
    "link_visited": QPalette.ColorRole.LinkVisited,
}


def _colours(image: QImage) -> Counter[str]:
    return Counter(
        image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())
    )


def _link_pixels(widget: QWidget, theme: palette.Theme) -> int:
    """How many pixels of *widget* are drawn exactly in *theme*'s link colour."""
    return _colours(widget.grab().toImage())[palette.INTERFACE[theme].link]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", sorted(PALETTE_ROLES))
def test_the_qt_palette_is_the_checked_table(theme: palette.Theme, name: str) -> None:
    qpalette = theme_palette(theme)
    assert qpalette.color(PALETTE_ROLES[name]).name() == getattr(palette.INTERFACE[theme], name)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_disabled_text_is_readable(theme: palette.Theme) -> None:
    qpalette = theme_palette(theme)
    disabled = qpalette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text).name()
    window = qpalette.color(QPalette.ColorRole.Window).name()
    assert palette.contrast_ratio(disabled, window) >= palette.TEXT


@pytest.mark.parametrize(("first", "then"), [("light", "dark"), ("dark", "light")])
def test_cited_links_follow_a_change_of_theme(
    window: MainWindow, app: QApplication, first: palette.Theme, then: palette.Theme
) -> None:
    window.set_theme(first)
    window.open_citation("RFC 1738 §3.1 / §5")  # two sections: "cited: §3.1 · §5"
    cited = window.inspector.spec_reader.cited
    assert cited.isVisible()
    app.processEvents()
    assert _link_pixels(cited, first) > 0
    window.set_theme(then)
    app.processEvents()
    background = cited.palette().color(QPalette.ColorRole.Window).name()
    assert _link_pixels(cited, then) > 0
    assert _link_pixels(cited, first) == 0
    assert palette.contrast_ratio(palette.INTERFACE[then].link, background) >= palette.TEXT
    window.set_theme("light")


def test_explain_links_follow_a_change_of_theme(window: MainWindow, app: QApplication) -> None:
    window.set_theme("light")
    window.inspect("gopher://gopher.floodgap.com:70/1/world")
    window.inspector.tabs.setCurrentWidget(window.inspector.explain_panel)
    window.flush()
    app.processEvents()
    assert _link_pixels(window.inspector.explain_panel.viewport(), "light") > 0
    window.set_theme("dark")
    app.processEvents()
    assert _link_pixels(window.inspector.explain_panel.viewport(), "dark") > 0
    assert _link_pixels(window.inspector.explain_panel.viewport(), "light") == 0
    window.set_theme("light")


def test_auto_theme_on_a_dark_desktop_gets_readable_links(app: QApplication) -> None:
    """A dark platform palette that keeps a dark blue link colour."""
    saved = app.palette()
    dark = QPalette(app.style().standardPalette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#202020"))
    dark.setColor(QPalette.ColorRole.Link, QColor("#0000ff"))
    style = app.style()
    original = style.standardPalette
    try:
        style.standardPalette = lambda: dark  # type: ignore[method-assign]
        fixed = platform_palette(app)
    finally:
        style.standardPalette = original  # type: ignore[method-assign]
        app.setPalette(saved)
    link = fixed.color(QPalette.ColorRole.Link).name()
    assert link == palette.INTERFACE["dark"].link
    assert palette.contrast_ratio(link, "#202020") >= palette.TEXT


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_cited_rule_is_marked_in_the_checked_colours(
    window: MainWindow, app: QApplication, theme: palette.Theme
) -> None:
    window.set_theme(theme)
    window.open_citation("gtype, RFC 1738 §3.4.1 / §5")  # a grammar rule: marked
    marks = window.inspector.spec_reader.text.extraSelections()
    assert len(marks) == 1
    fmt = marks[0].format
    ui = palette.INTERFACE[theme]
    assert fmt.background().color().name() == ui.mark
    assert fmt.foreground().color().name() == ui.mark_text
    assert palette.contrast_ratio(ui.mark_text, ui.mark) >= palette.TEXT
    window.set_theme("light")
