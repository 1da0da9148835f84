"""Inspecting never connects: typing, pasting, a URL picked from pasted text, a history
entry, a drop and ``urlinspector gui URL`` leave the URL's server alone.  Only an
explicit act fetches: Open (the button, Alt+Enter), Enter while the viewer is shown,
``urlinspector open URL``.

A gopher port on 127.0.0.1 counts the requests it gets; every test also checks that
the explicit act does connect, so a count of 0 means something.  That nothing came is
known without waiting a while: see :func:`settle`.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from tests.gui.helpers import address, stop_viewer
from tests.gui.viewer.conftest import wait_idle
from tests.support.servers import ScriptedServer, after_request
from tests.support.waiting import accepted_before
from urlinspector.app import main
from urlinspector.gui import launch
from urlinspector.gui.main_window import INSPECTOR_PAGE, MainWindow
from urlinspector.gui.settings import PASSWORD_REMOVED, Settings
from urlinspector.gui.viewer.install import VIEWER_PAGE, install_viewer
from urlinspector.gui.viewer.pane import ViewerPane

Listener = ScriptedServer


@pytest.fixture
def listener() -> Iterator[Listener]:
    """A gopher port on 127.0.0.1 that records each request and closes at once (a fetch
    then ends quickly with an empty reply)."""
    server = ScriptedServer(after_request(lambda conn: None), threaded=False)
    yield server
    server.close(5)


def fetches(listener: Listener) -> int:
    """How many fetches reached the listener (requests it read)."""
    return len(listener.received)


@pytest.fixture
def viewer(window: MainWindow) -> Iterator[ViewerPane]:
    pane = install_viewer(window)
    yield pane
    stop_viewer(pane)


def settle(
    listener: Listener, window: MainWindow | None = None, viewer: ViewerPane | None = None
) -> None:
    """Let what the last act set off happen, so that a count of fetches is final.

    The typing pause and the queued events are run now; then no fetch may be running
    (one that has not connected yet could still come); and the listener, which accepts
    connections in the order they were made and serves one at a time, has served every
    connection made before a probe of its own (the probe sends no request)."""
    if window is not None:
        window.flush()
    QCoreApplication.sendPostedEvents()
    assert viewer is None or not viewer.runner.running
    accepted_before(listener.port, lambda: listener.peers)


def opened(qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener) -> None:
    """The explicit act: Open connects (once), and the viewer shows the result."""
    before = fetches(listener)
    window.menus.open_action.trigger()
    assert window.pages.currentWidget() is viewer
    qtbot.waitUntil(lambda: fetches(listener) == before + 1, timeout=5000)
    wait_idle(qtbot, viewer)


def test_typing_and_pasting_a_url_do_not_connect(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener
) -> None:
    url = listener.url("gopher", "/1/")
    window.address.setFocus()
    qtbot.keyClicks(window.address, url[:-3])
    mime = QMimeData()
    mime.setText(url[-3:])
    window.address.insertFromMimeData(mime)
    window.flush()
    assert window.address.text() == url
    settle(listener, window, viewer)
    assert fetches(listener) == 0
    assert not viewer.busy
    opened(qtbot, window, viewer, listener)
    assert fetches(listener) == 1


def test_a_url_picked_from_pasted_text_is_inspected_only(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener
) -> None:
    url = listener.url("gopher", "/1/")
    mime = QMimeData()
    mime.setText(f"see {url} and http://other.example/ too")
    window.address.insertFromMimeData(mime)
    picks = [a for a in window.menus.found_menu.actions() if a.data()]
    assert [a.data() for a in picks] == [url, "http://other.example/"]
    picks[0].trigger()
    window.menus.found_menu.close()
    assert window.address.text() == url
    assert window.pages.currentWidget() is window.inspector
    settle(listener, window, viewer)
    assert fetches(listener) == 0
    assert viewer.url is None
    opened(qtbot, window, viewer, listener)
    assert fetches(listener) == 1


def test_a_history_entry_is_inspected_only_even_from_the_viewer(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener
) -> None:
    url = listener.url("gopher", "/1/")
    window.address.setText(url)
    opened(qtbot, window, viewer, listener)  # now browsing: the viewer is shown
    assert fetches(listener) == 1
    window.inspect("http://else.example/")
    window.show_page(VIEWER_PAGE)
    window.menus.history_menu.aboutToShow.emit()
    entry = next(a for a in window.menus.history_menu.actions() if a.data() == url)
    entry.trigger()
    assert window.address.text() == url
    assert window.pages.currentWidget() is window.inspector
    settle(listener, window, viewer)
    assert fetches(listener) == 1


def test_a_drop_is_inspected_only(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener
) -> None:
    url = listener.url("gopher", "/1/")
    mime = QMimeData()
    mime.setData("text/uri-list", f"{url}\r\n".encode())
    event = QDropEvent(
        QPointF(200, 400),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert window.address.text() == url
    settle(listener, window, viewer)
    assert fetches(listener) == 0
    opened(qtbot, window, viewer, listener)


def test_enter_inspects_in_the_inspector_and_fetches_in_the_viewer(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener
) -> None:
    url = listener.url("gopher", "/1/")
    window.address.setFocus()
    window.address.setText(url)
    qtbot.keyClick(window.address, Qt.Key.Key_Return)
    assert window.pages.currentWidget() is window.inspector
    settle(listener, window, viewer)
    assert fetches(listener) == 0
    window.show_page(VIEWER_PAGE)
    window.address.setFocus()
    qtbot.keyClick(window.address, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: fetches(listener) == 1, timeout=5000)
    wait_idle(qtbot, viewer)
    window.show_page(INSPECTOR_PAGE)
    qtbot.keyClick(window.address, Qt.Key.Key_Return, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: fetches(listener) == 2, timeout=5000)
    wait_idle(qtbot, viewer)
    settle(listener, window, viewer)
    assert fetches(listener) == 2  # one key press, one fetch


def test_gui_url_inspects_and_open_url_fetches(
    app: Any, qtbot: Any, tmp_path: Path, listener: Listener
) -> None:
    url = listener.url("gopher", "/1/")
    shot = tmp_path / "shot.png"
    assert main(["gui", url, "--screenshot", str(shot)]) == 0
    assert shot.is_file()
    settle(listener)
    assert fetches(listener) == 0
    assert main(["open", url, "--screenshot", str(shot)]) == 0
    assert fetches(listener) == 1
    args = argparse.Namespace(url=url, open=True, base=None, edition=None, theme=None)
    assert launch.run_gui(argparse.Namespace(**vars(args), screenshot=str(shot))) == 0
    assert fetches(listener) == 2  # gui --open URL


def test_a_refused_fetch_is_not_a_visit(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener
) -> None:
    window.address.setText(listener.url("gopher", "/1/"))
    opened(qtbot, window, viewer, listener)
    shown_url = address(viewer)
    entries = len(viewer.history)
    # a gopher selector with a line break cannot be sent (RFC 1738 §3.4): refused before
    # anything is sent
    window.address.setText(listener.url("gopher", "/0/a%0D%0Ab"))
    window.menus.open_action.trigger()
    settle(listener, window, viewer)
    assert fetches(listener) == 1
    assert viewer.pages.currentWidget() is viewer.pages.message_page
    assert len(viewer.history) == entries
    assert address(viewer) == shown_url


def test_history_marks_a_removed_password_and_gives_back_the_session_url(
    app: Any, qtbot: Any, settings: Settings
) -> None:
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.inspect("ftp://joe:secret@ftp.example/pub/")
    assert settings.history == [f"ftp://joe:{PASSWORD_REMOVED}@ftp.example/pub/"]
    # in the same run the entry gives back what was inspected
    first.inspect("http://else.example/")
    first.menus.choose_history(settings.history[1])
    assert first.address.text() == "ftp://joe:secret@ftp.example/pub/"
    first.close()

    second = MainWindow(Settings())
    qtbot.addWidget(second)
    second.menus.history_menu.aboutToShow.emit()
    labels = [a.text() for a in second.menus.history_menu.actions() if a.data()]
    assert labels[0] == f"ftp://joe:{PASSWORD_REMOVED}@ftp.example/pub/"
    second.menus.choose_history(settings.history[0])
    # the password is gone: an empty one in its place, the caret where it goes
    assert second.address.text() == "ftp://joe:@ftp.example/pub/"
    assert second.address.selected_span() == (10, 10)
    assert "no passwords" in second.statusBar().currentMessage()
    second.close()


def test_open_says_what_it_does_not_fetch(
    qtbot: Any, window: MainWindow, viewer: ViewerPane, listener: Listener
) -> None:
    assert not window.menus.open_action.isEnabled()  # nothing to open yet
    window.address.setText(listener.url("http", "/"))
    assert window.menus.open_action.isEnabled()
    window.menus.open_action.trigger()
    assert window.pages.currentWidget() is window.inspector
    assert "http URLs are not fetched here" in window.statusBar().currentMessage()
    settle(listener, window, viewer)
    assert fetches(listener) == 0
    window.address.setText("")
    assert not window.menus.open_action.isEnabled()
