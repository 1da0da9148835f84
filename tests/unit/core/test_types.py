"""The types mypy (strict, over tests/ too) sees in a parse result: each check is an
``assert_type`` that mypy fails when a field loses its type (to ``Any`` or another
type), and that also runs here, where it returns its argument."""

from __future__ import annotations

from typing import assert_type

import pytest

from urlinspector.core import URL, Diagnostic, Part, SchemeParts, parse
from urlinspector.core.editions import Edition
from urlinspector.core.model import Code, HostKind, Severity, Span, Spans
from urlinspector.core.specific import (
    FileFields,
    FtpFields,
    FtpTypecode,
    GopherFields,
    GopherPlusKind,
    HttpFields,
    MailtoFields,
    NewsFields,
    NewsKind,
    NntpFields,
    ProsperoFields,
    SchemeFields,
    TelnetFields,
    WaisFields,
    WaisKind,
)
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
    assert_type(url.scheme_fields, SchemeFields | None)
    assert_type(url.specific, SchemeParts | None)
    assert_type(url.segments, tuple[Segment, ...])
    assert_type(url.port_number, int | None)
    for component in (url.scheme, url.authority, url.userinfo, url.user, url.password):
        assert_type(component, str | None)
    for component in (url.host, url.port, url.path, url.query, url.fragment):
        assert_type(component, str | None)
    assert url.host == url.component("host")
    assert_type(url.spans.host, Span | None)


@pytest.mark.parametrize("text", SAMPLES)
def test_diagnostics_and_parts_are_typed(text: str) -> None:
    url = parse(text)
    for d in url.diagnostics:
        assert_type(d.code, Code)
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


def test_each_schemes_fields_are_typed_after_narrowing() -> None:
    http = parse("http://example.com/a?b").scheme_fields
    assert isinstance(http, HttpFields)
    assert_type(http.path, str | None)
    assert_type(http.search, str | None)

    ftp = parse("ftp://user:pw@ftp.example.org/pub/file;type=i").scheme_fields
    assert isinstance(ftp, FtpFields)
    assert_type(ftp.user, bytes | None)
    assert_type(ftp.password, bytes | None)
    assert_type(ftp.cwd, tuple[bytes, ...])
    assert_type(ftp.name, bytes | None)
    assert_type(ftp.typecode, FtpTypecode | None)
    assert (ftp.cwd, ftp.typecode) == ((b"pub",), "i")

    gopher = parse("gopher://h/0/x%09s%09!+ABSTRACT").scheme_fields
    assert isinstance(gopher, GopherFields)
    assert_type(gopher.gophertype, str)
    assert_type(gopher.gophertype_defaulted, bool)
    assert_type(gopher.selector, bytes)
    assert_type(gopher.search, bytes | None)
    assert_type(gopher.gopher_plus, bytes | None)
    assert_type(gopher.gopher_plus_kind, GopherPlusKind | None)
    assert_type(gopher.attributes, tuple[str, ...] | None)
    assert_type(gopher.view, str | None)
    assert_type(gopher.language, str | None)
    assert_type(gopher.ask_values, tuple[bytes, ...] | None)
    assert gopher.attributes == ("+ABSTRACT",)

    mailto = parse("mailto:a@b.example").scheme_fields
    assert isinstance(mailto, MailtoFields)
    assert_type(mailto.addr_spec, bytes)

    news = parse("news:comp.lang.python").scheme_fields
    assert isinstance(news, NewsFields)
    assert_type(news.kind, NewsKind | None)
    assert_type(news.group, str | None)
    assert_type(news.message_id, str | None)

    nntp = parse("nntp://h/comp.lang.python/12").scheme_fields
    assert isinstance(nntp, NntpFields)
    assert_type(nntp.group, str | None)
    assert_type(nntp.article_number, int | None)
    assert nntp.article_number == 12

    telnet = parse("telnet://guest@h/").scheme_fields
    assert isinstance(telnet, TelnetFields)
    assert_type(telnet.user, bytes | None)
    assert_type(telnet.password, bytes | None)
    assert_type(telnet.trailing_slash, bool)

    wais = parse("wais://h/db/TEXT/doc").scheme_fields
    assert isinstance(wais, WaisFields)
    assert_type(wais.kind, WaisKind | None)
    for value in (wais.database, wais.search, wais.wtype, wais.wpath):
        assert_type(value, bytes | None)

    file = parse("file:///etc/motd").scheme_fields
    assert isinstance(file, FileFields)
    assert_type(file.host, str | None)
    assert_type(file.local, bool)
    assert_type(file.path, bytes | None)

    prospero = parse("prospero://h/pros/name;a=b").scheme_fields
    assert isinstance(prospero, ProsperoFields)
    assert_type(prospero.hsoname, bytes | None)
    assert_type(prospero.version, str | None)
    assert_type(prospero.fieldspecs, tuple[tuple[str, str], ...])
