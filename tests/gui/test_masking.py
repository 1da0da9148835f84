"""The password: masked everywhere the window shows it, or nowhere; never over what is
being typed; a look-alike it carries stays visible."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat
from pytestqt.qtbot import QtBot

from tests.gui.helpers import char_formats, top_item
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.address_bar import description_html
from urlinspector.present.masking import (
    HIDDEN_FINDING,
    kept_visible,
    mask_finding,
    mask_known,
    mask_password,
    mask_url,
    passwords_of,
)

SECRET = "hunter2"
URL_TEXT = "http://good.example:hun%74er2@evil.example/a?b#c"
BASE = "ftp://joe:sesame@base.example/x/y"


@pytest.mark.parametrize(
    ("password", "shown"),
    [
        ("secret", "••••••"),
        ("pаss", "•а••"),  # a Cyrillic а: the look-alike stays
        ("p%D0%B0ss", "•%D0%B0••"),  # the same, escaped
        ("a/b@c", "•/•@•"),  # delimiters a reader splits at
        ("a%2Fb", "•%2F•"),
        ("a\\b", "•\\•"),
        ("%41%42", "••••••"),  # plain ASCII, escaped or not, is masked
        ("x%", "••"),
        ("\u200bx", "\u200b•"),  # an invisible character stays (shown by the views)
        ("", ""),
    ],
)
def test_mask_password_keeps_what_can_carry_a_trick(password: str, shown: str) -> None:
    assert mask_password(password) == shown
    assert len(kept_visible(password)) == len(password)


def test_mask_url_and_mask_known() -> None:
    url = parse(URL_TEXT)
    assert mask_url(url) == "http://good.example:•••••••••@evil.example/a?b#c"
    assert passwords_of(url, parse(BASE), None) == ("hun%74er2", "sesame")
    message = f"the userinfo 'good.example:{SECRET}' looks like a host name"
    assert (
        mask_known(message, (SECRET,))
        == "the userinfo 'good.example:•••••••' looks like a host name"
    )
    assert mask_known("no password here", (SECRET,)) == "no password here"


def _is_masked(fmt: QTextCharFormat | None) -> bool:
    return (
        fmt is not None
        and fmt.background().style() != Qt.BrushStyle.NoBrush
        and fmt.background().color() == fmt.foreground().color()
    )


def _all_texts(window: MainWindow) -> list[str]:
    """Every text the inspector's panels show for the URL, tooltips included."""
    out: list[str] = []
    model = window.inspector.components.model
    stack = [model.index(r, 0) for r in range(model.rowCount())]
    while stack:
        index = stack.pop()
        for column in range(model.columnCount()):
            cell = index.siblingAtColumn(column)
            out += [str(cell.data()), str(cell.data(Qt.ItemDataRole.ToolTipRole))]
        stack += [model.index(r, 0, index) for r in range(model.rowCount(index))]
    diagnostics = window.inspector.diagnostics.diagnostics_model
    for r in range(diagnostics.rowCount()):
        for c in range(diagnostics.columnCount()):
            index = diagnostics.index(r, c)
            out += [str(index.data()), str(index.data(Qt.ItemDataRole.ToolTipRole))]
    editions = window.inspector.editions.editions_model
    for r in range(editions.rowCount()):
        for c in range(editions.columnCount()):
            index = editions.index(r, c)
            out += [str(index.data()), str(index.data(Qt.ItemDataRole.ToolTipRole))]
    window.inspector.tabs.setCurrentWidget(window.inspector.escapes)
    window.flush()
    escapes = window.inspector.escapes.escapes_model
    for r in range(escapes.rowCount()):
        out += [str(escapes.index(r, c).data()) for c in range(escapes.columnCount())]
        out.append(str(escapes.index(r, 0).data(Qt.ItemDataRole.ToolTipRole)))
    window.inspector.tabs.setCurrentWidget(window.inspector.trace)
    window.flush()
    tree = window.inspector.trace.tree
    out.append(window.inspector.trace.summary.text())
    for i in range(tree.topLevelItemCount()):
        item = top_item(tree, i)
        out += [item.text(1), item.toolTip(1)]
    out += [window.address_area.target_note.text(), window.address_area.target_note.toolTip()]
    window.menus.history_menu.aboutToShow.emit()
    out += [a.text() for a in window.menus.history_menu.actions()]
    window.inspector.tabs.setCurrentWidget(window.inspector.editions)
    return out


