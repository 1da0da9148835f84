"""The keyboard: the window takes the focus when it opens (the keys go to the address
bar at once); no key ever inserts a control character into a text field (X11 gives
Ctrl+A the text U+0001 and Backspace U+0008: they select all and delete, as in any
field); a long URL is shown from its start, where the host is, once it is entered."""

from __future__ import annotations

import unicodedata

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QPlainTextEdit, QTextEdit, QWidget
from pytestqt.qtbot import QtBot

from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.settings import Settings
from urlinspector.gui.widgets.address_bar import UrlEdit

CTRL = Qt.KeyboardModifier.ControlModifier
PRESS = QTest.KeyAction.Press
START = "https://example.com/a"

X11_TEXTS = {
    Qt.Key.Key_Backspace: "\b",
    Qt.Key.Key_Tab: "\t",
    Qt.Key.Key_Backtab: "\t",
    Qt.Key.Key_Return: "\r",
    Qt.Key.Key_Enter: "\r",
    Qt.Key.Key_Escape: "\x1b",
    Qt.Key.Key_Delete: "\x7f",
}
"""The text X11 gives a key event of these keys, whatever the modifiers."""


def x11_text(key: Qt.Key, modifiers: Qt.KeyboardModifier) -> str:
    """The text of a key event as X11 delivers it: Ctrl with a letter is the letter's
    control character (Ctrl+A: U+0001)."""
    if Qt.Key.Key_A.value <= key.value <= Qt.Key.Key_Z.value:
        if modifiers & CTRL:
            return chr(key.value - Qt.Key.Key_A.value + 1)
        letter = chr(key.value).lower()
        return letter.upper() if modifiers & Qt.KeyboardModifier.ShiftModifier else letter
    return X11_TEXTS.get(key, "")


def standard_keys() -> list[tuple[Qt.Key, Qt.KeyboardModifier, str]]:
    """Every key of every standard shortcut of this platform (Select all, Undo,
    Delete start of word, Move to end of line ...), with its name."""
    keys = []
    for standard in QKeySequence.StandardKey:
        for sequence in QKeySequence.keyBindings(standard):
            for i in range(sequence.count()):
                combination = sequence[i]  # type: ignore[index]
                keys.append((combination.key(), combination.keyboardModifiers(), standard.name))
    return keys


def text_of(field: QWidget) -> str:
    if isinstance(field, UrlEdit):
        return field.text()
    if isinstance(field, QLineEdit):
        return field.text()
    assert isinstance(field, QPlainTextEdit | QTextEdit)
    return field.toPlainText()


def reset(field: QWidget) -> None:
    if isinstance(field, UrlEdit):
        field.setText(START, undoable=False)
        field.moveCursor(field.textCursor().MoveOperation.End)
    elif isinstance(field, QLineEdit):
        field.setText(START)
        field.end(False)
    elif isinstance(field, QPlainTextEdit | QTextEdit):
        field.setPlainText(START)


def text_fields(window: MainWindow) -> list[QWidget]:
    """Every field of the window one types in (the address bar, the base, the find
    field, the Spec tab's search, the charset box ...)."""
    kinds = (QLineEdit, QPlainTextEdit, QTextEdit)
    fields = [w for w in window.findChildren(QWidget) if isinstance(w, kinds)]
    return [f for f in fields if not f.isReadOnly()]


def test_the_window_opens_with_the_keyboard_focus_in_the_address_bar(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[MainWindow] = []

    def activate(window: MainWindow) -> None:
        asked.append(window)

    monkeypatch.setattr(MainWindow, "activateWindow", activate)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    address = window.address_area.address
    assert window.focusWidget() is address  # where the keys go once it is active
    window.show()
    qtbot.waitExposed(window)
    assert asked == [window]  # it asks for the focus: no click needed
    qtbot.waitUntil(lambda: QApplication.focusWidget() is address)
    window.hide()
    window.show()
    assert asked == [window]  # (once: showing it again leaves the focus alone)


def test_ctrl_a_selects_all_and_backspace_deletes(window: MainWindow, qtbot: QtBot) -> None:
    """The keys as X11 delivers them, through the window's shortcuts to the field."""
    address = window.address_area.address
    window.inspect(START)
    address.setFocus()
    address.moveCursor(address.textCursor().MoveOperation.End)
    QTest.sendKeyEvent(PRESS, address, Qt.Key.Key_Backspace, "\b", Qt.KeyboardModifier(0))
    assert address.text() == START[:-1]
    QTest.sendKeyEvent(PRESS, address, Qt.Key.Key_A, "\x01", CTRL)
    assert address.text() == START[:-1]
    assert address.selected_span() == (0, len(START) - 1)
    qtbot.keyClicks(address, "http://other.example/")
    address.commit()
    assert window.inspection().text == "http://other.example/"  # what the next fetch reads


def test_no_standard_shortcut_inserts_a_control_character(window: MainWindow) -> None:
    QGuiApplication.clipboard().setText("https://clipboard.example/")
    fields = text_fields(window)
    names = {f.objectName() for f in fields}
    assert {"address", "base"} <= names
    assert len(fields) >= 4  # (the find field, the Spec tab's search, the charset box)
    keys = standard_keys()
    assert len(keys) > 40
    inserted = []
    for field in fields:
        for key, modifiers, name in keys:
            reset(field)
            press = QKeyEvent(QEvent.Type.KeyPress, key, modifiers, x11_text(key, modifiers))
            field.event(press)  # (the field's own handling: no window shortcut takes it)
            text = text_of(field)
            if any(unicodedata.category(c) == "Cc" for c in text):
                inserted.append((field.objectName() or type(field).__name__, name, text))
    assert inserted == []


def test_a_long_url_is_shown_from_its_start_once_entered(window: MainWindow, qtbot: QtBot) -> None:
    address = window.address_area.address
    url = "https://login.example.com/" + "segment/" * 60 + "?q=" + "x" * 80
    window.inspect("")
    address.setFocus()
    QGuiApplication.clipboard().setText(url[:-3])
    qtbot.keyClick(address, Qt.Key.Key_V, CTRL)  # pasted ...
    qtbot.keyClicks(address, url[-3:])  # ... and typed to its end
    assert address.text() == url
    scroll = address.horizontalScrollBar()
    assert scroll.value() > 0  # the end in sight while typing
    qtbot.keyClick(address, Qt.Key.Key_Return)
    assert scroll.value() == 0  # the scheme and the host in sight
    assert address.textCursor().position() == 0
    assert window.inspection().text == url
