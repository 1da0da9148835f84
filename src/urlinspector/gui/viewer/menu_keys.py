"""Browsing a gopher menu, a directory listing or a news table (the group list, a
group's overview) from the keyboard, as Lynx does and a little better.

:class:`KeyboardBrowsing` watches one item view:

* Down / Up, Tab / Shift+Tab, Page Down / Page Up, Home / End move between the rows
  that lead somewhere (:data:`Stops`): a menu's information lines, blank lines and
  error lines are passed over.  Tab after the last item (Shift+Tab before the first)
  leaves the view, so the keyboard is never trapped in it;
* typing the start of an item's name goes to the next item that starts so (type-ahead;
  digits too, so ``3`` reaches "3. Mirrors"); the name is a column of the view's
  choosing (a group's name, an article's subject);
* Backspace and Alt+Up go to the parent menu or directory;
* ``=`` shows what is known of the item (Gopher+ attributes), as Lynx's ``=``;
* the Menu key and Shift+F10 open the item's context menu beside it.

Each move reports the row (``moved``), for the status bar and the address bar.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QMenu

__all__ = ["TYPE_AHEAD_SECONDS", "KeyboardBrowsing", "Stops", "next_stop", "stop_near"]

Stops = Callable[[int], bool]
"""``is_stop(row)``: whether the keyboard stops on *row* (it leads somewhere)."""

TYPE_AHEAD_SECONDS = 1.0
"""Keys typed within this time of each other make one type-ahead word."""


def next_stop(is_stop: Stops, count: int, row: int, step: int) -> int | None:
    """The first stop after *row* going *step* (+1 down, -1 up); None when none."""
    row += step
    while 0 <= row < count:
        if is_stop(row):
            return row
        row += step
    return None


def stop_near(is_stop: Stops, count: int, row: int, step: int) -> int | None:
    """The stop at *row* or the first one beyond it going *step*, else the nearest the
    other way (Page Down past the last item stops on the last)."""
    row = min(max(row, 0), count - 1)
    if count and is_stop(row):
        return row
    return next_stop(is_stop, count, row, step) or next_stop(is_stop, count, row, -step)


_MOVES: dict[Qt.Key, int] = {
    Qt.Key.Key_Down: 1,
    Qt.Key.Key_Up: -1,
    Qt.Key.Key_Tab: 1,
    Qt.Key.Key_Backtab: -1,
}
_PAGES: dict[Qt.Key, int] = {Qt.Key.Key_PageDown: 1, Qt.Key.Key_PageUp: -1}
_ENDS: dict[Qt.Key, int] = {Qt.Key.Key_Home: 1, Qt.Key.Key_End: -1}
_PLAIN = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)


class KeyboardBrowsing(QObject):
    """The keys of one view (see the module description).

    *is_stop* says which rows the keys stop on; *parent* goes to the parent menu or
    directory; *info* shows the current item's attributes (``=``); *moved(row)* is
    called after each move the keys make; type-ahead matches the text of column
    *name_column*."""

    def __init__(
        self,
        view: QAbstractItemView,
        is_stop: Stops,
        *,
        parent: Callable[[], None],
        info: Callable[[], None] | None = None,
        moved: Callable[[int], None] | None = None,
        name_column: int = 0,
    ) -> None:
        super().__init__(view)
        self.view = view
        self.is_stop = is_stop
        self.go_up = parent
        self.info = info
        self.moved = moved
        self.name_column = name_column
        self.typed = ""
        self._typed_at = 0.0
        self.context_menu: QMenu | None = None
        """The context menu opened from the keyboard (once it was)."""
        view.setTabKeyNavigation(False)  # Tab is handled here (and may leave the view)
        view.installEventFilter(self)

    # --- moving -------------------------------------------------------------------------

    @property
    def count(self) -> int:
        return self.view.model().rowCount(QModelIndex())

    @property
    def row(self) -> int:
        index = self.view.currentIndex()
        return index.row() if index.isValid() else -1

    def go(self, row: int | None) -> bool:
        """Make *row* the current, selected and visible row; False for None."""
        if row is None:
            return False
        index = self.view.model().index(row, 0)
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        self.view.selectionModel().setCurrentIndex(index, flags)
        self.view.scrollTo(index)
        if self.moved is not None:
            self.moved(row)
        return True

    def step(self, step: int) -> bool:
        """The next stop down (+1) or up (-1); the first one when none is current."""
        if self.row < 0:
            return self.go(stop_near(self.is_stop, self.count, 0, 1))
        return self.go(next_stop(self.is_stop, self.count, self.row, step))

    def page(self, step: int) -> bool:
        visible = max(1, self.view.viewport().height() // max(1, self.view.sizeHintForRow(0)))
        return self.go(stop_near(self.is_stop, self.count, max(self.row, 0) + step * visible, step))

    def end(self, step: int) -> bool:
        start = 0 if step > 0 else self.count - 1
        return self.go(stop_near(self.is_stop, self.count, start, step))

    def type_ahead(self, text: str) -> bool:
        """Go to the next stop whose text starts with what was typed (ignoring case)."""
        now = time.monotonic()
        self.typed = (self.typed if now - self._typed_at < TYPE_AHEAD_SECONDS else "") + text
        self._typed_at = now
        wanted = self.typed.casefold()
        model, count = self.view.model(), self.count
        start = self.row if len(self.typed) > 1 else self.row + 1  # a longer word: stay
        for offset in range(count):
            row = (max(start, 0) + offset) % count
            name = str(model.index(row, self.name_column).data() or "").strip().casefold()
            if self.is_stop(row) and name.startswith(wanted):
                return self.go(row)
        return False

    # --- the context menu ---------------------------------------------------------------

    def open_context_menu(self) -> QMenu | None:
        """The view's actions as a menu beside the current row (Menu, Shift+F10)."""
        actions = [a for a in self.view.actions() if a.isVisible()]
        if not actions:
            return None
        menu = self.context_menu
        if menu is None:  # one menu, made once and filled each time
            menu = self.context_menu = QMenu(self.view)
            menu.setObjectName("keyboardContextMenu")
        menu.clear()
        menu.addActions(actions)
        rect = self.view.visualRect(self.view.currentIndex())
        where = rect.bottomLeft() if rect.isValid() else self.view.viewport().rect().topLeft()
        menu.popup(self.view.viewport().mapToGlobal(where))
        return menu

    # --- the keys -----------------------------------------------------------------------

    def handle(self, event: QKeyEvent) -> bool:
        """Act on *event*; False for a key this object leaves to the view."""
        key, mods = Qt.Key(event.key()), event.modifiers()
        shift_only = mods == Qt.KeyboardModifier.ShiftModifier
        if key in _MOVES and (mods in _PLAIN or (shift_only and key == Qt.Key.Key_Backtab)):
            moved = self.step(_MOVES[key])
            # Tab past the last item leaves the view; the arrows stay put
            return moved or key not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
        if key in _PAGES and mods in _PLAIN:
            return self.page(_PAGES[key]) or True
        if key in _ENDS and mods in _PLAIN:
            return self.end(_ENDS[key]) or True
        if (key == Qt.Key.Key_Backspace and mods in _PLAIN) or (
            key == Qt.Key.Key_Up and mods & Qt.KeyboardModifier.AltModifier
        ):
            self.go_up()
            return True
        if key == Qt.Key.Key_Menu or (key == Qt.Key.Key_F10 and shift_only):
            self.open_context_menu()
            return True
        text = event.text()
        if text == "=" and self.info is not None:
            self.info()
            return True
        if text and text.isprintable() and not text.isspace() and not mods & ~_TYPING:
            return self.type_ahead(text) or True
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress:
            return self.handle(event)
        if (
            isinstance(event, QFocusEvent)
            and event.type() == QEvent.Type.FocusIn
            and event.reason() != Qt.FocusReason.MouseFocusReason
            and self.row < 0
        ):
            # the keyboard arrives: on the first item that leads somewhere, not row 0
            self.go(stop_near(self.is_stop, self.count, 0, 1) if self.count else None)
        return super().eventFilter(watched, event)


_TYPING = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
"""Modifiers that still type a character (Shift for capitals, the keypad's digits)."""
