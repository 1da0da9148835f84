"""Which news server to ask and which login to use: an nntp: URL's own server (RFC 1738
§3.7); for news: URLs (RFC 1738 §3.6) the reader's setting, ``NNTPSERVER`` or
``localhost:119``; a login from ``~/.netrc`` (its ``machine`` entries only)."""

from __future__ import annotations

import netrc
import os
from collections.abc import Mapping
from pathlib import Path

from urlinspector.schemes.nntp.session import Credentials
from urlinspector.schemes.nntp.url import NewsTarget, ServerAddress, choose_server

__all__ = ["netrc_credentials", "server_for"]


def server_for(
    target: NewsTarget, server: str | None = None, environ: Mapping[str, str] | None = None
) -> ServerAddress:
    """The server to ask: an nntp: URL's own; for news: URLs the *server* setting,
    else ``NNTPSERVER`` (from *environ*, default the process's), else localhost:119."""
    if target.server is not None:
        return target.server
    return choose_server(server, os.environ if environ is None else environ)


def netrc_credentials(
    host: str, path: str | os.PathLike[str] | None = None, *, clear_text: bool = False
) -> Credentials | None:
    """The login of the ``machine`` entry for *host* in ``~/.netrc`` (or *path*); None
    when there is no file, no such entry, or the file cannot be used (``~/.netrc`` with a
    password must be private to its owner: the standard library's check).

    The ``default`` entry is never used: it names no host, and would hand its password
    to any server that asks for a login (a news server named by a link included).  The
    login is not sent on a connection without TLS unless *clear_text*
    (:attr:`Credentials.clear_text`: the user allowed it)."""
    try:
        file = Path(path) if path is not None else Path.home() / ".netrc"
        if not file.is_file():
            return None
        parsed = netrc.netrc(None if path is None else os.fspath(file))
    except (OSError, netrc.NetrcParseError, RuntimeError):
        return None
    if host.lower() == "default":  # the netrc module keeps the default entry under this key
        return None
    entry = parsed.hosts.get(host) or parsed.hosts.get(host.lower())  # not authenticators()
    if entry is None:
        return None
    login, _account, password = entry
    if not login:
        return None
    return Credentials(login, password or "", clear_text=clear_text)
