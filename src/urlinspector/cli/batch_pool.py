"""Batch mode's worker processes: chunks of lines run in a pool, their results handed
back in input order, and none lost when a worker dies.

A worker can die under a chunk without raising anything the chunk could catch: the
kernel's out-of-memory killer, a signal, a crash in a C extension.  The pool is then
broken (:class:`~concurrent.futures.process.BrokenProcessPool`) and every chunk it had
not finished fails with it, though only one of them was the cause.  So each of those
chunks runs again alone, in a fresh worker of its own, and the rest of the input goes
to a fresh pool; a chunk whose own worker dies too is the cause, and each of its lines
gets an error document (:func:`lost_chunk`).  Chunks finished before the break keep
their results.  Nothing else is lost, and the order is the input's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["LOST_REASON", "ChunkRunner", "WorkerPool"]

C = TypeVar("C")
"""A chunk of input (picklable)."""
R = TypeVar("R")
"""A chunk's result (picklable)."""


@dataclass(frozen=True, slots=True)
class ChunkRunner(Generic[C, R]):
    """What the pool does with a chunk, and what it reports for a chunk it lost.

    *run* is called in a worker, so it and its chunks are pickled: a module-level
    function (or a picklable callable object).  *lost* is called here, with the chunk
    and the reason, for a chunk whose worker died twice."""

    run: Callable[[C], R]
    lost: Callable[[C, str], R]


@dataclass(slots=True)
class _Task(Generic[C, R]):
    chunk: C
    size: int
    future: Future[R] | None
    """None: the pool broke before this chunk was done; it runs again alone."""


LOST_REASON = (
    "the worker process stopped while processing these lines, and again when they were "
    "run alone in a fresh worker (killed by a signal, or out of memory): not processed"
)


class WorkerPool(Generic[C, R]):
    """*jobs* worker processes running chunks; :meth:`next_result` hands the results
    back in the order the chunks were submitted.

    At most ``jobs * depth`` chunks, and at most ``jobs * depth * budget`` bytes of
    input (but always *jobs* chunks, to keep every worker busy), are submitted and not
    yet handed back: :meth:`full` says when to take a result before submitting more.
    Results wait here until handed back, so bounding the input in flight bounds the
    memory the output takes."""

    def __init__(self, runner: ChunkRunner[C, R], jobs: int, *, depth: int, budget: int) -> None:
        self._runner = runner
        self._jobs = jobs
        self._most_chunks = jobs * depth
        self._most_bytes = jobs * depth * budget
        self._pending: deque[_Task[C, R]] = deque()
        self._bytes = 0
        self._pool = ProcessPoolExecutor(max_workers=jobs)

    # --- submitting and taking -------------------------------------------------------

    def submit(self, chunk: C, size: int) -> None:
        """Run *chunk* (*size*: its bytes of input) in a worker."""
        self._pending.append(_Task(chunk, size, self._submit(chunk)))
        self._bytes += size

    def full(self) -> bool:
        """Whether a result must be taken before more chunks are submitted."""
        count = len(self._pending)
        if count < self._jobs:
            return False
        return count >= self._most_chunks or self._bytes >= self._most_bytes

    def __bool__(self) -> bool:
        """Whether some chunk's result has not been handed back yet."""
        return bool(self._pending)

    def next_result(self) -> R:
        """The result of the oldest chunk not handed back yet (waiting for it)."""
        task = self._pending.popleft()
        self._bytes -= task.size
        if task.future is not None:
            try:
                return task.future.result()
            except BrokenProcessPool:
                self._replace_pool()
        return self._run_alone(task.chunk)

    def close(self, *, cancel: bool = False) -> None:
        """Stop the workers; with *cancel*, without waiting for the chunks in flight."""
        self._pool.shutdown(wait=not cancel, cancel_futures=cancel)

    # --- after a worker died ---------------------------------------------------------

    def _submit(self, chunk: C) -> Future[R]:
        try:
            return self._pool.submit(self._runner.run, chunk)
        except BrokenProcessPool:  # a worker died since the last result was taken
            self._replace_pool()
            return self._pool.submit(self._runner.run, chunk)

    def _replace_pool(self) -> None:
        """A fresh pool for the chunks to come; every chunk the broken one had not
        finished is marked to run again alone."""
        broken, self._pool = self._pool, ProcessPoolExecutor(max_workers=self._jobs)
        broken.shutdown(wait=False, cancel_futures=True)
        for task in self._pending:
            if task.future is not None and not _succeeded(task.future):
                task.future = None

    def _run_alone(self, chunk: C) -> R:
        """*chunk* run again in a fresh worker of its own; if that worker dies too, the
        chunk's lost-document result."""
        with ProcessPoolExecutor(max_workers=1) as alone:
            try:
                return alone.submit(self._runner.run, chunk).result()
            except BrokenProcessPool:
                return self._runner.lost(chunk, LOST_REASON)


def _succeeded(future: Future[R]) -> bool:
    """Whether *future* is done with a result (one finished before its pool broke)."""
    return future.done() and not future.cancelled() and future.exception() is None
