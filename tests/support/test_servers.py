"""The shared fake servers do what the tests rely on: the client's lines are recorded,
a drip ends when the client hangs up, and the FTP dialogue's data listener is on
127.0.0.1 whatever its PASV reply names."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.support.fake_ftp import ftp_dialogue
from tests.support.servers import ScriptedServer, closes, replies, silent, trickles
from tests.support.waiting import accepted_before, wait_until


@pytest.fixture
def started() -> Iterator[list[ScriptedServer]]:
    servers: list[ScriptedServer] = []
    yield servers
    for server in servers:
        server.close(5)


def start(servers: list[ScriptedServer], server: ScriptedServer) -> ScriptedServer:
    servers.append(server)
    return server


def talk(server: ScriptedServer, send: bytes) -> bytes:
    """Send *send*, then read until the server closes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(send)
        got = b""
        while chunk := conn.recv(4096):
            got += chunk
    return got


@pytest.mark.parametrize(
    ("send", "lines"),
    [
        (b"selector\r\n", [b"selector"]),
        (b"\r\n", [b""]),  # an empty selector is still a request
        (b"no line end", [b"no line end"]),  # what came before the client hung up
    ],
)
def test_replies_records_the_request(
    started: list[ScriptedServer], send: bytes, lines: list[bytes]
) -> None:
    server = start(started, ScriptedServer(replies(b"answer"), threaded=False))
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(send)
        if not send.endswith(b"\n"):
            conn.shutdown(socket.SHUT_WR)
        got = conn.makefile("rb").read()
    assert got == b"answer"
    server.close(5)
    assert server.received == lines


def test_a_trickle_stops_when_the_client_hangs_up(started: list[ScriptedServer]) -> None:
    server = start(started, ScriptedServer(trickles(b"x" * 1000, 0.01), threaded=False))
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(b"\r\n")
        assert conn.recv(1) == b"x"
    assert server.hung_up.wait(10)
    assert 0 < server.sent < 1000


def test_a_silent_server_ends_with_the_test(started: list[ScriptedServer]) -> None:
    server = start(started, ScriptedServer(silent))
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    with conn:
        wait_until(lambda: server.accepted == 1, what="the connection")
        server.close(5)  # returns: the handler ends when the test does
        assert conn.recv(1) == b""


def test_a_probe_counts_only_earlier_connections(started: list[ScriptedServer]) -> None:
    server = start(started, ScriptedServer(closes, threaded=False))
    assert accepted_before(server.port, lambda: server.peers) == 0
    talk(server, b"")
    assert accepted_before(server.port, lambda: server.peers) == 2  # one, and a probe
    assert server.received == []  # a probe sends nothing


@pytest.mark.parametrize("named", [b"127.0.0.1", b"127.0.0.2", b"192.0.2.1"])
def test_the_pasv_data_listener_is_on_loopback_whatever_it_names(
    started: list[ScriptedServer], named: bytes
) -> None:
    server = start(
        started,
        ScriptedServer(ftp_dialogue(data=lambda conn, _: conn.sendall(b"data"), pasv_host=named)),
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as control:
        replies_ = control.makefile("rb")
        assert replies_.readline() == b"220 ready\r\n"
        control.sendall(b"PASV\r\n")
        pasv = replies_.readline()
        assert pasv.startswith(b"227 Entering Passive Mode (" + named.replace(b".", b","))
        numbers = pasv[pasv.index(b"(") + 1 : pasv.index(b")")].split(b",")
        port = int(numbers[4]) * 256 + int(numbers[5])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as data:
            control.sendall(b"RETR x\r\n")
            assert replies_.readline() == b"150 here it comes\r\n"
            assert data.makefile("rb").read() == b"data"
        assert replies_.readline() == b"226 done\r\n"
    server.close(5)
    assert server.received == [b"PASV", b"RETR x"]
