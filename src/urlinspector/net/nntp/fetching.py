"""One news: or nntp: URL dereferenced: :func:`fetch_news`, and its forms for the group
list, a group's overview and an article."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict, Unpack

from urlinspector.core import URL
from urlinspector.core.quoting import quoted
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.nntp.answers import NewsAnswer, TranscriptListener
from urlinspector.net.nntp.client import NewsClient
from urlinspector.net.nntp.servers import server_for
from urlinspector.net.sink import MEMORY, Sink
from urlinspector.net.tls import TLSOptions
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
    server: str | None = None,
    environ: Mapping[str, str] | None = None,
    credentials: Credentials | None = None,
    limits: Limits | None = None,
    cancel: CancelToken | None = None,
    before: int | None = None,
    page_size: int = DEFAULT_PAGE_SIZE,
    fallback_charset: str = "utf-8",
    descriptions: bool = True,
    starttls: bool = True,
    tls: TLSOptions | None = None,
    transcript: TranscriptListener | None = None,
    sink: Sink = MEMORY,
) -> NewsAnswer[Result]:
    """Dereference a news: or nntp: URL: ``news:*`` gives a :class:`GroupList`, a group
    an :class:`OverviewPage` (the *page_size* articles below *before*, newest first), an
    article an :class:`Article` (its body decoded in its declared charset, else in
    *fallback_charset*).

    *server* is the reader's news server setting (``HOST[:PORT]``) for news: URLs;
    *credentials* answer a 480; an nntp URL's own userinfo is used when none are given.
    *sink*: where an article's octets (File, Feed) or the replies as they came (Raw)
    go besides the result (:class:`~urlinspector.net.nntp.NewsClient`).
    Raises :class:`LocalProtocolError` (nothing sent), :class:`NetError`, or an
    :class:`~urlinspector.schemes.nntp.errors.NNTPReplyError`.
    """
    target = _target(url)
    address = server_for(target, server, environ)
    if credentials is None and target.user is not None:
        credentials = Credentials(target.user, target.password or "")
    client = NewsClient(
        address,
        limits=limits,
        cancel=cancel,
        credentials=credentials,
        starttls=starttls,
        tls=tls,
        transcript=transcript,
        sink=sink,
    )
    with client:
        result: Result
        if target.kind == "group-list":
            result = client.list_groups(
                descriptions=descriptions, fallback_charset=fallback_charset
            )
        elif target.kind == "overview":
            assert target.group is not None
            result = client.overview_page(
                target.group, before=before, count=page_size, fallback_charset=fallback_charset
            )
        else:
            result = client.article(
                group=target.group,
                number=target.article_number,
                message_id=target.message_id,
                fallback_charset=fallback_charset,
            )
        info = client.info
    return NewsAnswer(target, info, result, client.transcript, target.notes)


class FetchOptions(TypedDict, total=False):
    """The keyword arguments of :func:`fetch_news`."""

    server: str | None
    environ: Mapping[str, str] | None
    credentials: Credentials | None
    limits: Limits | None
    cancel: CancelToken | None
    before: int | None
    page_size: int
    fallback_charset: str
    descriptions: bool
    starttls: bool
    tls: TLSOptions | None
    transcript: TranscriptListener | None
    sink: Sink


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
