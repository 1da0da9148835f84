"""Servers that stall, trickle, flood, hang up or speak another protocol, on loopback:
every case ends in a typed error with a message, within the limits given."""

from __future__ import annotations

import itertools
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from tests.support.ports import unused_port
from tests.support.waiting import accepted_before

from urlinspector.core import parse
from urlinspector.net.errors import Cancelled, ConnectFailed, NetTimeout, TooLarge
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.nntp import NewsClient, fetch_news
from urlinspector.net.session import Session
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp.url import parse_server

pytestmark = pytest.mark.integration

Serve = Callable[..., Any]
Handler = Callable[[socket.socket, Any], None]

GREETING = b"200 fake.example ready\r\n"
CAPABILITIES = b"101 list\r\nVERSION 2\r\nREADER\r\nOVER\r\n.\r\n"


def fast(**overrides: float) -> Limits:
    values = {"connect_timeout": 2.0, "read_timeout": 0.4, **overrides}
    return Limits(**values)  # type: ignore[arg-type]


def greet_then(after: Callable[[socket.socket, Any], None]) -> Handler:
    """Greet, answer CAPABILITIES, then hand over to *after* at the next command."""

    def handler(conn: socket.socket, server: Any) -> None:
        conn.sendall(GREETING)
        assert server.read_line(conn).startswith(b"CAPABILITIES")
        conn.sendall(CAPABILITIES)
        after(conn, server)

    return handler


def test_silent_server_times_out(serve: Serve) -> None:
    server = serve(lambda conn, s: s.stopping.wait(10))
    started = time.monotonic()
    with pytest.raises(NetTimeout) as caught:
        fetch_news(
            parse("news:local.test"), session=Session(limits=fast()), server=server.authority
        )
    assert "sent nothing for 0.4 s" in str(caught.value)
    assert f"127.0.0.1:{server.port}" in str(caught.value)
    assert time.monotonic() - started < 5


def test_stall_in_the_middle_of_a_reply(serve: Serve) -> None:
    def stall(conn: socket.socket, server: Any) -> None:
        server.read_line(conn)  # LIST ACTIVE
        conn.sendall(b"215 list follows\r\nlocal.test 3 1 y\r\n")
        server.stopping.wait(10)

    server = serve(greet_then(stall))
    with pytest.raises(NetTimeout, match=r"sent nothing for 0\.4 s"):
        fetch_news(parse("news:*"), session=Session(limits=fast()), server=server.authority)


def test_trickling_server_meets_the_total_timeout(
    serve: Serve,
) -> None:
    def trickle(conn: socket.socket, server: Any) -> None:
        server.read_line(conn)
        conn.sendall(b"215 list follows\r\n")
        server.drip(conn, itertools.repeat(b"x"), 0.05)  # until the client gives up

    server = serve(greet_then(trickle))
    started = time.monotonic()
    with pytest.raises(NetTimeout, match="took longer than the 1 s allowed"):
        fetch_news(
            parse("news:*"),
            session=Session(limits=fast(total_timeout=1.0)),
            server=server.authority,
        )
    assert time.monotonic() - started < 5


def test_endless_reply_is_too_large(serve: Serve) -> None:
    def flood(conn: socket.socket, server: Any) -> None:
        server.read_line(conn)
        conn.sendall(b"215 list follows\r\n")
        line = b"alt.flood.%08d 1 1 y\r\n"
        n = 0
        while not server.stopping.is_set():
            conn.sendall(b"".join(line % (n + i) for i in range(1000)))
            n += 1000

    server = serve(greet_then(flood))
    with pytest.raises(TooLarge, match="64 KiB"):
        fetch_news(
            parse("news:*"),
            session=Session(limits=Limits(read_timeout=5, max_memory=64 * 1024)),
            server=server.authority,
        )


def test_hang_up_in_the_middle_of_a_block(serve: Serve) -> None:
    def hang_up(conn: socket.socket, server: Any) -> None:
        server.read_line(conn)
        conn.sendall(b"215 list follows\r\nlocal.test 3 1 y\r\n")

    server = serve(greet_then(hang_up))
    with pytest.raises(RemoteProtocolError, match="middle of the reply to LIST"):
        fetch_news(parse("news:*"), session=Session(limits=fast()), server=server.authority)


def test_not_an_nntp_server(serve: Serve) -> None:
    server = serve(lambda conn, s: conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n"))
    with pytest.raises(RemoteProtocolError, match="not an NNTP status line"):
        fetch_news(
            parse("news:local.test"), session=Session(limits=fast()), server=server.authority
        )


def test_close_instead_of_greeting(serve: Serve) -> None:
    server = serve(lambda conn, s: None)
    with pytest.raises(RemoteProtocolError, match="closed the connection before its greeting"):
        fetch_news(
            parse("news:local.test"), session=Session(limits=fast()), server=server.authority
        )


def test_cancel_while_waiting(serve: Serve) -> None:
    server = serve(lambda conn, s: s.stopping.wait(10))
    token = CancelToken()
    timer = threading.Timer(0.2, token.cancel)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(Cancelled):
            fetch_news(
                parse("news:local.test"),
                session=Session(limits=Limits(), cancel=token),
                server=server.authority,
            )
    finally:
        timer.cancel()
    assert time.monotonic() - started < 5  # not the 30 s read timeout


def test_nothing_listening() -> None:
    port = unused_port()
    with pytest.raises(ConnectFailed, match="connection refused"):
        fetch_news(
            parse("news:local.test"), session=Session(limits=fast()), server=f"127.0.0.1:{port}"
        )


@pytest.mark.parametrize(
    "url", ["news:local.test%0D%0AQUIT", "news:a%0Ab@example.org", "news:local%00test"]
)
def test_unsafe_names_never_reach_a_server(serve: Serve, url: str) -> None:
    server = serve(lambda conn, s: conn.sendall(GREETING))
    with pytest.raises(LocalProtocolError, match="refused before anything was sent"):
        fetch_news(parse(url), session=Session(limits=fast()), server=server.authority)
    assert accepted_before(server.port, lambda: server.peers) == 0


def test_unsafe_name_on_an_open_connection_sends_nothing(
    serve: Serve,
) -> None:
    def idle(conn: socket.socket, server: Any) -> None:
        while server.read_line(conn) not in (b"", b"QUIT\r\n"):
            conn.sendall(b"500 What?\r\n")
        conn.sendall(b"205 bye\r\n")

    server = serve(greet_then(idle))
    with NewsClient(parse_server(server.authority), session=Session(limits=fast())) as client:
        with pytest.raises(LocalProtocolError, match="holds an LF"):
            client.overview_page("local.test\nQUIT")
        with pytest.raises(LocalProtocolError, match="holds a CR"):
            client.article(message_id="<a\r@b>")
    server.close()  # the handler has read all there was
    assert not any(b"local.test" in line for line in server.received)
    assert server.received[-1] == b"QUIT"
