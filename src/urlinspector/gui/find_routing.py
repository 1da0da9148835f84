"""Find (Ctrl+F) wherever the focus is: the window's Edit ▸ Find… opens the find field
of what is shown, whether the focus is in the address bar, on a tab's title, in a
table or nowhere.

* the viewer (or any page that has ``open_find()``, :class:`PageFind`): its find bar;
* the inspector with the Spec tab shown: the Spec tab's own search field;
* the inspector otherwise: a find bar under the panels that searches the table or
  tree that has the focus (Components, Diagnostics), else the tab shown (Editions
  side by side, Resolution trace, Escapes, Explain).

Escape in the field (or the bar's ✕) closes it and gives the focus back to where it
was.  One window-wide shortcut routes the key: the viewer's and the Spec tab's own
Ctrl+F are switched off, so the key is never ambiguous.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QMenu,
    QStackedWidget,
    QWidget,
)

from urlinspector.gui.inspector import InspectorPage
from urlinspector.gui.viewer.findbar import EscapeCloses, FindBar, find_in_text, find_in_view

__all__ = ["PageFind", "WindowFind"]


@runtime_checkable
class PageFind(Protocol):
    """A page of the window with a find bar of its own (the viewer)."""

    def open_find(self) -> None: ...


Search = Callable[[str, bool], bool]


def _in_view(view: QAbstractItemView) -> Search:
    return partial(find_in_view, view)


class WindowFind(QObject):
    """Edit ▸ Find… (Ctrl+F) over the window's *pages*, of which *inspector* is one
    (see the module description), added to *edit_menu*; :attr:`bar` is the
    inspector's find bar, for the window to place under its pages."""

    def __init__(
        self, pages: QStackedWidget, inspector: InspectorPage, edit_menu: QMenu, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.pages = pages
        self.inspector = inspector
        self.bar = FindBar()
        self.bar.setObjectName("inspectorFindBar")
        self.bar.hide()
        self.bar.findRequested.connect(self.find)
        self.searched: QWidget | None = None
        """The table, tree or text the inspector's bar searches."""
        page = inspector
        self._tables: dict[QWidget, tuple[str, Search]] = {
            page.components.view: ("Components", _in_view(page.components.view)),
            page.diagnostics: ("Diagnostics", _in_view(page.diagnostics)),
        }
        explain = page.explain_panel
        self._tabs: dict[QWidget, tuple[QWidget, Search]] = {
            page.editions: (page.editions, _in_view(page.editions)),
            page.escapes: (page.escapes, _in_view(page.escapes)),
            page.trace: (page.trace.tree, _in_view(page.trace.tree)),
            explain: (explain, partial(find_in_text, explain)),
        }
        spec = page.spec_reader
        spec.find_shortcut.setEnabled(False)  # this action's key now
        self.spec_escape = EscapeCloses(spec.search)
        self.action = QAction("Fin&d…", parent)
        self.action.setObjectName("findAction")
        self.action.setShortcut(QKeySequence(QKeySequence.StandardKey.Find))
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.action.setToolTip("find in the page or tab shown, wherever the focus is (Ctrl+F)")
        self.action.triggered.connect(self.open)
        edit_menu.addAction(self.action)
        pages.currentChanged.connect(self._page_changed)
        page.tabs.currentChanged.connect(self._tab_changed)

    def open(self) -> None:
        """Open the find field of what is shown (see the module description)."""
        w = self.inspector
        page = self.pages.currentWidget()
        if page is not w:
            if isinstance(page, PageFind):
                page.open_find()
            return
        focused = QApplication.focusWidget()
        if self.bar.isVisible() and focused is not None and self.bar.isAncestorOf(focused):
            self.bar.field.selectAll()  # again: the same search, its words selected
            return
        table = self._focused_table()
        if table is None and w.tabs.currentWidget() is w.spec_reader:
            self.bar.hide()
            self.spec_escape.remember(w.spec_reader.search)
            w.spec_reader.focus_search()
            return
        if table is not None:
            name, _search = self._tables[table]
            self.searched = table
        else:
            current = w.tabs.currentWidget()
            self.searched = self._tabs[current][0]
            name = w.tabs.tabText(w.tabs.currentIndex())
        self.bar.result.setText("")
        self.bar.open(name)

    def find(self, words: str, backward: bool = False) -> bool:
        """Find *words* in what the bar searches; False when they are not there."""
        search = self._search_of(self.searched)
        found = search is not None and search(words, backward)
        self.bar.show_result(found)
        return found

    def _search_of(self, widget: QWidget | None) -> Search | None:
        if widget in self._tables:
            return self._tables[widget][1]
        for searched, search in self._tabs.values():
            if searched is widget:
                return search
        return None

    def _focused_table(self) -> QWidget | None:
        """Components or Diagnostics, when the focus is in one of them."""
        focused = QApplication.focusWidget()
        for table in self._tables:
            if focused is not None and (focused is table or table.isAncestorOf(focused)):
                return table
        return None

    def _page_changed(self, _index: int) -> None:
        if self.pages.currentWidget() is not self.inspector:
            self.bar.hide()

    def _tab_changed(self, _index: int) -> None:
        """Another tab: the bar searched the one before."""
        self.bar.hide()
