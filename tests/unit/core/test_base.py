"""Establishing a base URL (URL syntax draft 1997 §5.1, RFC 2396bis draft 2003 §5.1): the layers,
their precedence, the HTML ``<BASE href>`` (case-insensitive), the headers (Content-Base over
Content-Location, which is resolved first when relative), the retrieval URL, the default."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core.base import LAYERS, EstablishedBase, establish_base, html_base_href
from urlinspector.core.resolution import BaseNotAbsoluteError, resolve

# URL syntax draft 1997 appendix D's example document (the HTML the spec texts' copies lost, as
# RFC 2396 and URL syntax draft 1997 print it)
APPENDIX_D = """<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
"""

HEADERS = {
    "Content-Base": "http://content-base.example/cb/",
    "Content-Location": "http://content-location.example/cl/",
}
EVERYTHING = {
    "explicit": "http://explicit.example/e/",
    "content": '<html><head><base href="http://content.example/c/"></head></html>',
    "headers": HEADERS,
    "retrieval_url": "http://retrieval.example/r/",
    "default": "http://default.example/d/",
}


def test_appendix_d_example() -> None:
    """URL syntax draft 1997 appendix D: "../x" in the example document is
    http://www.ics.uci.edu/Test/a/x "regardless of the context in which the example document was
    obtained"."""
    for context in (None, "http://elsewhere.example/page", "ftp://mirror.example/x/y"):
        base = establish_base(content=APPENDIX_D, retrieval_url=context)
        assert base is not None
        assert base.layer == "content"
        assert base.url == "http://www.ics.uci.edu/Test/a/b/c"
        assert resolve(base.url, "../x").target == "http://www.ics.uci.edu/Test/a/x"


def test_nothing_known_is_none() -> None:
    # URL syntax draft 1997 §5.1.4: the base is the empty string; references are taken as absolute
    assert establish_base() is None
    assert establish_base(content="<p>no base here</p>", headers={"X-Other": "1"}) is None
    assert establish_base(explicit="", retrieval_url="") is None


def test_layers_in_order_of_precedence() -> None:
    """Each layer wins over every layer outside it (URL syntax draft 1997 §5.1: "the innermost
    defined base URL has the highest precedence")."""
    kwargs: dict[str, object] = dict(EVERYTHING)
    headers = dict(HEADERS)
    seen = []
    for layer in LAYERS:
        base = establish_base(**kwargs)  # type: ignore[arg-type]
        assert base is not None
        assert base.layer == layer
        assert f"//{layer}.example/" in base.url
        seen.append(layer)
        # take this layer away: the next one out wins
        if layer == "explicit":
            del kwargs["explicit"]
        elif layer == "content":
            del kwargs["content"]
        elif layer in ("content-base", "content-location"):
            del headers["Content-Base" if layer == "content-base" else "Content-Location"]
            kwargs["headers"] = dict(headers)
        elif layer == "retrieval":
            del kwargs["retrieval_url"]
    assert seen == list(LAYERS)
    del kwargs["default"]
    assert establish_base(**kwargs) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("layer", LAYERS)
def test_every_layer_cites_the_texts(layer: str) -> None:
    kwargs = {
        "explicit": {"explicit": "http://h/"},
        "content": {"content": '<base href="http://h/">'},
        "content-base": {"headers": {"Content-Base": "http://h/"}},
        "content-location": {"headers": {"Content-Location": "http://h/"}},
        "retrieval": {"retrieval_url": "http://h/"},
        "default": {"default": "http://h/"},
    }[layer]
    base = establish_base(**kwargs)  # type: ignore[arg-type]
    assert isinstance(base, EstablishedBase)
    assert base.layer == layer
    assert base.url == "http://h/"
    assert "§5.1" in base.citation
    assert base.detail
    assert json.loads(json.dumps(base.to_dict()))["layer"] == layer


# --- the document's content ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "href"),
    [
        ('<BASE HREF="http://a/b/">', "http://a/b/"),  # names are case-insensitive
        ("<base href='http://a/b/'>", "http://a/b/"),
        ("<Base Href=http://a/b/>", "http://a/b/"),  # unquoted
        ('<base href="http://a/b/" />', "http://a/b/"),  # XHTML
        ('<base target="_top" href="  http://a/b/\n">', "http://a/b/"),  # whitespace trimmed
        ('<base href="http://a/?x=1&amp;y=2">', "http://a/?x=1&y=2"),  # character references
        ('<base target="_top"><base href="http://second/">', "http://second/"),
        ('<base href="http://first/"><base href="http://second/">', "http://first/"),
        ('<!-- <base href="http://commented/"> --><base href="http://real/">', "http://real/"),
        ("<script>document.write('<base href=\"http://script/\">')</script>", None),
        ("<p>base</p>", None),
        ("", None),
        ("<basefont href='http://a/'>", None),
    ],
)
def test_html_base_href(content: str, href: str | None) -> None:
    assert html_base_href(content) == href


