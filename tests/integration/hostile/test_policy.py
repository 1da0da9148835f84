"""The request policy against local services: no request to a local service behind the
person's back."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import replace

import pytest

from tests.integration.hostile.servers import (
    FTP_LIMITS,
    UNIX_LINE,
    Talk,
    Talker,
    ftp_server,
    ftp_url,
)
from tests.support.waiting import accepted_before
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.ftp import fetch as ftp_fetch
from urlinspector.net.policy import Guard, Reach, Refused, permit_for
from urlinspector.net.session import Session
from urlinspector.schemes.transcript import TranscriptLine

pytestmark = pytest.mark.integration


# --- the request policy: no request to a local service behind the person's back --------------


def answers_ok(conn: socket.socket, server: Talker) -> None:
    server.read_line(conn)
    conn.sendall(b"+OK\r\n")


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "localhost", "127.1", "0x7f.1", "2130706433", "[::1]", "[::ffff:127.0.0.1]"],
)
def test_a_local_service_on_another_port_needs_allow_local(
    talker: Talk, host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """gopher to Redis, the textbook SSRF: whatever the host's spelling, the address it
    resolves to is judged, and nothing is sent without --allow-local."""
    server = talker(answers_ok)
    url = f"gopher://{host}:{server.port}/0FLUSHALL"
    assert main(["fetch", url, "--timeout", "5"]) == 2
    err = capsys.readouterr().err
    assert "a loopback address" in err
    assert "--allow-local" in err
    assert server.received == []
    assert accepted_before(server.port, lambda: server.peers) == 0  # (so nothing was sent)


@pytest.mark.parametrize(
    "url",
    ["ftp://127.0.0.1:{port}/x", "nntp://127.0.0.1:{port}/local.test/1"],
)
def test_other_schemes_to_a_local_port_need_allow_local_too(
    talker: Talk, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    server = talker(answers_ok)
    assert main(["fetch", url.format(port=server.port), "--timeout", "5"]) == 2
    assert "--allow-local" in capsys.readouterr().err
    assert accepted_before(server.port, lambda: server.peers) == 0


def test_allow_local_is_the_persons_word(talker: Talk, capsys: pytest.CaptureFixture[str]) -> None:
    server = talker(answers_ok)
    url = f"gopher://127.0.0.1:{server.port}/0FLUSHALL"
    assert main(["fetch", "--allow-local", url, "--timeout", "5"]) == 0
    assert server.received == [b"FLUSHALL"]
    assert "+OK" in capsys.readouterr().out


# --- an ftp data connection to another port of this machine ----------------------------------


@pytest.fixture
def second_listener() -> Iterator[socket.socket]:
    """Another service of this machine (Redis on 6379 in the wild), on 127.0.0.1: the
    port the fake server's PASV reply names, where the data connection is accepted if
    the client goes there."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        yield listener


def a_listing(conn: socket.socket, server: Talker) -> None:
    conn.sendall(UNIX_LINE)


def nobody_connected(listener: socket.socket) -> bool:
    """Whether no connection waits on *listener* (called once the client is done: a
    connection it made would be there, accepted or not)."""
    listener.setblocking(False)
    try:
        conn, _ = listener.accept()
    except BlockingIOError:
        return True
    conn.close()
    return False


def test_a_pasv_reply_naming_another_local_port_is_refused(
    talker: Talk, second_listener: socket.socket
) -> None:
    """A server on this machine, reached as ftp's own port 21 is (which a command line
    reaches without --allow-local), names another of its ports in the PASV reply: no
    connection goes there, and the message says how to allow it."""
    server = talker(ftp_server(data=a_listing, data_listener=second_listener))
    url = parse(ftp_url(server))
    guard = Guard(
        permit_for(url, reach=Reach.TYPED, command_line=True, port=21),  # as if on port 21
        "to connect anyway, repeat the command with --allow-local",
    )
    lines: list[TranscriptLine] = []
    session = Session(limits=replace(FTP_LIMITS, guard=guard), transcript=lines.append)
    with pytest.raises(Refused) as info:
        ftp_fetch(url, session=session)
    data_port = second_listener.getsockname()[1]
    assert f"asks for its data connection on 127.0.0.1:{data_port}" in str(info.value)
    assert "a loopback address" in str(info.value)
    assert str(info.value).endswith("repeat the command with --allow-local")
    assert [line.text for line in lines if line.kind == "command"][-2:] == ["PASV", "QUIT"]
    assert nobody_connected(second_listener)


def test_allow_local_lets_the_data_connection_go_to_another_local_port(
    talker: Talk, second_listener: socket.socket, capsys: pytest.CaptureFixture[str]
) -> None:
    server = talker(ftp_server(data=a_listing, data_listener=second_listener))
    assert main(["fetch", "--allow-local", ftp_url(server), "--timeout", "5"]) == 0
    assert "a.txt" in capsys.readouterr().out  # the listing came from the second listener
