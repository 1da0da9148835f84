"""The resolution trace: each step of the chosen edition's algorithm, in its text's
words, with the values after it (RFC 3986 §5.2, URL syntax draft 1997 §5.2, RFC 2396bis draft 2003
§5.2, RFC 1808 for RFC 1738, the 1993 partial form).  A click on a step's citation, or
Enter on a step, opens the cited section in the Spec tab."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core.resolution import Resolution
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.gui.widgets.sizing import FollowFont
from urlinspector.present.masking import mask_known
from urlinspector.present.text import shown

__all__ = ["CITATION_COLUMN", "TracePanel"]


VALUES_COLUMN = 1
CITATION_COLUMN = 2


class WrappingDelegate(QStyledItemDelegate):
    """A column whose text wraps at the column's width: a tree asks its delegate for a
    row's height without saying how wide the column is, so the text would be
    measured on one line."""

    def __init__(self, header: QHeaderView) -> None:
        super().__init__(header)
        self.header = header

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        sized = QStyleOptionViewItem(option)
        sized.rect = QRect(0, 0, self.header.sectionSize(index.column()), 100_000)
        return super().sizeHint(sized, index)


class TracePanel(QWidget):
    """The steps; ``citationActivated(str)`` when a step's citation is clicked or a
    step is activated (Enter, double click)."""

    citationActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["step", "values after it", "citation"])
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)
        # the step and its citation as wide as they are, the values the rest (wrapped)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(VALUES_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.tree.setItemDelegateForColumn(VALUES_COLUMN, WrappingDelegate(header))
        header.sectionResized.connect(self._column_resized)
        self.sizing = FollowFont(self.tree)  # (the header in the zoom's type)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.copying = install_copying(self.tree)  # Ctrl+C, Copy as Markdown
        self._link_font = QFont(self.tree.font())
        self._link_font.setUnderline(True)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(lambda item, _column: self._open(item))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree)

    def _column_resized(self, column: int, _old: int, _new: int) -> None:
        if column == VALUES_COLUMN:
            self.tree.doItemsLayout()  # the rows' heights follow the values' wrapping

    def _clicked(self, item: QTreeWidgetItem, column: int) -> None:
        if column == CITATION_COLUMN:
            self._open(item)

    def _open(self, item: QTreeWidgetItem) -> None:
        parent = item.parent()
        citation = (item if parent is None else parent).text(CITATION_COLUMN)
        if citation:
            self.citationActivated.emit(citation)

    def set_resolution(
        self, resolution: Resolution | None, message: str = "", passwords: tuple[str, ...] = ()
    ) -> None:
        """Show *resolution*'s steps, with *passwords* masked wherever they appear."""
        self.tree.clear()

        def hide(text: str) -> str:
            return mask_known(text, passwords) if passwords else text

        if resolution is None:
            self.summary.setText(hide(message) or "No resolution: give a base URL.")
            return
        text = f"{resolution.edition}: {shown(resolution.reference)} against " + (
            f"{shown(resolution.base)} → {shown(resolution.display)}"
        )
        if resolution.notes:
            text += "\n" + "\n".join(resolution.notes)
        self.summary.setText(hide(text))
        items = []
        for number, step in enumerate(resolution.steps, 1):
            values = hide(", ".join(f"{name} = {shown(value, 200)}" for name, value in step.values))
            item = QTreeWidgetItem([step.label or str(number), values, step.citation])
            item.setToolTip(VALUES_COLUMN, f"{values}\n\n{step.rule}")
            item.setToolTip(CITATION_COLUMN, f"{step.citation}: open it in the Spec tab")
            item.setFont(CITATION_COLUMN, self._link_font)
            item.setForeground(CITATION_COLUMN, self.palette().brush(QPalette.ColorRole.Link))
            rule = QTreeWidgetItem(["", step.rule, ""])
            rule.setFirstColumnSpanned(False)
            item.addChild(rule)
            items.append(item)
        self.tree.addTopLevelItems(items)
