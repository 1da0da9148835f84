"""news and nntp URLs in the viewer (RFC 1738 §3.6, §3.7; RFC 3977): the group list, a
page of a group's overview (older articles on request), an article; the NNTP exchange
below the page.  news: URLs go to the news server set in the window (else
``NNTPSERVER``); nntp: URLs to their own server, and the links of a page read from one
stay on it (:mod:`..news_links`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from urlinspector.core import URL
from urlinspector.gui.viewer.handlers.base import (
    BaseHandler,
    Fetch,
    Navigation,
    Origin,
    Step,
    ViewerParts,
    consent,
    guarded,
)
from urlinspector.gui.viewer.news_links import NewsSource, local_news_host
from urlinspector.gui.viewer.tasks import NewsPage, news_task
from urlinspector.gui.viewer.text_view import DECLARED
from urlinspector.net.nntp import server_for
from urlinspector.schemes.nntp import Article, GroupList, OverviewPage, news_target, nntp_url

if TYPE_CHECKING:
    from urlinspector.gui.viewer.net_options import NetOptions
    from urlinspector.gui.viewer.news_view import ArticlePage, GroupListPage, OverviewListPage
    from urlinspector.gui.viewer.showing import PageRenderer

__all__ = ["NewsContext", "NewsHandler"]


@dataclass(frozen=True)
class NewsContext:
    """What the news handler uses: the renderer, the three news pages (the group list,
    a group's overview, an article), the fetch settings."""

    renderer: PageRenderer
    groups: GroupListPage
    overview: OverviewListPage
    article: ArticlePage
    net: NetOptions


class NewsHandler(BaseHandler):
    """news: and nntp: (see the module description)."""

    def __init__(self, ctx: NewsContext) -> None:
        self.ctx = ctx

    @classmethod
    def of(cls, parts: ViewerParts) -> NewsHandler:
        pages = parts.pages
        return cls(
            NewsContext(
                parts.renderer,
                pages.groups_page,
                pages.overview_page,
                pages.article_page,
                parts.net,
            )
        )

    def plan(self, url: URL, *, confirmed: bool = False, origin: Origin = Origin.LINK) -> Step:
        news_target(url)  # refuses what cannot be sent, before connecting
        shown = self.ctx.renderer.url
        question = consent(url, shown, confirmed, origin)
        if question is not None:
            return question
        net = self.ctx.net
        return Fetch(
            news_task(
                url,
                guarded(net.session, url, shown, origin, confirmed),
                server=net.news_server,
                clear_text_login=self.server(url) in net.clear_text_logins,
            ),
            transcript=True,
        )

    def earlier(self, url: URL, before: int) -> Fetch | None:
        """The page of the group's overview before article *before*."""
        net = self.ctx.net
        return Fetch(
            news_task(
                url,
                net.session,
                server=net.news_server,
                before=before,
                clear_text_login=self.server(url) in net.clear_text_logins,
            ),
            transcript=True,
            state={"before": before},
        )

    def server(self, url: URL) -> str:
        """An nntp: URL's own server; for news: URLs the one set in the window, else
        ``NNTPSERVER``, else localhost:119."""
        news_server = self.ctx.net.news_server
        try:
            return str(server_for(news_target(url), news_server))
        except ValueError:  # a setting or URL that names no usable server
            return news_server or ""

    def parent(self, url: URL) -> str | None:
        """The page above: the group list above a news: group's overview (an nntp: URL
        names no group list, RFC 1738 §3.7), the group's overview above an nntp:
        article.  A news: article's URL names no group (its page knows the groups it
        was posted to)."""
        try:
            target = news_target(url)
        except ValueError:  # (a URL that cannot be fetched has nothing above)
            return None
        if target.kind == "overview":
            return "news:*" if target.scheme == "news" else None
        if target.kind == "article" and target.server is not None and target.group:
            # the login written for this server stays with it (RFC 1738 §3.7)
            return nntp_url(target.server, target.group, userinfo=url.userinfo)
        return None

    def show(self, nav: Navigation, result: object) -> None:
        if not isinstance(result, NewsPage):
            return
        ctx, renderer = self.ctx, self.ctx.renderer
        server = result.answer.server
        server_text = str(server.address)
        details = [f"news server {server_text}"]
        if server.implementation:
            details.append(server.implementation)
        if server.tls:
            details.append("TLS")
        details.append(f"answered from {server.peer[0]} port {server.peer[1]}")
        shown = result.answer.result
        local = local_news_host(ctx.net.news_server)
        source = NewsSource.of(result.url, server.address, local)
        if isinstance(shown, GroupList):
            ctx.groups.set_groups(shown, server_text)
            renderer.commit(nav, ctx.groups, "news groups")
        elif isinstance(shown, OverviewPage):
            ctx.overview.set_page(shown, source, server_text)
            renderer.commit(nav, ctx.overview, shown.group_name)
        elif isinstance(shown, Article):
            state = renderer.restore_state(nav)
            ctx.article.set_article(shown, charset=state.get("charset", DECLARED), source=source)
            renderer.commit(nav, ctx.article, shown.subject or "article")
        renderer.set_info(" · ".join(details))
        renderer.status(f"Answered by the news server {server_text}.")
