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
text shares).  The panels follow on a
zero-delay timer, so a burst of keystrokes is coalesced and typing never waits for
them; when one update costs more than a few milliseconds (a very long URL) the delay
grows to a debounce.  Panels on hidden tabs are updated when their tab is shown.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QByteArray, QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QApplication,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import EDITIONS, URL, Destination, browser_reading
from urlinspector.core.model import Span
from urlinspector.gui import app as gui_app
from urlinspector.gui.find_routing import WindowFind
from urlinspector.gui.inspector import InspectorPage
from urlinspector.gui.palette import Formats, refresh_links, theme_of
from urlinspector.gui.settings import THEMES, Settings, history_entry
from urlinspector.gui.teaching import install_teaching
from urlinspector.gui.warm_up import warm_up
from urlinspector.gui.widgets.address_area import AddressArea
from urlinspector.gui.widgets.address_mode import FETCH, INSPECT
from urlinspector.gui.window_menus import WindowMenus
from urlinspector.present.anatomy import Description
from urlinspector.present.colouring import browser_host_span, roles_present
from urlinspector.present.editions_table import editions_table
from urlinspector.present.escape_rows import escape_rows
from urlinspector.present.inspection import Inspection, ReaderUse, inspect, parsed
from urlinspector.present.masking import password_span, passwords_of
from urlinspector.present.text import EMPTY_ADDRESS, shown, visible

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
INSPECTOR_SIZES = (400, 330)
"""Heights of the panels (components, diagnostics) and of the tabs below, as a ratio:
a smaller window keeps it, so the components stay readable at 800x600."""


