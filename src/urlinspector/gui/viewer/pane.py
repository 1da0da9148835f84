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

The pane composes small objects, each given what it works with: the navigator
(:class:`~.following.Navigator`: a handler's steps and its job's reports), the page
renderer (:class:`~.showing.PageRenderer`: showing a page and committing it to the
history), the download list (:class:`~.downloads.Downloads`), the places on menus and
listings (:class:`~.places.Places`) and the find bar; the questions are
:mod:`.dialogs`'s, and the place in the main window :mod:`.install`'s.  The pane is what
the scheme handlers see (:class:`~.handlers.base.Viewer`) and passes their calls to
those objects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices
from PySide6.QtWidgets import (
    QInputDialog,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import URL
from urlinspector.gui.palette import Formats, theme_of
from urlinspector.gui.viewer import dialogs
from urlinspector.gui.viewer.bookmarks import Bookmarks
from urlinspector.gui.viewer.bookmarks_dialog import BookmarksDialog
from urlinspector.gui.viewer.common import display_url, without_password
from urlinspector.gui.viewer.downloads import DOWNLOAD_THREADS, Downloads
from urlinspector.gui.viewer.findbar import FindBar
from urlinspector.gui.viewer.following import Navigator
from urlinspector.gui.viewer.ftp_view import ListingModel, TranscriptPanel
from urlinspector.gui.viewer.gopher_plus import AskDialog
from urlinspector.gui.viewer.gopher_view import URL_ROLE
from urlinspector.gui.viewer.handlers import handler_for
from urlinspector.gui.viewer.handlers.base import Navigation, Origin, last_part
from urlinspector.gui.viewer.handlers.gopher import GopherMenu
from urlinspector.gui.viewer.history import History
from urlinspector.gui.viewer.pages import PageStack
from urlinspector.gui.viewer.places import Places
from urlinspector.gui.viewer.save import SaveDialog, format_size
from urlinspector.gui.viewer.showing import PageRenderer
from urlinspector.gui.viewer.toolbar import NavigationBar
from urlinspector.gui.viewer.workers import VIEW_LIMITS, Job, JobRunner
from urlinspector.net.limits import Limits
from urlinspector.schemes.gopher import MenuItem, type_name

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
        limits: Limits = VIEW_LIMITS,
        news_server: str | None = None,
        download_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("viewer")
        self.formats = formats if formats is not None else Formats(theme_of(self.palette()))
        self.limits = limits
        self.news_server = news_server
        """``HOST[:PORT]`` of the news server for news: URLs (None: ``NNTPSERVER``)."""
        self.ftp_auth_tls = False
        """Ask every ftp server for TLS with AUTH TLS (Go ▸ Ask ftp servers for TLS);
        ftps URLs always use it."""
        self.clear_text_logins: set[str] = set()
        self.accepted_certificates: dict[str, str] = {}
        """News servers (``host:port``) the person allowed, this session, to be sent the
        login from ``~/.netrc`` on a connection without TLS (asked when one wants it)."""
        self.history = History(listener=self._update_actions)
        self.runner = JobRunner(self)
        # downloads on threads of their own: pages still load while several run
        download_runner = JobRunner(self, threads=DOWNLOAD_THREADS)
        self.downloads = Downloads(self, download_runner, download_folder)
        self.downloads_action = self.downloads.action
        """Go ▸ Downloads (Ctrl+Shift+Y): the Downloads window."""
        self.downloads.saved.connect(lambda path: self.statusMessage.emit(f"Saved as {path}."))
        self.downloads.viewRequested.connect(self._view_download)
        self._busy = False
        self.password_asker = dialogs.PasswordAsker(self)
        self.bookmarks: Bookmarks | None = None
        """The bookmarks, kept with the settings (set by :func:`.install.install_viewer`)."""
        self.add_bookmark_action: QAction | None = None
        self.export_bookmarks_action: QAction | None = None
        self.manage_bookmarks_action: QAction | None = None
        self.bookmarks_dialog: BookmarksDialog | None = None
        """Bookmarks ▸ Manage bookmarks… while it is open."""
        self._build()
        self._compose()
        self.urlChanged.connect(lambda _url: self._update_actions())  # (Up a level)
        self._update_actions()

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        bar = self.toolbar = NavigationBar(self)
        self.back_action, self.forward_action = bar.back_action, bar.forward_action
        self.reload_action, self.stop_action = bar.reload_action, bar.stop_action
        self.back_menu, self.forward_menu = bar.back_menu, bar.forward_menu
        self.info, self.progress, self.progress_action = bar.info, bar.progress, bar.progress_action
        self.up_action = bar.up_action
        self.up_action.triggered.connect(self.go_to_parent)
        self.back_action.triggered.connect(self.back)
        self.forward_action.triggered.connect(self.forward)
        self.reload_action.triggered.connect(self.reload)
        self.stop_action.triggered.connect(self.stop)
        self.save_action = bar.save_action
        self.save_action.triggered.connect(self.save_current)
        self.find_action = bar.find_action
        self.find_next_action, self.find_previous_action = (
            bar.find_next_action,
            bar.find_previous_action,
        )
        self.find_bar = FindBar()
        self.find_bar.hide()
        self.find_bar.findRequested.connect(self.find_in_page)
        self.find_action.triggered.connect(lambda: self.open_find())
        self.find_next_action.triggered.connect(lambda: self._find_again(False))
        self.find_previous_action.triggered.connect(lambda: self._find_again(True))

        pages = self.pages = PageStack(self.formats)
        self.start_page, self.gopher_page = pages.start_page, pages.gopher_page
        self.text_page, self.image_page = pages.text_page, pages.image_page
        self.listing_page, self.groups_page = pages.listing_page, pages.groups_page
        self.overview_page, self.article_page = pages.overview_page, pages.article_page
        self.scheme_page, self.message_page = pages.scheme_page, pages.message_page

        self.transcript = TranscriptPanel(self.formats)
        self.transcript.hide()
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("viewerSplitter")
        self.splitter.addWidget(self.pages)
        self.splitter.addWidget(self.transcript)
        self.splitter.setStretchFactor(0, 4)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.find_bar)
        layout.addWidget(self.splitter, 1)

        for page in (
            self.text_page,
            self.listing_page,
            self.groups_page,
            self.overview_page,
            self.article_page,
        ):
            page.linkActivated.connect(self.follow)
            page.linkHovered.connect(self._hovered)
        self.text_page.charsetChanged.connect(self._charset_changed)
        self.article_page.body.charsetChanged.connect(self._charset_changed)
        for table in (self.listing_page, self.groups_page, self.overview_page):
            table.parentRequested.connect(self.go_to_parent)
            table.linkSelected.connect(self._link_selected)
        self.article_page.parentRequested.connect(self.go_to_parent)
        self.article_page.linkDescribed.connect(self.statusMessage)
        menu = self.gopher_page.view
        menu.parentRequested.connect(self.go_to_parent)
        menu.itemSelected.connect(self._item_selected)
        menu.infoRequested.connect(self._item_info)
        self.overview_page.olderRequested.connect(self._older_articles)
        self.image_page.saveRequested.connect(self._save_image)
        self.message_page.actionTriggered.connect(self._message_action)
        self.scheme_page.opened.connect(
            lambda url: self.statusMessage.emit(f"Handed to the system: {display_url(url, 100)}")
        )

    def _compose(self) -> None:
        """The objects the pane is made of, each given what it works with."""
        self.gopher_menu = GopherMenu(self, self)
        self.places = Places(
            self.history,
            {
                self.gopher_page: (self.gopher_page.view, URL_ROLE),
                self.listing_page: (self.listing_page.table, ListingModel.URL_ROLE),
            },
        )
        """Where the reader was on each menu and listing: Back comes back to it."""
        self.renderer = PageRenderer(
            self.pages,
            self.history,
            self.places,
            self.downloads,
            self.transcript,
            self.info,
            self.server_of,
            self,
        )
        self.renderer.urlChanged.connect(self.urlChanged)
        self.renderer.baseChanged.connect(self.baseChanged)
        self.renderer.titleChanged.connect(self.titleChanged)
        self.renderer.statusMessage.connect(self.statusMessage)
        self.navigator = Navigator(
            self,
            self,
            self.renderer,
            self.runner,
            self.downloads,
            self.transcript,
            self.password_asker,
            self.progress,
        )
        self.downloads.connect_shared = self.navigator.connect_shared
        back, forward = self.back_menu, self.forward_menu
        back.aboutToShow.connect(lambda: self.navigator.fill_history_menu(back, -1))
        forward.aboutToShow.connect(lambda: self.navigator.fill_history_menu(forward, 1))

    # --- public API -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def current_page(self) -> QWidget | None:
        return self.pages.currentWidget()

    @property
    def url(self) -> URL | None:
        """The URL of the page shown (None before the first)."""
        return self.renderer.url

    @url.setter
    def url(self, url: URL | None) -> None:
        self.renderer.url = url

    @property
    def base(self) -> str:
        """The base URL of the page shown (URL syntax draft 1997 §5.1.3)."""
        return self.renderer.base

    @base.setter
    def base(self, base: str) -> None:
        self.renderer.base = base

    @property
    def job(self) -> Job | None:
        """The fetch in progress, if any."""
        return self.navigator.job

    @property
    def port_warning(self) -> QMessageBox | None:
        """The question asked before connecting, open now, if any."""
        return self.navigator.port_warning

    @property
    def search_dialog(self) -> QInputDialog | None:
        """The search words asked for, open now, if any."""
        return self.navigator.search_dialog

    @property
    def save_dialog(self) -> SaveDialog | None:
        """The save dialog open now, if any."""
        return self.downloads.dialog

    @property
    def ask_dialog(self) -> AskDialog | None:
        """The Gopher+ form open now, if any."""
        return self.gopher_menu.ask_dialog

    @property
    def password_dialog(self) -> QInputDialog | None:
        """The password dialog open now, if any."""
        return self.password_asker.dialog

    @property
    def download_folder(self) -> Path:
        return self.downloads.folder

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

    def stop_quietly(self) -> None:
        self.navigator.stop_quietly()

    @Slot(str, bool)
    def find_in_page(self, words: str, backward: bool = False) -> bool:
        """Find *words* on the page shown (Ctrl+F, F3); False when they are not there."""
        found = self.pages.find_in_page(words, backward)
        self.find_bar.show_result(found)
        if not found:
            self.statusMessage.emit(f"Not found on this page: {words}")
        return found

    def open_find(self) -> None:
        """Open the find bar for the page shown (Ctrl+F, wherever the focus is once
        the pane is in the window: :mod:`urlinspector.gui.find_routing`)."""
        self.find_bar.open()

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
        self.navigate(self.navigator.read(parent), Origin.TYPED)

    def go_to(self, offset: int) -> None:
        """Go *offset* pages back (negative) or forward in the history."""
        self.navigator.go_to(offset)

    def shutdown(self, timeout: float = 5.0) -> None:
        """Stop every transfer and wait for the threads (before the window closes);
        downloads not saved yet are discarded."""
        self.navigator.forget()
        self.downloads.discard_all()
        self.runner.shutdown(timeout)
        self.downloads.runner.shutdown(timeout)
        self.set_busy(False)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            theme = theme_of(self.palette())
            if theme != self.formats.theme:
                self.set_formats(Formats(theme))

    def set_formats(self, formats: Formats) -> None:
        """Colour the pages by *formats* (after a theme change)."""
        self.formats = formats
        self.gopher_page.model.set_formats(formats)
        self.transcript.formats = formats

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    def server_of(self, url: URL) -> str:
        """The server *url* is fetched from, for messages (its scheme handler's answer)."""
        return handler_for(url).server(url, self)

    # --- what the handlers call: the page renderer's ----------------------------------------

    def commit(
        self,
        nav: Navigation,
        page: QWidget,
        title: str,
        *,
        base: str | None = None,
        content: str | None = None,
    ) -> None:
        self.renderer.commit(nav, page, title, base=base, content=content)

    def name_link(self, url: str, name: str) -> None:
        self.renderer.name_link(url, name)

    def show_failure(
        self,
        url: URL,
        offset: int | None,
        title: str,
        message: str,
        *,
        save: bool = False,
        save_data: bytes | None = None,
        visit: bool = True,
    ) -> None:
        self.renderer.show_failure(
            url, offset, title, message, save=save, save_data=save_data, visit=visit
        )

    def show_text(self, nav: Navigation, data: bytes, info: str, *, content: bool = False) -> None:
        self.renderer.show_text(nav, data, info, content=content)

    def show_image(self, nav: Navigation, data: bytes, info: str) -> None:
        self.renderer.show_image(nav, data, info)

    def show_listing(self, nav: Navigation, base: str, title: str, info: str) -> None:
        self.renderer.show_listing(nav, base, title, info)

    def offer_saved(self, nav: Navigation, name: str, spool: Path, size: int) -> None:
        self.renderer.offer_saved(nav, name, spool, size)

    def set_info(self, text: str) -> None:
        self.renderer.set_info(text)

    def info_text(self) -> str:
        return self.renderer.info_text()

    def status(self, text: str) -> None:
        self.statusMessage.emit(text)

    def restore_state(self, nav: Navigation) -> dict[str, Any]:
        return self.renderer.restore_state(nav)

    @Slot(str)
    def _charset_changed(self, charset: str) -> None:
        self.history.update_current(charset=charset)

    # --- links and hovering -----------------------------------------------------------------

    @Slot(str)
    def _hovered(self, url: str) -> None:
        self.statusMessage.emit(without_password(url))

    @Slot(object)
    def _item_selected(self, item: MenuItem | None) -> None:
        """The keyboard moved to *item*: where it leads, in the status bar and (through
        ``itemSelected``) the address bar."""
        if item is None:
            return
        where = without_password(item.url) if item.url is not None else "leads nowhere"
        keys = "Enter follows it" if item.url is not None else ""
        if item.plus is not None:
            keys += ("; " if keys else "") + "= shows its Gopher+ attributes"
        self.statusMessage.emit(
            f"{type_name(item.itemtype)}: {where}" + (f" · {keys}" if keys else "")
        )
        self.itemSelected.emit(item.url or "")

    @Slot(str)
    def _link_selected(self, url: str) -> None:
        self.statusMessage.emit(f"{without_password(url)} · Enter opens it" if url else "")
        self.itemSelected.emit(url)

    @Slot(object)
    def _item_info(self, item: MenuItem) -> None:
        """``=`` on an item that is not a Gopher+ item: what the menu line says."""
        where = without_password(item.url) if item.url is not None else "leads nowhere"
        problems = "".join(f"; {p}" for p in item.problems)
        self.statusMessage.emit(
            f"{type_name(item.itemtype)}: {where} (line {item.line}; not a Gopher+ item, "
            f"no attributes to ask for{problems})"
        )

    # --- saving and the message page's buttons ----------------------------------------------

    def save_current(self) -> None:
        """Offer the page shown for saving (fetched again into a file)."""
        url = self.url
        if url is None:
            return
        download = handler_for(url).save(url, self)
        if download is not None:
            self.downloads.start(url, download)
            return
        page = self.pages.currentWidget()
        texts = {
            self.text_page: self.text_page.text,
            self.article_page: self.article_page.body.text,
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
        self.stop_quietly()
        nav = Navigation(url, None, Job(lambda _ctx: None), handler_for(url))
        self.show_text(nav, data, f"{format_size(len(data))} · viewed as text")

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
        handler = handler_for(url)
        fetch = handler.earlier(url, self, before)
        if fetch is not None:
            self.stop_quietly()
            self.navigator.start(url, 0, handler, fetch)

    # --- state ------------------------------------------------------------------------------

    def set_busy(self, busy: bool) -> None:
        """A fetch started or ended: the progress bar, Stop and ``busyChanged``."""
        self.progress_action.setVisible(busy)
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)
        self._update_actions()

    def _update_actions(self) -> None:
        if not hasattr(self, "navigator"):
            return
        self.back_action.setEnabled(self.history.can_go_back)
        self.forward_action.setEnabled(self.history.can_go_forward)
        self.reload_action.setEnabled(self.url is not None or self.history.current is not None)
        self.stop_action.setEnabled(self._busy)
        self.up_action.setEnabled(self.navigator.url_above() is not None)
