"""The viewer against real gopher servers on 127.0.0.1 (the demo server on its own hole
and on the tests' hole, and a server that sends one byte a second)."""

from __future__ import annotations

import itertools
import time
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest

from tests.gui.helpers import address
from tests.gui.viewer.conftest import BINARY, LATIN1_TEXT, Trickle, trickle_server, wait_idle
from tests.support.ports import unused_port
from urlinspector import palette as roles
from urlinspector.core import parse
from urlinspector.gui.viewer.gopher_view import ITEM_ROLE, icon_name
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.schemes.gopher import MenuItem


def rows(pane: ViewerPane) -> list[MenuItem]:
    return list(pane.pages.gopher_page.model.items)


def row_of(pane: ViewerPane, display: str) -> int:
    return next(i for i, item in enumerate(rows(pane)) if item.display.startswith(display))


# --- menus ----------------------------------------------------------------------------------


def test_a_menu_is_shown_with_an_icon_per_type(go: Any, hole: Any) -> None:
    pane = go(hole.url)
    assert pane.pages.currentWidget() is pane.pages.gopher_page
    model = pane.pages.gopher_page.model
    kinds = {item.itemtype: item for item in rows(pane)}
    assert set(kinds) >= set("i019781h3X")
    for itemtype, item in kinds.items():
        row = rows(pane).index(item)
        icon = model.data(model.index(row), Qt.ItemDataRole.DecorationRole)
        assert not icon.isNull()
        if itemtype != "i":
            assert icon_name(itemtype) is not None
    assert icon_name("X") == "unknown"
    assert icon_name("i") is None
    assert "gopher menu" in pane.toolbar.info.text()


def test_info_lines_are_plain_text_and_not_links(go: Any, hole: Any) -> None:
    pane = go(hole.url)
    model = pane.pages.gopher_page.model
    row = row_of(pane, "A test gopher hole")
    index = model.index(row)
    assert model.data(index, Qt.ItemDataRole.DisplayRole) == "A test gopher hole"
    assert not model.flags(index) & Qt.ItemFlag.ItemIsSelectable
    assert model.data(index, Qt.ItemDataRole.ToolTipRole) is None
    assert model.data(index, ITEM_ROLE).url is None


def test_the_tooltip_shows_the_target_url_coloured_like_the_address_bar(go: Any, hole: Any) -> None:
    pane = go(hole.url)
    model = pane.pages.gopher_page.model
    row = row_of(pane, "A Latin-1 text")
    tip = model.data(model.index(row), Qt.ItemDataRole.ToolTipRole)
    item = rows(pane)[row]
    assert item.url == hole.url + "0/latin1.txt"
    assert "text" in tip
    for role in ("scheme", "host", "gopher-type", "selector"):
        assert roles.get_role(role).foreground("light") in tip, role
    assert ">latin1.txt<" in tip.replace("/", "")


def test_hovering_an_item_puts_its_url_in_the_status_bar(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url)
    view = pane.pages.gopher_page.view
    row = row_of(pane, "Notes")
    rect = view.visualRect(pane.pages.gopher_page.model.index(row))
    messages: list[str] = []
    pane.statusMessage.connect(messages.append)
    QTest.mouseMove(view.viewport(), rect.center())
    qtbot.waitUntil(lambda: any(hole.url + "1/notes" in m for m in messages), timeout=3000)
    assert view.hovered is not None
    assert view.hovered.display == "Notes"


def test_clicking_an_item_navigates_and_back_and_forward_return(
    qtbot: Any, go: Any, hole: Any
) -> None:
    pane = go(hole.url)
    view = pane.pages.gopher_page.view
    rect = view.visualRect(pane.pages.gopher_page.model.index(row_of(pane, "Notes")))
    with qtbot.waitSignal(pane.urlChanged, timeout=5000) as changed:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert changed.args == [hole.url + "1/notes"]
    wait_idle(qtbot, pane)
    assert [i.display for i in rows(pane) if i.itemtype == "0"] == ["one.txt"]
    assert pane.toolbar.back_action.isEnabled()
    assert not pane.toolbar.forward_action.isEnabled()

    pane.toolbar.back_action.trigger()
    wait_idle(qtbot, pane)
    assert address(pane) == hole.url
    assert pane.toolbar.forward_action.isEnabled()
    pane.toolbar.forward_action.trigger()
    wait_idle(qtbot, pane)
    assert address(pane) == hole.url + "1/notes"
    assert [e.url.text for e in pane.history.entries] == [hole.url, hole.url + "1/notes"]


