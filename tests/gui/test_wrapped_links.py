"""The verdict area of a wrapped link (Safe Links, Proofpoint, ...): it says where the
link really leads, and one click (or Space on the button) inspects the URL inside."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tests.unit.core.test_wrappers import NESTED, SAFE_LINKS
from urlinspector.gui.main_window import DEFAULT_SIZE, MainWindow
from urlinspector.present.inspection import inspect

SAFE_LINKS_AROUND = "https://nam12.safelinks.protection.outlook.com/?url={}&data=05&reserved=0"


def show(window: MainWindow, text: str) -> None:
    window.inspect(text)
    window.flush()


@pytest.mark.parametrize(
    ("text", "label", "chain"),
    [
        (SAFE_LINKS, "Inspect evil.example/login", "Microsoft Safe Links"),
        (
            NESTED,
            "Inspect evil.example/login",
            "Microsoft Safe Links → Proofpoint URL Defense v2 → Google redirect",
        ),
        (
            "https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612"
            "Flbf0JvQ3kNJkRi5Jg!Ue6tQ$",
            "Inspect google.com/search",
            "Proofpoint URL Defense v3",
        ),
    ],
)
def test_the_verdict_area_offers_the_url_inside(
    window: MainWindow, qtbot: QtBot, text: str, label: str, chain: str
) -> None:
    show(window, text)
    button = window.address_area.inspect_inner
    assert "sends you on to" in window.address_area.verdict.text()
    assert button.isVisible()
    assert button.text() == label
    assert chain in button.toolTip()
    final = inspect(text, edition=window.edition).destination.unwrapping.final
    assert final is not None
    with qtbot.waitSignal(window.inspectRequested) as blocker:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert blocker.args == [final]
    window.flush()
    assert window.address_area.address.text() == final
    assert not button.isVisible()  # the URL inside is no wrapped link
    assert "sends you on to" not in window.address_area.verdict.text()


def test_the_button_is_reached_by_the_keyboard(window: MainWindow, qtbot: QtBot) -> None:
    show(window, SAFE_LINKS)
    button = window.address_area.inspect_inner
    window.address_area.address.setFocus()
    seen: QWidget = window.address_area.address
    for _ in range(40):  # Tab order: from the address bar to the button
        if seen is button:
            break
        following = seen.nextInFocusChain()
        assert following is not None
        seen = following
    assert seen is button
    assert button.focusPolicy() & Qt.FocusPolicy.TabFocus
    button.setFocus(Qt.FocusReason.TabFocusReason)
    with qtbot.waitSignal(window.inspectRequested):
        qtbot.keyClick(button, Qt.Key.Key_Space)
    window.flush()
    assert window.address_area.address.text() == "https://evil.example/login"


@pytest.mark.parametrize(
    "text",
    [
        "https://www.google.com/search?q=https%3A%2F%2Fevil.example%2F",
        "https://outlook.com/?url=https%3A%2F%2Fevil.example%2F",
        "https://t.co/OngahJ83X8",  # named, but nothing to inspect offline
        "",
    ],
)
def test_no_button_without_a_url_inside(window: MainWindow, text: str) -> None:
    show(window, SAFE_LINKS)
    show(window, text)
    assert not window.address_area.inspect_inner.isVisible()


def test_a_long_verdict_wraps_and_never_widens_the_window(window: MainWindow) -> None:
    inner = "https://accounts.google.com.signin.session.verify.attackerdomain.example/login"
    window.inspect(SAFE_LINKS_AROUND.format(quote(inner, safe="")))
    window.flush()
    QApplication.processEvents()
    assert "sends you on to" in window.address_area.verdict.text()
    assert window.minimumSizeHint().width() <= DEFAULT_SIZE[0]
    assert window.width() == DEFAULT_SIZE[0]
    label = window.address_area.inspect_inner.text()
    assert label.startswith("Inspect …")
    assert label.endswith("attackerdomain.example")
