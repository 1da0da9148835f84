"""The request policy in the viewer: a link on a page that leads to a local address, or to
another port than its scheme's own on another server, asks first; what the person types
is theirs.  The listener standing for a local service (Redis on 6379 in the wild) is on
127.0.0.1, and counts who comes."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from tests.support.fake_ftp import ftp_dialogue
from tests.support.servers import ScriptedServer, after_request
from tests.support.waiting import accepted_before, wait_until
from urlinspector.core import parse
from urlinspector.gui.viewer.handlers.base import Origin, consent, guarded
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.viewer.workers import VIEW_SESSION
from urlinspector.net.demo_server import DemoServer
from urlinspector.net.policy import Refused


@pytest.fixture
def service() -> Iterator[ScriptedServer]:
    """A local service: accepts on 127.0.0.1 and records the line each client sends."""
    listener = ScriptedServer(after_request(lambda conn: None), threaded=False)
    yield listener
    listener.close()


def nothing_came(pane: ViewerPane, service: ScriptedServer) -> bool:
    """No fetch is left that could still connect, and none did."""
    assert not pane.busy
    assert not pane.runner.running
    return accepted_before(service.port, lambda: service.peers) == 0


@pytest.fixture
def menu_to(service: ScriptedServer, tmp_path: Path) -> Iterator[DemoServer]:
    """A gopher server on 127.0.0.1 whose menu links to the local service."""
    (tmp_path / "gophermap").write_text(
        f"0FLUSHALL\tFLUSHALL\t127.0.0.1\t{service.port}\n"
        f"hRedis\tURL:gopher://127.0.0.1:{service.port}/_FLUSHALL\n"
        f"0Bad port\tx\t127.0.0.1\t{service.port + 65536}\n",
        "utf-8",
    )
    with DemoServer(root=tmp_path) as server:
        yield server


def _click(qtbot: Any, pane: ViewerPane, display: str) -> None:
    items = list(pane.pages.gopher_page.model.items)
    row = next(i for i, item in enumerate(items) if item.display.startswith(display))
    view = pane.pages.gopher_page.view
    rect = view.visualRect(pane.pages.gopher_page.model.index(row))
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


@pytest.mark.parametrize("display", ["FLUSHALL", "Redis"])
def test_a_menu_item_to_a_local_service_asks_and_sends_nothing(
    qtbot: Any, pane: ViewerPane, menu_to: DemoServer, service: ScriptedServer, display: str
) -> None:
    pane.navigate(parse(menu_to.url), Origin.TYPED)
    wait_idle(qtbot, pane)
    _click(qtbot, pane, display)
    box = pane.navigator.port_warning
    assert box is not None, "followed without a question"
    assert f"port {service.port}" in box.informativeText()
    assert not pane.runner.running
    box.reject()
    qtbot.waitUntil(lambda: pane.navigator.port_warning is None, timeout=5000)
    assert nothing_came(pane, service)
    assert address(pane) == menu_to.url


def test_typed_the_same_address_is_the_persons_own_act(
    qtbot: Any, pane: ViewerPane, service: ScriptedServer
) -> None:
    pane.navigate(parse(f"gopher://127.0.0.1:{service.port}/0hello"), Origin.TYPED)
    assert pane.navigator.port_warning is None
    wait_until(lambda: service.received, timeout=10, what="the request")
    assert service.received == [b"hello"]


def test_an_item_with_a_port_out_of_range_is_not_followable(
    qtbot: Any, pane: ViewerPane, menu_to: DemoServer, service: ScriptedServer
) -> None:
    pane.navigate(parse(menu_to.url), Origin.TYPED)
    wait_idle(qtbot, pane)
    item = next(i for i in pane.pages.gopher_page.model.items if i.display == "Bad port")
    assert item.url is None
    assert any("is not a port number" in p for p in item.problems)
    _click(qtbot, pane, "Bad port")
    assert pane.navigator.port_warning is None
    assert not pane.busy
    assert address(pane) == menu_to.url
    assert nothing_came(pane, service)


# --- the questions, as the handlers ask them (the page shown stands for a remote one) ------

REMOTE_PAGE = "gopher://gopher.example.org/1/"


@pytest.mark.parametrize(
    ("page", "target", "origin", "asks"),
    [
        # a remote page's links to local addresses, on any port
        (REMOTE_PAGE, "gopher://127.0.0.1/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://localhost/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://[::1]/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://127.1/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://0x7f.1/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://2130706433/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://[::ffff:127.0.0.1]/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://10.1.2.3/0x", Origin.LINK, True),
        (REMOTE_PAGE, "gopher://169.254.169.254/0latest/meta-data", Origin.LINK, True),
        (REMOTE_PAGE, "ftp://192.168.1.1/pub/", Origin.LINK, True),
        (REMOTE_PAGE, "nntp://127.0.0.1/alt.test/1", Origin.LINK, True),
        # another port than the scheme's own on another server
        (REMOTE_PAGE, "gopher://other.example.org:6379/0FLUSHALL", Origin.LINK, True),
        # the page's own server, and public servers on their own port: no question
        (
            "gopher://gopher.example.org:7070/1/",
            "gopher://gopher.example.org:7070/0x",
            Origin.LINK,
            False,
        ),
        (REMOTE_PAGE, "gopher://other.example.org/1/", Origin.LINK, False),
        # typed by the person: theirs (another service's port still asks: RFC 1738 §6)
        (REMOTE_PAGE, "gopher://127.0.0.1:6379/0FLUSHALL", Origin.TYPED, False),
        (REMOTE_PAGE, "gopher://127.0.0.1:25/0mail", Origin.TYPED, True),
        # a local page may link to its local neighbours on their own ports
        ("gopher://127.0.0.1:7070/1/", "gopher://127.0.0.1/0x", Origin.LINK, False),
    ],
)
def test_what_asks_before_connecting(page: str, target: str, origin: Origin, asks: bool) -> None:
    shown = parse(page) if page else None
    assert (consent(parse(target), shown, False, origin) is not None) is asks


@pytest.mark.parametrize(
    ("target", "consented", "resolved", "refused"),
    [
        ("gopher://localhost/0x", False, None, True),  # the name is judged as it resolves
        ("gopher://localhost/0x", True, None, False),  # the person said yes to it
        ("gopher://127.1/0x", False, None, True),
        ("gopher://127.1/0x", True, None, False),
        # a name that resolves to a loopback address (DNS rebinding): a yes to its
        # port is no yes to a local address
        ("gopher://rebinding.example.org:7070/0x", True, ["127.0.0.1"], True),
        ("gopher://rebinding.example.org/0x", False, ["93.184.215.14", "::1"], True),
        ("gopher://public.example.org/0x", False, ["93.184.215.14"], False),
    ],
)
def test_the_guard_judges_the_resolved_address(
    target: str, consented: bool, resolved: list[str] | None, refused: bool
) -> None:
    url = parse(target)
    host = url.host or ""
    guard = guarded(VIEW_SESSION, url, parse(REMOTE_PAGE), Origin.LINK, consented).limits.guard
    assert guard is not None
    if resolved is None:
        resolved = [str(info[4][0]) for info in socket.getaddrinfo(host, 70)]
    if refused:
        with pytest.raises(Refused, match="loopback address"):
            guard(host, resolved)
    else:
        guard(host, resolved)


# --- an ftp data connection to another local port: the viewer asks ----------------------------


@pytest.fixture
def second_listener() -> Iterator[socket.socket]:
    """Another service of this machine, on 127.0.0.1: the port the fake ftp server's
    PASV reply names (where it accepts the data connection, if the viewer goes there)."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        yield listener


