"""Where the links of a news page lead: the server a page was read from decides it.

A page read from an ``nntp://host[:port]/group`` URL names its server, so its rows open
``nntp://host[:port]/group/NUMBER`` (RFC 1738 §3.7) on that same server, with the
userinfo the URL was given (a login goes only to the host it was written for), and the
groups of an article read there open ``nntp://host[:port]/group``.  A page read from a
``news:`` URL came from the local news host (the window's setting, else ``NNTPSERVER``,
else localhost:119), and its links stay ``news:`` URLs (RFC 1738 §3.6).

A message-id names no server, and RFC 1738 has no nntp: URL for one (§3.7: a group and
an article *number*).  So a message-id link (Message-ID, References) stays ``news:`` and
asks the local news host, whatever server the article came from; when that is not the
server the article was read from, the link says so (:meth:`NewsSource.message_id_note`)
before anything is asked.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from urlinspector.core import URL
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.nntp import (
    ServerAddress,
    choose_server,
    group_url,
    message_id_url,
    news_target,
    nntp_url,
)

__all__ = ["NewsSource", "local_news_host"]

_SOURCE_WORDS = {
    "setting": "set in the window",
    "NNTPSERVER": "from NNTPSERVER",
    "default": "the default",
}


def local_news_host(setting: str | None) -> str:
    """The server news: URLs ask, as a person reads it: ``localhost:119 (the default)``,
    or why there is none."""
    try:
        address = choose_server(setting, os.environ)
    except LocalProtocolError as error:
        return f"none usable ({error})"
    return f"{address} ({_SOURCE_WORDS.get(address.source, address.source)})"


@dataclass(frozen=True, slots=True)
class NewsSource:
    """Where a news page was read, and so where its links lead."""

    server: ServerAddress
    """The server asked for the page."""
    named: bool
    """An nntp: URL named :attr:`server`: the page's links stay on it."""
    userinfo: str | None = None
    """The nntp: URL's userinfo as written (kept for links to the same server)."""
    local: str = ""
    """The local news host that news: links ask (:func:`local_news_host`)."""

    @classmethod
    def of(cls, url: URL, server: ServerAddress, local: str) -> NewsSource:
        """The source of a page read from *url* (a news: or nntp: URL) on *server*."""
        try:
            target = news_target(url)
        except LocalProtocolError:
            return cls(server, named=False, local=local)
        if target.server is None:  # news: (the local news host)
            return cls(server, named=False, local=local)
        return cls(target.server, named=True, userinfo=url.userinfo, local=local)

    def article_url(self, group: str, number: int, news_url: str | None) -> str | None:
        """Where a row of *group*'s overview leads: the article by *number* on the
        server the overview came from (nntp:), else *news_url* (its message-id's news:
        URL), else the number on the local news host."""
        if self.named:
            return nntp_url(self.server, group, number, userinfo=self.userinfo)
        return news_url if news_url is not None else nntp_url(self.server, group, number)

    def group_url(self, name: str) -> str:
        """The URL of the group *name*, on the server the page came from."""
        if self.named:
            return nntp_url(self.server, name, userinfo=self.userinfo)
        return group_url(name)

    def message_id_url(self, message_id: str) -> str | None:
        """The news: URL of *message_id* (None when it has no "@", RFC 1738 §3.6)."""
        return message_id_url(message_id)

    def message_id_note(self) -> str:
        """What a message-id link must say before it is followed: the server it asks
        (the local news host), when that is not the one the page came from."""
        if not self.named:
            return f"asks the local news host {self.local}".rstrip()
        return (
            f"asks the local news host {self.local}, not {self.server} where this "
            "article was read: a message-id names no server, and RFC 1738 §3.7 has no "
            "nntp: URL for one"
        )
