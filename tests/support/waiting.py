"""Waiting for what another thread or process does, up to a deadline, instead of
sleeping a fixed time and hoping it happened."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["wait_until"]


def wait_until(
    condition: Callable[[], object], *, timeout: float = 10.0, what: str = "the condition"
) -> None:
    """Return as soon as *condition()* is true; raise :class:`TimeoutError` naming
    *what* when it is still false after *timeout* seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            raise TimeoutError(f"{what} did not happen within {timeout:g} s")
        time.sleep(0.01)
