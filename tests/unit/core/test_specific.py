"""Tests for urlinspector.core.specific: the scheme-specific syntax of RFC 1738 §3, §5 (and
RFC 1738 summary (zh) §5, URL draft 1993), over spans built here with the RFC 3986 appendix B regex,
so these tests do not depend on the generic parser."""

from __future__ import annotations

from collections.abc import Mapping
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlinspector.core._raw import (
    AUTHORITY,
    FRAGMENT,
    HOST,
    PASSWORD,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    UNDEFINED,
    URI,
    USER,
    USERINFO,
    typed,
)
from urlinspector.core.editions import EDITION_IDS, EDITIONS, Edition
from urlinspector.core.grammar import APPENDIX_B
from urlinspector.core.model import Diagnostic, Part, SchemeParts, Span, Spans
from urlinspector.core.specific import (
    SCHEME_PARSERS,
    FileFields,
    FtpFields,
    GopherFields,
    HttpFields,
    MailtoFields,
    NewsFields,
    NewsKind,
    NntpFields,
    ProsperoFields,
    SchemeFields,
    TelnetFields,
    WaisFields,
    parse_specific,
)

# --- spans without the parser ------------------------------------------------------------


def make_spans(text: str, edition: Edition) -> Spans:
    """The generic split of *text*: appendix B, then userinfo@host:port (last "@",
    first ":" in the userinfo, host up to ":"), then the edition's two differences:
    ``query_schemes`` (a "?" stays in the path) and ``path_after_slash``."""
    m = APPENDIX_B.match(text)
    assert m is not None  # every group is optional
    spans: list[Span] = [UNDEFINED] * 11
    spans[URI] = (0, len(text))
    spans[SCHEME] = m.span(2)
    spans[AUTHORITY] = m.span(4)
    spans[PATH] = m.span(5)
    spans[QUERY] = m.span(7)
    spans[FRAGMENT] = m.span(9)
    a0, a1 = spans[AUTHORITY]
    if a0 >= 0:
        host_start = a0
        at = text.rfind("@", a0, a1)
        if at >= 0:
            spans[USERINFO] = (a0, at)
            colon = text.find(":", a0, at)
            if colon >= 0:
                spans[USER] = (a0, colon)
                spans[PASSWORD] = (colon + 1, at)
            else:
                spans[USER] = (a0, at)
            host_start = at + 1
        colon = text.find(":", host_start, a1)
        if colon >= 0:
            spans[HOST] = (host_start, colon)
            spans[PORT] = (colon + 1, a1)
        else:
            spans[HOST] = (host_start, a1)
    s0, s1 = spans[SCHEME]
    scheme = text[s0:s1].lower() if s0 >= 0 else None
    p0, p1 = spans[PATH]
    if not edition.splits_query(scheme) and spans[QUERY][0] >= 0:
        p1 = spans[QUERY][1]
        spans[QUERY] = UNDEFINED
    if edition.path_after_slash and a0 >= 0 and p0 < p1 and text[p0] == "/":
        p0 += 1
    spans[PATH] = (p0, p1)
    return typed(tuple(spans))


def run(text: str, edition: str = "rfc3986") -> tuple[SchemeParts, tuple[Diagnostic, ...]]:
    ed = EDITIONS[edition]
    spans = make_spans(text, ed)
    assert spans.scheme is not None
    scheme = text[spans.scheme[0] : spans.scheme[1]].lower()
    result, diags = parse_specific(text, scheme, spans, ed)
    assert result is not None
    check_invariants(text, result, diags)
    return result, diags


_F = TypeVar("_F", bound=SchemeFields)


def fields_of(result: SchemeParts, cls: type[_F]) -> _F:
    """The result's fields, which must be *cls*'s record (not merely an equal tuple)."""
    fields = result.fields
    assert isinstance(fields, cls)
    assert type(fields) is cls
    return fields


def check_fields(result: SchemeParts, cls: type[SchemeFields], expected: Mapping[str, Any]) -> None:
    """The result's fields are *cls*'s record and hold the *expected* values (by field
    name; ``_replace`` refuses a name the record does not have)."""
    fields = fields_of(result, cls)
    assert fields._replace(**expected) == fields


ROLES = {
    "gopher-type",
    "selector",
    "search",
    "gopher-plus",
    "ftp-cwd",
    "ftp-name",
    "ftp-typecode",
    "news-group",
    "message-id",
    "article-number",
    "mail-address",
    "wais-database",
    "wais-type",
    "wais-path",
    "hsoname",
    "prospero-field",
    "prospero-version",
    "file-path",
    "http-path",
    "http-search",
    "telnet-slash",
    "separator",
}


def check_invariants(text: str, result: SchemeParts | None, diags: tuple[Diagnostic, ...]) -> None:
    if result is None:
        assert diags == ()
        return
    for part in result.parts:
        assert type(part) is Part, part
        _, (start, end), raw, role, rule = part
        assert 0 <= start <= end <= len(text), part
        assert text[start:end] == raw, part
        assert role in ROLES, part
        assert rule, part
    starts = [span for _, span, _, _, _ in result.parts]
    assert starts == sorted(starts), "parts come in text order"
    for d in diags:
        start, end = d.span
        assert 0 <= start <= end <= len(text), d
        assert d.category == "scheme"
        assert d.severity in ("error", "warning", "info")
        assert d.message
        assert d.reference


def parts_of(result: SchemeParts) -> list[tuple[str, str]]:
    return [(name, raw) for name, _, raw, _, _ in result.parts]


