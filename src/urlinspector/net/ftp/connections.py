"""The connections of one FTP fetch: commands and replies on the control connection,
the bytes of a data connection (in memory up to the cap, or streamed to a sink), and
how the exchange ends: QUIT when it went well, ABOR (RFC 959 §4.1.3) and close when it
did not."""

from __future__ import annotations

import contextlib
import ftplib
import socket
from collections.abc import Callable, Iterator
from dataclasses import replace

from urlinspector.net.body import Writable
from urlinspector.net.errors import NetError, NetTimeout, TooLarge
from urlinspector.net.ftp.control import wire
from urlinspector.net.ftp.errors import FTPError, FTPReplyError
from urlinspector.net.ftp.passive import PassiveControl
from urlinspector.net.ftp.waits import Waits
from urlinspector.net.session import Session
from urlinspector.net.splice import SPLICE_LOW_WATER, FilePipe
from urlinspector.schemes.ftp.ascii import LineEnds
from urlinspector.schemes.ftp.replies import refusal_message, reply_text
from urlinspector.schemes.ftp.transcript import Transcript
from urlinspector.schemes.ftp.url import Plan, readable

__all__ = ["ABORT_GRACE", "CHUNK", "ENTRY_COST", "Connections", "Store"]

ABORT_GRACE = 2.0
"""Seconds to wait for the replies to ABOR and QUIT before closing anyway (at most the
read timeout)."""
CHUNK = 256 * 1024
"""Bytes asked of the data connection by one read (64 KiB reads took nearly twice as
long on loopback)."""
ENTRY_COST = 1024
"""Bytes one parsed listing entry takes beyond its line's (measured with tracemalloc:
about 640 for an ``ls -l`` line, 1,330 for an MLSD line with its facts): every line of a
listing counts this much against the memory cap, as well as its octets, so a listing
stops at the cap by what it becomes in memory, not by its size on the wire."""


