"""The rows under the query and the fragment (:mod:`urlinspector.present.pieces`):
a long query is listed to the limit and the rest counted; the rows' text is the URL's."""

from __future__ import annotations

from urlinspector.core import parse
from urlinspector.present.anatomy import component_tree, decoded
from urlinspector.present.nodes import Node


def _query(text: str, limit: int | None) -> tuple[Node, ...]:
    (query,) = [n for n in component_tree(parse(text), limit) if n.name == "query"]
    return query.children


def test_a_long_query_is_listed_to_the_limit_and_the_rest_counted() -> None:
    rows = _query("https://a.example/?a=1&b=2&c=3&&e", 2)
    assert [r.name for r in rows] == ["a", "b", "… 3 more"]
    assert [r.name for r in _query("https://a.example/?a=1&b=2", 2)] == ["a", "b"]
    assert len(_query("https://a.example/?a=1&b=2&c=3&&e", None)) == 5


def test_no_rows_for_an_undefined_or_empty_query() -> None:
    assert _query("https://a.example/", None) == ()
    assert _query("https://a.example/?", None) == ()


def test_a_parameter_row_decodes_its_value_and_names_its_key() -> None:
    text = "https://a.example/?%6Bey=a%20b+c"
    (row,) = _query(text, None)
    value = decoded(parse(text), row)
    assert value is not None
    assert value.text == "a b c"  # the value only, '+' a space
    assert row.name == "key"
    assert row.raw == "%6Bey=a%20b+c"
    assert row.form
    assert row.folded
    assert [c.name for c in row.children] == ["key", "value"]
