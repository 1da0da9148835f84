"""Where a reply's body bytes go: memory up to a cap, then a file object."""

from __future__ import annotations

from typing import Protocol

from urlinspector.net.errors import TooLarge

__all__ = ["Body", "Writable", "mib"]


class Writable(Protocol):
    """Where body bytes past the memory cap go: a binary file object, or anything with
    ``write(bytes)``."""

    def write(self, data: bytes, /) -> object: ...


class Body:
    """Body bytes: in memory up to *max_memory*, then, when *sink* (a binary file object)
    is given, everything so far and all that follows is written to it.

    With ``max_memory=0`` and a sink, every byte goes straight to the sink.
    """

    def __init__(self, max_memory: int, sink: Writable | None = None, what: str = "") -> None:
        self.max_memory = max_memory
        self.sink = sink
        self.what = what
        self.size = 0
        """Bytes written so far (memory and sink)."""
        self.spilled = 0
        """Bytes written to the sink."""
        self._chunks: list[bytes] = []
        self._in_memory = 0

    @property
    def streaming(self) -> bool:
        """Whether the bytes are going to the sink (and not kept)."""
        return self.spilled > 0 or (self.sink is not None and self.max_memory == 0)

    @property
    def in_memory(self) -> int:
        return self._in_memory

    def write(self, data: bytes) -> None:
        if not data:
            return
        self.size += len(data)
        over = self._in_memory + len(data) > self.max_memory
        if self.sink is not None and (self.streaming or over):
            if self._chunks:
                for chunk in self._chunks:
                    self.sink.write(chunk)
                    self.spilled += len(chunk)
                self._chunks.clear()
                self._in_memory = 0
            self.sink.write(data)
            self.spilled += len(data)
            return
        if over:
            raise TooLarge(
                f"the {self.what or 'reply'} is larger than the {mib(self.max_memory)} kept "
                "in memory; save it to a file instead"
            )
        self._chunks.append(data)
        self._in_memory += len(data)

    def spliced(self, count: int) -> None:
        """*count* bytes went to the sink's file without passing here (the body was
        streaming already)."""
        assert self.streaming
        self.size += count
        self.spilled += count

    def getvalue(self) -> bytes | None:
        """The bytes kept in memory, or None when they went to the sink."""
        if self.streaming:
            return None
        if len(self._chunks) > 1:
            self._chunks[:] = [b"".join(self._chunks)]
        return self._chunks[0] if self._chunks else b""


def mib(n: int) -> str:
    if n >= 1024 * 1024 and n % (1024 * 1024) == 0:
        return f"{n // (1024 * 1024)} MiB"
    if n >= 1024 and n % 1024 == 0:
        return f"{n // 1024} KiB"
    return f"{n} bytes"
