"""The viewer: dereferences gopher, ftp, news, nntp and file URLs off the GUI thread and
shows what comes back, with back, forward, reload and stop.

:class:`ViewerPane` is one widget: a tool bar (the four actions, what is shown and from
which server, a progress bar), a stack of pages (a gopher menu, a text, an image, a
directory listing, news groups, an overview, an article, an explanation for the schemes
it does not fetch, a message) and, below, the transcript of the last FTP or NNTP
exchange.

Navigation: :meth:`ViewerPane.navigate` (Enter in the address bar, a link) starts a
:class:`~urlinspector.gui.viewer.workers.Job`.  The page shown changes when the reply
is there (a gopher menu as soon as its first items are), and only then does the
history get an entry and ``urlChanged`` / ``baseChanged`` go out: the URL used to
retrieve the page is its base URL (URL syntax draft 1997 §5.1.3), so relative references typed into
the address bar resolve against it.  A fetch that fails shows a message page; one that is
stopped leaves the page as it was.  A fetch refused before anything is sent (a URL
that cannot be sent, a port question answered Cancel) or given up (a password not
given) is not a visit: the history and the page's URL stay as they were.

Before anything is sent:

* a gopher URL whose port belongs to another service asks first (RFC 1738 §6: a gopher
  request sent to an SMTP server's port sends mail);
* a type 7 item (a search) asks for the words to search for (RFC 1738 §3.4.2);
* a binary item asks where to save it (the bytes go to a spool file meanwhile).

:func:`install_viewer` adds the pane to the main window.
"""

from __future__ import annotations

import contextlib
import mimetypes
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QStackedWidget,
    QStyle,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import BaseNotAbsoluteError, parse, resolve
from urlinspector.core.base import establish_base
from urlinspector.gui.models.text import shown
from urlinspector.gui.palette import Formats, theme_of
from urlinspector.gui.viewer.common import display_url, without_password
from urlinspector.gui.viewer.ftp_view import (
    IMAGE_SUFFIXES,
    ListingPage,
    ListingRow,
    TranscriptPanel,
)
from urlinspector.gui.viewer.gopher_view import (
    AskDialog,
    GopherMenuPage,
    ask_data,
    attributes_url,
)
from urlinspector.gui.viewer.history import History
from urlinspector.gui.viewer.image_view import ImageView
from urlinspector.gui.viewer.news_view import ArticlePage, GroupListPage, OverviewListPage
from urlinspector.gui.viewer.other_schemes import MessagePage, SchemePage
from urlinspector.gui.viewer.save import SaveDialog, format_size, new_spool, suggest_name
from urlinspector.gui.viewer.text_view import DECLARED, TextView
from urlinspector.gui.viewer.workers import (
    VIEW_LIMITS,
    FilePage,
    FtpPage,
    GopherPage,
    Job,
    JobRunner,
    NewsPage,
    SavedPage,
    file_path,
    file_task,
    ftp_task,
    gopher_task,
    news_task,
)
from urlinspector.net.errors import Cancelled, ConnectFailed, NetError, NetTimeout, TooLarge
from urlinspector.net.limits import Limits
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.ftp.url import plan as ftp_plan
from urlinspector.schemes.gopher import (
    MenuItem,
    error_in_body,
    item_url,
    needs_port_confirmation,
    request_from_url,
    type_name,
    with_search,
)
from urlinspector.schemes.nntp import Article, GroupList, NNTPReplyError, OverviewPage, news_target

__all__ = [
    "FETCHED_SCHEMES",
    "IMAGE_TYPES",
    "VIEWER_PAGE",
    "ViewerPane",
    "install_viewer",
]

FETCHED_SCHEMES = frozenset({"gopher", "ftp", "news", "nntp", "file"})
"""Schemes the viewer dereferences; links of other schemes get an explanation page."""
IMAGE_TYPES = frozenset("gIp:")
"""Gopher item types shown as images (RFC 1436 §3.8 g and I; p, the PNG convention;
``:``, Gopher+'s bitmap)."""
VIEWER_PAGE = "viewer"
"""The name of the viewer's page in the main window's page area."""


@dataclass
class _Navigation:
    """A fetch in progress that will become the page shown."""

    url: str
    offset: int | None
    """None: a new page; 0: reload; -1 / +1: back / forward."""
    job: Job
    kind: str
    committed: bool = False
    items: int = 0
    spool: Path | None = None
    state: dict[str, Any] = field(default_factory=dict)


def _default_folder() -> Path:
    downloads = Path.home() / "Downloads"
    return downloads if downloads.is_dir() else Path.home()


