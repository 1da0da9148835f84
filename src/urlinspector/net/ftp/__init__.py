"""Dereferencing ftp URLs over the standard library's :mod:`ftplib`.

:func:`fetch` carries out the plan of :mod:`urlinspector.schemes.ftp.url` (RFC 1738 §3.2,
RFC 1738) on a new control connection (RFC 1738 §3.2.5: the only reliable way), in passive
mode (EPSV, falling back to PASV; the address in a PASV reply is not trusted), and
returns a :class:`FTPResult`: a parsed :class:`~urlinspector.schemes.ftp.listing.Listing`
or the file (where its :mod:`~urlinspector.net.sink` says: in memory up to
:attr:`Limits.max_memory`, streamed to a file, fed to a function, or as it came to a raw
stream), plus the transcript (passwords masked).

Every wait is cut into short slices, so the session's
:class:`~urlinspector.net.limits.CancelToken` stops the work at any moment: an open
transfer gets ``ABOR``, and the connection is closed.  A server that stops answering
ends in :class:`NetTimeout`; a refusal (4xx, 5xx) in :class:`FTPReplyError`, naming the
command and the server's text.

The work is split by concern: :mod:`.waits` (sliced, cancellable socket waits),
:mod:`.control` (the control connection and its bounded reply reader), :mod:`.passive`
(EPSV and PASV data connections, held to the request policy), :mod:`.connections`
(commands, the data connection's bytes, QUIT and ABOR), :mod:`.exchange` (the plan's
steps), :mod:`.fetching` (the public functions, which take a
:class:`~urlinspector.net.session.Session`), :mod:`.tls` (FTP over TLS, RFC 4217: the
handshake and how the connection was protected; the options and the certificate are
:mod:`urlinspector.net.tls`'s); :mod:`.errors` and :mod:`.result` hold what they raise
and return.
"""

from __future__ import annotations

from urlinspector.net.ftp.errors import FTPError, FTPReplyError, LoginFailed, TLSRefused
from urlinspector.net.ftp.fetching import LOCAL_LINE_END, fetch, fetch_to_path
from urlinspector.net.ftp.result import FTPResult, PasswordCallback, ProgressCallback
from urlinspector.net.ftp.tls import TLSInfo
from urlinspector.net.tls import Certificate, TLSOptions

__all__ = [
    "LOCAL_LINE_END",
    "Certificate",
    "FTPError",
    "FTPReplyError",
    "FTPResult",
    "LoginFailed",
    "PasswordCallback",
    "ProgressCallback",
    "TLSInfo",
    "TLSOptions",
    "TLSRefused",
    "fetch",
    "fetch_to_path",
]
