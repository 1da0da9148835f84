"""The Editions view reads every column by one rule: a relative reference with a
base as its target, resolved against the base (the editions, the browsers and the
libraries alike), without a base as it is written; the chosen edition is the
reference the others are compared with; each edition's findings are counted as the
status line counts them."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from urlinspector.core import EDITIONS
from urlinspector.gui.main_window import MainWindow
from urlinspector.present.editions_table import RESOLVED, WHATWG, WRITTEN, EditionsTable

BASE = "http://a/b/c/d;p?q"  # RFC 3986 §5.4
COMPONENTS = ("scheme", "user", "password", "host", "port", "path", "query", "fragment")
HORIZONTAL = Qt.Orientation.Horizontal


def _table(window: MainWindow, text: str, base: str = BASE, edition: str = "") -> EditionsTable:
    if edition:
        window.set_edition(edition)
    window.set_base(base)
    window.inspect(text)
    window.inspector.tabs.setCurrentWidget(window.inspector.editions)
    window.flush()
    table = window.inspector.editions.editions_model.table
    assert table is not None
    return table


def _headers(window: MainWindow) -> list[str]:
    model = window.inspector.editions.editions_model
    return [str(model.headerData(c, HORIZONTAL)) for c in range(model.columnCount())]


@pytest.mark.parametrize(
    ("reference", "host", "path"),
    [("g;x?y#s", "a", "/b/c/g;x"), ("../g", "a", "/b/g"), ("//x/y", "x", "/y")],
)
def test_every_column_reads_the_resolved_target(
    window: MainWindow, reference: str, host: str, path: str
) -> None:
    table = _table(window, reference)
    assert table.reading == RESOLVED
    for column in (*EDITIONS, WHATWG, "reader:urllib"):
        assert table.cell("scheme", column).text == "http", column
        assert table.cell("host", column).text == host, column
    for column in ("rfc3986", "rfc2396bis-2003", "url-syntax-1997", WHATWG):
        assert table.cell("path", column).text == path, column
    assert all(header.endswith("\n" + RESOLVED) for header in _headers(window))


def test_the_browsers_differences_in_a_target_are_marked(window: MainWindow) -> None:
    """RFC 3986 keeps a backslash in the path; browsers read it as a slash and so
    resolve ``..\\g`` elsewhere: their cells say so, their header counts it."""
    table = _table(window, "..\\g")
    assert table.cell("path", "rfc3986").text == "/b/c/..\\g"
    path = table.cell("path", WHATWG)
    assert path.text == "/b/g"
    assert path.differs
    assert "differs from the RFC 3986 column" in path.tooltip
    assert table.cell("target", WHATWG).differs
    whatwg = table.column_ids.index(WHATWG)
    assert "the same" not in _headers(window)[whatwg]


def test_a_relative_reference_without_a_base_is_read_as_written(window: MainWindow) -> None:
    table = _table(window, "../g", base="")
    assert table.reading == WRITTEN
    assert table.cell("path", "rfc3986").text == "../g"
    assert not any(table.cell(row, WHATWG).differs for row in table.row_ids)
    assert all(header.endswith("\n" + WRITTEN) for header in _headers(window))


def test_an_absolute_url_says_nothing_of_a_base(window: MainWindow) -> None:
    table = _table(window, "http://a/b", base=BASE)
    assert table.reading == ""
    assert not any("base" in header for header in _headers(window))


@pytest.mark.parametrize(
    ("edition", "title"), [("rfc1738", "RFC 1738"), ("url-syntax-1997", "URL syntax draft")]
)
def test_the_chosen_edition_is_the_reference(window: MainWindow, edition: str, title: str) -> None:
    table = _table(window, "g;x?y#s", edition=edition)
    headers = _headers(window)
    chosen = table.column_ids.index(edition)
    assert headers[chosen].split("\n")[1] == "the reference"
    assert [h for h in headers if "the reference" in h] == [headers[chosen]]
    differing = [c for row in table.cells for c in row if c.differs]
    assert differing  # RFC 1738's path has no leading slash; the 1997 draft's does
    for cell in differing:
        assert cell.tooltip.endswith(("browsers' column", f"differs from the {title} column"))
    assert not any(row[chosen].differs for row in table.cells)
    tip = window.inspector.editions.editions_model.headerData(
        0, HORIZONTAL, Qt.ItemDataRole.ToolTipRole
    )
    assert f"differ from the {title} column" in tip


def _counts(text: str) -> dict[str, int]:
    return {word: int(n) for n, word in re.findall(r"(\d+) (error|warning|note)", text)}


@pytest.mark.parametrize(
    ("text", "base"),
    [
        ("http://evil.com\\@good.com/", ""),
        ("//evil.com\\@good.com/", BASE),
        ("//\u0430pple.com/", BASE),  # a Cyrillic look-alike of apple.com
        ("//0x7f.1/", BASE),
        ("g;x?y#s", BASE),
        ("http://[::1]:80/a", ""),
    ],
)
@pytest.mark.parametrize("edition", ["rfc3986", "rfc1738"])
def test_the_chosen_columns_counts_are_the_status_lines(
    window: MainWindow, text: str, base: str, edition: str
) -> None:
    table = _table(window, text, base, edition)
    summary = window.address_area.summary.text()
    assert _counts(table.cell("findings", edition).text) == _counts(summary), summary