def codes(diags: tuple[Diagnostic, ...]) -> set[str]:
    return {d.code for d in diags}


ALL = EDITION_IDS
OLD = ("rfc1738", "url-1993")  # the "/" after host[:port] is not in the path span
NEW = ("rfc3986", "rfc2396bis-2003", "url-syntax-1997")
BY_000 = ("rfc3986", "rfc2396bis-2003", "url-syntax-1997", "rfc1738")  # not URL draft 1993


def test_dispatch_is_a_table_of_the_000_schemes() -> None:
    assert set(SCHEME_PARSERS) == {
        "ftp",
        "http",
        "https",
        "gopher",
        "mailto",
        "news",
        "nntp",
        "telnet",
        "wais",
        "file",
        "prospero",
    }


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize("text", ["foo://bar/x", "urn:isbn:0", "x-y:z", "data:,hi"])
def test_schemes_without_specific_syntax(text: str, edition: str) -> None:
    ed = EDITIONS[edition]
    spans = make_spans(text, ed)
    scheme = text.split(":", 1)[0]
    assert parse_specific(text, scheme, spans, ed) == (None, ())


# --- ftp: RFC 1738 §3.2 --------------------------------------------------------------------------

FTP = [
    # RFC 1738 §3.2.2: "%2F" stays inside its cwd argument
    (
        "ftp://myname@host.dom/%2Fetc/motd",
        {"user": b"myname", "password": None, "cwd": (b"/etc",), "name": b"motd"},
        [("/", "/"), ("cwd", "%2Fetc"), ("/", "/"), ("name", "motd")],
    ),
    (
        "ftp://myname@host.dom/etc/motd",
        {"cwd": (b"etc",), "name": b"motd", "typecode": None},
        [("/", "/"), ("cwd", "etc"), ("/", "/"), ("name", "motd")],
    ),
    # "CWD " with a null argument, then "CWD etc", then "RETR motd"
    (
        "ftp://myname@host.dom//etc/motd",
        {"cwd": (b"", b"etc"), "name": b"motd"},
        [("/", "/"), ("cwd", ""), ("/", "/"), ("cwd", "etc"), ("/", "/"), ("name", "motd")],
    ),
    ("ftp://host/", {"cwd": (), "name": b"", "typecode": None}, [("/", "/"), ("name", "")]),
    ("ftp://host", {"cwd": (), "name": None, "typecode": None}, []),
    # RFC 1738 §3.1: empty user vs no user; user "foo" with an empty password
    ("ftp://@host.com/", {"user": b"", "password": None}, [("/", "/"), ("name", "")]),
    ("ftp://host.com/", {"user": None, "password": None}, [("/", "/"), ("name", "")]),
    ("ftp://foo:@host.com/", {"user": b"foo", "password": b""}, [("/", "/"), ("name", "")]),
    ("ftp://a%40b:p%3Aw@host/", {"user": b"a@b", "password": b"p:w"}, [("/", "/"), ("name", "")]),
    # RFC 1738 appendix: the typecode (§3.2.3)
    (
        "ftp://info.cern.ch/pub/www/doc;type=d",
        {"cwd": (b"pub", b"www"), "name": b"doc", "typecode": "d"},
        [
            ("/", "/"),
            ("cwd", "pub"),
            ("/", "/"),
            ("cwd", "www"),
            ("/", "/"),
            ("name", "doc"),
            (";type=", ";type="),
            ("typecode", "d"),
        ],
    ),
    ("ftp://ds.internic.net/rfc", {"cwd": (), "name": b"rfc"}, [("/", "/"), ("name", "rfc")]),
    (
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        {"cwd": (b"pub", b"wais", b"doc"), "name": b"doc-ids.txt", "typecode": None},
        None,
    ),
    ("ftp://h/f.txt;type=I", {"name": b"f.txt", "typecode": "i"}, None),
    ("ftp://h/f.txt;TYPE=a", {"name": b"f.txt", "typecode": "a"}, None),
    (
        "ftp://h/;type=d",
        {"cwd": (), "name": b"", "typecode": "d"},
        [("/", "/"), ("name", ""), (";type=", ";type="), ("typecode", "d")],
    ),
    ("ftp://h/a%3Bb", {"name": b"a;b"}, [("/", "/"), ("name", "a%3Bb")]),
    # fsegment holds "?": whether or not the edition split a query off
    ("ftp://h/dir/a?b", {"cwd": (b"dir",), "name": b"a?b"}, None),
]


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(("text", "fields", "parts"), FTP)
def test_ftp(
    text: str, fields: dict[str, object], parts: list[tuple[str, str]] | None, edition: str
) -> None:
    result, diags = run(text, edition)
    assert result.scheme == "ftp"
    assert result.default_port == 21
    check_fields(result, FtpFields, fields)
    if parts is not None:
        assert parts_of(result) == parts
    assert diags == ()


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "code", "span_text", "fields"),
    [
        ("ftp://h/a;type=x", "ftp-typecode-invalid", ";type=x", {"typecode": None}),
        ("ftp://h/a;type=", "ftp-typecode-invalid", ";type=", {"typecode": None}),
        ("ftp://h/a;type=ii", "ftp-typecode-invalid", ";type=ii", {"typecode": None}),
        ("ftp://h/a;b/c", "ftp-semicolon-unescaped", ";", {"cwd": (b"a;b",), "name": b"c"}),
        ("ftp:foo/bar", "scheme-requires-authority", "foo/bar", {"name": None}),
        ("ftp:///x", "scheme-requires-host", "//", {"name": b"x"}),
    ],
)
def test_ftp_diagnostics(
    text: str, code: str, span_text: str, fields: dict[str, object], edition: str
) -> None:
    result, diags = run(text, edition)
    assert codes(diags) == {code}
    (d,) = diags
    assert text[d.span[0] : d.span[1]] == span_text
    check_fields(result, FtpFields, fields)