class ViewerPane(QWidget):
    """The viewer (see the module description).

    Signals:

    * ``urlChanged(str)``: the URL of the page now shown;
    * ``baseChanged(str)``: its base URL (URL syntax draft 1997 §5.1.3: the URL it was retrieved
      with, or the base the content declares);
    * ``busyChanged(bool)``: a fetch started or ended;
    * ``statusMessage(str)``: a line for the status bar (``""`` clears it);
    * ``titleChanged(str)``: a short name for the page.
    """

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
        self.download_folder = download_folder or _default_folder()
        self.history = History(listener=self._update_actions)
        self.runner = JobRunner(self)
        self.url = ""
        """The URL of the page shown ("" before the first)."""
        self.base = ""
        self._nav: _Navigation | None = None
        self._busy = False
        self._downloads: dict[object, SaveDialog] = {}
        self._attributes_job: Job | None = None
        self._attributes_item: MenuItem | None = None
        self._image_data: bytes = b""
        self._listing_url = ""
        self._failed_url = ""
        self.search_dialog: QInputDialog | None = None
        self.port_warning: QMessageBox | None = None
        self.password_dialog: QInputDialog | None = None
        self.save_dialog: SaveDialog | None = None
        self.ask_dialog: AskDialog | None = None
        self._build_actions()
        self._build()
        self._update_actions()

    # --- building ---------------------------------------------------------------------------

    def _build_actions(self) -> None:
        style = self.style()

        def action(text: str, pixmap: QStyle.StandardPixmap, keys: list[str], tip: str) -> QAction:
            act = QAction(style.standardIcon(pixmap), text, self)
            act.setShortcuts([QKeySequence(k) for k in keys])
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut = ", ".join(keys)
            act.setToolTip(f"{tip} ({shortcut})")
            self.addAction(act)
            return act

        self.back_action = action(
            "&Back", QStyle.StandardPixmap.SP_ArrowBack, ["Alt+Left"], "the previous page"
        )
        self.forward_action = action(
            "&Forward", QStyle.StandardPixmap.SP_ArrowForward, ["Alt+Right"], "the next page"
        )
        self.reload_action = action(
            "&Reload",
            QStyle.StandardPixmap.SP_BrowserReload,
            ["F5", "Ctrl+R"],
            "fetch the page again",
        )
        self.stop_action = action(
            "&Stop", QStyle.StandardPixmap.SP_BrowserStop, ["Esc"], "stop the transfer"
        )
        self.back_action.triggered.connect(self.back)
        self.forward_action.triggered.connect(self.forward)
        self.reload_action.triggered.connect(self.reload)
        self.stop_action.triggered.connect(self.stop)

    def _build(self) -> None:
        self.toolbar = QToolBar("Navigation")
        self.toolbar.setObjectName("viewerToolbar")
        for act in (self.back_action, self.forward_action, self.reload_action, self.stop_action):
            self.toolbar.addAction(act)
        # the back and forward buttons hold the history: press and hold, or the arrow
        self.back_menu = QMenu(self)
        self.back_menu.setObjectName("backMenu")
        self.back_menu.aboutToShow.connect(lambda: self._fill_history_menu(self.back_menu, -1))
        self.forward_menu = QMenu(self)
        self.forward_menu.setObjectName("forwardMenu")
        self.forward_menu.aboutToShow.connect(lambda: self._fill_history_menu(self.forward_menu, 1))
        for act, popup in (
            (self.back_action, self.back_menu),
            (self.forward_action, self.forward_menu),
        ):
            button = self.toolbar.widgetForAction(act)
            if isinstance(button, QToolButton):
                button.setMenu(popup)
                button.setPopupMode(QToolButton.ToolButtonPopupMode.DelayedPopup)
        self.info = QLabel("")
        self.info.setObjectName("viewerInfo")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info.setMinimumWidth(100)
        self.toolbar.addWidget(self.info)
        self.progress = QProgressBar()
        self.progress.setObjectName("viewerProgress")
        self.progress.setMaximumWidth(160)
        self.progress.setMaximumHeight(16)
        self.progress.setTextVisible(False)
        self.progress_action = self.toolbar.addWidget(self.progress)
        self.progress_action.setVisible(False)

        self.pages = QStackedWidget()
        self.pages.setObjectName("viewerPages")
        self.start_page = MessagePage()
        self.start_page.show_message(
            "Nothing shown yet",
            "Enter a gopher, ftp, news or file URL in the address bar; the page it "
            "leads to is shown here, and its URL becomes the base URL.",
        )
        self.gopher_page = GopherMenuPage(self.formats)
        self.text_page = TextView()
        self.image_page = ImageView()
        self.listing_page = ListingPage()
        self.groups_page = GroupListPage()
        self.overview_page = OverviewListPage()
        self.article_page = ArticlePage()
        self.scheme_page = SchemePage()
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
            self.pages.addWidget(page)

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
        layout.addWidget(self.splitter, 1)

        menu = self.gopher_page.view
        menu.itemActivated.connect(self._item_activated)
        menu.itemHovered.connect(self._item_hovered)
        menu.attributesRequested.connect(self.show_attributes)
        self.gopher_page.attributes.urlRequested.connect(self.navigate)
        self.gopher_page.attributes.formRequested.connect(self._fill_form)
        for page in (
            self.text_page,
            self.listing_page,
            self.groups_page,
            self.overview_page,
            self.article_page,
        ):
            page.linkActivated.connect(self.navigate)
            page.linkHovered.connect(self._hovered)
        self.text_page.charsetChanged.connect(self._charset_changed)
        self.article_page.body.charsetChanged.connect(self._charset_changed)
        self.listing_page.parentRequested.connect(self.go_to_parent)
        self.overview_page.olderRequested.connect(self._older_articles)
        self.image_page.saveRequested.connect(self._save_image)
        self.message_page.actionTriggered.connect(self._message_action)
        self.scheme_page.opened.connect(
            lambda url: self.statusMessage.emit(f"Handed to the system: {display_url(url, 100)}")
        )

    # --- public API -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def current_page(self) -> QWidget | None:
        return self.pages.currentWidget()

    @property
    def job(self) -> Job | None:
        """The fetch in progress, if any."""
        return self._nav.job if self._nav is not None else None

    @Slot(str)
    def navigate(self, url: str) -> None:
        """Go to *url*: fetch it off the GUI thread and show it (a new history entry)."""
        self._go(url.strip(), None)

    @Slot()
    def back(self) -> None:
        entry = self.history.peek(-1)
        if entry is not None:
            self._go(entry.url, -1)

    @Slot()
    def forward(self) -> None:
        entry = self.history.peek(1)
        if entry is not None:
            self._go(entry.url, 1)

    @Slot()
    def reload(self) -> None:
        url = self.url or (self.history.current.url if self.history.current else "")
        if url:
            self._go(url, 0)

    @Slot()
    def stop(self) -> None:
        """Stop the fetch in progress; the page shown stays (a menu keeps the items
        that had arrived)."""
        nav = self._nav
        if nav is None:
            return
        self._nav = None
        nav.job.cancel()
        if nav.spool is not None:
            nav.spool.unlink(missing_ok=True)
        if nav.committed and nav.kind == "gopher":
            self._take_items(nav)
            self.info.setText(self.info.text() + " · stopped: the menu is incomplete")
        self._set_busy(False)
        self.statusMessage.emit("Stopped.")

    @Slot()
    def go_to_parent(self) -> None:
        """The directory above the listing shown (ftp and file URLs)."""
        parent = _parent_url(self._listing_url)
        if parent is not None:
            self.navigate(parent)

    def go_to(self, offset: int) -> None:
        """Go *offset* pages back (negative) or forward in the history."""
        entry = self.history.peek(offset)
        if entry is not None and offset:
            self._go(entry.url, offset)

    def _fill_history_menu(self, menu: QMenu, direction: int) -> None:
        menu.clear()
        entries = self.history.back_entries() if direction < 0 else self.history.forward_entries()
        for steps, entry in enumerate(entries[:20], 1):
            label = f"{shown(entry.title, 60)} — {display_url(entry.url, 80)}"
            act = menu.addAction(label.replace("&", "&&"))
            act.triggered.connect(lambda _checked=False, n=steps * direction: self.go_to(n))

    def shutdown(self, timeout: float = 5.0) -> None:
        """Stop every transfer and wait for the threads (before the window closes);
        downloads not saved yet are discarded."""
        self._nav = None
        for dialog in {*self._downloads.values(), self.save_dialog}:
            if dialog is not None and dialog.saved_path is None:
                dialog.discard()
        self.runner.shutdown(timeout)
        self._set_busy(False)

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

    # --- starting a fetch -------------------------------------------------------------------

    def _go(self, url: str, offset: int | None) -> None:
        if not url:
            return
        self.stop_quietly()
        parsed = parse(url)
        if not parsed.scheme and self.base:
            url = _resolved(self.base, url)  # a relative reference: against the base
            parsed = parse(url)
        scheme = (parsed.scheme or "").lower()
        try:
            if scheme == "gopher":
                self._gopher(url, offset)
            elif scheme == "ftp":
                self._ftp(url, offset)
            elif scheme in ("news", "nntp"):
                news_target(url)  # refuses what cannot be sent, before connecting
                self._start(url, offset, news_task(url, server=self.news_server), "news")
            elif scheme == "file":
                file_path(url)
                self._start(url, offset, file_task(url, limits=self.limits), "file")
            else:
                explanation = self.scheme_page.show_url(url)
                self._commit_static(url, offset, self.scheme_page, explanation.title)
        except LocalProtocolError as exc:
            self._show_failure(url, offset, "Not fetched", str(exc), visit=False)

    def stop_quietly(self) -> None:
        nav, self._nav = self._nav, None
        if nav is not None:
            nav.job.cancel()
            if nav.spool is not None:
                nav.spool.unlink(missing_ok=True)
            self._set_busy(False)

    def _gopher(self, url: str, offset: int | None, *, confirmed: bool = False) -> None:
        request = request_from_url(url)
        if not confirmed:
            warning = needs_port_confirmation(url)
            if warning is not None:
                self._ask_port(url, warning, lambda: self._gopher(url, offset, confirmed=True))
                return
        if request.gophertype == "7" and request.search is None and request.kind == "menu":
            self._ask_search(url)
            return
        if request.kind == "binary" and request.gophertype not in IMAGE_TYPES:
            name = suggest_name(request.selector, request.gophertype)
            self._download(url, name, lambda spool: gopher_task(url, spool=spool), show_now=True)
            return
        self._start(url, offset, gopher_task(url, limits=self.limits), "gopher")

    def _ftp(self, url: str, offset: int | None) -> None:
        the_plan = ftp_plan(url)
        if the_plan.action == "retrieve" and the_plan.transfer_type == "I":
            name = the_plan.name.decode("utf-8", "replace")
            if not any(name.lower().endswith(s) for s in IMAGE_SUFFIXES):
                # a file to save, or (the typecode was a guess) a directory to list
                self._download(
                    url,
                    suggest_name(name),
                    lambda spool: ftp_task(url, spool=spool),
                    show_now=False,
                    offset=offset,
                )
                return
        self._start(url, offset, ftp_task(url, limits=self.limits), "ftp")

    def _start(
        self,
        url: str,
        offset: int | None,
        task: Callable[..., object],
        kind: str,
        *,
        state: dict[str, Any] | None = None,
    ) -> _Navigation:
        job = Job(task, url)
        nav = _Navigation(url, offset, job, kind, state=state or {})
        self._nav = nav
        signals = job.signals
        signals.progress.connect(self._job_progress)
        signals.itemsReady.connect(self._job_items)
        signals.transcriptLine.connect(self._job_transcript)
        signals.passwordNeeded.connect(self._job_password)
        signals.transferStarted.connect(self._job_transfer_started)
        signals.finished.connect(self._job_finished)
        signals.failed.connect(self._job_failed)
        if kind in ("ftp", "news", "ftp-download"):
            self.transcript.clear(f"of {display_url(url, 90)}")
            self.transcript.show()
        self._set_busy(True)
        self.progress.setRange(0, 0)
        self.statusMessage.emit(f"Fetching {display_url(url, 100)}…")
        self.runner.start(job)
        return nav

    # --- questions before connecting --------------------------------------------------------

    def _ask_port(self, url: str, warning: str, go_on: Callable[[], None]) -> None:
        box = QMessageBox(self)
        box.setObjectName("portWarning")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Connect to this port?")
        box.setText(f"<b>{_html(display_url(url, 100))}</b>")
        box.setInformativeText(warning[:1].upper() + warning[1:] + ".")
        connect = box.addButton("&Connect anyway", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)

        def answered() -> None:
            self.port_warning = None
            if box.clickedButton() is connect:
                go_on()
            else:
                self.statusMessage.emit("Not connected.")

        box.finished.connect(answered)
        self.port_warning = box
        box.open()

    def _ask_search(self, url: str) -> None:
        dialog = QInputDialog(self)
        dialog.setObjectName("searchDialog")
        dialog.setWindowTitle("Search")
        dialog.setLabelText(
            "Words to search for (sent after a TAB with the selector, RFC 1738 §3.4.2):"
        )
        dialog.setInputMode(QInputDialog.InputMode.TextInput)

        def accepted(text: str) -> None:
            try:
                target = with_search(url, text)
            except LocalProtocolError as exc:
                self._show_failure(url, None, "Not searched", str(exc), visit=False)
                return
            self.navigate(target)

        dialog.textValueSelected.connect(accepted)
        dialog.finished.connect(lambda _result: setattr(self, "search_dialog", None))
        self.search_dialog = dialog
        dialog.open()

    # --- the job's reports ------------------------------------------------------------------

    def _current(self) -> _Navigation | None:
        nav = self._nav
        if nav is not None and self.sender() is nav.job.signals:
            return nav
        return None

    @Slot(object, object)
    def _job_progress(self, done: int, total: int | None) -> None:
        download = self._downloads.get(self.sender())
        if download is not None:
            download.set_progress(done, total)
            return
        if self._current() is None:
            return
        if total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(min(1000, int(done * 1000 / total)))
        self.statusMessage.emit(
            f"{format_size(done)}" + (f" of {format_size(total)}" if total else "") + " received"
        )

    @Slot()
    def _job_items(self) -> None:
        nav = self._current()
        if nav is None:
            return
        self._take_items(nav)

    def _take_items(self, nav: _Navigation) -> None:
        items = nav.job.context.take_items()
        if not items:
            return
        if not nav.committed:
            self.gopher_page.model.clear()
            self.gopher_page.show_menu()
            self._commit(nav, self.gopher_page, _menu_title(items, nav.url))
        self.gopher_page.model.append(items)
        nav.items += len(items)
        self.info.setText(f"gopher menu · {nav.items:,} items so far · {_hostport(nav.url)}")

    @Slot(object)
    def _job_transcript(self, line: object) -> None:
        sender = self.sender()
        if sender in self._downloads or self._current() is not None:
            self.transcript.add_line(line)  # type: ignore[arg-type]

    @Slot(str, str)
    def _job_password(self, user: str, where: str) -> None:
        sender = self.sender()
        job = self._nav.job if self._nav is not None else None
        if job is None or job.signals is not sender:
            job = next((j for j in self.runner.running if j.signals is sender), None)
        if job is None:
            return
        dialog = QInputDialog(self)
        dialog.setObjectName("passwordDialog")
        dialog.setWindowTitle("Password")
        dialog.setLabelText(f"The server at {where} asks for the password of {user}:")
        dialog.setTextEchoMode(QLineEdit.EchoMode.Password)

        def finished(result: int) -> None:
            accepted = result == QDialog.DialogCode.Accepted
            if not accepted and self._nav is not None and self._nav.job is job:
                self._nav.state["declined"] = True  # given up: not a visit
            job.answer_password(dialog.textValue() if accepted else None)
            dialog.setTextValue("")  # the password is not kept
            self.password_dialog = None

        dialog.finished.connect(finished)
        self.password_dialog = dialog
        dialog.open()

    @Slot()
    def _job_transfer_started(self) -> None:
        nav = self._current()
        if nav is None or nav.kind != "ftp-download" or nav.spool is None:
            return
        # the name is a file after all: hand the transfer to a save dialog
        self._nav = None
        self._set_busy(False)
        dialog = self._open_save_dialog(nav.url, nav.state["name"], nav.spool, nav.job)
        dialog.set_progress(0, None)

    @Slot(object)
    def _job_finished(self, result: object) -> None:
        download = self._downloads.pop(self.sender(), None)
        if download is not None:
            if isinstance(result, SavedPage):
                download.download_finished(result.size)
            return
        nav = self._current()
        if nav is None:
            return
        self._nav = None
        self._set_busy(False)
        try:
            self._show_result(nav, result)
        except TooLarge as exc:
            self._show_failure(nav.url, nav.offset, "Too large to show", str(exc), save=True)

    @Slot(object)
    def _job_failed(self, error: object) -> None:
        download = self._downloads.pop(self.sender(), None)
        if download is not None:
            if not isinstance(error, Cancelled):
                download.download_failed(str(error))
            return
        nav = self._current()
        if nav is None:
            return
        self._nav = None
        self._set_busy(False)
        if nav.spool is not None:
            nav.spool.unlink(missing_ok=True)
        if isinstance(error, Cancelled):
            self.statusMessage.emit("Stopped.")
            return
        title = _failure_title(error)
        message = str(error) or type(error).__name__
        if nav.committed:  # a menu that broke off: keep what came
            self._take_items(nav)
            self.info.setText(f"{self.info.text()} · broken off: {message}")
            self.statusMessage.emit(f"{title}: {message}")
            return
        self._show_failure(
            nav.url,
            nav.offset,
            title,
            message,
            save=isinstance(error, TooLarge),
            visit=not nav.state.get("declined", False),
        )

    # --- showing results --------------------------------------------------------------------

    def _show_result(self, nav: _Navigation, result: object) -> None:
        if isinstance(result, GopherPage):
            self._show_gopher(nav, result)
        elif isinstance(result, FtpPage):
            self._show_ftp(nav, result)
        elif isinstance(result, SavedPage):
            if result.listing is not None:  # an ftp name that was a directory
                result.spool.unlink(missing_ok=True)
                self._show_listing_result(nav, result.listing)
            else:  # a file whose transfer was not announced: offer it now
                name = str(nav.state.get("name") or _last_part(nav.url))
                dialog = self._open_save_dialog(nav.url, name, result.spool, None)
                dialog.download_finished(result.size)
        elif isinstance(result, NewsPage):
            self._show_news(nav, result)
        elif isinstance(result, FilePage):
            self._show_file(nav, result)

    def _show_gopher(self, nav: _Navigation, page: GopherPage) -> None:
        reply = page.reply
        kind = page.request.kind
        where = _hostport(nav.url)
        if reply.error is not None:
            self._show_failure(nav.url, nav.offset, "The gopher server refused", reply.error.text)
            return
        if kind == "menu":
            self._take_items(nav)
            if not nav.committed:
                self.gopher_page.model.clear()
                self.gopher_page.show_menu()
                self._commit(nav, self.gopher_page, _menu_title([], nav.url))
            count = self.gopher_page.model.rowCount()
            links = sum(1 for i in self.gopher_page.model.items if i.url is not None)
            text = f"gopher menu · {count:,} lines, {links:,} links · {where}"
            if reply.end is not None and reply.end.note:
                text += f" · {reply.end.note}"
            self.info.setText(text)
            self.statusMessage.emit(f"Done: {count:,} lines.")
            return
        if kind == "attributes":
            self.gopher_page.attributes.set_attributes(None, tuple(reply.attributes))
            self.gopher_page.show_attributes_only()
            self._commit(nav, self.gopher_page, "Gopher+ attributes")
            self.info.setText(f"Gopher+ attributes · {where}")
            return
        body = reply.body or b""
        message = error_in_body(body)
        if message is not None:
            self._show_failure(nav.url, nav.offset, "The gopher server says", message)
            return
        what = type_name(page.request.gophertype)
        if kind == "text":
            info = f"gopher {what} · {format_size(len(body))} · {where}"
            self._show_text(nav, body, info, content=page.request.gophertype == "h")
            return
        self._show_image(nav, body, f"gopher {what} · {where}")

    def _show_text(
        self, nav: _Navigation, data: bytes, info: str, *, content: bool = False
    ) -> None:
        state = self._restore_state(nav)
        self.text_page.set_bytes(data, state.get("charset"))
        content_text = self.text_page.text if content else None
        self._commit(nav, self.text_page, _last_part(nav.url), content=content_text)
        self.info.setText(info)

    def _show_image(self, nav: _Navigation, data: bytes, info: str) -> None:
        problem = self.image_page.set_image(data)
        self._image_data = data
        if problem:
            self._show_failure(
                nav.url, nav.offset, "Cannot show the image", problem, save_data=data
            )
            return
        self._commit(nav, self.image_page, _last_part(nav.url))
        self.info.setText(info)

    def _show_ftp(self, nav: _Navigation, page: FtpPage) -> None:
        result = page.result
        if result.listing is not None:
            self._show_listing_result(nav, result.listing)
            return
        data = result.data or b""
        name = result.plan.name.decode("utf-8", "replace")
        info = f"ftp file · {format_size(len(data))} · {result.plan.authority}"
        if any(name.lower().endswith(s) for s in IMAGE_SUFFIXES):
            self._show_image(nav, data, info)
        else:
            self._show_text(nav, data, info)

    def _show_listing_result(self, nav: _Navigation, listing: Any) -> None:
        has_parent = _parent_url(listing.url) is not None
        self.listing_page.set_ftp_listing(listing, has_parent=has_parent)
        self._listing_url = listing.url
        self._commit(nav, self.listing_page, _last_part(listing.url), base=listing.url)
        where = _hostport(listing.url)
        text = f"ftp directory · {len(listing.entries)} entries · {where}"
        if listing.url != nav.url:
            text += f" · listed as {display_url(listing.url)} (its base URL)"
        self.info.setText(text)

    def _show_news(self, nav: _Navigation, page: NewsPage) -> None:
        answer = page.answer
        server = answer.server
        server_text = str(server.address)
        details = [f"news server {server_text}"]
        if server.implementation:
            details.append(server.implementation)
        if server.tls:
            details.append("TLS")
        details.append(f"answered from {server.peer[0]} port {server.peer[1]}")
        result = answer.result
        if isinstance(result, GroupList):
            self.groups_page.set_groups(result, server_text)
            self._commit(nav, self.groups_page, "news groups")
        elif isinstance(result, OverviewPage):
            self.overview_page.set_page(result, server.address, server_text)
            self._commit(nav, self.overview_page, result.group_name)
        elif isinstance(result, Article):
            state = self._restore_state(nav)
            self.article_page.set_article(result, charset=state.get("charset", DECLARED))
            self._commit(nav, self.article_page, result.subject or "article")
        self.info.setText(" · ".join(details))
        self.statusMessage.emit(f"Answered by the news server {server_text}.")

    def _show_file(self, nav: _Navigation, page: FilePage) -> None:
        if page.entries is not None:
            rows = [
                ListingRow(
                    e.name,
                    e.url,
                    "dir" if e.is_dir else ("link" if e.is_link else "file"),
                    e.size,
                    e.modified,
                    "directory" if e.is_dir else _local_kind(e.name),
                    e.url,
                )
                for e in page.entries
            ]
            base = _dir_url(nav.url)
            self._listing_url = base
            self.listing_page.set_listing(
                str(page.path), rows, has_parent=page.path != page.path.parent
            )
            self._commit(nav, self.listing_page, page.path.name or str(page.path), base=base)
            self.info.setText(f"local folder · {len(rows)} entries")
            return
        data = page.data or b""
        info = f"local file · {format_size(len(data))}"
        mime = page.mime or ""
        if mime.startswith("image/") or page.path.suffix.lower() in IMAGE_SUFFIXES:
            self._show_image(nav, data, info)
        elif b"\x00" not in data[:8192]:
            self._show_text(nav, data, info, content=mime == "text/html")
        else:
            self.message_page.show_message(
                "A binary file",
                f"{page.path} holds binary data ({format_size(len(data))}, "
                f"{mime or 'type unknown'}); it is not shown here.",
                (("open", "Open with the &system"),),
            )
            self._commit(nav, self.message_page, page.path.name)

    def _show_failure(
        self,
        url: str,
        offset: int | None,
        title: str,
        message: str,
        *,
        save: bool = False,
        save_data: bytes | None = None,
        visit: bool = True,
    ) -> None:
        """Show a message page; *visit* false (a fetch refused before anything was
        sent) leaves the history and the address as they were."""
        actions: list[tuple[str, str]] = [("retry", "&Try again")]
        if save:
            actions.insert(0, ("save", "&Save it instead…"))
        if save_data is not None:
            self._image_data = save_data
            actions.insert(0, ("save-data", "&Save the file…"))
        self.message_page.show_message(title, message, tuple(actions))
        self._failed_url = url
        self.pages.setCurrentWidget(self.message_page)
        if not visit:
            self.info.setText(f"{title} · {_hostport(url)}")
            self.statusMessage.emit(f"{title}: {without_password(message)}")
            return
        if offset is None and url != self.url:
            self.history.visit(url, title)
        elif offset:
            with contextlib.suppress(IndexError):
                self.history.go(offset)
        self.url = url
        self.urlChanged.emit(url)
        self.titleChanged.emit(title)
        self.info.setText(f"{title} · {_hostport(url)}")
        self.statusMessage.emit(f"{title}: {without_password(message)}")

    # --- committing a page ------------------------------------------------------------------

    def _commit(
        self,
        nav: _Navigation,
        page: QWidget,
        title: str,
        *,
        base: str | None = None,
        content: str | None = None,
    ) -> None:
        nav.committed = True
        self.pages.setCurrentWidget(page)
        if page is not self.gopher_page:
            self.gopher_page.attributes.hide()
        if nav.kind not in ("ftp", "news", "ftp-download"):
            self.transcript.hide()
        state = dict(nav.state)
        if nav.offset is None or nav.offset == 0:
            self.history.visit(nav.url, title, state or None)
        else:
            target = self.history.peek(nav.offset)
            if target is not None and target.url == nav.url:
                self.history.go(nav.offset)
                self.history.update_current(title=title)
            else:
                self.history.visit(nav.url, title)
        self.url = nav.url
        self.urlChanged.emit(nav.url)
        self.titleChanged.emit(title)
        established = establish_base(content=content, retrieval_url=base or nav.url)
        new_base = established.url if established is not None else (base or nav.url)
        self.base = new_base
        self.baseChanged.emit(new_base)

    def _commit_static(self, url: str, offset: int | None, page: QWidget, title: str) -> None:
        job = Job(lambda _ctx: None, url)
        self._commit(_Navigation(url, offset, job, "static"), page, title)
        self.info.setText(title)

    def _restore_state(self, nav: _Navigation) -> dict[str, Any]:
        if nav.offset is None:
            return {}
        entry = self.history.peek(nav.offset) if nav.offset else self.history.current
        return dict(entry.state) if entry is not None and entry.url == nav.url else {}

    @Slot(str)
    def _charset_changed(self, charset: str) -> None:
        self.history.update_current(charset=charset)

    # --- links and hovering -----------------------------------------------------------------

    @Slot(object)
    def _item_activated(self, item: MenuItem) -> None:
        if item.url is not None:
            self.navigate(item.url)

    @Slot(object)
    def _item_hovered(self, item: MenuItem | None) -> None:
        if item is None:
            self.statusMessage.emit("")
        elif item.url is not None:
            self.statusMessage.emit(f"{type_name(item.itemtype)}: {without_password(item.url)}")
        else:
            self.statusMessage.emit(f"{type_name(item.itemtype)}: leads nowhere")

    @Slot(str)
    def _hovered(self, url: str) -> None:
        self.statusMessage.emit(without_password(url))

    # --- Gopher+ ----------------------------------------------------------------------------

    @Slot(object)
    def show_attributes(self, item: MenuItem) -> None:
        """Ask the server for a Gopher+ item's attributes (``!``) and show them beside
        the menu."""
        panel = self.gopher_page.attributes
        panel.set_loading(item)
        panel.show()
        url = attributes_url(item)
        if url is None:
            panel.set_error("The item names no server to ask.")
            return
        warning = needs_port_confirmation(url)
        if warning is not None:
            panel.set_error(f"Not asked: {warning}.")
            return
        if self._attributes_job is not None:
            self._attributes_job.cancel()
        job = Job(gopher_task(url, limits=self.limits), url)
        job.signals.finished.connect(self._attributes_finished)
        job.signals.failed.connect(self._attributes_failed)
        self._attributes_job = job
        self._attributes_item = item
        self.runner.start(job)

    @Slot(object)
    def _attributes_finished(self, result: object) -> None:
        job = self._attributes_job
        if job is None or self.sender() is not job.signals:
            return
        self._attributes_job = None
        if isinstance(result, GopherPage):
            reply = result.reply
            if reply.error is not None:
                self.gopher_page.attributes.set_error(reply.error.text)
            else:
                self.gopher_page.attributes.set_attributes(
                    self._attributes_item, tuple(reply.attributes)
                )

    @Slot(object)
    def _attributes_failed(self, error: object) -> None:
        job = self._attributes_job
        if job is None or self.sender() is not job.signals:
            return
        self._attributes_job = None
        if not isinstance(error, Cancelled):
            self.gopher_page.attributes.set_error(str(error))

    @Slot(object)
    def _fill_form(self, item: MenuItem | None) -> None:
        panel = self.gopher_page.attributes
        if item is None or not panel.ask_fields:
            return
        dialog = AskDialog(panel.ask_fields, self)

        def accepted() -> None:
            url = item_url(
                item.itemtype,
                item.selector,
                item.host,
                item.port,
                gopher_plus=ask_data(dialog.values()),
            )
            if url is not None:
                self.navigate(url)

        dialog.accepted.connect(accepted)
        dialog.finished.connect(lambda _r: setattr(self, "ask_dialog", None))
        self.ask_dialog = dialog
        dialog.open()

    # --- saving -----------------------------------------------------------------------------

    def _download(
        self,
        url: str,
        name: str,
        task: Callable[[Path], Callable[..., object]],
        *,
        show_now: bool,
        offset: int | None = None,
    ) -> None:
        spool = new_spool()
        if show_now:
            job = Job(task(spool), url)
            self._connect_download(job)
            self._open_save_dialog(url, name, spool, job)
            self.runner.start(job)
            return
        nav = self._start(url, offset, task(spool), "ftp-download", state={"name": name})
        nav.spool = spool

    def _connect_download(self, job: Job) -> None:
        signals = job.signals
        signals.progress.connect(self._job_progress)
        signals.transcriptLine.connect(self._job_transcript)
        signals.passwordNeeded.connect(self._job_password)
        signals.finished.connect(self._job_finished)
        signals.failed.connect(self._job_failed)

    def _open_save_dialog(self, url: str, name: str, spool: Path, job: Job | None) -> SaveDialog:
        dialog = SaveDialog(url, name, self.download_folder, spool, self)
        if job is not None:
            self._downloads[job.signals] = dialog
            dialog.cancelRequested.connect(job.cancel)
        dialog.saved.connect(self._saved)
        dialog.finished.connect(lambda _r: self._dialog_closed(dialog))
        self.save_dialog = dialog
        dialog.open()
        return dialog

    def _dialog_closed(self, dialog: SaveDialog) -> None:
        if self.save_dialog is dialog:
            self.save_dialog = None

    @Slot(str)
    def _saved(self, path: str) -> None:
        self.download_folder = Path(path).parent
        self.statusMessage.emit(f"Saved as {path}.")

    def _save_bytes(self, url: str, name: str, data: bytes) -> SaveDialog:
        spool = new_spool()
        spool.write_bytes(data)
        dialog = self._open_save_dialog(url, name, spool, None)
        dialog.download_finished(len(data))
        return dialog

    @Slot()
    def _save_image(self) -> None:
        if self._image_data:
            self._save_bytes(self.url, _last_part(self.url) or "image", self._image_data)

    def save_current(self) -> None:
        """Offer the page shown for saving (fetched again into a file)."""
        url = self.url
        if not url:
            return
        scheme = (parse(url).scheme or "").lower()
        if scheme == "gopher":
            request = request_from_url(url)
            name = suggest_name(request.selector, request.gophertype)
            self._download(url, name, lambda spool: gopher_task(url, spool=spool), show_now=True)
        elif scheme == "ftp":
            name = ftp_plan(url).name.decode("utf-8", "replace")
            self._download(
                url, suggest_name(name), lambda spool: ftp_task(url, spool=spool), show_now=True
            )

    @Slot(str)
    def _message_action(self, key: str) -> None:
        url = self._failed_url or self.url
        if key == "retry":
            self._go(url, 0)
        elif key == "save":
            self.save_current()
        elif key == "save-data":
            self._save_bytes(url, _last_part(url) or "download", self._image_data)
        elif key == "open":
            from PySide6.QtCore import QUrl

            QDesktopServices.openUrl(QUrl(url, QUrl.ParsingMode.TolerantMode))

    @Slot(int)
    def _older_articles(self, before: int) -> None:
        url = self.url
        self.stop_quietly()
        self._start(
            url,
            0,
            news_task(url, server=self.news_server, before=before),
            "news",
            state={"before": before},
        )

    # --- state ------------------------------------------------------------------------------

    def _set_busy(self, busy: bool) -> None:
        self.progress_action.setVisible(busy)
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)
        self._update_actions()

    def _update_actions(self) -> None:
        if not hasattr(self, "stop_action"):
            return
        self.back_action.setEnabled(self.history.can_go_back)
        self.forward_action.setEnabled(self.history.can_go_forward)
        self.reload_action.setEnabled(bool(self.url or self.history.current))
        self.stop_action.setEnabled(self._busy)