def test_the_password_is_masked_everywhere_or_nowhere(window: MainWindow) -> None:
    window.set_base(BASE)
    window.inspect(URL_TEXT)
    window.flush()
    texts = _all_texts(window)
    assert not [t for t in texts if SECRET in t or "%74" in t]
    assert any("•••••••••" in t for t in texts)
    window.menus.copy_normalized()
    assert "•••" in window.statusBar().currentMessage()
    assert SECRET not in window.statusBar().currentMessage()
    start = URL_TEXT.index("hun")
    length = len("hun%74er2")
    for pos in range(start, start + length):  # the address bar's tooltips
        description = window.address_area.address.describe(pos)
        assert description is not None
        assert window.address_area.address.password_masked
        tip = description_html(description, masked_url=window.address_area.address.url())
        assert "%74" not in tip
        assert "er2" not in tip
    formats = char_formats(window.address_area.address)
    assert all(_is_masked(formats[i]) for i in range(start, start + length))
    assert not _is_masked(formats[start - 1])
    target = char_formats(window.address_area.target)
    assert all(_is_masked(target[i]) for i in range(start, start + length))
    # the trace shows the base's password masked too
    window.address_area.address.setText("g")
    window.flush()
    assert not [t for t in _all_texts(window) if "sesame" in t]

    window.menus.show_passwords_action.setChecked(True)
    window.inspect(URL_TEXT)
    window.flush()
    texts = _all_texts(window)
    assert sum("hun%74er2" in t for t in texts) >= 6  # components, editions, trace
    assert sum(SECRET in t for t in texts) >= 2  # decoded: components, editions
    assert "%74" in texts
    assert not any(_is_masked(f) for f in char_formats(window.address_area.address))


def test_a_lookalike_in_the_password_stays_visible(window: MainWindow) -> None:
    text = "http://good.com:pаss@evil.example/"
    window.inspect(text)
    window.flush()
    a = text.index("а")
    formats = char_formats(window.address_area.address)
    assert not _is_masked(formats[a])
    assert _is_masked(formats[a - 1])
    assert _is_masked(formats[a + 1])
    table = window.inspector.editions.editions_model.table
    assert table is not None
    assert table.cell("password", "rfc3986").text == "•а••"
    assert table.cell("password", "whatwg").text == "•%D0%B0••"  # browsers escape it
    assert table.cell("password", "whatwg").tooltip.startswith("•%D0%B0••")
    model = window.inspector.components.model
    authority = next(
        model.index(r, 1)
        for r in range(model.rowCount())
        if model.index(r, 0).data() == "authority"
    )
    assert authority.data() == "good.com:•а••@evil.example"


def test_the_password_being_typed_is_shown(window: MainWindow, qtbot: QtBot) -> None:
    window.address_area.address.setFocus()
    qtbot.keyClicks(window.address_area.address, "ftp://joe:@host/pub")
    position = len("ftp://joe:")
    window.address_area.address.select_span(position, position)
    qtbot.keyClicks(window.address_area.address, "sec")
    formats = char_formats(window.address_area.address)
    assert not any(_is_masked(formats[i]) for i in range(position, position + 3))
    assert not window.address_area.address.password_masked
    qtbot.keyClicks(window.address_area.address, "ret")
    assert not window.address_area.address.password_masked
    qtbot.keyClick(window.address_area.address, Qt.Key.Key_End)  # the caret leaves the password
    formats = char_formats(window.address_area.address)
    assert window.address_area.address.password_masked
    assert all(_is_masked(formats[i]) for i in range(position, position + 6))
    for _ in range(len("@host/pub")):
        qtbot.keyClick(window.address_area.address, Qt.Key.Key_Left)
    assert not window.address_area.address.password_masked  # back at the end of the password
    window.inspector.diagnostics.setFocus()  # the focus leaves: masked again
    assert window.address_area.address.password_masked
    assert all(
        _is_masked(f) for f in char_formats(window.address_area.address)[position : position + 6]
    )


def test_findings_about_the_password_hide_only_what_they_quote() -> None:
    url = parse("http://joe:hun%zzer2@host/")
    findings = {d.code: d for d in url.diagnostics}
    clear = findings["password"]
    assert mask_finding(clear.message, clear.span, url) == clear.message  # quotes nothing
    quoting = findings["bad-escape"]  # "'%zz' is not one"
    assert "%zz" in quoting.message
    assert mask_finding(quoting.message, quoting.span, url) == HIDDEN_FINDING
    userinfo = findings["scheme-userinfo-not-allowed"]
    assert "'joe:•••••••••@'" in mask_finding(userinfo.message, userinfo.span, url)
    lookalike = parse("http://good.com:pаss@evil.example/")
    non_ascii = next(d for d in lookalike.diagnostics if d.code == "non-ascii")
    assert mask_finding(non_ascii.message, non_ascii.span, lookalike) == non_ascii.message