def test_ftp_typecode_invalid_is_an_error_quoting_the_text() -> None:
    _, (d,) = run("ftp://h/a;type=x")
    assert d.severity == "error"
    assert "'x'" in d.message
    assert d.reference.startswith("RFC 1738 §3.2.2")


def test_ftp_text_after_host_without_slash() -> None:
    result, diags = run("ftp://h?x")
    assert codes(diags) == {"scheme-slash-missing"}
    assert fields_of(result, FtpFields).name is None
    assert result.parts == ()


# --- http, https: RFC 1738 §3.3 ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "edition", "path", "search"),
    [
        (
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            "rfc3986",
            "/hypertext/WWW/TheProject.html",
            None,
        ),
        (
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            "rfc1738",
            "hypertext/WWW/TheProject.html",
            None,
        ),
        (
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            "url-1993",
            "hypertext/WWW/TheProject.html",
            None,
        ),
        ("http://h/p?q=1", "rfc3986", "/p", "q=1"),
        ("http://h/p?q=1", "rfc1738", "p", "q=1"),
        ("http://h/?", "rfc3986", "/", ""),
        ("http://h", "rfc3986", "", None),
        ("http://h", "rfc1738", "", None),
        ("https://h/a%20b", "rfc3986", "/a%20b", None),
    ],
)
def test_http(text: str, edition: str, path: str, search: str | None) -> None:
    result, diags = run(text, edition)
    assert diags == ()
    assert fields_of(result, HttpFields) == HttpFields(path=path, search=search)
    assert result.default_port == (443 if text.startswith("https") else 80)
    expected = [("path", path)] + ([("searchpart", search)] if search is not None else [])
    assert parts_of(result) == expected
    assert [role for _, _, _, role, _ in result.parts] == ["http-path", "http-search"][
        : len(expected)
    ]


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "code", "severity"),
    [
        ("http:foo", "scheme-requires-authority", "error"),
        ("https:", "scheme-requires-authority", "error"),
        ("http:///x", "scheme-requires-host", "error"),
        ("http://u:p@h/", "scheme-userinfo-not-allowed", "warning"),
        ("https://@h/", "scheme-userinfo-not-allowed", "warning"),
    ],
)
def test_http_diagnostics(text: str, code: str, severity: str, edition: str) -> None:
    _, diags = run(text, edition)
    assert [(d.code, d.severity) for d in diags] == [(code, severity)]


def test_http_userinfo_span_covers_the_at_sign() -> None:
    text = "http://user:pw@h/"
    _, (d,) = run(text)
    assert text[d.span[0] : d.span[1]] == "user:pw@"


# --- gopher: RFC 1738 §3.4 -----------------------------------------------------------------------

_NO_PLUS = {
    "gopher_plus": None,
    "gopher_plus_kind": None,
    "attributes": None,
    "view": None,
    "language": None,
    "ask_values": None,
}
ASK = "+%091%0D%0A+-1%0D%0Avalue%201%0D%0Avalue%202%0D%0A.%0D%0A"

GOPHER = [
    # RFC 1738 §3.4.1, RFC 1738 summary (zh): the selector begins with a copy of the gophertype
    (
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        {
            "gophertype": "0",
            "gophertype_defaulted": False,
            "selector": b"0/Weather/California/Los Angeles",
            "search": None,
            **_NO_PLUS,
        },
        [("/", "/"), ("gophertype", "0"), ("selector", "0/Weather/California/Los%20Angeles")],
    ),
    (
        "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/",
        {"gophertype": "1", "selector": b"1/Mailing Lists/", "search": None},
        [("/", "/"), ("gophertype", "1"), ("selector", "1/Mailing%20Lists/")],
    ),
    # URL draft 1993 references
    (
        "gopher://gopher.micro.umn.edu/00",
        {"gophertype": "0", "selector": b"0"},
        [("/", "/"), ("gophertype", "0"), ("selector", "0")],
    ),
    # the gopher-path may be empty: gophertype "1", the "/" optional
    ("gopher://h", {"gophertype": "1", "gophertype_defaulted": True, "selector": b""}, []),
    (
        "gopher://h/",
        {"gophertype": "1", "gophertype_defaulted": True, "selector": b""},
        [("/", "/")],
    ),
    (
        "gopher://h/1",
        {"gophertype": "1", "gophertype_defaulted": False, "selector": b""},
        [("/", "/"), ("gophertype", "1"), ("selector", "")],
    ),
    # gtype = xchar: an escape is one gtype
    (
        "gopher://h/%2Bsel",
        {"gophertype": "+", "selector": b"sel"},
        [("/", "/"), ("gophertype", "%2B"), ("selector", "sel")],
    ),
]


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(("text", "fields", "parts"), GOPHER)
def test_gopher(
    text: str, fields: dict[str, object], parts: list[tuple[str, str]] | None, edition: str
) -> None:
    result, diags = run(text, edition)
    assert diags == ()
    assert result.default_port == 70
    check_fields(result, GopherFields, fields)
    if parts is not None:
        assert parts_of(result) == parts