def test_the_keyboard_shortcuts_are_the_standard_ones(pane: ViewerPane) -> None:
    def keys(action: Any) -> list[str]:
        return [k.toString() for k in action.shortcuts()]

    assert keys(pane.toolbar.back_action) == ["Alt+Left"]
    assert keys(pane.toolbar.forward_action) == ["Alt+Right"]
    assert keys(pane.toolbar.reload_action) == ["F5", "Ctrl+R"]
    assert keys(pane.toolbar.stop_action) == ["Esc"]


def test_alt_left_goes_back(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url)
    go(hole.url + "1/notes")
    pane.pages.gopher_page.view.setFocus()
    QTest.keyClick(pane.pages.gopher_page.view, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    wait_idle(qtbot, pane)
    assert address(pane) == hole.url


def test_enter_on_an_item_follows_it(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url)
    view = pane.pages.gopher_page.view
    view.setFocus()
    view.setCurrentIndex(pane.pages.gopher_page.model.index(row_of(pane, "A Latin-1 text")))
    QTest.keyClick(view, Qt.Key.Key_Return)
    wait_idle(qtbot, pane)
    assert address(pane) == hole.url + "0/latin1.txt"
    assert pane.pages.currentWidget() is pane.pages.text_page


def test_the_url_shown_becomes_the_base(qtbot: Any, pane: ViewerPane, hole: Any) -> None:
    url = hole.url + "1/notes"
    heard: list[tuple[str, str]] = []
    pane.urlChanged.connect(lambda u: heard.append(("url", u)))
    pane.baseChanged.connect(lambda u: heard.append(("base", u)))
    pane.navigate(parse(url))
    wait_idle(qtbot, pane)
    assert heard == [("url", url), ("base", url)]
    assert pane.base == url


def test_reload_fetches_again_without_a_new_entry(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url)
    with qtbot.waitSignal(pane.busyChanged, timeout=3000):
        pane.toolbar.reload_action.trigger()
    wait_idle(qtbot, pane)
    assert len(pane.history) == 1
    assert pane.pages.gopher_page.model.rowCount() > 5


def test_a_missing_selector_shows_the_servers_error(go: Any, demo: Any) -> None:
    pane = go(demo.url + "0/no/such/file.txt")
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "not in this gopher hole" in pane.pages.message_page.text.text()
    assert address(pane) == demo.url + "0/no/such/file.txt"


def test_nothing_listening_shows_cannot_connect(go: Any) -> None:
    pane = go(f"gopher://127.0.0.1:{unused_port()}/1/")
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "Cannot connect" in pane.pages.message_page.title.text()


def test_a_url_that_cannot_be_sent_is_refused_before_connecting(go: Any, hole: Any) -> None:
    pane = go(hole.url + "0/a%0D%0AQUIT")
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "nothing was sent" in pane.pages.message_page.text.text()
    assert not pane.runner.running


# --- text -----------------------------------------------------------------------------------


def test_text_is_shown_with_a_charset_choice(go: Any, hole: Any) -> None:
    pane = go(hole.url + "0/latin1.txt")
    view = pane.pages.text_page
    assert pane.pages.currentWidget() is view
    assert view.charset == "latin-1"  # not valid UTF-8
    assert view.text == LATIN1_TEXT
    labels = [view.charset_box.itemText(i) for i in range(view.charset_box.count())]
    assert labels == ["UTF-8", "Latin-1", "CP437"]
    view.charset_box.setCurrentIndex(2)
    view.charset_box.activated.emit(2)
    assert view.charset == "cp437"
    assert view.text.startswith("Caf\u0398 cr\u03a6me")  # 0xE9 is Θ, 0xE8 Φ in CP437
    view.choose_charset("utf-8")
    assert "\ufffd" in view.text
    assert "not UTF-8" in view.info.text()
    assert pane.history.current.state["charset"] == "utf-8"


def test_the_charset_chosen_comes_back_with_the_page(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url + "0/latin1.txt")
    pane.pages.text_page.choose_charset("cp437")
    go(hole.url)
    pane.back()
    wait_idle(qtbot, pane)
    assert pane.pages.text_page.charset == "cp437"


def test_urls_in_text_are_links_found_by_the_core(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url + "0/latin1.txt")
    view = pane.pages.text_page
    assert [f.url for f in view.links] == [
        "gopher://example.org/0/menu",
        "http://example.com/page?x=1",
    ]
    browser = view.browser
    start, end = view.links[1].url_span
    cursor = browser.textCursor()
    cursor.setPosition((start + end) // 2)
    point = browser.cursorRect(cursor).center()
    assert browser.anchorAt(point) == "link:1"
    with qtbot.waitSignal(pane.urlChanged, timeout=5000) as changed:
        QTest.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert changed.args == ["http://example.com/page?x=1"]
    assert (
        pane.pages.currentWidget() is pane.pages.scheme_page
    )  # a web page: offered to the browser


# --- images and other items ----------------------------------------------------------------------


def test_an_image_item_is_shown(go: Any, demo: Any) -> None:
    pane = go(demo.url + "I/images/gopher.png")
    assert pane.pages.currentWidget() is pane.pages.image_page
    image = pane.pages.image_page.image
    assert image is not None
    assert image.width() > 0
    assert "PNG" in pane.pages.image_page.info.text()


def test_bytes_that_are_no_image_offer_to_save(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url + "I/latin1.txt")
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "Cannot show the image" in pane.pages.message_page.title.text()
    save = next(b for b in pane.pages.message_page.buttons if "Save" in b.text())
    save.click()
    dialog = pane.downloads.dialog
    assert dialog is not None
    assert dialog.name_edit.text() == "latin1.txt"


def test_a_telnet_item_shows_the_advice_not_a_connection(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url)
    item = rows(pane)[row_of(pane, "A telnet session")]
    assert item.url == "telnet://guest@bbs.example.org/"
    pane.navigate(parse(item.url))
    assert pane.pages.currentWidget() is pane.pages.scheme_page
    assert "Suggested user" in [
        pane.pages.scheme_page.form.itemAt(i, pane.pages.scheme_page.form.ItemRole.LabelRole)
        .widget()
        .text()
        .rstrip(":")
        for i in range(pane.pages.scheme_page.form.rowCount())
    ]


# --- search and the port warning -----------------------------------------------------------------


def test_a_search_item_asks_for_the_words_then_searches(qtbot: Any, go: Any, demo: Any) -> None:
    pane = go(demo.url)
    item = next(i for i in rows(pane) if i.itemtype == "7")
    pane.follow(item.url or "")
    dialog = pane.navigator.search_dialog
    assert dialog is not None
    assert not pane.busy  # nothing is sent before the words are known
    dialog.setTextValue("gopher selector")
    with qtbot.waitSignal(pane.urlChanged, timeout=5000) as changed:
        dialog.accept()
    assert item.url is not None
    assert changed.args == [item.url + "%09gopher%20selector"]
    wait_idle(qtbot, pane)
    assert "'gopher' and 'selector'" in rows(pane)[0].display
    assert any(i.itemtype == "0" for i in rows(pane))


def test_cancelling_the_search_sends_nothing(qtbot: Any, go: Any, demo: Any) -> None:
    pane = go(demo.url)
    pane.navigate(parse(demo.url + "7/search"))
    dialog = pane.navigator.search_dialog
    assert dialog is not None
    dialog.reject()
    assert address(pane) == demo.url
    assert not pane.busy


def test_a_sensitive_port_asks_before_connecting(qtbot: Any, pane: ViewerPane) -> None:
    pane.navigate(parse("gopher://127.0.0.1:25/0/mail"))
    box = pane.navigator.port_warning
    assert box is not None
    assert "25" in box.informativeText()
    assert "RFC 1738 §6" in box.informativeText()
    assert not pane.busy
    assert not pane.runner.running
    box.button(box.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: pane.navigator.port_warning is None)
    assert not pane.runner.running
    assert pane.url is None


def test_connect_anyway_goes_on(qtbot: Any, pane: ViewerPane) -> None:
    pane.navigate(parse("gopher://127.0.0.1:119/1/"))
    box = pane.navigator.port_warning
    assert box is not None
    connect = next(b for b in box.buttons() if "Connect" in b.text())
    connect.click()
    assert pane.busy  # the request is on its way
    wait_idle(qtbot, pane)
    assert address(pane) == "gopher://127.0.0.1:119/1/"  # shown, or its failure is


# --- Gopher+ ----------------------------------------------------------------------------------


def test_gopher_plus_attributes_and_an_alternate_view(qtbot: Any, go: Any, demo: Any) -> None:
    pane = go(demo.url)
    item = next(i for i in rows(pane) if i.plus is not None)
    view = pane.pages.gopher_page.view
    view.setCurrentIndex(pane.pages.gopher_page.model.index(rows(pane).index(item)))
    assert view.attributes_action.isEnabled()
    view.attributes_action.trigger()
    panel = pane.pages.gopher_page.attributes
    qtbot.waitUntil(lambda: bool(panel.views), timeout=5000)
    assert panel.isVisible()
    text = panel.text.toPlainText()
    assert "+ABSTRACT" in text
    assert "What Gopher+ adds" in text
    assert "+ADMIN" in text
    assert [v.content_type for v in panel.views] == ["text/plain"]
    entry = panel.views_list.item(0)
    assert entry.data(Qt.ItemDataRole.UserRole).endswith("%09%09+text/plain")
    panel.views_list.itemActivated.emit(entry)
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert "Gopher+" in pane.pages.text_page.text


def test_a_gopher_plus_attributes_url_shows_the_attributes(go: Any, demo: Any) -> None:
    pane = go(demo.url + "0/gopher-plus.txt%09%09!")
    assert pane.pages.currentWidget() is pane.pages.gopher_page
    assert not pane.pages.gopher_page.view.isVisible()
    assert "+ABSTRACT" in pane.pages.gopher_page.attributes.text.toPlainText()


# --- a server that sends one byte a second ------------------------------------------------------


def test_the_window_keeps_answering_and_stop_cancels(
    qtbot: Any, pane: ViewerPane, trickle: Trickle
) -> None:
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    pane.navigate(parse(trickle.url("gopher", "/1/slow")))
    assert pane.busy
    assert pane.toolbar.stop_action.isEnabled()
    qtbot.waitUntil(pane.toolbar.progress.isVisible, timeout=1000)
    qtbot.waitUntil(lambda: bool(trickle.received), timeout=5000)  # the request came
    timer.start()
    # the event loop is watched while two of the server's octets come, a second apart
    qtbot.waitUntil(lambda: trickle.sent >= 2, timeout=10000)
    timer.stop()
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(ticks) > 50
    assert max(gaps) < 0.1, f"the event loop stalled for {max(gaps) * 1000:.0f} ms"
    assert 0 < trickle.sent < 20
    job = pane.navigator.job
    assert job is not None
    pane.pages.start_page.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    pane.pages.start_page.setFocus()
    QTest.keyClick(pane.pages.start_page, Qt.Key.Key_Escape)  # Stop
    assert not pane.busy
    assert job.wait(5), "the fetch did not end after Stop"
    assert trickle.hung_up.wait(5)
    assert pane.url is None  # nothing had come that could be shown
    assert not pane.toolbar.stop_action.isEnabled()


def test_a_menu_is_shown_while_it_arrives(qtbot: Any, pane: ViewerPane) -> None:
    line = b"iA line of a slow menu\t\terror.host\t1\r\n"
    slow = trickle_server(line * 3 + b".\r\n", interval=0.01)
    try:
        url = f"gopher://127.0.0.1:{slow.port}/1/"
        pane.navigate(parse(url))
        qtbot.waitUntil(lambda: pane.pages.gopher_page.model.rowCount() >= 1, timeout=5000)
        assert address(pane) == url
        wait_idle(qtbot, pane)
        assert pane.pages.gopher_page.model.rowCount() == 3
    finally:
        slow.close(5)


# --- too large to show; forms ---------------------------------------------------------------


def test_too_large_to_show_is_offered_for_saving(
    qtbot: Any, go: Any, hole: Any, downloads: Any
) -> None:
    from urlinspector.net.limits import Limits

    pane = go(hole.url)
    pane.net.session = replace(pane.net.session, limits=Limits(max_memory=64))
    go(hole.url + "0/latin1.txt")
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "Too large" in pane.pages.message_page.title.text()
    save = next(b for b in pane.pages.message_page.buttons if "Save" in b.text())
    save.click()
    dialog = pane.downloads.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog._finished, timeout=5000)
    with qtbot.waitSignal(dialog.saved, timeout=5000):
        dialog.save_button.click()
    saved = (downloads / "latin1.txt").read_bytes()  # as sent: CRLF lines (RFC 1436 §3.9)
    assert saved == LATIN1_TEXT.replace("\n", "\r\n").encode("latin-1")


def test_an_ask_form_is_sent_in_the_url(qtbot: Any, go: Any, hole: Any) -> None:
    from urlinspector.schemes.gopher import AskField, request_from_url

    pane = go(hole.url)
    item = rows(pane)[row_of(pane, "A Latin-1 text")]
    panel = pane.pages.gopher_page.attributes
    panel.item = item
    panel.ask_fields = (
        AskField("Ask", "Your name", ("Ada",)),
        AskField("AskP", "A password", ()),
    )
    panel.formRequested.emit(item)
    dialog = pane.gopher_menu.ask_dialog
    assert dialog is not None
    assert [e.text() for e in dialog.editors] == ["Ada", ""]
    assert dialog.editors[1].echoMode() == dialog.editors[1].EchoMode.Password
    dialog.editors[1].setText("x y")
    with qtbot.waitSignal(pane.busyChanged, timeout=3000):
        dialog.accept()
    job = pane.navigator.job
    assert job is not None
    wait_idle(qtbot, pane)
    assert (
        address(pane)
        == hole.url + "0/latin1.txt%09%09+%091%0D%0A+-1%0D%0AAda%0D%0Ax%20y%0D%0A.%0D%0A"
    )
    assert pane.url is not None
    request = request_from_url(pane.url)
    assert request.data.endswith(b"\t+\t1\r\n+-1\r\nAda\r\nx y\r\n.\r\n")  # RFC 1738 §3.4.9


def test_the_back_button_lists_the_history(qtbot: Any, go: Any, hole: Any) -> None:
    pane = go(hole.url)
    go(hole.url + "1/notes")
    go(hole.url + "0/latin1.txt")
    pane.toolbar.back_menu.aboutToShow.emit()
    labels = [a.text() for a in pane.toolbar.back_menu.actions()]
    assert len(labels) == 2
    assert hole.url + "1/notes" in labels[0]
    assert labels[1].startswith("A test gopher hole")
    pane.toolbar.back_menu.actions()[1].trigger()  # two steps back
    wait_idle(qtbot, pane)
    assert address(pane) == hole.url
    assert pane.history.index == 0
    pane.toolbar.forward_menu.aboutToShow.emit()
    assert len(pane.toolbar.forward_menu.actions()) == 2


def test_a_theme_change_recolours_the_menu(go: Any, hole: Any) -> None:
    from urlinspector.gui.palette import Formats

    pane = go(hole.url)
    model = pane.pages.gopher_page.model
    row = row_of(pane, "An error line")
    light = model.data(model.index(row), Qt.ItemDataRole.ForegroundRole)
    pane.set_formats(Formats("dark"))
    dark = model.data(model.index(row), Qt.ItemDataRole.ForegroundRole)
    assert light.name() == roles.get_role("invalid").foreground("light")
    assert dark.name() == roles.get_role("invalid").foreground("dark")


def test_stop_keeps_the_part_of_a_menu_that_came(qtbot: Any, pane: ViewerPane) -> None:
    line = b"iOne line of a long slow menu\t\terror.host\t1\r\n"
    slow = trickle_server(line * 200 + b".\r\n", interval=0.002)
    try:
        pane.navigate(parse(f"gopher://127.0.0.1:{slow.port}/1/"))
        qtbot.waitUntil(lambda: pane.pages.gopher_page.model.rowCount() >= 2, timeout=10000)
        job = pane.navigator.job
        assert job is not None
        pane.toolbar.stop_action.trigger()
        shown = pane.pages.gopher_page.model.rowCount()
        assert 2 <= shown < 200
        assert "stopped: the menu is incomplete" in pane.toolbar.info.text()
        assert slow.hung_up.wait(5)
        assert job.wait(5)  # the fetch has ended: it sends nothing more
        QCoreApplication.sendPostedEvents()  # and all it had sent has been delivered
        assert pane.pages.gopher_page.model.rowCount() == shown  # nothing more after Stop
        assert pane.pages.currentWidget() is pane.pages.gopher_page
        assert pane.history.current is not None
    finally:
        slow.close(5)


def test_the_welcome_text_has_no_link_to_a_port_named_port(go: Any, demo: Any) -> None:
    pane = go(demo.url + "0/welcome.txt")
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert pane.pages.text_page.text.startswith("Welcome to the urlinspector demo")
    assert all("PORT" not in found.url for found in pane.pages.text_page.links)
    assert "000 section" not in pane.pages.text_page.text


def test_after_following_a_link_and_back_plain_text_is_not_a_link(
    qtbot: Any, go: Any, hole: Any, demo: Any
) -> None:
    pane = go(hole.url + "0/latin1.txt")
    browser = pane.pages.text_page.browser
    start, end = pane.pages.text_page.links[1].url_span  # an http URL: explained, not fetched
    cursor = browser.textCursor()
    cursor.setPosition((start + end) // 2)
    point = browser.cursorRect(cursor).center()
    with qtbot.waitSignal(pane.urlChanged, timeout=5000):
        QTest.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
    wait_idle(qtbot, pane)
    pane.back()
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.text_page
    go(demo.url + "0/welcome.txt")  # a later text page
    view = pane.pages.text_page
    document = view.browser.document()
    linked: set[int] = set()
    for found in view.links:
        linked.update(range(found.span[0], found.span[1]))
    probe = QTextCursor(document)
    plain = [
        i for i in range(1, min(len(view.text), 400)) if i not in linked and i - 1 not in linked
    ]
    for position in plain:
        probe.setPosition(position)
        assert not probe.charFormat().isAnchor(), f"plain text at {position} is a link"


def test_a_file_link_from_a_remote_page_asks_first(
    go: Any, hole: Any, qtbot: Any, tmp_path: Any
) -> None:
    from urlinspector.schemes.file import file_url

    secret = tmp_path / "secret.txt"
    secret.write_bytes(b"local only\n")
    pane = go(hole.url)
    menu = pane.pages.currentWidget()
    pane.navigate(parse(file_url(str(secret))))
    box = pane.navigator.port_warning
    assert box is not None  # asked, and nothing read yet
    assert box.windowTitle() == "Open a local file?"
    assert pane.pages.currentWidget() is menu
    box.reject()  # Cancel
    qtbot.waitUntil(lambda: pane.navigator.port_warning is None, timeout=5000)
    assert pane.pages.currentWidget() is menu
    assert address(pane) == hole.url


# --- binary items: viewed as text when their octets read as text ------------------------------


@pytest.mark.parametrize("itemtype", ["9", "5", "s", "d"])
def test_a_binary_item_whose_octets_read_as_text_is_shown_as_text(
    go: Any, hole: Any, itemtype: str
) -> None:
    url = f"{hole.url}{itemtype}/latin1.txt"
    pane = go(url)
    assert pane.downloads.dialog is None
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert address(pane) == url
    assert pane.transcript.isHidden()  # gopher has no protocol exchange to show
    # with the charset choice: the octets are Latin-1, and read so
    view = pane.pages.text_page
    assert view.charset_box.isVisibleTo(pane)
    view.choose_charset("latin-1")
    # (the server ends what it reckons a text with its end line: a binary item's
    # octets are kept as they came, that line included)
    assert view.text.startswith(LATIN1_TEXT)
    pane.toolbar.save_action.trigger()  # and Save stays
    assert pane.downloads.dialog is not None
    pane.downloads.dialog.cancel_button.click()


def test_a_binary_item_of_binary_octets_goes_to_the_save_dialog(
    qtbot: Any, pane: ViewerPane, hole: Any
) -> None:
    pane.navigate(parse(hole.url + "9/data.bin"))
    qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=5000)
    dialog = pane.downloads.dialog
    assert dialog is not None
    assert not pane.busy  # the transfer belongs to the dialog
    qtbot.waitUntil(lambda: dialog._finished, timeout=10000)
    assert dialog.spool is not None
    assert dialog.spool.read_bytes() == BINARY
    dialog.cancel_button.click()
    assert pane.url is None
