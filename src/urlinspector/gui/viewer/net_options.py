"""What one viewer's fetches are made with: the limits, the news server for news: URLs,
AUTH TLS for ftp, and what the person allowed this session (a login in clear text to a
news server, a certificate that cannot be verified).  The pane holds one
:class:`NetOptions` and hands it to the scheme handlers that fetch; the window's Go menu
changes it (:mod:`.install`), the navigator's questions add to it (:mod:`.following`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from urlinspector.gui.viewer.workers import VIEW_LIMITS
from urlinspector.net.limits import Limits

__all__ = ["NetOptions"]


@dataclass
class NetOptions:
    """The viewer's fetch settings, for the session (see the module description)."""

    limits: Limits = VIEW_LIMITS
    news_server: str | None = None
    """``HOST[:PORT]`` of the news server for news: URLs (None: ``NNTPSERVER``)."""
    ftp_auth_tls: bool = False
    """Ask every ftp server for TLS with AUTH TLS, RFC 4217 (Go ▸ Ask ftp servers for
    TLS); ftps URLs always use it."""
    clear_text_logins: set[str] = field(default_factory=set)
    """News servers (``host:port``) the person allowed, this session, to be sent the
    login from ``~/.netrc`` on a connection without TLS (asked when one wants it)."""
    accepted_certificates: dict[str, str] = field(default_factory=dict)
    """Server (``host:port``) -> the SHA-256 fingerprint of the TLS certificate the
    person accepted for it this session, unverified."""