@pytest.mark.parametrize("edition", BY_000)
def test_gopher_question_mark_is_in_the_selector(edition: str) -> None:
    # RFC 1738 §3.4.1: no reserved characters in the gopher-path; "?" is part of the selector
    result, diags = run("gopher://h/7sel?x", edition)
    assert diags == ()
    fields = fields_of(result, GopherFields)
    assert (fields.gophertype, fields.selector, fields.search) == ("7", b"sel?x", None)


def test_gopher_1993_question_mark_starts_a_search() -> None:
    result, diags = run("gopher://h/7sel?x", "url-1993")
    assert diags == ()
    fields = fields_of(result, GopherFields)
    assert (fields.selector, fields.search) == (b"sel", b"x")
    assert parts_of(result) == [
        ("/", "/"),
        ("gophertype", "7"),
        ("selector", "sel"),
        ("?", "?"),
        ("search", "x"),
    ]
    assert result.parts[-1][4].endswith(
        "URL draft 1993 (BNF: gopheraddress ... [? search])"
    )  # (rule)
    result, diags = run("gopher://h?x", "url-1993")  # [/ gtype [selector]][? search]
    assert diags == ()
    fields = fields_of(result, GopherFields)
    assert (fields.gophertype_defaulted, fields.search) == (True, b"x")


GOPHER_PLUS = [
    # RFC 1738 §3.4.2: a search
    ("7/search%09cats", {"selector": b"/search", "search": b"cats", **_NO_PLUS}),
    ("7/search%09", {"selector": b"/search", "search": b""}),
    # RFC 1738 §3.4.4
    ("1sel%09%09+", {"search": b"", "gopher_plus": b"+", "gopher_plus_kind": "default-view"}),
    ("1sel%09%09?", {"gopher_plus": b"?", "gopher_plus_kind": "ask-form-item"}),
    # RFC 1738 §3.4.6, §3.4.7
    ("1sel%09%09!", {"gopher_plus_kind": "attributes", "attributes": ()}),
    ("1sel%09%09$", {"gopher_plus_kind": "directory-attributes", "attributes": ()}),
    ("1sel%09%09!+ABSTRACT", {"gopher_plus_kind": "attributes", "attributes": ("+ABSTRACT",)}),
    (
        "1sel%09%09!+ABSTRACT%20+SMELL",
        {
            "gopher_plus": b"!+ABSTRACT +SMELL",
            "gopher_plus_kind": "attributes",
            "attributes": ("+ABSTRACT", "+SMELL"),
            "view": None,
        },
    ),
    (
        "1%09%09$+VIEWS",
        {"selector": b"", "gopher_plus_kind": "directory-attributes", "attributes": ("+VIEWS",)},
    ),
    # RFC 1738 §3.4.8
    (
        "0sel%09%09+application/postscript%20Es_ES",
        {
            "gopher_plus_kind": "alternate-view",
            "view": "application/postscript",
            "language": "Es_ES",
            "attributes": None,
        },
    ),
    (
        "0sel%09%09+text/plain",
        {"gopher_plus_kind": "alternate-view", "view": "text/plain", "language": None},
    ),
    # RFC 1738 §3.4.9: a filled-in ASK form; only the first two %09 delimit
    (
        "0sel%09%09" + ASK,
        {
            "selector": b"sel",
            "search": b"",
            "gopher_plus_kind": "ask-data",
            "gopher_plus": b"+\t1\r\n+-1\r\nvalue 1\r\nvalue 2\r\n.\r\n",
            "ask_values": (b"value 1", b"value 2"),
        },
    ),
    (
        "0sel%09%09+%091%0d%0a+-1%0d%0av%0d%0a.%0d%0a",  # lower-case hex
        {"gopher_plus_kind": "ask-data", "ask_values": (b"v",)},
    ),
    ("0sel%09word%09+", {"search": b"word", "gopher_plus_kind": "default-view"}),
]


@pytest.mark.parametrize("edition", BY_000)
@pytest.mark.parametrize(("path", "fields"), GOPHER_PLUS)
def test_gopher_search_and_gopher_plus(path: str, fields: dict[str, object], edition: str) -> None:
    result, diags = run("gopher://h/" + path, edition)
    assert diags == ()
    check_fields(result, GopherFields, fields)


def test_gopher_plus_parts_and_spans() -> None:
    text = "gopher://h/1sel%09foo%09!+ABSTRACT%20+SMELL"
    result, _ = run(text)
    assert parts_of(result) == [
        ("/", "/"),
        ("gophertype", "1"),
        ("selector", "sel"),
        ("%09", "%09"),
        ("search", "foo"),
        ("%09", "%09"),
        ("gopher+_string", "!+ABSTRACT%20+SMELL"),
    ]
    roles = [role for _, _, _, role, _ in result.parts]
    assert roles == [
        "separator",
        "gopher-type",
        "selector",
        "separator",
        "search",
        "separator",
        "gopher-plus",
    ]
    ask, _ = run("gopher://h/0sel%09%09" + ASK)
    plus = ask.parts_named("gopher+_string")[0]
    assert (
        plus[2] == ASK
    )  # (as written:) the encoded CR LF of the form lie inside the gopher-plus part


@pytest.mark.parametrize("edition", BY_000)
@pytest.mark.parametrize(
    ("path", "code", "severity"),
    [
        ("1sel%09%09zzz", "gopher-plus-unrecognised", "warning"),
        ("1sel%09%09+%09x", "gopher-ask-data-malformed", "warning"),
        ("1sel%09%09+%091%0D%0A+-1%0D%0Av%0D%0A", "gopher-ask-data-malformed", "warning"),
        ("0a%0Db", "gopher-selector-invalid", "error"),
        ("0a%0ab", "gopher-selector-invalid", "error"),
        ("7s%09a%0Db", "gopher-search-invalid", "error"),
    ],
)
def test_gopher_diagnostics(path: str, code: str, severity: str, edition: str) -> None:
    _, diags = run("gopher://h/" + path, edition)
    assert [(d.code, d.severity) for d in diags] == [(code, severity)]


