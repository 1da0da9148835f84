"""``parse(text, edition)``: one behaviour suite, run under every edition.

The differences between the editions are listed once, in :data:`DIFFERENCES` at the
top of this module (one row per edition, each column citing the text that makes the
difference); every test below runs under all five editions and takes what differs
from that table.  Everything not in the table must behave the same under every edition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from urlinspector.core import EDITION_IDS, URL, Diagnostic, parse
from urlinspector.core.model import ComponentName, Span, Spans

# --- the differences between editions, in one place --------------------------------------


@dataclass(frozen=True)
class Differences:
    """What one edition does its own way (the columns of :data:`DIFFERENCES`)."""

    cites: str
    """How its citations start: the document the edition is."""
    path_after_slash: bool
    """The "/" after host[:port] is a separator, not part of the url-path (RFC 1738 §3.1:
    "the '/' between the host (or port) and the url-path is NOT part of the url-path";
    URL draft 1993 "Internet protocol parts").  From URL syntax draft 1997 (appendix F.2) on the
    slash is the path's."""
    query_schemes: frozenset[str] | None
    """Schemes for which "?" starts a query; None: every scheme.  RFC 1738 gives a search
    part only to http (§3.3, §5 httpurl) and wais (§3.9, waisindex) (https as http);
    URL draft 1993's ``generic = scheme : path [? search]`` and URL syntax draft 1997 on split "?"
    for all."""
    empty_port_is_error: bool
    """``port = digits`` (RFC 1738 §5, URL draft 1993 BNF) vs ``port = *digit``
    (URL syntax draft 1997 appendix F.3)."""
    ipv6_literals: bool
    """``[`` ``]`` IP literals (RFC 2396bis draft 2003 §3.2.2 IPv6reference, RFC 3986 §3.2.2
    IP-literal)."""
    ipvfuture: bool
    """``IPvFuture`` (RFC 3986 §3.2.2 only)."""
    empty_host_is_error: bool
    """``login = [ user [ ":" password ] "@" ] hostport`` requires a host (RFC 1738 §5,
    URL draft 1993); URL syntax draft 1997's ``site``, RFC 2396bis draft 2003's ``server`` and
    RFC 3986's ``reg-name`` may be empty."""
    scheme_may_start_with_digit: bool
    """RFC 1738 §5 ``scheme = 1*[ lowalpha | digit | ...]``, URL syntax draft 1997 appendix A
    ``scheme = 1*( alpha | digit | ...)``, URL draft 1993 ``scheme = ialpha`` (its alpha holds the
    digits); RFC 2396bis draft 2003 §3.1 and RFC 3986 §3.1 start with ALPHA."""
    ipv4_octet_over_255: str
    """Severity of ``ipv4-octet-range`` for ``300.1.1.1``: "error" where
    ``hostnumber = digits "." digits "." digits "." digits`` (RFC 1738 §5, URL syntax draft 1997
    appendix A, URL draft 1993) names no address; "warning" where such a host is a reg-name
    (RFC 2396bis draft 2003 §3.2.2 reads it as a reg-name; RFC 3986 §3.2.2 too)."""
    fragment_outside_url: bool
    """RFC 1738 §2.2: "#" delimits a fragment that is not part of the URL (info finding)."""
    plus_in_hostname: tuple[str, ...]
    """Codes for ``http://a+b.com/``: "+" is reserved from URL syntax draft 1997 §2.2 on (so a
    ``reserved-char`` in URL syntax draft 1997's hostname), safe in RFC 1738 and URL draft 1993 (an
    ``invalid-char`` there); RFC 2396bis draft 2003 reads the authority as a reg-name
    (RFC 2396bis draft 2003 §3.2.1), RFC 3986's reg-name holds sub-delims."""
    my_host: tuple[str, ...]
    """Codes for ``http://my_host/``: RFC 2396bis draft 2003 reads an authority that is not a valid
    server as a whole reg-name (RFC 2396bis draft 2003 §3.2.1, info ``authority-reg-name``);
    RFC 3986's reg-name allows "_"; RFC 1738 and URL syntax draft 1997 hostnames do not
    (``invalid-char``); URL draft 1993's host characters include "_" (safe) but its hostname still
    is not one (``invalid-hostname``)."""
    path_char_codes: dict[str, str | None] = field(default_factory=dict)
    """The code for one character written literally in an http path, None: allowed.
    "~" is unreserved from URL syntax draft 1997 on (URL syntax draft 1997 appendix F.2) but
    national (unsafe) in RFC 1738 §2.2 and URL draft 1993; "[" is reserved in
    RFC 2396bis draft 2003/RFC 3986 and unwise (URL syntax draft 1997 §2.4.3) or national (RFC 1738,
    URL draft 1993) before; URL draft 1993's extra holds '"' and space; "<" is punctuation in
    URL draft 1993's national; "`" is national in RFC 1738 summary (zh) §5, unwise in
    URL syntax draft 1997 / RFC 2396bis draft 2003, in no class of URL draft 1993."""
    fragment_hash_code: str = "excluded-char"
    """A second "#" in the fragment: a gen-delim in RFC 3986 §2.2, a delim before."""
    foreign_citations: dict[str, str] = field(default_factory=dict)
    """Diagnostic codes whose citation names another document, on purpose: URL draft 1993 has
    no port-abuse text (RFC 1738 §6 is it); RFC 1738 leaves relative references to RFC 1808."""


