"""Find in page (Ctrl+F, then Enter or F3 for the next match, Shift+F3 for the one
before): in a text or an article the words are selected; in a menu, a listing or a news
table the next row holding them becomes the current row.  The search wraps around and
ignores case.  Escape (or ✕) closes the bar and gives the focus back to the field or
table that had it before (:class:`EscapeCloses`, also used by the Spec tab's field)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QObject, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTextBrowser,
    QToolButton,
    QWidget,
)

from urlinspector.gui.viewer.common import column_count

__all__ = ["EscapeCloses", "FindBar", "Finder", "find_in_text", "find_in_view"]

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
        if any(wanted in value.casefold() for value in _row_texts(model, row, columns)):
            index = model.index(row, 0)
            view.setCurrentIndex(index)
            view.scrollTo(index)
            return True
    return False


def _row_texts(model: QAbstractItemModel, row: int, columns: int) -> Iterator[str]:
    """The texts of a row: its name (a table's row header: Editions side by side) and
    its cells."""
    display = Qt.ItemDataRole.DisplayRole
    header = model.headerData(row, Qt.Orientation.Vertical, display)
    if isinstance(header, str):
        yield header
    for column in range(columns):
        value = model.data(model.index(row, column), display)
        if value is not None:
            yield str(value)


class EscapeCloses(QObject):
    """Escape in *field* calls *close* and gives the focus back to the widget that had
    it when :meth:`remember` was last called.  The field takes Escape before any
    shortcut does (the viewer's Stop is Escape too)."""

    def __init__(self, field: QWidget, close: Callable[[], None] | None = None) -> None:
        super().__init__(field)
        self.field = field
        self.close = close
        self.previous: QWidget | None = None
        field.installEventFilter(self)

    def remember(self, owner: QWidget) -> None:
        """Keep the focused widget (unless it is inside *owner*) to return to."""
        focused = QApplication.focusWidget()
        if focused is not None and focused is not owner and not owner.isAncestorOf(focused):
            self.previous = focused

    def give_back(self) -> None:
        """The focus back where it was (if that widget can still take it)."""
        previous, self.previous = self.previous, None
        if previous is not None and previous.isVisible() and previous.isEnabled():
            previous.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()  # the key is the field's, not a shortcut's
                return True
            if event.type() == QEvent.Type.KeyPress:
                if self.close is not None:
                    self.close()
                self.give_back()
                return True
        return super().eventFilter(watched, event)


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
        self.field.returnPressed.connect(self.find_next)
        label = QLabel("Fi&nd")
        label.setBuddy(self.field)
        self.previous_button = QToolButton()
        self.previous_button.setText("Previous")
        self.previous_button.setToolTip("the match before (Shift+F3)")
        self.previous_button.clicked.connect(self.find_previous)
        self.next_button = QToolButton()
        self.next_button.setText("Next")
        self.next_button.setToolTip("the next match (F3, Enter)")
        self.next_button.clicked.connect(self.find_next)
        self.result = QLabel("")
        self.result.setObjectName("findResult")
        close = QToolButton()
        close.setText("✕")
        close.setToolTip("close the find bar (Escape)")
        close.clicked.connect(self.close_bar)
        self.escape = EscapeCloses(self.field, self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        for widget in (label, self.field, self.previous_button, self.next_button):
            layout.addWidget(widget)
        layout.addWidget(self.result, 1)
        layout.addWidget(close)

    def open(self, what: str = "") -> None:
        """Show the bar and focus its field; *what* names what is searched (the
        field's placeholder).  Escape gives the focus back to where it was."""
        self.escape.remember(self)
        self.field.setPlaceholderText(f"Find in {what}" if what else "Find in page")
        self.show()
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()

    def close_bar(self) -> None:
        """Hide the bar and give the focus back (✕, Escape)."""
        self.hide()
        self.escape.give_back()

    @Slot()
    def find_next(self) -> None:
        """Next, Enter in the field."""
        self.request(False)

    @Slot()
    def find_previous(self) -> None:
        self.request(True)

    def request(self, backward: bool) -> None:
        if self.field.text():
            self.findRequested.emit(self.field.text(), backward)

    def show_result(self, found: bool) -> None:
        self.result.setText("" if found else "Not found on this page")
