"""The main window: the address bar, the base URL and the resolved target above a
central page area, menus, and what the window remembers.  It is composed of parts
given what they use: the address area (:mod:`.widgets.address_area`), the inspector
page (:mod:`.inspector`), the menus (:mod:`.window_menus`, reaching the window as a
``MenusHost``), Find (:mod:`.find_routing`) and the teaching tools (:mod:`.teaching`).

The page area is a ``QStackedWidget``; its first page is the inspector (components,
diagnostics, editions side by side, resolution trace, escapes).  A viewer for gopher
menus, ftp listings or news articles is another page (:meth:`MainWindow.add_page`).

Inspecting never connects: a URL picked from pasted text, a history entry, a drop and
Enter while the inspector is shown emit ``inspectRequested(str)``, connected to
:meth:`MainWindow.inspect`.  Fetching is an explicit act: Alt+Enter (File ▸ Open in the
viewer, also in the address button's menu), or Enter and the address button while
another page (the viewer) is shown, call :meth:`MainWindow.open_url`,
which inspects the URL and then emits ``openRequested(str)`` for the viewer.

Updating: the address bar colours itself on each keystroke (its highlighter's parse is
:func:`~urlinspector.present.inspection.parsed`'s, which the inspection of the same
text shares).  The window inspects the address against the base
(:meth:`MainWindow.inspection`, one :class:`~urlinspector.present.inspection.Inspection`
shared by every part) and the address area shows it on a zero-delay timer (where
browsers go, the counts, the target).  The panels follow: the window emits
``inspected(Inspection)`` once per update, and the inspector page (which knows its
panels and which are stale) and the address area show it; a burst of keystrokes is
coalesced and typing never waits for them, and when one update costs more than a few
milliseconds (a very long URL) the delay grows to a debounce.  What the user chose
about showing (passwords, the charset) is one
:class:`~urlinspector.gui.widgets.panel.Showing` every panel reads.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QByteArray, QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import EDITIONS, URL, browser_reading
from urlinspector.core.model import Span
from urlinspector.gui import app as gui_app
from urlinspector.gui.find_routing import WindowFind
from urlinspector.gui.inspector import InspectorPage
from urlinspector.gui.palette import Formats, refresh_links, theme_of
from urlinspector.gui.settings import THEMES, Settings, history_entry
from urlinspector.gui.teaching import install_teaching
from urlinspector.gui.warm_up import warm_up
from urlinspector.gui.widgets.address_area import AddressArea
from urlinspector.gui.widgets.address_bar import UrlEdit
from urlinspector.gui.widgets.address_mode import FETCH, INSPECT
from urlinspector.gui.widgets.panel import Showing
from urlinspector.gui.window_menus import WindowMenus
from urlinspector.present.anatomy import Description
from urlinspector.present.colouring import browser_host_span
from urlinspector.present.inspection import Inspection, ReaderUse, inspect, parsed
from urlinspector.present.text import shown, visible

__all__ = ["INSPECTOR_PAGE", "MainWindow"]

INSPECTOR_PAGE = "inspector"
DEFAULT_SIZE = (1320, 880)
SLOW_UPDATE = 0.008
"""Seconds: a panel update slower than this makes the next one wait (debounce)."""
LONG_TEXT = 4096
"""Characters: for a longer address the panels always wait for a pause in typing."""
PAUSE_MS = 250
"""Milliseconds without a change that count as a pause in typing, for a long address."""
TYPING_MS = 150
"""Milliseconds: a change this soon after the previous one is typing; the panels (the
component tree and the visible tab) wait until the changes stop for as long, so each
keystroke costs only the colours and the live labels."""


class MainWindow(QMainWindow):
    """The inspector window, composed of :attr:`address_area` (the fields and the
    labels above the pages), :attr:`inspector` (the inspector page and its panels),
    :attr:`menus`, :attr:`finding` (Find) and :attr:`teaching`.

    Signals: ``inspectRequested(str)`` and ``openRequested(str)`` (see the module
    description) and ``inspected(Inspection)`` with the inspection of the address,
    once each time the panels are brought up to date.
    """

    inspectRequested = Signal(str)
    openRequested = Signal(str)
    inspected = Signal(Inspection)

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else Settings()
        self._edition = self.settings.edition
        self.formats = Formats(theme_of(self.palette()))
        self.showing = Showing(
            masking=not self.settings.show_passwords, charset=self.settings.charset
        )
        """How the panels show an inspection (passwords, charset): one state for all."""
        self._committed = ""
        self._session_history: dict[str, str] = {}
        """History entry -> the URL inspected in this run (its password is kept in
        memory only, so the entry gives back exactly what was inspected)."""
        self._syncing = False
        self._delay = 0
        self._focused_once = False
        self.last_update_seconds = 0.0

        self.setWindowTitle(gui_app.DISPLAY_NAME)
        self.setAcceptDrops(True)
        area = self.address_area = AddressArea(
            self._parse_current, self.formats, self._edition, self.showing
        )
        for editor in self._editors():
            editor.highlighter.browser_host = self._browser_host
        self.inspector = InspectorPage(self.formats, self.showing)
        self.pages = QStackedWidget()
        self.pages.setObjectName("pages")
        self._page_names: dict[str, QWidget] = {}
        self.add_page(INSPECTOR_PAGE, self.inspector)
        menus = self.menus = WindowMenus(self, self, self._session_history)
        self.finding = WindowFind(self.pages, self.inspector, menus.edit_menu, self)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 8, 8, 4)
        layout.setSpacing(6)
        layout.addWidget(area)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.finding.bar)
        self.setCentralWidget(central)
        self.teaching = install_teaching(self)  # zoom, presentation mode, Export picture…

        self._live_timer = QTimer(self)
        self._live_timer.setSingleShot(True)
        self._live_timer.timeout.connect(self.update_live)
        self._panel_timer = QTimer(self)
        self._panel_timer.setSingleShot(True)
        self._panel_timer.timeout.connect(self.update_panels)
        QTimer.singleShot(0, warm_up)
        self._last_change = -1.0
        """When the address or base last changed (``time.monotonic()``)."""
        self._connect()

        self.base.setText(self.settings.base, undoable=False)
        self.show_passwords_action.setChecked(self.settings.show_passwords)
        self._apply_showing()
        self.resize(*DEFAULT_SIZE)
        self._restore_layout()
        self.menus.open_action.setEnabled(not self.address.document().isEmpty())
        self.address.setFocus(Qt.FocusReason.OtherFocusReason)  # (where the keys go)
        self.flush()

    def _connect(self) -> None:
        """Wire the parts: the fields, the panels' requests, the menus, the pages."""
        area, page, address = self.address_area, self.inspector, self.address
        area.innerRequested.connect(self.inspect_chosen)
        area.edition_box.currentIndexChanged.connect(self._edition_chosen)
        address.textChanged.connect(self._address_changed)
        address.committed.connect(self._address_committed)
        address.openRequested.connect(self.open_url)
        address.escapePressed.connect(self.restore_address)
        address.urlsFound.connect(self.menus.offer_urls)
        address.pasted.connect(self.remember)  # (a URL picked from a paste: inspect)
        address.hovered.connect(self._show_hover)
        address.selectionChanged.connect(self._address_selection_changed)
        address.cursorPositionChanged.connect(self._address_selection_changed)
        self.base.textChanged.connect(self._base_changed)
        self.base.hovered.connect(self._show_hover)
        self.base.committed.connect(self._base_committed)
        for editor in self._editors():
            editor.citationRequested.connect(self.open_citation)
        self.inspectRequested.connect(self.inspect)
        self.inspected.connect(area.show_inspection)
        self.inspected.connect(page.show_inspection)
        page.spanChosen.connect(self._select_in_address)
        page.citationChosen.connect(self.open_citation)
        page.charsetChanged.connect(self._charset_changed)
        self.show_passwords_action.toggled.connect(self._passwords_toggled)
        self.pages.currentChanged.connect(self._page_changed)

    # --- the parts the viewer uses ---------------------------------------------------------

    @property
    def address(self) -> UrlEdit:
        """The address bar (the address area's)."""
        return self.address_area.address

    @property
    def base(self) -> UrlEdit:
        """The base URL's field (the address area's)."""
        return self.address_area.base

    @property
    def show_passwords_action(self) -> QAction:
        """View ▸ Show passwords (the menus')."""
        return self.menus.show_passwords_action

    def _editors(self) -> tuple[UrlEdit, UrlEdit, UrlEdit]:
        area = self.address_area
        return area.address, area.base, area.target

    # --- building -------------------------------------------------------------------------

    def _parse_current(self, text: str) -> URL:
        return parsed(text, self._edition)

    def _browser_host(self, url: URL) -> Span | None:
        """Where the host browsers contact stands in *url*'s text (a relative
        reference: none, the base's host is not in it)."""
        if not url.is_absolute:
            return None
        return browser_host_span(url, browser_reading(url.uri))

    # --- pages -----------------------------------------------------------------------------

    def add_page(self, name: str, widget: QWidget) -> int:
        """Add a page to the central area (a viewer, for instance); its index."""
        self._page_names[name] = widget
        return self.pages.addWidget(widget)

    def _page_changed(self, _index: int) -> None:
        """Ctrl+S saves the report while the inspector is shown; on a viewer page it is
        that page's Save page as… (one key, one action: no ambiguous shortcut)."""
        on_inspector = self.pages.currentWidget() is self.inspector
        self.address_area.mode.set_mode(INSPECT if on_inspector else FETCH)  # what Enter does
        self.menus.save_report_action.setShortcut(
            QKeySequence(QKeySequence.StandardKey.Save) if on_inspector else QKeySequence()
        )

    def show_page(self, name: str) -> None:
        self.pages.setCurrentWidget(self._page_names[name])

    # --- the public state -------------------------------------------------------------------

    @property
    def edition(self) -> str:
        return self._edition

    def _edition_chosen(self, index: int) -> None:
        self.set_edition(self.address_area.edition_box.itemData(index))

    def set_edition(self, edition: str) -> None:
        """Read every URL by *edition* (an id of :data:`urlinspector.core.EDITIONS`)."""
        if edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
        if edition == self._edition:
            return
        self._edition = edition
        self.settings.edition = edition
        index = list(EDITIONS).index(edition)
        box = self.address_area.edition_box
        if box.currentIndex() != index:
            box.setCurrentIndex(index)
        self.menus.check_edition(edition)
        for editor in self._editors():
            editor.highlighter.rehighlight()
        self._schedule(now=True)

    def set_base(self, base: str) -> None:
        self.base.setText(base, undoable=False)

    def set_address(self, text: str) -> None:
        """Put *text* in the address bar (one undoable step) without navigating."""
        self.address.setText(text)

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}; known: {', '.join(THEMES)}")
        self.settings.theme = theme
        app = QApplication.instance()
        if isinstance(app, QApplication):
            gui_app.apply_theme(app, theme)
        self._apply_formats(theme if theme in ("light", "dark") else None)

    @Slot(str)
    def inspect(self, url: str) -> None:
        """Inspect *url* and remember it in the history; nothing is fetched.  The
        address is shown from its start, where the scheme and host are (the end of a
        long URL would hide them), as a browser shows it once Enter is pressed."""
        if url != self.address.text():
            self.address.setText(url)
        self.address.show_start()
        self._committed = url
        self.remember(url)
        self.update_live()
        self.update_panels()

    def remember(self, url: str) -> None:
        """Add *url* to the history (saved without its password, which this run keeps
        in memory so that the entry gives back what was inspected)."""
        if url.strip():
            self.settings.add_history(url)
            self._session_history[history_entry(url.strip())] = url.strip()

    @Slot()
    def open_url(self, url: str | None = None) -> None:
        """Fetch *url* (default: the address) on purpose: inspect it, then emit
        ``openRequested`` (the viewer fetches it and shows what comes back)."""
        text = self.address.text() if url is None else url
        if not text.strip():
            return
        self.inspect(text)
        self.openRequested.emit(text.strip())

    def _address_committed(self, text: str) -> None:
        """Enter: in the inspector it inspects; while browsing (another page shown)
        it fetches, as a browser's address bar does."""
        if self.pages.currentWidget() is self.inspector:
            self.inspectRequested.emit(text)
        else:
            self.open_url(text)

    def _base_committed(self, _text: str) -> None:
        """Enter in the base field: bring everything up to date at once."""
        self.flush()

    def inspect_chosen(self, url: str) -> None:
        """A URL chosen from a menu (history, pasted text): shown in the inspector."""
        self.show_page(INSPECTOR_PAGE)
        self.inspectRequested.emit(url)

    def focus_address(self) -> None:
        self.address.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.address.selectAll()

    def restore_address(self) -> None:
        """Put back the last navigated address (Escape), as one undoable step."""
        if self.address.text() != self._committed:
            self.address.setText(self._committed)
        self.address.selectAll()

    @property
    def panels_pending(self) -> bool:
        """Whether the panels wait for their timer (typing goes on, or a pause)."""
        return self._panel_timer.isActive()

    def flush(self) -> None:
        """Bring every panel up to date now, those of hidden tabs too (tests,
        screenshots)."""
        self.update_live()
        self.update_panels()
        self.inspector.bring_up_to_date()

    # --- updating -----------------------------------------------------------------------------

    def _address_changed(self) -> None:
        self.menus.open_action.setEnabled(not self.address.document().isEmpty())
        self._schedule()

    def _base_changed(self) -> None:
        self.settings.base = self.base.text()
        self._schedule()

    def _schedule(self, *, now: bool = False) -> None:
        if now:
            self.update_live()
            self.update_panels()
            return
        self._live_timer.start(0)
        now_s = time.monotonic()
        typing = now_s - self._last_change < TYPING_MS / 1000
        self._last_change = now_s
        long_text = self.address.length() > LONG_TEXT
        pause = PAUSE_MS if long_text else (TYPING_MS if typing else 0)
        self._panel_timer.start(max(self._delay, pause))

    @Slot()
    def update_live(self) -> None:
        """The labels that follow every keystroke: the title and the address area
        (where browsers go, the counts of the findings, the legend, the resolved
        target).  The libraries' readings wait for the panels: driving six libraries up
        to their sockets costs more than all the rest of a keystroke (a millisecond
        for a short URL, tens for a long one)."""
        self._live_timer.stop()
        found = self.inspection(readers="none")
        self.address_area.show_inspection(found)
        self._update_title(found)

    @Slot()
    def update_panels(self) -> None:
        """Emit ``inspected`` with the inspection of the address: the panels that
        cost more (the component tree, the findings, the visible tab) show it.  They
        follow on a zero-delay timer, or a debounce when the last update was slow."""
        started = time.perf_counter()
        self._panel_timer.stop()
        if self._live_timer.isActive():
            self.update_live()
        self.inspected.emit(self.inspection())
        self._sync_selection()
        self.last_update_seconds = time.perf_counter() - started
        slow = self.last_update_seconds >= SLOW_UPDATE
        self._delay = min(400, int(self.last_update_seconds * 3000)) if slow else 0

    def inspection(self, *, readers: ReaderUse = "all") -> Inspection:
        """The inspection of the address against the base, by the chosen edition."""
        return inspect(
            self.address.text(), edition=self._edition, base=self.base.text(), readers=readers
        )

    def _update_title(self, found: Inspection) -> None:
        """The window title: the host browsers contact (not the edition's reading, which
        a look-alike or a backslash can make another)."""
        url = found.url
        span = url.span("host")
        host = found.verdict.host or (url.text[span[0] : span[1]] if span else None)
        title = visible(host) if host else gui_app.DISPLAY_NAME
        self.setWindowTitle(title if len(title) <= 80 else title[:79] + "…")

    @property
    def masking(self) -> bool:
        """Whether passwords are hidden (View ▸ Show passwords is off)."""
        return self.showing.masking

    @Slot(str)
    def open_citation(self, citation: str) -> None:
        """Open *citation* (``"RFC 1738 §3.3"``) in the Spec tab: its section shown,
        its grammar rule highlighted; the status bar says when its text does not ship."""
        self.show_page(INSPECTOR_PAGE)
        message = self.inspector.open_citation(citation)
        self.statusBar().showMessage(visible(message), 8000)

    # --- selection between the address bar and the panels -------------------------------------

    def _select_in_address(self, start: int, end: int) -> None:
        self._syncing = True
        try:
            self.address.select_span(start, end)
        finally:
            self._syncing = False

    def _address_selection_changed(self) -> None:
        if self._syncing or self._panel_timer.isActive() or self._live_timer.isActive():
            return
        self._sync_selection()

    def _sync_selection(self) -> None:
        self.inspector.select_span(*self.address.selected_span())

    # --- passwords, charset, theme -------------------------------------------------------------

    def _passwords_toggled(self, show: bool) -> None:
        self.settings.show_passwords = show
        button = self.address_area.password_button
        if button.isChecked() != show:
            button.setChecked(show)
        button.setText("hide password" if show else "show password")
        self.showing.masking = not show
        self._apply_showing()
        self._schedule(now=True)  # (every panel reads the state again)

    def _apply_showing(self) -> None:
        """The fields follow :attr:`showing` (the panels read it when they show)."""
        for editor in self._editors():
            editor.set_mask_password(self.showing.masking)
        for editor in (self.address, self.base):
            editor.charset = self.showing.charset  # (what hovering a character decodes)

    def _charset_changed(self, charset: str) -> None:
        self.settings.charset = charset
        if charset == self.showing.charset:
            return
        self.showing.charset = charset
        self._apply_showing()
        self.update_panels()

    def _apply_formats(self, theme: str | None = None) -> None:
        formats = Formats(
            "dark" if theme == "dark" else "light" if theme else theme_of(self.palette())
        )
        if formats.theme == self.formats.theme:
            return
        self.formats = formats
        self.address_area.set_formats(formats)
        self.inspector.set_formats(formats)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._apply_formats()
            refresh_links(self)

    def _show_hover(self, description: Description | None) -> None:
        if description is None:
            self.statusBar().clearMessage()
            return
        d = description
        text = f"{d.component} — {d.rule} — {d.edition}"
        mask = self.address.password_masked and d.role == "password"
        if d.decoded is not None and d.decoded != d.raw and not mask:
            text += f" — decoded: {shown(d.decoded, 80)}"
        self.statusBar().showMessage(text)

    # --- the keyboard focus when the window opens -----------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        """Shown for the first time: ask for the keyboard focus, so that typing goes
        to the address bar at once (without it, a window opened from a terminal
        waits for a click)."""
        super().showEvent(event)
        if not self._focused_once:
            self._focused_once = True
            self.activateWindow()

    # --- drag and drop onto the window --------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        mime = event.mimeData()
        if mime.hasUrls() or mime.hasText():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        mime = event.mimeData()
        before = self.address.text()
        self.address.setFocus()
        self.address.selectAll()
        self.address.insertFromMimeData(mime)
        event.acceptProposedAction()
        if self.address.text() != before:
            self.inspect_chosen(self.address.text())

    # --- layout ----------------------------------------------------------------------------------

    def _restore_layout(self) -> None:
        geometry = self.settings.layout("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        self.inspector.restore_layout(self.settings, defaults=geometry is None)

    def save_layout(self) -> None:
        self.settings.set_layout("geometry", QByteArray(self.saveGeometry()))
        self.inspector.save_layout(self.settings)
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        super().closeEvent(event)