_COMMON_CHARS: dict[str, str | None] = {
    "{": "unwise-char",
    "\\": "unwise-char",
    "^": "unwise-char",
    "|": "unwise-char",
    "\x01": "control-char",
    "\x7f": "control-char",
    "ä": "non-ascii",
    "€": "non-ascii",
}

DIFFERENCES: dict[str, Differences] = {
    "rfc3986": Differences(
        cites="RFC 3986",
        path_after_slash=False,
        query_schemes=None,
        empty_port_is_error=False,
        ipv6_literals=True,
        ipvfuture=True,
        empty_host_is_error=False,
        scheme_may_start_with_digit=False,
        ipv4_octet_over_255="warning",
        fragment_outside_url=False,
        plus_in_hostname=(),
        my_host=(),
        path_char_codes={
            **_COMMON_CHARS,
            "~": None,
            "+": None,
            "[": "reserved-char",
            '"': "excluded-char",
            "<": "excluded-char",
            "`": "unwise-char",
            " ": "space",
        },
        fragment_hash_code="reserved-char",
    ),
    "rfc2396bis-2003": Differences(
        cites="RFC 2396bis draft 2003",
        path_after_slash=False,
        query_schemes=None,
        empty_port_is_error=False,
        ipv6_literals=True,
        ipvfuture=False,
        empty_host_is_error=False,
        scheme_may_start_with_digit=False,
        ipv4_octet_over_255="warning",
        fragment_outside_url=False,
        plus_in_hostname=("authority-reg-name",),
        my_host=("authority-reg-name",),
        path_char_codes={
            **_COMMON_CHARS,
            "~": None,
            "+": None,
            "[": "reserved-char",
            '"': "excluded-char",
            "<": "excluded-char",
            "`": "unwise-char",
            " ": "space",
        },
    ),
    "url-syntax-1997": Differences(
        cites="URL syntax draft 1997",
        path_after_slash=False,
        query_schemes=None,
        empty_port_is_error=False,
        ipv6_literals=False,
        ipvfuture=False,
        empty_host_is_error=False,
        scheme_may_start_with_digit=True,
        ipv4_octet_over_255="error",
        fragment_outside_url=False,
        plus_in_hostname=("reserved-char",),
        my_host=("invalid-char",),
        path_char_codes={
            **_COMMON_CHARS,
            "~": None,
            "+": None,
            "[": "unwise-char",
            '"': "excluded-char",
            "<": "excluded-char",
            "`": "unwise-char",
            " ": "space",
        },
    ),
    "rfc1738": Differences(
        cites="RFC 1738",
        path_after_slash=True,
        query_schemes=frozenset({"http", "https", "wais"}),
        empty_port_is_error=True,
        ipv6_literals=False,
        ipvfuture=False,
        empty_host_is_error=True,
        scheme_may_start_with_digit=True,
        ipv4_octet_over_255="error",
        fragment_outside_url=True,
        plus_in_hostname=("invalid-char",),
        my_host=("invalid-char",),
        path_char_codes={
            **_COMMON_CHARS,
            "~": "unwise-char",
            "+": None,
            "[": "unwise-char",
            '"': "excluded-char",
            "<": "excluded-char",
            "`": "unwise-char",
            " ": "space",
        },
        foreign_citations={"colon-in-first-segment": "RFC 1808"},
    ),
    "url-1993": Differences(
        cites="URL draft 1993",
        path_after_slash=True,
        query_schemes=None,
        empty_port_is_error=True,
        ipv6_literals=False,
        ipvfuture=False,
        empty_host_is_error=True,
        scheme_may_start_with_digit=True,
        ipv4_octet_over_255="error",
        fragment_outside_url=False,
        plus_in_hostname=("invalid-char",),
        my_host=("invalid-hostname",),
        path_char_codes={
            **_COMMON_CHARS,
            "~": "unwise-char",
            "+": None,
            "[": "unwise-char",
            '"': None,
            "<": "unwise-char",
            "`": "invalid-char",
            " ": None,
        },
        foreign_citations={"low-port": "RFC 1738 §6", "non-default-port": "RFC 1738 §6"},
    ),
}


def test_the_table_has_a_row_for_every_edition() -> None:
    assert tuple(DIFFERENCES) == EDITION_IDS


# --- helpers -----------------------------------------------------------------------------

COMPONENTS: tuple[ComponentName, ...] = (
    "scheme",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
)
SEVERITIES = {"error", "warning", "info"}
CATEGORIES = {"syntax", "escape", "security", "scheme", "wrapper"}


@dataclass(frozen=True)
class Ed:
    id: str
    differs: Differences

    def path(self, url_path: str) -> str:
        """The path of ``scheme://host/<url_path>`` under this edition."""
        return url_path if self.differs.path_after_slash else "/" + url_path

    def splits_query(self, scheme: str | None) -> bool:
        schemes = self.differs.query_schemes
        return schemes is None or scheme in schemes


