"""wait_until returns as soon as the condition holds, and says what did not happen."""

from __future__ import annotations

import threading

import pytest

from tests.support.waiting import wait_until


def test_returns_once_another_thread_did_it() -> None:
    done: list[int] = []
    worker = threading.Timer(0.05, done.append, args=(1,))
    worker.start()
    wait_until(lambda: done, timeout=10, what="the worker's append")
    worker.join()
    assert done == [1]


def test_names_what_did_not_happen() -> None:
    with pytest.raises(TimeoutError, match=r"the impossible did not happen within 0\.05 s"):
        wait_until(lambda: False, timeout=0.05, what="the impossible")
