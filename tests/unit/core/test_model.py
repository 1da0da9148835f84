"""The result records: fields by name and position, repr, equality, pickling."""

from __future__ import annotations

import pickle

import pytest

from urlinspector.core import parse
from urlinspector.core.model import Diagnostic, Part, Record, SchemeParts, record


def test_fields_read_by_name_in_the_order_of_the_annotations() -> None:
    part = Part(("cwd", (6, 9), "pub", "ftp-cwd", "fsegment (cwd), 000 §3.2.2 / §5"))
    assert Part._fields == ("name", "span", "raw", "role", "rule")
    assert (part.name, part.span, part.raw, part.role) == ("cwd", (6, 9), "pub", "ftp-cwd")
    assert part.rule == part[4]
    name, span, *_ = part
    assert (name, span) == ("cwd", (6, 9))


def test_repr_names_every_field() -> None:
    d = Diagnostic(("password", "warning", "security", (12, 18), "clear text", "RFC 3986 §3.2.1"))
    assert repr(d) == (
        "Diagnostic(code='password', severity='warning', category='security', "
        "span=(12, 18), message='clear text', reference='RFC 3986 §3.2.1')"
    )


def test_a_record_is_an_immutable_tuple() -> None:
    part = Part(("/", (5, 6), "/", "separator", ""))
    assert part == ("/", (5, 6), "/", "separator", "")
    assert hash(part) == hash(("/", (5, 6), "/", "separator", ""))
    with pytest.raises(AttributeError):
        part.name = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        part.extra = 1  # type: ignore[attr-defined]


def test_a_subclass_adds_its_fields_after_those_of_its_base() -> None:
    @record
    class Base(Record):
        __slots__ = ()
        a: int

    @record
    class Derived(Base):
        __slots__ = ()
        b: str

    d = Derived((1, "x"))
    assert Derived._fields == ("a", "b")
    assert (d.a, d.b) == (1, "x")
    assert repr(d) == "Derived(a=1, b='x')"


def test_parse_results_survive_pickling() -> None:
    url = parse("gopher://example.org/0/a%09b")
    again = pickle.loads(pickle.dumps(url))
    assert type(again) is type(url)
    assert again.edition.id == url.edition.id  # (an edition pickles as a copy)
    assert (again.text, again.spans, again.host_kind) == (url.text, url.spans, url.host_kind)
    assert isinstance(again.specific, SchemeParts)
    assert again.specific.parts == url.specific.parts
    assert again.diagnostics == url.diagnostics
