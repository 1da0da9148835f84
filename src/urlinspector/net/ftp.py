"""Dereferencing ftp URLs over the standard library's :mod:`ftplib`.

:func:`fetch` carries out the plan of :mod:`urlinspector.schemes.ftp.url` (RFC 1738 §3.2,
RFC 1738) on a new control connection (RFC 1738 §3.2.5: the only reliable way), in passive
mode (EPSV, falling back to PASV; the address in a PASV reply is not trusted), and
returns a :class:`FTPResult`: a parsed :class:`~urlinspector.schemes.ftp.listing.Listing`
or the file (in memory up to :attr:`Limits.max_memory`, or streamed to a file object),
plus the transcript (passwords masked).

Every wait is cut into short slices, so a :class:`~urlinspector.net.limits.CancelToken`
stops the work at any moment: an open transfer gets ``ABOR``, and the connection is
closed.  A server that stops answering ends in :class:`NetTimeout`; a refusal (4xx,
5xx) in :class:`FTPReplyError`, naming the command and the server's text.
"""

from __future__ import annotations

import contextlib
import errno
import ftplib
import os
import selectors
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

import idna

from urlinspector.core import URL
from urlinspector.net.body import staging_path
from urlinspector.net.errors import Cancelled, ConnectFailed, NetError, NetTimeout, TooLarge
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.ftp.listing import Listing, parse_listing
from urlinspector.schemes.ftp.replies import (
    NO_FEATURES,
    Features,
    parse_features,
    refusal_message,
    reply_code,
    reply_text,
)
from urlinspector.schemes.ftp.transcript import Transcript, TranscriptLine, mask_command
from urlinspector.schemes.ftp.url import (
    DEFAULT_ANONYMOUS_PASSWORD,
    Plan,
    check_argument,
    plan,
    readable,
)
from urlinspector.schemes.numbers import ascii_decimal

__all__ = [
    "FTPError",
    "FTPReplyError",
    "FTPResult",
    "LoginFailed",
    "PasswordCallback",
    "ProgressCallback",
    "fetch",
    "fetch_to_path",
]

PasswordCallback = Callable[[str, str], str | None]
"""``(user, "host:port") -> password``, or None to give up; called only when the URL
has a user but no password and the server asks for one (RFC 1738 §3.2.1)."""

ProgressCallback = Callable[[int, int | None], None]
"""``(bytes received so far, total from SIZE or None)``; called from the thread doing
the transfer."""

SLICE = 0.1
"""Seconds of one wait: how soon a cancel is noticed."""
ABORT_GRACE = 2.0
"""Seconds to wait for the replies to ABOR and QUIT before closing anyway (at most the
read timeout)."""
CHUNK = 256 * 1024
"""Bytes asked of the data connection by one read (64 KiB reads took nearly twice as
long on loopback)."""
MAX_REPLY_LINES = 1000
MAX_REPLY_SIZE = 64 * 1024
"""The longest multi-line reply read (RFC 959 §4.2: it ends at a line starting with its
code and a space): a server whose ``220-`` greeting, FEAT or other reply never ends is
told off here, where ftplib's reader would keep every line for ever."""
ENTRY_COST = 1024
"""Bytes one parsed listing entry takes beyond its line's (measured with tracemalloc:
about 640 for an ``ls -l`` line, 1,330 for an MLSD line with its facts): every line of a
listing counts this much against the memory cap, as well as its octets, so a listing
stops at the cap by what it becomes in memory, not by its size on the wire."""
IAC = "\xff"
"""Telnet's "interpret as command" octet (RFC 854)."""


# --- errors ----------------------------------------------------------------------------------


class FTPError(NetError, RemoteProtocolError):
    """The FTP server refused a command, broke the protocol or dropped the connection."""


class FTPReplyError(FTPError):
    """A 4xx or 5xx reply (RFC 959 §4.2): :attr:`command` (masked), :attr:`reply`."""

    def __init__(self, message: str, *, command: str, reply: str) -> None:
        super().__init__(message)
        self.command = command
        self.reply = reply
        self.code = reply_code(reply)


class LoginFailed(FTPReplyError):
    """USER or PASS was refused, or a password was needed and none was given."""


