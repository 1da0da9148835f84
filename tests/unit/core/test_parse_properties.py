"""Properties of ``parse`` for any text and every edition (Hypothesis).

* ``parse`` never raises for a ``str`` and gives back a :class:`URL` whose
  ``recompose()`` is the text;
* every span lies in the text, the generic components come in order with their
  separators, userinfo/host/port lie inside the authority, and ``text[span]`` is the
  component;
* every diagnostic has a span in the text, a code, a severity and a citation;
* the fast validating regex and the general route give the same result;
* URL syntax draft 1997 / RFC 2396bis draft 2003 appendix B's regular expression ("a concrete
  parsing example and test oracle"), adjusted by the edition's tables, splits every text the same
  way;
* ``replace()`` with a component's own value gives the same URL back.

The strategies: any text (non-ASCII, controls, lone surrogates); URL-like text
assembled from the pieces URLs are made of; URLs built component by component from
mostly-valid characters (so the fast route takes many of them); and 64 KiB texts.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from urlinspector.core import EDITION_IDS, URL, get_edition, parse
from urlinspector.core.grammar import APPENDIX_B
from urlinspector.core.model import (
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
    Spans,
)
from urlinspector.core.tables import tables_for

COMPONENTS = (
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
INDEX = {
    "scheme": SCHEME,
    "authority": AUTHORITY,
    "userinfo": USERINFO,
    "user": USER,
    "password": PASSWORD,
    "host": HOST,
    "port": PORT,
    "path": PATH,
    "query": QUERY,
    "fragment": FRAGMENT,
}
FAST_EDITIONS = tuple(e for e in EDITION_IDS if tables_for(get_edition(e)).fast)

_BASE = settings().max_examples


def scaled(fraction: float, minimum: int = 10) -> int:
    """A share of the profile's ``max_examples`` (see tests/conftest.py)."""
    return max(minimum, int(_BASE * fraction))


# --- strategies ----------------------------------------------------------------------------

SPECIAL_CHARS = (
    "\x00\x01\t\n\r\x1f\x7f \"<>#%{}|\\^`[]~:/?@!$&'()*+,;=.-_"
    "\u00a0\u00e9\u0430\u200b\u3000\ufeff\U0001f600\ud800\udfff"
    # lone surrogates beside bidi controls and invisible characters (the bidi
    # algorithm reorders a pair's halves apart)
    "\udbff\udc00\udc80\u202e\u202c\u2066\u2069\u061c\u200f\u05d0"
)
any_char = st.one_of(
    st.characters(exclude_categories=()),  # every code point but surrogates ...
    st.sampled_from(SPECIAL_CHARS),  # ... and these, lone surrogates included
)
any_text = st.text(any_char, max_size=80)

PIECES = (
    "http", "HTTP", "ftp", "gopher", "wais", "mailto", "news", "file", "foo", "1x",
    "URL:", "<", ">", ":", "://", "//", "/", "?", "#", "@", ":@", "[", "]", "[::1]",
    "[v1.x]", "%", "%4", "%41", "%zz", "%0D", "%0a", "%00", "a", "Z", "0", "9",
    "255", "256", "0x7f", ".", "..", "-", "_", "~", "+", "!", "$", "&", "'", "(", ")",
    "*", ",", ";", "=", " ", "\t", "\x00", "é", "\u0430", "xn--mnchen-3ya", "host.com",
    "80", "25", "70000", "\"", "{", "|", "\\", "^", "`",
)  # fmt: skip
url_like = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)

# Mostly characters every edition allows somewhere, with some that few allow.
_COMMON = "abcXYZ019" * 4 + "-._" * 2
_SOME = "~+!$&'()*,;=:@%" + "%41%7e"
scheme_text = st.one_of(
    st.sampled_from(["http", "HTTP", "ftp", "gopher", "wais", "mailto", "news", "file", "foo"]),
    st.text(st.sampled_from("abzAZ09+-._"), min_size=1, max_size=6),
)
host_text = st.one_of(
    st.sampled_from(
        [
            "h", "example.com", "a.b-c.d", "10.0.0.1", "300.1.1.1", "0x7f.1", "2130706433",
            "010.0.0.1", "[::1]", "[2001:db8::7]", "[v1.x]", "[::1", "", "my_host", "a+b",
            "xn--mnchen-3ya.de", "p\u0430ypal.com", "EXAMPLE.COM", "h%41", "a.",
        ]
    ),
    st.text(st.sampled_from(_COMMON + "!$&'()*+,;="), max_size=12),
)  # fmt: skip
component_text = st.text(st.sampled_from(_COMMON + _SOME), max_size=16)
path_text = st.lists(component_text, max_size=5).map("/".join)