class Connections:
    """The control and data connections of one fetch: commands with ftplib's errors
    made urlinspector's, a data connection read under the memory cap or into a sink,
    and the ending (QUIT, or ABOR and close after a failure or cancel).  The limits,
    cancel token, progress callback and charset are the *session*'s; every line goes
    to *transcript* (which hands it to the session's listener)."""

    def __init__(self, the_plan: Plan, session: Session, transcript: Transcript) -> None:
        self.plan = the_plan
        self.progress = session.progress
        self.limits = session.limits
        self.transcript = transcript
        self.charset = session.charset
        self.waits = Waits(session.limits, session.cancel, the_plan.authority)
        self.ftp = PassiveControl(self.waits, transcript, the_plan.authority, session.charset)
        self.data_conn: socket.socket | None = None
        """The open data connection, closed by :meth:`abandon` if the work stops."""
        self.transfer_open = False

    # --- talking ---

    @contextlib.contextmanager
    def replies(self) -> Iterator[None]:
        """ftplib's exceptions as urlinspector's, naming the command and the reply."""
        try:
            yield
        except (ftplib.error_perm, ftplib.error_temp) as exc:
            reply = str(exc)
            command = self.ftp.last_command
            raise FTPReplyError(
                refusal_message(command, reply, self.plan.authority),
                command=command,
                reply=reply,
            ) from None
        except (ftplib.error_reply, ftplib.error_proto) as exc:
            raise FTPError(
                f"the server at {self.plan.authority} answered "
                f'"{self.ftp.last_command}" with something FTP does not allow there: '
                f"{reply_text(str(exc)) or '(nothing)'}"
            ) from None
        except EOFError:
            raise FTPError(
                f"the server at {self.plan.authority} closed the connection "
                f'(after "{self.ftp.last_command}")'
            ) from None
        except (NetError, ValueError):
            raise
        except TimeoutError:
            raise NetTimeout(
                f'{self.plan.authority} stopped taking commands (after "{self.ftp.last_command}")'
            ) from None
        except OSError as exc:
            raise NetError(
                f"the connection to {self.plan.authority} broke "
                f'(after "{self.ftp.last_command}"): {exc.strerror or exc}'
            ) from None

    def command(self, octets: bytes) -> str:
        """Send one command (its octets as the URL gave them) and get the reply."""
        with self.replies():
            return self.ftp.sendcmd(wire(octets))

    # --- the data connection ---

    def open_transfer(self, line: bytes) -> socket.socket:
        with self.replies():
            self.transfer_open = True
            try:
                conn, _ = self.ftp.ntransfercmd(wire(line))
            except BaseException:
                self.transfer_open = False
                raise
        self.data_conn = conn
        return conn

    def receive(
        self, conn: socket.socket, line: bytes, total: int | None, store: Store
    ) -> tuple[bytes | None, int, int]:
        """The data connection's bytes into *store* (:class:`Store`: kept in memory up to
        the cap, handed on, heard as they came), for the command *line* of a transfer of
        *total* bytes (None: unknown).  ``(data or None, octets received, octets kept)``.

        A binary file whose octets go to a regular file and nowhere else moves from the
        socket to the file inside the kernel (:mod:`urlinspector.net.splice`), unless
        the data connection is in TLS (its octets must be decrypted first)."""
        shown = readable(line, self.charset)
        reading = _Reading(self, conn, shown)
        if self.progress is not None:
            self.progress(0, total)
        pipe = None if self.ftp.protect_data else store.pipe()
        if pipe is not None:
            received = self._splice(reading, pipe, total, store)
        else:
            received = self._read(reading, total, store)
        store.end()
        conn.close()
        self.data_conn = None
        self.transfer_open = False  # the data is all here: nothing left to ABOR
        with self.replies():
            self.ftp.voidresp()  # 226 (RFC 959 §4.2)
        self.transcript.connect(f"{received} bytes received")
        if store.kept != received:
            self.transcript.note(
                f"{store.kept} bytes kept: the CRLF line ends of the ASCII transfer made "
                "this system's (RFC 959 §3.1.1.1)"
            )
        return store.data, received, store.kept

    def _read(self, reading: _Reading, total: int | None, store: Store) -> int:
        """Every octet through Python, into *store*; how many came."""
        cap = self.limits.max_memory
        received = 0
        charged = 0
        while chunk := reading.recv(CHUNK):
            received += len(chunk)
            if store.raw is not None:
                store.raw(chunk)
            if store.keep:
                if store.per_line:
                    charged += store.per_line * chunk.count(b"\n")
                if received + charged > cap:
                    if charged:
                        raise TooLarge(
                            self.listing_too_large(reading.shown, received, charged, cap)
                        )
                    raise TooLarge(self.too_large(reading.shown, total, received))
            store.add(chunk)
            if self.progress is not None:
                self.progress(received, total)
        return received

    def _splice(self, reading: _Reading, pipe: FilePipe, total: int | None, store: Store) -> int:
        """Every octet from the socket into *pipe*'s file, inside the kernel; how many."""
        received = 0
        with contextlib.suppress(OSError):  # fewer wake-ups (Connection.splice says why)
            reading.conn.setsockopt(
                socket.SOL_SOCKET, socket.SO_RCVLOWAT, min(pipe.size, SPLICE_LOW_WATER)
            )
        try:
            while count := pipe.move(reading):
                received += count
                if self.progress is not None:
                    self.progress(received, total)
        finally:
            pipe.close()
        store.kept += received
        return received

    def too_large(self, command: str, total: int | None, received: int | None = None) -> str:
        cap = self.limits.max_memory
        size = f"is {total} bytes" if total is not None else f"passed {received} bytes"
        return (
            f"the data of {command} {size}, more than the {cap / (1024 * 1024):g} MiB kept in "
            "memory; save it to a file instead (fetch -o FILE, or give a file object)"
        )

    def listing_too_large(self, command: str, received: int, charged: int, cap: int) -> str:
        lines = charged // ENTRY_COST
        return (
            f"the listing of {command} passed {lines:,} lines ({received:,} bytes): its "
            f"entries would take more than the {cap / (1024 * 1024):g} MiB kept in memory "
            "for a listing"
        )

    # --- ending ---

    def quit(self) -> None:
        """QUIT politely (RFC 959 §4.1.1), without waiting long for the 221."""
        sock = self.ftp.sock
        if sock is None:
            return
        self.waits.ignore_cancel = True
        saved = self.limits
        try:
            self.waits.limits = replace(saved, read_timeout=min(saved.read_timeout, ABORT_GRACE))
            with contextlib.suppress(Exception):
                self.ftp.sendcmd("QUIT")
        finally:
            self.waits.limits = saved
            self.close()

    def abandon(self, why: str) -> None:
        """After a failure or cancel: ABOR an open transfer (RFC 959 §4.1.3), close."""
        self.waits.ignore_cancel = True
        conn, self.data_conn = self.data_conn, None
        sock = self.ftp.sock
        if self.transfer_open and sock is not None:
            self.transcript.note(f"{why}: ABOR sent, then the connection is closed")
            self.transcript.command("ABOR")
            try:
                # urgent, as ftplib's abort(); a TLS socket takes no flags (ValueError)
                sock.sendall(b"ABOR\r\n", socket.MSG_OOB)
            except (OSError, ValueError):
                with contextlib.suppress(OSError):
                    sock.sendall(b"ABOR\r\n")
            if conn is not None:
                conn.close()
            self.drain()
        else:
            if conn is not None:
                conn.close()
            if sock is not None:
                self.transcript.note(f"{why}: the connection is closed")
        self.close()

    def drain(self) -> None:
        """Read what the server says to ABOR (426 then 226, or 225) for a moment."""
        saved = self.limits
        self.waits.limits = replace(saved, read_timeout=min(ABORT_GRACE, saved.read_timeout))
        try:
            for _ in range(4):
                reply = self.ftp.getmultiline()
                if reply[:3] in ("225", "226"):
                    break
        except (NetError, EOFError, OSError, ftplib.Error):
            pass
        finally:
            self.waits.limits = saved

    def close(self) -> None:
        if self.data_conn is not None:
            self.data_conn.close()
            self.data_conn = None
        if self.ftp.sock is not None:
            self.ftp.close()
            self.transcript.connect("connection closed")


