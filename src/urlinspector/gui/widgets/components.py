"""The components panel: every component and scheme-specific part of the URL with its
raw text, decoded text (in a chosen charset), span and grammar rule."""

from __future__ import annotations

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import URL, UnknownCharsetError
from urlinspector.core.charsets import canonical_charset
from urlinspector.gui.models.components import ComponentsModel
from urlinspector.gui.models.tables import SPAN_ROLE
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.gui.widgets.sizing import ElidingHeader, FollowFont
from urlinspector.present.anatomy import decoded

__all__ = ["CHARSETS", "URL_TEXT_COLUMNS", "ComponentsPanel", "LeftElidingDelegate"]

CHARSETS = ("utf-8", "iso-8859-1", "windows-1252", "iso-8859-15", "shift_jis", "euc-jp", "koi8-r")
"""Offered in the charset box (any other Python codec name can be typed)."""


URL_TEXT_COLUMNS = (1, 2)
"""The columns of URL text (raw, decoded): elided from the left."""
SPAN_COLUMN = 3
COLUMN_WIDTHS = {0: 150, 1: 220, 2: 200}
"""Pixels of the component, raw and decoded columns at 100% (in proportion at other
zooms); the span is as wide as its longest, the rule takes the rest."""


class LeftElidingDelegate(QStyledItemDelegate):
    """A cell of URL text too wide for its column loses its start, not its end: a
    host keeps its registrable domain (``…verify.attackerdomain.example``), a path
    its file name, and the ellipsis shows that something is left out (the tooltip
    has all of it)."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideLeft


class ComponentsPanel(QWidget):
    """A tree of components; selecting a row emits ``spanSelected(start, end)``."""

    spanSelected = Signal(int, int)
    charsetChanged = Signal(str)

    def __init__(self, formats: Formats, parent: QWidget | None = None, *, title: str = "") -> None:
        super().__init__(parent)
        self.model = ComponentsModel(formats, self)
        self._syncing = False

        self.charset_box = QComboBox()
        self.charset_box.setEditable(True)
        self.charset_box.addItems(CHARSETS)
        self.charset_box.setToolTip(
            "charset the decoded column reads escaped octets in (URL draft 1993: ISO Latin 1; "
            "RFC 3986 §2.5: UTF-8 for new schemes)"
        )
        self.charset_box.currentTextChanged.connect(self._charset_edited)
        self.charset_error = QLabel()
        self.charset_error.setObjectName("charsetError")
        charset_label = QLabel("&Decode as:")
        charset_label.setBuddy(self.charset_box)

        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        self.heading: QLabel | None = None
        if title:  # the heading shares the charset's line: one more row of components
            self.heading = QLabel(f"<b>{title}</b>")
            top.addWidget(self.heading)
            top.addSpacing(12)
        top.addWidget(charset_label)
        top.addWidget(self.charset_box)
        top.addWidget(self.charset_error, 1)

        self.view = QTreeView()
        self.view.setModel(self.model)
        # a column made narrower than its header: each line elided, whole in the tooltip
        self.view.setHeader(ElidingHeader(self.view))
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        header = self.view.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.selectionModel().currentRowChanged.connect(self._row_changed)
        # the span: as wide as its longest ("1024–2048"), never cut
        header.setSectionResizeMode(SPAN_COLUMN, QHeaderView.ResizeMode.ResizeToContents)
        self.sizing = FollowFont(self.view, widths=COLUMN_WIDTHS)  # (the zoom's widths)
        self._eliding = LeftElidingDelegate(self.view)
        for column in URL_TEXT_COLUMNS:
            self.view.setItemDelegateForColumn(column, self._eliding)

        self.copying = install_copying(self.view)  # Ctrl+C: the selected rows
        self.copy_raw_action = QAction("Copy &raw text", self)
        self.copy_raw_action.triggered.connect(lambda: self.copy_current(decoded_value=False))
        self.copy_decoded_action = QAction("Copy &decoded text", self)
        self.copy_decoded_action.triggered.connect(lambda: self.copy_current(decoded_value=True))
        self.view.addAction(self.copy_raw_action)
        self.view.addAction(self.copy_decoded_action)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.view)

    # --- content --------------------------------------------------------------------------

    def set_url(self, url: URL | None) -> None:
        """Show *url*'s components; an empty address shows none."""
        if url is not None and not url.text:
            url = None  # (not the empty reference's empty path and undefined parts)
        if not self.model.set_url(url):
            return  # the same rows: only changed values were refreshed
        if self.model.size <= 120:
            self.view.expandToDepth(1)
        else:  # a long URL: open only the short lists
            model = self.model
            for row in range(model.rowCount()):
                index = model.index(row, 0)
                if model.rowCount(index) <= 64:
                    self.view.expand(index)

    def set_charset(self, charset: str) -> None:
        if self.charset_box.currentText() != charset:
            self.charset_box.setCurrentText(charset)

    def _charset_edited(self, text: str) -> None:
        try:
            canonical_charset(text.strip() or "utf-8")
        except UnknownCharsetError as exc:
            self.charset_error.setText(str(exc))
            return
        self.charset_error.clear()
        charset = text.strip() or "utf-8"
        self.model.set_charset(charset)
        self.charsetChanged.emit(charset)

    # --- selection ------------------------------------------------------------------------

    def _row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        span = current.siblingAtColumn(0).data(SPAN_ROLE)
        if span is not None:
            self.spanSelected.emit(span[0], span[1])

    def select_range(self, start: int, end: int) -> None:
        """Select the row that holds characters ``[start, end)`` (from the address
        bar), without emitting ``spanSelected``."""
        index = self.model.index_of_span(start, end)
        self._syncing = True
        try:
            selection = self.view.selectionModel()
            if not index.isValid():
                selection.clearSelection()
                return
            self.view.scrollTo(index)
            selection.setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        finally:
            self._syncing = False

    # --- copy -----------------------------------------------------------------------------

    def copy_current(self, *, decoded_value: bool) -> str | None:
        index = self.view.currentIndex()
        node = self.model.node(index.siblingAtColumn(0)) if index.isValid() else None
        if node is None or node.raw is None:
            return None
        text = node.raw
        if decoded_value and self.model.url is not None:
            result = decoded(self.model.url, node, self.model.charset)
            if result is not None:
                text = result.text
        QGuiApplication.clipboard().setText(text)
        return text

    def _context_menu(self, point: QPoint) -> None:
        menu = QMenu(self)
        menu.addAction(self.copy_raw_action)
        menu.addAction(self.copy_decoded_action)
        menu.addSeparator()
        menu.addAction(self.copying.copy_action)
        menu.addAction(self.copying.markdown_action)
        menu.popup(self.view.viewport().mapToGlobal(point))
