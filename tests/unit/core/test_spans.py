"""The typed spans every reader sees, and the parser's own form kept to the parser."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from urlinspector.core import URL, parse
from urlinspector.core.model import COMPONENT_NAMES, Spans

SRC = Path(__file__).resolve().parents[3] / "src" / "urlinspector"

PARSER = ("core/parse.py", "core/url.py", "core/tables.py", "core/_raw.py")
PARSER_PACKAGES = ("core/checks/", "core/specific/")
"""The modules that may read the parser's own form of the spans (core/_raw.py)."""


def _imports_raw(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "urlinspector.core._raw":
            return True
        if (
            isinstance(node, ast.ImportFrom)
            and node.module == "urlinspector.core"
            and any(alias.name == "_raw" for alias in node.names)
        ):
            return True
        if isinstance(node, ast.Import) and any(
            alias.name == "urlinspector.core._raw" for alias in node.names
        ):
            return True
    return False


def test_only_the_parser_reads_its_own_form_of_the_spans() -> None:
    readers = sorted(str(path.relative_to(SRC)) for path in SRC.rglob("*.py") if _imports_raw(path))
    outside = [
        name for name in readers if name not in PARSER and not name.startswith(PARSER_PACKAGES)
    ]
    assert outside == []
    assert "core/parse.py" in readers  # (the test sees the imports it looks for)


def test_the_record_names_the_components() -> None:
    assert Spans._fields == COMPONENT_NAMES


@pytest.mark.parametrize(
    "text",
    ["ftp://u:p@h:21/a?b#c", "ftp://h/", "mailto:a@b", "//h", "?q", "", "<URL:http://h/>"],
)
def test_spans_are_typed_none_where_undefined(text: str) -> None:
    url = parse(text)
    spans = url.spans
    assert isinstance(spans, Spans)
    for name in COMPONENT_NAMES:
        span = getattr(spans, name)
        assert span == url.span(name)
        value = url.component(name)
        if span is None:
            assert value is None
        else:
            assert value == text[span[0] : span[1]]
    assert spans.uri == url.uri_span
    assert spans.path is not None


def test_an_undefined_component_is_none_an_empty_one_a_span() -> None:
    assert parse("ftp://h/").spans.userinfo is None
    assert parse("ftp://@h/").spans.userinfo == (6, 6)


def test_urls_compare_hash_and_pickle_by_everything_they_hold() -> None:
    url = parse("ftp://u:p@h:2121/a;type=i")
    same = parse("ftp://u:p@h:2121/a;type=i")
    assert url == same
    assert hash(url) == hash(same)
    assert url != parse("ftp://u:p@h:2121/a;type=i", "rfc1738")
    assert url != parse("ftp://u:p@h:2121/a;type=a")
    again = pickle.loads(pickle.dumps(url))
    # (an edition unpickled is a copy, and editions compare by identity)
    assert (again.text, again.edition.id, again.spans) == (url.text, "rfc3986", url.spans)
    assert (again.diagnostics, again.scheme_parts) == (url.diagnostics, url.scheme_parts)
    assert url.with_diagnostics(()) != url
    assert url.with_diagnostics(url.diagnostics) == url


def test_replace_takes_named_components_only() -> None:
    url = parse("http://h/a?q#f")
    assert url.replace(query=None).text == "http://h/a#f"
    assert url.replace(host="x", port="8080").text == "http://x:8080/a?q#f"
    assert url.replace().text == url.text
    with pytest.raises(TypeError):
        url.replace(authority="x", host="y")
    with pytest.raises(TypeError):
        url.replace(hots="x")  # type: ignore[call-arg]


def test_a_url_is_its_own_record_not_a_tuple() -> None:
    url = parse("http://h/")
    assert not isinstance(url, tuple)
    assert isinstance(url, URL)