# --- the result --------------------------------------------------------------------------------


@dataclass(frozen=True)
class FTPResult:
    """What an ftp URL gave: a listing or a file, and how it went."""

    plan: Plan
    listing: Listing | None
    """The directory listing, when the URL named a directory (or typecode d)."""
    data: bytes | None
    """The file, when no sink was given (None for a listing, or when streamed)."""
    received: int
    """Bytes of the file (or listing) received on the data connection."""
    total: int | None
    """The file's size from SIZE (RFC 3659 §4), when the server told it."""
    transfer_type: str | None
    """``A`` or ``I``: the TYPE the file came in (A: CRLF line ends, as sent)."""
    notes: tuple[str, ...]
    transcript: tuple[TranscriptLine, ...]

    @property
    def is_listing(self) -> bool:
        return self.listing is not None


# --- sockets with cancellable, sliced waits ----------------------------------------------------


class _Waits:
    """The limits and the cancel token, checked in every slice of every wait."""

    def __init__(self, limits: Limits, cancel: CancelToken | None, shown: str = "") -> None:
        self.limits = limits
        self.cancel = cancel
        self.shown = shown
        self.ignore_cancel = False
        total = limits.total_timeout
        self.deadline: float | None = None if total is None else time.monotonic() + total
        """``time.monotonic()`` past which every wait fails (``Limits.total_timeout``)."""

    def check(self) -> None:
        if self.cancel is not None and not self.ignore_cancel:
            self.cancel.check()
        deadline = self.deadline
        if deadline is not None and not self.ignore_cancel and time.monotonic() >= deadline:
            raise NetTimeout(
                f"the exchange with the FTP server at {self.shown} took longer than the "
                f"{self.limits.total_timeout:g} s allowed"
            )

    def recv(
        self, sock: socket.socket, size: int, seconds: float, silent: Callable[[], str], where: str
    ) -> bytes:
        """Up to *size* bytes; b"" at the end; :class:`NetTimeout` (message *silent*)
        after *seconds* without a byte; :class:`NetError` when the connection breaks."""
        start = time.monotonic()
        while True:
            self.check()
            try:
                return sock.recv(size)
            except TimeoutError:
                if time.monotonic() - start >= seconds:
                    raise NetTimeout(silent()) from None
            except OSError as exc:
                raise NetError(f"the connection {where} broke: {exc.strerror or exc}") from None

    def connect(self, host: str, port: int, shown: str) -> socket.socket:
        """A TCP connection to *host* (any address it resolves to), cancellable."""
        try:
            infos = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)
        except socket.gaierror as exc:
            raise ConnectFailed(
                f"cannot find the host {shown}: {exc.strerror or exc}; check its spelling"
            ) from None
        except UnicodeError as exc:
            raise ConnectFailed(f"the host name {shown} cannot be looked up: {exc}") from None
        deadline = time.monotonic() + self.limits.connect_timeout
        if self.deadline is not None:
            deadline = min(deadline, self.deadline)
        failures: list[str] = []
        for family, kind, proto, _, address in infos:
            sock = socket.socket(family, kind, proto)
            try:
                sock.setblocking(False)
                code = sock.connect_ex(address)
                if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN):
                    raise OSError(code, os.strerror(code))
                with selectors.DefaultSelector() as selector:
                    selector.register(sock, selectors.EVENT_WRITE)
                    while not selector.select(SLICE):
                        self.check()
                        if time.monotonic() >= deadline:
                            raise NetTimeout(
                                f"{shown} did not accept a connection within "
                                f"{self.limits.connect_timeout:g} s; is the host up and the "
                                "port right?"
                            )
                code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                if code:
                    raise OSError(code, os.strerror(code))
                sock.settimeout(SLICE)
                return sock
            except OSError as exc:
                sock.close()
                failures.append(f"{address[0]}: {exc.strerror or exc}")
            except BaseException:
                sock.close()
                raise
        raise ConnectFailed(f"cannot connect to {shown} ({'; '.join(failures)})")


# --- ftplib, with a transcript and sliced waits ------------------------------------------------


def _wire(octets: bytes) -> str:
    """Octets as ftplib's str, one character per octet (it encodes with Latin-1 here)."""
    return octets.decode("latin-1")


