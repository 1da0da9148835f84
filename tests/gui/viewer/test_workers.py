"""Jobs on the pool thread: results, errors, Stop, the item queue and the password
question, delivered on the GUI thread."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import QObject, QThread, Slot

from tests.gui.helpers import stop_runner
from urlinspector.gui.viewer.workers import Job, JobContext, JobRunner
from urlinspector.net.errors import Cancelled
from urlinspector.net.limits import Limits
from urlinspector.net.session import Session
from urlinspector.net.tls import TLSOptions


class Receiver(QObject):
    """Records what a job reports, and on which thread."""

    def __init__(self, job: Job) -> None:
        super().__init__()
        self.job = job
        self.results: list[object] = []
        self.errors: list[object] = []
        self.items: list[object] = []
        self.item_signals = 0
        self.passwords: list[tuple[str, str]] = []
        self.threads: set[object] = set()
        signals = job.signals
        signals.finished.connect(self.finished)
        signals.failed.connect(self.failed)
        signals.itemsReady.connect(self.items_ready)
        signals.passwordNeeded.connect(self.password)

    @Slot(object)
    def finished(self, result: object) -> None:
        self.threads.add(QThread.currentThread())
        self.results.append(result)

    @Slot(object)
    def failed(self, error: object) -> None:
        self.threads.add(QThread.currentThread())
        self.errors.append(error)

    @Slot()
    def items_ready(self) -> None:
        self.item_signals += 1
        self.items.extend(self.job.context.take_items())

    @Slot(str, str)
    def password(self, user: str, where: str) -> None:
        self.passwords.append((user, where))


@pytest.fixture
def runner(app: Any) -> Any:
    pool = JobRunner()
    yield pool
    stop_runner(pool)


def run(qtbot: Any, runner: JobRunner, task: Any) -> Receiver:
    job = Job(task)
    receiver = Receiver(job)
    runner.start(job)
    return receiver


def test_the_result_arrives_on_the_gui_thread(qtbot: Any, runner: JobRunner) -> None:
    worker_threads: list[object] = []

    def task(ctx: JobContext) -> int:
        worker_threads.append(threading.current_thread())
        return 42

    receiver = run(qtbot, runner, task)
    qtbot.waitUntil(lambda: receiver.results == [42], timeout=5000)
    assert receiver.threads == {QThread.currentThread()}
    assert worker_threads[0] is not threading.main_thread()


def test_an_error_is_reported_not_raised(qtbot: Any, runner: JobRunner) -> None:
    def task(ctx: JobContext) -> None:
        raise ValueError("broken")

    receiver = run(qtbot, runner, task)
    qtbot.waitUntil(lambda: bool(receiver.errors), timeout=5000)
    assert isinstance(receiver.errors[0], ValueError)
    assert receiver.results == []


def test_items_arrive_in_order_with_few_signals(qtbot: Any, runner: JobRunner) -> None:
    count = 20000

    def task(ctx: JobContext) -> str:
        for n in range(count):
            ctx.push_item(n)
        return "done"

    receiver = run(qtbot, runner, task)
    qtbot.waitUntil(lambda: receiver.results == ["done"], timeout=10000)
    receiver.items.extend(receiver.job.context.take_items())
    assert receiver.items == list(range(count))
    assert receiver.item_signals < count / 10


def test_cancel_stops_a_task_that_checks_the_token(qtbot: Any, runner: JobRunner) -> None:
    started = threading.Event()

    def task(ctx: JobContext) -> None:
        started.set()
        while True:
            ctx.token.check()
            time.sleep(0.01)  # a task at work, checking for Stop between steps

    receiver = run(qtbot, runner, task)
    assert started.wait(5)
    receiver.job.cancel()
    assert receiver.job.wait(2)
    qtbot.waitUntil(lambda: bool(receiver.errors), timeout=2000)
    assert isinstance(receiver.errors[0], Cancelled)


def test_the_password_question_waits_for_the_answer(qtbot: Any, runner: JobRunner) -> None:
    def task(ctx: JobContext) -> str | None:
        return ctx.ask_password("alice", "host:21")

    receiver = run(qtbot, runner, task)
    qtbot.waitUntil(lambda: receiver.passwords == [("alice", "host:21")], timeout=5000)
    assert receiver.results == []
    receiver.job.answer_password("secret")
    qtbot.waitUntil(lambda: receiver.results == ["secret"], timeout=5000)


def test_stop_while_the_password_is_asked(qtbot: Any, runner: JobRunner) -> None:
    def task(ctx: JobContext) -> str | None:
        return ctx.ask_password("alice", "host:21")

    receiver = run(qtbot, runner, task)
    qtbot.waitUntil(lambda: bool(receiver.passwords), timeout=5000)
    receiver.job.cancel()
    qtbot.waitUntil(lambda: bool(receiver.errors), timeout=5000)
    assert isinstance(receiver.errors[0], Cancelled)


def test_shutdown_cancels_and_waits(app: Any) -> None:
    pool = JobRunner()
    started = threading.Event()

    def task(ctx: JobContext) -> None:
        started.set()
        while True:
            ctx.token.check()
            time.sleep(0.01)  # a task at work, checking for Stop between steps

    job = pool.start(Job(task))
    assert started.wait(5)
    assert pool.running == (job,)
    assert pool.shutdown(5)
    assert job.done.is_set()
    assert pool.running == ()  # type: ignore[comparison-overlap]  # after the shutdown


def test_the_last_progress_arrives_before_the_result(qtbot: Any, runner: JobRunner) -> None:
    """Progress is sent at most every 50 ms; what was held back at the end is sent
    before the result, so the status line tells how much came (not "0 bytes")."""

    def task(ctx: JobContext) -> str:
        ctx.progress(0, None)
        ctx.progress(4096, None)  # within the interval: held back
        ctx.progress(12543, None)
        return "done"

    job = Job(task)
    seen: list[tuple[int, int | None]] = []
    job.signals.progress.connect(lambda done, total: seen.append((done, total)))
    receiver = Receiver(job)
    runner.start(job)
    qtbot.waitUntil(lambda: receiver.results == ["done"], timeout=5000)
    assert seen[0] == (0, None)
    assert seen[-1] == (12543, None)


def test_a_jobs_session_carries_its_stop_progress_transcript_and_password(app: Any) -> None:
    """The session a task hands the network layer is the viewer's made the job's: its
    settings kept, Stop its cancel token, and progress, transcript lines and the
    password question going to the job."""
    job = Job(lambda ctx: None)
    limits = Limits(total_timeout=5)
    tls = TLSOptions(insecure=True)
    viewer = Session(limits=limits, tls=tls, auth_tls=True, charset="latin-1")
    session = job.context.bind(viewer)
    assert session.limits is limits
    assert session.tls is tls
    assert session.auth_tls
    assert session.charset == "latin-1"
    assert session.cancel is job.token
    assert session.progress == job.context.progress
    assert session.transcript == job.context.transcript
    assert session.password == job.context.ask_password
    assert viewer.cancel is None  # the viewer's own session is left as it was
    job.cancel()
    assert session.cancel.cancelled
    heard: list[tuple[int, int | None]] = []
    own = job.context.bind(viewer, progress=lambda done, total: heard.append((done, total)))
    assert own.progress is not None
    own.progress(1, 2)
    assert heard == [(1, 2)]
