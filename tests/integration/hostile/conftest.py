"""Fixtures of the hostile-server tests: ``hostile(behaviour)`` starts a gopher server
that misbehaves, ``talker(behaviour)`` a server that speaks first (FTP, NNTP); all stop
when the test ends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.integration.hostile.servers import Hostile, Start, Talk, Talker
from tests.support.servers import closed_at_end


@pytest.fixture
def hostile() -> Iterator[Start]:
    with closed_at_end(Hostile) as start:
        yield start


@pytest.fixture
def talker() -> Iterator[Talk]:
    with closed_at_end(Talker) as start:
        yield start
