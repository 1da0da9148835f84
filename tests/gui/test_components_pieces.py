"""Components lists the query as a lossless list of parameters (a row per piece, its
value decoded, ``+`` a space only where the query is form-encoded) and the fragment's
directive (the fragment the page keeps, each text directive's terms decoded)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QGuiApplication

from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.models.components import ComponentsModel

Row = tuple[str, str, str]
"""A row's component, raw and decoded cells."""


def _cells(model: ComponentsModel, index: QModelIndex) -> Row:
    return tuple(index.siblingAtColumn(c).data() for c in range(3))


def _child(model: ComponentsModel, parent: QModelIndex, name: str) -> QModelIndex:
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        if index.data() == name:
            return index
    raise AssertionError(f"no row {name!r} under {parent.data()!r}")


def _top(model: ComponentsModel, name: str) -> QModelIndex:
    return _child(model, QModelIndex(), name)


def _children(model: ComponentsModel, parent: QModelIndex) -> list[Row]:
    return [_cells(model, model.index(r, 0, parent)) for r in range(model.rowCount(parent))]


def _rule(index: QModelIndex) -> str:
    return str(index.siblingAtColumn(4).data())


def _show(window: MainWindow, text: str) -> ComponentsModel:
    window.inspect(text)
    window.flush()
    return window.inspector.components.model


def test_the_query_is_a_row_per_piece_with_its_value_decoded(window: MainWindow) -> None:
    model = _show(window, "https://a.example/p?a=1&a=2&b=x+y&&c")
    query = _top(model, "query")
    assert _children(model, query) == [
        ("a", "a=1", "1"),
        ("a", "a=2", "2"),  # a repeated key: both kept, in order
        ("b", "b=x+y", "x y"),  # the form encoding: '+' is a space
        ("(empty piece)", '""', ""),
        ("c", "c", "c"),  # no '=': its key
    ]
    rules = [_rule(model.index(r, 0, query)) for r in range(model.rowCount(query))]
    assert all("WHATWG URL §5.1" in rule for rule in rules)
    assert "'+' read as a space" in rules[2]
    assert "skips it" in rules[3]
    # each parameter's key and value are rows under it, shown closed
    b = model.index(2, 0, query)
    assert _children(model, b) == [("key", "b", "b"), ("value", "x+y", "x y")]
    view = window.inspector.components.view
    assert view.isExpanded(query)
    assert not view.isExpanded(b)


def test_copying_a_parameter_copies_it_as_written_or_its_value(window: MainWindow) -> None:
    model = _show(window, "https://a.example/p?a=1&a=2&b=x+y&&c")
    panel = window.inspector.components
    b = model.index(2, 0, _top(model, "query"))
    panel.view.setCurrentIndex(b)
    assert panel.copy_raw() == "b=x+y"
    assert QGuiApplication.clipboard().text() == "b=x+y"
    assert panel.copy_decoded() == "x y"
    assert QGuiApplication.clipboard().text() == "x y"


def test_a_plus_stays_a_plus_where_the_query_is_not_form_encoded(window: MainWindow) -> None:
    for text, key in (("gopher://h/1?x+y", "x+y"), ("mailto:a@b.example?subject=x+y", "subject")):
        model = _show(window, text)
        query = _top(model, "query")
        ((name, _raw, value),) = _children(model, query)
        assert name == key
        assert value == "x+y"
        assert "'+' stays '+'" in _rule(model.index(0, 0, query))
    model = _show(window, "https://a.example/?subject=x+y")  # the same piece, form-encoded
    assert _children(model, _top(model, "query")) == [("subject", "subject=x+y", "x y")]


def test_the_fragment_directive_and_its_text_directive(window: MainWindow) -> None:
    model = _show(window, "https://a.example/#sec:~:text=pre-,start,end,-suf&other=1")
    fragment = _top(model, "fragment")
    assert _children(model, fragment) == [
        ("location.hash", "sec", "sec"),
        ("directive", "text=pre-,start,end,-suf&other=1", ""),
    ]
    directive = _child(model, fragment, "directive")
    rule = _rule(directive)
    assert "location.hash" in rule
    assert "nothing of it is sent to the server" in rule
    assert "WICG URL Fragment Text Directives §2.3" in rule
    assert _children(model, directive) == [
        ("text directive", "text=pre-,start,end,-suf", ""),
        ("other", "other=1", "other=1"),
    ]
    text = _child(model, directive, "text directive")
    assert _children(model, text) == [
        ("prefix", "pre", "pre"),
        ("start", "start", "start"),
        ("end", "end", "end"),
        ("suffix", "suf", "suf"),
    ]
    assert all(
        "WICG URL Fragment Text Directives §2.4" in _rule(model.index(r, 0, text)) for r in range(4)
    )
    view = window.inspector.components.view
    assert view.isExpanded(directive)
    assert view.isExpanded(text)  # the terms show


def test_terms_decode_as_utf8_and_an_invalid_directive_says_why(window: MainWindow) -> None:
    window.inspector.components.set_charset("iso-8859-1")  # (the terms are UTF-8 whatever it says)
    model = _show(window, "https://a.example/#:~:text=a-b&text=caf%C3%A9,-x%2Dy")
    directive = _child(model, _top(model, "fragment"), "directive")
    ignored = _child(model, directive, "text 1 (ignored)")
    assert "its start is empty or holds a '-'" in _rule(ignored)
    text = _child(model, directive, "text 2")
    assert _children(model, text) == [("start", "caf%C3%A9", "café"), ("suffix", "x%2Dy", "x-y")]
