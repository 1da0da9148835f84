"""FTP over TLS (RFC 4217) against a real vsftpd: ftps:// (implicit TLS) and AUTH TLS on
ftp://, listings and downloads byte for byte over protected data connections that
resume the control connection's session, the certificate in the result and the
transcript, and no clear text once TLS was asked for."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import pytest

from tests.integration.ftp.servers import FILES, LINE_FILES, PyftpdlibServer, big_bytes
from tests.integration.ftp.vsftpd import Certificates, VsftpdServer
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.errors import ConnectFailed
from urlinspector.net.ftp import FTPResult, TLSOptions, TLSRefused, fetch, fetch_to_path
from urlinspector.net.session import Session

pytestmark = pytest.mark.integration


def sent(result: FTPResult) -> list[str]:
    return [line.text for line in result.transcript if line.kind == "command"]


def connects(result: FTPResult) -> list[str]:
    return [line.text for line in result.transcript if line.kind == "connect"]


def fingerprint(pem: Path) -> str:
    import ssl

    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem.read_text())).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


@pytest.fixture
def trusted(certificates: Certificates) -> TLSOptions:
    return TLSOptions(cafile=str(certificates.ca))


@pytest.fixture(params=["implicit", "explicit"])
def tls_server(
    request: pytest.FixtureRequest, vsftpd_implicit: VsftpdServer, vsftpd_explicit: VsftpdServer
) -> VsftpdServer:
    return vsftpd_implicit if request.param == "implicit" else vsftpd_explicit


def options(server: VsftpdServer, certificates: Certificates) -> Session:
    """A fetch's TLS from *server* (AUTH TLS unless implicit), trusting the run's CA."""
    return Session(tls=TLSOptions(cafile=str(certificates.ca)), auth_tls=not server.implicit)


def test_listing_over_tls(tls_server: VsftpdServer, certificates: Certificates) -> None:
    result = fetch(
        parse(tls_server.url()),
        session=options(tls_server, certificates),
    )
    assert result.listing is not None
    assert {"readme.txt", "binary.dat", "big.bin", "lines", "pub"} <= {
        e.name for e in result.listing.entries
    }
    commands = sent(result)
    assert commands[:1] == (["USER anonymous"] if tls_server.implicit else ["AUTH TLS"])
    assert commands.index("PBSZ 0") < commands.index("PROT P") < commands.index("LIST")
    assert any("data connection in TLS" in c and "session resumed" in c for c in connects(result))
    assert result.tls is not None
    assert result.tls.mode == ("implicit" if tls_server.implicit else "explicit")


@pytest.mark.parametrize("name", [*sorted(LINE_FILES), "binary.dat", "ünïcode.txt"])
def test_download_over_tls_is_byte_identical(
    tls_server: VsftpdServer, certificates: Certificates, tmp_path: Path, name: str
) -> None:
    from urllib.parse import quote

    target = tmp_path / "saved"
    result = fetch_to_path(
        parse(tls_server.url(quote(name))),
        target,
        session=options(tls_server, certificates),
    )
    assert target.read_bytes() == FILES[name]
    assert "PROT P" in sent(result)


def test_a_big_download_over_tls(tls_server: VsftpdServer, certificates: Certificates) -> None:
    result = fetch(
        parse(tls_server.url("big.bin")),
        session=options(tls_server, certificates),
    )
    assert result.data == big_bytes()


def test_the_certificate_is_shown(tls_server: VsftpdServer, certificates: Certificates) -> None:
    result = fetch(
        parse(tls_server.url("readme.txt")),
        session=options(tls_server, certificates),
    )
    assert result.tls is not None
    cert = result.tls.certificate
    assert cert.verified
    assert cert.subject == "CN=localhost"
    assert cert.issuer == "CN=urlinspector test CA,O=urlinspector tests"  # RFC 4514 §2.1
    assert cert.not_before is not None
    assert cert.not_after is not None
    assert cert.not_before < cert.not_after
    assert cert.names == ("localhost", "127.0.0.1")
    assert cert.sha256 == fingerprint(certificates.cert)
    assert result.tls.version.startswith("TLSv1.")
    assert any(cert.sha256 in line and "CN=localhost" in line for line in connects(result))


def test_plain_ftp_to_a_tls_server_stays_plain_and_says_tls_is_offered(
    vsftpd_explicit: VsftpdServer,
) -> None:
    """Without --tls an ftp URL is what it says: plain; the transcript notes the offer."""
    result = fetch(parse(vsftpd_explicit.url("readme.txt")))
    assert result.data == FILES["readme.txt"]
    assert result.tls is None
    assert "AUTH TLS" not in sent(result)
    assert any("offers TLS" in line.text for line in result.transcript if line.kind == "note")


# --- no downgrade -------------------------------------------------------------------------


def test_ftps_to_a_server_without_tls_fails_without_clear_text(
    ftp_server: PyftpdlibServer, trusted: TLSOptions
) -> None:
    url = f"ftps://{ftp_server.authority}/readme.txt"
    with pytest.raises(ConnectFailed, match=r"TLS with the FTP server at .* failed") as caught:
        fetch(parse(url), session=Session(tls=trusted))
    assert "nothing was sent in clear text" in str(caught.value)


def test_auth_tls_refused_is_an_error_and_no_login_is_sent(
    ftp_server: PyftpdlibServer, trusted: TLSOptions
) -> None:
    from urlinspector.schemes.ftp.transcript import Transcript

    transcript = Transcript()
    with pytest.raises(TLSRefused, match="refused AUTH TLS"):
        fetch(
            parse(ftp_server.url("readme.txt")),
            session=Session(tls=trusted, auth_tls=True, transcript=transcript.add),
        )
    assert [c for c in transcript.commands() if c != "QUIT"] == ["AUTH TLS"]


@pytest.mark.parametrize("which", ["system store", "another CA"])
def test_an_untrusted_certificate_is_refused(
    tls_server: VsftpdServer, certificates: Certificates, which: str
) -> None:
    cafile = None if which == "system store" else str(certificates.other_ca)
    tls = TLSOptions(cafile=cafile)
    with pytest.raises(ConnectFailed, match="certificate that cannot be trusted") as caught:
        fetch(
            parse(tls_server.url("readme.txt")),
            session=Session(tls=tls, auth_tls=not tls_server.implicit),
        )
    assert "--cacert" in str(caught.value)


def test_insecure_accepts_the_certificate_and_says_so(tls_server: VsftpdServer) -> None:
    tls = TLSOptions(insecure=True)
    result = fetch(
        parse(tls_server.url("readme.txt")),
        session=Session(tls=tls, auth_tls=not tls_server.implicit),
    )
    assert result.data == FILES["readme.txt"]
    assert result.tls is not None
    assert not result.tls.certificate.verified
    assert any("NOT verified" in line for line in connects(result))


# --- the command line -----------------------------------------------------------------------


def test_cli_ftps_download_and_transcript(
    vsftpd_implicit: VsftpdServer,
    certificates: Certificates,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    target = tmp_path / "latin1.txt"
    status = main(
        [
            "fetch", "--allow-local", "--cacert", str(certificates.ca), "--transcript",
            "-o", str(target), vsftpd_implicit.url("lines/latin1.txt"),
        ]
    )  # fmt: skip
    _, err = capsys.readouterr()
    assert status == 0, err
    assert target.read_bytes() == LINE_FILES["lines/latin1.txt"]
    assert "* implicit TLS (ftps): TLSv1." in err
    assert fingerprint(certificates.cert) in err
    assert "> PROT P" in err.splitlines()


def test_cli_tls_option_uses_auth_tls(
    vsftpd_explicit: VsftpdServer, certificates: Certificates, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        ["fetch", "--allow-local", "--tls", "--cacert", str(certificates.ca), vsftpd_explicit.url()]
    )
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "readme.txt" in out
    assert "note: AUTH TLS (RFC 4217): TLSv1." in err
    assert "CN=localhost" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tls"], "refused AUTH TLS"),
        ([], "TLS with the FTP server"),
    ],
)
def test_cli_no_downgrade(
    ftp_server: PyftpdlibServer,
    certificates: Certificates,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    url = ftp_server.url("readme.txt") if argv else f"ftps://{ftp_server.authority}/readme.txt"
    status = main(["fetch", "--allow-local", "--cacert", str(certificates.ca), *argv, url])
    out, err = capsys.readouterr()
    assert status == 1
    assert out == ""
    assert message in err


def test_cli_untrusted_certificate(
    vsftpd_implicit: VsftpdServer, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["fetch", "--allow-local", vsftpd_implicit.url("readme.txt")])
    out, err = capsys.readouterr()
    assert status == 1
    assert out == ""
    assert "cannot be trusted" in err
    assert "--insecure" in err


# --- cancel ----------------------------------------------------------------------------------


def test_cancel_mid_download_over_tls_sends_abor(
    tls_server: VsftpdServer, certificates: Certificates, tmp_path: Path
) -> None:
    """ABOR goes on the TLS control connection (an SSL socket takes no MSG_OOB), the
    connection is closed, and no file is left."""
    import time

    from urlinspector.net.errors import Cancelled
    from urlinspector.net.limits import CancelToken
    from urlinspector.schemes.ftp.transcript import Transcript

    token = CancelToken()
    transcript = Transcript()

    def progress(done: int, total: int | None) -> None:
        if done > 0:
            token.cancel()

    started = time.monotonic()
    with pytest.raises(Cancelled):
        fetch_to_path(
            parse(tls_server.url("big.bin")),
            tmp_path / "big.bin",
            session=replace(
                options(tls_server, certificates),
                cancel=token,
                progress=progress,
                transcript=transcript.add,
            ),
        )
    assert time.monotonic() - started < 10
    assert transcript.commands()[-1] == "ABOR"
    assert transcript.lines[-1].text == "connection closed"
    assert list(tmp_path.iterdir()) == []
