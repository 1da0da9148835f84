"""The session of a fetch: what every request of one person's act shares, built once by
the command line (``urlinspector fetch``) or the viewer (with its window; each job
binds its Stop and reports to it) and handed down to the protocol and its
connections, as an httpx ``Client`` or a requests ``Session`` holds its settings.

A :class:`Session` holds the limits (timeouts, the memory cap, and the request policy's
guard, :attr:`Limits.guard <urlinspector.net.limits.Limits.guard>`), how a TLS server is
trusted and whether a clear-text server is asked for TLS, the cancel token (the viewer's
Stop), the progress callback, the transcript listener, the password question and the
charset text is decoded with.  Where a fetch's body goes is not the session's: each
fetch takes its :mod:`~urlinspector.net.sink`, and what only one protocol knows (a
gopher search, an ftp listing's clock, a news server's name) stays a keyword of that
protocol's fetch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.tls import TLSOptions
from urlinspector.schemes.transcript import TranscriptListener

__all__ = ["DEFAULT_SESSION", "PasswordCallback", "Progress", "Session"]

Progress = Callable[[int, "int | None"], None]
"""``progress(bytes_so_far, total_or_None)``: called after every read, from the thread
doing the transfer."""

PasswordCallback = Callable[[str, str], "str | None"]
"""``(user, "host:port") -> password``, or None to give up; called only when the URL has
a user but no password and the server asks for one (RFC 1738 §3.2.1)."""


@dataclass(frozen=True, slots=True)
class Session:
    """What the requests of one fetch share (see the module's text); every field has
    the default a fetch without a person watching wants."""

    limits: Limits = field(default_factory=Limits)
    """Timeouts, the memory cap, and the request policy's guard (None: no policy)."""
    tls: TLSOptions = field(default_factory=TLSOptions)
    """How a TLS server's certificate is trusted (default: the system's trust store)."""
    auth_tls: bool = False
    """Ask a server that starts in clear text for TLS (ftp: ``AUTH TLS``, RFC 4217),
    and stop when it refuses rather than go on unprotected."""
    cancel: CancelToken | None = None
    """Checked at least every 0.1 s: :class:`~urlinspector.net.errors.Cancelled` ends
    the exchange."""
    progress: Progress | None = None
    transcript: TranscriptListener | None = None
    """Hears each line of a protocol's exchange (ftp, nntp) as it is recorded."""
    password: PasswordCallback | None = None
    """Asked for a password the URL does not hold (ftp); it is never stored."""
    charset: str = "utf-8"
    """How text is decoded: gopher menus and attributes, ftp names, and a news
    article that declares no charset."""


DEFAULT_SESSION: Final = Session()
"""The session of a fetch that is given none."""