@pytest.fixture(params=EDITION_IDS)
def ed(request: pytest.FixtureRequest) -> Ed:
    return Ed(request.param, DIFFERENCES[request.param])


def components(url: URL) -> dict[str, str | None]:
    return {name: getattr(url, name) for name in COMPONENTS}


def expect(**given: str | None) -> dict[str, str | None]:
    """Every generic component; those not given are undefined (None)."""
    unknown = set(given) - set(COMPONENTS)
    assert not unknown, unknown
    return {name: given.get(name) for name in COMPONENTS}


def codes(url: URL, *, category: str | None = None) -> list[str]:
    return [d.code for d in url.diagnostics if category is None or d.category == category]


def only(url: URL, code: str) -> Diagnostic:
    found = [d for d in url.diagnostics if d.code == code]
    assert len(found) == 1, (code, url.diagnostics)
    return found[0]


def cites_its_edition(d: Diagnostic, ed: Ed) -> bool:
    if d.reference.startswith(ed.differs.cites):
        return True
    # Scheme-specific syntax is RFC 1738 §3/§5's in every edition (specific.py): it cites RFC 1738.
    if d.category == "scheme" and "RFC 1738" in d.reference:
        return True
    foreign = ed.differs.foreign_citations.get(d.code) or BEYOND_THE_EDITIONS.get(d.code)
    return foreign is not None and d.reference.startswith(foreign)


BEYOND_THE_EDITIONS: dict[str, str] = {"port-out-of-range": "RFC 793 §3.1"}
"""Diagnostic codes whose limit no edition sets: the grammar allows any port, what
limits it is TCP's 16-bit port field."""


def check_diagnostics(url: URL, ed: Ed) -> None:
    """What every diagnostic must have: code, severity, category, span, citation."""
    n = len(url.text)
    for d in url.diagnostics:
        assert d.code, d
        assert d.code == d.code.strip().lower(), d
        assert d.severity in SEVERITIES, d
        assert d.category in CATEGORIES, d
        start, end = d.span
        assert 0 <= start <= end <= n, d
        assert d.message.strip(), d
        assert d.reference.strip(), d
        assert cites_its_edition(d, ed), (ed.id, d)


def parsed(text: str, ed: Ed) -> URL:
    url = parse(text, ed.id)
    assert isinstance(url, URL)
    assert url.text == text
    assert url.edition.id == ed.id
    check_diagnostics(url, ed)
    return url


# --- where the editions differ -------------------------------------------------------------


def test_where_the_path_starts(ed: Ed) -> None:
    url = parsed("http://a/b", ed)
    assert components(url) == expect(scheme="http", authority="a", host="a", path=ed.path("b"))
    if ed.differs.path_after_slash:
        assert url.spans.path == (9, 10)
        assert url.path_separator_span == (8, 9)
    else:
        assert url.spans.path == (8, 10)
        assert url.path_separator_span is None
    assert url.recompose() == "http://a/b"
    assert url.is_valid


def test_no_separator_without_an_authority(ed: Ed) -> None:
    url = parsed("foo:/bar", ed)
    assert url.path == "/bar"
    assert url.path_separator_span is None


@pytest.mark.parametrize("scheme", ["http", "https", "wais", "ftp", "gopher", "foo"])
def test_which_schemes_have_a_query(ed: Ed, scheme: str) -> None:
    text = f"{scheme}://h/a?b"
    url = parsed(text, ed)
    if ed.splits_query(scheme):
        assert (url.path, url.query) == (ed.path("a"), "b")
        assert url.spans.query == (len(scheme) + 7, len(text))
    else:
        assert (url.path, url.query) == (ed.path("a?b"), None)
    assert url.recompose() == text


def test_ftp_query_under_rfc1738_is_part_of_the_path() -> None:
    # RFC 1738 §5: fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
    url = parse("ftp://h/a?b", "rfc1738")
    assert (url.path, url.query) == ("a?b", None)


def test_empty_port(ed: Ed) -> None:
    url = parsed("http://h:/", ed)
    assert url.port == ""
    assert url.port_number is None
    assert url.host == "h"
    if ed.differs.empty_port_is_error:
        d = only(url, "empty-port")
        assert (d.severity, d.span) == ("error", (8, 9))
    else:
        assert url.is_valid
        assert "empty-port" not in codes(url)


@pytest.mark.parametrize("text", ["foo:///x", "foo://@/x", "foo://:8080/x"])
def test_empty_host(ed: Ed, text: str) -> None:
    url = parsed(text, ed)
    assert url.host == ""
    assert url.host_kind == "empty"
    assert ("empty-host" in codes(url)) == ed.differs.empty_host_is_error


def test_file_urls_may_have_an_empty_host(ed: Ed) -> None:
    # RFC 1738 §3.10: "<host> can be ... the empty string"; RFC 1738 summary (zh) §5 fileurl =
    # "file://" [ host ]
    url = parsed("file:///etc/motd", ed)
    assert url.host == ""
    assert url.path == ed.path("etc/motd")
    assert url.is_valid, url.diagnostics


