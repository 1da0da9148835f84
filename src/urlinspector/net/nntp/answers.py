"""What a news fetch gives back: the answer, which server gave it, and the transcript
of the conversation (a password never appears in it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from urlinspector.schemes.nntp.url import NewsTarget, ServerAddress
from urlinspector.schemes.transcript import TranscriptLine, TranscriptListener

__all__ = ["NewsAnswer", "ServerInfo", "TranscriptLine", "TranscriptListener"]

T = TypeVar("T")


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
