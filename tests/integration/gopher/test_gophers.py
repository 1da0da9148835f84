"""Gopher over TLS (``gophers://``) against gophernicus behind a TLS terminator on
127.0.0.1: the same bytes as in clear text, the certificate shown, links that stay
encrypted, and every failure of TLS a clear error that sends nothing in clear text."""

from __future__ import annotations

import io
import socket
from collections.abc import Iterator

import pytest
from tests.integration.gopher.conftest import BINARY, TLSGopher
from tests.support.servers import ScriptedServer
from tests.support.waiting import accepted_before

from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.errors import ConnectFailed, NetError, NetTimeout
from urlinspector.net.gopher import GopherReply, fetch
from urlinspector.net.limits import Limits
from urlinspector.net.session import Session
from urlinspector.net.sink import Raw
from urlinspector.net.tls import TLSOptions, UntrustedCertificate, fingerprint

pytestmark = pytest.mark.integration

LIMITS = Limits(connect_timeout=5, read_timeout=5, total_timeout=30)
SHORT = Limits(connect_timeout=2, read_timeout=2, total_timeout=10)


def raw(url: str, tls: TLSOptions | None = None) -> tuple[bytes, GopherReply]:
    """The octets the server sent for *url*, as they came, and the reply."""
    out = io.BytesIO()
    session = Session(limits=LIMITS, tls=tls or TLSOptions())
    reply = fetch(parse(url), session=session, sink=Raw(out))
    return out.getvalue(), reply


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/", "menu"),
        ("/1/folder", "menu"),
        ("/0/hello.txt", "text"),
        ("/9/data.bin", "binary"),
    ],
)
def test_same_octets_over_tls_as_in_clear_text(
    gophers_server: TLSGopher, path: str, kind: str
) -> None:
    plain, plain_reply = raw(gophers_server.plain(path))
    secret, reply = raw(gophers_server.tls(path), TLSOptions(cafile=str(gophers_server.files.ca)))
    assert reply.kind == plain_reply.kind == kind
    assert reply.complete
    assert plain_reply.complete
    assert len(plain) > 20
    assert secret == plain
    if kind == "binary":
        assert secret == BINARY
    assert plain_reply.certificate is None


def test_the_certificate_is_described(gophers_server: TLSGopher) -> None:
    files = gophers_server.files
    reply = fetch(
        parse(gophers_server.tls()),
        session=Session(limits=LIMITS, tls=TLSOptions(cafile=str(files.ca))),
    )
    cert = reply.certificate
    assert cert is not None
    assert cert.subject == "CN=localhost"
    assert cert.issuer == "CN=urlinspector test CA"
    assert cert.sha256 == fingerprint(files.der(files.server_cert))
    assert len(cert.sha256) == 95  # 32 octets as hex pairs with colons
    assert cert.not_before < cert.not_after
    assert cert.names == ("localhost", "127.0.0.1")
    assert cert.trust == f"verified against {files.ca}"
    assert cert.protocol.startswith("TLSv1.")


def test_menu_items_of_the_same_server_stay_encrypted(gophers_server: TLSGopher) -> None:
    files = gophers_server.files
    reply = fetch(
        parse(gophers_server.tls()),
        session=Session(limits=LIMITS, tls=TLSOptions(cafile=str(files.ca))),
    )
    links = {item.display: item.url for item in reply.items if item.url}
    own = f"gophers://127.0.0.1:{gophers_server.tls_port}/"
    assert links["hello.txt"] == own + "0/hello.txt"
    assert links["folder"] == own + "1/folder/"
    text = fetch(
        parse(links["hello.txt"]),
        session=Session(limits=LIMITS, tls=TLSOptions(cafile=str(files.ca))),
    )
    assert text.certificate is not None
    assert b"Hello from the test gopher hole." in (text.body or b"")


class Recorder(ScriptedServer):
    """A clear-text server that records what each connection sent it first (in
    :attr:`first_reads`: a TLS ClientHello need not hold a line end), and answers like a
    plain gopher server (an error menu)."""

    def __init__(self) -> None:
        self.first_reads: list[bytes] = []
        super().__init__(self._answer, threaded=False, timeout=1)

    def _answer(self, conn: socket.socket, server: ScriptedServer) -> None:
        self.first_reads.append(conn.recv(65536))
        conn.sendall(b"3'/' does not exist\t\terror.host\t1\r\n.\r\n")


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    server = Recorder()
    yield server
    server.close(5)


def test_no_clear_text_retry_when_the_server_does_not_speak_tls(recorder: Recorder) -> None:
    url = f"gophers://127.0.0.1:{recorder.port}/0/secret-selector"
    with pytest.raises(ConnectFailed, match="nothing was sent") as failed:
        fetch(parse(url), session=Session(limits=SHORT))
    assert "TLS" in str(failed.value)
    assert accepted_before(recorder.port, lambda: recorder.peers) == 1  # no second one
    recorder.close(5)  # (its handler joined)
    assert len(recorder.first_reads) == 2  # the fetch's, and the probe's (nothing)
    assert recorder.first_reads[0][:1] == b"\x16"  # a TLS handshake record (ClientHello)
    assert b"secret-selector" not in b"".join(recorder.first_reads)