class _Control(ftplib.FTP):
    """ftplib's FTP with every line recorded, cancellable reads and EPSV before PASV."""

    def __init__(self, waits: _Waits, transcript: Transcript, shown: str, charset: str) -> None:
        super().__init__(encoding="latin-1", timeout=waits.limits.connect_timeout)
        self.waits = waits
        self.transcript = transcript
        self.shown = shown
        self.charset = charset
        self.last_command = ""
        self.epsv: bool | None = None
        self._inbuf = bytearray()

    def readable_line(self, line: str) -> str:
        return readable(line.encode("latin-1"), self.charset)

    def open(self, host: str, port: int) -> str:
        self.transcript.connect(f"connecting to {self.shown}")
        sock = self.waits.connect(host, port, self.shown)
        self.sock = sock
        self.af = sock.family
        self.host, self.port = host, port
        self.file = None
        peer = sock.getpeername()
        self.transcript.connect(f"connected to {peer[0]} port {peer[1]}")
        self.last_command = ""
        welcome = self.getresp()
        while welcome[:3] == "120":  # RFC 959 §5.4: "ready in nnn minutes", then 220
            welcome = self.getresp()
        if welcome[:1] != "2":
            raise ftplib.error_reply(welcome)
        self.welcome = welcome
        return welcome

    def getline(self) -> str:
        sock = self.sock
        if sock is None:
            raise EOFError
        while True:
            end = self._inbuf.find(b"\n")
            if end >= 0:
                raw = bytes(self._inbuf[: end + 1])
                del self._inbuf[: end + 1]
                break
            if len(self._inbuf) > self.maxline:
                raise ftplib.error_proto(f"a reply line longer than {self.maxline} bytes")
            chunk = self.waits.recv(
                sock,
                4096,
                self.waits.limits.read_timeout,
                lambda: (
                    f"no reply from {self.shown} "
                    + (f"to {self.last_command} " if self.last_command else "(no greeting) ")
                    + f"within {self.waits.limits.read_timeout:g} s; the server stopped answering"
                ),
                f"to {self.shown}",
            )
            if not chunk:
                if not self._inbuf:
                    raise EOFError
                raw = bytes(self._inbuf)
                self._inbuf.clear()
                break
            self._inbuf += chunk
        if raw.endswith(b"\r\n"):
            raw = raw[:-2]
        elif raw.endswith((b"\n", b"\r")):
            raw = raw[:-1]
        self.transcript.reply(readable(raw, self.charset))
        return raw.decode("latin-1")

    def getmultiline(self) -> str:
        """One reply (RFC 959 §4.2), its lines joined by "\\n" as ftplib does; at most
        :data:`MAX_REPLY_LINES` lines and :data:`MAX_REPLY_SIZE` characters."""
        first = self.getline()
        if first[3:4] != "-":
            return first
        code = first[:3]
        lines = [first]
        size = len(first)
        while True:
            line = self.getline()
            lines.append(line)
            size += len(line) + 1
            if line[:3] == code and line[3:4] != "-":
                return "\n".join(lines)
            if len(lines) >= MAX_REPLY_LINES or size > MAX_REPLY_SIZE:
                what = f"its reply to {self.last_command}" if self.last_command else "its greeting"
                raise FTPError(
                    f"the server at {self.shown} did not end {what}: more than "
                    f"{len(lines)} lines ({size:,} characters) without a closing "
                    f"'{readable(code.encode('latin-1'), self.charset)} ' line "
                    "(RFC 959 §4.2); the connection was closed"
                )

    def putline(self, line: str) -> None:
        sock = self.sock
        assert sock is not None
        # RFC 959 §4.1 and §5.3: the control connection speaks Telnet (RFC 854), where
        # the octet 255 is IAC; a data octet 255 is sent doubled, "IAC IAC" (RFC 854,
        # "Data Byte 255"), so that a name holding it reaches the server as it is
        line = line.replace(IAC, IAC + IAC)
        sock.settimeout(self.waits.limits.read_timeout)
        try:
            super().putline(line)
        finally:
            sock.settimeout(SLICE)

    def putcmd(self, line: str) -> None:
        shown = self.readable_line(line)
        self.transcript.command(shown)
        self.last_command = mask_command(shown)
        super().putcmd(line)

    def makepasv(self) -> tuple[str, int]:
        """EPSV (RFC 2428 §3), and PASV (RFC 959 §4.1.2) when the server refuses it;
        the host of a PASV reply is replaced by the control connection's peer, as
        ftplib does by default."""
        sock = self.sock
        assert sock is not None
        peer = sock.getpeername()
        if self.epsv is not False:
            try:
                host, port = ftplib.parse229(self.sendcmd("EPSV"), peer)
                self.epsv = True
                return host, port
            except ftplib.error_perm:
                self.epsv = False
                if self.af == socket.AF_INET6:
                    raise
                self.transcript.note("EPSV refused: falling back to PASV (RFC 959 §4.1.2)")
        untrusted, port = ftplib.parse227(self.sendcmd("PASV"))
        host = str(peer[0])
        if untrusted != host:
            self.transcript.note(
                f"the PASV reply names {untrusted}; connecting to {host}, the server's own "
                "address, instead (a PASV address is not trusted: it could point the data "
                "connection at any other host)"
            )
        return host, port

    def ntransfercmd(
        self, cmd: str, rest: int | str | None = None
    ) -> tuple[socket.socket, int | None]:
        host, port = self.makepasv()
        shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self.transcript.connect(f"data connection to {shown}")
        conn = self.waits.connect(host, port, shown)
        try:
            if rest is not None:
                self.sendcmd(f"REST {rest}")
            resp = self.sendcmd(cmd)
            if resp[:1] == "2":  # a stray 2xx before the 1xx (ftplib's note)
                resp = self.getresp()
            if resp[:1] != "1":
                raise ftplib.error_reply(resp)
        except BaseException:
            conn.close()
            raise
        size = ftplib.parse150(resp) if resp[:3] == "150" else None
        return conn, size


