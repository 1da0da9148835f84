"""The result records: fields by name and position, repr, equality, pickling."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from urlinspector.core import URL, parse
from urlinspector.core.checks import Findings, finding
from urlinspector.core.editions import DEFAULT_EDITION
from urlinspector.core.model import COMPONENT_NAMES, Diagnostic, HostKind, Part, SchemeParts
from urlinspector.core.specific import HPATH_RULE, HSEARCH_RULE, path_part, search_part
from urlinspector.core.specific.common import _diag, _part


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


def _finding_added(*fields: object) -> Diagnostic:
    found = Findings()
    found.add(*fields)  # type: ignore[arg-type]  # (the table's values, typed below)
    return found[0]


QUICK_BUILDERS = [
    pytest.param(
        lambda: _finding_added("c", "error", "syntax", (1, 2), "m", "r"),
        Diagnostic(
            code="c", severity="error", category="syntax", span=(1, 2), message="m", reference="r"
        ),
        id="Findings.add",
    ),
    pytest.param(
        lambda: _diag("c", "warning", 3, 4, "m", "r"),
        Diagnostic(
            code="c", severity="warning", category="scheme", span=(3, 4), message="m", reference="r"
        ),
        id="specific _diag",
    ),
    pytest.param(
        lambda: finding(
            code="c", severity="info", category="security", span=(5, 6), message="m", reference="r"
        ),
        Diagnostic(
            code="c", severity="info", category="security", span=(5, 6), message="m", reference="r"
        ),
        id="finding",
    ),
    pytest.param(
        lambda: _part(name="n", span=(1, 3), text="ab", role="separator", rule="r"),
        Part(name="n", span=(1, 3), text="ab", role="separator", rule="r"),
        id="specific _part",
    ),
    pytest.param(
        lambda: path_part((7, 9), "/a"),
        Part(name="path", span=(7, 9), text="/a", role="http-path", rule=HPATH_RULE),
        id="path_part",
    ),
    pytest.param(
        lambda: search_part((10, 11), "q"),
        Part(name="searchpart", span=(10, 11), text="q", role="http-search", rule=HSEARCH_RULE),
        id="search_part",
    ),
]


@pytest.mark.parametrize(("build", "expected"), QUICK_BUILDERS)
def test_the_quick_builders_give_what_the_keyword_constructor_gives(
    build: Callable[[], tuple[object, ...]], expected: tuple[object, ...]
) -> None:
    built = build()
    assert type(built) is type(expected)
    assert built._asdict() == expected._asdict()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "host_kind", "part_names"),
    [
        ("http://example.com/a?b", "reg-name", ("path", "searchpart")),  # (the web route)
        ("ftp://10.0.0.1/x;type=a", "ipv4", ("/", "name", ";type=", "typecode")),
        ("x/y", None, ()),
        ("<URL:news:a.b>", None, ("newsgroup-name",)),
        ("http://[::1", "ipv6", ("path",)),  # (unclosed: the general route)
    ],
)
def test_every_route_puts_each_field_in_its_place(
    text: str, host_kind: HostKind | None, part_names: tuple[str, ...]
) -> None:
    url = parse(text)
    assert type(url) is URL
    assert url.text == text
    assert url.edition is DEFAULT_EDITION
    assert len(url.spans) == len(COMPONENT_NAMES)
    assert url.host_kind == host_kind
    assert all(type(d) is Diagnostic for d in url.diagnostics)
    assert tuple(p.name for p in url.scheme_parts) == part_names
    assert all(type(p) is Part for p in url.scheme_parts)
    assert url.scheme_fields is None or isinstance(url.scheme_fields, dict)
