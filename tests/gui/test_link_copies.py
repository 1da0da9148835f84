"""Copy defanged URL and Copy clean link, from the Edit menu, the address bar's menu and
their shortcuts: the clipboard gets what ``urlinspector defang`` and ``urlinspector
clean`` print, the status bar says what was copied (the password masked while
passwords are hidden), and a link with nothing to clean is not copied."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication
from pytestqt.qtbot import QtBot

from tests.unit.cli.test_cli_links import run
from urlinspector.core import parse
from urlinspector.core.defang import defang
from urlinspector.gui.link_copies import CLEAN_SHORTCUT, DEFANGED_SHORTCUT
from urlinspector.gui.main_window import MainWindow

SECRET = "s3cr3tpw"
PHISH = f"https://staff:{SECRET}@login.evil.example/verify?next=/inbox"
TRACKED = (
    "https://www.example.com/article/42?id=7&utm_source=newsletter&utm_medium=email"
    "&utm_campaign=spring&fbclid=IwAR2xYz0AbCdEf"
)
SENTINEL = "(clipboard before)"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier

Trigger = Callable[[MainWindow, QtBot, str], None]


def _edit_menu_entry(window: MainWindow, qtbot: QtBot, text: str) -> None:
    (action,) = [a for a in window.menus.edit_menu.actions() if a.text() == text]
    action.trigger()


def _address_menu_entry(window: MainWindow, qtbot: QtBot, text: str) -> None:
    menu = window.address_area.address.context_menu(QPoint(2, 2))
    (action,) = [a for a in menu.actions() if a.text() == text]
    action.trigger()
    menu.deleteLater()


def _shortcut(window: MainWindow, qtbot: QtBot, text: str) -> None:
    key = {"Copy defan&ged URL": DEFANGED_SHORTCUT, "Copy c&lean link": CLEAN_SHORTCUT}[text]
    letter = getattr(Qt.Key, f"Key_{key[-1]}")
    window.activateWindow()
    window.address_area.address.setFocus()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.address_area.address, letter, CTRL_SHIFT)


WAYS = pytest.mark.parametrize(
    "trigger", [_edit_menu_entry, _address_menu_entry, _shortcut], ids=["edit", "bar", "key"]
)


def _clipboard() -> str:
    return QGuiApplication.clipboard().text()


def _inspect(window: MainWindow, text: str) -> None:
    window.inspect(text)
    window.flush()
    QGuiApplication.clipboard().setText(SENTINEL)


def _message(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def test_the_shortcuts_are_the_actions_and_collide_with_no_other(window: MainWindow) -> None:
    copies = window.menus.link_copies
    assert copies.defanged_action.shortcut().toString() == DEFANGED_SHORTCUT
    assert copies.clean_action.shortcut().toString() == CLEAN_SHORTCUT
    taken = [
        key.toString()
        for action in window.findChildren(QAction)
        if action not in copies.actions
        for key in action.shortcuts()
    ]
    assert DEFANGED_SHORTCUT not in taken
    assert CLEAN_SHORTCUT not in taken


@WAYS
def test_copy_defanged(window: MainWindow, qtbot: QtBot, trigger: Trigger) -> None:
    _inspect(window, PHISH)
    trigger(window, qtbot, "Copy defan&ged URL")
    expected = defang(parse(PHISH)).text
    assert expected.startswith("hxxps://staff:")  # (the core's text, the password as written)
    assert _clipboard() == expected
    code, out, _ = run(["defang", PHISH])
    assert code == 0
    assert out == expected + "\n"  # what the command line prints
    assert _message(window).startswith("Copied the defanged URL: hxxps://staff:")
    assert SECRET not in _message(window)  # passwords are hidden


def test_the_status_shows_the_password_once_passwords_are_shown(window: MainWindow) -> None:
    window.show_passwords_action.setChecked(True)
    _inspect(window, PHISH)
    window.menus.link_copies.copy_defanged()
    assert SECRET in _message(window)


def test_copy_defanged_drops_who_received_a_wrapped_link(window: MainWindow) -> None:
    link = (
        "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2F"
        "&data=05%7C01%7Cstaff%40example.com%7C&reserved=0"
    )
    _inspect(window, link)
    copied = window.menus.link_copies.copy_defanged()
    assert copied == _clipboard() == defang(parse(link)).text
    assert "staff%40example.com" not in copied
    assert "dropped the data parameter of the Microsoft Safe Links link" in _message(window)


@WAYS
def test_copy_clean_link(window: MainWindow, qtbot: QtBot, trigger: Trigger) -> None:
    _inspect(window, TRACKED)
    trigger(window, qtbot, "Copy c&lean link")
    code, out, _ = run(["clean", TRACKED])
    assert code == 0
    assert out == "https://www.example.com/article/42?id=7\n"
    assert _clipboard() + "\n" == out
    message = _message(window)
    assert message.startswith("Copied the clean link, without utm_source, utm_medium,")
    assert "fbclid" in message


def test_a_clean_link_is_not_copied_and_the_status_says_so(window: MainWindow) -> None:
    _inspect(window, "https://www.example.com/article/42?id=7")
    assert window.menus.link_copies.copy_clean() is None
    assert _clipboard() == SENTINEL
    assert _message(window).startswith("Nothing to clean:")
    assert _message(window).endswith("nothing was copied.")


def test_a_clean_copy_masks_the_password_in_the_status(window: MainWindow) -> None:
    _inspect(window, f"https://joe:{SECRET}@shop.example/p?utm_source=x&id=1")
    copied = window.menus.link_copies.copy_clean()
    assert copied == _clipboard() == f"https://joe:{SECRET}@shop.example/p?id=1"
    assert SECRET not in _message(window)


def test_nothing_to_copy_from_an_empty_address(window: MainWindow) -> None:
    _inspect(window, "")
    assert window.menus.link_copies.copy_defanged() is None
    assert window.menus.link_copies.copy_clean() is None
    assert _clipboard() == SENTINEL
    assert _message(window) == "Nothing to copy: the address bar is empty."
