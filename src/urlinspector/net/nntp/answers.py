"""What a news fetch gives back: the answer, which server gave it, and the transcript
of the conversation (a password never appears in it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Literal, NamedTuple, TypeVar

from urlinspector.schemes.nntp.url import NewsTarget, ServerAddress

__all__ = ["NewsAnswer", "ServerInfo", "TranscriptLine", "TranscriptListener"]

T = TypeVar("T")


class TranscriptLine(NamedTuple):
    """One line of the conversation, for people (a password never appears)."""

    kind: Literal["connect", "command", "reply", "note"]
    text: str

    def render(self) -> str:
        """``> GROUP local.test``, ``< 211 3 1 3 local.test``, ``* connected``, ``# note``."""
        prefix = {"connect": "*", "command": ">", "reply": "<", "note": "#"}[self.kind]
        return f"{prefix} {self.text}"


TranscriptListener = Callable[[TranscriptLine], None]


@dataclass(frozen=True)
class ServerInfo:
    """Which server answered, and how the conversation went."""

    address: ServerAddress
    """The host and port asked for, and where that choice came from."""
    peer: tuple[str, int]
    """The address connected to (after name resolution)."""
    greeting: str
    """The server's greeting text (the reader's, after MODE READER)."""
    tls: bool
    """Whether TLS protected the connection (NNTPS, or STARTTLS)."""
    authenticated_as: str | None
    posting_allowed: bool
    implementation: str | None
    """From CAPABILITIES (RFC 3977 §5.2.2: IMPLEMENTATION), when the server says."""
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        return str(self.address)


@dataclass(frozen=True)
class NewsAnswer(Generic[T]):
    """What a news: or nntp: URL gave, and from which server."""

    target: NewsTarget
    server: ServerInfo
    result: T
    transcript: tuple[TranscriptLine, ...] = ()
    notes: tuple[str, ...] = field(default=())
