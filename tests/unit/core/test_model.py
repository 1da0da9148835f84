"""The result records: fields by name and position, repr, equality, pickling."""

from __future__ import annotations

import pickle

import pytest

from urlinspector.core import parse
from urlinspector.core.model import Diagnostic, Part, SchemeParts


def test_fields_read_by_name_in_the_order_of_the_annotations() -> None:
    d = Diagnostic(
        code="password",
        severity="warning",
        category="security",
        span=(12, 18),
        message="clear text",
        reference="RFC 3986 §3.2.1",
    )
    assert Diagnostic._fields == ("code", "severity", "category", "span", "message", "reference")
    assert (d.code, d.severity, d.span) == ("password", "warning", (12, 18))
    assert d.reference == d[5]
    code, severity, *_ = d
    assert (code, severity) == ("password", "warning")


def test_a_part_reads_by_name_and_unpacks_in_the_order_of_its_fields() -> None:
    url = parse("ftp://host/pub/file;type=i")
    assert url.specific is not None
    cwd = url.specific.parts_named("cwd")[0]
    assert cwd == Part(
        name="cwd",
        span=(11, 14),
        text="pub",
        role="ftp-cwd",
        rule="fsegment (cwd), RFC 1738 §3.2.2 / §5",
    )
    name, span, text, role, rule = cwd
    assert (name, span, text, role, rule) == (cwd.name, cwd.span, cwd.text, cwd.role, cwd.rule)
    assert url.to_dict()["scheme_specific"]["parts"][1] == {  # (the first is the "/")
        "name": "cwd",
        "text": "pub",
        "decoded": "pub",
        "span": [11, 14],
        "role": "ftp-cwd",
        "rule": "fsegment (cwd), RFC 1738 §3.2.2 / §5",
    }


def test_repr_names_every_field() -> None:
    d = Diagnostic(
        code="password",
        severity="warning",
        category="security",
        span=(12, 18),
        message="clear text",
        reference="RFC 3986 §3.2.1",
    )
    assert repr(d) == (
        "Diagnostic(code='password', severity='warning', category='security', "
        "span=(12, 18), message='clear text', reference='RFC 3986 §3.2.1')"
    )


def test_a_record_is_an_immutable_tuple() -> None:
    slash = Part(name="/", span=(5, 6), text="/", role="separator", rule="")
    parts = SchemeParts(scheme="ftp", parts=(slash,), default_port=21, fields={})
    assert parts.parts == (slash,)
    assert tuple(parts) == ("ftp", (("/", (5, 6), "/", "separator", ""),), 21, {})
    with pytest.raises(AttributeError):
        parts.scheme = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        parts.extra = 1  # type: ignore[attr-defined]


def test_parse_results_survive_pickling() -> None:
    url = parse("gopher://example.org/0/a%09b")
    again = pickle.loads(pickle.dumps(url))
    assert type(again) is type(url)
    assert again.edition.id == url.edition.id  # (an edition pickles as a copy)
    assert (again.text, again.spans, again.host_kind) == (url.text, url.spans, url.host_kind)
    assert isinstance(again.specific, SchemeParts)
    assert url.specific is not None
    assert again.specific.parts == url.specific.parts
    assert again.diagnostics == url.diagnostics


def test_a_url_keeps_its_scheme_parts_and_fields_and_groups_them_when_asked() -> None:
    url = parse("GOPHER://h/0sel")
    assert url.scheme_parts[1:] == (
        ("gophertype", (11, 12), "0", "gopher-type", "gtype, RFC 1738 §3.4.1 / §5"),
        ("selector", (12, 15), "sel", "selector", "selector, RFC 1738 §3.4.1 / §5"),
    )
    assert url.scheme_fields is not None
    assert url.scheme_fields["selector"] == b"sel"
    # the scheme in lower case, its default port, the same parts and fields
    assert url.specific == SchemeParts(
        scheme="gopher", parts=url.scheme_parts, default_port=70, fields=url.scheme_fields
    )
    for text in ("foo:bar", "//h/x", "x/y"):  # no scheme-specific syntax, or no scheme
        assert (parse(text).scheme_parts, parse(text).scheme_fields) == ((), None)
        assert parse(text).specific is None