def test_gopher_1993_has_no_tab_search() -> None:
    text = "gopher://h/1sel%09foo"
    result, diags = run(text, "url-1993")
    fields = fields_of(result, GopherFields)
    assert (fields.selector, fields.search) == (b"sel\tfoo", None)
    assert codes(diags) == {"gopher-tab-in-selector"}
    assert diags[0].reference.startswith("URL draft 1993")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("gopher:foo", "scheme-requires-authority"),
        ("gopher:///1x", "scheme-requires-host"),
        ("gopher://u@h/1x", "scheme-userinfo-not-allowed"),
        ("gopher://h?x", "scheme-slash-missing"),
    ],
)
def test_gopher_authority_diagnostics(text: str, code: str) -> None:
    _, diags = run(text)
    assert codes(diags) == {code}


# --- mailto: RFC 1738 §3.5 -----------------------------------------------------------------------


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "addr", "diag_codes"),
    [
        ("mailto:timbl@info.cern.ch", b"timbl@info.cern.ch", set()),
        ("mailto:ietf-url@merit.edu", b"ietf-url@merit.edu", set()),
        # RFC 1738 §3.5: "%" must be encoded
        ("mailto:user%25gateway@host.example", b"user%gateway@host.example", set()),
        ("mailto:", b"", {"mailto-address-empty"}),
        ("mailto:nobody", b"nobody", {"mailto-no-at"}),
        ("mailto:a@b?subject=hi", b"a@b?subject=hi", {"mailto-query-in-address"}),
    ],
)
def test_mailto(text: str, addr: bytes, diag_codes: set[str], edition: str) -> None:
    result, diags = run(text, edition)
    assert fields_of(result, MailtoFields) == MailtoFields(addr_spec=addr)
    assert parts_of(result) == [("addr-spec", text[len("mailto:") :])]
    assert result.parts[0][3] == "mail-address"  # (role)
    assert codes(diags) == diag_codes


def test_mailto_severities() -> None:
    assert run("mailto:")[1][0].severity == "error"
    assert run("mailto:nobody")[1][0].severity == "warning"
    assert run("mailto:a@b?x")[1][0].severity == "info"


# --- news: RFC 1738 §3.6 -------------------------------------------------------------------------

NEWS = [
    (
        "news:comp.infosystems.www.misc",
        "group",
        "comp.infosystems.www.misc",
        None,
        [("newsgroup-name", "comp.infosystems.www.misc")],
    ),
    ("news:*", "all", None, None, [("*", "*")]),
    (
        "news:1234@host.example.com",
        "article",
        None,
        "1234@host.example.com",
        [("message-id", "1234@host.example.com")],
    ),
    ("news:a%2Fb@host", "article", None, "a/b@host", [("message-id", "a%2Fb@host")]),
    (
        "news:alt.fan.c++_x",
        "group",
        "alt.fan.c++_x",
        None,
        None,
    ),  # RFC 1738 summary (zh) §5 adds + and _
]


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(("text", "kind", "group", "message_id", "parts"), NEWS)
def test_news(
    text: str,
    kind: NewsKind,
    group: str | None,
    message_id: str | None,
    parts: list[tuple[str, str]] | None,
    edition: str,
) -> None:
    result, diags = run(text, edition)
    assert diags == ()
    expected = NewsFields(kind=kind, group=group, message_id=message_id)
    assert fields_of(result, NewsFields) == expected
    if parts is not None:
        assert parts_of(result) == parts


@pytest.mark.parametrize(
    ("text", "edition", "code"),
    [
        ("news:", "rfc3986", "news-grouppart-empty"),
        ("news:3com.misc", "rfc3986", "news-group-invalid"),
        ("news:3com.misc", "rfc1738", "news-group-invalid"),
        ("news:comp/sys", "rfc3986", "news-group-invalid"),
        ("news:comp.x?y", "rfc3986", "news-group-invalid"),
        ("news:<id@host>", "rfc3986", "news-message-id-invalid"),
        ("news:%3Cid@host%3E", "rfc3986", "news-message-id-invalid"),
        ("news:@host", "rfc3986", "news-message-id-invalid"),
        ("news:id@", "rfc3986", "news-message-id-invalid"),
        ("news://server/comp.x", "rfc3986", "news-host-not-allowed"),
        ("news://server/comp.x", "rfc1738", "news-host-not-allowed"),
    ],
)
def test_news_diagnostics(text: str, edition: str, code: str) -> None:
    _, diags = run(text, edition)
    assert codes(diags) == {code}


def test_news_group_in_1993_may_start_with_a_digit() -> None:
    # URL draft 1993 BNF: group = ialpha [. group], and its "alpha" holds the digits
    result, diags = run("news:3com.misc", "url-1993")
    assert diags == ()
    assert fields_of(result, NewsFields).group == "3com.misc"


@pytest.mark.parametrize(
    ("edition", "expected"), [("rfc3986", {"news-group-invalid"}), ("url-1993", set())]
)
def test_nntp_group_grammar_follows_the_edition(edition: str, expected: set[str]) -> None:
    _, diags = run("nntp://h/3com.misc", edition)
    assert codes(diags) == expected