def test_ipv6_literal(ed: Ed) -> None:
    url = parsed("http://[::1]:8080/", ed)
    if ed.differs.ipv6_literals:
        assert (url.host, url.port, url.host_kind) == ("[::1]", "8080", "ipv6")
        assert url.spans.host == (7, 12)
        assert url.is_valid, url.diagnostics
    else:
        assert url.host_kind != "ipv6"
        assert not url.is_valid
        bracket = [d for d in url.errors if d.span[0] == 7]
        assert [d.code for d in bracket] == ["unwise-char"]


def test_only_a_port_may_follow_an_ip_literal(ed: Ed) -> None:
    # RFC 3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ]; RFC 2396bis draft 2003 §3.2.2
    # hostport
    url = parsed("http://[::1]1/", ed)
    assert not url.is_valid
    assert any(d.span[0] <= 12 < d.span[1] for d in url.errors), url.diagnostics


def test_ipv6_literal_without_its_bracket(ed: Ed) -> None:
    url = parsed("http://[::1/", ed)
    assert not url.is_valid
    if ed.differs.ipv6_literals:
        assert only(url, "invalid-ip-literal").span == (7, 11)


@pytest.mark.parametrize("literal", ["[v1.x]", "[vF.a:b!]", "[V7.x]"])
def test_ipvfuture(ed: Ed, literal: str) -> None:
    # RFC 3986 §3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" );
    # ABNF strings are case-insensitive (§1.3, RFC 2234 §2.3), so "V" is a "v"
    url = parsed(f"http://{literal}/", ed)
    if ed.differs.ipvfuture:
        assert url.host_kind == "ipvfuture"
        assert url.is_valid
    else:
        assert not url.is_valid
        assert url.host_kind != "ipvfuture"


def test_plus_in_a_hostname(ed: Ed) -> None:
    url = parsed("http://a+b.com/", ed)
    assert tuple(codes(url)) == ed.differs.plus_in_hostname
    assert url.host == "a+b.com"


def test_an_authority_that_is_not_a_server(ed: Ed) -> None:
    url = parsed("http://my_host/", ed)
    assert tuple(codes(url)) == ed.differs.my_host
    assert url.host == "my_host"
    if "invalid-char" in ed.differs.my_host:
        assert only(url, "invalid-char").span == (9, 10)


def test_2003_reads_the_whole_authority_as_a_reg_name() -> None:
    # RFC 2396bis draft 2003 §3.2.1: reg-name = 1*( unreserved / escaped / ";" / ":" / "@" / ... )
    text = "http://user@my_host:80/"
    url = parse(text, "rfc2396bis-2003")
    assert components(url) == expect(
        scheme="http", authority="user@my_host:80", host="user@my_host:80", path="/"
    )
    d = only(url, "authority-reg-name")
    assert (d.severity, d.span) == ("info", (7, 22))
    assert d.reference.startswith("RFC 2396bis draft 2003")
    assert url.is_valid
    # RFC 3986 has no such fallback: a reg-name may hold "_"
    url = parse(text, "rfc3986")
    assert (url.userinfo, url.host, url.port) == ("user", "my_host", "80")


def test_scheme_starting_with_a_digit(ed: Ed) -> None:
    url = parsed("1http://h/", ed)
    assert url.scheme == "1http"
    if ed.differs.scheme_may_start_with_digit:
        assert "invalid-scheme" not in codes(url)
    else:
        d = only(url, "invalid-scheme")
        assert (d.severity, d.span) == ("error", (0, 5))


def test_ipv4_octet_over_255(ed: Ed) -> None:
    url = parsed("http://300.1.1.1/", ed)
    d = only(url, "ipv4-octet-range")
    assert d.severity == ed.differs.ipv4_octet_over_255
    assert d.span == (7, 16)
    assert "300" in d.message


def test_ipv4_address(ed: Ed) -> None:
    url = parsed("http://10.0.0.1/", ed)
    assert url.host_kind == "ipv4"
    assert url.is_valid
    assert not url.security


def test_fragment(ed: Ed) -> None:
    url = parsed("http://h/#f", ed)
    assert url.fragment == "f"
    assert url.spans.fragment == (10, 11)
    if ed.differs.fragment_outside_url:
        d = only(url, "fragment-outside-url")
        assert (d.severity, d.span) == ("info", (9, 11))
    else:
        assert url.diagnostics == ()


@pytest.mark.parametrize("char", sorted(DIFFERENCES["rfc3986"].path_char_codes))
def test_characters_in_a_path(ed: Ed, char: str) -> None:
    text = f"http://h/a{char}b"
    url = parsed(text, ed)
    assert url.path == ed.path(f"a{char}b")
    expected = ed.differs.path_char_codes[char]
    if expected is None:
        assert url.diagnostics == ()
    else:
        d = only(url, expected)
        assert (d.severity, d.span) == ("error", (10, 11))
        assert d.category == "syntax"
        assert codes(url) == [expected]


def test_every_table_row_lists_the_same_characters() -> None:
    keys = {frozenset(d.path_char_codes) for d in DIFFERENCES.values()}
    assert len(keys) == 1