@st.composite
def structured_urls(draw: st.DrawFn) -> str:
    text = ""
    if draw(st.booleans()):
        text += draw(scheme_text) + ":"
    if draw(st.booleans()):
        text += "//"
        if draw(st.booleans()):
            text += draw(component_text) + "@"
        text += draw(host_text)
        if draw(st.booleans()):
            text += ":" + draw(
                st.one_of(st.text(st.sampled_from("0123456789"), max_size=6), st.just("8a"))
            )
        if draw(st.booleans()):
            text += "/"
    text += draw(path_text)
    if draw(st.booleans()):
        text += "?" + draw(st.text(st.sampled_from(_COMMON + _SOME + "/?"), max_size=16))
    if draw(st.booleans()):
        text += "#" + draw(st.text(st.sampled_from(_COMMON + _SOME + "/?"), max_size=16))
    wrapper = draw(st.sampled_from(["", "", "", "<>", "<URL:>", "URL:"]))
    if wrapper == "URL:":
        return "URL:" + text
    if wrapper:
        return wrapper[:-1] + text + ">"
    return text


texts = st.one_of(any_text, url_like, structured_urls())

_HUGE = 64 * 1024
huge_texts = st.builds(
    lambda prefix, unit: (prefix + unit * _HUGE)[:_HUGE],
    st.sampled_from(["", "http://h/", "http://", "//", "?", "#", "<URL:http://h/", "a:", "x://u@"]),
    st.text(
        st.one_of(st.sampled_from(_COMMON + _SOME + " /?#[]é\x00"), any_char),
        min_size=1,
        max_size=6,
    ),
)


# --- the invariants ------------------------------------------------------------------------


def check_url(url: URL, text: str, edition: str) -> None:
    n = len(text)
    assert isinstance(url, URL)
    assert url.text == text
    assert url.edition.id == edition
    assert url.recompose() == text

    spans = url.spans
    assert len(spans) == 11
    for start, end in spans:
        assert (start, end) == UNDEFINED or 0 <= start <= end <= n, spans
    u_start, u_end = spans[URI]
    assert 0 <= u_start <= u_end <= n
    assert url.recompose(wrapper=False) == text[u_start:u_end]
    assert (
        spans[PATH] != UNDEFINED
    )  # URL syntax draft 1997 §5.2, RFC 2396bis draft 2003 §5.2: never undefined

    for name in COMPONENTS:
        start, end = spans[INDEX[name]]
        value = getattr(url, name)
        assert value == (None if start < 0 else text[start:end]), name

    # the generic components in order, each after its separator, all inside the URI
    previous = u_start
    for index, before in (
        (SCHEME, ""),
        (AUTHORITY, "//"),
        (PATH, ""),
        (QUERY, "?"),
        (FRAGMENT, "#"),
    ):
        start, end = spans[index]
        if start < 0:
            continue
        assert start - len(before) >= previous, (index, spans)
        assert text[start - len(before) : start] == before, (index, spans)
        assert end <= u_end
        previous = end
        if index == SCHEME:
            assert text[end : end + 1] == ":"
            previous = end + 1
    if spans[SCHEME][0] < 0 and spans[AUTHORITY][0] < 0:
        assert spans[PATH][0] == u_start

    _check_authority(text, spans)
    separator = url.path_separator_span
    if separator is not None:
        assert url.edition.path_after_slash
        assert separator == (spans[PATH][0] - 1, spans[PATH][0])
        assert text[separator[0]] == "/"
        assert separator[0] == spans[AUTHORITY][1]

    p_start, p_end = spans[PATH]
    for segment in url.segments:
        start, end = segment.span
        assert p_start <= start <= end <= p_end
        assert text[start:end] == segment.text
        assert "/" not in segment.text

    _check_diagnostics(url, n)
    assert url.is_valid == (not url.errors)
    json.dumps(url.to_dict())


