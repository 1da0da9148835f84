"""Gopher menus: a list model over the menu's items (RFC 1436 §3.8), an icon for each
item type, information lines as plain text, the target URL on hover; beside the menu,
the Gopher+ attributes of an item (:mod:`.gopher_plus`).

The keyboard moves between the items that lead somewhere (information, blank and error
lines are passed over), marks the item it is on clearly, and says where it leads
(:mod:`.menu_keys`, :mod:`.focus_mark`).

The model holds the :class:`~urlinspector.schemes.gopher.MenuItem` objects the reader
made and computes nothing until a row is painted or hovered, so a menu of 100,000 items
is shown as fast as it arrives; the view uses uniform row heights, so it never measures
every row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QGuiApplication,
    QHelpEvent,
    QIcon,
    QKeyEvent,
    QMouseEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSplitter,
    QTableView,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from urlinspector.gui.palette import Formats
from urlinspector.gui.viewer.common import ICON_SIZE, blank_icon, escape, fixed_font, icon, url_html
from urlinspector.gui.viewer.focus_mark import FocusMarkDelegate
from urlinspector.gui.viewer.gopher_plus import AttributesPanel
from urlinspector.gui.viewer.menu_keys import KeyboardBrowsing
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.present.text import visible
from urlinspector.schemes.gopher import MenuItem, item_type, type_name

__all__ = [
    "ITEM_ROLE",
    "URL_ROLE",
    "GopherMenuPage",
    "MenuModel",
    "MenuView",
    "icon_name",
    "is_choosable",
    "item_tooltip",
]

ITEM_ROLE = Qt.ItemDataRole.UserRole + 1
URL_ROLE = Qt.ItemDataRole.UserRole + 2


def is_choosable(item: MenuItem | None) -> bool:
    """Whether the keyboard stops on *item* (and a click selects it): not on information,
    blank and error lines (:attr:`.ItemType.leads_somewhere`)."""
    if item is None or item.itemtype == "":
        return False
    row = item_type(item.itemtype)
    return row is None or row.leads_somewhere


def icon_name(itemtype: str) -> str | None:
    """The icon of *itemtype* (:attr:`.ItemType.icon`); None for information lines and
    empty lines, ``unknown`` for a type no one defined."""
    if itemtype == "":
        return None
    row = item_type(itemtype)
    return "unknown" if row is None else row.icon


def item_tooltip(item: MenuItem, formats: Formats) -> str:
    """Rich text: the item's type, its display string, and the URL it leads to,
    coloured like the address bar."""
    kind = type_name(item.itemtype)
    parts = [f"<b>{escape(kind)}</b> (type {escape(visible(item.itemtype))})"]
    if item.plus is not None:
        form = " with a form (+ASK)" if item.plus == "?" else ""
        parts[0] += f" · Gopher+ item{form}: right-click or = for its attributes"
    if item.url is not None:
        parts.append(url_html(item.url, formats))
    elif item.itemtype not in ("i", "3"):
        parts.append("<i>leads nowhere: the line has no usable host</i>")
    for problem in item.problems:
        parts.append(f"<i>{escape(problem)}</i>")
    return "<br>".join(parts)


class MenuModel(QAbstractListModel):
    """The items of one gopher menu, in order."""

    def __init__(self, formats: Formats, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.formats = formats
        self._items: list[MenuItem] = []
        self.longest = 0
        """Characters of the longest display string (the view's column width)."""
        self._error_colour = formats.colour("invalid")

    @property
    def items(self) -> list[MenuItem]:
        return self._items

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        if parent is not None and parent.isValid():
            return 0
        return len(self._items)

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        row = index.row()
        if not index.isValid() or row >= len(self._items):
            return None
        shown = _ROLES.get(role)
        return shown(self, self._items[row]) if shown is not None else None

    def _display(self, item: MenuItem) -> str:
        return visible(item.display) if item.display else ""

    def _decoration(self, item: MenuItem) -> QIcon:
        name = icon_name(item.itemtype)
        return blank_icon() if name is None else icon(name)

    def _tooltip(self, item: MenuItem) -> str | None:
        if item.itemtype == "i" or item.itemtype == "":
            return None
        return item_tooltip(item, self.formats)

    def _foreground(self, item: MenuItem) -> QColor | None:
        if item.itemtype == "3":
            return self._error_colour
        if item.url is not None:
            return QGuiApplication.palette().color(QPalette.ColorRole.Link)
        return None

    def _accessible(self, item: MenuItem) -> str:
        if item.itemtype == "i":
            return item.display
        return f"{type_name(item.itemtype)}: {item.display}"

    def _item(self, item: MenuItem) -> MenuItem:
        return item

    def _url(self, item: MenuItem) -> str | None:
        return item.url

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return "menu item"  # the header of a copied Markdown table (the view hides it)
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if not is_choosable(self._items[index.row()]):
            return Qt.ItemFlag.ItemIsEnabled  # not selectable: text, not a link
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def append(self, items: list[Any]) -> None:
        """Add items at the end (as they arrive)."""
        if not items:
            return
        self.longest = max(self.longest, max(len(item.display) for item in items))
        first = len(self._items)
        self.beginInsertRows(QModelIndex(), first, first + len(items) - 1)
        self._items.extend(items)
        self.endInsertRows()

    def set_formats(self, formats: Formats) -> None:
        self.formats = formats
        self._error_colour = formats.colour("invalid")
        if self._items:
            self.dataChanged.emit(self.index(0), self.index(len(self._items) - 1))

    def set_items(self, items: list[MenuItem]) -> None:
        self.beginResetModel()
        self._items = list(items)
        self.longest = max((len(item.display) for item in self._items), default=0)
        self.endResetModel()

    def clear(self) -> None:
        self.set_items([])

    def item(self, row: int) -> MenuItem | None:
        return self._items[row] if 0 <= row < len(self._items) else None


_ROLES: dict[int, Callable[[MenuModel, MenuItem], Any]] = {
    Qt.ItemDataRole.DisplayRole: MenuModel._display,
    Qt.ItemDataRole.DecorationRole: MenuModel._decoration,
    Qt.ItemDataRole.ToolTipRole: MenuModel._tooltip,
    Qt.ItemDataRole.ForegroundRole: MenuModel._foreground,
    Qt.ItemDataRole.AccessibleTextRole: MenuModel._accessible,
    ITEM_ROLE: MenuModel._item,
    URL_ROLE: MenuModel._url,
}
"""What a row of the menu model gives for each data role (one table)."""


class MenuView(QTableView):
    """The menu list: a click or Enter on an item follows it; hovering shows its URL.

    A one-column table with fixed row heights rather than a ``QListView``: a list view
    lays out every row again on each insertion (asking the model for its row count
    once per row), a table's rows are one header of equal sections, so appending to a
    menu of 100,000 items costs the same as appending to an empty one.

    Signals: ``itemActivated(object)`` (the :class:`MenuItem`), ``itemHovered(object)``
    (None when the pointer leaves the items), ``itemSelected(object)`` (the item the
    keyboard moved to), ``attributesRequested(object)`` (``=``, or the context menu),
    ``parentRequested()`` (Backspace, Alt+Up).
    """

    itemActivated = Signal(object)
    itemHovered = Signal(object)
    itemSelected = Signal(object)
    attributesRequested = Signal(object)
    parentRequested = Signal()
    infoRequested = Signal(object)

    def __init__(self, model: MenuModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gopherMenu")
        self._model = model
        self._hovered: MenuItem | None = None
        self.setIconSize(ICON_SIZE)
        self.setFont(fixed_font())
        self.setMouseTracking(True)
        self.setShowGrid(False)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        self.horizontalHeader().hide()
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(max(ICON_SIZE.height() + 2, self.fontMetrics().height() + 3))
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.attributes_action = QAction("Gopher+ &attributes", self)
        self.attributes_action.triggered.connect(self._attributes_of_current)
        self.copy_action = QAction("Copy the item's &URL", self)
        self.copy_action.triggered.connect(self._copy_url)
        self.addAction(self.attributes_action)
        self.addAction(self.copy_action)
        self.copying = install_copying(self)  # Ctrl+C: the item's row; Copy as Markdown
        self.setModel(model)
        self.setItemDelegate(FocusMarkDelegate(self))
        self.keys = KeyboardBrowsing(
            self,
            lambda row: is_choosable(model.item(row)),
            parent=self.parentRequested.emit,
            info=self._info_of_current,
            moved=lambda row: self.itemSelected.emit(model.item(row)),
        )
        self.entered.connect(self._entered)
        model.rowsInserted.connect(self._fit_width)
        model.modelReset.connect(self._fit_width)

    @Slot()
    def _fit_width(self) -> None:
        """The column as wide as the longest line (no text is cut), at least the view."""
        advance = self.fontMetrics().horizontalAdvance("M")
        needed = self._model.longest * advance + ICON_SIZE.width() + 16
        self.setColumnWidth(0, max(needed, self.viewport().width()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_width()

    def current_item(self) -> MenuItem | None:
        index = self.currentIndex()
        return self._model.item(index.row()) if index.isValid() else None

    # -- activation ----------------------------------------------------------------------

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton:
            return
        index = self.indexAt(event.position().toPoint())
        item = self._model.item(index.row()) if index.isValid() else None
        if item is not None and item.url is not None:
            self.itemActivated.emit(item)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            item = self.current_item()
            if item is not None and item.url is not None:
                self.itemActivated.emit(item)
                return
        super().keyPressEvent(event)

    # -- hover ---------------------------------------------------------------------------

    @Slot(QModelIndex)
    def _entered(self, index: QModelIndex) -> None:
        item = self._model.item(index.row())
        if item is not None and item.itemtype in ("i", ""):
            item = None
        self._set_hovered(item)

    def _set_hovered(self, item: MenuItem | None) -> None:
        if item is self._hovered:
            return
        self._hovered = item
        cursor = Qt.CursorShape.PointingHandCursor if item and item.url else None
        if cursor is None:
            self.viewport().unsetCursor()
        else:
            self.viewport().setCursor(cursor)
        self.itemHovered.emit(item)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave:
            self._set_hovered(None)
        elif event.type() == QEvent.Type.MouseMove:
            pos = event.position().toPoint()  # type: ignore[attr-defined]
            if not self.indexAt(pos).isValid():
                self._set_hovered(None)
        elif event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.indexAt(event.pos())
            tip = self._model.data(index, Qt.ItemDataRole.ToolTipRole) if index.isValid() else None
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport(), self.visualRect(index))
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    @property
    def hovered(self) -> MenuItem | None:
        return self._hovered

    # -- context actions -----------------------------------------------------------------

    def currentChanged(
        self,
        current: QModelIndex | QPersistentModelIndex,
        previous: QModelIndex | QPersistentModelIndex,
    ) -> None:
        super().currentChanged(current, previous)
        item = self._model.item(current.row()) if current.isValid() else None
        self.attributes_action.setEnabled(item is not None and item.plus is not None)
        self.copy_action.setEnabled(item is not None and item.url is not None)

    @Slot()
    def _attributes_of_current(self) -> None:
        item = self.current_item()
        if item is not None and item.plus is not None:
            self.attributesRequested.emit(item)

    @Slot()
    def _info_of_current(self) -> None:
        """``=``: a Gopher+ item's attributes; of another item, what is known of it."""
        item = self.current_item()
        if item is not None and item.plus is not None:
            self.attributesRequested.emit(item)
        elif item is not None:
            self.infoRequested.emit(item)

    @Slot()
    def _copy_url(self) -> None:
        item = self.current_item()
        if item is not None and item.url is not None:
            QGuiApplication.clipboard().setText(item.url)


class GopherMenuPage(QWidget):
    """A menu beside the attributes of the item asked about (hidden until asked)."""

    def __init__(self, formats: Formats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gopherPage")
        self.model = MenuModel(formats, self)
        self.view = MenuView(self.model)
        self.attributes = AttributesPanel()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(self.attributes)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.attributes.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

    def show_menu(self) -> None:
        self.view.show()
        self.attributes.hide()

    def show_attributes_only(self) -> None:
        self.view.hide()
        self.attributes.show()
