"""Fixtures of the hostile-server tests: ``hostile(behaviour)`` starts a gopher server
that misbehaves, ``talker(behaviour)`` a server that speaks first (FTP, NNTP); all stop
when the test ends."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator

import pytest

from tests.integration.hostile.servers import Hostile, Start, Talk, Talker


@pytest.fixture
def hostile() -> Iterator[Start]:
    servers: list[Hostile] = []

    def start(behaviour: Callable[[socket.socket], None]) -> Hostile:
        server = Hostile(behaviour)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def talker() -> Iterator[Talk]:
    servers: list[Talker] = []

    def start(behaviour: Callable[[socket.socket, Talker], None]) -> Talker:
        server = Talker(behaviour)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()
