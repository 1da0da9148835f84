"""Timeouts, the in-memory cap, and cancellation, shared by every driver."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from urlinspector.net.errors import Cancelled

if TYPE_CHECKING:
    from urlinspector.net.policy import Guard

__all__ = ["CancelToken", "Limits"]

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """How long to wait and how much to keep in memory."""

    connect_timeout: float = 10.0
    """Seconds to wait for a connection."""
    read_timeout: float = 30.0
    """Seconds to wait for the next bytes once connected."""
    max_memory: int = 64 * MiB
    """Bytes kept in memory; bigger downloads stream to a file or fail with TooLarge."""
    total_timeout: float | None = None
    """Seconds the whole exchange may take (connect, send, every read), or None for no
    limit.  The read timeout alone never ends a server that sends one byte a second."""
    guard: Guard | None = None
    """The request policy (:class:`urlinspector.net.policy.Guard`): called with a host
    and the addresses it resolved to, before connecting to any, it raises to keep the
    request from being sent; the connection then goes to those addresses only.  It
    judges an ftp data connection too (:meth:`~urlinspector.net.policy.Guard.data`)."""


class CancelToken:
    """Set from any thread (the GUI's Stop); drivers check it between reads and close."""

    def __init__(self) -> None:
        import threading  # (loaded with the first token: a command-line fetch makes none)

        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` when cancel() has been called."""
        if self._event.is_set():
            raise Cancelled("stopped")
