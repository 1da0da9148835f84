"""The control connection: ftplib's :class:`ftplib.FTP` with every line recorded in the
transcript, reads that wait in cancellable slices, a reply reader with bounds (RFC 959
§4.2), the Telnet doubling of octet 255 (RFC 854), and TLS (RFC 4217) from the first
octet or after ``AUTH TLS``."""

from __future__ import annotations

import ftplib
import ssl

from urlinspector.core.quoting import quoted
from urlinspector.net.ftp.errors import FTPError
from urlinspector.net.ftp.tls import Mode, TLSInfo, handshake, tls_info
from urlinspector.net.ftp.waits import SLICE, Waits
from urlinspector.net.tls import TLSOptions
from urlinspector.schemes.ftp.transcript import Transcript, mask_command
from urlinspector.schemes.ftp.url import readable

__all__ = ["IAC", "MAX_REPLY_LINES", "MAX_REPLY_SIZE", "Control", "wire"]

MAX_REPLY_LINES = 1000
MAX_REPLY_SIZE = 64 * 1024
"""The longest multi-line reply read (RFC 959 §4.2: it ends at a line starting with its
code and a space): a server whose ``220-`` greeting, FEAT or other reply never ends is
told off here, where ftplib's reader would keep every line for ever."""
IAC = "\xff"
"""Telnet's "interpret as command" octet (RFC 854)."""


def wire(octets: bytes) -> str:
    """Octets as ftplib's str, one character per octet (it encodes with Latin-1 here)."""
    return octets.decode("latin-1")


class Control(ftplib.FTP):
    """ftplib's FTP with every line recorded, cancellable reads and a bounded reply
    reader (passive mode is :class:`~urlinspector.net.ftp.passive.PassiveControl`'s)."""

    def __init__(self, waits: Waits, transcript: Transcript, shown: str, charset: str) -> None:
        super().__init__(encoding="latin-1", timeout=waits.limits.connect_timeout)
        self.waits = waits
        self.transcript = transcript
        self.shown = shown
        self.charset = charset
        self.last_command = ""
        self.epsv: bool | None = None
        self._inbuf = bytearray()
        self.tls_context: ssl.SSLContext | None = None
        """The context of TLS, when it is to be used (set before :meth:`open`)."""
        self.tls_options = TLSOptions()
        """How the certificate is judged (what the transcript says of it)."""
        self.tls: TLSInfo | None = None
        """How the control connection is protected; None while it is plain."""
        self.protect_data = False
        """``PROT P`` was accepted: data connections go in TLS too (RFC 4217 §9)."""

    def readable_line(self, line: str) -> str:
        return readable(line.encode("latin-1"), self.charset)

    def open(self, host: str, port: int, *, implicit_tls: bool = False) -> str:
        self.transcript.connect(f"connecting to {self.shown}")
        sock = self.waits.connect(host, port, self.shown)
        self.sock = sock
        self.af = sock.family
        self.host, self.port = host, port
        self.file = None
        peer = sock.getpeername()
        self.transcript.connect(f"connected to {peer[0]} port {peer[1]}")
        if implicit_tls:  # ftps: TLS before the greeting
            self.start_tls("implicit")
        self.last_command = ""
        welcome = self.getresp()
        while welcome[:3] == "120":  # RFC 959 §5.4: "ready in nnn minutes", then 220
            welcome = self.getresp()
        if welcome[:1] != "2":
            raise ftplib.error_reply(welcome)
        self.welcome = welcome
        return welcome

    def start_tls(self, mode: Mode) -> None:
        """Wrap the control connection in TLS now (RFC 4217 §4): at once for ftps, after
        the 234 reply to ``AUTH TLS`` otherwise."""
        assert self.sock is not None
        assert self.tls_context is not None
        if self._inbuf:
            # RFC 4217 §4: nothing may follow the 234 before the handshake; octets that
            # did were sent in clear text by anyone on the way, and would be read as
            # replies protected by TLS (the STARTTLS injection of CVE-2011-0411)
            raise FTPError(
                f"the server at {self.shown} sent more after its reply to AUTH TLS, before "
                "the TLS handshake; that could be an attacker's, so the connection was "
                "closed"
            )
        self.transcript.connect("TLS handshake")
        self.sock = handshake(self.waits, self.sock, self.tls_context, self.host, self.shown)
        self.tls = tls_info(self.sock, mode, self.tls_options)
        self.transcript.connect(self.tls.describe())

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
                    f"{quoted(readable(code.encode('latin-1'), self.charset) + ' ')} line "
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
