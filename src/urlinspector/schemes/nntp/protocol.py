"""The NNTP client's wire state machine, sans-IO (in the manner of h11).

:class:`NNTPConnection` turns commands into bytes (:meth:`~NNTPConnection.send`) and
the bytes it is given (:meth:`~NNTPConnection.receive_data`) into events
(:meth:`~NNTPConnection.next_event`): the greeting, one :class:`Reply` per command, and
:class:`ConnectionClosed`.  It never touches a socket.

One command is outstanding at a time: RFC 3977 §3.5 allows pipelining, but a command
sent behind MODE READER can be lost when the server hands the connection over to its
reader process (INN's innd to nnrpd), so the client waits for each reply.

It reads what old servers send as well as RFC 3977 asks: a bare LF ends a line as
CRLF does, and a status line may lack its text.
"""

from __future__ import annotations

import enum
import re

from urlinspector.core.quoting import quoted
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp.events import (
    NEED_DATA,
    Command,
    ConnectionClosed,
    Event,
    Greeting,
    NeedData,
    Reply,
)

__all__ = ["MAX_COMMAND_LINE", "MAX_STATUS_LINE", "ClientState", "NNTPConnection", "encode"]

MAX_COMMAND_LINE = 512
"""Octets in a command line, CRLF included (RFC 3977 §3.1)."""

MAX_STATUS_LINE = 8192
"""Octets accepted in a status line.  RFC 3977 §3.1 allows 512; real servers stay
within it, and a longer run without a line end is not NNTP."""

_KEYWORD = re.compile(r"[A-Za-z][A-Za-z0-9.-]*\Z")  # RFC 3977 §9.2 (command-line syntax)
_STATUS = re.compile(rb"([1-5][0-9][0-9])(?:[ \t]+(.*?))?[ \t]*\Z", re.DOTALL)  # §3.2
_UNSAFE = re.compile(r"[\x00-\x1f\x7f]")
_NAMES = {"\r": "a CR", "\n": "an LF", "\x00": "a NUL", "\t": "a TAB"}


class ClientState(enum.Enum):
    GREETING = "waiting for the greeting"
    IDLE = "ready for a command"
    REPLY = "waiting for a status line"
    DATA = "reading a data block"
    CLOSED = "closed"
    BROKEN = "broken by a protocol error"


def _show(raw: bytes, limit: int = 60) -> str:
    return quoted(raw.decode("utf-8", "replace"), limit)


def _describe_unsafe(ch: str) -> str:
    return _NAMES.get(ch, f"the control character U+{ord(ch):04X}")


def encode(command: Command) -> bytes:
    """*command* as one CRLF-terminated line, or :class:`LocalProtocolError` when it
    cannot be sent safely: a CR, LF, NUL or other control character, white space inside
    an argument, or a line longer than 512 octets (RFC 3977 §3.1)."""
    if _KEYWORD.match(command.keyword) is None:
        raise LocalProtocolError(f"{quoted(command.keyword)} is not an NNTP command keyword")
    parts = [command.keyword.upper()]
    last = len(command.arguments) - 1
    for index, argument in enumerate(command.arguments):
        what = "the password" if command.secret else quoted(argument)
        if argument == "":
            raise LocalProtocolError(f"{command.keyword} cannot send an empty argument")
        bad = _UNSAFE.search(argument)
        if bad is not None:
            raise LocalProtocolError(
                f"{what} holds {_describe_unsafe(bad.group())}: refused before anything "
                f"was sent (an NNTP command is one line, RFC 3977 §3.1)"
            )
        # the last argument of AUTHINFO USER/PASS is the rest of the line (RFC 4643 §2.3)
        if " " in argument and not (command.keyword.upper() == "AUTHINFO" and index == last):
            raise LocalProtocolError(
                f"{what} holds a space, which would split it into two arguments (RFC 3977 §3.1)"
            )
        parts.append(argument)
    line = " ".join(parts).encode("utf-8", "surrogateescape") + b"\r\n"
    if len(line) > MAX_COMMAND_LINE:
        raise LocalProtocolError(
            f"the command {command.keyword} would be {len(line)} octets long; NNTP allows "
            f"{MAX_COMMAND_LINE} (RFC 3977 §3.1)"
        )
    return line


def _parse_status(line: bytes, what: str) -> tuple[int, str]:
    match = _STATUS.match(line)
    if match is None:
        raise RemoteProtocolError(
            f"the server's {what} {_show(line)} is not an NNTP status line "
            f"(three digits and text, RFC 3977 §3.2)"
        )
    return int(match.group(1)), (match.group(2) or b"").decode("utf-8", "replace")


