"""The Editions view: cells wrap at URL delimiters and never hide a host; each cell's
tooltip shows its own value; the browsers' column shows the browsers' values."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyleOptionViewItem

from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.components import URL_TEXT_COLUMNS
from urlinspector.gui.widgets.editions import CELL_PADDING, with_breaks
from urlinspector.present.editions_table import cut_keeping_host, editions_table
from urlinspector.present.inspection import inspect

ZW = "\u200b"


@pytest.mark.parametrize(
    ("text", "broken"),
    [
        ("http://a/b?c=d&e#f", f"http:{ZW}//a{ZW}/b{ZW}?c{ZW}=d{ZW}&e{ZW}#f"),
        ("u@h", f"u{ZW}@h"),
        ("evil.example.com", "evil.example.com"),  # a host is not broken at its dots
        ("", ""),
    ],
)
def test_breaks_go_before_delimiters(text: str, broken: str) -> None:
    assert with_breaks(text) == broken
    assert with_breaks(text).replace(ZW, "") == text


def test_a_long_url_is_cut_around_its_host() -> None:
    host = "evil.example"
    text = "http://" + "u" * 600 + "@" + host + "/" + "p" * 900 + "?q"
    cut = cut_keeping_host(text, 200)
    assert host in cut
    assert len(cut) < 260
    assert cut.startswith("http://u")
    assert "…" in cut
    assert cut[cut.index(host) - 1] == "@"  # just before the host: not cut away
    assert cut_keeping_host("http://h/", 200) == "http://h/"


def test_a_long_target_keeps_its_host_in_every_column() -> None:
    text = "http://" + "x" * 500 + "@evil.example/" + "a/" * 400
    table = editions_table(inspect(text, edition="rfc3986"))
    for column in table.column_ids:
        if column.startswith("reader:"):
            continue  # a library resolves nothing: its target cell is empty
        cell = table.cell("target", column)
        assert "evil.example" in cell.text, column
        assert cell.tooltip.startswith("http://" + "x" * 100)  # its own value, whole


def test_each_tooltip_shows_its_own_columns_value() -> None:
    table = editions_table(inspect("https://evil.com\\@good.com/", edition="rfc3986"))
    assert table.cell("host", "rfc3986").text == "good.com"
    assert table.cell("host", "whatwg").text == "evil.com"
    assert table.cell("host", "rfc3986").tooltip.split("\n")[0] == "good.com"
    whatwg_tip = table.cell("host", "whatwg").tooltip
    assert whatwg_tip.split("\n")[0] == "evil.com"
    assert "good.com" not in whatwg_tip
    assert "differs from the RFC 3986 column" in whatwg_tip
    assert table.cell("path", "whatwg").text == "/@good.com/"
    assert table.cell("target", "whatwg").tooltip.startswith("https://evil.com/@good.com/")


def test_the_browsers_column_shows_the_resolved_values_of_a_reference() -> None:
    table = editions_table(inspect("../g", edition="rfc3986", base="http://a/b/c/d;p?q"))
    assert table.cell("host", "whatwg").text == "a"
    assert table.cell("path", "whatwg").text == "/b/g"
    assert "resolved against the base" in table.cell("host", "whatwg").tooltip
    assert table.cell("host", "rfc3986").text == "a"  # the editions' too: one rule
    assert not table.cell("host", "whatwg").differs  # the same host as RFC 3986's target
    assert table.cell("target", "whatwg").text == "http://a/b/g"


def test_rows_grow_to_show_wrapped_cells_whole(window: MainWindow) -> None:
    text = "https://user@www.example.com/" + "/".join(["segment"] * 30) + "?q=1&r=2#frag"
    window.inspect(text)
    window.tabs.setCurrentWidget(window.editions)
    window.flush()
    view = window.editions
    view.setTextElideMode(Qt.TextElideMode.ElideRight)  # what the delegate overrides
    assert view.itemDelegate() is not None
    target = view.editions_model.table.row_ids.index("target")  # type: ignore[union-attr]
    line = view.fontMetrics().lineSpacing()
    assert view.rowHeight(target) >= 3 * line
    for row in range(view.model().rowCount()):
        assert view.rowHeight(row) >= view.sizeHintForRow(row)
    # a narrower column: the rows are measured again
    before = view.rowHeight(target)
    view.horizontalHeader().resizeSection(0, 110)
    QApplication.processEvents()
    assert view.rowHeight(target) > before
    for row in range(view.model().rowCount()):
        assert view.rowHeight(row) >= view.sizeHintForRow(row)


# --- the libraries' columns ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "column", "host", "differs"),
    [
        # urlsplit, httpx and curl read "evil.com\" as userinfo; browsers a "/"
        ("http://evil.com\\@good.com/", "reader:urllib", "good.com", True),
        ("http://evil.com\\@good.com/", "reader:httpx", "good.com", True),
        ("http://evil.com\\@good.com/", "reader:curl", "good.com", True),
        ("http://evil.com\\@good.com/", "reader:requests", "evil.com", False),
        ("http://evil.com\\@good.com/", "reader:urlopen", "evil.com\\@good.com", True),
        # another form of the same host is the same host
        ("http://0x7f.1/", "reader:urllib", "0x7f.1", False),
        ("http://0x7f.1/", "reader:curl", "127.0.0.1", False),
        ("HTTP://Good.COM/", "reader:curl", "Good.COM", False),
    ],
)
def test_a_library_column_is_marked_where_it_differs_from_the_browsers(
    window: MainWindow, text: str, column: str, host: str, differs: bool
) -> None:
    window.inspect(text)
    window.tabs.setCurrentWidget(window.editions)
    window.flush()
    view = window.editions
    model = view.editions_model
    table = model.table
    assert table is not None
    if table.cell("findings", column).text == "not installed":
        pytest.fail(table.cell("findings", column).tooltip)  # the test extra installs them
    index = model.index(table.row_ids.index("host"), table.column_ids.index(column))
    assert index.data() == (f"≠ {host}" if differs else host)
    assert (index.data(Qt.ItemDataRole.BackgroundRole) is not None) == differs
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert tip.split("\n")[0] == host
    assert ("differs from the browsers' column" in tip) == differs
    # its header names the library; it opens no document of the specs
    header = model.headerData(table.column_ids.index(column), Qt.Orientation.Horizontal)
    assert header.startswith(table.columns[table.column_ids.index(column)])
    assert view.citation_for(table.column_ids.index(column)) == ""


def test_a_library_that_refuses_the_url_says_so() -> None:
    table = editions_table(inspect("http://ev\til.com/", edition="rfc3986"))
    cell = table.cell("findings", "reader:curl")
    assert cell.text == "refuses it"
    assert cell.tooltip.endswith("refuses it: CURLUcode 21: Bad hostname")
    assert cell.differs  # browsers read it (they drop the tab)
    assert table.cell("host", "reader:curl").text == "—"
    assert table.cell("host", "reader:curl").tooltip.endswith("refuses: CURLUcode 21: Bad hostname")
    assert table.cell("host", "reader:urllib").text == "evil.com"  # urlsplit drops it too
    assert not table.cell("host", "reader:urllib").differs


def test_a_relative_reference_is_not_compared_with_the_libraries() -> None:
    table = editions_table(inspect("g;x?y#s", edition="rfc3986", base="http://a/b/c/d;p?q"))
    for column in table.column_ids:
        if column.startswith("reader:"):
            assert not any(row[table.column_ids.index(column)].differs for row in table.cells[:8])


LONG_HOST_URL = "https://accounts.google.com.signin.session.verify.attackerdomain.example/"
"""A host that reads as google.com when cut at its end."""


def _drawn(view: QAbstractItemView, index: QModelIndex, width: int) -> str:
    """The text a cell draws on one line *width* pixels wide, as the style elides it
    (the delegate's own option: its elide mode and text)."""
    option = QStyleOptionViewItem()
    view.itemDelegateForIndex(index).initStyleOption(option, index)  # type: ignore[attr-defined]
    metrics = QFontMetrics(option.font)
    return metrics.elidedText(option.text, option.textElideMode, width)


def test_a_long_host_keeps_its_registrable_domain_in_every_cell(window: MainWindow) -> None:
    """At the default window size the host cells are too narrow for this host: each
    shows its end (the registrable domain) after an ellipsis, never only its start;
    the tooltip has the whole host."""
    window.inspect(LONG_HOST_URL)
    window.tabs.setCurrentWidget(window.editions)
    window.flush()
    view = window.editions
    model = view.editions_model
    row = model.table.row_ids.index("host")  # type: ignore[union-attr]
    host = "accounts.google.com.signin.session.verify.attackerdomain.example"
    for column in range(model.columnCount()):
        index = model.index(row, column)
        width = view.columnWidth(column) - CELL_PADDING
        assert QFontMetrics(view.font()).horizontalAdvance(host) > width  # it must be cut
        drawn = _drawn(view, index, width)
        assert drawn.startswith("…"), drawn
        assert drawn.endswith("attackerdomain.example"), drawn
        assert str(index.data(Qt.ItemDataRole.ToolTipRole)).startswith(host)


def test_the_components_cells_keep_the_end_of_a_long_host(window: MainWindow) -> None:
    window.inspect(LONG_HOST_URL)
    window.flush()
    view = window.components.view
    model = window.components.model
    view.expandAll()
    start = LONG_HOST_URL.index("accounts")
    host_row = model.index_of_span(start, start + 5)
    assert host_row.data() == "host"
    for column in URL_TEXT_COLUMNS:
        index = host_row.siblingAtColumn(column)
        width = view.columnWidth(column) - CELL_PADDING
        drawn = _drawn(view, index, width)
        assert drawn.startswith("…"), drawn
        assert drawn.endswith("attackerdomain.example"), drawn
        assert "accounts.google.com.signin" in str(index.data(Qt.ItemDataRole.ToolTipRole))


def test_a_host_longer_than_a_cell_holds_is_cut_at_its_start() -> None:
    host = ".".join(["a" * 63] * 8) + ".attackerdomain.example"  # (labels of 63 at most)
    table = editions_table(inspect(f"https://{host}/", edition="rfc3986"))
    for column in table.column_ids:
        cell = table.cell("host", column)
        assert cell.text.startswith("…"), column
        assert cell.text.endswith(".attackerdomain.example"), column
        assert cell.tooltip.startswith(host[:100])


# --- the verdict row ------------------------------------------------------------------------

VERDICT_WORDS = ("valid", "invalid: ", "reads it", "rejects it", "refuses it", "not installed")
"""What a cell of the verdict row starts with: an edition's judgement, or a program's."""


@pytest.mark.parametrize(
    ("text", "base", "rfc3986", "whatwg", "curl", "whatwg_differs"),
    [
        ("http://example.com/", "", "valid", "reads it", "reads it", False),
        # (the note: the libraries that refuse it)
        (
            "http://ev\til.com/",
            "",
            "invalid: 1 error · 1 warning · 1 note",
            "reads it",
            "refuses it",
            True,
        ),
        ("http://[::1/", "", "invalid: 1 error · 1 note", "rejects it", "refuses it", False),
        (
            "http://user:pw@xn--pple-43d.com/%2e%2e/a",
            "",
            "valid · 5 warnings · 2 notes",  # (urlopen refuses it: "pw@..." is no port)
            "reads it",
            "reads it",
            False,
        ),
        ("g;x?y#s", "http://a/b/c/d;p?q", "valid", "reads it", "reads it", False),
    ],
)
def test_the_verdict_row_says_one_thing_across(
    text: str, base: str, rfc3986: str, whatwg: str, curl: str, whatwg_differs: bool
) -> None:
    table = editions_table(inspect(text, edition="rfc3986", base=base))
    assert table.rows[table.row_ids.index("findings")] == "verdict"
    row = dict(zip(table.column_ids, table.cells[table.row_ids.index("findings")], strict=True))
    assert (row["rfc3986"].text, row["whatwg"].text, row["reader:curl"].text) == (
        rfc3986,
        whatwg,
        curl,
    )
    assert row["whatwg"].differs == whatwg_differs
    for column, cell in row.items():
        assert cell.text.startswith(VERDICT_WORDS), (column, cell.text)
    # each tooltip opens with who judges and the same verdict
    assert row["rfc3986"].tooltip.startswith(f"{rfc3986.partition(':')[0].split(' ')[0]} under ")
    assert row["whatwg"].tooltip.startswith(f"browsers (the WHATWG URL Standard, by ada): {whatwg}")
    assert row["reader:curl"].tooltip.startswith("curl (libcurl ")  # named once
    assert ") (" not in row["reader:curl"].tooltip.split("\n")[0]
    assert f": {curl}" in row["reader:curl"].tooltip.split("\n")[0]


def test_the_verdict_rows_label_says_what_it_is(window: MainWindow) -> None:
    window.inspect("http://example.com/")
    window.tabs.setCurrentWidget(window.editions)
    window.flush()
    model = window.editions.editions_model
    table = model.table
    assert table is not None
    row = table.row_ids.index("findings")
    assert model.headerData(row, Qt.Orientation.Vertical) == "verdict"
    tip = model.headerData(row, Qt.Orientation.Vertical, Qt.ItemDataRole.ToolTipRole)
    assert "valid or invalid" in tip
    assert "read the URL or reject it" in tip


@pytest.mark.parametrize("text", ["http://u:s3cr3t@ev\til.com/", "http://u:s3cr3t@h:99999/"])
def test_the_verdicts_keep_the_password_masked(text: str) -> None:
    table = editions_table(inspect(text, edition="rfc3986"))
    for cell in table.cells[table.row_ids.index("findings")]:
        assert "s3cr3t" not in cell.text + cell.tooltip


def test_a_library_that_refuses_only_when_it_connects_says_so() -> None:
    # urllib3 parses a..b, then refuses the empty label where it would connect
    table = editions_table(inspect("http://a..b/", edition="rfc3986"))
    cell = table.cell("findings", "reader:urllib3")
    assert cell.text == "refuses it"
    assert cell.tooltip.endswith(
        "LocationParseError: Failed to parse: 'a..b', label empty or too long"
    )
    assert table.cell("host", "reader:curl").text == "a..b"  # (libcurl resolves the name)


def test_a_bracketed_user_name_in_a_librarys_host_is_shown_whole() -> None:
    table = editions_table(inspect("http://[::1]@evil.com/", edition="rfc3986"))
    assert table.cell("host", "reader:urlopen").text == "[::1]@evil.com"
