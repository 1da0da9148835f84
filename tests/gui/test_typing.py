"""While keys come in quick succession, each keystroke updates the colours and the
live labels at once, and the panels (the component tree and the visible tab) wait
for a pause in typing, then show the text as it stands."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from urlinspector.gui.main_window import LONG_TEXT, PAUSE_MS, TYPING_MS, MainWindow


def _type(window: MainWindow, qtbot: QtBot, keys: str) -> None:
    for key in keys:
        qtbot.keyClick(window.address, key)
        QApplication.processEvents()


def _path_shown(window: MainWindow) -> str:
    """The path the Editions view shows for RFC 3986."""
    table = window.editions.editions_model.table
    assert table is not None
    return table.cell("path", "rfc3986").text


def test_panels_wait_for_a_pause_while_typing(window: MainWindow, qtbot: QtBot) -> None:
    window.inspect("http://example.com/")
    window.flush()
    window.address.setFocus()
    window.address.moveCursor(window.address.textCursor().MoveOperation.End)
    _type(window, qtbot, "ab")
    # the live labels follow every key ...
    assert window.windowTitle() == "example.com"
    assert window.address.text() == "http://example.com/ab"
    # ... the panels wait while the keys keep coming
    assert window.panels_pending
    assert _path_shown(window) != "/ab"
    qtbot.waitUntil(lambda: not window.panels_pending, timeout=5 * TYPING_MS)
    assert _path_shown(window) == "/ab"


def test_one_key_after_a_pause_updates_the_panels_at_once(window: MainWindow, qtbot: QtBot) -> None:
    window.inspect("http://example.com/")
    window.flush()
    window.address.setFocus()
    window.address.moveCursor(window.address.textCursor().MoveOperation.End)
    qtbot.wait(2 * TYPING_MS)  # the pause in typing is what is under test
    qtbot.keyClick(window.address, Qt.Key.Key_Z)
    qtbot.waitUntil(lambda: not window.panels_pending, timeout=TYPING_MS // 2)
    assert _path_shown(window) == "/z"


def test_a_long_urls_library_findings_follow_the_pause(window: MainWindow, qtbot: QtBot) -> None:
    """For a URL over LONG_TEXT characters the libraries' parsers cost more than the
    rest of a keystroke: their findings join the list with the panels."""
    text = "http://evil.com\\@good.com/?q=" + "a" * LONG_TEXT
    window.inspect(text)
    window.flush()
    assert "reader-host" in _codes(window)
    window.address.setFocus()
    window.address.moveCursor(window.address.textCursor().MoveOperation.End)
    # the key, then the live update its zero timer runs, without a turn of the event
    # loop (on a busy machine the pause could pass within it)
    qtbot.keyClick(window.address, "b")
    window.update_live()
    assert window.panels_pending
    assert "browser-host" in _codes(window)  # where browsers go: at once
    assert "reader-host" not in _codes(window)
    qtbot.waitUntil(lambda: not window.panels_pending, timeout=10 * PAUSE_MS)
    assert "reader-host" in _codes(window)
    assert window.address.text().endswith("ab")


def _codes(window: MainWindow) -> set[str]:
    return {item.code for item in window.diagnostics.diagnostics_model.items}