# --- one session ---------------------------------------------------------------------------------


class _Session:
    def __init__(
        self,
        the_plan: Plan,
        *,
        sink: BinaryIO | None,
        progress: ProgressCallback | None,
        cancel: CancelToken | None,
        limits: Limits,
        password: PasswordCallback | None,
        transcript: Transcript,
        charset: str,
        now: datetime | None,
    ) -> None:
        self.plan = the_plan
        self.sink = sink
        self.progress = progress
        self.limits = limits
        self.password = password
        self.transcript = transcript
        self.charset = charset
        self.now = now
        self.waits = _Waits(limits, cancel, the_plan.authority)
        self.ftp = _Control(self.waits, transcript, the_plan.authority, charset)
        self.features: Features = NO_FEATURES
        self.data_conn: socket.socket | None = None
        """The open data connection, closed by :meth:`abandon` if the work stops."""
        self.transfer_open = False
        self.current_type: str | None = None
        self.notes: list[str] = list(the_plan.notes)

    # --- talking ---

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.transcript.note(text)

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
            return self.ftp.sendcmd(_wire(octets))

    # --- the steps ---

    def run(self) -> FTPResult:
        p = self.plan
        for text in p.notes:
            self.transcript.note(text)
        with self.replies():
            self.ftp.open(p.host, p.port)
        self.login()
        self.feat()
        self.change_directories()
        if p.action == "nlst":
            listing, received = self.listing("NLST", p.name, p.directory_url)
            return self.result(listing, None, received, None, None)
        if p.action == "list":
            listing, received = self.list_directory(p.directory_url)
            return self.result(listing, None, received, None, None)
        return self.retrieve()

    def result(
        self,
        listing: Listing | None,
        data: bytes | None,
        received: int,
        total: int | None,
        transfer_type: str | None,
    ) -> FTPResult:
        self.quit()
        return FTPResult(
            self.plan,
            listing,
            data,
            received,
            total,
            transfer_type,
            tuple(self.notes),
            self.transcript.lines,
        )

    def login(self) -> None:
        """USER, then PASS if asked (331): RFC 1738 §3.2.1."""
        p = self.plan
        user_shown = readable(p.login.user, self.charset)
        try:
            reply = self.command(b"USER " + p.login.user)
        except FTPReplyError as exc:
            raise LoginFailed(
                f'the server at {p.authority} refused the user "{user_shown}": '
                f"{reply_text(exc.reply)}",
                command=exc.command,
                reply=exc.reply,
            ) from None
        code = reply_code(reply)
        if code == 331:
            secret = self.find_password(user_shown)
            try:
                reply = self.command(b"PASS " + secret)
            except FTPReplyError as exc:
                raise LoginFailed(
                    f'login as "{user_shown}" at {p.authority} failed: '
                    f"{reply_text(exc.reply).rstrip('.')}. Check the user name and password "
                    "(ftp://user:password@host/; escape '@', ':' and '/' in them as %40, %3A "
                    "and %2F)",
                    command=exc.command,
                    reply=exc.reply,
                ) from None
            code = reply_code(reply)
        if code == 332:
            raise LoginFailed(
                f"the server at {p.authority} asks for an account (ACCT) after login, "
                "which an ftp URL cannot give (RFC 1738 §3.2.1)",
                command=self.ftp.last_command,
                reply=reply,
            )

    def find_password(self, user_shown: str) -> bytes:
        p = self.plan
        if p.login.password is not None:
            return p.login.password
        if p.login.anonymous:
            self.transcript.note(
                "anonymous login: the e-mail address is sent as the password (RFC 1738 §3.2.1)"
            )
            return p.anonymous_password.encode("utf-8")
        answer = self.password(user_shown, p.authority) if self.password is not None else None
        if answer is None:
            raise LoginFailed(
                f'the server at {p.authority} asks for the password of "{user_shown}", and '
                "none was given (put it in the URL as ftp://user:password@host/ or enter "
                "it when asked)",
                command=self.ftp.last_command,
                reply="331",
            )
        secret = answer.encode("utf-8")
        check_argument(secret, "password")
        self.transcript.note("password entered by the user (not stored)")
        return secret

    def feat(self) -> None:
        """FEAT (RFC 2389): whether MLSD and SIZE are there."""
        try:
            reply = self.command(b"FEAT")
        except FTPReplyError:
            self.features = NO_FEATURES
            return
        self.features = parse_features(reply)

    def change_directories(self) -> None:
        """One CWD per cwd segment, each decoded on its own (RFC 1738 §3.2.2)."""
        for segment in self.plan.cwd:
            try:
                self.command(b"CWD " + segment)
            except FTPReplyError as exc:
                if segment != b"" or exc.code is None or exc.code < 500:
                    raise
                self.note(
                    f"the server refused CWD with an empty argument ({reply_text(exc.reply)}); "
                    "RFC 1738 §3.2.2 asks for it for an empty segment ('//'), and leaves its "
                    "meaning to the server: carried on in the same directory"
                )

    def set_type(self, transfer_type: str) -> None:
        if self.current_type != transfer_type:
            self.command(b"TYPE " + transfer_type.encode("ascii"))
            self.current_type = transfer_type

    def size(self, name: bytes) -> int | None:
        """SIZE (RFC 3659 §4), when FEAT offers it; a refusal only means "unknown"."""
        if "SIZE" not in self.features:
            return None
        try:
            reply = self.command(b"SIZE " + name)
        except FTPReplyError:
            return None
        return ascii_decimal(reply[4:]) if reply_code(reply) == 213 else None

    def retrieve(self) -> FTPResult:
        p = self.plan
        assert p.transfer_type is not None
        self.set_type(p.transfer_type)  # RFC 1738 §3.2.2: TYPE, then RETR
        total = self.size(p.name)
        cap = self.limits.max_memory
        if self.sink is None and total is not None and total > cap:
            self.quit()
            raise TooLarge(self.too_large(readable(b"RETR " + p.name, self.charset), total))
        try:
            conn = self.open_transfer(b"RETR " + p.name)
        except FTPReplyError as exc:
            if not p.guessed or exc.code is None or exc.code < 500:
                raise
            # RFC 1738 §3.2.3: the typecode was a guess; a name that RETR refuses may be a
            # directory: CWD into it and list
            try:
                self.command(b"CWD " + p.name)
            except FTPReplyError:
                self.note(
                    f"RETR failed, and so did CWD: '{readable(p.name, self.charset)}' is "
                    "neither a file nor a directory that can be entered"
                )
                raise exc from None
            self.note(
                f"RETR failed ({reply_text(exc.reply)}), but CWD into "
                f"'{readable(p.name, self.charset)}' worked: it is a directory, so it is "
                "listed (the URL had no typecode, RFC 1738 §3.2.3)"
            )
            listing, received = self.list_directory(p.name_as_directory_url)
            return self.result(listing, None, received, None, None)
        data, received = self.receive(conn, b"RETR " + p.name, total, cap, self.sink)
        return self.result(None, data, received, total, p.transfer_type)

    def list_directory(self, directory_url: str) -> tuple[Listing, int]:
        """MLSD (RFC 3659 §7) when FEAT lists MLST, else LIST; of the current directory."""
        if self.current_type not in (None, "A"):
            self.set_type("A")  # RFC 959 §4.1.3: listings go in ASCII
        if "MLST" in self.features:
            try:
                return self.listing("MLSD", b"", directory_url)
            except FTPReplyError as exc:
                if exc.code is None or exc.code < 500:
                    raise
                self.note(f"MLSD refused ({reply_text(exc.reply)}): using LIST")
        return self.listing("LIST", b"", directory_url)

    def listing(self, verb: str, name: bytes, directory_url: str) -> tuple[Listing, int]:
        line = verb.encode("ascii") + (b" " + name if name else b"")
        conn = self.open_transfer(line)
        data, received = self.receive(
            conn, line, None, self.limits.max_memory, None, per_line=ENTRY_COST
        )
        assert data is not None
        parsed = parse_listing(
            data,
            verb,
            directory_url,
            name=name,
            charset=self.charset,
            now=self.now,
        )
        if parsed.unparsed:
            self.note(f"{len(parsed.unparsed)} line(s) of the {verb} listing were not understood")
        return parsed, received

    # --- the data connection ---

    def open_transfer(self, line: bytes) -> socket.socket:
        with self.replies():
            self.transfer_open = True
            try:
                conn, _ = self.ftp.ntransfercmd(_wire(line))
            except BaseException:
                self.transfer_open = False
                raise
        self.data_conn = conn
        return conn

    def receive(
        self,
        conn: socket.socket,
        line: bytes,
        total: int | None,
        cap: int,
        sink: BinaryIO | None,
        per_line: int = 0,
    ) -> tuple[bytes | None, int]:
        """The data connection's bytes, into memory (at most *cap*, counting *per_line*
        more for every line: what a listing's lines become) or to *sink*."""
        shown = readable(line, self.charset)
        buffer = bytearray() if sink is None else None
        received = 0
        charged = 0
        if self.progress is not None:
            self.progress(0, total)
        while True:
            chunk = self.waits.recv(
                conn,
                CHUNK,
                self.limits.read_timeout,
                lambda: (
                    f"{self.plan.authority} sent nothing for "
                    f"{self.limits.read_timeout:g} s during {shown}; the server stopped sending"
                ),
                f"for {shown} (data from {self.plan.authority})",
            )
            if not chunk:
                break
            received += len(chunk)
            if buffer is not None:
                if per_line:
                    charged += per_line * chunk.count(b"\n")
                if received + charged > cap:
                    if charged:
                        raise TooLarge(self.listing_too_large(shown, received, charged, cap))
                    raise TooLarge(self.too_large(shown, total, received))
                buffer += chunk
            else:
                assert sink is not None
                sink.write(chunk)
            if self.progress is not None:
                self.progress(received, total)
        conn.close()
        self.data_conn = None
        self.transfer_open = False  # the data is all here: nothing left to ABOR
        with self.replies():
            self.ftp.voidresp()  # 226 (RFC 959 §4.2)
        self.transcript.connect(f"{received} bytes received")
        return (bytes(buffer) if buffer is not None else None), received

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
                sock.sendall(b"ABOR\r\n", socket.MSG_OOB)  # urgent, as ftplib's abort()
            except OSError:
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


