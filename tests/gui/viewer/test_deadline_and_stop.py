"""The viewer's fetches end against servers that drip one byte at a time: at the
overall deadline (VIEW_LIMITS has one), and at once on Stop, for every protocol."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.gui.helpers import stop_runner
from tests.gui.viewer.test_workers import Receiver
from tests.support.servers import ScriptedServer
from urlinspector.core import parse
from urlinspector.gui.viewer.tasks import ftp_task, gopher_task, news_task
from urlinspector.gui.viewer.workers import VIEW_LIMITS, Job, JobRunner
from urlinspector.net.errors import Cancelled, NetTimeout
from urlinspector.net.limits import Limits
from urlinspector.net.session import Session


def dripper(drip: bytes) -> ScriptedServer:
    """A server on 127.0.0.1 that sends *drip* every 0.05 s, for ever (a greeting or a
    menu that never ends); ``sent`` counts the drips."""
    return ScriptedServer(
        lambda conn, server: server.drip(conn, itertools.repeat(drip), 0.05), threaded=False
    )


TASKS: dict[str, tuple[bytes, Callable[[int, Session], Any]]] = {
    "gopher": (
        b"i",
        lambda port, session: gopher_task(parse(f"gopher://127.0.0.1:{port}/"), session),
    ),
    "ftp": (b"2", lambda port, session: ftp_task(parse(f"ftp://127.0.0.1:{port}/"), session)),
    "news": (
        b"2",
        lambda port, session: news_task(parse(f"nntp://127.0.0.1:{port}/local.test"), session),
    ),
}


@pytest.fixture
def runner(app: Any) -> Iterator[JobRunner]:
    pool = JobRunner()
    yield pool
    stop_runner(pool)


@pytest.fixture(params=sorted(TASKS))
def dripping(
    request: pytest.FixtureRequest,
) -> Iterator[tuple[ScriptedServer, Callable[..., Any]]]:
    drip, task = TASKS[request.param]
    server = dripper(drip)
    yield server, task
    server.close(5)


def test_the_viewer_has_a_deadline() -> None:
    assert VIEW_LIMITS.total_timeout is not None


def test_a_dripping_server_ends_at_the_deadline(
    qtbot: Any, runner: JobRunner, dripping: tuple[ScriptedServer, Callable[..., Any]]
) -> None:
    server, task = dripping
    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=1.0)
    job = Job(task(server.port, Session(limits=limits)))
    receiver = Receiver(job)
    runner.start(job)
    qtbot.waitUntil(lambda: bool(receiver.errors), timeout=10000)
    assert isinstance(receiver.errors[0], NetTimeout)
    assert "took longer than the 1 s allowed" in str(receiver.errors[0])


def test_stop_ends_a_dripping_server_at_once(
    qtbot: Any, runner: JobRunner, dripping: tuple[ScriptedServer, Callable[..., Any]]
) -> None:
    server, task = dripping
    limits = Limits(connect_timeout=2, read_timeout=30, total_timeout=None)
    job = Job(task(server.port, Session(limits=limits)))
    receiver = Receiver(job)
    runner.start(job)
    qtbot.waitUntil(lambda: server.sent >= 10, timeout=5000)
    assert not receiver.errors  # still dripping
    job.cancel()
    assert job.wait(2)
    qtbot.waitUntil(lambda: bool(receiver.errors), timeout=3000)
    assert isinstance(receiver.errors[0], Cancelled)
