"""The viewer on ``gophers://``: gophernicus behind a TLS terminator on 127.0.0.1 (the
fixture of ``tests/integration/gopher``), whose certificate comes from a CA made for the
run, so the system's store does not trust it: the viewer asks, shows the certificate,
and fetches only once the person accepts it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from tests.integration.gopher.conftest import (  # noqa: F401 (fixtures)
    TLSGopher,
    gopher_hole,
    gophers_server,
    tls_files,
)
from urlinspector.core import parse
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.net.tls import fingerprint

pytestmark = pytest.mark.integration


def _question(qtbot: Any, pane: ViewerPane) -> QMessageBox:
    qtbot.waitUntil(lambda: pane.navigator.port_warning is not None, timeout=10000)
    box = pane.navigator.port_warning
    assert box is not None
    return box


def _accept(qtbot: Any, pane: ViewerPane, url: str) -> None:
    pane.navigate(parse(url))
    box = _question(qtbot, pane)
    next(b for b in box.buttons() if "Accept" in b.text()).click()
    wait_idle(qtbot, pane)


def test_a_gophers_menu_after_accepting_its_certificate(
    qtbot: Any,
    pane: ViewerPane,
    gophers_server: TLSGopher,  # noqa: F811
) -> None:
    files = gophers_server.files
    sha256 = fingerprint(files.der(files.server_cert))
    url = gophers_server.tls()
    pane.navigate(parse(url))
    box = _question(qtbot, pane)
    assert box.windowTitle() == "Accept this certificate?"
    text = box.informativeText()
    assert "cannot be trusted" in text
    assert "CN=localhost" in text
    assert "CN=urlinspector test CA" in text
    assert sha256 in text
    assert pane.url is None  # nothing shown, nothing sent yet
    next(b for b in box.buttons() if "Accept" in b.text()).click()
    wait_idle(qtbot, pane)
    assert pane.pages.currentWidget() is pane.pages.gopher_page
    assert address(pane) == url
    links = {i.display: i.url for i in pane.pages.gopher_page.model.items if i.url}
    own = f"gophers://127.0.0.1:{gophers_server.tls_port}/"
    assert links["hello.txt"] == own + "0/hello.txt"
    info = pane.toolbar.info.text()
    assert "gopher menu" in info
    assert f"SHA-256 {sha256}" in info
    assert "issued by CN=urlinspector test CA" in info
    assert "accepted by its SHA-256 fingerprint" in info


def test_an_item_of_the_accepted_server_opens_without_asking_again(
    qtbot: Any,
    pane: ViewerPane,
    gophers_server: TLSGopher,  # noqa: F811
) -> None:
    _accept(qtbot, pane, gophers_server.tls())
    pane.navigate(parse(gophers_server.tls("/0/hello.txt")))
    wait_idle(qtbot, pane)
    assert pane.navigator.port_warning is None
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert "Hello from the test gopher hole." in pane.pages.text_page.text
    assert "CN=localhost" in pane.toolbar.info.text()


def test_refusing_the_certificate_shows_why_and_fetches_nothing(
    qtbot: Any,
    pane: ViewerPane,
    gophers_server: TLSGopher,  # noqa: F811
) -> None:
    pane.navigate(parse(gophers_server.tls()))
    box = _question(qtbot, pane)
    box.button(QMessageBox.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: pane.pages.currentWidget() is pane.pages.message_page, timeout=5000)
    message = pane.pages.message_page.text.text()
    assert "cannot be trusted" in message
    assert "nothing was sent" in message
    assert pane.net.accepted_certificates == {}


def test_a_gophers_url_to_a_clear_text_server_fails_without_asking(
    qtbot: Any,
    go: Any,
    gophers_server: TLSGopher,  # noqa: F811
) -> None:
    pane = go(f"gophers://127.0.0.1:{gophers_server.plain_port}/")
    assert pane.navigator.port_warning is None
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "nothing was sent" in pane.pages.message_page.text.text()
