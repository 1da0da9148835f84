"""The Spec tab: the bundled spec texts, read beside the URL they explain.

A document chooser, the document's table of contents (a tree read from its headings by
:mod:`urlinspector.core.spec_index`), and its text, scrolled to the section shown with
the cited grammar rule highlighted and selected.  Prose wraps to the reader's width;
grammar rules, figures and tables (:mod:`urlinspector.present.reading`) keep their
lines, on a tinted ground, and running page headers are greyed.  Ctrl+F searches the
text (Enter or F3: next; Shift+Enter or Shift+F3: previous).
:meth:`SpecReader.open_citation` opens a citation (``"RFC 1738 §3.4.1 / §5"``,
``"gtype, RFC 1738 §5"``, ``"RFC 3986 §2.1"``: its draft's section that says the same,
the heading saying which text is shown); where it leads is worked out without Qt by
:func:`urlinspector.present.citations.open_citation`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeySequence,
    QResizeEvent,
    QShortcut,
    QShowEvent,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextEdit,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core.documents import BUNDLED, Document
from urlinspector.core.spec_index import Section, SpecIndex
from urlinspector.data import spec_index
from urlinspector.gui.palette import theme_of
from urlinspector.gui.widgets.address_bar import url_font
from urlinspector.palette import INTERFACE
from urlinspector.present.citations import CitationTarget, NotBundledError, open_citation
from urlinspector.present.reading import Reading, reading
from urlinspector.present.text import html_text

__all__ = ["SpecReader"]

_SECTION_ROLE = Qt.ItemDataRole.UserRole


class _Text(QTextEdit):
    """The reader's text; ``resized()`` when its width changes (wrapped lines move)."""

    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.resized.emit()


def _label(number: str) -> str:
    """``"3.4.1"`` -> ``"§3.4.1"``; a title (the 1993 draft's) as it is."""
    return f"§{number}" if number[:1].isdigit() else number