def test_second_hash_in_the_fragment(ed: Ed) -> None:
    url = parsed("http://h/a?b#c#d", ed)
    assert (url.query, url.fragment) == ("b", "c#d")
    d = only(url, ed.differs.fragment_hash_code)
    assert (d.severity, d.span) == ("error", (14, 15))


# --- the same under every edition: undefined and empty ---------------------------------------


@pytest.mark.parametrize(
    ("text", "user", "password"),
    [
        (
            "ftp://@host.com/",
            "",
            None,
        ),  # RFC 1738 §3.1, URL syntax draft 1997 §4.3.1: an empty user name
        ("ftp://host.com/", None, None),  # no user name
        ("ftp://foo:@host.com/", "foo", ""),  # user "foo", an empty password
        ("ftp://:@host.com/", "", ""),
        ("ftp://foo:bar@host.com/", "foo", "bar"),
    ],
)
def test_user_and_password_undefined_or_empty(
    ed: Ed, text: str, user: str | None, password: str | None
) -> None:
    url = parsed(text, ed)
    assert (url.user, url.password, url.host) == (user, password, "host.com")
    if user is None:
        assert url.userinfo is None
        assert url.spans.userinfo is None
    else:
        assert url.userinfo == text[6 : text.index("@")]
    assert url.recompose() == text


def test_path_with_and_without_slash(ed: Ed) -> None:
    # URL syntax draft 1997 appendix F.2: <foo:/bar> and <foo:bar> must stay different
    a, b = parsed("foo:/bar", ed), parsed("foo:bar", ed)
    assert (a.path, b.path) == ("/bar", "bar")
    assert a.spans.path == (4, 8)
    assert b.spans.path == (4, 7)


def test_query_undefined_or_empty(ed: Ed) -> None:
    empty, undefined = parsed("http://h?", ed), parsed("http://h", ed)
    assert empty.query == ""
    assert empty.spans.query == (9, 9)
    assert undefined.query is None
    assert undefined.spans.query is None
    assert (empty.path, undefined.path) == ("", "")
    assert empty.recompose() == "http://h?"
    assert undefined.recompose() == "http://h"


def test_fragment_undefined_or_empty(ed: Ed) -> None:
    empty, undefined = parsed("foo:x#", ed), parsed("foo:x", ed)
    assert (empty.fragment, undefined.fragment) == ("", None)
    assert empty.spans.fragment == (6, 6)
    assert empty.recompose() == "foo:x#"


def test_authority_undefined_or_empty(ed: Ed) -> None:
    assert parsed("foo:/x", ed).authority is None
    url = parsed("foo:///x", ed)
    assert url.authority == ""
    assert url.spans.authority == (6, 6)


def test_the_empty_reference(ed: Ed) -> None:
    url = parsed("", ed)
    assert components(url) == expect(path="")
    assert url.spans.uri == (0, 0)
    assert url.is_relative
    assert url.diagnostics == ()
    assert url.recompose() == ""


@pytest.mark.parametrize(
    ("text", "given"),
    [
        ("?y", {"path": "", "query": "y"}),
        ("#s", {"path": "", "fragment": "s"}),
        ("g;x?y#s", {"path": "g;x", "query": "y", "fragment": "s"}),
        ("//g", {"authority": "g", "host": "g", "path": ""}),
        ("../../g", {"path": "../../g"}),
        ("/./g", {"path": "/./g"}),
    ],
)
def test_relative_references(ed: Ed, text: str, given: dict[str, str]) -> None:
    url = parsed(text, ed)
    if "query" in given and not ed.splits_query(None):
        # RFC 1738 gives "?" a meaning only after http, https and wais (see DIFFERENCES)
        given = dict(given)
        given["path"] += "?" + given.pop("query")
    assert components(url) == expect(**given)
    assert url.is_relative
    assert url.recompose() == text


# --- spans, recomposition, segments ---------------------------------------------------------

FULL = "foo://u:p@example.com:8042/over/there?name=ferret#nose"


def test_spans_of_every_component(ed: Ed) -> None:
    url = parsed(FULL, ed)
    path = (27, 37) if ed.differs.path_after_slash else (26, 37)
    query: Span | None = (38, 49)
    if not ed.splits_query("foo"):
        path, query = (path[0], 49), None
    assert url.spans == Spans(
        uri=(0, 54),
        scheme=(0, 3),
        authority=(6, 26),
        userinfo=(6, 9),
        user=(6, 7),
        password=(8, 9),
        host=(10, 21),
        port=(22, 26),
        path=path,
        query=query,
        fragment=(50, 54),
    )
    for span, name in (
        (url.spans.scheme, "scheme"),
        (url.spans.user, "user"),
        (url.spans.password, "password"),
    ):
        assert span is not None
        assert FULL[span[0] : span[1]] == getattr(url, name)
    assert components(url) == expect(
        scheme="foo",
        authority="u:p@example.com:8042",
        userinfo="u:p",
        user="u",
        password="p",
        host="example.com",
        port="8042",
        path=ed.path("over/there" if query is not None else "over/there?name=ferret"),
        query="name=ferret" if query is not None else None,
        fragment="nose",
    )
    assert url.port_number == 8042
    assert url.span("host") == (10, 21)
    assert url.span("fragment") == (50, 54)


