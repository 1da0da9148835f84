"""The viewer: dereferences gopher, ftp, news, nntp and file URLs off the GUI thread and
shows what comes back, with back, forward, reload and stop.

:class:`ViewerPane` is one widget: a tool bar (the four actions, what is shown and from
which server, a progress bar), a stack of pages (gopher menu, text, image, directory
listing, news groups, overview, article, an explanation for the schemes it does not
fetch, a message) and, below, the transcript of the last FTP or NNTP exchange.

The pane keeps navigation, history and the page stack; what a URL means is its scheme
handler's business (:mod:`.handlers`): the URL is parsed once, the handler turns it into
a step (a fetch, a download, a question first, a page at once), and the fetch's result
goes back to the same handler, which fills a page.

Navigation: :meth:`ViewerPane.navigate` takes a parsed URL (the address bar's, read by
the window's edition) and :meth:`ViewerPane.follow` the text of a link on the page shown
(read once, by that page's edition); the :class:`~.handlers.base.Origin` says which,
and either starts a :class:`~.workers.Job`.  The page shown changes when the reply
is there (a gopher menu as soon as its first items are), and only then does the
history get an entry and ``urlChanged`` / ``baseChanged`` go out: the URL used to
retrieve the page is its base URL (URL syntax draft 1997 §5.1.3), so relative references
typed into the address bar resolve against it.  A fetch that fails shows a message
page; one that is stopped leaves the page as it was.  A fetch refused before anything
is sent (a URL that cannot be sent, a port question answered Cancel) or given up (a
password not given) is not a visit: the history and the page's URL stay as they were.

The pane composes small objects, each given what it works with, and callers go through
them (the pane copies none of their attributes): :attr:`~ViewerPane.toolbar` (the
actions, the info line, the progress bar), :attr:`~ViewerPane.pages` (the page stack),
:attr:`~ViewerPane.renderer` (:class:`~.showing.PageRenderer`: showing a page and
committing it to the history), :attr:`~ViewerPane.navigator`
(:class:`~.following.Navigator`: a handler's steps and its job's reports, and the
questions it asks), :attr:`~ViewerPane.downloads` (:class:`~.downloads.Downloads`),
:attr:`~ViewerPane.places` (:class:`~.places.Places`), :attr:`~ViewerPane.find_bar`,
:attr:`~ViewerPane.handlers` (this viewer's scheme handlers, each made with the few
parts it uses) and :attr:`~ViewerPane.gopher_menu`.  The fetch settings
(:attr:`~ViewerPane.net`) and whether URLs show their passwords
(:attr:`~ViewerPane.passwords`, the window's View ▸ Show passwords) are the pane's own
state, given to the parts that use them; the place in the main window is
:mod:`.install`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QCloseEvent, QDesktopServices
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from urlinspector.core import URL
from urlinspector.gui.palette import Formats, theme_of
from urlinspector.gui.viewer import dialogs
from urlinspector.gui.viewer.common import PasswordDisplay
from urlinspector.gui.viewer.downloads import DOWNLOAD_THREADS, Downloads
from urlinspector.gui.viewer.findbar import FindBar
from urlinspector.gui.viewer.following import Navigator, NavigatorParts
from urlinspector.gui.viewer.ftp_view import ListingModel, TranscriptPanel
from urlinspector.gui.viewer.gopher_view import URL_ROLE
from urlinspector.gui.viewer.handlers import Handlers
from urlinspector.gui.viewer.handlers.base import Navigation, Origin, ViewerParts, last_part
from urlinspector.gui.viewer.handlers.gopher import GopherContext, GopherMenu
from urlinspector.gui.viewer.history import History
from urlinspector.gui.viewer.net_options import NetOptions
from urlinspector.gui.viewer.pages import PageStack
from urlinspector.gui.viewer.places import Places
from urlinspector.gui.viewer.save import format_size
from urlinspector.gui.viewer.showing import PageRenderer
from urlinspector.gui.viewer.toolbar import NavigationBar
from urlinspector.gui.viewer.workers import Job, JobRunner
from urlinspector.schemes.gopher import MenuItem, type_name

if TYPE_CHECKING:
    from urlinspector.gui.viewer.bookmarks_menu import BookmarksMenu

__all__ = ["ViewerPane"]


class ViewerPane(QWidget):
    """The viewer (see the module description).

    Signals:

    * ``urlChanged(str)``: the URL of the page now shown;
    * ``baseChanged(str)``: its base URL (URL syntax draft 1997 §5.1.3: the URL it was
      retrieved with, or the base the content declares);
    * ``busyChanged(bool)``: a fetch started or ended;
    * ``statusMessage(str)``: a line for the status bar (``""`` clears it);
    * ``titleChanged(str)``: a short name for the page;
    * ``itemSelected(str)``: the URL of the menu item or listing entry the keyboard
      moved to ("" for one that leads nowhere), for the address bar to show.
    """

    itemSelected = Signal(str)
    urlChanged = Signal(str)
    baseChanged = Signal(str)
    busyChanged = Signal(bool)
    statusMessage = Signal(str)
    titleChanged = Signal(str)

    def __init__(
        self,
        formats: Formats | None = None,
        parent: QWidget | None = None,
        *,
        net: NetOptions | None = None,
        download_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("viewer")
        self.formats = formats if formats is not None else Formats(theme_of(self.palette()))
        self.net = net if net is not None else NetOptions()
        """The fetch settings of this session (limits, news server, AUTH TLS, what the
        person allowed)."""
        self.passwords = PasswordDisplay()
        """Whether the URLs in this viewer's labels, status lines and titles show their
        passwords (the window's View ▸ Show passwords: :mod:`.install`)."""
        self.history = History()
        self.runner = JobRunner(self)
        # downloads on threads of their own: pages still load while several run
        self.downloads = Downloads(
            self,
            JobRunner(self, threads=DOWNLOAD_THREADS),
            download_folder,
            passwords=self.passwords,
        )
        self.password_asker = dialogs.PasswordAsker(self)
        self.bookmarks: BookmarksMenu | None = None
        """The Bookmarks menu, its actions and the bookmarks kept with the settings (set
        by :func:`.install.install_viewer`)."""
        self.toolbar = NavigationBar(self)
        self.find_bar = FindBar()
        self.pages = PageStack(self.formats, self.passwords)
        self.transcript = TranscriptPanel(self.formats)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self._lay_out()
        menu, listing = self.pages.gopher_page.view, self.pages.listing_page
        self.places = Places(
            self.history,
            {
                self.pages.gopher_page: (menu, URL_ROLE, menu.keys.is_stop),
                listing: (listing.table, ListingModel.URL_ROLE, listing.keys.is_stop),
            },
        )
        """Where the reader was on each menu and listing: Back comes back to it."""
        self.renderer = PageRenderer(
            self.pages,
            self.history,
            self.places,
            self.downloads,
            self.transcript,
            self.toolbar.info,
            self._server_of,
            self.passwords,
            self,
        )
        parts = ViewerParts(self.renderer, self.pages, self.net)
        self.handlers = Handlers(parts)
        """This viewer's scheme handlers, each made with the parts it uses."""
        self.gopher_menu = GopherMenu(GopherContext.of(parts), self.runner, self.follow, self)
        self.navigator = Navigator(
            NavigatorParts(
                self.handlers,
                self.renderer,
                self.net,
                self.runner,
                self.downloads,
                self.transcript,
                self.password_asker,
                self.toolbar.progress,
            ),
            self,
        )
        self.downloads.connect_shared = self.navigator.connect_shared
        self._connect()
        self.history.listener = self._update_actions
        self._update_actions()

    # --- building ---------------------------------------------------------------------------

    def _lay_out(self) -> None:
        self.find_bar.hide()
        self.transcript.hide()
        splitter = self.splitter
        splitter.setObjectName("viewerSplitter")
        splitter.addWidget(self.pages)
        splitter.addWidget(self.transcript)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.find_bar)
        layout.addWidget(splitter, 1)

    def _connect(self) -> None:
        """The parts' signals to the pane's slots and signals."""
        bar = self.toolbar
        bar.up_action.triggered.connect(self.go_to_parent)
        bar.back_action.triggered.connect(self.back)
        bar.forward_action.triggered.connect(self.forward)
        bar.reload_action.triggered.connect(self.reload)
        bar.stop_action.triggered.connect(self.stop)
        bar.save_action.triggered.connect(self.save_current)
        bar.find_action.triggered.connect(self.open_find)
        bar.find_next_action.triggered.connect(self._find_next)
        bar.find_previous_action.triggered.connect(self._find_previous)
        bar.back_menu.aboutToShow.connect(self._fill_back_menu)
        bar.forward_menu.aboutToShow.connect(self._fill_forward_menu)
        self.find_bar.findRequested.connect(self.find_in_page)
        self._connect_pages()
        renderer = self.renderer
        renderer.urlChanged.connect(self.urlChanged)
        renderer.urlChanged.connect(self._update_actions)  # (Up a level)
        renderer.baseChanged.connect(self.baseChanged)
        renderer.titleChanged.connect(self.titleChanged)
        renderer.statusMessage.connect(self.statusMessage)
        self.navigator.busyChanged.connect(self._busy_changed)
        self.downloads.statusMessage.connect(self.statusMessage)
        self.downloads.viewRequested.connect(self._view_download)

    def _connect_pages(self) -> None:
        pages = self.pages
        for page in (
            pages.text_page,
            pages.listing_page,
            pages.groups_page,
            pages.overview_page,
            pages.article_page,
        ):
            page.linkActivated.connect(self.follow)
            page.linkHovered.connect(self._hovered)
        pages.text_page.charsetChanged.connect(self._charset_changed)
        pages.text_page.backRequested.connect(self.back_from_text)
        pages.article_page.body.charsetChanged.connect(self._charset_changed)
        for table in (pages.listing_page, pages.groups_page, pages.overview_page):
            table.parentRequested.connect(self.go_to_parent)
            table.linkSelected.connect(self._link_selected)
        pages.article_page.parentRequested.connect(self.go_to_parent)
        pages.article_page.linkDescribed.connect(self.statusMessage)
        menu = pages.gopher_page.view
        menu.parentRequested.connect(self.go_to_parent)
        menu.itemSelected.connect(self._item_selected)
        menu.infoRequested.connect(self._item_info)
        pages.overview_page.olderRequested.connect(self._older_articles)
        pages.image_page.saveRequested.connect(self._save_image)
        pages.message_page.actionTriggered.connect(self._message_action)
        pages.scheme_page.opened.connect(self._handed_to_system)

    # --- public API -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """A fetch is in progress (downloads are the download list's)."""
        return self.navigator.busy

    @property
    def url(self) -> URL | None:
        """The URL of the page shown (None before the first)."""
        return self.renderer.url

    @property
    def base(self) -> str:
        """The base URL of the page shown (URL syntax draft 1997 §5.1.3)."""
        return self.renderer.base

    def navigate(self, url: URL, origin: Origin = Origin.LINK) -> None:
        """Go to *url*: fetch it off the GUI thread and show it (a new history entry).
        *origin*: a link followed on the page shown, or typed by the person (the
        address bar, a bookmark), who is not asked about what they chose themselves."""
        self.navigator.go(url, None, origin)

    @Slot(str)
    def follow(self, text: str, origin: Origin = Origin.LINK) -> None:
        """Follow *text*, a link on the page shown (what the pages' links call): read
        once, here, by the edition the page shown was read by."""
        if text.strip():
            self.navigate(self.navigator.read(text), origin)

    @Slot()
    def back(self) -> None:
        self.go_to(-1)

    @Slot()
    def forward(self) -> None:
        self.go_to(1)

    @Slot()
    def reload(self) -> None:
        self.navigator.reload()

    @Slot()
    def stop(self) -> None:
        """Stop the fetch in progress; the page shown stays (a menu keeps the items
        that had arrived)."""
        self.navigator.stop()

    @Slot(str, bool)
    def find_in_page(self, words: str, backward: bool = False) -> bool:
        """Find *words* on the page shown (Ctrl+F, F3); False when they are not there."""
        found = self.pages.find_in_page(words, backward)
        self.find_bar.show_result(found)
        if not found:
            self.statusMessage.emit(f"Not found on this page: {words}")
        return found

    @Slot()
    def open_find(self) -> None:
        """Open the find bar for the page shown (Ctrl+F, wherever the focus is once
        the pane is in the window: :mod:`urlinspector.gui.find_routing`)."""
        self.find_bar.open()

    @Slot()
    def _find_next(self) -> None:
        self._find_again(False)

    @Slot()
    def _find_previous(self) -> None:
        self._find_again(True)

    def _find_again(self, backward: bool) -> None:
        if self.find_bar.field.text():
            self.find_in_page(self.find_bar.field.text(), backward)
        else:
            self.find_bar.open()

    @Slot()
    def go_to_parent(self) -> None:
        """The directory above the listing shown (ftp and file URLs), the menu above
        the gopher page shown, the news page above (the group list above an overview,
        the group's overview above an article): Backspace, Alt+Up, the listing's
        Parent button."""
        parent = self.navigator.url_above()
        if parent is None:
            self.statusMessage.emit("At the top: there is no menu or directory above.")
            return
        above = self.navigator.read(parent)
        if self.url is not None:  # the menu above comes with the item that leads here
            self.places.coming_up(above.text, self.url.text)
        self.navigate(above, Origin.TYPED)

    @Slot()
    def back_from_text(self) -> None:
        """Backspace or Left on a text page (Lynx's keys): back to the page it came from,
        on the item followed; a text reached without one goes up a level instead, to
        the menu above with the item of this text chosen."""
        if self.history.can_go_back:
            self.back()
        else:
            self.go_to_parent()

    def go_to(self, offset: int) -> None:
        """Go *offset* pages back (negative) or forward in the history."""
        self.navigator.go_to(offset)

    @Slot()
    def _fill_back_menu(self) -> None:
        self.navigator.fill_history_menu(self.toolbar.back_menu, -1)

    @Slot()
    def _fill_forward_menu(self) -> None:
        self.navigator.fill_history_menu(self.toolbar.forward_menu, 1)

    @Slot()
    def shutdown(self, timeout: float = 5.0) -> None:
        """Stop every transfer and wait for the threads (before the window closes);
        downloads not saved yet are discarded."""
        self.navigator.forget()
        self.downloads.discard_all()
        self.runner.shutdown(timeout)
        self.downloads.runner.shutdown(timeout)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            theme = theme_of(self.palette())
            if theme != self.formats.theme:
                self.set_formats(Formats(theme))

    def set_formats(self, formats: Formats) -> None:
        """Colour the pages by *formats* (after a theme change)."""
        self.formats = formats
        self.pages.gopher_page.model.set_formats(formats)
        self.transcript.formats = formats

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    def _server_of(self, url: URL) -> str:
        """The server *url* is fetched from, for messages (its scheme handler's answer)."""
        return self.handlers.for_url(url).server(url)

    @Slot(str)
    def _charset_changed(self, charset: str) -> None:
        self.history.update_current(charset=charset)

    # --- links and hovering -----------------------------------------------------------------

    @Slot(str)
    def _hovered(self, url: str) -> None:
        self.statusMessage.emit(self.passwords.url(url))

    @Slot(str)
    def _handed_to_system(self, url: str) -> None:
        self.statusMessage.emit(f"Handed to the system: {self.passwords.label(url, 100)}")

    @Slot(object)
    def _item_selected(self, item: MenuItem | None) -> None:
        """The keyboard moved to *item*: where it leads, in the status bar and (through
        ``itemSelected``) the address bar."""
        if item is None:
            return
        where = self.passwords.url(item.url) if item.url is not None else "leads nowhere"
        keys = "Enter follows it" if item.url is not None else ""
        if item.plus is not None:
            keys += ("; " if keys else "") + "= shows its Gopher+ attributes"
        self.statusMessage.emit(
            f"{type_name(item.itemtype)}: {where}" + (f" · {keys}" if keys else "")
        )
        self.itemSelected.emit(item.url or "")

    @Slot(str)
    def _link_selected(self, url: str) -> None:
        self.statusMessage.emit(f"{self.passwords.url(url)} · Enter opens it" if url else "")
        self.itemSelected.emit(url)

    @Slot(object)
    def _item_info(self, item: MenuItem) -> None:
        """``=`` on an item that is not a Gopher+ item: what the menu line says."""
        where = self.passwords.url(item.url) if item.url is not None else "leads nowhere"
        problems = "".join(f"; {p}" for p in item.problems)
        self.statusMessage.emit(
            f"{type_name(item.itemtype)}: {where} (line {item.line}; not a Gopher+ item, "
            f"no attributes to ask for{problems})"
        )

    # --- saving and the message page's buttons ----------------------------------------------

    @Slot()
    def save_current(self) -> None:
        """Offer the page shown for saving (fetched again into a file)."""
        url = self.url
        if url is None:
            return
        download = self.handlers.for_url(url).save(url)
        if download is not None:
            self.downloads.start(url, download)
            return
        pages = self.pages
        page = pages.currentWidget()
        texts = {
            pages.text_page: pages.text_page.text,
            pages.article_page: pages.article_page.body.text,
        }
        text = texts.get(page) if page is not None else None
        if text is not None:  # a text without a way to fetch it again: as shown
            name = f"{last_part(url) or 'page'}.txt"
            self.downloads.offer_bytes(url, name, text.encode("utf-8"))
        else:
            self.statusMessage.emit("This page has nothing to save.")

    @Slot(object, object)
    def _view_download(self, url: URL, data: bytes) -> None:
        """Show a download whose octets read as text (the save dialog's View as text)."""
        self.navigator.stop_quietly()
        nav = Navigation(url, None, Job(_nothing), self.handlers.for_url(url))
        self.renderer.show_text(nav, data, f"{format_size(len(data))} · viewed as text")

    @Slot()
    def _save_image(self) -> None:
        image = self.renderer.image_data
        if image and self.url is not None:
            self.downloads.offer_bytes(self.url, last_part(self.url) or "image", image)

    @Slot(str)
    def _message_action(self, key: str) -> None:
        url = self.renderer.failed_url or self.url
        if url is None:
            return
        if key == "retry":
            self.navigator.go(url, 0, Origin.TYPED)
        elif key == "save":
            self.save_current()
        elif key == "save-data":
            self.downloads.offer_bytes(url, last_part(url) or "download", self.renderer.image_data)
        elif key == "open":
            QDesktopServices.openUrl(QUrl(url.text, QUrl.ParsingMode.TolerantMode))

    @Slot(int)
    def _older_articles(self, before: int) -> None:
        url = self.url
        if url is None:
            return
        handler = self.handlers.for_url(url)
        fetch = handler.earlier(url, before)
        if fetch is not None:
            self.navigator.stop_quietly()
            self.navigator.start(url, 0, handler, fetch)

    # --- state ------------------------------------------------------------------------------

    @Slot(bool)
    def _busy_changed(self, busy: bool) -> None:
        """A fetch started or ended: the progress bar, Stop and ``busyChanged``."""
        self.toolbar.progress_action.setVisible(busy)
        self._update_actions()
        self.busyChanged.emit(busy)

    @Slot()
    def _update_actions(self) -> None:
        bar = self.toolbar
        bar.back_action.setEnabled(self.history.can_go_back)
        bar.forward_action.setEnabled(self.history.can_go_forward)
        bar.reload_action.setEnabled(self.url is not None or self.history.current is not None)
        bar.stop_action.setEnabled(self.busy)
        bar.up_action.setEnabled(self.navigator.url_above() is not None)


def _nothing(_ctx: object) -> None:
    """The task of a page shown without fetching (a download viewed as text)."""
    return None
