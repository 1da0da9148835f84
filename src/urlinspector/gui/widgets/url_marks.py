"""Hidden characters in a URL editor, shown as boxed marks that keep the user's text.

A bidi control typed or pasted into a ``QPlainTextEdit`` would reorder the line
(``invoice<U+202E>fdp.exe`` drawn as ``invoiceexe.pdf``) and a zero-width character
would not show at all.  Each such character
(:func:`~urlinspector.present.marks.needs_mark`) is held in the document as one
object replacement character (U+FFFC) whose character format keeps the character
itself (:data:`CHAR_PROPERTY`) and draws its mark (:class:`MarkObject`: ``RLO`` in a
box, the warning colour).  So:

* the text is intact: :func:`real_text` gives the characters typed, back from the
  formats, and a copy copies them;
* positions stay sane: one character of the text is one position of the document
  (the caret steps over a mark as over any character; spans of the core's parse
  select what they say), and nothing in the line is reordered by it;
* undo and redo step through what was typed: the exchange joins the edit that
  brought the character in.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRect, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QPyTextObject,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit

from urlinspector.present.marks import mark_label, needs_mark

__all__ = [
    "CHAR_PROPERTY",
    "MARK_OBJECT",
    "OBJECT_CHAR",
    "HiddenMarks",
    "MarkObject",
    "mark_hidden",
    "needs_marks",
    "real_text",
    "unmarked",
]

MARK_OBJECT = int(QTextFormat.ObjectTypes.UserObject) + 1
"""The object type of a hidden character's mark."""
CHAR_PROPERTY = int(QTextFormat.Property.UserProperty) + 1
"""The character format property that holds the hidden character itself."""
OBJECT_CHAR = "\ufffc"
_PADDING = 3.0


def needs_marks(text: str) -> bool:
    """Whether *text* holds a hidden character as itself (not as its mark)."""
    return not (text.isascii() and text.isprintable()) and any(
        needs_mark(c) for c in text if c != OBJECT_CHAR
    )


def _qt_length(text: str) -> int:
    """*text*'s length in UTF-16 code units: the document's positions."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


def _format_for(char: str) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setObjectType(MARK_OBJECT)
    fmt.setProperty(CHAR_PROPERTY, ord(char))  # (a number: a str "\ufeff" loses its BOM)
    fmt.setToolTip(f"U+{ord(char):04X}")
    return fmt


def mark_hidden(document: QTextDocument, *, join: bool) -> bool:
    """Exchange every hidden character the document holds as itself for its mark;
    with *join*, as part of the last undoable edit.  True when it exchanged any."""
    raw = document.toRawText()
    if not needs_marks(raw):
        return False
    cursor = QTextCursor(document)
    if join:
        cursor.joinPreviousEditBlock()
    else:
        cursor.beginEditBlock()
    position = 0
    for char in raw:
        if char != OBJECT_CHAR and needs_mark(char):
            cursor.setPosition(position)
            cursor.setPosition(position + _qt_length(char), QTextCursor.MoveMode.KeepAnchor)
            cursor.insertText(OBJECT_CHAR, _format_for(char))
            position += 1
        else:
            position += _qt_length(char)
    cursor.endEditBlock()
    return True


def unmarked(document: QTextDocument, shown: str, start: int = 0) -> str:
    """*shown* (document text from position *start* on, as Qt gives it) with each
    mark back as the character it stands for."""
    if OBJECT_CHAR not in shown:
        return shown
    cursor = QTextCursor(document)
    out: list[str] = []
    position = start
    for char in shown:
        if char == OBJECT_CHAR:
            cursor.setPosition(position + 1)  # (the format of the character before)
            fmt = cursor.charFormat()
            held = fmt.property(CHAR_PROPERTY) if fmt.objectType() == MARK_OBJECT else None
            out.append(chr(held) if isinstance(held, int) else char)
        else:
            out.append(char)
        position += _qt_length(char)
    return "".join(out)


def real_text(document: QTextDocument) -> str:
    """The characters the document holds, each mark as the character it stands for."""
    return unmarked(document, document.toRawText())


class MarkObject(QPyTextObject):
    """Draws a hidden character's mark: its label (``RLO``, ``ZWSP``, ``U+2065``) in
    a small box, in *colour* (a callable: the theme may change)."""

    def __init__(self, colour: Callable[[], QColor], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._colour = colour

    @staticmethod
    def _label(fmt: QTextFormat) -> str:
        held = fmt.property(CHAR_PROPERTY)
        return mark_label(chr(held), pictures=False) if isinstance(held, int) else "?"

    @staticmethod
    def _font(document: QTextDocument) -> QFont:
        font = QFont(document.defaultFont())
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 0.75)
        return font

    def intrinsicSize(self, doc: QTextDocument, posInDocument: int, format: QTextFormat) -> QSizeF:
        small = QFontMetricsF(self._font(doc))
        line = QFontMetricsF(doc.defaultFont())
        width = small.horizontalAdvance(self._label(format)) + 2 * _PADDING
        return QSizeF(width, line.ascent())

    def drawObject(
        self,
        painter: QPainter,
        rect: QRectF | QRect,
        doc: QTextDocument,
        posInDocument: int,
        format: QTextFormat,
    ) -> None:
        line = QFontMetricsF(doc.defaultFont())
        box = QRectF(rect).adjusted(0.5, 0.5, -0.5, line.descent() - 0.5)
        painter.save()
        painter.setPen(QPen(self._colour(), 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box, 2.0, 2.0)
        painter.setFont(self._font(doc))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self._label(format))
        painter.restore()


class HiddenMarks(QObject):
    """What an editor needs to show its hidden characters as marks: the object that
    draws them, registered with its document's layout, and the exchange of every
    hidden character that comes in for its mark."""

    def __init__(self, editor: QPlainTextEdit, colour: Callable[[], QColor]) -> None:
        super().__init__(editor)
        self.document = editor.document()
        self.drawer = MarkObject(colour, self)
        self.document.documentLayout().registerHandler(MARK_OBJECT, self.drawer)
        self._revision = -1
        self.document.contentsChange.connect(self._changed)

    def insert(self, cursor: QTextCursor, text: str) -> None:
        """Insert *text* at *cursor*, its hidden characters as marks: one edit, one
        step of undo."""
        cursor.beginEditBlock()
        cursor.insertText(text)
        if needs_marks(text):
            mark_hidden(self.document, join=False)
        cursor.endEditBlock()

    def mark(self, *, undoable: bool = True) -> None:
        """Exchange each hidden character the document holds as itself for its mark:
        as part of the last edit, or (not *undoable*) outside the undo stack."""
        document = self.document
        if undoable and document.isUndoRedoEnabled():
            mark_hidden(document, join=True)
            return
        enabled = document.isUndoRedoEnabled()
        document.setUndoRedoEnabled(False)
        try:
            mark_hidden(document, join=False)
        finally:
            document.setUndoRedoEnabled(enabled)

    def _changed(self, position: int, _removed: int, added: int) -> None:
        """An edit brought characters in by a way the editor does not mark itself (an
        input method, a key, a drag): mark their hidden characters once it is done."""
        document = self.document
        if added <= 0 or document.revision() == self._revision:
            return  # (a recolouring marks the text dirty without changing it)
        self._revision = document.revision()
        cursor = QTextCursor(document)
        cursor.setPosition(position)
        end = min(position + added, document.characterCount() - 1)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        if needs_marks(cursor.selectedText()):
            QTimer.singleShot(0, self.mark)
