"""The viewer's fetches end against servers that drip one byte at a time: at the
overall deadline (VIEW_LIMITS has one), and at once on Stop, for every protocol."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.gui.helpers import stop_runner
from tests.gui.viewer.test_workers import Receiver
from tests.support.servers import ConnectionServer
from urlinspector.core import parse
from urlinspector.gui.viewer.tasks import ftp_task, gopher_task, news_task
from urlinspector.gui.viewer.workers import VIEW_LIMITS, Job, JobRunner
from urlinspector.net.errors import Cancelled, NetTimeout
from urlinspector.net.limits import Limits


class Dripper(ConnectionServer):
    """A server on 127.0.0.1 that sends *drip* every 0.05 s, for ever (a greeting or a
    menu that never ends)."""

    def __init__(self, drip: bytes) -> None:
        self.drip = drip
        self.sent = 0
        """How many drips went out."""
        super().__init__(self._drip, threaded=False)

    def _drip(self, conn: socket.socket) -> None:
        while not self.stopping.is_set():
            conn.sendall(self.drip)
            self.sent += 1
            time.sleep(0.05)

    def close(self, timeout: float = 5.0, *, wait_for_handlers: bool = True) -> None:
        super().close(timeout, wait_for_handlers=wait_for_handlers)


TASKS: dict[str, tuple[bytes, Callable[[int, Limits], Any]]] = {
    "gopher": (
        b"i",
        lambda port, limits: gopher_task(parse(f"gopher://127.0.0.1:{port}/"), limits=limits),
    ),
    "ftp": (b"2", lambda port, limits: ftp_task(parse(f"ftp://127.0.0.1:{port}/"), limits=limits)),
    "news": (
        b"2",
        lambda port, limits: news_task(parse(f"nntp://127.0.0.1:{port}/local.test"), limits=limits),
    ),
}


@pytest.fixture
def runner(app: Any) -> Iterator[JobRunner]:
    pool = JobRunner()
    yield pool
    stop_runner(pool)


@pytest.fixture(params=sorted(TASKS))
def dripping(request: pytest.FixtureRequest) -> Iterator[tuple[Dripper, Callable[..., Any]]]:
    drip, task = TASKS[request.param]
    server = Dripper(drip)
    yield server, task
    server.close()


def test_the_viewer_has_a_deadline() -> None:
    assert VIEW_LIMITS.total_timeout is not None


def test_a_dripping_server_ends_at_the_deadline(
    qtbot: Any, runner: JobRunner, dripping: tuple[Dripper, Callable[..., Any]]
) -> None:
    server, task = dripping
    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=1.0)
    job = Job(task(server.port, limits))
    receiver = Receiver(job)
    runner.start(job)
    qtbot.waitUntil(lambda: bool(receiver.errors), timeout=10000)
    assert isinstance(receiver.errors[0], NetTimeout)
    assert "took longer than the 1 s allowed" in str(receiver.errors[0])


def test_stop_ends_a_dripping_server_at_once(
    qtbot: Any, runner: JobRunner, dripping: tuple[Dripper, Callable[..., Any]]
) -> None:
    server, task = dripping
    limits = Limits(connect_timeout=2, read_timeout=30, total_timeout=None)
    job = Job(task(server.port, limits))
    receiver = Receiver(job)
    runner.start(job)
    qtbot.waitUntil(lambda: server.sent >= 10, timeout=5000)
    assert not receiver.errors  # still dripping
    job.cancel()
    assert job.wait(2)
    qtbot.waitUntil(lambda: bool(receiver.errors), timeout=3000)
    assert isinstance(receiver.errors[0], Cancelled)