class SpecReader(QWidget):
    """The reader.  ``sectionShown(str)`` carries the heading shown
    (``"RFC 1738 §3.3 HTTP"``) each time it changes."""

    sectionShown = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index: SpecIndex | None = None
        self.section: Section | None = None
        self.target: CitationTarget | None = None
        self.reading: Reading | None = None
        """The layout of the text shown (:func:`urlinspector.present.reading.reading`)."""
        self._top: tuple[int, int, int] | None = None
        """(offset, lines of context, scroll value): the line kept at the top until the
        reader scrolls elsewhere."""
        self._items: list[QTreeWidgetItem] = []

        self.chooser = QComboBox()
        self.chooser.setObjectName("specDocument")
        self.chooser.setAccessibleName("Document")
        for document in BUNDLED:
            year = f", {document.year}" if document.year else ""
            self.chooser.addItem(f"{document.name}{year}", document.id)
            self.chooser.setItemData(
                self.chooser.count() - 1, document.title, Qt.ItemDataRole.ToolTipRole
            )
        self.heading = QLabel()
        self.heading.setObjectName("specHeading")
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.heading.setWordWrap(True)  # ("RFC 3986 §5.2.4 ... — shown from the 2003 draft ...")
        self.cited = QLabel()
        self.cited.setObjectName("specCited")
        self.cited.setTextFormat(Qt.TextFormat.RichText)
        self.cited.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.cited.setToolTip("every section the citation names")
        self.cited.linkActivated.connect(self._jump)
        self.note = QLabel()
        self.note.setObjectName("specNote")
        self.note.setWordWrap(True)
        self.note.setVisible(False)

        self.toc = QTreeWidget()
        self.toc.setObjectName("specContents")
        self.toc.setAccessibleName("Contents")
        self.toc.setHeaderHidden(True)
        self.text = _Text()
        self.text.setObjectName("specText")
        self.text.setAccessibleName("Spec text")
        self.text.setReadOnly(True)
        self.text.setUndoRedoEnabled(False)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.text.setFont(url_font(1.0))
        self.text.setAcceptRichText(False)
        self.text.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)

        self.search = QLineEdit()
        self.search.setObjectName("specSearch")
        self.search.setPlaceholderText(
            "Find in the text (Ctrl+F; Enter: next, Shift+Enter: previous)"
        )
        self.search.setClearButtonEnabled(True)
        self.previous_button = QToolButton()
        self.previous_button.setText("Previous")
        self.next_button = QToolButton()
        self.next_button.setText("Next")
        self.matches = QLabel()
        self.matches.setObjectName("specMatches")

        top = QHBoxLayout()
        top.addWidget(self.chooser)
        top.addWidget(self.heading, 1)
        top.addWidget(self.cited)
        find = QHBoxLayout()
        find.addWidget(self.search, 1)
        find.addWidget(self.previous_button)
        find.addWidget(self.next_button)
        find.addWidget(self.matches)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.toc)
        self.splitter.addWidget(self.text)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(find)

        self.chooser.activated.connect(lambda i: self.show_document(self.chooser.itemData(i)))
        self.text.resized.connect(self._keep_top)
        self.toc.currentItemChanged.connect(self._toc_moved)
        self.search.returnPressed.connect(self.find_next)
        self.search.textChanged.connect(self._search_changed)
        self.next_button.clicked.connect(self.find_next)
        self.previous_button.clicked.connect(self.find_previous)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        self.find_shortcut = QShortcut(QKeySequence.StandardKey.Find, self)
        """Ctrl+F in the reader; a window that routes Ctrl+F itself switches it off."""
        self.find_shortcut.setContext(context)
        self.find_shortcut.activated.connect(self.focus_search)
        for keys, slot in (
            (QKeySequence.StandardKey.FindNext, self.find_next),
            (QKeySequence.StandardKey.FindPrevious, self.find_previous),
            (QKeySequence("Shift+Return"), self.find_previous),
            (QKeySequence("Shift+Enter"), self.find_previous),
        ):
            shortcut = QShortcut(keys, self)
            shortcut.setContext(context)
            shortcut.activated.connect(slot)

    def showEvent(self, event: QShowEvent) -> None:
        """The first document is loaded when the tab is first shown (not at start-up)."""
        if self.index is None:
            self._load(BUNDLED[0].id)
            self._show(None, (0, 0))
        super().showEvent(event)

    # --- what is shown -----------------------------------------------------------------

    @property
    def document(self) -> Document | None:
        return None if self.index is None else self.index.document

    def selected_text(self) -> str:
        """The text selected in the reader (its own line breaks, not Qt's U+2029)."""
        cursor = self.text.textCursor()
        if self.index is None or not cursor.hasSelection():
            return ""
        return self.index.text[cursor.selectionStart() : cursor.selectionEnd()]

    def show_document(self, document_id: str) -> None:
        """Show the document *document_id* from its start."""
        self._load(document_id)
        self._set_note(None)
        self._set_cited(None)
        self.target = None
        self._show(None, (0, 0))

    def show_section(self, section: Section) -> None:
        """Scroll to *section* of the document shown and select its heading."""
        self.target = None
        self._set_note(None)
        self._set_cited(None)
        self._show(section, (section.start, section.body))

    def open_citation(self, citation: str) -> CitationTarget | None:
        """Open *citation*: its document, scrolled to its section, the cited rule
        selected and highlighted.  None (and the reason shown) when its text does not
        ship with urlinspector."""
        try:
            target = open_citation(citation)
        except NotBundledError as exc:
            self._set_note(f"{exc}.")
            return None
        self._load(target.document.id)
        self.target = target
        self._set_note(target.note)
        self._set_cited(target)
        heading = target.heading if target.cited is not None else None
        self._show(target.section, target.selection, rule=target.rule is not None, heading=heading)
        return target

    # --- searching ---------------------------------------------------------------------

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def find_next(self) -> bool:
        return self.search_text(self.search.text())

    def find_previous(self) -> bool:
        return self.search_text(self.search.text(), backwards=True)

    def search_text(self, needle: str, *, backwards: bool = False) -> bool:
        """Select the next (or previous) occurrence of *needle*, ignoring case, from
        the selection, wrapping around; False when the text has none."""
        if self.index is None or not needle:
            self.matches.setText("")
            return False
        haystack = self.index.text.casefold()
        key = needle.casefold()
        cursor = self.text.textCursor()
        if backwards:
            at = haystack.rfind(key, 0, max(cursor.selectionStart(), 0))
            if at < 0:
                at = haystack.rfind(key)
        else:
            at = haystack.find(
                key, cursor.selectionEnd() if cursor.hasSelection() else cursor.position()
            )
            if at < 0:
                at = haystack.find(key)
        if at < 0:
            self.matches.setText("not found")
            return False
        count = haystack.count(key)
        number = haystack.count(key, 0, at) + 1
        self.matches.setText(f"{number} of {count}")
        self._select(at, at + len(needle))
        section = self.index.section_of(at)
        self._set_section(section)
        return True

    def _search_changed(self, text: str) -> None:
        if not text:
            self.matches.setText("")

    # --- internals ---------------------------------------------------------------------

    def _load(self, document_id: str) -> None:
        index = spec_index(document_id)
        if self.index is index:
            return
        self.index = index
        position = self.chooser.findData(index.document.id)
        if position != self.chooser.currentIndex():
            self.chooser.setCurrentIndex(position)
        self._set_text(reading(index))
        self.toc.blockSignals(True)
        self.toc.clear()
        self._items = []
        parents: list[tuple[int, QTreeWidgetItem]] = []
        for number, section in enumerate(index.sections):
            item = QTreeWidgetItem([section.label])
            item.setData(0, _SECTION_ROLE, number)
            item.setToolTip(0, section.label)
            self._items.append(item)
            while parents and parents[-1][0] >= section.level:
                parents.pop()
            if parents:
                parents[-1][1].addChild(item)
            else:
                self.toc.addTopLevelItem(item)
            parents.append((section.level, item))
        self.toc.expandAll()
        self.toc.blockSignals(False)

    def _set_text(self, layout: Reading) -> None:
        """The text, offset for offset the index's, laid out by :meth:`_format`."""
        self.reading = layout
        self.text.setPlainText(layout.text)
        self._format()

    def _format(self) -> None:
        """Preformatted blocks unwrapped on a tinted ground (indented where the copy
        lost its layout), page headers grey, in the colours of the current theme."""
        if self.reading is None:
            return
        ui = INTERFACE[theme_of(self.palette())]
        flat = self.index is not None and self.index.document.headings == "flat"
        pre = QTextBlockFormat()
        pre.setNonBreakableLines(True)
        pre.setBackground(QColor(ui.alternate_base))
        pre.setLeftMargin(3 * self.text.fontMetrics().horizontalAdvance("0") if flat else 0)
        page = QTextCharFormat()
        page.setForeground(QColor(ui.placeholder))
        document = self.text.document()
        cursor = QTextCursor(document)
        cursor.beginEditBlock()  # (laid out once, not once per block)
        for block in self.reading.blocks:
            cursor.setPosition(block.start)
            cursor.setPosition(block.end, QTextCursor.MoveMode.KeepAnchor)
            if block.kind == "pre":
                cursor.mergeBlockFormat(pre)
            else:
                cursor.mergeCharFormat(page)
        cursor.endEditBlock()

    def changeEvent(self, event: QEvent) -> None:
        """A new palette (the theme changed): the blocks take its colours."""
        if event.type() == QEvent.Type.PaletteChange:
            self._format()
        super().changeEvent(event)

    def _set_cited(self, target: CitationTarget | None) -> None:
        """Links to every section the citation names, when it names more than one."""
        sections = () if target is None else target.sections
        links = " · ".join(
            f'<a href="{html_text(number)}">{html_text(_label(number))}</a>' for number in sections
        )
        self.cited.setText(f"cited: {links}" if len(sections) > 1 else "")
        self.cited.setVisible(len(sections) > 1)

    def _jump(self, number: str) -> None:
        """Show another section the citation names (the rule stays highlighted)."""
        if self.index is None:
            return
        section, _note = self.index.find(number)
        self._set_section(section)
        self._select(section.start, section.body)

    def _set_note(self, note: str | None) -> None:
        self.note.setText(note or "")
        self.note.setVisible(bool(note))

    def _show(
        self,
        section: Section | None,
        selection: tuple[int, int],
        *,
        rule: bool = False,
        heading: str | None = None,
    ) -> None:
        self._set_section(section, heading)
        start, end = selection
        self._select(start, end, context=3 if rule else 0)  # (a few lines above a rule)
        highlight = QTextEdit.ExtraSelection()
        if rule:
            fmt = QTextCharFormat()
            ui = INTERFACE[theme_of(self.palette())]
            fmt.setBackground(QColor(ui.mark))
            fmt.setForeground(QColor(ui.mark_text))
            highlight.format = fmt
            cursor = QTextCursor(self.text.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            highlight.cursor = cursor
            self.text.setExtraSelections([highlight])
        else:
            self.text.setExtraSelections([])

    def _select(self, start: int, end: int, *, context: int = 0) -> None:
        """Select [start, end) with the line of *start* scrolled to the top, *context*
        lines below it."""
        cursor = self.text.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self.text.setTextCursor(cursor)
        self._scroll_to(start, context)

    def _scroll_to(self, offset: int, context: int) -> None:
        """The line of *offset* at the top, *context* lines below it; kept there when
        the reader's width changes (:meth:`_keep_top`)."""
        block = self.text.document().findBlock(offset)
        top = self.text.document().documentLayout().blockBoundingRect(block).top()  # (lays out)
        line = block.layout().lineForTextPosition(offset - block.position())
        if line.isValid():
            top += line.y()
        bar = self.text.verticalScrollBar()
        bar.setValue(max(0, round(top) - context * self.text.fontMetrics().lineSpacing()))
        self.text.horizontalScrollBar().setValue(0)
        self._top = (offset, context, bar.value())

    def _keep_top(self) -> None:
        """The text was rewrapped: the line shown at the top stays there, unless the
        reader scrolled since."""
        if self._top is not None and self.text.verticalScrollBar().value() == self._top[2]:
            self._scroll_to(*self._top[:2])

    def _set_section(self, section: Section | None, heading: str | None = None) -> None:
        """Show *section* in the contents and the heading (*heading*, when the text
        shown is not the one cited: ``"RFC 3986 §2.1 ... — shown from ..."``)."""
        self.section = section
        document = self.document
        if heading is None:
            heading = "" if document is None else document.name
            if section is not None:
                heading += f" {section.label}"
        self.heading.setText(f"<b>{html_text(heading)}</b>" if heading else "")
        item = self._item_of(section)
        self.toc.blockSignals(True)
        if item is None:
            self.toc.setCurrentIndex(QModelIndex())
            self.toc.clearSelection()
        else:
            self.toc.setCurrentItem(item)
        self.toc.blockSignals(False)
        if item is not None:
            self.toc.scrollToItem(item)
        self.sectionShown.emit(heading)

    def _item_of(self, section: Section | None) -> QTreeWidgetItem | None:
        if section is None or self.index is None:
            return None
        try:
            return self._items[self.index.sections.index(section)]
        except ValueError:  # a section spanning headings the copy lost
            return None

    def _toc_moved(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if current is None or self.index is None:
            return
        self.show_section(self.index.sections[int(current.data(0, _SECTION_ROLE))])