# --- helpers -------------------------------------------------------------------------------------


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _hostport(url: str) -> str:
    parsed = parse(url)
    host = parsed.host or ""
    return f"{host}:{parsed.port}" if parsed.port else host


def _last_part(url: str) -> str:
    parsed = parse(url)
    path = (parsed.path or "").rstrip("/")
    last = path.rsplit("/", 1)[-1] if path else ""
    return last or (parsed.host or url)


def _menu_title(items: list[Any], url: str) -> str:
    for item in items[:5]:
        if isinstance(item, MenuItem) and item.display.strip():
            return item.display.strip()[:80]
    return _last_part(url)


def _parent_url(url: str) -> str | None:
    """The URL of the directory above *url* (a directory URL ending in ``/``), or
    None at the top."""
    if not url:
        return None
    parsed = parse(url)
    if (parsed.path or "/") in ("", "/"):
        return None
    try:
        return resolve(url if url.endswith("/") else url + "/", "..").target
    except (BaseNotAbsoluteError, ValueError):
        return None


def _resolved(base: str, reference: str) -> str:
    """*reference* resolved against *base* (RFC 3986 §5.2); *reference* itself when
    that fails."""
    try:
        return resolve(base, reference).target
    except (BaseNotAbsoluteError, ValueError):
        return reference


