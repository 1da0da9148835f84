"""Bookmarks ▸ Manage bookmarks… (Ctrl+Shift+O): the bookmarks in a list, to rename
(F2 or a double click), delete (Del), move (Ctrl+Up, Ctrl+Down) and open (Enter).
Every change is kept with the settings at once (:class:`~.bookmarks.Bookmarks`, which
never stores a password)."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from urlinspector.gui.viewer.bookmarks import Bookmark, Bookmarks
from urlinspector.gui.viewer.common import PasswordDisplay

__all__ = ["BookmarksDialog"]

TITLE, URL = 0, 1
URL_ROLE = Qt.ItemDataRole.UserRole
"""A row's URL text: the name of its bookmark."""


class BookmarksDialog(QDialog):
    """The bookmarks to manage; ``openRequested(URL)`` with the (parsed) URL of the one
    to open."""

    openRequested = Signal(object)  # a core URL

    def __init__(
        self,
        marks: Bookmarks,
        parent: QWidget | None = None,
        *,
        passwords: PasswordDisplay | None = None,
    ) -> None:
        super().__init__(parent)
        self.passwords = passwords or PasswordDisplay()
        self.setObjectName("bookmarksDialog")
        self.setWindowTitle("Manage bookmarks")
        self.marks = marks
        self._shown: dict[str, Bookmark] = {}
        """The bookmarks listed, by their URL's text."""
        self.note = QLabel()
        self.note.setWordWrap(True)
        tree = self.tree = QTreeWidget()
        tree.setObjectName("bookmarksList")
        tree.setColumnCount(2)
        tree.setHeaderLabels(["Title", "URL"])
        tree.setRootIsDecorated(False)
        tree.setUniformRowHeights(True)
        tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # F2, double click
        tree.header().setSectionResizeMode(TITLE, QHeaderView.ResizeMode.Interactive)
        tree.header().setStretchLastSection(True)
        tree.setColumnWidth(TITLE, 220)
        tree.itemDoubleClicked.connect(self._double_clicked)
        tree.itemChanged.connect(self._renamed)
        tree.currentItemChanged.connect(self._update_buttons)
        tree.itemSelectionChanged.connect(self._update_buttons)

        self.open_action = self._action("&Open", "Return", self.open_current)
        self.rename_action = self._action("&Rename", "F2", self._rename_current)
        delete_key = QKeySequence(QKeySequence.StandardKey.Delete)
        self.delete_action = self._action("&Delete", delete_key, self.delete_current)
        self.up_action = self._action("Move &up", "Ctrl+Up", self._move_up)
        self.down_action = self._action("Move do&wn", "Ctrl+Down", self._move_down)

        side = QVBoxLayout()
        self.open_button = self._button(self.open_action)
        self.rename_button = self._button(self.rename_action)
        self.delete_button = self._button(self.delete_action)
        self.up_button = self._button(self.up_action)
        self.down_button = self._button(self.down_action)
        for button in (self.open_button, self.rename_button, self.delete_button):
            side.addWidget(button)
        side.addSpacing(12)
        side.addWidget(self.up_button)
        side.addWidget(self.down_button)
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(tree, 1)
        row.addLayout(side)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addLayout(row, 1)
        layout.addWidget(close)
        self.resize(640, 380)
        self.reload()

    def _action(self, text: str, key: QKeySequence | str, slot: object) -> QAction:
        action = QAction(text, self.tree)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # not while editing
        action.triggered.connect(slot)
        self.tree.addAction(action)
        return action

    def _button(self, action: QAction) -> QPushButton:
        button = QPushButton(action.text())
        button.setAutoDefault(False)
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        button.setToolTip(f"{action.text().replace('&', '')} ({shortcut})")
        button.clicked.connect(action.trigger)
        return button

    # --- the list -----------------------------------------------------------------------

    def reload(self, current: Bookmark | None = None) -> None:
        """Show the bookmarks as kept; the row of *current* current."""
        marks = self.marks.all()
        self._shown = {mark.url.text: mark for mark in marks}
        with QSignalBlocker(self.tree):
            self.tree.clear()
            for mark in marks:
                self.tree.addTopLevelItem(self._item(mark))
        items = self._items()
        wanted = [
            item
            for item in items
            if current is not None and item.data(TITLE, URL_ROLE) == current.url.text
        ]
        if wanted or items:  # else the first row: the keys work at once
            self.tree.setCurrentItem((wanted or items)[0])
        self.note.setText(
            "No bookmarks yet: Ctrl+D (Bookmarks ▸ Add this page) keeps the page shown."
            if not marks
            else "F2 or a double click renames, Del deletes, Ctrl+Up and Ctrl+Down move, "
            "Enter opens. Changes are kept at once."
        )
        self._update_buttons()

    def _item(self, mark: Bookmark) -> QTreeWidgetItem:
        item = QTreeWidgetItem([mark.title, self.passwords.label(mark.url.text, 200)])
        item.setData(TITLE, URL_ROLE, mark.url.text)
        item.setToolTip(URL, self.passwords.label(mark.url.text, 1000))
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        return item

    def _items(self) -> list[QTreeWidgetItem]:
        tree = self.tree
        found = (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
        return [item for item in found if item is not None]

    def _mark(self, item: QTreeWidgetItem | None) -> Bookmark | None:
        """The bookmark of the row *item*."""
        return None if item is None else self._shown.get(str(item.data(TITLE, URL_ROLE)))

    @Slot()
    def _update_buttons(self) -> None:
        item = self.tree.currentItem()
        chosen = item is not None and item.isSelected()
        row = self.tree.indexOfTopLevelItem(item) if item is not None else -1
        last = self.tree.topLevelItemCount() - 1
        for action in (self.open_action, self.rename_action, self.delete_action):
            action.setEnabled(chosen)
        self.up_action.setEnabled(chosen and row > 0)
        self.down_action.setEnabled(chosen and 0 <= row < last)
        for button, action in (
            (self.open_button, self.open_action),
            (self.rename_button, self.rename_action),
            (self.delete_button, self.delete_action),
            (self.up_button, self.up_action),
            (self.down_button, self.down_action),
        ):
            button.setEnabled(action.isEnabled())

    # --- the changes --------------------------------------------------------------------

    @Slot(QTreeWidgetItem, int)
    def _double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        self.rename(item)

    @Slot()
    def _rename_current(self) -> None:
        self.rename()

    @Slot()
    def _move_up(self) -> None:
        self.move_current(-1)

    @Slot()
    def _move_down(self) -> None:
        self.move_current(1)

    def rename(self, item: QTreeWidgetItem | None = None) -> None:
        """Edit the title of *item* (default: the current one) in place."""
        item = item or self.tree.currentItem()
        if item is not None:
            self.tree.setCurrentItem(item)
            self.tree.editItem(item, TITLE)

    @Slot(QTreeWidgetItem, int)
    def _renamed(self, item: QTreeWidgetItem, column: int) -> None:
        shown = self._mark(item)
        if column != TITLE or shown is None:
            return
        mark = self.marks.rename(shown.url, item.text(TITLE))
        if mark is not None and mark.title != item.text(TITLE):
            with QSignalBlocker(self.tree):
                item.setText(TITLE, mark.title)  # an empty title: the URL

    def delete_current(self) -> None:
        """Delete the current bookmark; the next one becomes current."""
        item = self.tree.currentItem()
        mark = self._mark(item)
        if item is None or mark is None:
            return
        row = self.tree.indexOfTopLevelItem(item)
        self.marks.remove(mark.url)
        self.reload()
        items = self._items()
        if items:
            self.tree.setCurrentItem(items[min(row, len(items) - 1)])

    def move_current(self, offset: int) -> None:
        """Move the current bookmark *offset* places (negative: up); it stays current."""
        mark = self._mark(self.tree.currentItem())
        if mark is not None and self.marks.move(mark.url, offset) is not None:
            self.reload(mark)

    def open_current(self) -> None:
        mark = self._mark(self.tree.currentItem())
        if mark is not None:
            self.openRequested.emit(mark.url)
            self.accept()
