"""The viewer against pyftpdlib on 127.0.0.1: listings as a sortable table, the parent
directory, text files, the transcript, and the password dialog."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from tests.integration.ftp.servers import FILES, PASSWORD, USER
from urlinspector.core import parse
from urlinspector.gui.viewer.pane import ViewerPane


def names(pane: ViewerPane) -> list[str]:
    return [row.name for row in pane.pages.listing_page.model.rows]


def test_a_directory_is_a_sortable_table(go: Any, ftp_server: Any) -> None:
    pane = go(ftp_server.url())
    page = pane.pages.listing_page
    assert pane.pages.currentWidget() is page
    model = page.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)]
    assert headers == ["Name", "Size", "Date", "Type"]
    listed = names(pane)
    directories = [r.name for r in model.rows if r.kind == "dir"]
    assert listed[: len(directories)] == sorted(directories, key=str.casefold)  # folders first
    assert {"readme.txt", "name with spaces.txt", "semi;colon.txt", "big.bin"} <= set(listed)
    big = next(r for r in model.rows if r.name == "big.bin")
    assert big.size == 10 * 1024 * 1024
    assert big.url == ftp_server.url("big.bin")
    spaces = next(r for r in model.rows if r.name == "name with spaces.txt")
    assert spaces.url == ftp_server.url("name%20with%20spaces.txt")
    row = model.rows.index(big)
    assert model.data(model.index(row, 1)) == "10.0 MiB"
    assert not model.data(model.index(row, 0), Qt.ItemDataRole.DecorationRole).isNull()
    assert model.data(model.index(row, 3)) == "file"
    assert "MLSD" in page.summary.text()

    page.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    assert model.rows[0].name == "big.bin"
    page.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert names(pane) == listed


def test_activating_a_directory_and_going_to_the_parent(
    qtbot: Any, go: Any, ftp_server: Any
) -> None:
    pane = go(ftp_server.url())
    page = pane.pages.listing_page
    assert not page.parent_action.isEnabled()  # the root has no parent
    row = names(pane).index("pub")
    page.table.activated.emit(page.model.index(row, 0))
    wait_idle(qtbot, pane)
    assert address(pane) == ftp_server.url("pub/")
    assert names(pane) == ["sub"]
    assert pane.base == ftp_server.url("pub/")
    assert page.parent_action.isEnabled()
    page.parent_action.trigger()
    wait_idle(qtbot, pane)
    assert address(pane) == ftp_server.url()
    assert "readme.txt" in names(pane)


def test_a_directory_named_like_a_file_is_listed_and_becomes_the_base(
    go: Any, ftp_server: Any
) -> None:
    pane = go(ftp_server.url("dir.txt"))
    assert pane.pages.currentWidget() is pane.pages.listing_page
    assert names(pane) == ["inside.txt"]
    assert pane.base == ftp_server.url("dir.txt/")  # the URL it was listed with
    assert "listed as" in pane.toolbar.info.text()


def test_a_text_file_is_shown_with_the_transcript(go: Any, ftp_server: Any) -> None:
    pane = go(ftp_server.url("readme.txt"))
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert pane.pages.text_page.text == FILES["readme.txt"].decode()
    lines = pane.transcript.lines
    assert pane.transcript.isVisible()
    assert "> USER anonymous" in lines
    assert "> PASS ****" in lines
    assert any(line.startswith("> RETR readme.txt") for line in lines)
    assert any(line.startswith("< 226") for line in lines)


def test_a_user_without_a_password_is_asked_for_it(
    qtbot: Any, pane: ViewerPane, ftp_server: Any
) -> None:
    pane.navigate(parse(ftp_server.url(login=USER)))
    qtbot.waitUntil(lambda: pane.password_asker.dialog is not None, timeout=5000)
    dialog = pane.password_asker.dialog
    assert dialog is not None
    assert USER in dialog.labelText()
    assert dialog.textEchoMode() == dialog.textEchoMode().Password
    dialog.setTextValue(PASSWORD)
    dialog.accept()
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.listing_page
    assert names(pane) == ["etc"]  # /home/alice, her login directory
    assert dialog.textValue() == ""  # not kept
    assert all(PASSWORD not in line for line in pane.transcript.lines)
    assert "> PASS ****" in pane.transcript.lines
    assert all(PASSWORD not in entry.url.text for entry in pane.history.entries)


def test_giving_up_the_password_shows_the_refusal(
    qtbot: Any, pane: ViewerPane, ftp_server: Any
) -> None:
    pane.navigate(parse(ftp_server.url(login=USER)))
    qtbot.waitUntil(lambda: pane.password_asker.dialog is not None, timeout=5000)
    pane.password_asker.dialog.reject()  # type: ignore[union-attr]
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "password" in pane.pages.message_page.text.text()
    # given up: not a visit
    assert len(pane.history) == 0
    assert pane.url is None


def test_a_missing_file_shows_the_servers_refusal(go: Any, ftp_server: Any) -> None:
    pane = go(ftp_server.url("no-such-file.txt"))
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "refused" in pane.pages.message_page.title.text()
    assert "550" in pane.pages.message_page.text.text()


def test_a_password_in_the_url_is_never_shown(
    qtbot: Any, pane: ViewerPane, ftp_server: Any
) -> None:
    messages: list[str] = []
    pane.statusMessage.connect(messages.append)
    url = ftp_server.url(login=f"{USER}:{PASSWORD}")
    pane.navigate(parse(url))
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.listing_page
    assert address(pane) == url  # kept, to fetch it again
    shown = [
        *messages,
        pane.toolbar.info.text(),
        pane.transcript.title.text(),
        *pane.transcript.lines,
        pane.pages.listing_page.location.text(),
    ]
    assert all(PASSWORD not in text for text in shown)
    assert "••••" in pane.transcript.title.text()


def test_the_password_is_asked_once_per_server_in_a_session(
    qtbot: Any, pane: ViewerPane, ftp_server: Any
) -> None:
    pane.navigate(parse(ftp_server.url(login=USER)))
    qtbot.waitUntil(lambda: pane.password_asker.dialog is not None, timeout=5000)
    dialog = pane.password_asker.dialog
    assert dialog is not None
    dialog.setTextValue(PASSWORD)
    dialog.accept()
    wait_idle(qtbot, pane)
    assert names(pane) == ["etc"]
    asked: list[object] = []
    pane.navigate(parse(ftp_server.url("etc/", login=USER)))  # the next click on the same server
    qtbot.waitUntil(lambda: not pane.busy, timeout=10000)
    asked.append(pane.password_asker.dialog)
    assert asked == [None]
    assert pane.pages.currentWidget() is pane.pages.listing_page
    assert address(pane) == ftp_server.url("etc/", login=USER)


def test_a_refused_password_is_asked_again(qtbot: Any, pane: ViewerPane, ftp_server: Any) -> None:
    pane.navigate(parse(ftp_server.url(login=USER)))
    qtbot.waitUntil(lambda: pane.password_asker.dialog is not None, timeout=5000)
    pane.password_asker.dialog.setTextValue("wrong")  # type: ignore[union-attr]
    pane.password_asker.dialog.accept()  # type: ignore[union-attr]
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.message_page
    pane.navigate(parse(ftp_server.url(login=USER)))
    qtbot.waitUntil(lambda: pane.password_asker.dialog is not None, timeout=5000)
    pane.password_asker.dialog.reject()  # type: ignore[union-attr]
    wait_idle(qtbot, pane)


def test_a_file_without_a_text_suffix_is_shown_when_it_reads_as_text(
    go: Any, ftp_server: Any
) -> None:
    pane = go(ftp_server.url("%2Fetc/motd"))  # no suffix: retrieved as an image (I)
    assert pane.downloads.dialog is None
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert pane.pages.text_page.text == FILES["etc/motd"].decode()
    assert address(pane) == ftp_server.url("%2Fetc/motd")


def test_binary_data_without_a_suffix_still_goes_to_the_save_dialog(
    qtbot: Any, pane: ViewerPane, ftp_server: Any
) -> None:
    pane.navigate(parse(ftp_server.url("binary.dat")))
    qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=10000)
    dialog = pane.downloads.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog._finished, timeout=10000)
    assert dialog.spool is not None
    assert dialog.spool.read_bytes() == FILES["binary.dat"]
    dialog.cancel_button.click()
    assert pane.url is None


def test_ctrl_c_in_the_listing_copies_the_whole_row(qtbot: Any, go: Any, ftp_server: Any) -> None:
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest

    pane = go(ftp_server.url())
    pane.show()
    qtbot.waitExposed(pane)
    table = pane.pages.listing_page.table
    model = pane.pages.listing_page.model
    row = names(pane).index("readme.txt")
    table.setCurrentIndex(model.index(row, 0))
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=5000)
    QGuiApplication.clipboard().clear()
    QTest.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    cells = QGuiApplication.clipboard().text().split("\t")
    assert cells[0] == "readme.txt"
    assert cells[1:] == [model.data(model.index(row, c)) for c in (1, 2, 3)]
