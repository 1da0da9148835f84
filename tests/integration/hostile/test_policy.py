"""The request policy against local services: no request to a local service behind the
person's back."""

from __future__ import annotations

import socket

import pytest

from tests.integration.hostile.servers import (
    Talk,
    Talker,
)
from tests.support.waiting import accepted_before
from urlinspector.cli import main

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
