"""What one viewer's fetches are made with: the network layer's
:class:`~urlinspector.net.session.Session` (the limits, how certificates are trusted,
AUTH TLS for ftp), the news server for news: URLs, and what the person allowed this
session (a login in clear text to a news server, a certificate that cannot be verified,
an ftp data connection to another port of this machine).  The pane holds one
:class:`NetOptions` and hands it to the scheme handlers that fetch, which give its
session to their tasks; the window's Go menu changes it (:mod:`.install`), the
navigator's questions add to it (:mod:`.following`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from urlinspector.gui.viewer.workers import VIEW_SESSION
from urlinspector.net.session import Session

__all__ = ["NetOptions"]


@dataclass(slots=True)
class NetOptions:
    """The viewer's fetch settings, for the session (see the module description)."""

    session: Session = VIEW_SESSION
    """The session every fetch of this viewer starts from, built with the viewer: its
    limits, its trust store, and ``auth_tls``, AUTH TLS (RFC 4217) asked of every ftp
    server (Go ▸ Ask ftp servers for TLS swaps in the session with it on or off; ftps
    URLs always use TLS).  A handler adds the request policy's guard for the URL, a job
    its Stop and reports."""
    news_server: str | None = None
    """``HOST[:PORT]`` of the news server for news: URLs (None: ``NNTPSERVER``)."""
    clear_text_logins: set[str] = field(default_factory=set)
    """News servers (``host:port``) the person allowed, this session, to be sent the
    login from ``~/.netrc`` on a connection without TLS (asked when one wants it)."""
    data_ports_allowed: set[str] = field(default_factory=set)
    """Servers (``scheme://host:port``) the person let open data connections to other
    ports of this machine, this session (the request policy's question)."""
    accepted_certificates: dict[str, str] = field(default_factory=dict)
    """Server (``host:port``) -> the SHA-256 fingerprint of the TLS certificate the
    person accepted for it this session, unverified."""
