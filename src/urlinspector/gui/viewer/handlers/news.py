"""news and nntp URLs in the viewer (RFC 1738 §3.6, §3.7; RFC 3977): the group list, a
page of a group's overview (older articles on request), an article; the NNTP exchange
below the page.  news: URLs go to the news server set in the window (else
``NNTPSERVER``); nntp: URLs to their own server, and the links of a page read from one
stay on it (:mod:`..news_links`)."""

from __future__ import annotations

from urlinspector.core import URL
from urlinspector.gui.viewer.handlers.base import (
    BaseHandler,
    Fetch,
    Navigation,
    Origin,
    Step,
    Viewer,
    consent,
    guarded,
)
from urlinspector.gui.viewer.news_links import NewsSource, local_news_host
from urlinspector.gui.viewer.tasks import NewsPage, news_task
from urlinspector.gui.viewer.text_view import DECLARED
from urlinspector.net.nntp import server_for
from urlinspector.schemes.nntp import Article, GroupList, OverviewPage, news_target, nntp_url

__all__ = ["NewsHandler"]


class NewsHandler(BaseHandler):
    """news: and nntp: (see the module description)."""

    def plan(
        self, url: URL, viewer: Viewer, *, confirmed: bool = False, origin: Origin = Origin.LINK
    ) -> Step:
        news_target(url)  # refuses what cannot be sent, before connecting
        question = consent(url, viewer, confirmed, origin)
        if question is not None:
            return question
        limits = guarded(viewer, url, origin, confirmed)
        return Fetch(
            news_task(
                url,
                server=viewer.news_server,
                limits=limits,
                clear_text_login=self.server(url, viewer) in viewer.clear_text_logins,
            ),
            transcript=True,
        )

    def earlier(self, url: URL, viewer: Viewer, before: int) -> Fetch | None:
        """The page of the group's overview before article *before*."""
        return Fetch(
            news_task(
                url,
                server=viewer.news_server,
                before=before,
                clear_text_login=self.server(url, viewer) in viewer.clear_text_logins,
            ),
            transcript=True,
            state={"before": before},
        )

    def server(self, url: URL, viewer: Viewer) -> str:
        """An nntp: URL's own server; for news: URLs the one set in the window, else
        ``NNTPSERVER``, else localhost:119."""
        try:
            return str(server_for(news_target(url), viewer.news_server))
        except ValueError:  # a setting or URL that names no usable server
            return viewer.news_server or ""

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

    def show(self, viewer: Viewer, nav: Navigation, result: object) -> None:
        if not isinstance(result, NewsPage):
            return
        answer = result.answer
        server = answer.server
        server_text = str(server.address)
        details = [f"news server {server_text}"]
        if server.implementation:
            details.append(server.implementation)
        if server.tls:
            details.append("TLS")
        details.append(f"answered from {server.peer[0]} port {server.peer[1]}")
        shown = answer.result
        source = NewsSource.of(result.url, server.address, local_news_host(viewer.news_server))
        if isinstance(shown, GroupList):
            viewer.groups_page.set_groups(shown, server_text)
            viewer.commit(nav, viewer.groups_page, "news groups")
        elif isinstance(shown, OverviewPage):
            viewer.overview_page.set_page(shown, source, server_text)
            viewer.commit(nav, viewer.overview_page, shown.group_name)
        elif isinstance(shown, Article):
            state = viewer.restore_state(nav)
            viewer.article_page.set_article(
                shown, charset=state.get("charset", DECLARED), source=source
            )
            viewer.commit(nav, viewer.article_page, shown.subject or "article")
        viewer.set_info(" · ".join(details))
        viewer.status(f"Answered by the news server {server_text}.")
