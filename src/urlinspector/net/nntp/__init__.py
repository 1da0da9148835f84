"""Dereferencing news: and nntp: URLs: the NNTP client of :mod:`urlinspector.schemes.nntp`
on a real connection.

:class:`NewsClient` is one connection to a news server: it opens it (NNTPS on port 563,
else plain TCP and STARTTLS when the server offers it), reads the greeting, runs the
start of the conversation (:func:`~urlinspector.schemes.nntp.session.start`) and then
answers requests for the group list, overview pages and articles, one command at a
time.  :func:`fetch_news` (and :func:`fetch_group_list`, :func:`fetch_overview`,
:func:`fetch_article`) do the whole thing for one URL and return a :class:`NewsAnswer`:
the result, and which server answered.

news: URLs name no server (RFC 1738 §3.6): :func:`server_for` picks the local news host from
the reader's setting, ``NNTPSERVER`` or ``localhost:119``.  nntp: URLs name theirs
(RFC 1738 §3.7).

Timeouts, the in-memory cap (per reply) and cancellation are the driver's
(:mod:`urlinspector.net.driver`): a silent server ends in :class:`NetTimeout`, an endless
reply in :class:`TooLarge`, Stop in :class:`Cancelled`.  The server's refusals are
:class:`~urlinspector.schemes.nntp.errors.NNTPReplyError` subclasses ("no such group
local.test (GROUP local.test: 411 No such group local.test)").

By concern: :mod:`.servers` (which server, which login), :mod:`.client` (one
connection), :mod:`.fetching` (one URL), :mod:`.answers` (what they give back).
"""

from __future__ import annotations

from urlinspector.net.nntp.answers import (
    NewsAnswer,
    ServerInfo,
    TranscriptLine,
    TranscriptListener,
)
from urlinspector.net.nntp.client import RAW_COMMANDS, NewsClient
from urlinspector.net.nntp.fetching import (
    FetchOptions,
    fetch_article,
    fetch_group_list,
    fetch_news,
    fetch_overview,
)
from urlinspector.net.nntp.servers import netrc_credentials, server_for
from urlinspector.schemes.nntp.session import Credentials
from urlinspector.schemes.nntp.url import NewsTarget, ServerAddress, news_target, parse_server

__all__ = [
    "RAW_COMMANDS",
    "Credentials",
    "FetchOptions",
    "NewsAnswer",
    "NewsClient",
    "NewsTarget",
    "ServerAddress",
    "ServerInfo",
    "TranscriptLine",
    "TranscriptListener",
    "fetch_article",
    "fetch_group_list",
    "fetch_news",
    "fetch_overview",
    "netrc_credentials",
    "news_target",
    "parse_server",
    "server_for",
]
