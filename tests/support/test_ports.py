"""The port helpers: a server that finds its port taken is started again on another."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.support import ports

# a server that binds the port it is given and answers until it is stopped
LISTENER = """
import socket, sys
server = socket.create_server(("127.0.0.1", int(sys.argv[1])))
print("listening", flush=True)
while True:
    server.accept()[0].close()
"""


@pytest.fixture
def held() -> Iterator[int]:
    """A port some other program listens on."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        yield listener.getsockname()[1]


def _start(port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-c", LISTENER, str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        ports.wait_listening(port, process, "the listener", timeout=20)
    except BaseException:  # (taken, or anything else: no listener is left running)
        _stop(process)
        raise
    return process


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.kill()
    process.wait()
    if process.stdout is not None:
        process.stdout.close()


def test_a_taken_port_is_reported_as_taken(held: int) -> None:
    with pytest.raises(ports.PortInUse, match=f"port {held} is taken"):
        _start(held)


def test_a_server_started_on_a_taken_port_starts_again_elsewhere(
    held: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    offered = iter([held, held])
    choose = ports.candidate_port
    monkeypatch.setattr(ports, "candidate_port", lambda: next(offered, None) or choose())
    tried: list[int] = []

    def start(port: int) -> tuple[int, subprocess.Popen[bytes]]:
        tried.append(port)
        return port, _start(port)

    port, process = ports.start_on_free_port(start)
    try:
        assert tried[:2] == [held, held]
        assert len(tried) == 3
        assert port == tried[-1] != held
        assert ports.listens(process.pid, port)
        assert not ports.listens(process.pid, held)
    finally:
        _stop(process)


def test_after_every_attempt_the_last_failure_is_raised(
    held: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ports, "candidate_port", lambda: held)
    with pytest.raises(ports.PortInUse):
        ports.start_on_free_port(_start, attempts=2)


def test_a_server_that_exits_for_another_reason_did_not_start() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", "raise SystemExit('no configuration')"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    port = ports.unused_port()
    said = lambda: process.stdout.read().decode() if process.stdout else ""  # noqa: E731
    with pytest.raises(ports.ServerDidNotStart, match="no configuration"):
        ports.wait_listening(port, process, "the server", output=said)
    process.wait()
    if process.stdout is not None:
        process.stdout.close()


@pytest.mark.parametrize("attempt", range(20))
def test_candidate_ports_lie_below_the_ephemeral_range(attempt: int) -> None:
    port = ports.candidate_port()
    assert ports.LOWEST <= port < ports._ephemeral_low()
    assert ports.port_is_free(port)
