"""While keys come in quick succession, each keystroke updates the colours and the
live labels at once, and the panels (the component tree, the findings and the visible
tab) wait for a pause in typing, then show the text as it stands."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from urlinspector.gui.main_window import LONG_TEXT, PAUSE_MS, TYPING_MS, MainWindow
from urlinspector.present.inspection import Inspection, inspect
from urlinspector.present.verdicts import counted, tally


def _type(window: MainWindow, qtbot: QtBot, keys: str) -> None:
    for key in keys:
        qtbot.keyClick(window.address_area.address, key)
        QApplication.processEvents()


def _path_shown(window: MainWindow) -> str:
    """The path the Editions view shows for RFC 3986."""
    table = window.inspector.editions.editions_model.table
    assert table is not None
    return table.cell("path", "rfc3986").text


def test_panels_wait_for_a_pause_while_typing(window: MainWindow, qtbot: QtBot) -> None:
    window.inspect("http://example.com/")
    window.flush()
    window.address_area.address.setFocus()
    window.address_area.address.moveCursor(
        window.address_area.address.textCursor().MoveOperation.End
    )
    _type(window, qtbot, "ab")
    # the live labels follow every key ...
    assert window.windowTitle() == "example.com"
    assert window.address_area.address.text() == "http://example.com/ab"
    # ... the panels wait while the keys keep coming
    assert window.panels_pending
    assert _path_shown(window) != "/ab"
    qtbot.waitUntil(lambda: not window.panels_pending, timeout=5 * TYPING_MS)
    assert _path_shown(window) == "/ab"


def test_one_key_after_a_pause_updates_the_panels_at_once(window: MainWindow, qtbot: QtBot) -> None:
    window.inspect("http://example.com/")
    window.flush()
    window.address_area.address.setFocus()
    window.address_area.address.moveCursor(
        window.address_area.address.textCursor().MoveOperation.End
    )
    qtbot.wait(2 * TYPING_MS)  # the pause in typing is what is under test
    qtbot.keyClick(window.address_area.address, Qt.Key.Key_Z)
    qtbot.waitUntil(lambda: not window.panels_pending, timeout=TYPING_MS // 2)
    assert _path_shown(window) == "/z"


@pytest.mark.parametrize("length", [10, LONG_TEXT])
def test_the_library_findings_follow_with_the_panels(
    window: MainWindow, qtbot: QtBot, length: int
) -> None:
    """Driving the libraries up to their sockets costs more than the rest of a
    keystroke: the live counts leave their findings out, and they join the counts and
    the list with the panels (at once after a pause, later while keys keep coming)."""
    text = "http://evil.com\\@good.com/?q=" + "a" * length
    window.inspect(text)
    window.flush()
    assert "reader-host" in _codes(window)
    typed = text + "b"
    live = inspect(typed, edition=window.edition, readers="none")
    whole = inspect(typed, edition=window.edition)
    assert "reader-host" in {d.code for d in whole.findings} - {d.code for d in live.findings}
    window.address_area.address.setFocus()
    window.address_area.address.moveCursor(
        window.address_area.address.textCursor().MoveOperation.End
    )
    # the key, then the live update its zero timer runs, without a turn of the event
    # loop (on a busy machine the pause could pass within it)
    qtbot.keyClick(window.address_area.address, "b")
    window.update_live()
    assert window.panels_pending
    summary = window.address_area.summary
    assert _warnings(live) in summary.text()  # where browsers go, counted at once
    qtbot.waitUntil(lambda: not window.panels_pending, timeout=10 * PAUSE_MS)
    assert _warnings(whole) in summary.text()
    assert set(window.inspector.diagnostics.diagnostics_model.items) == set(whole.findings)
    assert window.address_area.address.text() == typed


def _warnings(found: Inspection) -> str:
    return f"⚠ {counted(tally(found.annotated)[1], 'warning')}"


def _codes(window: MainWindow) -> set[str]:
    return {item.code for item in window.inspector.diagnostics.diagnostics_model.items}