# --- the API -------------------------------------------------------------------------------------


def _ascii_host(host: str) -> str:
    """A host name for getaddrinfo: IDNA (UTS #46) for a non-ASCII name."""
    if host.isascii():
        return host
    try:
        return idna.encode(host, uts46=True).decode("ascii")
    except idna.IDNAError as exc:
        raise ConnectFailed(f"the host name '{host}' is not a valid domain name: {exc}") from None


def fetch(
    url: str | URL,
    *,
    sink: BinaryIO | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    limits: Limits | None = None,
    password: PasswordCallback | None = None,
    anonymous_password: str = DEFAULT_ANONYMOUS_PASSWORD,
    transcript: Transcript | None = None,
    charset: str = "utf-8",
    now: datetime | None = None,
) -> FTPResult:
    """Dereference the ftp *url* (RFC 1738 §3.2) on a new control connection.

    A file goes to *sink* (any binary file object) when given, else into memory up to
    ``limits.max_memory`` (more raises :class:`TooLarge`); a directory comes back as
    :attr:`FTPResult.listing`, and nothing is written to *sink*.  *progress* hears
    ``(done, total)``; *cancel* stops the work at any moment (``ABOR`` for an open
    transfer, then the connection is closed; :class:`Cancelled` is raised).  *password*
    is asked when the URL has a user but no password and the server wants one; it is
    never stored or recorded.  Pass a :class:`Transcript` (with a listener) to follow
    the commands and replies live, and to keep them when an error is raised.

    Raises :class:`~urlinspector.schemes.errors.LocalProtocolError` before connecting
    for a URL that cannot be sent safely; :class:`ConnectFailed`, :class:`NetTimeout`,
    :class:`FTPReplyError` (:class:`LoginFailed`), :class:`FTPError`,
    :class:`TooLarge` or :class:`Cancelled` (all :class:`NetError`) after.
    """
    the_plan = plan(url, anonymous_password=anonymous_password)
    host = _ascii_host(the_plan.host)
    if host != the_plan.host:
        the_plan = replace(the_plan, host=host)
    session = _Session(
        the_plan,
        sink=sink,
        progress=progress,
        cancel=cancel,
        limits=limits or Limits(),
        password=password,
        transcript=transcript if transcript is not None else Transcript(),
        charset=charset,
        now=now,
    )
    try:
        return session.run()
    except FTPReplyError:
        if session.transfer_open:
            session.abandon("refused")
        else:
            session.quit()  # the control connection is still fine: leave politely
        raise
    except BaseException as exc:
        session.abandon(_WHY.get(type(exc), "failed"))
        raise


