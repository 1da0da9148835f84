"""Sharing from the window: Ctrl+C and Copy as Markdown on the tables, File ▸ Save
report, File ▸ Copy as command."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QApplication
from pytestqt.qtbot import QtBot

from tests.gui.helpers import top_item
from urlinspector.app import ALL_COMMANDS
from urlinspector.cli import build_parser
from urlinspector.gui.main_window import MainWindow

URL = "http://joe:secret@exa mple.com:99999/a%41/b?q=1#f"
_SELECT = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows


def show(window: MainWindow, text: str, base: str = "") -> None:
    window.set_base(base)
    window.inspect(text)
    window.flush()


def press_copy(qtbot: QtBot, view: QAbstractItemView) -> str:
    QGuiApplication.clipboard().clear()
    view.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    return QGuiApplication.clipboard().text()


def select_rows(view: QAbstractItemView, rows: list[int]) -> None:
    model, selection = view.model(), view.selectionModel()
    selection.clearSelection()
    for row in rows:
        selection.select(model.index(row, 0), _SELECT)


def test_ctrl_c_on_diagnostics_copies_the_selected_rows(window: MainWindow, qtbot: QtBot) -> None:
    show(window, URL)
    view = window.inspector.diagnostics
    model = view.diagnostics_model
    assert model.rowCount() >= 3
    select_rows(view, [2, 0])
    copied = press_copy(qtbot, view)
    lines = copied.split("\n")
    assert len(lines) == 2
    for line, row in zip(lines, (0, 2), strict=True):
        expected = [str(model.index(row, c).data()) for c in range(model.columnCount())]
        assert line.split("\t") == expected
    assert "secret" not in copied  # the window masks passwords, and so do copies


def test_ctrl_c_on_the_components_tree_copies_all_columns(window: MainWindow, qtbot: QtBot) -> None:
    show(window, URL)
    view = window.inspector.components.view
    model = window.inspector.components.model
    password = model.index_of_span(*_span(window, "secret"))
    view.selectionModel().setCurrentIndex(
        password, QItemSelectionModel.SelectionFlag.ClearAndSelect | _SELECT
    )
    copied = press_copy(qtbot, view)
    cells = copied.split("\t")
    assert len(cells) == model.columnCount()
    assert cells[0] == "password"
    assert cells[1] == "••••••"
    assert cells[3] == "11–17"
    window.menus.show_passwords_action.setChecked(True)
    assert "secret" in press_copy(qtbot, view).split("\t")


def _span(window: MainWindow, part: str) -> tuple[int, int]:
    start = window.address_area.address.text().index(part)
    return start, start + len(part)


def test_copy_as_markdown_copies_a_table_with_its_header(window: MainWindow) -> None:
    show(window, URL)
    view = window.inspector.diagnostics
    rows = view.diagnostics_model.rowCount()
    view.selectionModel().clearSelection()
    text = view.copying.copy_markdown()
    assert QGuiApplication.clipboard().text() == text
    lines = text.split("\n")
    assert lines[0] == "| severity | message | citation | span | category | code |"
    assert lines[1] == "|---|---|---|---|---|---|"
    assert len(lines) == 2 + rows  # none selected: every row
    select_rows(view, [1])
    lines = view.copying.copy_markdown().split("\n")
    assert len(lines) == 3
    assert lines[2].endswith(f"| {view.diagnostics_model.items[1].code} |")
    assert view.copying.markdown_action in view.actions()
    assert view.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu


def test_editions_rows_carry_their_labels(window: MainWindow) -> None:
    show(window, "../g", base="http://a/b/c")
    window.inspector.tabs.setCurrentWidget(window.inspector.editions)
    window.flush()
    view = window.inspector.editions
    view.selectionModel().clearSelection()
    lines = view.copying.copy_markdown().split("\n")
    assert lines[0].startswith("|  | RFC 3986 (2005) the reference resolved against the base |")
    target = next(line for line in lines if line.startswith("| resolved target |"))
    assert target.count("| http://a/g ") == 6


def test_trace_copies_its_steps(window: MainWindow) -> None:
    show(window, "../g", base="http://a/b/c")
    window.inspector.tabs.setCurrentWidget(window.inspector.trace)
    window.flush()
    tree = window.inspector.trace.tree
    assert tree.topLevelItemCount() > 3
    tree.setCurrentItem(top_item(tree, 1))
    copied = top_item(tree, 1).text(2)
    assert window.inspector.trace.copying.copy_rows().split("\t")[2] == copied


def test_save_report_writes_each_format(window: MainWindow, tmp_path: Path) -> None:
    show(window, URL, base="http://u:basepass@a/b/")
    diagnostics = window.inspector.diagnostics.diagnostics_model.items
    written = window.menus.save_report(tmp_path / "r.json")
    assert written == tmp_path / "r.json"
    document = json.loads(written.read_text(encoding="utf-8"))
    assert [d["code"] for d in document["diagnostics"]] == [d.code for d in diagnostics]
    assert document["base"] == "http://u:••••••••@a/b/"
    assert document["trace"] is not None
    markdown = window.menus.save_report(tmp_path / "r.md")
    assert markdown is not None
    text = markdown.read_text(encoding="utf-8")
    assert text.startswith("# URL inspection")
    assert "secret" not in text
    assert "Saved the report" in window.statusBar().currentMessage()
    page = window.menus.save_report(tmp_path / "r.html")
    assert page is not None
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_save_report_says_when_it_cannot_write(window: MainWindow, tmp_path: Path) -> None:
    show(window, URL)
    assert window.menus.save_report(tmp_path / "missing" / "r.md") is None
    assert "Cannot save the report" in window.statusBar().currentMessage()


@pytest.mark.parametrize(
    ("text", "base", "edition"),
    [
        ("http://example.com/a b?x='1'&y=$HOME", "", "rfc3986"),
        ("../g;x?y#s", "http://a/b/c/d;p?q", "rfc1738"),
        ("-x", "", "url-syntax-1997"),
    ],
)
def test_copy_as_command_reopens_this_state(
    window: MainWindow, text: str, base: str, edition: str
) -> None:
    window.set_edition(edition)
    show(window, text, base)
    line = window.menus.copy_command()
    assert QApplication.clipboard().text() == line
    words = shlex.split(line)
    assert words[:2] == ["urlinspector", "gui"]
    args = build_parser(ALL_COMMANDS).parse_args(words[1:])
    assert (args.url, args.base, args.edition) == (text, base, edition)


def test_copy_as_command_leaves_the_password_out_while_masked(window: MainWindow) -> None:
    show(window, "ftp://joe:secret@host/file")
    line = window.menus.copy_command()
    assert shlex.split(line)[2] == "ftp://joe@host/file"
    assert "without the password" in window.statusBar().currentMessage()
    window.menus.show_passwords_action.setChecked(True)
    assert shlex.split(window.menus.copy_command())[2] == "ftp://joe:secret@host/file"
    assert "without the password" not in window.statusBar().currentMessage()