def _check_authority(text: str, spans: Spans) -> None:
    """userinfo, host and port inside the authority, in that order."""
    a_start, a_end = spans[AUTHORITY]
    if a_start < 0:
        for index in (USERINFO, USER, PASSWORD, HOST, PORT):
            assert spans[index] == UNDEFINED
    else:
        assert spans[HOST] != UNDEFINED
        for index in (USERINFO, USER, PASSWORD, HOST, PORT):
            start, end = spans[index]
            if start >= 0:
                assert a_start <= start <= end <= a_end, (index, spans)
        if spans[USERINFO][0] >= 0:
            assert spans[USERINFO][0] == a_start
            assert text[spans[USERINFO][1]] == "@"
            assert spans[USERINFO][1] < spans[HOST][0]
            assert spans[USER][0] == a_start
            if spans[PASSWORD][0] >= 0:
                assert text[spans[USER][1]] == ":"
                assert spans[PASSWORD][1] == spans[USERINFO][1]
            else:
                assert spans[USER] == spans[USERINFO]
        else:
            assert spans[USER] == spans[PASSWORD] == UNDEFINED
        if spans[PORT][0] >= 0:
            assert spans[HOST][1] <= spans[PORT][0]
            assert spans[PORT][1] == a_end


def _check_diagnostics(url: URL, n: int) -> None:
    """Each diagnostic inside the text, in the order of the spans, with all it needs."""
    previous_span = (-1, -1)
    for d in url.diagnostics:
        start, end = d.span
        assert 0 <= start <= end <= n, d
        assert d.span >= previous_span, "diagnostics come in the order of their spans"
        previous_span = d.span
        assert d.code, d
        assert d.message, d
        assert d.reference.strip(), d
        assert d.severity in ("error", "warning", "info"), d
        assert d.category in ("syntax", "escape", "security", "scheme", "wrapper"), d


def parse_by_the_general_route(text: str, edition: str) -> URL:
    return parse(text, edition, fast_routes=False)


def takes_the_fast_route(text: str, edition: str) -> bool:
    fast = tables_for(get_edition(edition)).fast
    return fast is not None and fast(text) is not None


_APPENDIX_B = {
    True: APPENDIX_B,
    # the same for a scheme whose "?" starts no query (RFC 1738 §3.3): "?" is a path character
    False: re.compile(r"(([^:/?#]+):)?(//([^/#]*))?([^#]*)(\?)?()(#(.*))?", re.DOTALL),
}


def appendix_b(text: str, edition: str) -> tuple[str | None, ...]:
    """URL syntax draft 1997 / RFC 2396bis draft 2003 appendix B, with the edition's choices: which
    schemes split "?" (RFC 1738 §3.3) and whether the "/" after host[:port] belongs to the path
    (RFC 1738 §3.1)."""
    ed = get_edition(edition)
    m = _APPENDIX_B[True].fullmatch(text)
    assert m is not None
    if not ed.splits_query(m.group(2)):
        m = _APPENDIX_B[False].fullmatch(text)
        assert m is not None
    scheme, authority, path, query, fragment = m.group(2, 4, 5, 7, 9)
    if m.re is _APPENDIX_B[False]:
        query = None  # no query: "?" is a path character
    if ed.path_after_slash and authority is not None and path.startswith("/"):
        path = path[1:]
    return scheme, authority, path, query, fragment


# --- the properties ------------------------------------------------------------------------

EDITIONS = pytest.mark.parametrize("edition", EDITION_IDS)


@EDITIONS
@given(text=texts)
@example(text="")
@example(text=":a")
@example(text="<>")
@example(text="<URL:>")
@example(text="URL:x:")
@example(text="http://[::1]:80/a?b#c")
@example(text="ftp://u:p@h:21/a;type=d?x#y")
@example(text="\ud800://\udfff@\x00/%")
@example(text="http://a/\udbff\u2069\udc00\udc00")
def test_invariants(edition: str, text: str) -> None:
    check_url(parse(text, edition), text, edition)


@EDITIONS
@settings(max_examples=scaled(0.05, minimum=3))
@given(text=huge_texts)
def test_invariants_on_64_kib(edition: str, text: str) -> None:
    assert len(text) == _HUGE
    url = parse(text, edition)
    check_url(url, text, edition)
    assert parse_by_the_general_route(text, edition) == url