def test_news_with_host_reads_the_group_after_the_slash() -> None:
    result, _ = run("news://server/comp.x")
    assert fields_of(result, NewsFields) == NewsFields(
        kind="group", group="comp.x", message_id=None
    )


# --- nntp: RFC 1738 §3.7 -------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "group", "number", "parts"),
    [
        (
            "nntp://news.example.com/comp.infosystems.www.misc/12345",
            "comp.infosystems.www.misc",
            12345,
            [
                ("/", "/"),
                ("newsgroup-name", "comp.infosystems.www.misc"),
                ("/", "/"),
                ("article-number", "12345"),
            ],
        ),
        (
            "nntp://news.example.com:119/comp.x",
            "comp.x",
            None,
            [("/", "/"), ("newsgroup-name", "comp.x")],
        ),
    ],
)
def test_nntp(
    text: str, group: str, number: int | None, parts: list[tuple[str, str]], edition: str
) -> None:
    result, diags = run(text, edition)
    assert diags == ()
    assert fields_of(result, NntpFields) == NntpFields(group=group, article_number=number)
    assert parts_of(result) == parts
    assert result.default_port == 119


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "code", "span_text"),
    [
        ("nntp://h/comp.x/12a", "nntp-article-not-digits", "12a"),
        ("nntp://h/comp.x/", "nntp-article-not-digits", "/"),
        ("nntp://h/comp.x/1/2", "nntp-article-not-digits", "1/2"),
        ("nntp://h/", "nntp-group-missing", "/"),
        ("nntp://h", "nntp-group-missing", ""),
        ("nntp://h/comp~x", "news-group-invalid", "comp~x"),
        ("nntp:comp.x", "scheme-requires-authority", "comp.x"),
    ],
)
def test_nntp_diagnostics(text: str, code: str, span_text: str, edition: str) -> None:
    _, diags = run(text, edition)
    assert codes(diags) == {code}
    assert text[diags[0].span[0] : diags[0].span[1]] == span_text


def test_nntp_article_number_is_ascii_digits_only() -> None:
    result, diags = run("nntp://h/g/١٢")
    assert fields_of(result, NntpFields).article_number is None
    assert codes(diags) == {"nntp-article-not-digits"}


# --- telnet: RFC 1738 §3.8 -----------------------------------------------------------------------


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "fields", "parts"),
    [
        (
            "telnet://melvyl.ucop.edu/",
            {"user": None, "password": None, "trailing_slash": True},
            [("/", "/")],
        ),
        ("telnet://melvyl.ucop.edu", {"user": None, "password": None, "trailing_slash": False}, []),
        (
            "telnet://guest:guest@host.example:2323/",
            {"user": b"guest", "password": b"guest", "trailing_slash": True},
            [("/", "/")],
        ),
        ("telnet://@host/", {"user": b"", "password": None, "trailing_slash": True}, [("/", "/")]),
    ],
)
def test_telnet(
    text: str, fields: dict[str, object], parts: list[tuple[str, str]], edition: str
) -> None:
    result, diags = run(text, edition)
    assert diags == ()
    check_fields(result, TelnetFields, fields)
    assert parts_of(result) == parts
    assert all(role == "telnet-slash" for _, _, _, role, _ in result.parts)
    assert result.default_port == 23


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(("text", "junk"), [("telnet://h/x", "x"), ("telnet://h//", "/")])
def test_telnet_path_not_allowed(text: str, junk: str, edition: str) -> None:
    _, diags = run(text, edition)
    assert [(d.code, d.severity) for d in diags] == [("telnet-path-not-allowed", "error")]
    assert text[diags[0].span[0] : diags[0].span[1]] == junk
    assert repr(junk).strip('"') in diags[0].message


def test_telnet_query_not_allowed() -> None:
    _, diags = run("telnet://h?x")
    assert codes(diags) == {"telnet-path-not-allowed"}


# --- wais: RFC 1738 §3.9 -------------------------------------------------------------------------

WAIS_NONE = {"kind": None, "database": None, "search": None, "wtype": None, "wpath": None}


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "fields", "parts"),
    [
        (
            "wais://quake.think.com/wais-discussion-archives",
            {"kind": "database", "database": b"wais-discussion-archives"},
            [("/", "/"), ("database", "wais-discussion-archives")],
        ),
        # URL draft 1993 reference: a search
        (
            "wais://quake.think.com/wais-discussion-archives?lynch",
            {"kind": "index", "database": b"wais-discussion-archives", "search": b"lynch"},
            [("/", "/"), ("database", "wais-discussion-archives"), ("?", "?"), ("search", "lynch")],
        ),
        (
            "wais://h:210/db/TEXT/doc%2Fid",
            {"kind": "document", "database": b"db", "wtype": b"TEXT", "wpath": b"doc/id"},
            [
                ("/", "/"),
                ("database", "db"),
                ("/", "/"),
                ("wtype", "TEXT"),
                ("/", "/"),
                ("wpath", "doc%2Fid"),
            ],
        ),
        ("wais://h/", {"kind": "database", "database": b""}, [("/", "/"), ("database", "")]),
    ],
)
def test_wais(
    text: str, fields: dict[str, object], parts: list[tuple[str, str]], edition: str
) -> None:
    result, diags = run(text, edition)
    assert diags == ()
    check_fields(result, WaisFields, {**WAIS_NONE, **fields})
    assert parts_of(result) == parts
    assert result.default_port == 210


