"""The command transcript: what was sent, what came back, and why, for people to read.

Commands are recorded as sent, except that the argument of ``PASS`` and ``ACCT`` is
always shown as ``****`` (whatever its length), so a password never reaches a log,
the GUI's transcript panel or the terminal.  Masking happens here, when a line is
recorded, so no caller can forget it.
"""

from __future__ import annotations

from collections.abc import Iterable

from urlinspector.schemes.transcript import Kind, TranscriptLine, TranscriptListener

__all__ = [
    "MASK",
    "SECRET_COMMANDS",
    "Kind",
    "Transcript",
    "TranscriptLine",
    "mask_command",
    "render",
    "render_line",
]

MASK = "****"
SECRET_COMMANDS = frozenset({"PASS", "ACCT"})
"""Commands whose argument is a secret (RFC 959 §4.1.1: PASS, ACCT)."""


def mask_command(line: str) -> str:
    """*line* with the argument of a secret command replaced by :data:`MASK`.

    ``PASS s3cret`` -> ``PASS ****``; ``PASS`` with an empty argument is masked too, so
    the transcript does not even tell an empty password from a long one.
    """
    verb = line.split(" ", 1)[0]
    if verb.upper() in SECRET_COMMANDS:
        return f"{verb} {MASK}"
    return line


class Transcript:
    """The lines of one exchange, in order, with an optional listener for live display.

    The listener is called with each line as it is recorded (from the thread doing the
    network work; the GUI forwards it by a signal).  :attr:`lines` is a snapshot.
    """

    def __init__(self, listener: TranscriptListener | None = None) -> None:
        self._lines: list[TranscriptLine] = []
        self._listener = listener

    def _add(self, kind: Kind, text: str) -> None:
        self.add(TranscriptLine(kind, text))

    def add(self, line: TranscriptLine) -> None:
        """Record *line* as it is (already masked): what a transcript kept by the caller
        hears, as a session's listener (:class:`urlinspector.net.session.Session`)."""
        self._lines.append(line)
        if self._listener is not None:
            self._listener(line)

    def connect(self, text: str) -> None:
        self._add("connect", text)

    def command(self, line: str) -> None:
        """Record a command line as sent; secrets are masked here."""
        self._add("command", mask_command(line))

    def reply(self, line: str) -> None:
        self._add("reply", line)

    def note(self, text: str) -> None:
        self._add("note", text)

    @property
    def lines(self) -> tuple[TranscriptLine, ...]:
        return tuple(self._lines)

    def commands(self) -> tuple[str, ...]:
        """The command lines sent, in order (masked)."""
        return tuple(line.text for line in self._lines if line.kind == "command")

    def replies(self) -> tuple[str, ...]:
        return tuple(line.text for line in self._lines if line.kind == "reply")

    def __len__(self) -> int:
        return len(self._lines)


def render_line(line: TranscriptLine) -> str:
    """``> USER anonymous``, ``< 230 Login successful.``, ``* connected ...``, ``# note``."""
    return line.render()


def render(lines: Iterable[TranscriptLine]) -> list[str]:
    """The transcript as text lines, one per recorded line."""
    return [render_line(line) for line in lines]
