"""One line of a protocol exchange as a person reads it (FTP's commands and replies,
NNTP's), and the listener that hears each line as it happens.

Every protocol that records its exchange records it in these lines, so one listener
(the command line's ``--transcript``, the viewer's transcript panel) serves them all.
A line never holds a password: each protocol masks its secrets before it records a
line (:func:`urlinspector.schemes.ftp.transcript.mask_command`, NNTP's
``AUTHINFO PASS``).
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Final, Literal, NamedTuple

__all__ = ["PREFIXES", "Kind", "TranscriptLine", "TranscriptListener"]

Kind = Literal["connect", "command", "reply", "note"]
"""``connect``: a connection opened or closed; ``command``: a line sent to the server;
``reply``: a line the server sent; ``note``: urlinspector explaining a step (with the
spec's section where one applies)."""

PREFIXES: Final = MappingProxyType({"connect": "*", "command": ">", "reply": "<", "note": "#"})
"""The mark that starts a line of each kind when it is shown."""


class TranscriptLine(NamedTuple):
    """One line of an exchange, for people (a password never appears)."""

    kind: Kind
    text: str
    """The command as sent (masked), one reply line as received, or a note."""

    def render(self) -> str:
        """``> USER anonymous``, ``< 230 Login successful.``, ``* connected``, ``# note``."""
        return f"{PREFIXES[self.kind]} {self.text}"


TranscriptListener = Callable[[TranscriptLine], object]
"""Hears each line of an exchange as it is recorded, on the thread doing the network
work (the viewer forwards it by a signal)."""
