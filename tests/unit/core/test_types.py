"""The types mypy (strict, over tests/ too) sees in a parse result: each check is an
``assert_type`` that mypy fails when a field loses its type (to ``Any`` or another
type), and that also runs here, where it returns its argument."""

from __future__ import annotations

from collections.abc import Mapping
from typing import assert_type

import pytest

from urlinspector.core import URL, Diagnostic, Part, SchemeParts, parse
from urlinspector.core.editions import Edition
from urlinspector.core.model import HostKind, Severity, Span, Spans
from urlinspector.core.url import Segment

SAMPLES = (
    "http://example.com/a?b#c",
    "ftp://user:pw@ftp.example.org:2121/pub/file;type=i",
    "gopher://gopher.floodgap.com/1/world",
    "news:comp.lang.python",
    "x/y",
    "http://[::1",
)


@pytest.mark.parametrize("text", SAMPLES)
def test_the_fields_of_a_parsed_url_are_typed(text: str) -> None:
    url = assert_type(parse(text), URL)
    assert_type(url.text, str)
    assert_type(url.edition, Edition)
    assert_type(url.spans, Spans)
    assert_type(url.host_kind, HostKind | None)
    assert_type(url.diagnostics, tuple[Diagnostic, ...])
    assert_type(url.scheme_parts, tuple[Part, ...])
    assert_type(url.scheme_fields, Mapping[str, object] | None)
    assert_type(url.specific, SchemeParts | None)
    assert_type(url.segments, tuple[Segment, ...])
    assert_type(url.port_number, int | None)
    for component in (url.scheme, url.authority, url.userinfo, url.user, url.password):
        assert_type(component, str | None)
    for component in (url.host, url.port, url.path, url.query, url.fragment):
        assert_type(component, str | None)
    assert url.host == url.component(6)


@pytest.mark.parametrize("text", SAMPLES)
def test_diagnostics_and_parts_are_typed(text: str) -> None:
    url = parse(text)
    for d in url.diagnostics:
        assert_type(d.code, str)
        assert_type(d.severity, Severity)
        assert_type(d.span, Span)
        assert_type(d.message, str)
        assert_type(d.reference, str)
    for part in url.scheme_parts:
        assert_type(part.name, str)
        assert_type(part.span, Span)
        assert_type(part.text, str)
        assert_type(part.role, str)
        assert_type(part.rule, str)
        start, end = part.span
        assert url.text[start:end] == part.text
