"""NNTPS and STARTTLS on loopback, with the test certificate (``tests/data/nntp/tls``):
the certificate is checked, and nothing is said in clear text after 382."""

from __future__ import annotations

import socket
import ssl
from collections.abc import Callable
from typing import Any

import pytest

from urlinspector.core import parse
from urlinspector.net.errors import ConnectFailed
from urlinspector.net.limits import Limits
from urlinspector.net.nntp import TranscriptLine, fetch_news
from urlinspector.net.session import Session
from urlinspector.net.tls import TLSOptions
from urlinspector.schemes.nntp import Credentials, OverviewPage

pytestmark = pytest.mark.integration

Serve = Callable[..., Any]
LIMITS = Limits(connect_timeout=5, read_timeout=5)
OVERVIEW = b"224 data\r\n1\tone\ta@b\t\t<1@b>\t\t\t\r\n2\ttwo\ta@b\t\t<2@b>\t\t\t\r\n.\r\n"
CAPS = b"101 caps\r\nVERSION 2\r\nREADER\r\nOVER\r\n.\r\n"


def reader_after(greeting: bytes, caps: bytes) -> Callable[[socket.socket, Any], None]:
    """A small reader server: CAPABILITIES, GROUP, OVER, QUIT."""

    def handler(conn: socket.socket, server: Any) -> None:
        conn.sendall(greeting)
        while line := server.read_line(conn):
            if line == b"CAPABILITIES\r\n":
                conn.sendall(caps)
            elif line == b"GROUP local.tls\r\n":
                conn.sendall(b"211 2 1 2 local.tls\r\n")
            elif line == b"OVER 1-2\r\n":
                conn.sendall(OVERVIEW)
            elif line == b"QUIT\r\n":
                conn.sendall(b"205 bye\r\n")
                return
            else:
                conn.sendall(b"500 What?\r\n")

    return handler


def test_nntps(
    serve: Serve, tls_server_context: ssl.SSLContext, tls_client_context: TLSOptions
) -> None:
    server = serve(reader_after(b"200 tls.example ready\r\n", CAPS), tls_server_context)
    lines: list[TranscriptLine] = []
    answer = fetch_news(
        parse("news:local.tls"),
        session=Session(tls=tls_client_context, limits=LIMITS, transcript=lines.append),
        server=f"nntps://localhost:{server.port}",
    )
    assert answer.server.tls
    assert answer.server.address.tls
    assert isinstance(answer.result, OverviewPage)
    assert [e.subject for e in answer.result.entries] == ["two", "one"]
    assert "NNTPS" in lines[0].text


def test_nntps_untrusted_certificate(serve: Serve, tls_server_context: ssl.SSLContext) -> None:
    server = serve(reader_after(b"200 tls.example ready\r\n", CAPS), tls_server_context)
    with pytest.raises(ConnectFailed, match="certificate that cannot be trusted"):
        fetch_news(
            parse("news:local.tls"),
            session=Session(limits=LIMITS),
            server=f"nntps://localhost:{server.port}",
        )


def starttls_server(tls_server_context: ssl.SSLContext) -> Callable[[socket.socket, Any], None]:
    """Offers STARTTLS; after it, offers AUTHINFO USER and wants a login for GROUP."""

    def handler(conn: socket.socket, server: Any) -> None:
        conn.sendall(b"200 tls.example ready\r\n")
        assert server.read_line(conn) == b"CAPABILITIES\r\n"
        conn.sendall(b"101 caps\r\nVERSION 2\r\nREADER\r\nSTARTTLS\r\nOVER\r\n.\r\n")
        assert server.read_line(conn) == b"STARTTLS\r\n"
        conn.sendall(b"382 Continue with TLS negotiation\r\n")
        with tls_server_context.wrap_socket(conn, server_side=True) as tls:
            after_tls(tls, server)

    def after_tls(conn: socket.socket, server: Any) -> None:
        logged_in = False
        while line := server.read_line(conn):
            if line == b"CAPABILITIES\r\n":
                conn.sendall(b"101 caps\r\nVERSION 2\r\nREADER\r\nAUTHINFO USER\r\nOVER\r\n.\r\n")
            elif line == b"GROUP local.tls\r\n":
                conn.sendall(b"211 0 1 0 local.tls\r\n" if logged_in else b"480 Log in\r\n")
            elif line == b"AUTHINFO USER reader\r\n":
                conn.sendall(b"381 Password\r\n")
            elif line == b"AUTHINFO PASS s3cret\r\n":
                logged_in = True
                conn.sendall(b"281 Welcome\r\n")
            elif line == b"QUIT\r\n":
                conn.sendall(b"205 bye\r\n")
                return
            else:
                conn.sendall(b"500 What?\r\n")

    return handler


def test_starttls_then_login(
    serve: Serve, tls_server_context: ssl.SSLContext, tls_client_context: TLSOptions
) -> None:
    server = serve(starttls_server(tls_server_context))
    lines: list[TranscriptLine] = []
    answer = fetch_news(
        parse("news:local.tls"),
        session=Session(tls=tls_client_context, limits=LIMITS, transcript=lines.append),
        server=f"localhost:{server.port}",
        credentials=Credentials("reader", "s3cret"),
    )
    assert answer.server.tls
    assert answer.server.authenticated_as == "reader"
    assert answer.server.notes == ()
    shown = [line.render() for line in lines]
    assert "# TLS started (STARTTLS, RFC 4642)" in shown
    # the login was read from the TLS socket: in clear text the server takes only
    # CAPABILITIES and STARTTLS (its handler asserts so)
    server.close()  # the handler has read all there was
    assert b"AUTHINFO PASS s3cret" in server.received


def test_starttls_untrusted_certificate_stops(
    serve: Serve, tls_server_context: ssl.SSLContext
) -> None:
    server = serve(starttls_server(tls_server_context))
    with pytest.raises(ConnectFailed, match="certificate that cannot be trusted"):
        fetch_news(
            parse("news:local.tls"),
            session=Session(limits=LIMITS),
            server=f"localhost:{server.port}",
            credentials=Credentials("reader", "s3cret"),
        )
    server.close()  # the handler has read all there was
    assert not any(b"AUTHINFO" in line or b"GROUP" in line for line in server.received)


def test_a_news_server_is_never_pinned() -> None:
    """A pin turns verification off (the fingerprint is what is compared); news has no
    such comparison, so it is refused before connecting instead of trusting anyone."""
    with pytest.raises(ValueError, match="never pinned"):
        fetch_news(
            parse("news:local.tls"),
            session=Session(tls=TLSOptions(pinned=":".join(["AB"] * 32)), limits=LIMITS),
            server="nntps://localhost:9",
        )
