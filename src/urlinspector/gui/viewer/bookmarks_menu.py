"""The Bookmarks menu of the window: Add this page (Ctrl+D), Manage bookmarks…
(Ctrl+Shift+O), Export as a gopher menu…, then one item per bookmark, each opened in the
viewer.  :class:`BookmarksMenu` is the viewer's :attr:`~.pane.ViewerPane.bookmarks`
once :func:`~.install.install_viewer` made it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMenuBar, QWidget

from urlinspector.core import URL
from urlinspector.gui.viewer.bookmarks import Bookmarks, gopher_menu
from urlinspector.gui.viewer.bookmarks_dialog import BookmarksDialog
from urlinspector.gui.viewer.handlers.base import Origin
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.zoom import follow_zoom
from urlinspector.present.text import menu_text, shown

__all__ = ["BookmarksMenu"]


class BookmarksMenu(QObject):
    """The Bookmarks menu in *bar* (before the action *before*, else last), over the
    bookmarks *marks*, for *pane*; *show_viewer* brings the viewer's page forward
    before a bookmark opens.  Dialogs open over *window*."""

    def __init__(
        self,
        pane: ViewerPane,
        marks: Bookmarks,
        bar: QMenuBar,
        before: QAction | None,
        window: QWidget,
        show_viewer: Callable[[], None],
    ) -> None:
        super().__init__(pane)
        self.pane = pane
        self.marks = marks
        self.window = window
        self.show_viewer = show_viewer
        self.dialog: BookmarksDialog | None = None
        """Bookmarks ▸ Manage bookmarks… while it is open."""
        menu = self.menu = QMenu("&Bookmarks", bar)
        menu.setObjectName("bookmarksMenu")
        if before is not None:
            bar.insertMenu(before, menu)
        else:
            bar.addMenu(menu)
        self.add_action = self._action("&Add this page", "addBookmarkAction", "Ctrl+D")
        self.export_action = self._action("&Export as a gopher menu…", "exportBookmarksAction")
        self.manage_action = self._action(
            "&Manage bookmarks…", "manageBookmarksAction", "Ctrl+Shift+O"
        )
        self.add_action.triggered.connect(self.add_current)
        self.manage_action.triggered.connect(self.manage)
        self.export_action.triggered.connect(self.export_to_file)
        menu.aboutToShow.connect(self.fill)
        self.fill()
        window.addAction(self.add_action)
        window.addAction(self.manage_action)

    def _action(self, text: str, name: str, keys: str = "") -> QAction:
        action = QAction(text, self.pane)
        action.setObjectName(name)
        if keys:
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        return action

    @Slot()
    def fill(self) -> None:
        """The menu's actions, then one item per bookmark (its URL in the item's data)."""
        menu = self.menu
        menu.clear()
        menu.addAction(self.add_action)
        menu.addAction(self.manage_action)
        menu.addAction(self.export_action)
        menu.addSeparator()
        label = self.pane.passwords.label
        for mark in self.marks.all():
            act = menu.addAction(menu_text(f"{shown(mark.title, 60)} — {label(mark.url.text, 60)}"))
            act.setData(mark.url.text)
            act.triggered.connect(self._chosen)

    @Slot()
    def _chosen(self) -> None:
        """A bookmark of the menu: the one whose URL is the action's data."""
        action = self.sender()
        text = action.data() if isinstance(action, QAction) else None
        mark = next((m for m in self.marks.all() if m.url.text == text), None)
        if mark is not None:
            self.open(mark.url)

    @Slot(object)
    def open(self, url: URL) -> None:
        """A bookmark's URL, as the edition it was kept with read it."""
        self.show_viewer()
        self.pane.navigate(url, Origin.TYPED)

    @Slot()
    def add_current(self) -> None:
        pane = self.pane
        url = pane.url
        if url is None:
            pane.renderer.status("Nothing to bookmark: no page is shown.")
            return
        current = pane.history.current
        title = current.title if current is not None and current.url.text == url.text else ""
        mark = self.marks.add(title, url)
        pane.renderer.status(f"Bookmarked: {mark.title}")

    @Slot()
    def export_to_file(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(
            self.pane, "Export the bookmarks as a gopher menu", "gophermap"
        )
        if path:
            with open(path, "wb") as out:
                out.write(gopher_menu(self.marks.all()))
            self.pane.renderer.status(f"Bookmarks exported to {path}.")

    @Slot()
    def manage(self) -> None:
        """Open Manage bookmarks… (or bring it forward, up to date)."""
        dialog = self.dialog
        if dialog is None:
            dialog = follow_zoom(
                BookmarksDialog(self.marks, self.window, passwords=self.pane.passwords)
            )
            dialog.openRequested.connect(self.open)
            dialog.finished.connect(self._dialog_closed)
            dialog.finished.connect(dialog.deleteLater)
            self.dialog = dialog
        else:
            dialog.reload()
        dialog.open()
        dialog.raise_()

    @Slot(int)
    def _dialog_closed(self, _result: int) -> None:
        if self.sender() is self.dialog:
            self.dialog = None
