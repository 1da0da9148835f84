"""The query as a lossless list: every piece in order, repeated keys kept, ``raw``
joined by ``&`` giving the query back byte for byte, spans into the text, and ``+``
read as a space only under the form encoding of the HTTP schemes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import EDITION_IDS, parse
from urlinspector.core.query import QueryParam, query_params, without_params


def test_pieces_in_order_with_repeats_and_spans() -> None:
    url = parse("https://a.example/p?q=a+b%2Bc&q=2&&flag&x=%E9")
    params = query_params(url)
    assert params == (
        QueryParam(key="q", value="a b+c", raw="q=a+b%2Bc", span=(20, 29), form_encoded=True),
        QueryParam(key="q", value="2", raw="q=2", span=(30, 33), form_encoded=True),
        QueryParam(key="", value=None, raw="", span=(34, 34), form_encoded=True),
        QueryParam(key="flag", value=None, raw="flag", span=(35, 39), form_encoded=True),
        # an octet that is not UTF-8 shows as \xNN, as the query's own "decoded" does
        QueryParam(key="x", value="\\xe9", raw="x=%E9", span=(40, 45), form_encoded=True),
    )
    assert "&".join(p.raw for p in params) == url.query
    assert all(url.text[p.span[0] : p.span[1]] == p.raw for p in params)


def test_the_charset_is_the_querys() -> None:
    url = parse("https://a.example/?x=%E9")
    (param,) = query_params(url, charset="latin-1") or ()
    assert param.value == "é"


@pytest.mark.parametrize(
    ("url", "form", "value"),
    [
        ("http://a.example/?s=a+b", True, "a b"),
        ("https://a.example/?s=a+b", True, "a b"),
        ("wss://a.example/?s=a+b", True, "a b"),
        # not the HTTP schemes: "+" is a "+" (RFC 6068 §2 for mailto: "+" is no space)
        ("mailto:a@example.com?subject=a+b", False, "a+b"),
        ("gopher://a.example/1?s=a+b", False, "a+b"),
        ("foo://a.example/?s=a+b", False, "a+b"),
    ],
)
def test_plus_is_a_space_only_in_the_form_encoding(url: str, form: bool, value: str) -> None:
    (param,) = query_params(parse(url)) or ()
    assert param.form_encoded is form
    assert param.value == value
    assert param.to_dict()["form_encoded"] is form


def test_no_query_and_an_empty_one() -> None:
    assert query_params(parse("https://a.example/")) is None
    assert query_params(parse("https://a.example/?")) == ()
    assert query_params(parse("https://a.example/?#f")) == ()


def test_the_query_of_the_edition() -> None:
    # RFC 1738 gives a query to http only: an ftp URL's "?" is part of its path
    assert query_params(parse("ftp://a.example/x?y=1", "rfc1738")) is None
    (param,) = query_params(parse("ftp://a.example/x?y=1", "rfc3986")) or ()
    assert (param.key, param.value) == ("y", "1")


def test_spans_inside_a_wrapper() -> None:
    url = parse("<URL:https://a.example/?a=1&b=2>")
    params = query_params(url) or ()
    assert [url.text[p.span[0] : p.span[1]] for p in params] == ["a=1", "b=2"]


def test_without_params_keeps_every_other_character() -> None:
    url = parse("https://a.example/?a=%41&utm_source=x&b=1+2&utm_medium=y#f")
    text, removed = without_params(url, query_params(url) or (), lambda p: p.key.startswith("utm"))
    assert text == "https://a.example/?a=%41&b=1+2#f"
    assert [p.key for p in removed] == ["utm_source", "utm_medium"]
    # all of them: the "?" goes too
    text, _ = without_params(url, query_params(url) or (), lambda p: True)
    assert text == "https://a.example/#f"
    # none: the text as it is
    assert without_params(url, query_params(url) or (), lambda p: False) == (url.text, ())


_PIECE = st.text(alphabet="ab=+%2BE9é&;?/ \t", max_size=12)


@given(query=st.lists(_PIECE, max_size=6).map("&".join), edition=st.sampled_from(EDITION_IDS))
def test_the_raw_pieces_rebuild_the_query(query: str, edition: str) -> None:
    url = parse(f"http://a.example/p?{query}", edition)
    params = query_params(url)
    if url.query is None:
        assert params is None
        return
    assert params is not None
    assert "&".join(p.raw for p in params) == url.query
    for p in params:
        assert url.text[p.span[0] : p.span[1]] == p.raw
        assert (p.value is None) == ("=" not in p.raw)
