"""Recorded NNTP transcripts (``tests/data/nntp``) replayed to the sans-IO client.

Offered as fixtures (``converse``, ``transcript``, ``replay``, ``chunk``), so the test
modules import nothing from here.  :func:`load` reads a transcript; :class:`Replay`
plays its server side: each action the session procedure yields must be the next ``C:``
line (or ``T:`` for TLS), and the ``S:`` lines after it are fed to a real
:class:`NNTPConnection` in chunks of a chosen size, so the replies go through the same
parser as on a socket.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from urlinspector.schemes.nntp.events import NEED_DATA, Greeting, Reply
from urlinspector.schemes.nntp.protocol import NNTPConnection
from urlinspector.schemes.nntp.session import (
    Action,
    Credentials,
    Exchange,
    Session,
    UpgradeTLS,
    quit_session,
    run,
    start,
)

DATA = Path(__file__).parents[3] / "data" / "nntp"
T = TypeVar("T")

TLS = b"<TLS>"


@dataclass(frozen=True)
class Transcript:
    name: str
    greeting: bytes
    """The server's first bytes."""
    exchanges: tuple[tuple[bytes, bytes], ...]
    """``(command line without CRLF, or TLS; the server's bytes after it)``."""


def load(name: str) -> Transcript:
    greeting = bytearray()
    exchanges: list[tuple[bytes, bytearray]] = []
    for line in (DATA / name).read_bytes().split(b"\n"):
        if not line or line.startswith(b"#"):
            continue
        tag, _, rest = line.partition(b":")
        rest = rest[1:] if rest.startswith(b" ") else rest
        if tag == b"C":
            exchanges.append((rest, bytearray()))
        elif tag == b"T":
            exchanges.append((TLS, bytearray()))
        elif tag == b"S":
            (exchanges[-1][1] if exchanges else greeting).extend(rest + b"\r\n")
        else:
            raise ValueError(f"{name}: a line that is not S:, C:, T: or #: {line!r}")
    return Transcript(name, bytes(greeting), tuple((c, bytes(s)) for c, s in exchanges))


class Replay:
    """The server side of a transcript, fed to an :class:`NNTPConnection`."""

    def __init__(self, transcript: Transcript, chunk: int = 0) -> None:
        self.transcript = transcript
        self.chunk = chunk
        self.connection = NNTPConnection()
        self.position = 0
        self.sent: list[bytes] = []

    def _feed(self, data: bytes) -> None:
        size = self.chunk or len(data) or 1
        for offset in range(0, len(data), size):
            self.connection.receive_data(data[offset : offset + size])

    def _event(self) -> object:
        event = self.connection.next_event()
        if event is NEED_DATA:
            raise AssertionError(
                f"{self.transcript.name}: the client waits for more than the transcript has"
            )
        return event

    def greeting(self) -> Greeting:
        self._feed(self.transcript.greeting)
        event = self._event()
        assert isinstance(event, Greeting)
        return event

    def perform(self, action: Action) -> Reply | None:
        exchanges = self.transcript.exchanges
        assert self.position < len(exchanges), (
            f"{self.transcript.name}: the client sent {action!r} after the transcript ended"
        )
        expected, answer = exchanges[self.position]
        self.position += 1
        if isinstance(action, UpgradeTLS):
            assert expected == TLS, f"{self.transcript.name}: TLS started, expected {expected!r}"
            self.connection.start_tls()
            self.sent.append(TLS)
            return None
        data = self.connection.send(action)
        self.sent.append(data)
        assert data == expected + b"\r\n", (
            f"{self.transcript.name}: sent {data!r}, the transcript has {expected!r}"
        )
        self._feed(answer)
        event = self._event()
        assert isinstance(event, Reply)
        return event

    @property
    def finished(self) -> bool:
        return self.position == len(self.transcript.exchanges)


def _converse(
    name: str,
    procedure: Callable[[Session], Exchange[T]] | None = None,
    *,
    credentials: Credentials | None = None,
    starttls: bool = True,
    chunk: int = 0,
) -> tuple[T | None, Session, Replay]:
    """Replay *name*: greeting, :func:`start`, *procedure*, QUIT; every line must match
    and the transcript must be used up."""
    replay = Replay(load(name), chunk)
    session = Session(replay.greeting(), credentials=credentials, starttls=starttls)
    run(start(session), replay.perform)
    result = None if procedure is None else run(procedure(session), replay.perform)
    run(quit_session(session), replay.perform)
    assert replay.finished, f"{name}: the transcript has lines the client did not send"
    return result, session, replay


@pytest.fixture
def converse() -> Callable[..., tuple[object, Session, Replay]]:
    """Replay a transcript through a session procedure (see :func:`_converse`)."""
    return _converse


@pytest.fixture
def transcript() -> Callable[[str], Transcript]:
    """Load a transcript by file name."""
    return load


@pytest.fixture
def replay() -> type[Replay]:
    return Replay


@pytest.fixture(params=[0, 1, 7], ids=["whole", "bytewise", "chunks-of-7"])
def chunk(request: pytest.FixtureRequest) -> int:
    """How the server's bytes are cut when fed: all at once, one by one, or by 7."""
    value: int = request.param
    return value
