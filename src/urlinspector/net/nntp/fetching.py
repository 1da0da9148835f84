"""One news: or nntp: URL dereferenced: :func:`fetch_news`, and its forms for the group
list, a group's overview and an article."""

from __future__ import annotations

from typing import TypedDict, Unpack

from urlinspector.core import URL
from urlinspector.core.quoting import quoted
from urlinspector.net.nntp.answers import NewsAnswer
from urlinspector.net.nntp.client import NewsClient
from urlinspector.net.nntp.servers import server_for
from urlinspector.net.session import DEFAULT_SESSION, Session
from urlinspector.net.sink import MEMORY, Sink
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.nntp.article import Article
from urlinspector.schemes.nntp.listing import GroupList, OverviewPage
from urlinspector.schemes.nntp.session import DEFAULT_PAGE_SIZE, Credentials
from urlinspector.schemes.nntp.url import NewsTarget, news_target

__all__ = [
    "FetchOptions",
    "Result",
    "fetch_article",
    "fetch_group_list",
    "fetch_news",
    "fetch_overview",
]

Result = GroupList | OverviewPage | Article


_ALL_GROUPS = NewsTarget("news:*", "news", "group-list")
"""``news:*``: every group the server carries (RFC 1738 §3.6)."""


def _target(url: URL | NewsTarget) -> NewsTarget:
    return url if isinstance(url, NewsTarget) else news_target(url)


def fetch_news(
    url: URL | NewsTarget,
    *,
    sink: Sink = MEMORY,
    session: Session = DEFAULT_SESSION,
    server: str | None = None,
    credentials: Credentials | None = None,
    before: int | None = None,
    page_size: int = DEFAULT_PAGE_SIZE,
) -> NewsAnswer[Result]:
    """Dereference a news: or nntp: URL: ``news:*`` gives a :class:`GroupList`, a group
    an :class:`OverviewPage` (the *page_size* articles below *before*, newest first), an
    article an :class:`Article` (its body decoded in its declared charset, else in the
    session's).

    *server* is the reader's news server setting (``HOST[:PORT]``) for news: URLs (else
    ``NNTPSERVER``, else localhost:119); *credentials* answer a 480; an nntp URL's own
    userinfo is used when none are given.  The *session* holds the limits and the
    request policy, the cancel token, the TLS trust and the transcript listener
    (:class:`~urlinspector.net.nntp.NewsClient`).  *sink*: where an article's octets
    (File, Feed) or the replies as they came (Raw) go besides the result.
    Raises :class:`LocalProtocolError` (nothing sent), :class:`NetError`, or an
    :class:`~urlinspector.schemes.nntp.errors.NNTPReplyError`.
    """
    target = _target(url)
    address = server_for(target, server)
    if credentials is None and target.user is not None:
        credentials = Credentials(target.user, target.password or "")
    with NewsClient(address, session, credentials=credentials, sink=sink) as client:
        result: Result
        if target.kind == "group-list":
            result = client.list_groups()
        elif target.kind == "overview":
            assert target.group is not None
            result = client.overview_page(target.group, before=before, count=page_size)
        else:
            result = client.article(
                group=target.group, number=target.article_number, message_id=target.message_id
            )
        info = client.info
    return NewsAnswer(target, info, result, client.transcript, target.notes)


class FetchOptions(TypedDict, total=False):
    """The keyword arguments of :func:`fetch_news`."""

    sink: Sink
    session: Session
    server: str | None
    credentials: Credentials | None
    before: int | None
    page_size: int


def _kind(url: URL | NewsTarget, kind: str, what: str) -> NewsTarget:
    target = _target(url)
    if target.kind != kind:
        raise LocalProtocolError(f"{quoted(target.url)} does not name {what}")
    return target


def fetch_group_list(
    url: URL | NewsTarget = _ALL_GROUPS, **options: Unpack[FetchOptions]
) -> NewsAnswer[GroupList]:
    """:func:`fetch_news` for ``news:*``."""
    answer = fetch_news(_kind(url, "group-list", "the group list (news:*)"), **options)
    assert isinstance(answer.result, GroupList)
    return NewsAnswer(answer.target, answer.server, answer.result, answer.transcript, answer.notes)


def fetch_overview(
    url: URL | NewsTarget, **options: Unpack[FetchOptions]
) -> NewsAnswer[OverviewPage]:
    """:func:`fetch_news` for a group (``news:group``, ``nntp://host/group``)."""
    answer = fetch_news(_kind(url, "overview", "a newsgroup"), **options)
    assert isinstance(answer.result, OverviewPage)
    return NewsAnswer(answer.target, answer.server, answer.result, answer.transcript, answer.notes)


def fetch_article(url: URL | NewsTarget, **options: Unpack[FetchOptions]) -> NewsAnswer[Article]:
    """:func:`fetch_news` for an article (``news:message-id``, ``nntp://host/group/n``)."""
    answer = fetch_news(_kind(url, "article", "an article"), **options)
    assert isinstance(answer.result, Article)
    return NewsAnswer(answer.target, answer.server, answer.result, answer.transcript, answer.notes)
