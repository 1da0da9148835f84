"""Fixtures: pyftpdlib servers on 127.0.0.1 (and ::1 when the machine has IPv6) over a
prepared tree: names with spaces, ';', '%', '?', '#' and UTF-8, a directory named like
a file (dir.txt), a 10 MiB file, a user with a password whose login directory is not
the root; vsftpd with TLS, explicit (AUTH TLS) and implicit (ftps), with a CA made for
the session.  In CI (CI=true) a server that cannot start is a failure, never a skip."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from tests.integration.ftp.servers import (
    PyftpdlibServer,
    build_tree,
    handler_classes,
    silent_after_greeting,
    stalls_during_retr,
)
from tests.integration.ftp.vsftpd import (
    Certificates,
    VsftpdServer,
    VsftpdUnavailable,
    make_certificates,
)
from tests.support.ci import unavailable
from tests.support.ports import ipv6_loopback
from tests.support.servers import ScriptedServer


def _unavailable(why: str) -> NoReturn:
    unavailable("the FTP test server", why)


@pytest.fixture(scope="session")
def ftp_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tree(tmp_path_factory.mktemp("ftp-root"))


@pytest.fixture(scope="session")
def handlers(ftp_root: Path) -> dict[str, type[Any]]:
    try:
        return handler_classes(ftp_root)
    except ImportError as exc:
        _unavailable(f"pyftpdlib is not installed ({exc}); pip install -e '.[test]'")
        raise


def _serve(handler: type[Any], host: str) -> Iterator[PyftpdlibServer]:
    try:
        server = PyftpdlibServer(handler, host)
    except OSError as exc:
        _unavailable(f"cannot start an FTP server on {host}: {exc}")
        raise
    yield server
    server.stop()


@pytest.fixture(scope="session")
def ftp_server(handlers: dict[str, type[Any]]) -> Iterator[PyftpdlibServer]:
    """pyftpdlib with MLSD, EPSV and SIZE, on 127.0.0.1."""
    yield from _serve(handlers["modern"], "127.0.0.1")


@pytest.fixture(scope="session")
def legacy_server(handlers: dict[str, type[Any]]) -> Iterator[PyftpdlibServer]:
    """No MLSD or EPSV, a wrong PASV address, refuses an empty CWD."""
    yield from _serve(handlers["legacy"], "127.0.0.1")


@pytest.fixture(scope="session")
def slow_server(handlers: dict[str, type[Any]]) -> Iterator[PyftpdlibServer]:
    """Sends data at 256 KiB/s: a 10 MiB transfer is in progress for a while."""
    yield from _serve(handlers["slow"], "127.0.0.1")


@pytest.fixture(scope="session")
def ftp_server_v6(handlers: dict[str, type[Any]]) -> Iterator[PyftpdlibServer]:
    if not ipv6_loopback():
        pytest.skip("this machine has no IPv6 loopback (::1)")
    yield from _serve(handlers["modern"], "::1")


@pytest.fixture
def silent_server() -> Iterator[ScriptedServer]:
    server = ScriptedServer(silent_after_greeting)
    yield server
    server.close()


@pytest.fixture
def stalling_server() -> Iterator[ScriptedServer]:
    server = ScriptedServer(stalls_during_retr)
    yield server
    server.close()


# --- vsftpd with TLS ------------------------------------------------------------------------


@pytest.fixture(scope="session")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    """A test CA, the server certificate it signed (localhost, 127.0.0.1), another CA."""
    try:
        return make_certificates(tmp_path_factory.mktemp("tls"))
    except VsftpdUnavailable as exc:
        _unavailable(str(exc))
        raise


@pytest.fixture(scope="session")
def vsftpd_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tree(tmp_path_factory.mktemp("vsftpd-root"))


def _vsftpd(
    root: Path, certificates: Certificates, work: Path, *, implicit: bool
) -> Iterator[VsftpdServer]:
    try:
        server = VsftpdServer(root, certificates, work, implicit=implicit)
    except VsftpdUnavailable as exc:
        _unavailable(str(exc))
        raise
    yield server
    server.stop()


@pytest.fixture(scope="session")
def vsftpd_explicit(
    vsftpd_root: Path, certificates: Certificates, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[VsftpdServer]:
    """vsftpd offering AUTH TLS on its ftp port (RFC 4217), plain logins allowed too."""
    yield from _vsftpd(vsftpd_root, certificates, tmp_path_factory.mktemp("vsftpd"), implicit=False)


@pytest.fixture(scope="session")
def vsftpd_implicit(
    vsftpd_root: Path, certificates: Certificates, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[VsftpdServer]:
    """vsftpd speaking TLS from the first octet (ftps)."""
    yield from _vsftpd(vsftpd_root, certificates, tmp_path_factory.mktemp("vsftpd"), implicit=True)