class Store:
    """Where the data connection's octets go: *raw* hears them as they came (before
    the memory cap is checked); then, through *line_ends* when the transfer was ASCII,
    they are kept in memory when *keep* (counting *per_line* more for every line
    against the memory cap: what a listing's lines become) and handed to *out*, which
    writes them to *file* when it is given (then they may go there inside the kernel:
    :meth:`pipe`).  :attr:`kept` counts the octets stored."""

    __slots__ = ("buffer", "file", "keep", "kept", "line_ends", "out", "per_line", "raw")

    def __init__(
        self,
        *,
        keep: bool,
        out: Callable[[bytes], object] | None = None,
        raw: Callable[[bytes], object] | None = None,
        line_ends: LineEnds | None = None,
        per_line: int = 0,
        file: Writable | None = None,
    ) -> None:
        self.keep = keep
        self.out = out
        self.raw = raw
        self.line_ends = line_ends
        self.per_line = per_line
        self.file = file
        """The file *out* writes to, when the octets may reach it inside the kernel."""
        self.buffer = bytearray() if keep else None
        self.kept = 0

    def pipe(self) -> FilePipe | None:
        """A pipe into :attr:`file`, when the octets go there as they came and nowhere
        else (not kept, not heard raw, no line ends changed) and it is a regular file."""
        if self.file is None or self.keep or self.raw is not None or self.line_ends is not None:
            return None
        return FilePipe.into(self.file)

    def add(self, chunk: bytes) -> None:
        """Store *chunk* (*raw* has heard it already: :meth:`Connections.receive`)."""
        if self.line_ends is not None:
            chunk = self.line_ends.feed(chunk)
        self.kept += len(chunk)
        if self.buffer is not None:
            self.buffer += chunk
        if self.out is not None and chunk:
            self.out(chunk)

    def end(self) -> None:
        if self.line_ends is not None:
            self.add(self.line_ends.end())

    @property
    def data(self) -> bytes | None:
        return bytes(self.buffer) if self.buffer is not None else None


class _Reading:
    """The data connection of one transfer, read in the waits of its exchange: the read
    timeout, the deadline and the cancel token, with the messages that name it."""

    __slots__ = ("conn", "connections", "shown")

    def __init__(self, connections: Connections, conn: socket.socket, shown: str) -> None:
        self.connections = connections
        self.conn = conn
        self.shown = shown
        """The command of the transfer, as a person reads it."""

    def _silent(self) -> str:
        c = self.connections
        return (
            f"{c.plan.authority} sent nothing for {c.limits.read_timeout:g} s during "
            f"{self.shown}; the server stopped sending"
        )

    @property
    def _where(self) -> str:
        return f"for {self.shown} (data from {self.connections.plan.authority})"

    def recv(self, size: int) -> bytes:
        c = self.connections
        return c.waits.recv(self.conn, size, c.limits.read_timeout, self._silent, self._where)

    def splice(self, pipe: int, max_bytes: int, /) -> int:
        c = self.connections
        return c.waits.splice(
            self.conn, pipe, max_bytes, c.limits.read_timeout, self._silent, self._where
        )
