"""Hidden characters in the window: the address bar and the Target show each bidi
control or invisible character as a boxed mark in its place, never reordered, while
the text itself stays what was typed; the cells and tooltips show marks; the
findings say what a reader would see."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QEvent, QMimeData, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent, QTextCursor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.helpers import char_formats
from tests.gui.test_address_bar import tooltip_for
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.address_bar import UrlEdit
from urlinspector.gui.widgets.url_marks import OBJECT_CHAR

BIDI = "https://files.example.com/invoice\u202efdp.exe"
AT = BIDI.index("\u202e")

CASES = [
    (BIDI, [AT], "hidden-char"),
    ("https://paypa\u200bl.com/", [13], "hidden-char"),
    ("https://example.com/?file=\u2067txt\u202e.exe\u2069#\ufeff", [26, 30, 35, 37], "hidden-char"),
    ("https://example.com/x\U000e0069\U000e0067", [21, 22], "hidden-char"),  # one position each
    # a space that is not U+0020: marked, though not hidden (it shows as a space)
    ("https://example.com/a\u00a0b", [21], "non-ascii"),
]


def _x_positions(edit: UrlEdit, count: int) -> list[int]:
    """The caret's x before each of *count* characters, and after the last."""
    cursor = QTextCursor(edit.document())
    xs = []
    for position in range(count + 1):
        cursor.setPosition(position)
        xs.append(edit.cursorRect(cursor).x())
    return xs


@pytest.mark.parametrize(("text", "hidden", "code"), CASES)
def test_the_address_bar_shows_marks_and_keeps_the_text(
    window: MainWindow, text: str, hidden: list[int], code: str
) -> None:
    window.set_address(text)
    window.flush()
    edit = window.address_area.address
    assert edit.text() == text  # the user's text is the data
    shown = edit.document().toRawText()
    assert [i for i, c in enumerate(shown) if c == OBJECT_CHAR] == hidden
    # one position per character: the spans of the parse select what they say
    assert len(shown) == len(text)
    assert len(char_formats(edit)) == len(text)
    # laid out left to right, each mark as wide as a few letters: nothing reordered,
    # nothing invisible
    xs = _x_positions(edit, len(text))
    assert all(a < b for a, b in itertools.pairwise(xs)), xs
    letter = edit.fontMetrics().horizontalAdvance("x")
    for i in hidden:
        assert xs[i + 1] - xs[i] >= 2 * letter
    # the findings name the characters; the panels parse the text itself
    codes = {d.code for d in window.inspector.diagnostics.diagnostics_model.items}
    assert code in codes


def test_the_target_shows_marks_too(window: MainWindow) -> None:
    window.inspect(BIDI)
    window.flush()
    assert window.address_area.target.full_text == BIDI
    assert window.address_area.target.document().toRawText()[AT] == OBJECT_CHAR
    xs = _x_positions(window.address_area.target, len(BIDI))
    assert all(a < b for a, b in itertools.pairwise(xs))


def test_the_finding_says_what_a_reader_sees(window: MainWindow) -> None:
    window.inspect(BIDI)
    window.flush()
    [d] = [
        d for d in window.inspector.diagnostics.diagnostics_model.items if d.code == "hidden-char"
    ]
    assert d.span == (AT, AT + 1)
    assert d.severity == "warning"
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in d.message
    assert "invoiceexe.pdf" in d.message


def test_copy_gives_the_characters_not_the_marks(window: MainWindow) -> None:
    window.set_address(BIDI)
    edit = window.address_area.address
    edit.selectAll()
    edit.copy()
    assert QGuiApplication.clipboard().text() == BIDI
    edit.select_span(AT - 2, AT + 3)
    edit.copy()
    assert QGuiApplication.clipboard().text() == BIDI[AT - 2 : AT + 3]
    edit.copy_all()
    assert QGuiApplication.clipboard().text() == BIDI


def test_undo_and_redo_keep_the_marks(window: MainWindow) -> None:
    window.set_address("http://a/")
    window.set_address(BIDI)
    edit = window.address_area.address
    edit.undo()
    assert edit.text() == "http://a/"
    edit.redo()
    assert edit.text() == BIDI
    assert edit.document().toRawText()[AT] == OBJECT_CHAR


def test_typed_and_pasted_hidden_characters_become_marks(window: MainWindow, qtbot: QtBot) -> None:
    edit = window.address_area.address
    edit.setFocus()
    qtbot.keyClicks(edit, "http://a/b")
    # a character no key of the test keyboard has: as an input method sends it
    event = QKeyEvent(QEvent.Type.KeyPress, 0, Qt.KeyboardModifier.NoModifier, "\u200b")
    QApplication.sendEvent(edit, event)
    qtbot.keyClicks(edit, "c")
    qtbot.waitUntil(lambda: OBJECT_CHAR in edit.document().toRawText(), timeout=2000)
    assert edit.text() == "http://a/b\u200bc"
    data = QMimeData()
    data.setText("\u202ed")
    edit.insertFromMimeData(data)
    assert edit.text() == "http://a/b\u200bc\u202ed"
    assert edit.document().toRawText() == f"http://a/b{OBJECT_CHAR}c{OBJECT_CHAR}d"
    edit.undo()  # the paste, mark and all
    assert edit.text() == "http://a/b\u200bc"


def test_hovering_a_mark_names_its_character(window: MainWindow, qtbot: QtBot) -> None:
    window.set_address(BIDI)
    text = tooltip_for(window, qtbot, AT)
    assert "U+202E" in text
    assert "RIGHT-TO-LEFT OVERRIDE" in text


def test_cells_show_marks_never_the_characters(window: MainWindow) -> None:
    window.inspect(BIDI)
    window.inspector.tabs.setCurrentWidget(window.inspector.editions)
    window.flush()
    model = window.inspector.editions.editions_model
    path = model.table.row_ids.index("path")  # type: ignore[union-attr]
    for column in range(model.columnCount()):
        cell = str(model.index(path, column).data())
        assert "\u202e" not in cell
        tip = str(model.index(path, column).data(Qt.ItemDataRole.ToolTipRole))
        assert "\u202e" not in tip
    assert "invoice⟦RLO⟧fdp.exe" in str(model.index(path, 0).data())
    components = window.inspector.components.model
    row = components.index_of_span(AT, AT + 1)
    assert "⟦RLO⟧" in str(row.siblingAtColumn(1).data())
    assert "\u202e" not in str(row.siblingAtColumn(1).data(Qt.ItemDataRole.ToolTipRole))
    assert "⟦RLO⟧" in window.windowTitle() or "files.example.com" in window.windowTitle()
    QApplication.processEvents()


def test_escapes_and_findings_show_marks(window: MainWindow) -> None:
    window.inspect("https://paypa\u200bl.com/a%E2%80%AEb")
    window.inspector.tabs.setCurrentWidget(window.inspector.escapes)
    window.flush()
    escapes = window.inspector.escapes.escapes_model
    decoded = escapes.COLUMNS.index("decodes to")
    cells = [str(escapes.index(r, decoded).data()) for r in range(escapes.rowCount())]
    assert "⟦RLO⟧" in cells
    findings = window.inspector.diagnostics.diagnostics_model
    for row in range(findings.rowCount()):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            shown = str(findings.index(row, 1).data(role))
            assert "\u200b" not in shown
            assert "\u202e" not in shown
    codes = {d.code for d in findings.items}
    assert {"hidden-char", "encoded-hidden-char"} <= codes