def test_span_of_an_undefined_component(ed: Ed) -> None:
    url = parsed("foo:x", ed)
    assert url.span("query") is None
    assert url.span("host") is None
    assert url.spans.port is None


@pytest.mark.parametrize(
    "text",
    [
        FULL,
        "http://a/b/c/d;p?q",
        "ftp://@host.com/",
        "ftp://host.com",
        "http://h:/",
        "http://h?#",
        "foo:",
        "foo:bar?#",
        "//",
        "///",
        "////x",
        "?",
        "#",
        "a:b:c",
        "mailto:John.Doe@example.com",
        "news:*",
        "prospero://host.dom//pros/name",
        "http://[::1]:80/p",
        "<URL:http://h/a?q#f>",
        "<http://h/>",
        "URL:ftp://h/a",
        "http://h/a b\x00\u00e9%G1",
    ],
)
def test_recompose_gives_back_the_text(ed: Ed, text: str) -> None:
    url = parsed(text, ed)
    assert url.recompose() == text
    start, end = url.uri_span
    assert url.recompose(wrapper=False) == text[start:end]
    for name in COMPONENTS:
        span = url.span(name)
        value = getattr(url, name)
        assert (span is None) == (value is None)
        if span is not None:
            assert text[span[0] : span[1]] == value


@pytest.mark.parametrize(
    ("text", "segments"),
    [
        ("http://h/a/b/", [("a", (9, 10)), ("b", (11, 12)), ("", (13, 13))]),
        ("http://h/a//b", [("a", (9, 10)), ("", (11, 11)), ("b", (12, 13))]),
        ("foo:a/b", [("a", (4, 5)), ("b", (6, 7))]),
        ("foo:/", [("", (5, 5))]),
        ("x;p/y#q", [("x;p", (0, 3)), ("y", (4, 5))]),
        ("http://h", []),
        ("http://h?q", []),
    ],
)
def test_segments(ed: Ed, text: str, segments: list[tuple[str, tuple[int, int]]]) -> None:
    url = parsed(text, ed)
    assert [(s.text, s.span) for s in url.segments] == segments
    for seg in url.segments:
        assert text[seg.span[0] : seg.span[1]] == seg.text


# --- wrappers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wrapper_end", "uri"),
    [
        ("<URL:http://h/a?q#f>", 5, (5, 19)),  # RFC 1738 appendix, URL draft 1993 §1.3
        (
            "<URL: http://h/a?q#f>",
            6,
            (6, 20),
        ),  # URL syntax draft 1997 appendix E: with a trailing space
        (
            "<http://h/a?q#f>",
            1,
            (1, 15),
        ),  # URL syntax draft 1997 / RFC 2396bis draft 2003 appendix E
        ("URL:http://h/a?q#f", 4, (4, 18)),  # RFC 1738 appendix: the prefix alone
    ],
)
def test_wrappers_are_stripped(ed: Ed, text: str, wrapper_end: int, uri: tuple[int, int]) -> None:
    url = parsed(text, ed)
    d = only(url, "wrapper")
    assert (d.severity, d.category, d.span) == ("info", "wrapper", (0, wrapper_end))
    assert url.spans.uri == uri
    assert url.uri == "http://h/a?q#f"
    assert url.has_wrapper
    start = uri[0]
    assert url.spans.scheme == (start, start + 4)
    assert url.spans.host == (start + 7, start + 8)
    assert url.spans.query == (start + 11, start + 12)
    assert url.spans.fragment == (start + 13, start + 14)
    assert (url.scheme, url.host, url.query, url.fragment) == ("http", "h", "q", "f")
    assert url.path == ed.path("a")
    assert url.recompose() == text
    assert url.recompose(wrapper=False) == "http://h/a?q#f"
    others = ["fragment-outside-url"] if ed.differs.fragment_outside_url else []
    assert sorted(codes(url)) == sorted(["wrapper", *others])


@pytest.mark.parametrize("text", ["http://h/a", "<http://h/a", "http://h/a>", "URL"])
def test_no_wrapper(ed: Ed, text: str) -> None:
    url = parsed(text, ed)
    assert "wrapper" not in codes(url)
    assert url.spans.uri == (0, len(text))
    assert not url.has_wrapper


