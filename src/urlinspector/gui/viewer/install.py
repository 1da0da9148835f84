"""The viewer in the main window: :func:`install_viewer` adds the pane as a page, routes
explicit fetches to it, and adds a Go menu.  What it needs of the window is one typed
interface, :class:`ViewerHost`."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QInputDialog,
    QMenu,
    QMenuBar,
    QStatusBar,
    QWidget,
)

from urlinspector.core import URL, BaseNotAbsoluteError, parse, resolve
from urlinspector.gui.palette import Formats
from urlinspector.gui.settings import Settings
from urlinspector.gui.viewer.bookmarks import Bookmarks, gopher_menu
from urlinspector.gui.viewer.bookmarks_dialog import BookmarksDialog
from urlinspector.gui.viewer.common import PASSWORDS, display_url
from urlinspector.gui.viewer.handlers import FETCHED_SCHEMES
from urlinspector.gui.viewer.handlers.base import Origin
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.zoom import follow_zoom
from urlinspector.present.text import menu_text, shown

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
    pane.news_server = text or None
    if settings is not None:
        settings.news_server = text


def ask_news_server(parent: QWidget, pane: ViewerPane, settings: Settings | None) -> QInputDialog:
    """Go ▸ News server…: ask for the server ``news:`` URLs are read from (window-modal;
    the answer is used when given)."""
    dialog = QInputDialog(parent)
    dialog.setObjectName("newsServerDialog")
    dialog.setWindowTitle("News server")
    dialog.setLabelText(
        "Server for news: URLs (host or host:port; empty: $NNTPSERVER, else localhost:119):"
    )
    dialog.setTextValue(pane.news_server or "")
    dialog.textValueSelected.connect(lambda text: set_news_server(pane, settings, text))
    dialog.finished.connect(dialog.deleteLater)
    follow_zoom(dialog).open()
    return dialog


def install_viewer(main_window: ViewerHost) -> ViewerPane:
    """Add a :class:`ViewerPane` to *main_window* and wire it; returns the pane.

    ``openRequested``: URLs of :data:`FETCHED_SCHEMES` are shown in the viewer, others
    in the inspector; a relative reference is resolved against the base field first.
    A "Go" menu gets Back, Forward, Up a level, Reload and Stop (window-wide shortcuts), and
    Inspector / Viewer (Ctrl+1, Ctrl+2) to switch pages.
    """
    window = main_window
    parent = window if isinstance(window, QWidget) else None
    pane = ViewerPane(formats=window.formats, parent=parent)
    window.add_page(VIEWER_PAGE, pane)
    # passwords masked in the viewer's labels exactly when the window masks them
    shows = window.show_passwords_action
    PASSWORDS.shown = shows.isChecked()
    shows.toggled.connect(lambda on: setattr(PASSWORDS, "shown", on))

    def status(message: str) -> None:
        if message:
            window.statusBar().showMessage(message, 10000)
        else:
            window.statusBar().clearMessage()

    def route(text: str) -> None:
        text = text.strip()
        url = parse(text, window.edition)  # the address bar: read once, by the window's edition
        base = window.base.text()
        if text and not url.scheme and base:
            url = parse(_resolved(base, text), window.edition)  # what the Target field shows
        scheme = (url.scheme or "").lower()
        if scheme in FETCHED_SCHEMES:
            window.show_page(VIEWER_PAGE)
            pane.navigate(url, Origin.TYPED)
        else:
            window.show_page("inspector")
            what = f"{scheme} URLs" if scheme else "A relative reference without a base"
            status(
                f"{what} are not fetched here: the viewer fetches gopher, ftp, news, nntp "
                "and file URLs; this one is inspected only."
            )

    def show_url(url: str) -> None:
        if window.address.text() != url:
            window.set_address(url)

    def preview(url: str) -> None:
        """The item the keyboard is on, in the address bar (as the demo's menu says):
        Enter there fetches it; no undo step for each item passed over."""
        if url and window.address.text() != url:
            window.address.setText(url, undoable=False)

    window.openRequested.connect(route)
    pane.urlChanged.connect(show_url)
    pane.itemSelected.connect(preview)
    pane.baseChanged.connect(window.set_base)
    pane.statusMessage.connect(status)
    pane.urlChanged.connect(window.remember)
    settings = window.settings
    pane.news_server = settings.news_server or None

    bar = window.menuBar()
    menu = QMenu("&Go", bar)
    menu.setObjectName("goMenu")
    help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    if help_menu is not None:
        bar.insertMenu(help_menu, menu)  # Help stays last
    else:
        bar.addMenu(menu)
    # Ctrl+F is the window's (Edit ▸ Find…), which opens the pane's find bar while the
    # pane is shown, wherever the focus is; two actions on one key would be ambiguous
    pane.find_action.setShortcut(QKeySequence())
    for act in (
        pane.back_action,
        pane.forward_action,
        pane.up_action,
        pane.reload_action,
        pane.stop_action,
    ):
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        menu.addAction(act)
    menu.addSeparator()
    inspector = menu.addAction("&Inspector")
    inspector.setShortcut(QKeySequence("Ctrl+1"))
    inspector.triggered.connect(lambda: window.show_page("inspector"))
    viewer = menu.addAction("&Viewer")
    viewer.setShortcut(QKeySequence("Ctrl+2"))
    viewer.triggered.connect(lambda: window.show_page(VIEWER_PAGE))
    menu.addAction(pane.downloads_action)  # Ctrl+Shift+Y: the Downloads window
    menu.addSeparator()
    news = menu.addAction("&News server…")
    news.setObjectName("newsServerAction")
    news.triggered.connect(lambda: ask_news_server(parent or pane, pane, settings))
    _ftp_tls_action(menu, pane, settings)
    pane.bookmarks = Bookmarks(settings.store)
    _bookmarks_menu(window, pane, pane.bookmarks, help_menu)
    app = QApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(pane.shutdown)
    return pane


def _ftp_tls_action(menu: QMenu, pane: ViewerPane, settings: Settings) -> QAction:
    """Go ▸ Ask ftp servers for TLS: AUTH TLS (RFC 4217) for every ftp URL, no clear
    text if a server refuses; kept with the settings."""
    action = menu.addAction("Ask ftp servers for &TLS (AUTH TLS)")
    action.setObjectName("ftpTlsAction")
    action.setCheckable(True)
    action.setToolTip(
        "ftp URLs ask the server for TLS and stop if it refuses, instead of sending the "
        "login and the files in clear text; ftps URLs always use TLS"
    )

    def toggled(on: bool) -> None:
        pane.ftp_auth_tls = on
        settings.ftp_tls = on

    action.setChecked(settings.ftp_tls)
    pane.ftp_auth_tls = settings.ftp_tls
    action.toggled.connect(toggled)
    return action


def _bookmarks_menu(
    window: ViewerHost, pane: ViewerPane, marks: Bookmarks, before: QAction | None
) -> QMenu:
    """Bookmarks: Add (Ctrl+D), Export as a gopher menu…, then one item per bookmark."""
    bar = window.menuBar()
    menu = QMenu("&Bookmarks", bar)
    menu.setObjectName("bookmarksMenu")
    if before is not None:
        bar.insertMenu(before, menu)
    else:
        bar.addMenu(menu)
    add = QAction("&Add this page", pane)
    add.setObjectName("addBookmarkAction")
    add.setShortcut(QKeySequence("Ctrl+D"))
    add.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    export = QAction("&Export as a gopher menu…", pane)
    export.setObjectName("exportBookmarksAction")
    manage = QAction("&Manage bookmarks…", pane)
    manage.setObjectName("manageBookmarksAction")
    manage.setShortcut(QKeySequence("Ctrl+Shift+O"))
    manage.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    pane.add_bookmark_action, pane.export_bookmarks_action = add, export
    pane.manage_bookmarks_action = manage

    def add_current() -> None:
        if pane.url is None:
            pane.status("Nothing to bookmark: no page is shown.")
            return
        url = pane.url
        current = pane.history.current
        title = current.title if current is not None and current.url.text == url.text else ""
        mark = marks.add(title, url)
        pane.status(f"Bookmarked: {mark.title}")

    def export_to_file() -> None:
        path, _filter = QFileDialog.getSaveFileName(
            pane, "Export the bookmarks as a gopher menu", "gophermap"
        )
        if path:
            with open(path, "wb") as out:
                out.write(gopher_menu(marks.all()))
            pane.status(f"Bookmarks exported to {path}.")

    def manage_marks() -> None:
        dialog = pane.bookmarks_dialog
        if dialog is None:
            parent = window if isinstance(window, QWidget) else pane
            dialog = follow_zoom(BookmarksDialog(marks, parent))
            dialog.openRequested.connect(open_mark)
            dialog.finished.connect(lambda _result: setattr(pane, "bookmarks_dialog", None))
            dialog.finished.connect(dialog.deleteLater)
            pane.bookmarks_dialog = dialog
        else:
            dialog.reload()
        dialog.open()
        dialog.raise_()

    def fill() -> None:
        menu.clear()
        menu.addAction(add)
        menu.addAction(manage)
        menu.addAction(export)
        menu.addSeparator()
        for mark in marks.all():
            act = menu.addAction(
                menu_text(f"{shown(mark.title, 60)} — {display_url(mark.url.text, 60)}")
            )
            act.setData(mark.url.text)
            act.triggered.connect(lambda _c=False, url=mark.url: open_mark(url))

    def open_mark(url: URL) -> None:
        """A bookmark's URL, as the edition it was kept with read it."""
        window.show_page(VIEWER_PAGE)
        pane.navigate(url, Origin.TYPED)

    add.triggered.connect(add_current)
    manage.triggered.connect(manage_marks)
    export.triggered.connect(export_to_file)
    menu.aboutToShow.connect(fill)
    fill()
    window_widget = window if isinstance(window, QWidget) else pane
    window_widget.addAction(add)
    window_widget.addAction(manage)
    return menu