def _dir_url(url: str) -> str:
    return url if url.endswith("/") else url + "/"


def _local_kind(name: str) -> str:
    mime, _ = mimetypes.guess_type(name)
    if mime is None:
        return "file"
    return mime.split("/", 1)[0] + " file" if "/" in mime else mime


def _failure_title(error: object) -> str:
    if isinstance(error, NetTimeout):
        return "The server did not answer in time"
    if isinstance(error, ConnectFailed):
        return "Cannot connect"
    if isinstance(error, TooLarge):
        return "Too large to show"
    if isinstance(error, NNTPReplyError):
        return "The news server refused"
    if isinstance(error, LocalProtocolError):
        return "Not sent"
    if isinstance(error, NetError) and isinstance(error, RemoteProtocolError):
        return "The server refused"
    if isinstance(error, RemoteProtocolError):
        return "The server's reply breaks the protocol"
    if isinstance(error, NetError):
        return "The transfer failed"
    return "Something went wrong"


# --- the main window -----------------------------------------------------------------------------


def set_news_server(pane: ViewerPane, settings: Any, text: str) -> None:
    """Use *text* (``host[:port]``, "" for ``NNTPSERVER`` / ``localhost:119``) for
    ``news:`` URLs from now on, and keep it in *settings*."""
    text = text.strip()
    pane.news_server = text or None
    if settings is not None and hasattr(settings, "news_server"):
        settings.news_server = text