# --- diagnostics with spans, the same under every edition ------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "span", "category"),
    [
        ("http://h/a%G1", "bad-escape", (10, 13), "escape"),
        ("http://h/a%", "bad-escape", (10, 11), "escape"),  # a lone "%"
        ("http://h/a%4", "bad-escape", (10, 12), "escape"),
        ("http://h/?a%zz", "bad-escape", (11, 14), "escape"),
        ("http://h:8a/", "invalid-port", (9, 11), "syntax"),
        ("a{b:c", "invalid-scheme", (0, 3), "syntax"),
        (
            ":a",
            "colon-in-first-segment",
            (0, 1),
            "syntax",
        ),  # RFC 3986 §4.2, URL syntax draft 1997 §5
        (":a/b", "colon-in-first-segment", (0, 1), "syntax"),
    ],
)
def test_error_diagnostics(
    ed: Ed, text: str, code: str, span: tuple[int, int], category: str
) -> None:
    url = parsed(text, ed)
    d = only(url, code)
    assert (d.severity, d.span, d.category) == ("error", span, category)
    assert not url.is_valid
    assert d in url.errors


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("http://h:70000/", (9, 14)),
        ("http://h:000000000000000065536/", (9, 30)),  # leading zeros read as digits
        ("http://h:" + "9" * 25 + "/", (9, 34)),  # more digits than any number names
    ],
)
def test_a_port_above_65535_is_a_warning(ed: Ed, text: str, span: tuple[int, int]) -> None:
    # port = *DIGIT (RFC 3986 §3.2.3; 1*digit in RFC 1738 §5): no range in the grammar;
    # what limits it is TCP's 16-bit port field (and browsers reject the URL)
    url = parsed(text, ed)
    d = only(url, "port-out-of-range")
    assert (d.severity, d.span, d.category) == ("warning", span, "syntax")
    assert d.reference.startswith("RFC 793 §3.1")
    assert "WHATWG" in d.reference
    assert "65535" in d.message
    assert url.is_valid


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("http://f:000000000000000000080/c", 80),  # 21 digits, 2 significant
        ("http://f:0/c", 0),
        ("http://f:00008080/c", 8080),
        ("http://f:" + "0" * 100 + "21/c", 21),
    ],
)
def test_leading_zeros_are_digits_of_the_port(ed: Ed, text: str, number: int) -> None:
    url = parsed(text, ed)
    assert url.port_number == number
    assert "port-out-of-range" not in codes(url)


def test_scheme_in_upper_case(ed: Ed) -> None:
    # RFC 1738 §2.1, URL syntax draft 1997 §4.1, RFC 2396bis draft 2003 §3.1: treat upper case as
    # lower case in scheme names
    url = parsed("HTTP://h/", ed)
    d = only(url, "scheme-uppercase")
    assert (d.severity, d.span, d.category) == ("info", (0, 4), "syntax")
    assert url.scheme == "HTTP"
    assert url.is_valid


def test_a_colon_after_the_first_segment_is_fine(ed: Ed) -> None:
    url = parsed(
        "./this:that", ed
    )  # URL syntax draft 1997 §5, RFC 2396bis draft 2003 §5: "./this:that"
    assert url.scheme is None
    assert url.path == "./this:that"
    assert url.diagnostics == ()


def test_valid_urls_have_no_findings(ed: Ed) -> None:
    for text in ("http://example.com/a/b?c+d#e", "ftp://h.com/pub/f.txt", "news:comp.lang"):
        url = parsed(text, ed)
        assert [d for d in url.diagnostics if d.code != "fragment-outside-url"] == []


# --- security findings (RFC 1738 §6, URL syntax draft 1997 §7, RFC 2396bis draft 2003 §7)
# ------------------------------------------------


def security(url: URL, code: str) -> Diagnostic:
    d = only(url, code)
    assert d.category == "security"
    return d


def test_password(ed: Ed) -> None:
    url = parsed("ftp://foo:bar@h.com/", ed)
    d = security(url, "password")
    assert (d.severity, d.span) == ("warning", (10, 13))
    assert url.password == "bar"
    assert "password" not in codes(parsed("ftp://foo@h.com/", ed))


def test_userinfo_that_looks_like_a_host(ed: Ed) -> None:
    # RFC 2396bis draft 2003 §7.5
    text = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
    url = parsed(text, ed)
    d = security(url, "userinfo-lookalike")
    assert (d.severity, d.span) == ("warning", (7, 42))
    assert url.host == "10.0.0.1"
    assert url.userinfo == "www.example.com&story=breaking_news"
    assert "10.0.0.1" in d.message
    assert "userinfo-lookalike" not in codes(parsed("ftp://anonymous@h.com/", ed))


def test_a_finding_quotes_a_backslash_as_one_backslash(ed: Ed) -> None:
    """Messages quoted the user's text with repr(): the finding on
    ``https://evil.com\\@good.com/`` read ``'evil.com\\\\'``."""
    d = security(parsed("https://evil.com\\@good.com/", ed), "userinfo-lookalike")
    assert "the userinfo 'evil.com\\' looks like a host name" in d.message
    assert "\\\\" not in d.message


@pytest.mark.parametrize(
    ("text", "code", "severity", "span"),
    [
        ("gopher://h:25/", "low-port", "warning", (11, 13)),  # RFC 1738 §6: gopher to SMTP
        ("http://h:119/", "low-port", "warning", (9, 12)),  # NNTP
        ("gopher://h:8080/", "non-default-port", "info", (11, 15)),
        ("gopher://h:70/", None, None, None),  # the default port (RFC 1738 §3.4)
        ("http://h:80/", None, None, None),
        ("ftp://h:21/", None, None, None),
    ],
)
def test_ports(
    ed: Ed, text: str, code: str | None, severity: str | None, span: tuple[int, int] | None
) -> None:
    url = parsed(text, ed)
    port_findings = [d for d in url.diagnostics if d.code in ("low-port", "non-default-port")]
    if code is None:
        assert port_findings == []
    else:
        assert [d.code for d in port_findings] == [code]
        d = port_findings[0]
        assert (d.severity, d.span, d.category) == (severity, span, "security")


