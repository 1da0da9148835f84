"""Find in page (Ctrl+F, then Enter or F3 for the next match, Shift+F3 for the one
before): in a text or an article the words are selected; in a menu, a listing or a news
table the next row holding them becomes the current row.  The search wraps around and
ignores case."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTextBrowser,
    QToolButton,
    QWidget,
)

from urlinspector.gui.viewer.common import column_count

__all__ = ["FindBar", "Finder", "find_in_text", "find_in_view"]

Finder = Callable[[str, bool], bool]
"""``finder(words, backward)``: select the next match on a page; False when none."""


def find_in_text(browser: QTextBrowser, words: str, backward: bool = False) -> bool:
    """Select the next occurrence of *words* in *browser* (wrapping around)."""
    flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
    if browser.find(words, flags):
        return True
    cursor = browser.textCursor()
    cursor.movePosition(cursor.MoveOperation.End if backward else cursor.MoveOperation.Start)
    browser.setTextCursor(cursor)
    return browser.find(words, flags)


def find_in_view(view: QAbstractItemView, words: str, backward: bool = False) -> bool:
    """Make the next row of *view* holding *words* (in any column, ignoring case) the
    current row (wrapping around)."""
    model = view.model()
    root = QModelIndex()
    rows, columns = model.rowCount(root), column_count(model)
    if not rows or not words:
        return False
    wanted = words.casefold()
    current = view.currentIndex().row() if view.currentIndex().isValid() else -1
    step = -1 if backward else 1
    start = current if current >= 0 else (0 if not backward else rows)
    for offset in range(1, rows + 1):
        row = (start + step * offset) % rows
        for column in range(columns):
            value = model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
            if value is not None and wanted in str(value).casefold():
                index = model.index(row, 0)
                view.setCurrentIndex(index)
                view.scrollTo(index)
                return True
    return False


class FindBar(QWidget):
    """The find field with Next, Previous and Close.

    Signals: ``findRequested(str, bool)``: find the words (backward when True)."""

    findRequested = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("findBar")
        self.field = QLineEdit()
        self.field.setObjectName("findField")
        self.field.setPlaceholderText("Find in page")
        self.field.setClearButtonEnabled(True)
        self.field.returnPressed.connect(lambda: self.request(False))
        label = QLabel("Fi&nd")
        label.setBuddy(self.field)
        self.previous_button = QToolButton()
        self.previous_button.setText("Previous")
        self.previous_button.setToolTip("the match before (Shift+F3)")
        self.previous_button.clicked.connect(lambda: self.request(True))
        self.next_button = QToolButton()
        self.next_button.setText("Next")
        self.next_button.setToolTip("the next match (F3, Enter)")
        self.next_button.clicked.connect(lambda: self.request(False))
        self.result = QLabel("")
        self.result.setObjectName("findResult")
        close = QToolButton()
        close.setText("✕")
        close.setToolTip("close the find bar")
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        for widget in (label, self.field, self.previous_button, self.next_button):
            layout.addWidget(widget)
        layout.addWidget(self.result, 1)
        layout.addWidget(close)

    def open(self) -> None:
        self.show()
        self.field.setFocus()
        self.field.selectAll()

    def request(self, backward: bool) -> None:
        if self.field.text():
            self.findRequested.emit(self.field.text(), backward)

    def show_result(self, found: bool) -> None:
        self.result.setText("" if found else "Not found on this page")