@pytest.mark.parametrize(
    ("text", "edition", "code", "severity"),
    [
        ("wais://h/db/TEXT", "rfc3986", "wais-path-invalid", "error"),
        ("wais://h/db/TEXT/a/b", "rfc3986", "wais-path-invalid", "warning"),
        ("wais://h/db/TEXT/a/b", "rfc1738", "wais-path-invalid", "warning"),
        ("wais://h", "rfc3986", "wais-database-missing", "error"),
        ("wais://h?x", "rfc3986", "wais-database-missing", "error"),
        ("wais://h/db/t/p?x", "rfc3986", "wais-search-with-document", "warning"),
        ("wais://u@h/db", "rfc3986", "scheme-userinfo-not-allowed", "warning"),
    ],
)
def test_wais_diagnostics(text: str, edition: str, code: str, severity: str) -> None:
    _, diags = run(text, edition)
    assert [(d.code, d.severity) for d in diags] == [(code, severity)]


def test_wais_1993_path_may_hold_slashes() -> None:
    # URL draft 1993 BNF: waisdoc = wais://hostport/database/wtype/path
    result, diags = run("wais://h/db/TEXT/a/b", "url-1993")
    assert diags == ()
    assert fields_of(result, WaisFields).wpath == b"a/b"


# --- file: RFC 1738 §3.10 ------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "fields", "parts", "diag_codes"),
    [
        # RFC 1738 §3.10: the VMS file DISK$USER:[MY.NOTES]NOTE12345.TXT
        (
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            {"host": "vms.host.edu", "local": False, "path": b"disk$user/my/notes/note12345.txt"},
            [("/", "/"), ("path", "disk$user/my/notes/note12345.txt")],
            set(),
        ),
        (
            "file:///etc/motd",
            {"host": "", "local": True, "path": b"etc/motd"},
            [("/", "/"), ("path", "etc/motd")],
            set(),
        ),
        (
            "file://localhost/etc/motd",
            {"host": "localhost", "local": True, "path": b"etc/motd"},
            None,
            set(),
        ),
        ("file://LocalHost/x", {"host": "LocalHost", "local": True, "path": b"x"}, None, set()),
        ("file://h/a%20b", {"host": "h", "local": False, "path": b"a b"}, None, set()),
        ("file://h", {"host": "h", "local": False, "path": None}, [], set()),
        (
            "file:/etc/motd",
            {"host": None, "local": True, "path": b"etc/motd"},
            [("/", "/"), ("path", "etc/motd")],
            {"file-authority-missing"},
        ),
        (
            "file:notes.txt",
            {"host": None, "local": True, "path": b"notes.txt"},
            [("path", "notes.txt")],
            {"file-authority-missing"},
        ),
        (
            "file://h:21/x",
            {"host": "h", "local": False, "path": b"x"},
            None,
            {"scheme-port-not-allowed"},
        ),
    ],
)
def test_file(
    text: str,
    fields: dict[str, object],
    parts: list[tuple[str, str]] | None,
    diag_codes: set[str],
    edition: str,
) -> None:
    result, diags = run(text, edition)
    check_fields(result, FileFields, fields)
    if parts is not None:
        assert parts_of(result) == parts
    assert codes(diags) == diag_codes
    assert result.default_port is None


# --- prospero: RFC 1738 §3.11, URL draft 1993
# ---------------------------------------------------------------


@pytest.mark.parametrize("edition", ALL)
@pytest.mark.parametrize(
    ("text", "fields", "parts"),
    [
        # RFC 1738 §3.11: the hsoname's own leading slash gives "//"
        (
            "prospero://host.dom//pros/name",
            {"hsoname": b"/pros/name", "version": None, "fieldspecs": ()},
            [("/", "/"), ("hsoname", "/pros/name")],
        ),
        (
            "prospero://host.dom:1525/pros/name;OBJECT-VERSION=3",
            {"hsoname": b"pros/name", "version": None, "fieldspecs": (("OBJECT-VERSION", "3"),)},
            [("/", "/"), ("hsoname", "pros/name"), (";", ";"), ("fieldspec", "OBJECT-VERSION=3")],
        ),
        (
            "prospero://h/x%3By;a=1;b=%3D",
            {"hsoname": b"x;y", "version": None, "fieldspecs": (("a", "1"), ("b", "="))},
            [
                ("/", "/"),
                ("hsoname", "x%3By"),
                (";", ";"),
                ("fieldspec", "a=1"),
                (";", ";"),
                ("fieldspec", "b=%3D"),
            ],
        ),
        (
            "prospero://h/",
            {"hsoname": b"", "version": None, "fieldspecs": ()},
            [("/", "/"), ("hsoname", "")],
        ),
    ],
)
def test_prospero(
    text: str, fields: dict[str, object], parts: list[tuple[str, str]], edition: str
) -> None:
    result, diags = run(text, edition)
    assert diags == ()
    check_fields(result, ProsperoFields, fields)
    assert parts_of(result) == parts
    assert result.default_port == 1525


@pytest.mark.parametrize("edition", ALL)
def test_prospero_1993_version(edition: str) -> None:
    text = "prospero://h/pros/name%0012;a=b"
    result, diags = run(text, edition)
    assert fields_of(result, ProsperoFields) == ProsperoFields(
        hsoname=b"pros/name", version="12", fieldspecs=(("a", "b"),)
    )
    assert parts_of(result) == [
        ("/", "/"),
        ("hsoname", "pros/name"),
        ("%00", "%00"),
        ("version", "12"),
        (";", ";"),
        ("fieldspec", "a=b"),
    ]
    assert result.parts_named("version")[0][4].startswith("version, URL draft 1993")  # (rule)
    if edition == "url-1993":
        assert diags == ()
    else:
        assert [(d.code, d.severity) for d in diags] == [("prospero-version-dropped", "info")]
        assert "URL draft 1993" in diags[0].reference
        assert text[diags[0].span[0] : diags[0].span[1]] == "%0012"


