"""Which news server to ask and which login to use: an nntp: URL's own server (RFC 1738
§3.7); for news: URLs (RFC 1738 §3.6) the reader's setting, ``NNTPSERVER`` or
``localhost:119``; a login from ``~/.netrc``."""

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


def netrc_credentials(host: str, path: str | os.PathLike[str] | None = None) -> Credentials | None:
    """The login for *host* in ``~/.netrc`` (or *path*), as nntplib used to read it; None
    when there is no file, no entry, or the file cannot be used (``~/.netrc`` with a
    password must be private to its owner: the standard library's check)."""
    try:
        file = Path(path) if path is not None else Path.home() / ".netrc"
        if not file.is_file():
            return None
        parsed = netrc.netrc(None if path is None else os.fspath(file))
        entry = parsed.authenticators(host)
    except (OSError, netrc.NetrcParseError, RuntimeError):
        return None
    if entry is None:
        return None
    login, _account, password = entry
    if not login:
        return None
    return Credentials(login, password or "")
