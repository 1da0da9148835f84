"""The main window's menus and what they do that is not the inspection itself: File
(Open in the viewer, Save report…, Copy as command, Quit), Edit (undo and redo in the
focused field, the address bar, Copy normalized URL, and Copy defanged URL and Copy
clean link, :mod:`.link_copies`, which the address bar's menu offers too), View
(edition, passwords, theme), History, Help (Legend, About), and the menu of the URLs
found in pasted text.

:class:`WindowMenus` builds them on a window and is composed by
:class:`~urlinspector.gui.main_window.MainWindow`, which it reaches as a
:class:`MenusHost`: the address bar and what the window does with it."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Slot
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from urlinspector import __version__
from urlinspector.core import EDITIONS, parse
from urlinspector.core.extraction import Found
from urlinspector.core.normalization import normalize
from urlinspector.gui.link_copies import LinkCopies
from urlinspector.gui.palette import Formats
from urlinspector.gui.settings import THEMES, Settings, password_removed
from urlinspector.gui.widgets.address_area import AddressArea
from urlinspector.gui.widgets.address_bar import UrlEdit
from urlinspector.gui.widgets.legend import LegendDialog
from urlinspector.gui.zoom import follow_zoom
from urlinspector.present.extracted import (
    REFANGED_MARK,
    WARNING_MARK,
    refang_detail,
    security_warnings,
    where_found,
)
from urlinspector.present.masking import mask_url
from urlinspector.present.report import (
    build_report,
    command_line,
    file_filters,
    format_for_path,
    render,
    report_path,
)
from urlinspector.present.text import menu_text, shown, visible

__all__ = ["AboutBox", "MenusHost", "WindowMenus", "about_text"]


class AboutBox(QMessageBox):
    """Help ▸ About: a message box whose text keeps a readable measure at any zoom
    (QMessageBox alone keeps it at most 500 pixels wide, so large type would make it
    taller than the screen)."""

    MEASURE = 56
    """Characters a line of the text holds (at most two thirds of the screen)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About URL Inspector")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setText(about_text())
        self._measure()

    def _measure(self) -> None:
        label = self.findChild(QLabel, "qt_msgbox_label")
        if label is None:
            return
        screen = self.screen()
        room = screen.availableGeometry().width() * 2 // 3 if screen is not None else 1000
        label.setMinimumWidth(min(room, self.fontMetrics().averageCharWidth() * self.MEASURE))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._measure()  # (before the box takes its new size)
        super().changeEvent(event)


def about_text() -> str:
    """The About box: version and the specifications implemented."""
    import ada_url

    editions = "".join(f"<li><b>{e.id}</b>: {e.title} ({e.year})</li>" for e in EDITIONS.values())
    ada = getattr(ada_url, "__version__", None) or "installed"
    return (
        f"<h3>URL Inspector {__version__}</h3>"
        "<p>A URL inspector and browser-style address bar: every component of a URL "
        "with its span, its escapes and diagnostics, read by each edition of the URL "
        "specifications, side by side with the browsers' reading.</p>"
        f"<p>Editions implemented:</p><ul>{editions}</ul>"
        "<p>Resolution of relative references per edition (RFC 3986 §5; URL syntax draft 1997 and "
        "RFC 2396bis draft 2003 §5; "
        "RFC 1808 for RFC 1738); normalization and comparison (RFC 3986 §6); "
        "scheme-specific syntax of ftp, http, gopher (Gopher+), mailto, news, nntp, "
        "telnet, wais, file and prospero (RFC 1738 §3).</p>"
        f"<p>Browsers' reading: the WHATWG URL Standard, by ada-url ({ada}).</p>"
    )