class NNTPConnection:
    """The client side of one NNTP connection, without I/O.

    Feed it what the socket reads (``b""`` at end of file) and take events out; take
    the bytes of each command from :meth:`send`.  A protocol violation by the server
    raises :class:`RemoteProtocolError` and leaves the object ``BROKEN``; misuse (a
    second command before the reply, an unsafe argument) raises
    :class:`LocalProtocolError` and changes nothing.
    """

    def __init__(self) -> None:
        self.state = ClientState.GREETING
        self._buffer = bytearray()
        self._eof = False
        self._pending: Command | None = None
        self._status: tuple[int, str] | None = None
        self._lines: list[bytes] = []
        self._undotted: list[int] = []
        self._size = 0

    # --- outgoing --------------------------------------------------------------------

    @property
    def pending(self) -> Command | None:
        """The command whose reply is awaited, if any."""
        return self._pending

    def send(self, command: Command) -> bytes:
        """The bytes of *command*; the connection now waits for its reply."""
        if self.state is not ClientState.IDLE:
            if self._pending is not None:
                raise LocalProtocolError(
                    f"{command.keyword} was sent while the reply to "
                    f"{self._pending.keyword} is still awaited (one command at a time)"
                )
            raise LocalProtocolError(f"cannot send {command.keyword}: {self.state.value}")
        data = encode(command)
        self._pending = command
        self._size = 0
        self.state = ClientState.REPLY
        return data

    def start_tls(self) -> None:
        """The TLS layer now carries the connection (after 382 to STARTTLS, RFC 4642
        §2.2.2): nothing received in clear text before it may be read after it."""
        if self.state is not ClientState.IDLE or self._buffer:
            raise RemoteProtocolError(
                "the server sent data after 382 and before the TLS negotiation "
                "(RFC 4642 §2.2.2 forbids it)"
            )

    # --- incoming --------------------------------------------------------------------

    @property
    def reply_size(self) -> int:
        """Octets received since the pending command was sent (for a size cap)."""
        return self._size

    def receive_data(self, data: bytes) -> None:
        """Bytes from the server; ``b""`` means it closed the connection."""
        if data:
            if self._eof:
                raise LocalProtocolError("data received after the end of the connection")
            self._buffer += data
            self._size += len(data)
        else:
            self._eof = True

    def next_event(self) -> Event | NeedData:
        """The next event, or :data:`NEED_DATA`."""
        try:
            return self._next_event()
        except RemoteProtocolError:
            self.state = ClientState.BROKEN
            raise

    def _next_event(self) -> Event | NeedData:
        state = self.state
        if state is ClientState.BROKEN:
            raise RemoteProtocolError("the connection is unusable after a protocol error")
        if state is ClientState.CLOSED:
            return ConnectionClosed()
        if state is ClientState.IDLE:
            if self._buffer:
                raise RemoteProtocolError(
                    f"the server sent {_show(bytes(self._buffer))} when no reply was due"
                )
            if self._eof:
                self.state = ClientState.CLOSED
                return ConnectionClosed()
            return NEED_DATA
        if state is ClientState.GREETING:
            line = self._line("greeting")
            if line is None:
                return NEED_DATA
            code, text = _parse_status(line, "greeting")
            self.state = ClientState.IDLE
            return Greeting(code, text)
        command = self._pending
        assert command is not None
        if state is ClientState.REPLY:
            line = self._line(f"reply to {command.keyword}")
            if line is None:
                return NEED_DATA
            code, text = _parse_status(line, f"reply to {command.keyword}")
            if code not in command.multi_line_codes:
                return self._finish(Reply(code, text, command, None, self._used()))
            self._status = (code, text)
            self._lines = []
            self._undotted = []
            self.state = ClientState.DATA
        return self._read_block(command)

    def _used(self) -> int:
        return self._size - len(self._buffer)

    def _finish(self, reply: Reply) -> Reply:
        self._pending = None
        self._status = None
        self._lines = []
        self._undotted = []
        self._size = len(self._buffer)
        self.state = ClientState.IDLE
        return reply

    def _line(self, what: str) -> bytes | None:
        """One status line out of the buffer, without its line end."""
        end = self._buffer.find(b"\n")
        if end < 0:
            if len(self._buffer) > MAX_STATUS_LINE:
                raise RemoteProtocolError(
                    f"the server's {what} runs past {MAX_STATUS_LINE} octets without a "
                    f"line end: not NNTP"
                )
            if self._eof:
                raise RemoteProtocolError(
                    f"the server closed the connection before its {what}"
                    + (f" was complete (got {_show(bytes(self._buffer))})" if self._buffer else "")
                )
            return None
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        return line[:-1] if line.endswith(b"\r") else line

    def _read_block(self, command: Command) -> Event | NeedData:
        """Data-block lines until the lone ``.`` (RFC 3977 §3.1.1)."""
        buffer = self._buffer
        end = buffer.rfind(b"\n")
        if end >= 0:
            chunk = bytes(buffer[: end + 1])
            lines = chunk.split(b"\n")
            lines.pop()  # the empty string after the last LF
            out = self._lines
            for index, line in enumerate(lines):
                if line.endswith(b"\r"):
                    line = line[:-1]
                if line[:1] == b".":
                    if len(line) == 1:  # the terminating line
                        consumed = sum(len(x) + 1 for x in lines[: index + 1])
                        del buffer[:consumed]
                        code, text = self._status or (0, "")
                        undotted = tuple(self._undotted)
                        reply = Reply(code, text, command, tuple(out), self._used(), undotted)
                        return self._finish(reply)
                    if line[1:2] == b".":
                        line = line[1:]  # dot-unstuffing, RFC 3977 §3.1.1
                    else:  # not stuffed (§3.1.1 requires it): kept as sent, and noted
                        self._undotted.append(len(out) + 1)
                out.append(line)
            del buffer[: end + 1]
        if self._eof:
            raise RemoteProtocolError(
                f"the server closed the connection in the middle of the reply to "
                f"{command.keyword} (after {len(self._lines)} lines, without the closing '.')"
            )
        return NEED_DATA
