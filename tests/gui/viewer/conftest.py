"""Fixtures of the viewer's tests: the pane, and real servers on 127.0.0.1.

* ``demo``: urlinspector's demo gopher server on its bundled gopher hole;
* ``hole``: the same server on a small gopher hole made for these tests (a Latin-1
  text, a binary file, an image, a menu of every item type);
* ``ftp_server``: pyftpdlib over the FTP tests' tree (a user with a password, a 10 MiB
  file, names with spaces and ``;``);
* ``vsftpd_implicit``, ``vsftpd_explicit``, ``certificates``: vsftpd with TLS (ftps,
  AUTH TLS) and its test CA, from the FTP tests;
* ``inn``: the INN news server of the NNTP tests (needs the ``inn2`` package and root);
* ``trickle``: a server that answers one byte a second, for the responsiveness tests
  (``trickle_server`` makes one at another pace).

In CI (``CI=true``) a server that cannot start fails the test instead of skipping it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from tests.gui.helpers import stop_viewer
from tests.integration.ftp.servers import PyftpdlibServer, build_tree, handler_classes
from tests.support.ci import unavailable as support_unavailable
from tests.support.servers import ScriptedServer, trickles
from urlinspector.core import parse
from urlinspector.gui.palette import Formats
from urlinspector.gui.viewer.handlers.base import Origin
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.net.demo_server import DemoServer

LATIN1_TEXT = "Caf\u00e9 cr\u00e8me, see <URL:gopher://example.org/0/menu> and\nhttp://example.com/page?x=1.\n"
BINARY = bytes(range(256)) * 64 + b"\r\n.\r\n"


def unavailable(why: str) -> NoReturn:
    support_unavailable("a test server", why)


# --- gopher ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


def _png() -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#0072b2"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide6 takes str; its stub says bytes
    return bytes(data.data())


@pytest.fixture(scope="session")
def hole_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hole")
    (root / "latin1.txt").write_bytes(LATIN1_TEXT.encode("latin-1"))
    (root / "data.bin").write_bytes(BINARY)
    (root / "notes").mkdir()
    (root / "notes" / "one.txt").write_text("one\n")
    (root / "gophermap").write_text(
        "\n".join(
            [
                "A test gopher hole",
                " ",
                "0A Latin-1 text\tlatin1.txt",
                "9A binary file\tdata.bin",
                "1Notes\tnotes/",
                "7Search\t/search",
                "8A telnet session\tguest\tbbs.example.org\t23",
                "hA web page\tURL:https://example.org/page",
                "3An error line\t\terror.host\t1",
                "XAn unknown type\tx.txt",
            ]
        )
        + "\n",
        "utf-8",
    )
    return root


@pytest.fixture(scope="session")
def hole(hole_root: Path) -> Iterator[DemoServer]:
    """The demo server on the tests' own gopher hole."""
    with DemoServer(root=hole_root) as server:
        yield server


@pytest.fixture(scope="session")
def png_bytes() -> bytes:
    return _png()


# --- the pane -------------------------------------------------------------------------------


@pytest.fixture
def downloads(tmp_path: Path) -> Path:
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture
def pane(app: Any, qtbot: Any, downloads: Path) -> Iterator[ViewerPane]:
    """A viewer, shown (offscreen), saving into a temporary folder."""
    widget = ViewerPane(Formats("light"), download_folder=downloads)
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    stop_viewer(widget)


def wait_idle(qtbot: Any, pane: ViewerPane, timeout: int = 10000) -> None:
    """Wait until the fetch in progress has ended and its thread is free, then deliver
    what it signalled on the way out (its signals are queued for the GUI thread)."""
    qtbot.waitUntil(
        lambda: not pane.busy and pane.runner.pool.activeThreadCount() == 0, timeout=timeout
    )
    QCoreApplication.sendPostedEvents()


@pytest.fixture
def go(qtbot: Any, pane: ViewerPane) -> Callable[[str], ViewerPane]:
    """``go(url)``: navigate as the person does by typing *url*, and wait for the page
    (a link on the page shown is ``pane.follow(url)``, which the request policy
    judges).  The servers of these tests are on this machine, so an ftp server's data
    port is another of its ports, which the viewer asks about (the request policy:
    tests/gui/viewer/test_request_policy.py); the person says yes, as they would to
    their own test server."""

    def navigate(url: str) -> ViewerPane:
        pane.navigate(parse(url), Origin.TYPED)
        wait_idle(qtbot, pane)
        box = pane.navigator.port_warning
        if box is not None and "asks for its data connection on" in box.informativeText():
            next(b for b in box.buttons() if "Connect" in b.text()).click()
            wait_idle(qtbot, pane)
            pane.activateWindow()  # back from the question, as the window manager does
            qtbot.waitUntil(lambda: QApplication.activeWindow() is pane.window())
        return pane

    return navigate


# --- ftp ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def ftp_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PyftpdlibServer]:
    root = build_tree(tmp_path_factory.mktemp("ftp-viewer"))
    try:
        handlers = handler_classes(root)
        server = PyftpdlibServer(handlers["modern"], "127.0.0.1")
    except (ImportError, OSError) as exc:
        unavailable(f"cannot start pyftpdlib: {exc}")
        raise
    yield server
    server.stop()


# vsftpd with TLS, and the CA it is verified with: the FTPS tests' own fixtures
from tests.integration.ftp.conftest import (  # noqa: E402, F401
    certificates,
    vsftpd_explicit,
    vsftpd_implicit,
    vsftpd_root,
)

# --- news -----------------------------------------------------------------------------------

try:  # the NNTP tests' INN server, shared (it needs the inn2 package and root)
    from tests.integration.nntp.conftest import InnServer, inn  # noqa: F401
except ImportError as _exc:  # pragma: no cover - the NNTP tests are part of the tree
    _INN_IMPORT_ERROR = str(_exc)

    @pytest.fixture(scope="session")
    def inn() -> Any:
        unavailable(f"the INN fixture cannot be imported: {_INN_IMPORT_ERROR}")


# --- a server that sends one byte a second ----------------------------------------------------

Trickle = ScriptedServer


def trickle_server(reply: bytes, interval: float = 1.0) -> Trickle:
    """A gopher server on 127.0.0.1 that reads one request line, then sends *reply* one
    octet every *interval* seconds (``sent`` counts them; ``hung_up`` is set as soon as
    the client hangs up)."""
    return ScriptedServer(trickles(reply, interval), threaded=False)


@pytest.fixture
def trickle() -> Iterator[Trickle]:
    server = trickle_server(b"iA menu sent one byte a second\t\terror.host\t1\r\n" * 4 + b".\r\n")
    yield server
    server.close(5)
