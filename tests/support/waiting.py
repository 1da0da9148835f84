"""Waiting for what another thread or process does, up to a deadline, instead of
sleeping a fixed time and hoping it happened."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Sequence

__all__ = ["accepted_before", "wait_until"]


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


def accepted_before(
    port: int, peers: Callable[[], Sequence[object]], *, host: str = "127.0.0.1"
) -> int:
    """How many connections the server on *port* accepted before this call.

    It connects once more and waits until the server lists this connection's address
    among its *peers* (in the order it accepted them).  A listener accepts connections
    in the order they were made, so any connection made before the call is counted:
    asserting that none was made needs no sleep."""
    with socket.create_connection((host, port), timeout=10) as probe:
        mine = probe.getsockname()
        wait_until(lambda: mine in peers(), what="the server's accepting the probe")
        return list(peers()).index(mine)
