"""Another service's port: the consent a client asks before it connects there.

A request sent to another service's port is read by that service as its own commands: a
gopher selector holding mail commands, sent to port 25, sends mail (RFC 1738 §6), and an ftp
or nntp URL's path becomes lines of text sent to whatever listens.  So a URL whose port
is not its scheme's own and is a sensitive port (a mail, news, file transfer or login
service's, or any port below 1024) needs a person's confirmation first.  One table says
what each scheme would send there; adding a scheme that connects is one row.
"""

from __future__ import annotations

from types import MappingProxyType

from urlinspector.core import URL
from urlinspector.core.registry import DEFAULT_PORTS, SENSITIVE_PORTS

__all__ = ["CHECKED_SCHEMES", "port_warning"]

_WHAT_IS_SENT = MappingProxyType(
    {
        "gopher": (
            "gopher's 70: the selector would be sent to that service as if it were its own "
            "commands (RFC 1738 §6: a gopher URL can be made to send mail through an SMTP server)"
        ),
        "gophers": (
            "gophers' 70: the selector would be sent, inside TLS, to that service as if it "
            "were its own commands (RFC 1738 §6)"
        ),
        "ftp": (
            "FTP's 21: the login, the directory names and the file name would be sent to "
            "that service as lines of commands it may act on (RFC 1738 §6)"
        ),
        "ftps": (
            "ftps's 990: the login, the directory names and the file name would be sent "
            "to that service as lines of commands it may act on (RFC 1738 §6)"
        ),
        "nntp": (
            "NNTP's 119: the group name and the article number would be sent to that "
            "service as lines of commands it may act on (RFC 1738 §6)"
        ),
    }
)

CHECKED_SCHEMES = frozenset(_WHAT_IS_SENT)
"""The schemes whose URLs name a server to connect to, and are checked."""


def port_warning(url: URL) -> str | None:
    """The warning to show before connecting to *url*'s port, or None when the port is
    the scheme's own, not a sensitive one, or the scheme connects nowhere."""
    scheme = (url.scheme or "").lower()
    what = _WHAT_IS_SENT.get(scheme)
    if what is None:
        return None
    port = url.port_number
    if port is None or port == DEFAULT_PORTS.get(scheme):
        return None
    service = SENSITIVE_PORTS.get(port)
    if service is None and port >= 1024:
        return None
    whose = f"{service}'s port" if service else "a port below 1024, kept for system services"
    return f"this {scheme} URL connects to port {port}, {whose}, not {what}"
