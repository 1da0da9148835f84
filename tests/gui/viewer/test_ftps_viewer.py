"""ftps and AUTH TLS in the viewer against vsftpd: the listing and a text over TLS, the
certificate in the info line and the transcript, the Go menu's setting, and a refusal
instead of clear text."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.gui.helpers import stop_viewer
from tests.integration.ftp.servers import FILES
from tests.integration.ftp.vsftpd import Certificates, VsftpdServer
from urlinspector.gui.viewer.pane import ViewerPane


@pytest.fixture
def trusting(monkeypatch: pytest.MonkeyPatch, certificates: Certificates) -> Certificates:
    """The system's store is the test CA (OpenSSL reads SSL_CERT_FILE when asked)."""
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates.ca))
    return certificates


def test_an_ftps_listing_shows_the_certificate(
    go: Any,
    vsftpd_implicit: VsftpdServer,
    trusting: Certificates,
) -> None:
    pane = go(vsftpd_implicit.url())
    assert pane.pages.currentWidget() is pane.pages.listing_page
    assert "readme.txt" in [row.name for row in pane.pages.listing_page.model.rows]
    info = pane.toolbar.info.text()
    assert "TLSv1." in info
    assert "CN=localhost (verified, by CN=urlinspector test CA" in info
    lines = pane.transcript.lines
    assert any(line.startswith("* implicit TLS (ftps)") and "SHA-256" in line for line in lines)
    assert "> PROT P" in lines


def test_a_text_over_auth_tls_when_the_setting_asks(
    go: Any,
    pane: ViewerPane,
    vsftpd_explicit: VsftpdServer,
    trusting: Certificates,
) -> None:
    pane.net.session = replace(pane.net.session, auth_tls=True)
    go(vsftpd_explicit.url("readme.txt"))
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert pane.pages.text_page.text == FILES["readme.txt"].decode()
    assert "> AUTH TLS" in pane.transcript.lines
    assert "TLSv1." in pane.toolbar.info.text()


def test_an_untrusted_certificate_is_refused(
    go: Any,
    vsftpd_implicit: VsftpdServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(Path("/nonexistent/ca.pem")))
    pane = go(vsftpd_implicit.url("readme.txt"))
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "cannot be trusted" in pane.pages.message_page.text.text()


def test_ftps_to_a_server_without_tls_is_an_error(
    go: Any, ftp_server: Any, trusting: Certificates
) -> None:
    pane = go(f"ftps://{ftp_server.authority}/readme.txt")
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "nothing was sent in clear text" in pane.pages.message_page.text.text()
    assert "> USER anonymous" not in pane.transcript.lines


def test_the_go_menu_setting_asks_for_auth_tls_and_is_kept(window: Any) -> None:
    from PySide6.QtGui import QAction

    from urlinspector.gui.viewer.install import install_viewer

    pane = install_viewer(window)
    try:
        action = window.findChild(QAction, "ftpTlsAction")
        assert action is not None
        assert not action.isChecked()
        assert not pane.net.session.auth_tls
        action.trigger()
        assert pane.net.session.auth_tls
        assert window.settings.ftp_tls
        action.trigger()
        assert not pane.net.session.auth_tls
        assert not window.settings.ftp_tls
    finally:
        stop_viewer(pane)