@pytest.fixture
def ftp_to(second_listener: socket.socket) -> Iterator[ScriptedServer]:
    """A fake ftp server on 127.0.0.1 whose PASV reply names the second listener."""

    def listing(conn: socket.socket, server: ScriptedServer) -> None:
        conn.sendall(b"-rw-r--r--   1 u g 5 Jan 01 12:00 a.txt\r\n")

    server = ScriptedServer(ftp_dialogue(data=listing, data_listener=second_listener))
    yield server
    server.close()


def _data_question(qtbot: Any, pane: ViewerPane, listener: socket.socket) -> Any:
    port = listener.getsockname()[1]
    qtbot.waitUntil(lambda: pane.navigator.port_warning is not None, timeout=10000)
    box = pane.navigator.port_warning
    assert box is not None
    assert box.windowTitle() == "Connect there?"
    assert f"data connection on 127.0.0.1:{port}" in box.informativeText()
    assert "a loopback address" in box.informativeText()
    return box


def test_a_data_connection_to_another_local_port_asks_first(
    qtbot: Any, pane: ViewerPane, ftp_to: ScriptedServer, second_listener: socket.socket
) -> None:
    """The person typed the server's address, not the port its PASV reply names: they
    are asked, and with their yes the listing comes from there."""
    url = ftp_to.url("ftp", "/")
    pane.navigate(parse(url), Origin.TYPED)
    box = _data_question(qtbot, pane, second_listener)
    assert pane.url is None  # nothing shown yet
    next(b for b in box.buttons() if "Connect" in b.text()).click()
    wait_idle(qtbot, pane)
    assert address(pane) == url
    assert [row.name for row in pane.pages.listing_page.model.rows] == ["a.txt"]
    pane.reload()  # the yes holds for that server, this session
    wait_idle(qtbot, pane)
    assert pane.navigator.port_warning is None
    assert [row.name for row in pane.pages.listing_page.model.rows] == ["a.txt"]
    assert ftp_to.accepted == 3  # the refused fetch, the one with the yes, the reload


def test_no_to_a_data_connection_to_another_local_port_connects_nowhere(
    qtbot: Any, pane: ViewerPane, ftp_to: ScriptedServer, second_listener: socket.socket
) -> None:
    pane.navigate(parse(ftp_to.url("ftp", "/")), Origin.TYPED)
    box = _data_question(qtbot, pane, second_listener)
    box.reject()
    qtbot.waitUntil(lambda: pane.navigator.port_warning is None, timeout=5000)
    wait_idle(qtbot, pane)
    assert pane.url is None
    second_listener.setblocking(False)
    with pytest.raises(BlockingIOError):  # no connection waits there: none was made
        second_listener.accept()
