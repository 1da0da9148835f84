"""What goes wrong on an FTP exchange, as :mod:`urlinspector.net` errors that are also
:class:`~urlinspector.schemes.errors.RemoteProtocolError`: a refusal names the command
(masked) and the server's reply."""

from __future__ import annotations

from urlinspector.net.errors import NetError
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.ftp.replies import reply_code

__all__ = ["FTPError", "FTPReplyError", "LoginFailed", "TLSRefused"]


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


class TLSRefused(FTPReplyError):
    """TLS was asked for and the server refused AUTH TLS, PBSZ or PROT P (RFC 4217):
    nothing more was sent in clear text."""
