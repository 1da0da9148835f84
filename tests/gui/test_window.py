"""The window's panels: diagnostics, components, base and target, editions side by
side, escapes, trace; what it remembers; menus; drag and drop."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.helpers import top_item
from urlinspector import palette
from urlinspector.core import EDITIONS
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.models.tables import SPAN_ROLE
from urlinspector.gui.settings import Settings
from urlinspector.gui.window_menus import about_text
from urlinspector.readers import READERS


def show(window: MainWindow, text: str, base: str | None = None) -> None:
    if base is not None:
        window.set_base(base)
    window.inspect(text)
    window.flush()


def click_row(qtbot: QtBot, view: object, index: object) -> None:
    rect = view.visualRect(index)  # type: ignore[attr-defined]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # type: ignore[attr-defined]


def test_diagnostic_click_selects_its_span(window: MainWindow, qtbot: QtBot) -> None:
    text = "http://exa mple.com:99999/"
    show(window, text)
    model = window.diagnostics.diagnostics_model
    rows = {model.items[r].code: r for r in range(model.rowCount())}
    assert {"space", "port-out-of-range"} <= rows.keys()
    index = model.index(rows["port-out-of-range"], 1)
    click_row(qtbot, window.diagnostics, index)
    assert window.address.selected_span() == (20, 25)
    assert window.address.textCursor().selectedText() == "99999"
    click_row(qtbot, window.diagnostics, model.index(rows["space"], 1))
    assert window.address.textCursor().selectedText() == " "


def test_diagnostics_show_citations(window: MainWindow) -> None:
    show(window, "http://www.paypal.com@evil.example/")
    model = window.diagnostics.diagnostics_model
    found = {
        model.index(r, 5).data(): (model.index(r, 0).data(), model.index(r, 2).data())
        for r in range(model.rowCount())
    }
    assert found["userinfo-lookalike"] == ("⚠ warning", "RFC 3986 §7.6")
    window.set_edition("rfc2396bis-2003")
    window.flush()
    cited = {model.index(r, 5).data(): model.index(r, 2).data() for r in range(model.rowCount())}
    assert cited["userinfo-lookalike"] == "RFC 2396bis draft 2003 §7.5"


def test_component_row_selects_characters_and_back(window: MainWindow, qtbot: QtBot) -> None:
    text = "http://user@example.com:8080/a/b?k=v#f"
    show(window, text)
    view = window.components.view
    model = window.components.model
    host = model.index_of_span(12, 23)
    node = model.node(host)
    assert node is not None
    assert node.name == "host"
    click_row(qtbot, view, host.siblingAtColumn(1))
    assert window.address.textCursor().selectedText() == "example.com"
    # the other way round: selecting characters selects the row
    window.address.select_span(24, 28)
    current = view.currentIndex().siblingAtColumn(0)
    assert current.data() == "port"
    window.address.select_span(35, 36)
    assert view.currentIndex().siblingAtColumn(0).data() == "value"
    assert view.currentIndex().siblingAtColumn(1).data() == "v"


def test_components_show_raw_decoded_and_spans(window: MainWindow) -> None:
    show(window, "gopher://h.example:70/1/caf%E9%09s%C3%A9rch")
    model = window.components.model
    rows = {}
    stack = [model.index(r, 0) for r in range(model.rowCount())]
    while stack:
        index = stack.pop()
        rows[index.data()] = index
        stack += [model.index(r, 0, index) for r in range(model.rowCount(index))]
    assert {"scheme", "host", "port", "path", "gophertype", "selector", "search"} <= rows.keys()
    selector = rows["selector"]
    assert selector.siblingAtColumn(1).data() == "/caf%E9"
    assert selector.siblingAtColumn(3).data() == "23–30"
    assert selector.data(SPAN_ROLE) == (23, 30)
    assert selector.siblingAtColumn(2).data() == "/caf\\xe9"  # not UTF-8
    window.components.set_charset("iso-8859-1")
    assert selector.siblingAtColumn(2).data() == "/café"
    assert rows["search"].siblingAtColumn(2).data() == "sÃ©rch"
    window.components.set_charset("utf-8")
    assert rows["search"].siblingAtColumn(2).data() == "sérch"
    assert rows["gophertype"].siblingAtColumn(4).data().startswith("gtype, RFC 1738 §3.4")


def test_undefined_and_empty_components_differ(window: MainWindow) -> None:
    show(window, "ftp://@host.example/?")
    model = window.components.model
    top = {model.index(r, 0).data(): model.index(r, 1).data() for r in range(model.rowCount())}
    assert top["fragment"] == "(undefined)"
    assert top["query"] == '""'
    authority = next(
        model.index(r, 0)
        for r in range(model.rowCount())
        if model.index(r, 0).data() == "authority"
    )
    children = {
        model.index(r, 0, authority).data(): model.index(r, 1, authority).data()
        for r in range(model.rowCount(authority))
    }
    assert children["userinfo"] == '""'


def test_copy_actions_copy_raw_and_decoded(window: MainWindow) -> None:
    show(window, "http://example.com/caf%C3%A9")
    model = window.components.model
    path = model.index_of_span(18, 28)
    window.components.view.setCurrentIndex(path)
    assert window.components.copy_current(decoded_value=False) == "/caf%C3%A9"
    assert QGuiApplication.clipboard().text() == "/caf%C3%A9"
    assert window.components.copy_current(decoded_value=True) == "/café"


def test_changing_the_base_updates_the_target(window: MainWindow, qtbot: QtBot) -> None:
    show(window, "../g?y#s", base="http://a/b/c/d;p?q")
    assert window.target.full_text == "http://a/b/g?y#s"
    window.base.setFocus()
    window.base.selectAll()
    qtbot.keyClicks(window.base, "http://other.example/x/y/z")
    qtbot.waitUntil(lambda: window.target.full_text == "http://other.example/x/g?y#s", timeout=2000)
    assert window.same_document.text() == ""
    assert window.settings.base == "http://other.example/x/y/z"


def test_same_document_is_marked(window: MainWindow) -> None:
    show(window, "#section", base="http://a/b/c/d;p?q")
    assert window.target.full_text == "http://a/b/c/d;p?q#section"
    assert "same document" in window.same_document.text()


def test_target_resolution_follows_the_edition(window: MainWindow) -> None:
    # URL syntax draft 1997 appendix C vs RFC 3986 §5.4.2: "g?y/../x" keeps or removes the dot
    # segments
    show(window, "g?y/../x", base="http://a/b/c/d;p?q")
    window.set_edition("rfc3986")
    window.flush()
    assert window.target.full_text == "http://a/b/c/g?y/../x"
    window.set_edition("url-syntax-1997")
    window.flush()
    assert window.target.full_text == "http://a/b/c/x"


def test_relative_reference_without_base_and_a_bad_base(window: MainWindow) -> None:
    show(window, "www.example.com/docs", base="")
    assert window.target.full_text == ""
    assert "http://www.example.com/docs" in window.target_note.text()
    show(window, "g", base="not/absolute")
    assert window.target.full_text == ""
    assert "not absolute" in window.target_note.text()


def test_trace_lists_the_steps_of_the_chosen_edition(window: MainWindow) -> None:
    show(window, "../g", base="http://a/b/c/d;p?q")
    window.tabs.setCurrentWidget(window.trace)
    window.flush()
    tree = window.trace.tree
    labels = [top_item(tree, i).text(2) for i in range(tree.topLevelItemCount())]
    assert any("RFC 3986 §5.2.2" in label for label in labels)
    assert any("§5.2.4" in label for label in labels)
    window.set_edition("url-syntax-1997")
    window.flush()
    labels = [top_item(tree, i).text(2) for i in range(tree.topLevelItemCount())]
    assert any(label.startswith("URL syntax draft 1997 §5.2 step 6") for label in labels)
    assert "→ http://a/b/g" in window.trace.summary.text()


def test_editions_view_flags_a_known_difference(window: MainWindow) -> None:
    show(window, "http://[::1]:80/a")
    model = window.editions.editions_model
    table = model.table
    assert table is not None
    columns = list(table.column_ids)
    host_row = table.row_ids.index("host")
    rfc3986 = model.index(host_row, columns.index("rfc3986"))
    rfc1738 = model.index(host_row, columns.index("rfc1738"))
    assert rfc3986.data() == "[::1]"
    assert rfc1738.data().startswith("≠ ")  # RFC 1738 has no IP literals
    assert rfc1738.data(Qt.ItemDataRole.BackgroundRole) is not None
    assert rfc3986.data(Qt.ItemDataRole.BackgroundRole) is None
    tip = rfc1738.data(Qt.ItemDataRole.ToolTipRole)
    assert tip.split("\n")[0] == table.cell("host", "rfc1738").text  # its own value
    assert "differs from the RFC 3986 column" in tip
    assert "[::1]" not in tip
    # the browsers drop the default port
    whatwg = model.index(table.row_ids.index("port"), columns.index("whatwg"))
    assert whatwg.data().startswith("≠ ")
    header = model.headerData(columns.index("rfc1738"), Qt.Orientation.Horizontal)
    assert "RFC 1738 (1994)" in header
    assert "differ" in header
    assert [
        model.headerData(i, Qt.Orientation.Horizontal).split("\n")[0] for i in range(len(columns))
    ] == [
        *(f"{e.title} ({e.year})" for e in EDITIONS.values()),
        "browsers (WHATWG)",
        *(r.label for r in READERS),
    ]


def test_editions_view_shows_each_editions_target(window: MainWindow) -> None:
    # RFC 2396bis draft 2003 / RFC 3986 §5.4.2: "../../../g" stays at the root;
    # URL syntax draft 1997 keeps the ".."
    show(window, "../../../g", base="http://a/b/c/d;p?q")
    table = window.editions.editions_model.table
    assert table is not None
    assert table.cell("target", "rfc3986").text == "http://a/g"
    assert table.cell("target", "url-syntax-1997").text == "http://a/../g"
    assert table.cell("target", "url-syntax-1997").differs
    assert table.cell("target", "whatwg").text == "http://a/g"


def test_escapes_tab_marks_unnecessary_meaningful_and_invalid(window: MainWindow) -> None:
    show(window, "http://example.com/%7Euser/a%2Fb?q=%zz")
    window.tabs.setCurrentWidget(window.escapes)
    model = window.escapes.escapes_model
    kinds = {model.index(r, 0).data(): model.index(r, 5).data() for r in range(model.rowCount())}
    assert kinds == {"%7E": "unnecessary", "%2F": "⚑ meaningful", "%zz": "✖ invalid"}
    decoded = {model.index(r, 0).data(): model.index(r, 4).data() for r in range(model.rowCount())}
    assert decoded["%7E"] == "~"
    assert decoded["%2F"] == "/"


def test_window_title_shows_the_host(window: MainWindow) -> None:
    show(window, "gopher://gopher.example.org/1/")
    assert window.windowTitle() == "gopher.example.org"
    show(window, "mailto:joe@example.com")
    assert window.windowTitle() == "URL Inspector"


def test_summary_and_legend_follow_the_url(window: MainWindow) -> None:
    show(window, "http://exa mple.com/a%20b")
    assert "✖ 1 error" in window.summary.text()
    assert {"scheme", "host", "path", "escape", "invalid"} <= set(window.legend.roles)
    show(window, "news:comp.infosystems.www")
    assert "valid under RFC 3986" in window.summary.text()
    assert "news-group" in window.legend.roles


def test_settings_round_trip(app: QApplication, qtbot: QtBot, settings: Settings) -> None:
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.set_base("ftp://joe:secret@ftp.example/pub/")
    first.set_edition("rfc1738")
    first.inspect("http://anne:hunter2@www.example/a")
    first.inspect("gopher://g.example/1/")
    first.show_passwords_action.setChecked(True)
    first.tabs.setCurrentIndex(2)
    first.resize(700, 500)  # within the offscreen screen (800 x 600)
    first.inspector.setSizes([300, 300])
    first.close()  # saves the layout
    assert settings.history == [
        "gopher://g.example/1/",
        "http://anne:(password removed)@www.example/a",
    ]
    assert settings.base == "ftp://joe@ftp.example/pub/"
    raw = Path(settings.store.fileName()).read_text(encoding="utf-8")
    assert "hunter2" not in raw
    assert "secret" not in raw

    second = MainWindow(Settings())
    qtbot.addWidget(second)
    assert second.edition == "rfc1738"
    assert second.edition_box.currentData() == "rfc1738"
    assert second.base.text() == "ftp://joe@ftp.example/pub/"
    assert second.show_passwords_action.isChecked()
    assert second.tabs.currentIndex() == 2
    assert (second.size().width(), second.size().height()) == (700, 500)
    second.close()


def test_history_menu_navigates(window: MainWindow, qtbot: QtBot) -> None:
    window.inspect("http://one.example/")
    window.inspect("http://two.example/")
    window.menus.history_menu.aboutToShow.emit()
    entries = [a for a in window.menus.history_menu.actions() if a.data()]
    assert [a.data() for a in entries] == ["http://two.example/", "http://one.example/"]
    with qtbot.waitSignal(window.inspectRequested):
        entries[1].trigger()
    assert window.address.text() == "http://one.example/"


def test_dropping_a_url_on_the_window_inspects_it(window: MainWindow, qtbot: QtBot) -> None:
    mime = QMimeData()
    mime.setData("text/uri-list", b"# a comment\r\ngopher://drop.example/0/x\r\n")
    event = QDropEvent(
        QPointF(200, 400),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.inspectRequested) as blocker:
        window.dropEvent(event)
    assert blocker.args == ["gopher://drop.example/0/x"]
    assert window.address.text() == "gopher://drop.example/0/x"
    assert window.windowTitle() == "drop.example"


def test_about_and_legend(window: MainWindow, qtbot: QtBot) -> None:
    text = about_text()
    for edition in EDITIONS.values():
        assert edition.title in text
    assert "0.1" in text
    assert "WHATWG" in text
    window.menus.show_about()
    assert window.menus.about_box is not None
    assert window.menus.about_box.isVisible()
    window.menus.about_box.close()
    window.menus.show_legend()
    dialog = window.menus.legend_dialog
    assert dialog is not None
    assert dialog.isVisible()
    labels = " ".join(w.text() for w in dialog.findChildren(type(window.summary)))
    for name in palette.legend():
        assert f"<b>{name}</b>" in labels
    dialog.close()


def test_dark_theme_changes_the_formats(window: MainWindow) -> None:
    show(window, "http://example.com/")
    light = window.formats.get("host").foreground().color().name()
    assert light == palette.get_role("host").light
    window.set_theme("dark")
    assert window.formats.theme == "dark"
    assert window.formats.get("host").foreground().color().name() == palette.get_role("host").dark
    window.set_theme("light")
    assert window.formats.theme == "light"  # type: ignore[comparison-overlap]  # set just above


def test_pages_area_takes_another_page(window: MainWindow) -> None:
    from PySide6.QtWidgets import QLabel

    page = QLabel("a viewer")
    window.add_page("viewer", page)
    window.show_page("viewer")
    assert window.pages.currentWidget() is page
    window.show_page("inspector")
    assert window.pages.currentWidget() is window.inspector


def test_models_pass_qt_model_checks(window: MainWindow, qtmodeltester: object) -> None:
    show(window, "ftp://joe:pw@ftp.example/pub/a/b.txt;type=i?x=1&y#f", base="http://a/b")
    for model in (
        window.components.model,
        window.diagnostics.diagnostics_model,
        window.editions.editions_model,
        window.escapes.escapes_model,
    ):
        qtmodeltester.check(model)  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["", "%", "http://[", "\x00\u202e", "a" * 20000])
def test_odd_input_never_breaks_the_window(window: MainWindow, text: str) -> None:
    show(window, text, base="http://a/b")
    window.tabs.setCurrentWidget(window.escapes)
    window.tabs.setCurrentWidget(window.trace)
    window.flush()
    assert window.address.text() == text.replace("\x00", "\x00")
    assert window.target_note.text() != "" or text == ""


def test_the_window_point_api(window: MainWindow) -> None:
    # position_at maps a point to the character under it
    show(window, "http://example.com/")
    edit = window.address
    cursor = edit.textCursor()
    cursor.setPosition(7)
    rect = edit.cursorRect(cursor)
    assert edit.position_at(QPoint(rect.x() + 2, rect.center().y())) == 7
