"""The viewer in the main window: :func:`install_viewer` adds the pane as a page, routes
explicit fetches to it, and adds a Go menu.  What it needs of the window is one typed
interface, :class:`ViewerHost`."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from PySide6.QtCore import QObject, Qt, SignalInstance, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QInputDialog,
    QMenu,
    QMenuBar,
    QStatusBar,
    QWidget,
)

from urlinspector.core import BaseNotAbsoluteError, parse, resolve
from urlinspector.gui.palette import Formats
from urlinspector.gui.settings import Settings
from urlinspector.gui.viewer.bookmarks import Bookmarks
from urlinspector.gui.viewer.bookmarks_menu import BookmarksMenu
from urlinspector.gui.viewer.handlers import FETCHED_SCHEMES
from urlinspector.gui.viewer.handlers.base import Origin
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.zoom import follow_zoom

__all__ = [
    "VIEWER_PAGE",
    "ViewerHost",
    "ask_news_server",
    "install_viewer",
    "set_news_server",
]

VIEWER_PAGE = "viewer"
"""The name of the viewer's page in the main window's page area."""


class _Field(Protocol):
    def text(self) -> str: ...

    def setText(self, text: str, *, undoable: bool = True) -> None: ...


class ViewerHost(Protocol):
    """What the viewer uses of the main window
    (:class:`~urlinspector.gui.main_window.MainWindow` is one).

    * ``add_page(name, widget)`` / ``show_page(name)``: the central page area; the pane
      is the page :data:`VIEWER_PAGE`, the inspector is ``"inspector"``;
    * ``openRequested(str)``: an explicit fetch (the Open button, Alt+Enter, Enter while
      the viewer is shown); inspecting never reaches the viewer;
    * ``address`` / ``set_address(text)``: the address bar (it also shows the URL of the
      menu item the keyboard is on); ``base`` / ``set_base(text)``: the base field
      (URL syntax draft 1997 §5.1.3);
    * ``remember(url)``: every page shown joins the window's history;
    * ``settings`` (the news server is kept there), ``formats`` (the colour roles),
      ``statusBar()`` and ``menuBar()``; ``show_passwords_action`` (View ▸ Show passwords),
    which the viewer's labels follow.
    """

    @property
    def openRequested(self) -> SignalInstance: ...

    @property
    def address(self) -> _Field: ...

    @property
    def base(self) -> _Field: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def formats(self) -> Formats: ...

    def add_page(self, name: str, widget: QWidget) -> int: ...

    def show_page(self, name: str) -> None: ...

    def set_address(self, text: str) -> None: ...

    def set_base(self, base: str) -> None: ...

    @property
    def edition(self) -> str:
        """The edition the window reads URLs by (an id of the editions table)."""
        ...

    def remember(self, url: str) -> None: ...

    def statusBar(self) -> QStatusBar: ...

    def menuBar(self) -> QMenuBar: ...

    @property
    def show_passwords_action(self) -> QAction: ...


def _resolved(base: str, reference: str) -> str:
    """*reference* resolved against *base* (RFC 3986 §5.2); *reference* itself when
    that fails."""
    try:
        return resolve(base, reference).target
    except (BaseNotAbsoluteError, ValueError):
        return reference


def set_news_server(pane: ViewerPane, settings: Settings | None, text: str) -> None:
    """Use *text* (``host[:port]``, "" for ``NNTPSERVER`` / ``localhost:119``) for
    ``news:`` URLs from now on, and keep it in *settings*."""
    text = text.strip()
    pane.net.news_server = text or None
    if settings is not None:
        settings.news_server = text


class _NewsServerAnswer(QObject):
    """Takes the answer of the News server dialog (*dialog*'s child: it goes with it)."""

    def __init__(self, dialog: QInputDialog, pane: ViewerPane, settings: Settings | None) -> None:
        super().__init__(dialog)
        self.pane = pane
        self.settings = settings
        dialog.textValueSelected.connect(self.given)

    @Slot(str)
    def given(self, text: str) -> None:
        set_news_server(self.pane, self.settings, text)


def ask_news_server(parent: QWidget, pane: ViewerPane, settings: Settings | None) -> QInputDialog:
    """Go ▸ News server…: ask for the server ``news:`` URLs are read from (window-modal;
    the answer is used when given)."""
    dialog = QInputDialog(parent)
    dialog.setObjectName("newsServerDialog")
    dialog.setWindowTitle("News server")
    dialog.setLabelText(
        "Server for news: URLs (host or host:port; empty: $NNTPSERVER, else localhost:119):"
    )
    dialog.setTextValue(pane.net.news_server or "")
    _NewsServerAnswer(dialog, pane, settings)
    dialog.finished.connect(dialog.deleteLater)
    follow_zoom(dialog).open()
    return dialog


class _Wiring(QObject):
    """The pane in *window*: explicit fetches routed to it, what it shows in the address
    bar, the base field and the status bar, the pages switched, the window's settings
    (the news server, AUTH TLS for ftp, the password display) followed."""

    def __init__(self, window: ViewerHost, pane: ViewerPane) -> None:
        super().__init__(pane)
        self.window = window
        self.pane = pane
        self.settings = window.settings

    def wire(self) -> None:
        window, pane = self.window, self.pane
        window.openRequested.connect(self.route)
        pane.urlChanged.connect(self.show_url)
        pane.itemSelected.connect(self.preview)
        pane.baseChanged.connect(window.set_base)
        pane.statusMessage.connect(self.status)
        pane.urlChanged.connect(window.remember)
        pane.net.news_server = self.settings.news_server or None
        # passwords shown in the viewer's labels exactly when the window shows them
        shows = window.show_passwords_action
        pane.passwords.set_shown(shows.isChecked())
        shows.toggled.connect(pane.passwords.set_shown)

    @Slot(str)
    def status(self, message: str) -> None:
        if message:
            self.window.statusBar().showMessage(message, 10000)
        else:
            self.window.statusBar().clearMessage()

    @Slot(str)
    def route(self, text: str) -> None:
        """An explicit fetch: in the viewer for the schemes it fetches, else inspected
        only (a relative reference resolved against the base field first)."""
        window = self.window
        text = text.strip()
        url = parse(text, window.edition)  # the address bar: read once, by the window's edition
        base = window.base.text()
        if text and not url.scheme and base:
            url = parse(_resolved(base, text), window.edition)  # what the Target field shows
        scheme = (url.scheme or "").lower()
        if scheme in FETCHED_SCHEMES:
            window.show_page(VIEWER_PAGE)
            self.pane.navigate(url, Origin.TYPED)
            return
        window.show_page("inspector")
        what = f"{scheme} URLs" if scheme else "A relative reference without a base"
        self.status(
            f"{what} are not fetched here: the viewer fetches gopher, ftp, news, nntp "
            "and file URLs; this one is inspected only."
        )

    @Slot(str)
    def show_url(self, url: str) -> None:
        if self.window.address.text() != url:
            self.window.set_address(url)

    @Slot(str)
    def preview(self, url: str) -> None:
        """The item the keyboard is on, in the address bar (as the demo's menu says):
        Enter there fetches it; no undo step for each item passed over."""
        if url and self.window.address.text() != url:
            self.window.address.setText(url, undoable=False)

    @Slot()
    def show_inspector(self) -> None:
        self.window.show_page("inspector")

    @Slot()
    def show_viewer(self) -> None:
        self.window.show_page(VIEWER_PAGE)

    @Slot()
    def ask_news_server(self) -> None:
        parent = self.window if isinstance(self.window, QWidget) else self.pane
        ask_news_server(parent, self.pane, self.settings)

    @Slot(bool)
    def ftp_tls_toggled(self, on: bool) -> None:
        net = self.pane.net
        net.session = replace(net.session, auth_tls=on)
        self.settings.ftp_tls = on


def install_viewer(main_window: ViewerHost) -> ViewerPane:
    """Add a :class:`ViewerPane` to *main_window* and wire it; returns the pane.

    ``openRequested``: URLs of :data:`FETCHED_SCHEMES` are shown in the viewer, others
    in the inspector; a relative reference is resolved against the base field first.
    A "Go" menu gets Back, Forward, Up a level, Reload and Stop (window-wide shortcuts), and
    Inspector / Viewer (Ctrl+1, Ctrl+2) to switch pages; a Bookmarks menu follows it.
    """
    window = main_window
    parent = window if isinstance(window, QWidget) else None
    pane = ViewerPane(formats=window.formats, parent=parent)
    window.add_page(VIEWER_PAGE, pane)
    wiring = _Wiring(window, pane)
    wiring.wire()
    bar = window.menuBar()
    help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    _go_menu(bar, help_menu, pane, wiring)
    pane.bookmarks = BookmarksMenu(
        pane, Bookmarks(wiring.settings.store), bar, help_menu, parent or pane, wiring.show_viewer
    )
    app = QApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(pane.shutdown)
    return pane


def _go_menu(bar: QMenuBar, before: QAction | None, pane: ViewerPane, wiring: _Wiring) -> QMenu:
    """The Go menu (before *before*, the Help menu, which stays last)."""
    menu = QMenu("&Go", bar)
    menu.setObjectName("goMenu")
    if before is not None:
        bar.insertMenu(before, menu)
    else:
        bar.addMenu(menu)
    toolbar = pane.toolbar
    # Ctrl+F is the window's (Edit ▸ Find…), which opens the pane's find bar while the
    # pane is shown, wherever the focus is; two actions on one key would be ambiguous
    toolbar.find_action.setShortcut(QKeySequence())
    for act in (
        toolbar.back_action,
        toolbar.forward_action,
        toolbar.up_action,
        toolbar.reload_action,
        toolbar.stop_action,
    ):
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        menu.addAction(act)
    menu.addSeparator()
    inspector = menu.addAction("&Inspector")
    inspector.setShortcut(QKeySequence("Ctrl+1"))
    inspector.triggered.connect(wiring.show_inspector)
    viewer = menu.addAction("&Viewer")
    viewer.setShortcut(QKeySequence("Ctrl+2"))
    viewer.triggered.connect(wiring.show_viewer)
    menu.addAction(pane.downloads.action)  # Ctrl+Shift+Y: the Downloads window
    menu.addSeparator()
    news = menu.addAction("&News server…")
    news.setObjectName("newsServerAction")
    news.triggered.connect(wiring.ask_news_server)
    _ftp_tls_action(menu, pane, wiring)
    return menu


def _ftp_tls_action(menu: QMenu, pane: ViewerPane, wiring: _Wiring) -> QAction:
    """Go ▸ Ask ftp servers for TLS: AUTH TLS (RFC 4217) for every ftp URL, no clear
    text if a server refuses; kept with the settings."""
    action = menu.addAction("Ask ftp servers for &TLS (AUTH TLS)")
    action.setObjectName("ftpTlsAction")
    action.setCheckable(True)
    action.setToolTip(
        "ftp URLs ask the server for TLS and stop if it refuses, instead of sending the "
        "login and the files in clear text; ftps URLs always use TLS"
    )
    action.setChecked(wiring.settings.ftp_tls)
    pane.net.session = replace(pane.net.session, auth_tls=wiring.settings.ftp_tls)
    action.toggled.connect(wiring.ftp_tls_toggled)
    return action
