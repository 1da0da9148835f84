"""The fragment directive (``#:~:text=...``), read as WICG's URL Fragment Text Directives
parses it: the fragment browsers keep, each text directive's terms percent-decoded, the
other directives as written, every piece with its span; the spec's own examples."""

from __future__ import annotations

import pytest

from urlinspector.core import parse
from urlinspector.core.fragment_directive import (
    OtherDirective,
    TextDirective,
    fragment_directive,
)


def _terms(d: TextDirective) -> tuple[str | None, str | None, str | None, str | None]:
    return d.prefix, d.start, d.end, d.suffix


@pytest.mark.parametrize(
    ("fragment", "terms"),
    [
        # the spec's examples (§2.2 Syntax, §2.2.1 Context Terms)
        ("text=an%20example%20text%20fragment", (None, "an example text fragment", None, None)),
        ("text=an%20example,text%20fragment", (None, "an example", "text fragment", None)),
        (
            "text=this%20is-,an%20example,-text%20fragment",
            ("this is", "an example", None, "text fragment"),
        ),
        ("text=a-,b,c,-d", ("a", "b", "c", "d")),
        # UTF-8, as percent-encoded text
        ("text=%E5%BD%93%E5%89%8D-,%E9%A1%B5%E9%9D%A2", ("当前", "页面", None, None)),
        # octets that are not UTF-8: U+FFFD, as "UTF-8 decode without BOM"
        ("text=%FF", (None, "\ufffd", None, None)),
    ],
)
def test_text_directive_terms(fragment: str, terms: tuple[str | None, ...]) -> None:
    found = fragment_directive(parse("https://example.org/#:~:" + fragment))
    assert found is not None
    (directive,) = found.text_directives
    assert directive.valid
    assert _terms(directive) == terms


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("", "its start is empty"),
        ("a,b,c,d,e", "more than four"),
        ("a-", "a prefix and no start"),
        ("-a", "a suffix and no start"),
        ("a,b,c", "more than a start and an end"),
        ("a-b", "its start is empty or holds a '-'"),
        ("a,", "its end is empty"),
        ("-,a", "its prefix is empty"),
        ("a,-", "its suffix is empty"),
    ],
)
def test_invalid_text_directives_say_why(value: str, problem: str) -> None:
    found = fragment_directive(parse("https://example.org/#:~:text=" + value))
    assert found is not None
    (directive,) = found.text_directives
    assert not directive.valid
    assert directive.problem is not None
    assert directive.problem.startswith(problem)
    assert _terms(directive) == (None, None, None, None)
    assert directive.to_dict()["valid"] is False


def test_the_specs_example_of_several_directives() -> None:
    # §2.3: "Contains 2 text directives and one unknown directive."
    url = parse("https://example.com#:~:text=foo&text=bar&unknownDirective")
    found = fragment_directive(url)
    assert found is not None
    assert [d.start for d in found.text_directives] == ["foo", "bar"]
    assert found.other_directives == (OtherDirective(raw="unknownDirective", span=(41, 57)),)
    pieces = [(d.raw, d.span) for d in found.text_directives]
    pieces += [(d.raw, d.span) for d in found.other_directives]
    assert all(url.text[start:end] == raw for raw, (start, end) in pieces)


def test_the_fragment_browsers_keep() -> None:
    # §2.3.1: "https://example.org/#test:~:text=foo" has the fragment "test" and the
    # fragment directive "text=foo"
    url = parse("https://example.org/#test:~:text=foo")
    found = fragment_directive(url)
    assert found is not None
    assert found.fragment == "test"
    assert found.directive == "text=foo"
    assert url.text[found.delimiter_span[0] : found.delimiter_span[1]] == ":~:"
    assert url.text[found.span[0] : found.span[1]] == "text=foo"
    data = found.to_dict()
    assert "location.hash" in str(data["rule"])
    assert data["reference"] == "WICG URL Fragment Text Directives §2.3"


@pytest.mark.parametrize(
    "url",
    [
        "https://example.org/",
        "https://example.org/#",
        "https://example.org/#text=foo",  # no delimiter: an ordinary fragment
        "https://example.org/#a:~:",  # §2.3.1: nothing after the delimiter is no directive
        "https://example.org/?q=:~:text=foo",  # in the query, not the fragment
    ],
)
def test_no_directive(url: str) -> None:
    assert fragment_directive(parse(url)) is None


def test_only_the_first_delimiter_starts_it() -> None:
    found = fragment_directive(parse("https://e.example/#a:~:text=b:~:c&x:~:y"))
    assert found is not None
    assert found.fragment == "a"
    assert [d.raw for d in found.text_directives] == ["text=b:~:c"]
    assert [d.raw for d in found.other_directives] == ["x:~:y"]


def test_empty_directives_are_kept_as_written() -> None:
    # "strictly split" on "&": empty strings are directives too (unknown ones)
    found = fragment_directive(parse("https://e.example/#:~:&text=a&"))
    assert found is not None
    assert [d.raw for d in found.other_directives] == ["", ""]
    assert [d.start for d in found.text_directives] == ["a"]