_WHY: dict[type[BaseException], str] = {
    Cancelled: "cancelled",
    KeyboardInterrupt: "interrupted",
    NetTimeout: "timed out",
    TooLarge: "too large for memory",
}


def fetch_to_path(
    url: str | URL,
    path: str | os.PathLike[str],
    *,
    keep_partial: bool = False,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    limits: Limits | None = None,
    password: PasswordCallback | None = None,
    anonymous_password: str = DEFAULT_ANONYMOUS_PASSWORD,
    transcript: Transcript | None = None,
    charset: str = "utf-8",
    now: datetime | None = None,
) -> FTPResult:
    """:func:`fetch` streaming the file to *path* (any size; memory stays bounded).

    The bytes go to ``<path>.part`` first and are renamed to *path* when the transfer
    completed; after a failure or cancel the partial file is removed, unless
    *keep_partial* (then ``<path>.part`` stays).  A *path* that is not a regular file (a
    device such as ``/dev/null``, a FIFO) is written as it is.  A directory is returned
    as a listing and nothing is written.
    """
    staged = staging_path(path)
    partial = Path(staged) if staged is not None else None
    done = False
    try:
        with open(partial or path, "wb") as sink:
            result = fetch(
                url,
                sink=sink,
                progress=progress,
                cancel=cancel,
                limits=limits,
                password=password,
                anonymous_password=anonymous_password,
                transcript=transcript,
                charset=charset,
                now=now,
            )
        if partial is not None and result.listing is None:
            os.replace(partial, path)
        elif partial is not None:
            partial.unlink(missing_ok=True)
        done = True
        return result
    finally:
        if partial is not None and not done and not keep_partial:
            partial.unlink(missing_ok=True)