def test_a_relative_base_href_is_resolved_against_the_layers_around_it() -> None:
    base = establish_base(content='<base href="../up/">', retrieval_url="http://h/d/e/f")
    assert base is not None
    assert base.layer == "content"
    assert base.url == "http://h/d/up/"
    assert "relative" in base.detail
    assert "appendix D" in base.detail
    # with nothing around it, it cannot be used
    assert establish_base(content='<base href="../up/">') is None


def test_broken_html_does_not_raise() -> None:
    for content in ("<base href=", "<base", "<<<>>>", "<base href='unterminated", "\x00<base"):
        html_base_href(content)  # no exception: a document is user data


# --- the headers ---------------------------------------------------------------------------


def test_content_base_takes_precedence_over_content_location() -> None:
    base = establish_base(
        headers={"Content-Location": "http://loc/", "Content-Base": "http://cb/"},
        retrieval_url="http://r/",
    )
    assert base is not None
    assert (base.layer, base.url) == ("content-base", "http://cb/")


def test_header_names_are_case_insensitive_and_whitespace_is_ignored() -> None:
    # URL syntax draft 1997 §5.1.1: "any whitespace inside the field value (including that used for
    # line folding) is ignored"
    base = establish_base(headers={"content-BASE": " http://www.ics.uci.edu/\r\n\tTest/a/b/c "})
    assert base is not None
    assert base.url == "http://www.ics.uci.edu/Test/a/b/c"


def test_a_relative_content_location_is_resolved_first() -> None:
    base = establish_base(
        headers={"Content-Location": "sub/page.html"}, retrieval_url="http://h/a/b"
    )
    assert base is not None
    assert base.layer == "content-location"
    assert base.url == "http://h/a/sub/page.html"
    assert "must be resolved" in base.detail
    # by the edition asked for: URL syntax draft 1997 keeps ".." above the root, RFC 3986 removes it
    kwargs = {"headers": {"Content-Location": "../../x"}, "retrieval_url": "http://h/a"}
    old = establish_base(**kwargs, edition="url-syntax-1997")  # type: ignore[arg-type]
    new = establish_base(**kwargs)  # type: ignore[arg-type]
    assert old is not None
    assert new is not None
    assert (old.url, new.url) == ("http://h/../../x", "http://h/x")


def test_a_relative_content_base_is_passed_over() -> None:
    # URL syntax draft 1997 §5.1.1: Content-Base = "Content-Base" ":" absoluteURL
    base = establish_base(
        headers={"Content-Base": "relative/", "Content-Location": "http://loc/"},
        retrieval_url="http://r/",
    )
    assert base is not None
    assert base.layer == "content-location"
    assert base.passed_over
    assert "Content-Base" in base.passed_over[0]
    assert "passed over" in base.detail


def test_a_relative_content_location_without_a_retrieval_url_is_passed_over() -> None:
    base = establish_base(headers={"Content-Location": "x/"}, default="http://default/")
    assert base is not None
    assert base.layer == "content-location"  # the default is a base to resolve against
    assert base.url == "http://default/x/"
    assert establish_base(headers={"Content-Location": "x/"}) is None


# --- what the caller states ----------------------------------------------------------------


@pytest.mark.parametrize("layer", ["explicit", "retrieval_url", "default"])
def test_a_stated_base_that_is_not_absolute_is_an_error(layer: str) -> None:
    with pytest.raises(BaseNotAbsoluteError, match="not absolute"):
        establish_base(**{layer: "relative/path"})  # type: ignore[arg-type]


def test_the_retrieval_url_after_redirects() -> None:
    base = establish_base(retrieval_url="http://final.example/after/redirects")
    assert base is not None
    assert base.layer == "retrieval"
    assert "redirect" in base.detail


@pytest.mark.parametrize("layer", ["explicit", "retrieval_url", "default"])
def test_a_fragment_is_no_part_of_a_base(layer: str) -> None:
    base = establish_base(**{layer: "http://h/p#frag"})  # type: ignore[arg-type]
    assert base is not None
    assert base.url == "http://h/p"
    assert "#frag" in base.detail
    assert "RFC 3986 §5.1" in base.detail


# --- any document ----------------------------------------------------------------------------


@given(st.text(max_size=200), st.dictionaries(st.text(max_size=20), st.text(max_size=40)))
def test_any_document_and_headers_never_raise(content: str, headers: dict[str, str]) -> None:
    base = establish_base(content=content, headers=headers, retrieval_url="http://r/x")
    assert base is not None
    assert base.layer in LAYERS
    assert "#" not in base.url
    # whatever was chosen is a usable base
    resolve(base.url, "g")
