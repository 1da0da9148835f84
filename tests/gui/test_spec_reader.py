"""The Spec tab and the Explain tab: citations open their section, search finds text,
and the URL is read out with citations that open the reader."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextBlock, QTextCursor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.helpers import current_item, top_item
from urlinspector.core import EDITIONS
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.diagnostics import CITATION_COLUMN
from urlinspector.gui.widgets.trace import CITATION_COLUMN as TRACE_CITATION


def show(window: MainWindow, text: str, base: str | None = None) -> None:
    if base is not None:
        window.set_base(base)
    window.inspect(text)
    window.flush()


def shown_section(window: MainWindow) -> tuple[str, str]:
    reader = window.spec_reader
    assert window.tabs.currentWidget() is reader
    assert reader.document is not None
    assert reader.section is not None
    return reader.document.name, reader.section.number


def test_clicking_a_diagnostics_citation_opens_its_section(
    window: MainWindow, qtbot: QtBot
) -> None:
    show(window, "ftp://ftp.example.com/pub/file;type=x")
    model = window.diagnostics.diagnostics_model
    rows = {model.items[r].code: r for r in range(model.rowCount())}
    row = rows["ftp-typecode-invalid"]
    assert model.items[row].reference == "RFC 1738 §3.2.2 / §5 (ftptype)"
    index = model.index(row, CITATION_COLUMN)
    rect = window.diagnostics.visualRect(index)
    qtbot.mouseClick(window.diagnostics.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert shown_section(window) == ("RFC 1738", "5")  # where ftptype is defined
    assert window.spec_reader.selected_text().startswith('ftptype        = "A" | "I"')
    assert window.address.textCursor().selectedText() == ";type=x"  # the span, as before
    # the message column selects the span and leaves the tabs alone
    window.tabs.setCurrentWidget(window.editions)
    message = model.index(row, 1)
    rect = window.diagnostics.visualRect(message)
    qtbot.mouseClick(window.diagnostics.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.tabs.currentWidget() is window.editions


def test_enter_on_a_diagnostics_citation_opens_it(window: MainWindow, qtbot: QtBot) -> None:
    show(window, "http://www.paypal.com@evil.example/")
    view = window.diagnostics
    model = view.diagnostics_model
    row = next(r for r in range(model.rowCount()) if model.items[r].code == "userinfo-lookalike")
    view.setFocus()
    view.setCurrentIndex(model.index(row, CITATION_COLUMN))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    # RFC 3986's text does not ship: its draft opens at the section that says it
    assert model.items[row].reference == "RFC 3986 §7.6"
    assert shown_section(window) == ("RFC 2396bis draft 2003", "7.5")
    assert "RFC 3986's own text does not ship" in window.spec_reader.note.text()
    assert window.spec_reader.note.isVisibleTo(window.spec_reader)


def test_clicking_a_trace_step_opens_its_section(window: MainWindow, qtbot: QtBot) -> None:
    window.set_edition("url-syntax-1997")
    show(window, "../g", base="http://a/b/c/d;p?q")
    window.tabs.setCurrentWidget(window.trace)
    window.flush()
    tree = window.trace.tree
    item = next(
        top_item(tree, i)
        for i in range(tree.topLevelItemCount())
        if top_item(tree, i).text(TRACE_CITATION).startswith("URL syntax draft 1997 §5.2")
    )
    rect = tree.visualItemRect(item)
    x = tree.header().sectionViewportPosition(TRACE_CITATION) + 10
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, rect.center().y()))
    assert shown_section(window) == ("URL syntax draft 1997", "5.2")
    assert window.spec_reader.selected_text().startswith("5.2. Resolving Relative References")


def test_an_editions_header_opens_its_document(window: MainWindow, qtbot: QtBot) -> None:
    show(window, "http://example.com/")
    window.tabs.setCurrentWidget(window.editions)
    window.flush()
    table = window.editions.editions_model.table
    assert table is not None
    column = table.column_ids.index("rfc1738")
    header = window.editions.horizontalHeader()
    x = header.sectionViewportPosition(column) + 10
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert window.tabs.currentWidget() is window.spec_reader
    assert window.spec_reader.document is not None
    assert window.spec_reader.document.name == "RFC 1738"
    # a cell: where that edition defines the row's component
    window.editions.citationActivated.emit(window.editions.citation_for(column, 0))
    host_row = table.row_ids.index("host")
    window.editions.citationActivated.emit(window.editions.citation_for(column, host_row))
    assert shown_section(window)[0] == "RFC 1738"


def test_the_browsers_column_is_not_bundled(window: MainWindow) -> None:
    show(window, "http://example.com/")
    window.open_citation("WHATWG URL")
    assert "does not ship" in window.spec_reader.note.text()
    assert "does not ship" in window.statusBar().currentMessage()


def test_a_citation_naming_a_rule_selects_and_highlights_it(window: MainWindow) -> None:
    window.open_citation("gtype, RFC 1738 §3.4.1 / §5")
    assert shown_section(window) == ("RFC 1738", "5")
    reader = window.spec_reader
    assert reader.selected_text() == "gtype          = xchar"
    highlights = reader.text.extraSelections()
    assert len(highlights) == 1
    assert highlights[0].cursor.selectedText() == "gtype          = xchar"
    assert reader.heading.text() == "<b>RFC 1738 §5 BNF for specific URL schemes</b>"
    assert current_item(reader.toc).text(0) == "§5 BNF for specific URL schemes"
    window.open_citation("URL draft 1993 (BNF: port = digits)")
    assert shown_section(window) == ("URL draft 1993", "BNF syntax")
    assert reader.selected_text() == "port\tdigits"


def test_the_contents_and_the_chooser(window: MainWindow, qtbot: QtBot) -> None:
    reader = window.spec_reader
    window.tabs.setCurrentWidget(reader)
    reader.chooser.setCurrentIndex(reader.chooser.findData("002"))
    reader.chooser.activated.emit(reader.chooser.currentIndex())
    assert reader.document is not None
    assert reader.document.name == "RFC 2396bis draft 2003"
    tree = reader.toc
    top = [top_item(tree, i).text(0) for i in range(tree.topLevelItemCount())]
    assert "§5 Relative Resolution" in " ".join(top) or any(t.startswith("§5 ") for t in top)
    five = next(
        top_item(tree, i)
        for i in range(tree.topLevelItemCount())
        if top_item(tree, i).text(0).startswith("§5 ")
    )
    tree.setFocus()
    tree.setCurrentItem(five)
    assert reader.section is not None
    assert reader.section.number == "5"
    qtbot.keyClick(tree, Qt.Key.Key_Down)  # the keyboard walks the contents
    assert reader.section.number == "5.1"
    assert reader.selected_text().startswith("5.1 Establishing a Base URI")
    # the text lost its line breaks: the reader breaks lines, offsets unchanged
    assert reader.index is not None
    assert reader.text.document().blockCount() > 2 * len(reader.index.sections)
    assert reader.text.document().characterCount() == len(reader.index.text) + 1


def test_search_finds_text(window: MainWindow, qtbot: QtBot) -> None:
    reader = window.spec_reader
    window.open_citation("RFC 1738 §3.3")
    reader.text.setFocus()
    qtbot.keyClick(reader.text, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert reader.search.hasFocus()
    qtbot.keyClicks(reader.search, "gopher+")
    qtbot.keyClick(reader.search, Qt.Key.Key_Return)
    assert reader.selected_text().lower() == "gopher+"
    first = reader.text.textCursor().selectionStart()
    assert reader.index is not None
    assert first > reader.index.section("3.3").start  # after the place it started from
    assert reader.matches.text().endswith(f"of {reader.index.text.lower().count('gopher+')}")
    qtbot.keyClick(reader.search, Qt.Key.Key_Return)
    second = reader.text.textCursor().selectionStart()
    assert second > first
    qtbot.keyClick(reader.search, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert reader.text.textCursor().selectionStart() == first
    assert reader.section is not None
    assert reader.section.start <= first < reader.section.end
    assert not reader.search_text("no such words in the text")
    assert reader.matches.text() == "not found"


def test_explain_reads_the_url_out_and_its_links_open_the_reader(
    window: MainWindow, qtbot: QtBot
) -> None:
    show(window, "gopher://gopher.example.org/7/search%09cats")
    panel = window.explain_panel
    window.tabs.setCurrentWidget(panel)
    window.flush()
    text = panel.toPlainText()
    assert "The scheme gopher names an item of the Gopher protocol. (RFC 1738 §3.4)" in text
    assert "No port is given, so the default 70 applies." in text
    # click the search sentence's citation, as a reader would
    sentence = next(s for s in panel.sentences if s.topic == "search")
    found = panel.document().find(sentence.citation)
    assert not found.isNull()
    cursor = QTextCursor(found)
    cursor.setPosition(found.selectionStart() + 2)
    rect = panel.cursorRect(cursor)
    qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert shown_section(window) == ("RFC 1738", "5")
    assert window.spec_reader.selected_text().startswith("search ")
    assert window.spec_reader.target is not None
    assert window.spec_reader.target.citation == "search, RFC 1738 §3.4.2 / §5"


def test_explain_masks_the_password(window: MainWindow) -> None:
    show(window, "ftp://joe:secret@ftp.example.com/")
    window.tabs.setCurrentWidget(window.explain_panel)
    window.flush()
    assert "secret" not in window.explain_panel.toPlainText()
    window.show_passwords_action.setChecked(True)
    window.flush()
    assert "secret" in window.explain_panel.toPlainText()


def test_the_address_bar_menu_lists_the_citations_under_the_mouse(window: MainWindow) -> None:
    show(window, "gopher://gopher.example.org/7/search%09cats")
    edit = window.address
    pos = edit.text().index("7/")
    rect = edit.cursorRect(_cursor_at(edit, pos))
    point = QPoint(rect.right() + 3, rect.center().y())
    citations = edit.citations_at(point)
    assert citations[0] == "gtype, RFC 1738 §3.4.1 / §5"
    edit.citationRequested.emit(citations[0])
    assert shown_section(window) == ("RFC 1738", "5")
    assert window.spec_reader.selected_text() == "gtype          = xchar"


def _cursor_at(edit: object, pos: int) -> QTextCursor:
    cursor = QTextCursor(edit.document())  # type: ignore[attr-defined]
    cursor.setPosition(pos)
    return cursor


def test_explain_links_work_from_the_keyboard(window: MainWindow, qtbot: QtBot) -> None:
    show(window, "news:comp.lang.python")
    panel = window.explain_panel
    window.tabs.setCurrentWidget(panel)
    window.flush()
    panel.setFocus()
    qtbot.keyClick(panel, Qt.Key.Key_Tab)  # the first link: the scheme's citation
    qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert shown_section(window) == ("RFC 1738", "3.6")
    assert window.spec_reader.selected_text() == "3.6. NEWS"


def test_enter_on_a_trace_step_and_an_editions_cell(window: MainWindow, qtbot: QtBot) -> None:
    show(window, "../g", base="http://a/b/c/d;p?q")
    window.tabs.setCurrentWidget(window.trace)
    window.flush()
    tree = window.trace.tree
    step = next(
        top_item(tree, i)
        for i in range(tree.topLevelItemCount())
        if top_item(tree, i).text(TRACE_CITATION).startswith("RFC 3986 §5.2.4")
    )
    tree.setFocus()
    tree.setCurrentItem(step)
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    # RFC 3986's §5.2.4: its draft's §5.2, which holds the whole algorithm
    assert shown_section(window) == ("RFC 2396bis draft 2003", "5.2")
    assert window.spec_reader.heading.text().startswith(
        "<b>RFC 3986 §5.2.4 Remove Dot Segments — shown from the 2003 draft §5.2 "
    )

    window.tabs.setCurrentWidget(window.editions)
    window.flush()
    view = window.editions
    table = view.editions_model.table
    assert table is not None
    view.setFocus()
    view.setCurrentIndex(
        view.editions_model.index(table.row_ids.index("port"), table.column_ids.index("rfc1738"))
    )
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert window.spec_reader.target is not None
    assert window.spec_reader.target.citation == EDITIONS["rfc1738"].cite("port")
    assert shown_section(window)[0] == "RFC 1738"


def test_every_section_a_citation_names_is_a_link(window: MainWindow) -> None:
    reader = window.spec_reader
    window.open_citation("gtype, RFC 1738 §3.4.1 / §5")
    assert reader.cited.isVisibleTo(reader)
    assert '<a href="3.4.1">§3.4.1</a>' in reader.cited.text()
    reader.cited.linkActivated.emit("3.4.1")
    assert shown_section(window) == ("RFC 1738", "3.4.1")
    assert reader.selected_text() == "3.4.1. Gopher URL syntax"
    assert len(reader.text.extraSelections()) == 1  # the rule stays highlighted
    window.open_citation("RFC 1738 §3.3")
    assert not reader.cited.isVisibleTo(reader)


# --- RFC 3986 from its drafts; preformatted blocks ------------------------------------------


def test_a_percent_encoding_finding_opens_the_drafts_escape_sequences(
    window: MainWindow, qtbot: QtBot
) -> None:
    show(window, "http://example.com/%zz")
    view = window.diagnostics
    model = view.diagnostics_model
    row = next(r for r in range(model.rowCount()) if model.items[r].code == "bad-escape")
    assert model.items[row].reference == "RFC 3986 §2.1"
    rect = view.visualRect(model.index(row, CITATION_COLUMN))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    # the 2003 draft's §2.4 says what RFC 3986 §2.1 says; its own §2.1 is another topic
    assert shown_section(window) == ("RFC 2396bis draft 2003", "2.4")
    reader = window.spec_reader
    assert reader.selected_text() == "2.4 Escape Sequences"
    QApplication.processEvents()
    start = QTextCursor(reader.text.document())
    start.setPosition(reader.text.textCursor().selectionStart())
    assert 0 <= reader.text.cursorRect(start).top() < reader.text.fontMetrics().lineSpacing()
    heading = (
        "RFC 3986 §2.1 Percent-Encoding — shown from the 2003 draft §2.4 Escape Sequences, "
        "its predecessor"
    )
    assert reader.heading.text() == f"<b>{heading}</b>"
    assert window.statusBar().currentMessage() == heading
    assert reader.note.text().startswith("RFC 3986's own text does not ship with urlinspector")
    # walking the contents shows the draft's own headings again
    reader.show_section(reader.index.section("2.4.1"))  # type: ignore[union-attr]
    assert reader.heading.text() == "<b>RFC 2396bis draft 2003 §2.4.1 Escaped Encoding</b>"


def _block_at(window: MainWindow, text: str) -> QTextBlock:
    reader = window.spec_reader
    assert reader.index is not None
    block = reader.text.document().findBlock(reader.index.text.index(text))
    assert block.isValid()
    return block


def test_grammar_rules_keep_their_lines_and_prose_wraps(window: MainWindow) -> None:
    reader = window.spec_reader
    window.open_citation("RFC 1738 §5")
    reader.text.setMaximumWidth(360)  # a narrow reader
    QApplication.processEvents()
    assert reader.text.viewport().width() <= 360
    rule = _block_at(window, 'ftpurl         = "ftp://" login')
    assert rule.text() == '   ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]'
    assert rule.blockFormat().nonBreakableLines()
    assert rule.layout().lineCount() == 1  # wider than the reader, and not wrapped
    assert reader.text.horizontalScrollBar().maximum() > 0
    prose = _block_at(window, "This is a BNF-like description")
    assert not prose.blockFormat().nonBreakableLines()
    assert prose.layout().lineCount() > 1  # the prose wraps to the reader's width
    assert rule.blockFormat().background() != prose.blockFormat().background()


def test_a_rule_in_a_text_without_line_breaks_is_a_block_of_its_own(window: MainWindow) -> None:
    window.open_citation("RFC 3986 §2.1")
    rule = _block_at(window, 'escaped = "%" HEXDIG HEXDIG')
    assert rule.text() == 'escaped = "%" HEXDIG HEXDIG'  # not inside the paragraph
    assert rule.blockFormat().nonBreakableLines()
    assert rule.blockFormat().leftMargin() > 0
    before = rule.previous()
    assert before.text().endswith("is the escaped encoding for the US-ASCII space character.")
    assert not before.blockFormat().nonBreakableLines()
    # the nested boxes of §5.1 get their lines back, one block each
    top = _block_at(window, ".----------------------------------------------------------.")
    assert top.text() == ".----------------------------------------------------------."
    assert top.next().text() == "| .----------------------------------------------------. |"
    assert top.next().blockFormat().nonBreakableLines()
