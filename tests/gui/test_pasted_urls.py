"""The menu of the URLs found in pasted text: a whole email's URLs listed, IRIs and
look-alike hosts included, and a defanged one re-fanged with a visible marker."""

from __future__ import annotations

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from urlinspector.gui.main_window import MainWindow
from urlinspector.present.extracted import REFANGED_MARK, WARNING_MARK

# A phishing-awareness mail as a mail client copies it (plain text, no HTML): seven URLs
EMAIL = """\
From: IT Service Desk <it-support@example.com>
To: staff@example.com
Subject: Action required: confirm your mailbox

Hello,

Your mailbox is almost full. Sign in at https://login.example.com/owa/?realm=corp
within 24 hours, or read the notice (https://intranet.example.com/wiki/Mailbox_(quota)).

Apple users, please confirm your ID at http://аррӏе.com/login.
Unsere Buchhandlung: http://bücher.de/x, 日本のお客様は http://例え.jp/ をご覧ください。
The link in the original message was rewritten by the mail filter:
https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2Freset&data=05%7C01%7Cstaff%40example.com%7C&reserved=0

Reported as malicious (do not open): hxxps://evil[.]com/x

Thanks,
IT Service Desk
"""

EXPECTED = [
    "https://login.example.com/owa/?realm=corp",
    "https://intranet.example.com/wiki/Mailbox_(quota)",
    "http://аррӏе.com/login",
    "http://bücher.de/x",
    "http://例え.jp/",
    "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2Freset"
    "&data=05%7C01%7Cstaff%40example.com%7C&reserved=0",
    "https://evil.com/x",
]


def paste(window: MainWindow, text: str) -> list[QAction]:
    mime = QMimeData()
    mime.setText(text)
    window.address_area.address.setFocus()
    window.address_area.address.selectAll()
    window.address_area.address.insertFromMimeData(mime)
    return [a for a in window.menus.found_menu.actions() if a.data()]


def test_an_email_lists_all_seven_urls(window: MainWindow, qtbot: QtBot) -> None:
    actions = paste(window, EMAIL)
    assert [a.data() for a in actions] == EXPECTED
    assert window.menus.found_menu.actions()[0].text() == "7 URLs in the pasted text:"
    marked = [a for a in actions if REFANGED_MARK in a.text()]
    assert [a.data() for a in marked] == ["https://evil.com/x"]
    (refanged,) = marked
    assert refanged.text().startswith(REFANGED_MARK)
    assert "hxxps://evil[.]com/x" in refanged.toolTip()
    assert "hxxps → https" in refanged.toolTip()
    for action in actions:
        if action is not refanged:
            assert "re-fanged" not in action.text() + action.toolTip()
            assert "form at characters" in action.toolTip()
    # picking the look-alike inspects it, as written
    with qtbot.waitSignal(window.inspectRequested):
        actions[2].trigger()
    assert window.address_area.address.text() == "http://аррӏе.com/login"
    window.menus.found_menu.close()


def test_the_refanged_url_is_inspected_refanged(window: MainWindow, qtbot: QtBot) -> None:
    actions = paste(window, "IOCs: hxxp[:]//bad[.]example/a and fxp://files(.)example/b")
    assert [a.data() for a in actions] == ["http://bad.example/a", "ftp://files.example/b"]
    assert all(a.text().startswith(REFANGED_MARK) for a in actions)
    with qtbot.waitSignal(window.inspectRequested):
        actions[0].trigger()
    assert window.address_area.address.text() == "http://bad.example/a"
    window.menus.found_menu.close()


def test_one_defanged_url_is_offered_re_fanged_not_typed(window: MainWindow) -> None:
    """Pasting hxxps://evil[.]com/x alone inserts nothing: a menu offers the
    re-fanged URL, marked, so the change is seen before it is inspected."""
    window.inspect("http://example.com/")
    actions = paste(window, "hxxps://evil[.]com/x")
    assert [a.data() for a in actions] == ["https://evil.com/x"]
    assert REFANGED_MARK in actions[0].text()
    assert window.menus.found_menu.actions()[0].text() == "1 URL in the pasted text:"
    assert window.address_area.address.text() == "http://example.com/"


def test_a_plain_url_pasted_alone_is_inserted_as_it_is(window: MainWindow) -> None:
    window.inspect("")
    window.menus.found_menu.clear()
    paste(window, "http://example.com/a.")
    assert window.address_area.address.text() == "http://example.com/a."
    assert not window.menus.found_menu.actions()


def test_a_listed_url_with_a_security_warning_is_marked(window: MainWindow) -> None:
    """In a list the all-Cyrillic http://аррӏе.com/login reads as apple.com: the ⚠
    mark and the tooltip say what is wrong with it; a plain URL has no mark."""
    actions = {a.data(): a for a in paste(window, EMAIL)}
    lookalike = actions["http://аррӏе.com/login"]
    assert lookalike.text().startswith(WARNING_MARK)
    assert "whole-script-confusable" in lookalike.toolTip()
    assert not actions["https://login.example.com/owa/?realm=corp"].text().startswith(WARNING_MARK)
    wrapped = actions[EXPECTED[5]]
    assert wrapped.text().startswith(WARNING_MARK)
    assert "wrapped-link" in wrapped.toolTip()
