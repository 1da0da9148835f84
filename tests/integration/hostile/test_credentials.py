"""Credentials and hostile servers: ~/.netrc's default entry goes to no server, a netrc
login crosses a connection without TLS only when allowed, FTP reads no netrc."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.integration.hostile.servers import (
    FTP_LIMITS,
    UNIX_LINE,
    Talk,
    ftp_server,
    ftp_url,
    news_server,
    news_url,
)
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.ftp import fetch as ftp_fetch
from urlinspector.net.session import Session

pytestmark = pytest.mark.integration


# === credentials ============================================================================


def login_wanted(conn: socket.socket, line: bytes) -> None:
    conn.sendall(b"480 authentication required\r\n")


def login_refused(conn: socket.socket, line: bytes) -> None:
    conn.sendall(b"381 password please\r\n" if b" USER " in line else b"481 no\r\n")


LOGIN_SERVER = {
    b"GROUP": login_wanted,
    b"ARTICLE": login_wanted,
    b"LIST": login_wanted,
    b"AUTHINFO": login_refused,
}


def _netrc(home: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    netrc = home / ".netrc"
    netrc.write_text(text)
    netrc.chmod(0o600)
    monkeypatch.setenv("HOME", str(home))


@pytest.mark.parametrize("how", ["nntp", "news --server"])
def test_the_default_entry_of_netrc_goes_to_no_server(
    talker: Talk,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    how: str,
) -> None:
    _netrc(tmp_path, "default login bob password NETRCSECRET\n", monkeypatch)
    server = talker(news_server(LOGIN_SERVER))
    if how == "nntp":
        argv = ["fetch", "--allow-local", news_url(server, "alt.test/1")]
    else:
        argv = ["fetch", "--allow-local", "news:alt.test", "--server", f"127.0.0.1:{server.port}"]
    assert main([*argv, "--timeout", "5", "--allow-plaintext-auth"]) == 1
    assert not any(b"AUTHINFO" in line for line in server.received)
    assert "authentication required" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "sent"),
    [
        ([], False),  # no TLS offered: the password would cross in clear text
        (["--allow-plaintext-auth"], True),  # the user said so
    ],
)
def test_a_netrc_login_crosses_a_connection_without_tls_only_when_allowed(
    talker: Talk,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    sent: bool,
) -> None:
    _netrc(tmp_path, "machine 127.0.0.1 login bob password NETRCSECRET\n", monkeypatch)
    server = talker(news_server(LOGIN_SERVER))
    assert (
        main(["fetch", "--allow-local", news_url(server, "alt.test/1"), "--timeout", "5", *extra])
        == 1
    )
    assert (b"AUTHINFO PASS NETRCSECRET" in server.received) is sent
    err = capsys.readouterr().err
    assert ("--allow-plaintext-auth" in err) is not sent
    assert "NETRCSECRET" not in err


def test_ftp_reads_no_netrc(talker: Talk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _netrc(tmp_path, "machine 127.0.0.1 login bob password NETRCSECRET\n", monkeypatch)
    server = talker(ftp_server(data=lambda conn, _: conn.sendall(UNIX_LINE)))
    ftp_fetch(parse(ftp_url(server, "pub/")), session=Session(limits=FTP_LIMITS))
    assert b"USER anonymous" in server.received
    assert not any(b"NETRCSECRET" in line or b"bob" in line for line in server.received)
