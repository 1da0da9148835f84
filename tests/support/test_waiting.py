"""wait_until returns as soon as the condition holds, and says what did not happen."""

from __future__ import annotations

import socket
import threading

import pytest

from tests.support.waiting import accepted_before, wait_until


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


@pytest.mark.parametrize("made", [0, 1, 3])
def test_accepted_before_counts_the_connections_made_earlier(made: int) -> None:
    peers: list[tuple[str, int]] = []
    stop = threading.Event()
    with socket.create_server(("127.0.0.1", 0)) as listener:
        listener.settimeout(0.05)

        def serve() -> None:
            while not stop.is_set():
                try:
                    conn, peer = listener.accept()
                except TimeoutError:
                    continue
                peers.append(peer)
                conn.close()

        server = threading.Thread(target=serve)
        server.start()
        port = listener.getsockname()[1]
        try:
            for _ in range(made):  # made and closed at once: none is waited for
                socket.create_connection(("127.0.0.1", port)).close()
            assert accepted_before(port, lambda: peers) == made
        finally:
            stop.set()
            server.join()