def test_tls_against_the_clear_text_gophernicus_fails(gophers_server: TLSGopher) -> None:
    url = f"gophers://127.0.0.1:{gophers_server.plain_port}/"
    with pytest.raises((ConnectFailed, NetTimeout)) as failed:
        fetch(parse(url), session=Session(limits=SHORT))
    assert "nothing was sent" in str(failed.value)
    assert "TLS" in str(failed.value)


@pytest.mark.parametrize(
    ("port_of", "cafile", "reason"),
    [
        ("tls_port", False, "unable to get local issuer certificate"),
        ("wrong_name_port", True, "IP address mismatch"),
        ("wrong_name_port", False, "unable to get local issuer certificate"),
    ],
)
def test_a_certificate_that_cannot_be_trusted(
    gophers_server: TLSGopher, port_of: str, cafile: bool, reason: str
) -> None:
    files = gophers_server.files
    port = getattr(gophers_server, port_of)
    options = TLSOptions(cafile=str(files.ca) if cafile else None)
    with pytest.raises(UntrustedCertificate) as failed:
        fetch(parse(f"gophers://127.0.0.1:{port}/"), session=Session(limits=LIMITS, tls=options))
    error = failed.value
    assert reason in error.reason
    assert "nothing was sent" in str(error)
    assert error.certificate is not None  # shown, for a person to judge
    wrong = port_of == "wrong_name_port"
    assert error.certificate.subject == ("CN=wrong.example" if wrong else "CN=localhost")
    assert error.certificate.sha256 in str(error)


@pytest.mark.parametrize("how", ["insecure", "pinned"])
def test_an_untrusted_certificate_accepted_on_purpose(gophers_server: TLSGopher, how: str) -> None:
    files = gophers_server.files
    pin = fingerprint(files.der(files.wrong_cert))
    options = TLSOptions(insecure=True) if how == "insecure" else TLSOptions(pinned=pin)
    url = f"gophers://127.0.0.1:{gophers_server.wrong_name_port}/0/hello.txt"
    reply = fetch(parse(url), session=Session(limits=LIMITS, tls=options))
    assert b"Hello from the test gopher hole." in (reply.body or b"")
    assert reply.certificate is not None
    assert reply.certificate.sha256 == pin
    assert "not verified" in reply.certificate.trust


def test_a_pinned_certificate_that_changed(gophers_server: TLSGopher) -> None:
    files = gophers_server.files
    options = TLSOptions(pinned=fingerprint(files.der(files.wrong_cert)))
    with pytest.raises(UntrustedCertificate, match="another certificate than the one accepted"):
        fetch(parse(gophers_server.tls()), session=Session(limits=LIMITS, tls=options))


def test_a_ca_file_that_cannot_be_read(gophers_server: TLSGopher) -> None:
    with pytest.raises(NetError, match="cannot read the CA certificates"):
        fetch(
            parse(gophers_server.tls()),
            session=Session(limits=LIMITS, tls=TLSOptions(cafile="/nonexistent/ca.pem")),
        )


# --- the command line ----------------------------------------------------------------------


def test_cli_fetches_a_menu_and_shows_the_certificate(
    gophers_server: TLSGopher, capsys: pytest.CaptureFixture[str]
) -> None:
    files = gophers_server.files
    args = ["fetch", gophers_server.tls(), "--cacert", str(files.ca), "--transcript"]
    assert main([*args, "--allow-local"]) == 0
    out, err = capsys.readouterr()
    assert f"gophers://127.0.0.1:{gophers_server.tls_port}/0/hello.txt" in out
    assert "connecting to 127.0.0.1:" in err
    assert "(TLS)" in err
    assert "certificate subject: CN=localhost" in err
    assert "certificate issuer: CN=urlinspector test CA" in err
    assert f"certificate SHA-256: {fingerprint(files.der(files.server_cert))}" in err
    assert "certificate valid: " in err


@pytest.mark.parametrize(
    ("extra", "status", "says"),
    [
        ((), 1, "--cacert FILE"),
        (("--insecure",), 0, "certificate not verified (--insecure)"),
    ],
)
def test_cli_untrusted_certificate(
    gophers_server: TLSGopher,
    capsys: pytest.CaptureFixture[str],
    extra: tuple[str, ...],
    status: int,
    says: str,
) -> None:
    url = gophers_server.tls("/0/hello.txt")
    assert main(["fetch", url, "--allow-local", "--transcript", *extra]) == status
    out, err = capsys.readouterr()
    assert says in err
    assert "certificate subject: CN=localhost" in err
    assert ("Hello from the test gopher hole." in out) == (status == 0)
