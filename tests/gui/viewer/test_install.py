"""The viewer in the main window: Open (Alt+Enter) fetches, and so does Enter while the
viewer is shown; the page's URL fills the address bar and the base field, and relative
references resolve against it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from tests.gui.helpers import address, menu_titled, stop_viewer
from tests.gui.viewer.conftest import wait_idle
from urlinspector.core import parse
from urlinspector.gui.main_window import INSPECTOR_PAGE, MainWindow
from urlinspector.gui.viewer.install import VIEWER_PAGE, install_viewer
from urlinspector.gui.viewer.pane import ViewerPane


@pytest.fixture
def viewer(window: MainWindow) -> Any:
    pane = install_viewer(window)
    yield pane
    stop_viewer(pane)


def enter(qtbot: Any, window: MainWindow, text: str, *, alt: bool = False) -> None:
    window.address.setFocus()
    window.address.setText(text)
    modifier = Qt.KeyboardModifier.AltModifier if alt else Qt.KeyboardModifier.NoModifier
    qtbot.keyClick(window.address, Qt.Key.Key_Return, modifier)


def test_alt_enter_in_the_address_bar_shows_the_page_and_fills_the_base(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any
) -> None:
    enter(qtbot, window, hole.url, alt=True)
    assert window.pages.currentWidget() is viewer
    wait_idle(qtbot, viewer)
    assert viewer.pages.currentWidget() is viewer.pages.gopher_page
    assert window.base.text() == hole.url
    assert window.address.text() == hole.url
    assert hole.url in window.settings.history


def test_a_link_followed_in_the_viewer_updates_the_address_bar(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any
) -> None:
    enter(qtbot, window, hole.url, alt=True)
    wait_idle(qtbot, viewer)
    viewer.navigate(parse(hole.url + "1/notes"))
    wait_idle(qtbot, viewer)
    assert window.address.text() == hole.url + "1/notes"
    assert window.base.text() == hole.url + "1/notes"
    window.address.setText("one.txt")  # a relative reference, resolved against the base
    window.flush()
    assert window.address_area.target.text() == hole.url + "1/one.txt"


def test_other_schemes_stay_in_the_inspector(
    qtbot: Any, window: MainWindow, viewer: ViewerPane
) -> None:
    enter(qtbot, window, "http://example.org/", alt=True)
    assert window.pages.currentWidget() is window.inspector
    assert not viewer.busy


def test_the_go_menu_switches_pages_and_holds_the_actions(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any
) -> None:
    window.open_url(hole.url)
    wait_idle(qtbot, viewer)
    menu = menu_titled(window.menuBar(), "Go")
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == [
        "&Back",
        "&Forward",
        "&Up a level",
        "&Reload",
        "&Stop",
        "&Inspector",
        "&Viewer",
        "&Downloads",
        "&News server…",
        "Ask ftp servers for &TLS (AUTH TLS)",
    ]
    inspector = next(a for a in menu.actions() if a.text() == "&Inspector")
    assert inspector.shortcut() == QKeySequence("Ctrl+1")
    inspector.trigger()
    assert window.pages.currentWidget() is window.inspector
    next(a for a in menu.actions() if a.text() == "&Viewer").trigger()
    assert window.pages.currentWidget() is viewer
    assert viewer.toolbar.back_action.shortcutContext() == Qt.ShortcutContext.WindowShortcut
    window.show_page(INSPECTOR_PAGE)
    window.show_page(VIEWER_PAGE)


def test_enter_on_a_relative_reference_goes_to_the_target(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any
) -> None:
    window.menus.open_action.trigger()  # the address is empty: nothing happens
    assert not viewer.busy
    window.address.setText(hole.url + "1/notes")
    window.menus.open_action.trigger()
    assert window.pages.currentWidget() is viewer
    wait_idle(qtbot, viewer)
    # while the viewer is shown, Enter fetches, as in a browser
    enter(qtbot, window, "../0/latin1.txt")  # RFC 3986 §5.2 against the base
    wait_idle(qtbot, viewer)
    assert address(viewer) == hole.url + "0/latin1.txt"
    assert viewer.pages.currentWidget() is viewer.pages.text_page
    assert window.address.text() == hole.url + "0/latin1.txt"


def test_the_viewer_resolves_a_relative_link_against_its_base(
    qtbot: Any, viewer: ViewerPane, hole: Any
) -> None:
    viewer.navigate(parse(hole.url + "1/notes"))
    wait_idle(qtbot, viewer)
    viewer.navigate(parse("one.txt"))
    wait_idle(qtbot, viewer)
    assert address(viewer) == hole.url + "1/one.txt"


def test_the_news_server_setting_is_kept_and_used(window: MainWindow) -> None:
    from urlinspector.gui.viewer.install import set_news_server

    first = install_viewer(window)
    try:
        assert first.net.news_server is None  # NNTPSERVER, else localhost:119
        set_news_server(first, window.settings, " news.example:1119 ")
        assert first.net.news_server == "news.example:1119"
        assert window.settings.news_server == "news.example:1119"
    finally:
        stop_viewer(first)
    second = install_viewer(window)  # as at the next start: read from the settings
    try:
        assert second.net.news_server == "news.example:1119"
        set_news_server(second, window.settings, "")
        assert second.net.news_server is None
        assert window.settings.news_server == ""
    finally:
        stop_viewer(second)


def test_the_viewers_labels_follow_show_passwords(window: MainWindow, viewer: Any) -> None:
    url = "ftp://joe:hunter2@h.example/"
    label = viewer.passwords.label
    assert "hunter2" not in label(url)
    window.show_passwords_action.setChecked(True)
    assert "hunter2" in label(url)
    window.show_passwords_action.setChecked(False)
    assert "hunter2" not in label(url)


def test_a_file_url_typed_while_a_remote_page_is_shown_opens_without_asking(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any, tmp_path: Any
) -> None:
    from urlinspector.schemes.file import file_url

    mine = tmp_path / "mine.txt"
    mine.write_bytes(b"typed by me\n")
    enter(qtbot, window, hole.url, alt=True)
    wait_idle(qtbot, viewer)
    assert viewer.pages.currentWidget() is viewer.pages.gopher_page  # a page from another computer
    enter(qtbot, window, file_url(str(mine)))  # Enter while the viewer is shown
    wait_idle(qtbot, viewer)
    assert viewer.navigator.port_warning is None  # typed: the person's own choice, not asked
    assert viewer.pages.currentWidget() is viewer.pages.text_page
    assert viewer.pages.text_page.text == "typed by me\n"


def test_a_file_link_on_a_remote_page_still_asks(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any, tmp_path: Any
) -> None:
    from urlinspector.schemes.file import file_url

    secret = tmp_path / "secret.txt"
    secret.write_bytes(b"local only\n")
    enter(qtbot, window, hole.url, alt=True)
    wait_idle(qtbot, viewer)
    link = file_url(str(secret))
    viewer.pages.text_page.linkActivated.emit(link)  # a link followed on the page shown
    assert viewer.navigator.port_warning is not None
    viewer.navigator.port_warning.reject()
    qtbot.waitUntil(lambda: viewer.navigator.port_warning is None, timeout=5000)
    assert address(viewer) == hole.url


@pytest.mark.parametrize("edition", ["rfc3986", "rfc1738", "url-1993"])
def test_the_address_bar_reads_the_url_by_the_windows_edition(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, hole: Any, edition: str
) -> None:
    """Read once, at the edge, by the edition the person chose; a link on the page is
    read as the page was."""
    window.set_edition(edition)
    window.address.setText(hole.url + "1/notes")
    window.menus.open_action.trigger()
    wait_idle(qtbot, viewer)
    assert viewer.url is not None
    assert (viewer.url.text, viewer.url.edition.id) == (hole.url + "1/notes", edition)
    viewer.follow(hole.url + "0/latin1.txt")
    wait_idle(qtbot, viewer)
    assert viewer.url is not None
    assert (viewer.url.text, viewer.url.edition.id) == (hole.url + "0/latin1.txt", edition)
