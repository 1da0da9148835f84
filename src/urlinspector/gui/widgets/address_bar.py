"""The address bar: a single-line URL editor coloured on every keystroke.

Choice of widget: a ``QPlainTextEdit`` kept to one line, coloured by a
:class:`~.url_colours.UrlHighlighter` (formats in the line's layout, outside the
undo stack).

* Paste and drop go through ``insertFromMimeData``, one place to turn pasted text
  into a URL (line breaks removed, ``<URL:...>`` unwrapped, several URLs offered).
* ``QLineEdit`` has no public API for character formats (and stops at 32767
  characters); a ``QTextEdit`` lays out rich text and is slower on long lines.

Passwords: while they are hidden, the password is masked
(:mod:`~urlinspector.present.masking`), except while the caret is in it or at its
edge in an editor that has the focus: one types and corrects what one can see, as in
any text field, and the mask comes back as soon as the caret moves elsewhere or the
focus leaves.  (A password field that shows only the last character typed protects
a secret entered once; a URL is read and edited, character by character.)

Speed: the highlighter parses through the window's cache (one parse per text and
edition, shared with every panel) and formats a window of the text around what is
visible: a 64 KiB URL shows about a hundred characters at a time, so the whole line
is coloured only when it is short (:data:`FULL_LIMIT`); the window follows the cursor
and horizontal scrolling.  Fonts are laid out without complex shaping (URLs are
mostly ASCII), which halves Qt's own cost on long lines.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, QPoint, QRect, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QFocusEvent,
    QFont,
    QFontDatabase,
    QFontMetrics,
    QFontMetricsF,
    QGuiApplication,
    QHelpEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QTextCursor,
    QTextOption,
)
from PySide6.QtWidgets import QFrame, QMenu, QPlainTextEdit, QSizePolicy, QToolTip, QWidget

from urlinspector.core import URL
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.char_tooltip import description_html
from urlinspector.gui.widgets.url_colours import FULL_LIMIT, WINDOW_MARGIN, UrlHighlighter
from urlinspector.gui.widgets.url_marks import HiddenMarks, needs_marks, real_text, unmarked
from urlinspector.present.anatomy import Description, describe
from urlinspector.present.colouring import Run
from urlinspector.present.text import shown

__all__ = [
    "FULL_LIMIT",
    "WINDOW_MARGIN",
    "UrlEdit",
    "UrlHighlighter",
    "description_html",
    "url_font",
]

ELIDE_LIMIT = 8192
"""A read-only display (the resolved target) longer than this shows its start and
end only, uncoloured; copying it copies all of it."""

_ELIDE_KEEP = 1500

_LINE_BREAKS = str.maketrans("", "", "\r\n\u2028\u2029\x0b\x0c\x85")


def url_font(scale: float = 1.15) -> QFont:
    """The fixed-pitch font URLs are shown in: look-alike characters (``l`` ``1``
    ``I``, ``0`` ``O``) stay distinct, and columns line up."""
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    font.setStyleStrategy(QFont.StyleStrategy.PreferNoShaping)
    font.setKerning(False)
    return font


class UrlEdit(QPlainTextEdit):
    """A one-line URL editor with live colours, hover descriptions and paste
    extraction.

    Signals: ``committed(str)`` on Enter, ``openRequested(str)`` on Alt+Enter (fetch
    it on purpose), ``escapePressed()`` on Escape,
    ``urlsFound(object)`` with the ``Found`` tuple when pasted text holds several
    URLs, ``pasted(str)`` when a paste or a drop leaves one URL as the whole text
    (the window adds it to History, as Enter does), ``hovered(object)`` with the
    :class:`Description` under the mouse (or None),
    ``citationRequested(str)`` from the context menu's "Open citation" (the citations
    of the character under the mouse: its rule's, its escape's and its findings').
    """

    committed = Signal(str)
    openRequested = Signal(str)
    escapePressed = Signal()
    urlsFound = Signal(object)
    pasted = Signal(str)
    hovered = Signal(object)
    citationRequested = Signal(str)

    def __init__(
        self,
        parse: Callable[[str], URL],
        formats: Formats,
        parent: QWidget | None = None,
        *,
        read_only: bool = False,
        placeholder: str = "",
    ) -> None:
        super().__init__(parent)
        self._parse = parse
        self.charset = "utf-8"
        self._dropping = False
        self._refresh_pending = False
        self.full_text = ""
        """The whole text of a read-only display, even when elided."""
        self.menu_actions: tuple[QAction, ...] = ()
        """The window's actions the context menu offers after Copy the whole URL (the
        address bar's: Copy defanged URL, Copy clean link)."""
        self.setFont(url_font())
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setWordWrapMode(QTextOption.WrapMode.NoWrap)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTabChangesFocus(True)
        self.setCenterOnScroll(False)
        self.document().setDocumentMargin(3)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.viewport().setMouseTracking(True)
        self.setPlaceholderText(placeholder)
        if read_only:
            self.setReadOnly(True)
            self.setFrameShape(QFrame.Shape.NoFrame)
            self.setUndoRedoEnabled(False)
        self.highlighter = UrlHighlighter(self.document(), parse, formats)
        # hidden characters (bidi controls, zero-width ones) as boxed marks
        self.marks = HiddenMarks(self, lambda: self.highlighter.formats.colour("warning"))
        self.highlighter.real = lambda shown: unmarked(self.document(), shown)
        if not read_only:
            self.highlighter.caret = self._caret
        self.cursorPositionChanged.connect(self._follow_cursor)
        self.cursorPositionChanged.connect(self._update_mask)
        self.horizontalScrollBar().valueChanged.connect(self._follow_scroll)
        self._fit_height()

    # --- text -------------------------------------------------------------------------

    def text(self) -> str:
        """The text as typed: hidden characters are themselves, not their marks."""
        return real_text(self.document())

    def length(self) -> int:
        """How many characters the text has (a mark is one), without copying it."""
        return self.document().characterCount() - 1  # (the block's end is one more)

    def setText(self, text: str, *, undoable: bool = True) -> None:
        """Replace the whole text; as one undoable step unless *undoable* is false.

        A read-only display changes only the characters that differ (a keystroke in
        the address bar changes one character of the target), and shows a very long
        text elided (:data:`ELIDE_LIMIT`)."""
        text = text.translate(_LINE_BREAKS)
        if self.isReadOnly():
            self._show(text)
            return
        if text == self.text():
            return
        if not undoable:
            self.setPlainText(text)
            self.marks.mark(undoable=False)
            return
        cursor = QTextCursor(self.document())
        cursor.select(QTextCursor.SelectionType.Document)
        self.marks.insert(cursor, text)
        self.setTextCursor(cursor)

    def _show(self, text: str) -> None:
        self.full_text = text
        elided = len(text) > ELIDE_LIMIT
        shown_text = text
        if elided:
            left_out = len(text) - 2 * _ELIDE_KEEP
            shown_text = (
                f"{text[:_ELIDE_KEEP]} … {left_out} characters left out … {text[-_ELIDE_KEEP:]}"
            )
        self.setToolTip(
            f"{len(text)} characters: the middle is left out here and the text is not "
            "coloured; Copy (in the context menu) copies all of it"
            if elided
            else ""
        )
        if self.highlighter.enabled == elided:
            self.highlighter.enabled = not elided
            self.highlighter.rehighlight()
        old = self.text()
        if shown_text == old:
            return
        # change only what differs: less to lay out again
        prefix = 0
        limit = min(len(old), len(shown_text))
        while prefix < limit and old[prefix] == shown_text[prefix]:
            prefix += 1
        suffix = 0
        while (
            suffix < limit - prefix
            and old[len(old) - 1 - suffix] == shown_text[len(shown_text) - 1 - suffix]
        ):
            suffix += 1
        cursor = QTextCursor(self.document())
        cursor.setPosition(prefix)
        cursor.setPosition(len(old) - suffix, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(shown_text[prefix : len(shown_text) - suffix])
        self.marks.mark(undoable=False)

    def createMimeDataFromSelection(self) -> QMimeData:
        """A copy (or a drag) carries the characters, not their marks."""
        cursor = self.textCursor()
        data = QMimeData()
        data.setText(unmarked(self.document(), cursor.selectedText(), cursor.selectionStart()))
        return data

    def copy_all(self) -> None:
        """Copy the whole text (of a read-only display: even the part left out)."""
        QGuiApplication.clipboard().setText(self.full_text if self.isReadOnly() else self.text())

    def url(self) -> URL:
        """The parse of the current text (from the shared cache)."""
        return self._parse(self.text())

    def whole_runs(self, url: URL) -> list[Run] | None:
        """The runs of the whole of *url*'s text when the highlighter coloured all
        of it for that very parse; None otherwise."""
        h = self.highlighter
        if h.url is url and h.coloured == (0, len(url.text)):
            return h.runs
        return None

    def set_parser(self, parse: Callable[[str], URL]) -> None:
        """Parse with another edition from now on; recolours at once."""
        self._parse = parse
        self.highlighter.set_parser(parse)

    def set_formats(self, formats: Formats) -> None:
        self.highlighter.formats = formats
        self.highlighter.rehighlight()

    def set_mask_password(self, mask: bool) -> None:
        if self.highlighter.mask_password != mask:
            self.highlighter.mask_password = mask
            self.highlighter.rehighlight()

    @property
    def password_masked(self) -> bool:
        """Whether the password is masked in what the editor shows now."""
        return self.highlighter.masking

    def _caret(self) -> int | None:
        return self.textCursor().position() if self.hasFocus() else None

    def _update_mask(self) -> None:
        """The caret moved, or the focus came or went: mask or show the password."""
        h = self.highlighter
        if h.mask_password and h.url is not None and h.masks(h.url) != h.masking:
            h.rehighlight()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._update_mask()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._update_mask()

    # --- selection ---------------------------------------------------------------

    def select_span(self, start: int, end: int) -> None:
        """Select characters ``[start, end)`` and scroll them into view."""
        length = self.length()
        start = max(0, min(start, length))
        end = max(start, min(end, length))
        cursor = self.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def show_start(self) -> None:
        """Show the text from its start, where the scheme and the host are, the caret
        there (as a browser's address bar shows a URL once it is entered)."""
        self.moveCursor(QTextCursor.MoveOperation.Start)
        self.horizontalScrollBar().setValue(0)

    def selected_span(self) -> tuple[int, int]:
        cursor = self.textCursor()
        return cursor.selectionStart(), cursor.selectionEnd()

    # --- one line ----------------------------------------------------------------------

    def _fit_height(self) -> None:
        metrics = QFontMetrics(self.font())
        margins = self.contentsMargins()
        height = (
            metrics.lineSpacing()
            + 2 * round(self.document().documentMargin())
            + margins.top()
            + margins.bottom()
            + 2
        )
        self.setFixedHeight(height)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()

    def sizeHint(self) -> QSize:
        return QSize(QFontMetrics(self.font()).horizontalAdvance("x") * 72, self.height())

    @Slot()
    def commit(self) -> None:
        """Emit ``committed`` with the text, as Enter does."""
        self.committed.emit(self.text())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if not self.isReadOnly():
                if event.modifiers() & Qt.KeyboardModifier.AltModifier:
                    self.openRequested.emit(self.text())
                else:
                    self.commit()
            event.accept()
            return
        if key == Qt.Key.Key_Escape and not self.isReadOnly():
            self.escapePressed.emit()
            event.accept()
            return
        typed = event.text()
        if typed and not self.isReadOnly() and _typed(typed) and needs_marks(typed):
            self.marks.insert(self.textCursor(), typed)  # (a hidden character)
            event.accept()
            return
        if event.matches(QKeySequence.StandardKey.InsertParagraphSeparator) or event.matches(
            QKeySequence.StandardKey.InsertLineSeparator
        ):
            event.accept()
            return
        super().keyPressEvent(event)

    # --- paste and drop --------------------------------------------------------------

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return source.hasText() or source.hasUrls() or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        text = _mime_text(source)
        if text is None:
            return
        url = self._pasted_url(text)
        if url is None:
            return
        if self._dropping:
            self.setText(url)
        else:
            self.marks.insert(self.textCursor(), url)
            self.ensureCursorVisible()
        if self.toPlainText() == url:
            self.pasted.emit(url)

    def _pasted_url(self, text: str) -> str | None:
        """The text to insert for pasted *text*: itself when it is one plain token,
        else the URL the core's ``extract`` finds in it; None when it finds several,
        or a defanged one (they are offered through ``urlsFound``, a re-fanged URL
        marked as such: the user sees what was changed before inspecting it)."""
        from urlinspector.core.extraction import extract

        stripped = text.strip()
        plain = stripped and not any(c.isspace() for c in stripped) and "<" not in stripped
        found = extract(text)
        refanged = any(f.refanged for f in found)
        if plain and stripped == text and not refanged:
            return text
        if len(found) == 1 and not refanged:
            return found[0].url
        if found:
            self.urlsFound.emit(found)
            return None
        return stripped.translate(_LINE_BREAKS)

    def dropEvent(self, event: QEvent) -> None:
        # a URL dropped from elsewhere replaces the text, as in a browser's address
        # bar; text dragged inside the editor moves as usual
        self._dropping = getattr(event, "source", lambda: None)() is not self
        try:
            super().dropEvent(event)  # type: ignore[arg-type]
        finally:
            self._dropping = False

    # --- hover -------------------------------------------------------------------------

    def position_at(self, point: QPoint) -> int | None:
        """The index of the character under *point* (viewport coordinates)."""
        text = self.toPlainText()
        if not text:
            return None
        cursor = self.cursorForPosition(point)
        pos = cursor.position()
        rect: QRect = self.cursorRect(cursor)
        if point.x() < rect.x() and pos > 0:
            pos -= 1
        if pos >= len(text):
            return None
        return pos

    def describe(self, pos: int) -> Description | None:
        return describe(self.url(), pos, self.charset)

    def tooltip_at(self, point: QPoint) -> str | None:
        pos = self.position_at(point)
        if pos is None:
            return None
        d = self.describe(pos)
        if d is None:
            return None
        return description_html(d, masked_url=self.url() if self.password_masked else None)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            html = self.tooltip_at(event.pos())
            if html is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), html, self.viewport())
            return True
        if event.type() == QEvent.Type.Leave:
            self.hovered.emit(None)
        return super().viewportEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.context_menu(event.pos()).popup(event.globalPos())

    def context_menu(self, point: QPoint) -> QMenu:
        """The context menu for a click at *point*: the standard entries, Copy the
        whole URL, :attr:`menu_actions`, and the citations of the character there."""
        menu = self.createStandardContextMenu(point)
        menu.addSeparator()
        copy_all = menu.addAction("Copy the whole URL")
        copy_all.triggered.connect(self.copy_all)
        for action in self.menu_actions:
            menu.addAction(action)
        self._add_citations(menu, point)
        return menu

    def citations_at(self, point: QPoint) -> list[str]:
        """The citations of the character under *point*: its rule's, its escape's and
        its findings', each once."""
        pos = self.position_at(point)
        d = None if pos is None else self.describe(pos)
        if d is None:
            return []
        found = [d.rule, *(x.reference for x in d.diagnostics)]
        if d.escape is not None:
            found.append(d.escape.reference)
        return list(dict.fromkeys(c for c in found if c))

    def _add_citations(self, menu: QMenu, point: QPoint) -> None:
        citations = self.citations_at(point)
        sub = menu.addMenu("Open &citation")
        sub.setEnabled(bool(citations))
        for citation in citations:
            action = sub.addAction(shown(citation, 100).replace("&", "&&"))
            action.setData(citation)
        sub.triggered.connect(self._citation_chosen)

    def _citation_chosen(self, action: QAction) -> None:
        citation = action.data()
        if isinstance(citation, str):
            self.citationRequested.emit(citation)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if event.buttons() == Qt.MouseButton.NoButton:
            pos = self.position_at(event.position().toPoint())
            self.hovered.emit(None if pos is None else self.describe(pos))

    # --- the coloured window of a long text --------------------------------------------

    def _follow_cursor(self) -> None:
        self._recentre(self.textCursor().position())

    def _follow_scroll(self) -> None:
        """Scrolled: colour around the middle of what shows.  The font is
        fixed-pitch, so the scroll offset over a character's advance is the first
        column shown (a hidden character's mark is a little wider: the window's
        margin covers it); asking the layout instead costs a walk along the whole
        line, twice on every keystroke that scrolls."""
        if self.length() <= FULL_LIMIT:
            return
        advance = QFontMetricsF(self.font()).horizontalAdvance("x")
        first = self.horizontalScrollBar().value() / advance
        shown = self.viewport().width() / advance
        self._recentre(int(first + shown / 2))

    def _recentre(self, centre: int) -> None:
        highlighter = self.highlighter
        highlighter.center = centre
        length = self.length()
        if length <= FULL_LIMIT:
            return
        lo, hi = highlighter.coloured
        guard = WINDOW_MARGIN // 3
        if (lo == 0 or centre - guard >= lo) and (hi == length or centre + guard <= hi):
            return
        if not self._refresh_pending:
            self._refresh_pending = True
            QTimer.singleShot(0, self._refresh_window)

    def _refresh_window(self) -> None:
        self._refresh_pending = False
        self.highlighter.rehighlight()


def _typed(text: str) -> bool:
    """Whether a key event's *text* is something typed, not the control character a
    shortcut carries (X11 gives Ctrl+A the text U+0001): a shortcut is left to the
    editor (Select all), and no key ever inserts a control character."""
    return not any(unicodedata.category(c) == "Cc" for c in text)


def _mime_text(source: QMimeData) -> str | None:
    """Text of a paste or drop: the text itself, else the URLs of a ``text/uri-list``
    (RFC 2483: one per line, ``#`` lines are comments) as written."""
    if source.hasFormat("text/uri-list"):
        raw = bytes(source.data("text/uri-list").data()).decode("utf-8", "replace")
        lines = [line.strip() for line in raw.splitlines()]
        urls = [line for line in lines if line and not line.startswith("#")]
        if urls:
            return "\n".join(urls)
    if source.hasText():
        return source.text()
    return None