def test_low_port_names_the_service(ed: Ed) -> None:
    assert "SMTP" in security(parsed("gopher://h:25/", ed), "low-port").message


def test_encoded_controls(ed: Ed) -> None:
    text = "ftp://u%0D@h/p%0a?q%00#f%0D"
    url = parsed(text, ed)
    found = [d for d in url.diagnostics if d.code == "encoded-control"]
    # userinfo, path, query; not the fragment, which is never sent (URL syntax draft 1997 §3,
    # RFC 2396bis draft 2003 §4.1)
    assert [d.span for d in found] == [(7, 10), (14, 17), (19, 22)]
    assert all(d.severity == "warning" and d.category == "security" for d in found)


@pytest.mark.parametrize("host", ["0x7f.1", "017700000001", "2130706433", "0177.0.0.1", "127.1"])
def test_rare_ipv4_forms(ed: Ed, host: str) -> None:
    url = parsed(f"http://{host}/", ed)
    d = security(url, "rare-ipv4")
    assert d.severity == "warning"
    assert d.span == (7, 7 + len(host))
    assert "127.0.0.1" in d.message


def test_dotted_decimal_is_not_rare(ed: Ed) -> None:
    assert "rare-ipv4" not in codes(parsed("http://127.0.0.1/", ed))


@pytest.mark.parametrize(
    ("host", "address"), [("010.0.0.1", "8.0.0.1"), ("0177.0.0.1", "127.0.0.1")]
)
def test_leading_zero_octets(ed: Ed, host: str, address: str) -> None:
    # No octet is over 255; a leading 0 reads as octal on many systems (RFC 2396bis draft 2003
    # §7.3). RFC 1738 / URL syntax draft 1997/URL draft 1993's hostnumber = digits "." digits "."
    # digits "." digits holds it.
    url = parsed(f"http://{host}/", ed)
    assert "ipv4-octet-range" not in codes(url)
    assert address in security(url, "rare-ipv4").message
    if ed.differs.ipv4_octet_over_255 == "error":
        assert url.is_valid, url.diagnostics


def test_idn(ed: Ed) -> None:
    url = parsed("http://xn--mnchen-3ya.de/", ed)
    d = security(url, "idn")
    assert (d.severity, d.span) == ("info", (7, 24))
    assert "münchen.de" in d.message
    assert "mixed-script" not in codes(url)  # "ü" is Latin


def test_mixed_script(ed: Ed) -> None:
    host = "p\u0430ypal.com"  # Cyrillic а
    url = parsed(f"http://{host}/", ed)
    d = security(url, "mixed-script")
    assert d.severity == "warning"
    assert d.span == (7, 13)  # the label that mixes them
    assert "Cyrillic" in d.message
    assert "Latin" in d.message
    assert "mixed-script" not in codes(parsed("http://paypal.com/", ed))


# --- every diagnostic cites its edition's text --------------------------------------------------

CORPUS = [
    FULL,
    "http://h:/",
    "http://[::1]/",
    "http://[v1.x]/",
    "http://my_host/",
    "http://a+b.com/",
    "1http://h/",
    "HTTP://h/",
    "http://300.1.1.1/",
    'http://h/a b~["<`{\x01\u00e9%G1%',
    "http://h/a?b#c#d",
    ":a",
    "a{b:c",
    "foo:///x",
    "ftp://foo:bar@h.com/p%0D?q%0A",
    "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    "gopher://h:25/",
    "gopher://h:8080/",
    "http://0x7f.1/",
    "http://xn--mnchen-3ya.de/",
    "http://p\u0430ypal.com/",
    "<URL:http://h/>",
    "http://h:70000/",
    "http://h:8a/",
    "news:",
    "mailto:",
    "nntp://h/g/x",
]


@pytest.mark.parametrize("text", CORPUS)
def test_every_diagnostic_cites_its_edition(ed: Ed, text: str) -> None:
    parsed(text, ed)  # check_diagnostics does the work


def test_to_dict_is_json_ready(ed: Ed) -> None:
    import json

    data: dict[str, Any] = parse(FULL, ed.id).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["components"]["host"] == {
        "text": "example.com",
        "decoded": "example.com",
        "span": [10, 21],
    }
    assert data["components"]["fragment"] == {"text": "nose", "decoded": "nose", "span": [50, 54]}
    assert data["components"]["userinfo"] == {"text": "u:p", "decoded": "u:p", "span": [6, 9]}
    assert data["edition"] == ed.id


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("text", [b"http://example.com/", b"ftp://host/", None, 42])
def test_parse_takes_only_a_str(text: object, edition: str) -> None:
    with pytest.raises(TypeError, match=f"parse\\(\\) takes a str, not {type(text).__name__}"):
        parse(text, edition)  # type: ignore[arg-type]