class MainWindow(QMainWindow):
    """The inspector window.

    Signals: ``inspectRequested(str)`` and ``openRequested(str)`` (see the module
    description) and ``inspected(object)`` with the :class:`~urlinspector.core.URL` each time the
    panels have been brought up to date.
    """

    inspectRequested = Signal(str)
    openRequested = Signal(str)
    inspected = Signal(object)

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else Settings()
        self._edition = self.settings.edition
        self.formats = Formats(theme_of(self.palette()))
        self._committed = ""
        self._session_history: dict[str, str] = {}
        """History entry -> the URL inspected in this run (its password is kept in
        memory only, so the entry gives back exactly what was inspected)."""
        self._syncing = False
        self._delay = 0
        self._dirty_tabs: set[str] = set()
        self.last_update_seconds = 0.0

        self.setWindowTitle(gui_app.DISPLAY_NAME)
        self.setAcceptDrops(True)
        area = self.address_area = AddressArea(self._parse_current, self.formats, self._edition)
        self.address, self.base, self.target = area.address, area.base, area.target
        for editor in (self.address, self.base, self.target):
            editor.highlighter.browser_host = self._browser_host
        self.edition_box, self.open_button = area.edition_box, area.open_button
        self.address_mode = area.mode
        self.password_button, self.legend = area.password_button, area.legend
        self.same_document, self.target_note = area.same_document, area.target_note
        self.verdict, self.summary = area.verdict, area.summary
        area.innerRequested.connect(self.inspect_chosen)
        self.edition_box.currentIndexChanged.connect(
            lambda i: self.set_edition(self.edition_box.itemData(i))
        )
        self._build_pages()
        menus = self.menus = WindowMenus(self, self, self._session_history)
        self.open_action, self.save_report_action = menus.open_action, menus.save_report_action
        self.show_passwords_action, self.edit_menu = menus.show_passwords_action, menus.edit_menu
        self.show_passwords_action.toggled.connect(self._passwords_toggled)
        self.finding = WindowFind(self, self)  # Ctrl+F wherever the focus is
        self.pages.currentChanged.connect(self._page_changed)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 8, 8, 4)
        layout.setSpacing(6)
        layout.addWidget(self.address_area)
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

        self.address.textChanged.connect(self._address_changed)
        self.address.committed.connect(self._address_committed)
        self.address.openRequested.connect(self.open_url)
        self.address.escapePressed.connect(self.restore_address)
        self.address.urlsFound.connect(self.menus.offer_urls)
        self.address.pasted.connect(self.remember)  # (a URL picked from a paste: inspect)
        self.address.hovered.connect(self._show_hover)
        self.address.selectionChanged.connect(self._address_selection_changed)
        self.address.cursorPositionChanged.connect(self._address_selection_changed)
        self.base.textChanged.connect(self._base_changed)
        self.base.hovered.connect(self._show_hover)
        self.base.committed.connect(lambda _text: self.flush())
        self.inspectRequested.connect(self.inspect)
        self.components.spanSelected.connect(self._select_in_address)
        self.components.charsetChanged.connect(self._charset_changed)
        self.diagnostics.spanActivated.connect(self._select_in_address)
        self.escapes.spanActivated.connect(self._select_in_address)
        self.tabs.currentChanged.connect(self._tab_changed)
        for source in (self.diagnostics, self.trace, self.editions, self.explain_panel):
            source.citationActivated.connect(self.open_citation)
        for editor in (self.address, self.base, self.target):
            editor.citationRequested.connect(self.open_citation)

        self.base.setText(self.settings.base, undoable=False)
        self.show_passwords_action.setChecked(self.settings.show_passwords)
        self._apply_mask()
        self.components.set_charset(self.settings.charset)
        self.resize(*DEFAULT_SIZE)
        self._restore_layout()
        self.open_action.setEnabled(not self.address.document().isEmpty())
        self.flush()

    # --- building -------------------------------------------------------------------------

    def _parse_current(self, text: str) -> URL:
        return parsed(text, self._edition)

    def _browser_host(self, url: URL) -> Span | None:
        """Where the host browsers contact stands in *url*'s text (a relative
        reference: none, the base's host is not in it)."""
        if not url.is_absolute:
            return None
        return browser_host_span(url, browser_reading(url.uri))

    def _build_pages(self) -> None:
        inspector = self.inspector = InspectorPage(self.formats)
        self.components, self.diagnostics = inspector.components, inspector.diagnostics
        self.editions, self.trace, self.escapes = (
            inspector.editions,
            inspector.trace,
            inspector.escapes,
        )
        self.explain_panel, self.spec_reader = inspector.explain_panel, inspector.spec_reader
        self.tabs, self.upper, self._tab_names = (
            inspector.tabs,
            inspector.upper,
            inspector.tab_names,
        )

        self.pages = QStackedWidget()
        self.pages.setObjectName("pages")
        self._page_names: dict[str, QWidget] = {}
        self.add_page(INSPECTOR_PAGE, self.inspector)

    # --- pages -----------------------------------------------------------------------------

    def add_page(self, name: str, widget: QWidget) -> int:
        """Add a page to the central area (a viewer, for instance); its index."""
        self._page_names[name] = widget
        return self.pages.addWidget(widget)

    def _page_changed(self, _index: int) -> None:
        """Ctrl+S saves the report while the inspector is shown; on a viewer page it is
        that page's Save page as… (one key, one action: no ambiguous shortcut)."""
        on_inspector = self.pages.currentWidget() is self.inspector
        self.address_mode.set_mode(INSPECT if on_inspector else FETCH)  # what Enter does
        self.save_report_action.setShortcut(
            QKeySequence(QKeySequence.StandardKey.Save) if on_inspector else QKeySequence()
        )

    def show_page(self, name: str) -> None:
        self.pages.setCurrentWidget(self._page_names[name])

    # --- the public state -------------------------------------------------------------------

    @property
    def edition(self) -> str:
        return self._edition

    def set_edition(self, edition: str) -> None:
        """Read every URL by *edition* (an id of :data:`urlinspector.core.EDITIONS`)."""
        if edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
        if edition == self._edition:
            return
        self._edition = edition
        self.settings.edition = edition
        index = list(EDITIONS).index(edition)
        if self.edition_box.currentIndex() != index:
            self.edition_box.setCurrentIndex(index)
        for action in self.menus.edition_actions.actions():
            if action.data() == edition:
                action.setChecked(True)
        for editor in (self.address, self.base, self.target):
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
        """Inspect *url* and remember it in the history; nothing is fetched.  A new
        text is shown from its start, where the scheme and host are (the end of a long
        URL would hide them); the text being edited keeps its caret."""
        if url != self.address.text():
            self.address.setText(url)
            self.address.moveCursor(QTextCursor.MoveOperation.Start)
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
        """Bring every panel up to date now (tests, screenshots)."""
        self.update_live()
        self.update_panels()
        for name in list(self._dirty_tabs):
            self._update_tab(name)

    # --- updating -----------------------------------------------------------------------------

    def _address_changed(self) -> None:
        self.open_action.setEnabled(not self.address.document().isEmpty())
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
        """The labels that follow every keystroke: title, summary, legend, findings and
        the resolved target (cheap: they read the parse the highlighter made)."""
        self._live_timer.stop()
        text = self.address.text()
        # (a long URL's libraries wait for the panels: for one they cost the most)
        found = self.inspection(readers="all" if len(text) <= LONG_TEXT else "none")
        url, dest = found.url, found.destination
        self.address_area.show_verdict(url, dest, self._secrets(url))
        self._update_title(url, dest)
        self._show_findings(found)
        self.legend.set_roles(roles_present(url, runs=self.address.whole_runs(url)))
        self.password_button.setVisible(url.span("password") is not None)
        self.address_area.show_target(url, self._edition, self._secrets(url, self.base.url()))

    @Slot()
    def update_panels(self) -> None:
        """The panels that cost more: the component tree and the visible tab.  They
        follow on a zero-delay timer, or a debounce when the last update was slow."""
        started = time.perf_counter()
        self._panel_timer.stop()
        if self._live_timer.isActive():
            self.update_live()
        text = self.address.text()
        url = self._parse_current(text)
        if len(text) > LONG_TEXT:  # the libraries' findings, left out while typing
            self._show_findings(self.inspection())
        self.components.set_url(url)
        self._dirty_tabs = set(self._tab_names)
        self._update_tab(self._tab_names[self.tabs.currentIndex()])
        self._sync_selection()
        self.last_update_seconds = time.perf_counter() - started
        slow = self.last_update_seconds >= SLOW_UPDATE
        self._delay = min(400, int(self.last_update_seconds * 3000)) if slow else 0
        self.inspected.emit(url)

    def inspection(self, *, readers: ReaderUse = "all") -> Inspection:
        """The inspection of the address against the base, by the chosen edition."""
        return inspect(
            self.address.text(), edition=self._edition, base=self.base.text(), readers=readers
        )

    def _show_findings(self, found: Inspection) -> None:
        """The summary line and the Diagnostics list: the parse's findings and where
        browsers (and the libraries, when asked) go."""
        url = found.url
        self.address_area.show_summary(found.annotated)
        self.diagnostics.set_diagnostics(
            found.findings, url if self.masking else None, empty=not url.text
        )

    def _update_title(self, url: URL, dest: Destination) -> None:
        """The window title: the host browsers contact (not the edition's reading, which
        a look-alike or a backslash can make another)."""
        host = dest.verdict.host or url.component("host")
        title = visible(host) if host else gui_app.DISPLAY_NAME
        self.setWindowTitle(title if len(title) <= 80 else title[:79] + "…")

    @property
    def masking(self) -> bool:
        """Whether passwords are hidden (View ▸ Show passwords is off)."""
        return not self.show_passwords_action.isChecked()

    def _secrets(self, *urls: URL | None) -> tuple[str, ...]:
        """The passwords of *urls* to mask in messages and values (none when passwords
        are shown)."""
        return passwords_of(*urls) if self.masking else ()

    def _update_tab(self, name: str) -> None:
        if name not in self._dirty_tabs:
            return
        self._dirty_tabs.discard(name)
        text = self.address.text()
        url = self._parse_current(text)
        if name == "editions":
            self.editions.set_table(
                editions_table(self.inspection(), mask_password=self.masking) if text else None
            )
        elif name == "trace":
            target = self.inspection().traced
            target_url = self._parse_current(target.text) if target.text else None
            self.trace.set_resolution(  # (an empty address: an invitation, no resolution)
                target.resolution if text else None,
                target.message if text else EMPTY_ADDRESS,
                self._secrets(url, self.base.url(), target_url),
            )
        elif name == "explain":
            self.explain_panel.set_url(url if text else None, mask_password=self.masking)
        elif name == "escapes":
            self.escapes.set_rows(
                escape_rows(url, self.components.model.charset),
                password_span(url) if self.masking else None,
            )

    @Slot(str)
    def open_citation(self, citation: str) -> None:
        """Open *citation* (``"RFC 1738 §3.3"``) in the Spec tab: its section shown,
        its grammar rule highlighted; the status bar says when its text does not ship."""
        target = self.spec_reader.open_citation(citation)
        self.show_page(INSPECTOR_PAGE)
        self.tabs.setCurrentWidget(self.spec_reader)
        message = self.spec_reader.note.text() if target is None else target.heading
        self.statusBar().showMessage(visible(message), 8000)

    def _tab_changed(self, index: int) -> None:
        if 0 <= index < len(self._tab_names):
            self._update_tab(self._tab_names[index])

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
        start, end = self.address.selected_span()
        self.components.select_range(start, end)

    # --- passwords, charset, theme -------------------------------------------------------------

    def _passwords_toggled(self, show: bool) -> None:
        self.settings.show_passwords = show
        if self.password_button.isChecked() != show:
            self.password_button.setChecked(show)
        self.password_button.setText("hide password" if show else "show password")
        self._apply_mask()
        self.update_live()
        self._dirty_tabs.update(("editions", "trace", "escapes", "explain"))
        self._update_tab(self._tab_names[self.tabs.currentIndex()])

    def _apply_mask(self) -> None:
        mask = not self.show_passwords_action.isChecked()
        for editor in (self.address, self.base, self.target):
            editor.set_mask_password(mask)
        self.components.model.set_mask_password(mask)

    def _charset_changed(self, charset: str) -> None:
        self.settings.charset = charset
        for editor in (self.address, self.base):
            editor.charset = charset
        self._dirty_tabs.add("escapes")
        self._update_tab(self._tab_names[self.tabs.currentIndex()])

    def _apply_formats(self, theme: str | None = None) -> None:
        formats = Formats(
            "dark" if theme == "dark" else "light" if theme else theme_of(self.palette())
        )
        if formats.theme == self.formats.theme:
            return
        self.formats = formats
        self.address_area.set_formats(formats)
        self.components.model.set_formats(formats)
        self.diagnostics.diagnostics_model.set_formats(formats)
        self.editions.editions_model.set_formats(formats)
        self.escapes.escapes_model.set_formats(formats)

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
        else:
            self.inspector.setSizes(list(INSPECTOR_SIZES))
            self.upper.setSizes([560, 720])
        for name, splitter in (("inspector", self.inspector), ("upper", self.upper)):
            state = self.settings.layout(name)
            if state is not None:
                splitter.restoreState(state)
        self.tabs.setCurrentIndex(self.settings.index("tab"))

    def save_layout(self) -> None:
        self.settings.set_layout("geometry", QByteArray(self.saveGeometry()))
        self.settings.set_layout("inspector", QByteArray(self.inspector.saveState()))
        self.settings.set_layout("upper", QByteArray(self.upper.saveState()))
        self.settings.set_index("tab", self.tabs.currentIndex())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        super().closeEvent(event)
