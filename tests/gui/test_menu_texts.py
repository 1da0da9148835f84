"""User text in menus and buttons keeps its ``&`` (Qt reads a single one as an access
key mark and shows none); a pasted URL joins History as Enter's does."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData
from pytestqt.qtbot import QtBot

from urlinspector.gui.main_window import MainWindow
from urlinspector.present.text import menu_text

PASTED = "See https://a.example/q?x=1&y=2 and https://b.example/?q=fish&chips"


@pytest.mark.parametrize(
    ("text", "shown"), [("Q&A", "Q&&A"), ("a&&b", "a&&&&b"), ("plain", "plain"), ("", "")]
)
def test_menu_text_doubles_each_ampersand(text: str, shown: str) -> None:
    assert menu_text(text) == shown


def _paste(window: MainWindow, text: str) -> None:
    mime = QMimeData()
    mime.setText(text)
    window.address_area.address.setFocus()
    window.address_area.address.selectAll()
    window.address_area.address.insertFromMimeData(mime)


def test_the_paste_menu_shows_the_ampersands(window: MainWindow) -> None:
    _paste(window, PASTED)
    actions = [a for a in window.menus.found_menu.actions() if a.data()]
    assert [a.iconText() for a in actions] == [
        "https://a.example/q?x=1&y=2",
        "https://b.example/?q=fish&chips",
    ]


def test_the_inspect_button_of_a_wrapped_link_shows_its_ampersand(window: MainWindow) -> None:
    inner = "https://evil.example/a&b"
    window.inspect("https://www.google.com/url?q=" + inner.replace("&", "%26"))
    window.flush()
    button = window.address_area.inspect_inner
    assert button.isVisibleTo(window)
    assert button.text() == "Inspect evil.example/a&&b"  # shown as "a&b"


@pytest.mark.parametrize(
    "text", ["https://example.com/a?b=1&c=2", "gopher://127.0.0.1:7070/0/welcome.txt"]
)
def test_a_pasted_url_joins_the_history(window: MainWindow, text: str) -> None:
    assert text not in window.settings.history
    _paste(window, text)
    assert window.address_area.address.text() == text
    assert window.settings.history[0] == text


def test_a_url_picked_from_pasted_text_joins_the_history(window: MainWindow) -> None:
    _paste(window, PASTED)
    picked = next(a for a in window.menus.found_menu.actions() if a.data())
    picked.trigger()
    window.flush()
    assert window.settings.history[0] == "https://a.example/q?x=1&y=2"


def test_a_paste_into_a_longer_text_is_not_a_url_of_its_own(window: MainWindow) -> None:
    window.address_area.address.setPlainText("https://example.com/")
    cursor = window.address_area.address.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    window.address_area.address.setTextCursor(cursor)
    mime = QMimeData()
    mime.setText("path")
    window.address_area.address.insertFromMimeData(mime)
    assert window.address_area.address.text() == "https://example.com/path"
    assert "https://example.com/path" not in window.settings.history
    assert "path" not in window.settings.history


def test_typing_alone_does_not_join_the_history(window: MainWindow, qtbot: QtBot) -> None:
    window.address_area.address.setFocus()
    qtbot.keyClicks(window.address_area.address, "http://typed.example/")
    assert "http://typed.example/" not in window.settings.history
