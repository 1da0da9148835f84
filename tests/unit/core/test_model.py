"""The result records: fields by name and position, repr, equality, pickling."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from urlinspector.core import URL, parse
from urlinspector.core._raw import parts
from urlinspector.core.checks import Findings
from urlinspector.core.editions import DEFAULT_EDITION, EDITION_IDS
from urlinspector.core.model import COMPONENT_NAMES, Diagnostic, HostKind, Part, SchemeParts
from urlinspector.core.specific import (
    HPATH_RULE,
    HSEARCH_RULE,
    FileFields,
    FtpFields,
    GopherFields,
    HttpFields,
    MailtoFields,
    NewsFields,
    NntpFields,
    ProsperoFields,
    SchemeFields,
    TelnetFields,
    WaisFields,
)
from urlinspector.core.specific.common import _diag
from urlinspector.core.specific.http import _http


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
    fields = FtpFields(user=None, password=None, cwd=(), name=b"", typecode=None)
    parts = SchemeParts(scheme="ftp", parts=(slash,), default_port=21, fields=fields)
    assert parts.parts == (slash,)
    assert tuple(parts) == (
        "ftp",
        (("/", (5, 6), "/", "separator", ""),),
        21,
        (None, None, (), b"", None),
    )
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
    assert isinstance(url.scheme_fields, GopherFields)
    assert url.scheme_fields.selector == b"sel"
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


PARSER_BUILDERS = [
    pytest.param(
        lambda: _finding_added("wrapper", "error", "syntax", (1, 2), "m", "r"),
        Diagnostic(
            code="wrapper",
            severity="error",
            category="syntax",
            span=(1, 2),
            message="m",
            reference="r",
        ),
        id="Findings.add",
    ),
    pytest.param(
        lambda: _diag("mailto-no-at", "warning", 3, 4, "m", "r"),
        Diagnostic(
            code="mailto-no-at",
            severity="warning",
            category="scheme",
            span=(3, 4),
            message="m",
            reference="r",
        ),
        id="specific _diag",
    ),
    pytest.param(
        lambda: parts((("n", (1, 3), "ab", "separator", "r"),))[0],
        Part(name="n", span=(1, 3), text="ab", role="separator", rule="r"),
        id="a part the parser keeps",
    ),
]


@pytest.mark.parametrize(("build", "expected"), PARSER_BUILDERS)
def test_the_parsers_builders_give_what_the_keyword_constructor_gives(
    build: Callable[[], tuple[object, ...]], expected: tuple[object, ...]
) -> None:
    built = build()
    assert type(built) is type(expected)
    assert built._asdict() == expected._asdict()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "path", "search"),
    [
        ("http://info.cern.ch/hypertext/WWW/TheProject.html", (19, 49), None),
        ("https://www.ietf.org/rfc/rfc2818.txt?x=1", (20, 36), (37, 40)),
        ("http://example.com", (18, 18), None),
        ("http://example.com?", (18, 18), (19, 19)),
        ("http:", (5, 5), None),
    ],
)
def test_the_http_parser_builds_what_the_keyword_constructors_build(
    text: str, path: tuple[int, int], search: tuple[int, int] | None
) -> None:
    url = parse(text)
    assert url.spans.path == path
    expected = [
        Part(name="path", span=path, text=text[slice(*path)], role="http-path", rule=HPATH_RULE)
    ]
    if search is not None:
        expected.append(
            Part(
                name="searchpart",
                span=search,
                text=text[slice(*search)],
                role="http-search",
                rule=HSEARCH_RULE,
            )
        )
    assert [p._asdict() for p in url.scheme_parts] == [p._asdict() for p in expected]
    assert all(type(p) is Part for p in url.scheme_parts)
    fields = HttpFields(
        path=text[slice(*path)], search=None if search is None else text[slice(*search)]
    )
    assert type(url.scheme_fields) is HttpFields
    assert url.scheme_fields._asdict() == fields._asdict()


@pytest.mark.parametrize(
    ("text", "host_kind", "part_names", "fields_class"),
    [
        # (the validating regex)
        ("http://example.com/a?b", "reg-name", ("path", "searchpart"), HttpFields),
        ("ftp://10.0.0.1/x;type=a", "ipv4", ("/", "name", ";type=", "typecode"), FtpFields),
        ("x/y", None, (), None),
        ("<URL:news:a.b>", None, ("newsgroup-name",), NewsFields),
        ("http://[::1", "ipv6", ("path",), HttpFields),  # (unclosed: appendix B)
    ],
)
def test_every_route_puts_each_field_in_its_place(
    text: str,
    host_kind: HostKind | None,
    part_names: tuple[str, ...],
    fields_class: type[SchemeFields] | None,
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
    assert type(url.scheme_fields) is (type(None) if fields_class is None else fields_class)


FIELDS_BY_SCHEME = [
    # RFC 1738 §3 and its references' own examples, one or more a scheme
    ("http://info.cern.ch/hypertext/WWW/TheProject.html", HttpFields),
    ("https://www.ietf.org/rfc/rfc2818.txt?x=1", HttpFields),
    ("HTTP://example.com", HttpFields),
    ("ftp://ftp.funet.fi/pub/doc/;type=d", FtpFields),
    ("ftp://myname@host.dom/%2Fetc/motd", FtpFields),
    ("gopher://gopher.floodgap.com/1/world", GopherFields),
    ("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", GopherFields),
    ("mailto:timbl@info.cern.ch", MailtoFields),
    ("news:comp.infosystems.www.misc", NewsFields),
    ("news:*", NewsFields),
    ("nntp://news.example.com/comp.infosystems.www.misc/12345", NntpFields),
    ("telnet://melvyl.ucop.edu/", TelnetFields),
    ("wais://quake.think.com/wais-discussion-archives?lynch", WaisFields),
    ("file://vms.host.edu/disk$user/my/notes/note12345.txt", FileFields),
    ("file:///etc/motd", FileFields),
    ("prospero://host.dom//pros/name", ProsperoFields),
    # schemes without a syntax of their own here, and references without a scheme
    ("gophers://h/1/", None),
    ("tn3270://h/", None),
    ("urn:isbn:0451450523", None),
    ("//h/x", None),
]


@pytest.mark.parametrize("fast_routes", [True, False])
@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize(("text", "fields_class"), FIELDS_BY_SCHEME)
def test_a_schemes_fields_are_its_own_record(
    text: str, fields_class: type[SchemeFields] | None, edition: str, fast_routes: bool
) -> None:
    url = parse(text, edition, fast_routes=fast_routes)
    assert type(url.scheme_fields) is (type(None) if fields_class is None else fields_class)
    specific = url.specific
    assert (specific is None) == (fields_class is None)
    if specific is not None:
        assert specific.fields is url.scheme_fields


@pytest.mark.parametrize(
    ("query", "names"),
    [((-1, -1), ()), ((1, 2), ("searchpart",))],
)
def test_the_http_parser_without_a_path_gives_only_what_is_there(
    query: tuple[int, int], names: tuple[str, ...]
) -> None:
    spans = tuple((-1, -1) if i != 9 else query for i in range(len(COMPONENT_NAMES)))
    raw_parts, fields, found = _http("?q", "http", spans, DEFAULT_EDITION)
    assert tuple(name for name, _, _, _, _ in raw_parts) == names
    assert fields == HttpFields(path=None, search=None if query[0] < 0 else "q")
    assert found == ()
