"""The viewer's page stack: one widget per kind of page, created once and shown in turn."""

from __future__ import annotations

from PySide6.QtWidgets import QStackedWidget, QWidget

from urlinspector.gui.palette import Formats
from urlinspector.gui.viewer.common import PasswordDisplay
from urlinspector.gui.viewer.findbar import Finder, find_in_text, find_in_view
from urlinspector.gui.viewer.ftp_view import ListingPage
from urlinspector.gui.viewer.gopher_view import GopherMenuPage
from urlinspector.gui.viewer.image_view import ImageView
from urlinspector.gui.viewer.news_view import ArticlePage, GroupListPage, OverviewListPage
from urlinspector.gui.viewer.other_schemes import MessagePage, SchemePage
from urlinspector.gui.viewer.text_view import TextView

__all__ = ["PageStack"]


class PageStack(QStackedWidget):
    """The pages: before the first fetch, a gopher menu, a text, an image, a directory
    listing, news groups, a group's overview, an article, an explanation of a scheme
    that is not fetched, and a message (a failure).  The pages that show URLs follow
    *passwords* (the pane's switch)."""

    def __init__(self, formats: Formats, passwords: PasswordDisplay) -> None:
        super().__init__()
        self.setObjectName("viewerPages")
        self.start_page = MessagePage()
        self.start_page.show_message(
            "Nothing shown yet",
            "Enter a gopher, ftp, news or file URL in the address bar; the page it "
            "leads to is shown here, and its URL becomes the base URL.",
        )
        self.gopher_page = GopherMenuPage(formats)
        self.text_page = TextView()
        self.image_page = ImageView()
        self.listing_page = ListingPage(passwords=passwords)
        self.groups_page = GroupListPage()
        self.overview_page = OverviewListPage()
        self.article_page = ArticlePage(passwords=passwords)
        self.scheme_page = SchemePage(passwords=passwords)
        self.message_page = MessagePage()
        for page in (
            self.start_page,
            self.gopher_page,
            self.text_page,
            self.image_page,
            self.listing_page,
            self.groups_page,
            self.overview_page,
            self.article_page,
            self.scheme_page,
            self.message_page,
        ):
            self.addWidget(page)
        self._finders: dict[QWidget, Finder] = {
            self.text_page: lambda w, b: find_in_text(self.text_page.browser, w, b),
            self.article_page: lambda w, b: find_in_text(self.article_page.body.browser, w, b),
            self.gopher_page: lambda w, b: find_in_view(self.gopher_page.view, w, b),
            self.listing_page: lambda w, b: find_in_view(self.listing_page.table, w, b),
            self.groups_page: lambda w, b: find_in_view(self.groups_page.table, w, b),
            self.overview_page: lambda w, b: find_in_view(self.overview_page.table, w, b),
        }

    def find_in_page(self, words: str, backward: bool = False) -> bool:
        """Find *words* on the page shown (:mod:`.findbar`); False when it has none,
        or the page has no text to search."""
        page = self.currentWidget()
        finder = self._finders.get(page) if page is not None else None
        return finder(words, backward) if finder is not None else False
