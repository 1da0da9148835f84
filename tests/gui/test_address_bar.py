"""The address bar: colours at the right spans as a URL is typed, hover descriptions,
paste and drop, the keys a user expects."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, Qt
from PySide6.QtGui import QGuiApplication, QHelpEvent, QTextCharFormat
from PySide6.QtWidgets import QToolTip
from pytestqt.qtbot import QtBot

from tests.gui.helpers import char_formats, same_look
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.address_bar import FULL_LIMIT
from urlinspector.present.colouring import colour_runs

TYPED = "http://joe:pw@www.example.com:8080/a%2Fb/c?x=1&y=2#frag"


def expected_formats(window: MainWindow, text: str) -> list[QTextCharFormat]:
    url = parse(text, window.edition)
    out: list[QTextCharFormat] = []
    for run in colour_runs(url, mask_password=True):
        out += [window.formats.get(run.role, run.overlays)] * (run.end - run.start)
    return out


def test_typing_character_by_character_colours_every_prefix(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.address_area.address.setFocus()
    for i, ch in enumerate(TYPED, 1):
        qtbot.keyClick(window.address_area.address, ch)
        assert window.address_area.address.text() == TYPED[:i]
        shown = char_formats(window.address_area.address)
        wanted = expected_formats(window, TYPED[:i])
        mismatched = [k for k in range(i) if not same_look(shown[k], wanted[k])]
        assert not mismatched, f"after {TYPED[:i]!r}: wrong formats at {mismatched}"


@pytest.mark.parametrize(
    ("text", "span", "role", "overlays"),
    [
        (TYPED, (0, 4), "scheme", ()),
        (TYPED, (7, 10), "user", ()),
        # the registrable domain stands out (Public Suffix List), as in browsers
        (TYPED, (14, 18), "subdomain", ()),
        (TYPED, (18, 29), "host", ()),
        ("https://login.paypal.com.evil.example.co.uk/", (8, 30), "subdomain", ()),
        ("https://login.paypal.com.evil.example.co.uk/", (30, 43), "host", ()),
        ("http://x.b.github.io/", (7, 9), "subdomain", ()),  # the private section
        ("http://x.b.github.io/", (9, 20), "host", ()),
        ("http://10.0.0.1/", (7, 15), "host", ()),  # an address has none
        (TYPED, (30, 34), "port", ()),
        (TYPED, (35, 36), "path", ()),
        (TYPED, (36, 39), "path", ("escape",)),
        (TYPED, (40, 41), "separator", ()),
        (TYPED, (43, 44), "query-key", ()),
        (TYPED, (45, 46), "query-value", ()),
        (TYPED, (51, 55), "fragment", ()),
        # scheme-specific parts get their own roles
        ("gopher://h/1/sel%09search", (11, 12), "gopher-type", ()),
        ("gopher://h/1/sel%09search", (12, 16), "selector", ()),
        ("gopher://h/1/sel%09search", (16, 19), "separator", ("escape",)),
        ("gopher://h/1/sel%09search", (19, 25), "search", ()),
        ("ftp://h/d/f.txt;type=i", (8, 9), "ftp-cwd", ()),
        ("ftp://h/d/f.txt;type=i", (15, 21), "separator", ()),
        ("ftp://h/d/f.txt;type=i", (21, 22), "ftp-typecode", ()),
        ("news:comp.infosystems.www", (5, 25), "news-group", ()),
        ("prospero://h/x;a=b", (15, 18), "prospero-field", ()),
        # misleading userinfo: warning tone (RFC 2396bis draft 2003 §7.5)
        ("http://www.paypal.com@evil.example/", (7, 21), "user", ("warning",)),
        # invalid characters: wavy underline
        ("http://a b/", (8, 9), "host", ("invalid",)),
    ],
)
def test_components_have_their_formats(
    window: MainWindow,
    text: str,
    span: tuple[int, int],
    role: str,
    overlays: tuple[str, ...],
) -> None:
    window.set_address(text)
    shown = char_formats(window.address_area.address)
    wanted = window.formats.get(role, overlays)
    for i in range(*span):
        assert same_look(shown[i], wanted), f"{text!r}[{i}] = {text[i]!r} is not {role}"


def test_host_is_emphasized_and_escapes_tinted_as_one_unit(window: MainWindow) -> None:
    window.set_address("http://example.com/a%2Fb")
    shown = char_formats(window.address_area.address)
    host = shown[7:18]
    assert all(f is not None and f.fontWeight() >= 700 for f in host)
    assert shown[6] is not None
    assert shown[6].fontWeight() < 700
    escape = shown[20:23]
    assert all(f is not None and f.background().style() != Qt.BrushStyle.NoBrush for f in escape)
    assert shown[19] is not None
    assert shown[19].background().style() == Qt.BrushStyle.NoBrush


def test_edition_changes_the_colouring_where_editions_differ(window: MainWindow) -> None:
    text = "http://[::1]:80/"
    window.set_address(text)
    window.set_edition("rfc3986")
    modern = char_formats(window.address_area.address)
    assert all(
        f is not None and f.underlineStyle() != QTextCharFormat.UnderlineStyle.WaveUnderline
        for f in modern[7:12]
    )
    assert same_look(modern[7], window.formats.get("host"))
    window.set_edition("rfc1738")
    old = char_formats(window.address_area.address)
    # RFC 1738 has no IP literals: "[" is an unsafe character in a hostname
    assert old[7] is not None
    assert old[7].underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
    assert modern[11] is not None
    assert not same_look(old[11], modern[11])


def test_password_is_masked_by_default_and_can_be_shown(window: MainWindow, qtbot: QtBot) -> None:
    window.set_address("ftp://joe:secret@host/")
    masked = char_formats(window.address_area.address)[10:16]
    assert all(f is not None and f.foreground().color() == f.background().color() for f in masked)
    qtbot.waitUntil(window.address_area.password_button.isVisible, timeout=2000)
    window.address_area.password_button.click()
    shown = char_formats(window.address_area.address)[10:16]
    assert all(f is not None and f.foreground().color() != f.background().color() for f in shown)
    assert window.settings.show_passwords


def tooltip_for(window: MainWindow, qtbot: QtBot, index: int) -> str:
    edit = window.address_area.address
    cursor = edit.textCursor()
    cursor.setPosition(index)
    rect = edit.cursorRect(cursor)
    point = QPoint(rect.x() + 3, rect.center().y())
    event = QHelpEvent(QEvent.Type.ToolTip, point, edit.viewport().mapToGlobal(point))
    QGuiApplication.sendEvent(edit.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    return QToolTip.text()


def test_hover_shows_component_rule_edition_and_decoded_value(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.set_address("http://www.ex%41mple.com/caf%C3%A9/x")
    text = tooltip_for(window, qtbot, 9)
    assert "<b>host</b>" in text
    assert "reg-name, RFC 3986 §3.2.2" in text
    assert "RFC 3986 (2005)" in text
    assert "www.exAmple.com" in text  # decoded
    text = tooltip_for(window, qtbot, 31)
    assert "path segment 1" in text
    assert "segment, RFC 3986 §3.3" in text
    assert "café" in text
    assert "%C3" in text
    assert "data" in text
    window.set_edition("rfc1738")
    text = tooltip_for(window, qtbot, 9)
    assert "hostname, RFC 1738 §3.1" in text
    assert "RFC 1738 (1994)" in text


def test_hover_on_a_delimiter_and_on_a_finding(window: MainWindow, qtbot: QtBot) -> None:
    window.set_address("http://a b@host/")
    assert "'//' before the authority" in tooltip_for(window, qtbot, 5)
    text = tooltip_for(window, qtbot, 8)
    assert "space" in text
    assert "RFC 3986" in text


def test_enter_commits_and_escape_restores(window: MainWindow, qtbot: QtBot) -> None:
    window.address_area.address.setFocus()
    with qtbot.waitSignal(window.inspectRequested) as blocker:
        qtbot.keyClicks(window.address_area.address, "http://example.com/")
        qtbot.keyClick(window.address_area.address, Qt.Key.Key_Return)
    assert blocker.args == ["http://example.com/"]
    assert window.address_area.address.text() == "http://example.com/"  # one line, no newline
    qtbot.keyClicks(window.address_area.address, "oops")
    qtbot.keyClick(window.address_area.address, Qt.Key.Key_Escape)
    assert window.address_area.address.text() == "http://example.com/"
    assert window.settings.history[0] == "http://example.com/"


def test_undo_and_redo_step_through_typing_not_colouring(window: MainWindow, qtbot: QtBot) -> None:
    window.address_area.address.setFocus()
    qtbot.keyClicks(window.address_area.address, "http://a/")
    window.set_address("gopher://b/")
    assert window.address_area.address.document().isUndoAvailable()
    window.address_area.address.undo()
    assert window.address_area.address.text() == "http://a/"
    window.address_area.address.redo()
    assert window.address_area.address.text() == "gopher://b/"


def test_ctrl_l_focuses_and_ctrl_shift_c_copies_normalized(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.set_address("HTTP://Example.COM:80/a/./b/../%7Euser")
    window.inspector.diagnostics.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.address_area.address.hasFocus()
    assert (
        window.address_area.address.textCursor().selectedText()
        == window.address_area.address.text()
    )
    qtbot.keyClick(
        window.address_area.address,
        Qt.Key.Key_C,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert QGuiApplication.clipboard().text() == "http://example.com/a/~user"


def paste(window: MainWindow, text: str) -> None:
    mime = QMimeData()
    mime.setText(text)
    window.address_area.address.setFocus()
    window.address_area.address.selectAll()
    window.address_area.address.insertFromMimeData(mime)


def test_paste_unwraps_and_joins_a_url_broken_across_lines(window: MainWindow) -> None:
    paste(window, "see <URL:ftp://ftp.example.org/pub/\n  rfc/rfc1738.txt> for it")
    assert window.address_area.address.text() == "ftp://ftp.example.org/pub/rfc/rfc1738.txt"


def test_paste_with_several_urls_offers_them(window: MainWindow, qtbot: QtBot) -> None:
    paste(window, "first http://a.example/x then gopher://b.example/1/ end")
    assert window.address_area.address.text() == ""
    actions = [a for a in window.menus.found_menu.actions() if a.data()]
    assert [a.data() for a in actions] == ["http://a.example/x", "gopher://b.example/1/"]
    with qtbot.waitSignal(window.inspectRequested):
        actions[1].trigger()
    assert window.address_area.address.text() == "gopher://b.example/1/"
    window.menus.found_menu.close()


def test_paste_of_a_plain_url_inserts_it_at_the_cursor(window: MainWindow) -> None:
    window.set_address("http://example.com/")
    window.address_area.address.moveCursor(
        window.address_area.address.textCursor().MoveOperation.End
    )
    mime = QMimeData()
    mime.setText("path")
    window.address_area.address.insertFromMimeData(mime)
    assert window.address_area.address.text() == "http://example.com/path"


def test_a_long_url_is_coloured_around_the_cursor(window: MainWindow, qtbot: QtBot) -> None:
    text = "http://example.com/" + "/".join(f"seg{i}" for i in range(3000))
    assert len(text) > 2 * FULL_LIMIT
    window.set_address(text)
    edit = window.address_area.address
    cursor = edit.textCursor()
    cursor.setPosition(0)
    edit.setTextCursor(cursor)
    qtbot.waitUntil(lambda: edit.highlighter.coloured[0] == 0, timeout=2000)
    shown = char_formats(edit)
    assert same_look(shown[7], window.formats.get("host"))
    assert shown[-1] is None  # far from the cursor: not formatted (yet)
    cursor.setPosition(len(text))
    edit.setTextCursor(cursor)
    qtbot.waitUntil(lambda: edit.highlighter.coloured[1] == len(text), timeout=2000)
    shown = char_formats(edit)
    assert same_look(shown[-1], window.formats.get("path"))
    assert same_look(shown[-8], window.formats.get("separator"))


def test_a_url_dropped_on_the_address_bar_replaces_its_text(
    window: MainWindow, qtbot: QtBot
) -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

    window.set_address("http://old.example/")
    mime = QMimeData()
    mime.setText("see <URL:gopher://new.example/1/> here")
    viewport = window.address_area.address.viewport()
    for kind in (QDragEnterEvent, QDragMoveEvent):  # a drag enters, moves, then drops
        QGuiApplication.sendEvent(
            viewport,
            kind(
                QPoint(10, 5),
                Qt.DropAction.CopyAction,
                mime,
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
            ),
        )
    event = QDropEvent(
        QPointF(10, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QGuiApplication.sendEvent(viewport, event)
    assert window.address_area.address.text() == "gopher://new.example/1/"
    window.address_area.address.undo()
    assert window.address_area.address.text() == "http://old.example/"


@pytest.mark.parametrize(
    ("text", "bold", "plain"),
    [
        # '\' is '/' to browsers: they contact evil.com, RFC 3986 reads good.com
        ("https://evil.com\\@good.com/", "evil.com", "good.com"),
        ("https://evil.com\\@good.com:8443/x", "evil.com", "good.com"),
        # and a plain URL keeps its registrable domain in bold, the subdomain plain
        ("https://login.example.co.uk/", "example.co.uk", "login."),
    ],
)
def test_the_bold_host_is_the_one_browsers_contact(
    window: MainWindow, text: str, bold: str, plain: str
) -> None:
    window.set_address(text)
    shown = char_formats(window.address_area.address)
    b0 = text.index(bold)
    assert all(f is not None and f.fontWeight() >= 700 for f in shown[b0 : b0 + len(bold)])
    p0 = text.index(plain)
    assert all(f is not None and f.fontWeight() < 700 for f in shown[p0 : p0 + len(plain)])
