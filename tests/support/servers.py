"""The one threaded TCP server the fake servers of the tests are made of: it listens on
a port the system chooses, runs a handler for each connection it accepts and records
the peers in the order accepted (see :func:`tests.support.waiting.accepted_before`)."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable

__all__ = ["ConnectionServer"]


class ConnectionServer:
    """A TCP server on *host* that runs *handle(conn)* for each connection it accepts:
    each in a thread of its own, or (*threaded* false) one after the other in the
    accepting thread.  The connection is closed when *handle* returns; an ``OSError``
    in it (the client hung up) ends that connection only.  :attr:`stopping` is set by
    :meth:`close`, for handlers that wait."""

    def __init__(
        self,
        handle: Callable[[socket.socket], None],
        host: str = "127.0.0.1",
        *,
        threaded: bool = True,
    ) -> None:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.listener = socket.create_server((host, 0), family=family)
        self.listener.settimeout(0.05)
        self.host = host
        self.port: int = self.listener.getsockname()[1]
        self.handle = handle
        self.threaded = threaded
        self.peers: list[tuple[str, int]] = []
        """The address of each connection, in the order accepted."""
        self.stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    @property
    def accepted(self) -> int:
        """How many connections were accepted."""
        return len(self.peers)

    def _accept(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, peer = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.peers.append(peer)
            if not self.threaded:
                self._run(conn)
                continue
            thread = threading.Thread(target=self._run, args=(conn,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _run(self, conn: socket.socket) -> None:
        with conn, contextlib.suppress(OSError):
            self.handle(conn)

    def close(self, timeout: float = 10.0, *, wait_for_handlers: bool = True) -> None:
        """Stop accepting, close the listener and (unless told not to) wait for the
        handlers to end."""
        self.stopping.set()
        self.listener.close()
        self._accepting.join(timeout)
        for thread in self._threads if wait_for_handlers else ():
            thread.join(timeout)
