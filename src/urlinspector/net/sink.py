"""Where a fetch's body goes: one :data:`Sink` for every fetch, chosen by the caller.

* :class:`Memory`: kept in memory (the reply's ``body``), up to ``limits.max_memory``
  (:class:`~urlinspector.net.errors.TooLarge` past it);
* :class:`File`: streamed into a binary file (one from
  :func:`~urlinspector.net.saving.save_to`, or any open file), in bounded memory; the
  first *hold* bytes may be held back (see :class:`File`);
* :class:`Raw`: the reply's bytes exactly as they came, framing and all, to a binary
  stream (standard output for ``fetch --raw``); the body is not kept;
* :class:`Feed`: the body's bytes handed to a function as they arrive (text printed
  while it comes, a download the viewer watches); not kept.

How the bytes move is the sink's business, not the caller's: a :class:`File` that is a
regular file takes a binary body from the socket inside the kernel (Linux ``splice``,
:mod:`urlinspector.net.splice`) when nothing else needs to see those bytes; every other
sink sees them in Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from urlinspector.net.body import Writable

__all__ = ["MEMORY", "Feed", "File", "Memory", "Raw", "Sink", "body_writer"]


class _Discard:
    """Keeps nothing (the bytes went elsewhere)."""

    def write(self, data: bytes, /) -> int:
        return len(data)


_DISCARD = _Discard()


@dataclass(frozen=True, slots=True)
class Memory:
    """The body kept in memory, up to ``limits.max_memory``.

    Every sink says the same things of itself: *target* (where body bytes go past
    *hold*), *hold* (body bytes kept in memory first; None: ``limits.max_memory``),
    *splices* (whether they may go inside the kernel), *raw* (what hears the reply's
    bytes as they came) and *take* (what hears the body's bytes as they come).  What
    is the same for every sink of a kind is a class constant."""

    target: ClassVar[None] = None
    hold: ClassVar[None] = None
    splices: ClassVar[bool] = False
    raw: ClassVar[None] = None
    take: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class File:
    """The body streamed into *file* (a binary file object).

    With *hold*, up to that many first bytes are held in memory: a body no longer than
    that is not written at all but left in the reply's ``body`` (for the caller to
    recognise an error message sent in the document's place, then write it); a longer
    one goes to the file whole.  A regular file is written inside the kernel when it can
    be (``splice``); its file object's position is then set to where the file ends.
    """

    file: Writable
    hold: int = 0
    splices: ClassVar[bool] = True
    raw: ClassVar[None] = None
    take: ClassVar[None] = None

    @property
    def target(self) -> Writable:
        return self.file


@dataclass(frozen=True, slots=True)
class Raw:
    """The reply's bytes as they came from the server (status line, framing, the
    terminating ``.`` line and all) written to *stream*; the body is not kept."""

    stream: Writable
    target: ClassVar[Writable] = _DISCARD
    hold: ClassVar[int] = 0
    splices: ClassVar[bool] = False
    take: ClassVar[None] = None

    @property
    def raw(self) -> Callable[[bytes], object]:
        return self.stream.write


@dataclass(frozen=True, slots=True)
class Feed:
    """The body's bytes (decoded from the protocol's framing) handed to *take* as they
    arrive; the body is not kept."""

    take: Callable[[bytes], object]
    target: ClassVar[Writable] = _DISCARD
    hold: ClassVar[int] = 0
    splices: ClassVar[bool] = False
    raw: ClassVar[None] = None


Sink = Memory | File | Raw | Feed
"""Where a fetch's body goes."""

MEMORY = Memory()
"""The default sink: the body in memory."""


def body_writer(sink: Sink) -> Callable[[bytes], object] | None:
    """What takes the body's bytes (decoded from the protocol's framing) as they come:
    a :class:`File`'s file, a :class:`Feed`'s function; None for :class:`Memory` (the
    body is kept) and for :class:`Raw` (its stream hears the reply as it came)."""
    if isinstance(sink, File):
        return sink.file.write
    return sink.take