def ask_news_server(parent: QWidget, pane: ViewerPane, settings: Any) -> None:
    """Go ▸ News server…: ask for the server ``news:`` URLs are read from."""
    text, ok = QInputDialog.getText(
        parent,
        "News server",
        "Server for news: URLs (host or host:port; empty: $NNTPSERVER, else localhost:119):",
        text=pane.news_server or "",
    )
    if ok:
        set_news_server(pane, settings, text)


def install_viewer(main_window: QMainWindow) -> ViewerPane:
    """Add a :class:`ViewerPane` to *main_window* and wire it; returns the pane.

    What it uses of :class:`~urlinspector.gui.main_window.MainWindow` (all public):

    * ``add_page(name, widget)`` / ``show_page(name)``: the central page area; the pane
      is the page :data:`VIEWER_PAGE`, the inspector is ``"inspector"``;
    * ``openRequested(str)``: an explicit fetch (the Open button, Alt+Enter, Enter while
      the viewer is shown): URLs of :data:`FETCHED_SCHEMES` are shown in the viewer,
      others in the inspector; a relative reference is resolved against ``base`` (the
      base field) first.  Inspecting (``inspectRequested``) never reaches the viewer;
    * ``set_address(text)`` and ``address``: the URL shown goes into the address bar;
    * ``set_base(text)``: the page's base URL goes into the base field (URL syntax draft 1997
      §5.1.3);
    * ``remember(url)`` (else ``settings.add_history(url)``): every page shown joins
      the window's history;
    * ``formats``: the shared colour roles; ``statusBar()`` and ``menuBar()``.

    A "Go" menu gets Back, Forward, Reload and Stop (window-wide shortcuts), and
    Inspector / Viewer (Ctrl+1, Ctrl+2) to switch pages.
    """
    formats = getattr(main_window, "formats", None)
    pane = ViewerPane(formats=formats, parent=main_window)
    add_page = main_window.add_page  # type: ignore[attr-defined]
    show_page = main_window.show_page  # type: ignore[attr-defined]
    add_page(VIEWER_PAGE, pane)

    def route(url: str) -> None:
        url = url.strip()
        base_field = getattr(main_window, "base", None)
        base = base_field.text() if base_field is not None else ""
        if url and not parse(url).scheme and base:
            url = _resolved(base, url)  # what the Target field shows
        scheme = (parse(url).scheme or "").lower()
        if scheme in FETCHED_SCHEMES:
            show_page(VIEWER_PAGE)
            pane.navigate(url)
        else:
            show_page("inspector")
            what = f"{scheme} URLs" if scheme else "A relative reference without a base"
            status(
                f"{what} are not fetched here: the viewer fetches gopher, ftp, news, nntp "
                "and file URLs; this one is inspected only."
            )

    def show_url(url: str) -> None:
        address = getattr(main_window, "address", None)
        if address is None or address.text() != url:
            main_window.set_address(url)  # type: ignore[attr-defined]

    def status(message: str) -> None:
        if message:
            main_window.statusBar().showMessage(message, 10000)
        else:
            main_window.statusBar().clearMessage()

    main_window.openRequested.connect(route)  # type: ignore[attr-defined]
    pane.urlChanged.connect(show_url)
    pane.baseChanged.connect(main_window.set_base)  # type: ignore[attr-defined]
    pane.statusMessage.connect(status)
    settings = getattr(main_window, "settings", None)
    remember = getattr(main_window, "remember", getattr(settings, "add_history", None))
    if remember is not None:
        pane.urlChanged.connect(remember)
    if settings is not None and hasattr(settings, "news_server"):
        pane.news_server = settings.news_server or None

    bar = main_window.menuBar()
    menu = QMenu("&Go", bar)
    menu.setObjectName("goMenu")
    help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    if help_menu is not None:
        bar.insertMenu(help_menu, menu)  # Help stays last
    else:
        bar.addMenu(menu)
    for act in (pane.back_action, pane.forward_action, pane.reload_action, pane.stop_action):
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        menu.addAction(act)
    menu.addSeparator()
    inspector = menu.addAction("&Inspector")
    inspector.setShortcut(QKeySequence("Ctrl+1"))
    inspector.triggered.connect(lambda: show_page("inspector"))
    viewer = menu.addAction("&Viewer")
    viewer.setShortcut(QKeySequence("Ctrl+2"))
    viewer.triggered.connect(lambda: show_page(VIEWER_PAGE))
    menu.addSeparator()
    news = menu.addAction("&News server…")
    news.setObjectName("newsServerAction")
    news.triggered.connect(lambda: ask_news_server(main_window, pane, settings))
    app = QApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(pane.shutdown)
    return pane