@pytest.mark.parametrize(
    ("text", "edition", "code"),
    [
        ("prospero://h/x;bad", "rfc3986", "prospero-fieldspec-invalid"),
        ("prospero://h/x;=v", "rfc3986", "prospero-fieldspec-invalid"),
        ("prospero://h/x;", "rfc3986", "prospero-fieldspec-invalid"),
        ("prospero://h/x%00abc", "url-1993", "prospero-version-invalid"),
        ("prospero://h", "rfc3986", "prospero-hsoname-missing"),
        ("prospero://u:p@h/x", "rfc3986", "scheme-userinfo-not-allowed"),
        ("prospero:x", "rfc3986", "scheme-requires-authority"),
    ],
)
def test_prospero_diagnostics(text: str, edition: str, code: str) -> None:
    _, diags = run(text, edition)
    assert codes(diags) == {code}


# --- never raises ---------------------------------------------------------------------------

PREFIXES = [
    "ftp://",
    "ftp://h/",
    "ftp:",
    "http://",
    "http://h/",
    "https:",
    "gopher://h/",
    "gopher://h/1",
    "gopher:",
    "mailto:",
    "news:",
    "news://",
    "nntp://h/",
    "nntp:",
    "telnet://",
    "telnet://u:p@h/",
    "wais://h/",
    "wais://h/d/",
    "wais:",
    "file://",
    "file:",
    "file:///",
    "prospero://h/",
    "prospero:",
    "FTP://H/",
]

_ALPHABET = st.sampled_from(
    [*"/?#;=%@:*.+-$!&~[]<> \t\r\nabcdefAIDxyz0129", "%09", "%00", "%0D", "%0A", "%2F"]
)

FIELDS_CLASSES: dict[str, type[SchemeFields]] = {
    "ftp": FtpFields,
    "http": HttpFields,
    "https": HttpFields,
    "gopher": GopherFields,
    "mailto": MailtoFields,
    "news": NewsFields,
    "nntp": NntpFields,
    "telnet": TelnetFields,
    "wais": WaisFields,
    "file": FileFields,
    "prospero": ProsperoFields,
}


def test_every_scheme_has_its_fields_class() -> None:
    assert set(FIELDS_CLASSES) == set(SCHEME_PARSERS)
    assert set(FIELDS_CLASSES.values()) == set(get_args(SchemeFields))


def is_a(value: object, hint: object) -> bool:
    """Whether *value* is of the type *hint*, in the forms the fields records use
    (a union, a literal, a tuple, a class: exactly, so a bool is no int)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        return any(is_a(value, arg) for arg in args)
    if origin is Literal:
        return value in args
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(is_a(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(is_a, value, args))
    return type(value) is (type(None) if hint is None else hint)


@pytest.mark.parametrize(
    ("value", "hint", "expected"),
    [
        (b"x", bytes | None, True),
        (None, bytes | None, True),
        ("x", bytes | None, False),
        (True, int | None, False),
        ("i", Literal["a", "i", "d"] | None, True),
        ("I", Literal["a", "i", "d"] | None, False),
        ((b"a", b""), tuple[bytes, ...], True),
        ((b"a", "b"), tuple[bytes, ...], False),
        ((("a", "b"),), tuple[tuple[str, str], ...], True),
        ((("a",),), tuple[tuple[str, str], ...], False),
    ],
)
def test_is_a(value: object, hint: object, expected: bool) -> None:
    assert is_a(value, hint) is expected


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(
    prefix=st.sampled_from(PREFIXES),
    tail=st.lists(_ALPHABET, max_size=30).map("".join) | st.text(max_size=30),
    edition=st.sampled_from(EDITION_IDS),
)
def test_never_raises_and_spans_are_exact(prefix: str, tail: str, edition: str) -> None:
    text = prefix + tail
    ed = EDITIONS[edition]
    spans = make_spans(text, ed)
    scheme = "" if spans.scheme is None else text[spans.scheme[0] : spans.scheme[1]].lower()
    result, diags = parse_specific(text, scheme, spans, ed)
    check_invariants(text, result, diags)
    assert result is not None
    cls = FIELDS_CLASSES[scheme]
    fields = fields_of(result, cls)  # the scheme's record, whatever the input
    for (name, value), hint in zip(
        fields._asdict().items(), get_type_hints(cls).values(), strict=True
    ):
        assert is_a(value, hint), (name, value, hint)


@settings(max_examples=200)
@given(text=st.text(max_size=40), edition=st.sampled_from(EDITION_IDS))
def test_never_raises_on_any_scheme_and_text(text: str, edition: str) -> None:
    ed = EDITIONS[edition]
    spans = make_spans(text, ed)
    for scheme in SCHEME_PARSERS:  # even when the text's own scheme is another one
        result, diags = parse_specific(text, scheme, spans, ed)
        check_invariants(text, result, diags)


def test_long_url_is_linear() -> None:
    segment = "ab%2Fc;x=y/" * 6000
    for prefix in ("ftp://h/", "prospero://h/", "gopher://h/1", "wais://h/d/t/"):
        result, _ = run(prefix + segment)
        assert result.parts