def test_the_fast_route_exists() -> None:
    # the agreement tests below are vacuous without it
    assert set(FAST_EDITIONS) >= {"rfc3986", "rfc2396bis-2003", "url-syntax-1997"}
    for edition in FAST_EDITIONS:
        for text in ("http://example.com/a/b?c#d", "foo:bar", "//h:80", "a/b", ""):
            assert takes_the_fast_route(text, edition), (edition, text)


@pytest.mark.parametrize("edition", FAST_EDITIONS)
@given(text=texts)
@example(text=":a")
@example(text=":a/b")
@example(text="http://h/%41")
@example(text="HTTP://h/")
@example(text="http://300.1.1.1/")
@example(text="http://0x7f.1/")
@example(text="http://[v1.x]/")
@example(text="http://my_host/")
@example(text="http://u:p@h:/")
@example(text="ftp://u:p@xn--mnchen-3ya.de:2121/a;type=i")
@example(text="FTP://u:p@256.1.2.3/a;type=x")
@example(text="Gopher://0x7f.1:70/0sel%09s")
@example(text="NEWS:comp.lang")
@example(text="http://h/a b?<c>#d e")
@example(text="HTTP://u:p@h:8080/%G1?%#%")
@example(text="<URL:ftp://h/a b;type=i>")
@example(text="mailto:a.b@[::1]")
def test_fast_and_general_routes_agree(edition: str, text: str) -> None:
    fast = parse(text, edition)
    general = parse_by_the_general_route(text, edition)
    assert fast.spans == general.spans
    assert fast.host_kind == general.host_kind
    assert fast.diagnostics == general.diagnostics
    assert fast.specific == general.specific
    assert fast == general


@pytest.mark.parametrize("edition", FAST_EDITIONS)
@settings(max_examples=scaled(2.0))
@given(text=structured_urls())
@example(text="?%#0")  # a bad escape Python 3.11.2's possessive groups let through
@example(text="http://h/a%41%4")
def test_fast_and_general_routes_agree_on_urls(edition: str, text: str) -> None:
    assert parse(text, edition) == parse_by_the_general_route(text, edition)


@EDITIONS
@given(text=texts)
@example(text="ftp://h/a?b#c")
@example(text="<URL:http://h/?#>")
@example(text="a://b//c?d?e#f#g")
def test_appendix_b_split(edition: str, text: str) -> None:
    url = parse(text, edition)
    start, end = url.spans[URI]
    got = (url.scheme, url.authority, url.path, url.query, url.fragment)
    # (RFC 2396bis draft 2003 §3.2.1's reg-name reading moves the host's bounds, never the
    # authority's)
    assert got == appendix_b(text[start:end], edition)


@EDITIONS
@given(text=st.one_of(url_like, structured_urls()))
@example(text="prospero://host.dom//pros/name")
@example(text="http://h/")
@example(text="foo:bar")
@example(text="//h")
@example(text="URL:URL:URL:")
def test_replace_with_its_own_value_changes_nothing(edition: str, text: str) -> None:
    url = parse(text, edition)
    if not url.is_valid:
        return  # what a component of an invalid URL holds is not defined by any text
    body = url.recompose(wrapper=False)
    for name in ("scheme", "authority", "path", "query", "fragment"):
        same = url.replace(**{name: getattr(url, name)})
        assert same.recompose(wrapper=False) == body, name
        assert getattr(same, name) == getattr(url, name), name
    if url.authority is not None:
        for name in ("userinfo", "host", "port"):
            same = url.replace(**{name: getattr(url, name)})
            assert same.recompose(wrapper=False) == body, name


@EDITIONS
@given(
    text=structured_urls(),
    name=st.sampled_from(["path", "query", "fragment"]),
    value=st.text(st.sampled_from("abc019-._~!$&'()*+,;=@%41"), max_size=10),
)
def test_replace_sets_a_component(edition: str, text: str, name: str, value: str) -> None:
    url = parse(text, edition)
    if not url.is_valid:
        return
    if name == "path" and url.authority is not None and not get_edition(edition).path_after_slash:
        value = "/" + value  # with an authority the path is empty or starts with "/"
    if name == "query" and not get_edition(edition).splits_query(url.scheme):
        return  # no query to set under this edition and scheme (RFC 1738 §3.3)
    changed = url.replace(**{name: value})
    assert getattr(changed, name) == value
    for other in ("scheme", "authority", "path", "query", "fragment"):
        if other != name:
            assert getattr(changed, other) == getattr(url, other), other