class MenusHost(Protocol):
    """What the menus use of the window."""

    @property
    def settings(self) -> Settings: ...

    @property
    def formats(self) -> Formats: ...

    @property
    def address_area(self) -> AddressArea: ...

    @property
    def edition(self) -> str: ...

    @property
    def masking(self) -> bool: ...

    def open_url(self, url: str | None = None) -> None: ...

    def focus_address(self) -> None: ...

    def restore_address(self) -> None: ...

    def set_edition(self, edition: str) -> None: ...

    def set_theme(self, theme: str) -> None: ...

    def inspect_chosen(self, url: str) -> None: ...


class WindowMenus(QObject):
    """The menus of *window* (see the module description); *session_history* maps a
    history entry to the URL inspected in this run (the window's, shared)."""

    def __init__(
        self, host: MenusHost, window: QMainWindow, session_history: dict[str, str]
    ) -> None:
        super().__init__(window)
        self.host = host
        self.window = window
        self.session_history = session_history
        self.legend_dialog: LegendDialog | None = None
        self.about_box: QMessageBox | None = None
        self._build_menus()

    # --- building the menus ----------------------------------------------------------------

    def _build_menus(self) -> None:
        bar = self.window.menuBar()
        area = self.host.address_area
        file_menu = self.file_menu = bar.addMenu("&File")
        file_menu.setObjectName("fileMenu")
        self.open_action = file_menu.addAction("&Open in the viewer")
        self.open_action.setShortcuts([QKeySequence("Alt+Return"), QKeySequence("Alt+Enter")])
        self.open_action.setToolTip(
            "fetch the URL and show what comes back (Alt+Enter); inspecting never connects"
        )
        self.open_action.triggered.connect(self.open_address)
        area.mode.set_fetch_action(self.open_action)  # in the button's menu
        file_menu.addSeparator()
        self.save_report_action = file_menu.addAction("Save &report…")
        self.save_report_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_report_action.triggered.connect(self.ask_and_save_report)
        self.copy_command_action = file_menu.addAction("Copy as &command")
        self.copy_command_action.triggered.connect(self.copy_command)
        file_menu.addSeparator()
        quit_action = file_menu.addAction("&Quit")
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.window.close)

        edit = self.edit_menu = bar.addMenu("&Edit")
        edit.setObjectName("editMenu")
        self.undo_action = edit.addAction("&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = edit.addAction("&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self.redo)
        edit.addSeparator()
        self.focus_action = edit.addAction("&Focus the address bar")
        self.focus_action.setShortcut(QKeySequence("Ctrl+L"))
        self.focus_action.triggered.connect(self.host.focus_address)
        self.copy_normalized_action = edit.addAction("Copy &normalized URL")
        self.copy_normalized_action.setShortcut(QKeySequence("Ctrl+Shift+C"))
        self.copy_normalized_action.triggered.connect(self.copy_normalized)
        self.link_copies = LinkCopies(self.host, self.window)  # defanged, clean link
        edit.addActions(list(self.link_copies.actions))
        area.address.menu_actions = self.link_copies.actions
        self.restore_action = edit.addAction("Re&store the address")
        self.restore_action.setToolTip("Escape in the address bar")
        self.restore_action.triggered.connect(self.host.restore_address)
        for action in (self.undo_action, self.redo_action):
            # the focused editor handles these keys itself; the menu entries act on it
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)

        view = self.view_menu = bar.addMenu("&View")
        view.setObjectName("viewMenu")
        edition_menu = view.addMenu("&Edition")
        self.edition_actions = QActionGroup(self.window)
        for edition in EDITIONS.values():
            action = edition_menu.addAction(f"{edition.title} ({edition.year})")
            action.setCheckable(True)
            action.setData(edition.id)
            action.setChecked(edition.id == self.host.edition)
            self.edition_actions.addAction(action)
        self.edition_actions.triggered.connect(self._edition_chosen)
        self.show_passwords_action = view.addAction("Show &passwords")
        self.show_passwords_action.setCheckable(True)
        area.password_button.toggled.connect(self.show_passwords_action.setChecked)
        theme_menu = view.addMenu("&Theme")
        self.theme_actions = QActionGroup(self.window)
        for theme in THEMES:
            action = theme_menu.addAction(theme.capitalize())
            action.setCheckable(True)
            action.setData(theme)
            action.setChecked(theme == self.host.settings.theme)
            self.theme_actions.addAction(action)
        self.theme_actions.triggered.connect(self._theme_chosen)

        self.history_menu = bar.addMenu("Hi&story")
        self.history_menu.setObjectName("historyMenu")
        self.history_menu.aboutToShow.connect(self._fill_history_menu)
        self.history_menu.triggered.connect(self._history_chosen)

        help_menu = self.help_menu = bar.addMenu("&Help")
        help_menu.setObjectName("helpMenu")
        legend_action = help_menu.addAction("&Legend")
        legend_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        legend_action.triggered.connect(self.show_legend)
        about_action = help_menu.addAction("&About URL Inspector")
        about_action.triggered.connect(self.show_about)

        self.found_menu = QMenu("URLs in the pasted text", self.window)
        self.found_menu.setObjectName("foundMenu")
        self.found_menu.triggered.connect(self._found_chosen)

    def _focused_editor(self) -> UrlEdit:
        focused = QApplication.focusWidget()
        return (
            focused
            if isinstance(focused, UrlEdit) and not focused.isReadOnly()
            else self.host.address_area.address
        )

    @Slot()
    def undo(self) -> None:
        """Edit ▸ Undo: in the field being edited (else the address bar)."""
        self._focused_editor().undo()

    @Slot()
    def redo(self) -> None:
        self._focused_editor().redo()

    @Slot()
    def open_address(self) -> None:
        """File ▸ Open in the viewer: fetch the address."""
        self.host.open_url()

    def _edition_chosen(self, action: QAction) -> None:
        self.host.set_edition(action.data())

    def check_edition(self, edition: str) -> None:
        """Check *edition*'s entry in View ▸ Edition (an id)."""
        for action in self.edition_actions.actions():
            if action.data() == edition:
                action.setChecked(True)

    def _theme_chosen(self, action: QAction) -> None:
        self.host.set_theme(action.data())

    # --- File: the report and the command; Edit: the normalized URL ------------------------

    @Slot()
    def ask_and_save_report(self) -> Path | None:
        """File ▸ Save report…: ask where, then save."""
        return self.save_report()

    def save_report(self, path: str | Path | None = None) -> Path | None:
        """Write the inspection to *path* (default: ask for it) as Markdown, HTML or
        JSON by its suffix, passwords masked while the window masks them; the file
        written, or None."""
        if path is None:
            name, chosen = QFileDialog.getSaveFileName(
                self.window, "Save report", "url-report.md", file_filters()
            )
            if not name:
                return None
            path = report_path(name, chosen)
        path = Path(path)
        text, base = self.host.address_area.address.text(), self.host.address_area.base.text()
        report = build_report(text, base, self.host.edition, mask_passwords=self.host.masking)
        try:
            path.write_text(render(report, format_for_path(path)), encoding="utf-8")
        except OSError as exc:
            self.window.statusBar().showMessage(f"Cannot save the report: {exc}", 10000)
            return None
        masked = " (passwords masked)" if (report.url, report.base) != (text, base) else ""
        self.window.statusBar().showMessage(f"Saved the report to {path}{masked}.", 8000)
        return path

    def copy_command(self) -> str:
        """Copy the ``urlinspector gui`` line that reopens this inspection (URL, base,
        edition); without the password while the window masks passwords."""
        line, left_out = command_line(
            self.host.address_area.address.text(),
            self.host.address_area.base.text(),
            self.host.edition,
            mask_passwords=self.host.masking,
        )
        QGuiApplication.clipboard().setText(line)
        note = " without the password (passwords are hidden)" if left_out else ""
        self.window.statusBar().showMessage(
            f"Copied the command that reopens this inspection{note}.", 8000
        )
        return line

    def copy_normalized(self) -> str:
        """Copy the normalized form of the address (RFC 3986 §6) to the clipboard."""
        result = normalize(self.host.address_area.address.text(), edition=self.host.edition)
        QGuiApplication.clipboard().setText(result.text)
        shown_text = self._display(result.text)
        self.window.statusBar().showMessage(
            f"Copied the normalized URL: {visible(shown_text)}", 5000
        )
        return result.text

    def _display(self, text: str) -> str:
        """*text* (a URL) with its password masked while passwords are hidden."""
        return mask_url(parse(text, self.host.edition)) if self.host.masking else text

    # --- History ---------------------------------------------------------------------------

    def _fill_history_menu(self) -> None:
        menu = self.history_menu
        menu.clear()
        entries = self.host.settings.history[:25]
        if not entries:
            empty = menu.addAction("(no history yet)")
            empty.setEnabled(False)
        for entry in entries:
            session = self.session_history.get(entry)
            label = entry if session is None else self._display(session)
            action = menu.addAction(shown(label, 90).replace("&", "&&"))
            action.setData(entry)  # (the menu's triggered: _history_chosen)
        menu.addSeparator()
        clear = menu.addAction("&Clear history")
        clear.triggered.connect(self.host.settings.clear_history)

    def _history_chosen(self, action: QAction) -> None:
        entry = action.data()
        if isinstance(entry, str):
            self.choose_history(entry)

    def choose_history(self, entry: str) -> None:
        """Inspect a history *entry* (nothing is fetched).  One inspected in this run
        comes back whole; one whose password was removed comes back with an empty
        password and the caret where it goes, and the status bar says so."""
        url = self.session_history.get(entry)
        if url is not None:
            self.host.inspect_chosen(url)
            return
        removed = password_removed(entry)
        if removed is None:
            self.host.inspect_chosen(entry)
            return
        text, position = removed
        self.host.inspect_chosen(text)
        address = self.host.address_area.address
        address.setFocus(Qt.FocusReason.OtherFocusReason)
        address.select_span(position, position)
        self.window.statusBar().showMessage(
            "The history keeps no passwords: type the password where the caret is.", 10000
        )

    # --- URLs in pasted text; Help ---------------------------------------------------------

    def offer_urls(self, found: tuple[Found, ...]) -> None:
        """Pasted text held several URLs, or a defanged one: offer them in a menu
        under the address bar."""
        menu = self.found_menu
        menu.clear()
        plural = "" if len(found) == 1 else "s"
        title = menu.addAction(f"{len(found)} URL{plural} in the pasted text:")
        title.setEnabled(False)
        for item in found[:40]:
            label, tip = shown(item.url, 100), where_found(item)
            detail = refang_detail(item)
            if detail is not None:  # written defanged: say so, and what the text had
                label = f"{REFANGED_MARK} {label}"
                tip = f"{visible(detail)}; {tip}"
            warnings = security_warnings(item)
            if warnings:  # (a look-alike reads as its original in a list)
                label = f"{WARNING_MARK} {label}"
                tip = "\n".join([tip, *(visible(w) for w in warnings)])
            action = menu.addAction(menu_text(label))
            action.setData(item.url)  # (the menu's triggered: _found_chosen)
            action.setToolTip(tip)
        menu.setToolTipsVisible(True)
        address = self.host.address_area.address
        menu.popup(address.mapToGlobal(QPoint(0, address.height())))

    def _found_chosen(self, action: QAction) -> None:
        url = action.data()
        if isinstance(url, str):
            self.host.inspect_chosen(url)

    def show_legend(self) -> None:
        if self.legend_dialog is None:
            self.legend_dialog = follow_zoom(LegendDialog(self.host.formats, self.window))
        self.legend_dialog.show()

    def show_about(self) -> None:
        box = AboutBox(self.window)
        box.setIconPixmap(self.window.windowIcon().pixmap(64, 64))
        self.about_box = follow_zoom(box)
        box.open()
