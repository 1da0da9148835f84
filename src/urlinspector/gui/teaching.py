"""What a teacher projecting the window uses, composed into the main window by
:func:`install_teaching`: View ▸ Zoom in / Zoom out / Actual size
(:mod:`urlinspector.gui.zoom`), View ▸ Presentation mode (F11, Escape leaves it;
:mod:`urlinspector.gui.presentation`) and File ▸ Export picture…
(:mod:`urlinspector.gui.picture`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from urlinspector.gui.picture import PICTURE_FILTERS, picture_path, write_picture
from urlinspector.gui.presentation import Presentation
from urlinspector.gui.zoom import Zoom
from urlinspector.present.inspection import parsed

if TYPE_CHECKING:
    from urlinspector.gui.main_window import MainWindow

__all__ = ["Teaching", "install_teaching"]


def _menu(window: MainWindow, title: str) -> QMenu | None:
    """The window's menu called *title* (access keys left out)."""
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == title and action.menu() is not None:
            menu = action.menu()
            return menu if isinstance(menu, QMenu) else None
    return None


class Teaching(QObject):
    """The zoom, presentation mode and picture export of one window, and their
    actions (each also the window's own, so its key works with the menu bar hidden)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.zoom = Zoom(window, window.settings.zoom)
        self.presentation = Presentation(window, self.zoom, self.kept)
        self.zoom.changed.connect(self._remember_zoom)
        window.pages.widgetAdded.connect(lambda _index: self.zoom.apply())

        def action(text: str, keys: tuple[str, ...], name: str) -> QAction:
            act = QAction(text, window)
            act.setObjectName(name)
            act.setShortcuts([QKeySequence(k) for k in keys])
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            window.addAction(act)
            return act

        self.zoom_in_action = action("Zoom &in", ("Ctrl+=", "Ctrl++"), "zoomInAction")
        self.zoom_out_action = action("Zoom &out", ("Ctrl+-",), "zoomOutAction")
        self.zoom_reset_action = action("&Actual size", ("Ctrl+0",), "zoomResetAction")
        self.presentation_action = action("P&resentation mode", ("F11",), "presentationAction")
        self.presentation_action.setCheckable(True)
        self.presentation_action.setToolTip(
            "full screen, large type, only the address bar, where browsers go and this "
            "pane (Escape leaves it)"
        )
        self.leave_action = action("Leave presentation mode", ("Escape",), "leavePresentation")
        self.leave_action.setEnabled(False)
        self.export_action = QAction("Export &picture…", window)
        self.export_action.setObjectName("exportPictureAction")
        self.export_action.setToolTip(
            "the URL's anatomy as an SVG diagram, or the window as a PNG picture"
        )

        self.zoom_in_action.triggered.connect(self.zoom.zoom_in)
        self.zoom_out_action.triggered.connect(self.zoom.zoom_out)
        self.zoom_reset_action.triggered.connect(self.zoom.reset)
        self.presentation_action.toggled.connect(self.presentation.set_active)
        self.leave_action.triggered.connect(self.presentation.leave)
        self.presentation.toggled.connect(self._presentation_toggled)
        self.export_action.triggered.connect(lambda: self.export_picture())
        self._add_to_menus()
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Closing the window in presentation mode leaves it first, so the window saves
        its own layout, not the presentation's."""
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.presentation.leave()
        return False

    def _add_to_menus(self) -> None:
        view = _menu(self.window, "View")
        if view is not None:
            view.addSeparator()
            for act in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
                view.addAction(act)
            view.addSeparator()
            view.addAction(self.presentation_action)
        file_menu = _menu(self.window, "File")
        if file_menu is not None:
            actions = file_menu.actions()
            after = self.window.menus.copy_command_action
            index = actions.index(after) + 1 if after in actions else len(actions)
            if index < len(actions):
                file_menu.insertAction(actions[index], self.export_action)
            else:
                file_menu.addAction(self.export_action)

    def kept(self) -> list[QWidget]:
        """What presentation mode keeps in sight: the address bar, the verdict line
        (and its Inspect button) and the pane shown (the inspector's current tab, or the
        Components or Diagnostics panel when the focus is in it)."""
        window = self.window
        page = window.pages.currentWidget()
        pane = window.tabs.currentWidget() if page is window.inspector else page
        focus = window.focusWidget()
        for panel in (window.inspector.components, window.inspector.diagnostics):
            if page is window.inspector and (focus is panel or panel.isAncestorOf(focus)):
                pane = panel  # (or the panel that has the focus)
        area = window.address_area
        return [w for w in (area.address, area.verdict, area.inspect_inner, pane) if w is not None]

    def _remember_zoom(self, factor: float) -> None:
        if not self.presentation.active:
            self.window.settings.zoom = factor

    def _presentation_toggled(self, on: bool) -> None:
        self.leave_action.setEnabled(on)
        if self.presentation_action.isChecked() != on:
            self.presentation_action.setChecked(on)

    def export_picture(self, path: str | Path | None = None) -> Path | None:
        """Write the URL's anatomy (``.svg``) or the window (``.png``) to *path*
        (default: ask); the file written, or None."""
        window = self.window
        if path is None:
            name, chosen = QFileDialog.getSaveFileName(
                window, "Export picture", "url-anatomy.svg", PICTURE_FILTERS
            )
            if not name:
                return None
            path = picture_path(name, chosen)
        url = parsed(window.address.text(), window.edition)
        try:
            written = write_picture(
                path, window, url, theme=window.formats.theme, mask_password=window.masking
            )
        except OSError as exc:
            window.statusBar().showMessage(f"Cannot export the picture: {exc}", 10000)
            return None
        what = "the window" if written.suffix.lower() == ".png" else "the URL's anatomy"
        window.statusBar().showMessage(f"Exported {what} to {written}.", 8000)
        return written


def install_teaching(window: MainWindow) -> Teaching:
    """Add zoom, presentation mode and Export picture… to *window* (its View and File
    menus) and apply the zoom the settings keep."""
    return Teaching(window)
