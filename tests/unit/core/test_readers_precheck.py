"""``core.readers.readers_could_differ``: the pre-check that lets a scan leave out the
libraries' readings holds no finding back.  Wherever it says the libraries cannot go
elsewhere than browsers, the full readings must find nothing: on the benchmark corpus,
on the classic parser differentials, and on generated URLs built from plain parts
and the characters the libraries part ways on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.benchmarks.corpus import corpus
from urlinspector.core import browser_reading, parse
from urlinspector.core.readers import reader_findings, readers_could_differ
from urlinspector.readers import FETCHED, reader_readings


def _held_back(text: str) -> list[str]:
    """The reader findings the pre-check would skip on *text* (none, if it is right)."""
    url = parse(text)
    browser = browser_reading(url.uri)
    if readers_could_differ(url, browser, FETCHED):
        return []
    return [d.code for d in reader_findings(url, browser, reader_readings(url.uri))]


@pytest.mark.parametrize(
    ("text", "could_differ"),
    [
        # plain http(s) URLs: the libraries read the host and port browsers do
        ("http://www.example.com/", False),
        ("https://example.com:8443/a/b?q=1#top", False),
        ("http://Example.COM/caf%C3%A9", False),
        ("http://xn--mnchen-3ya.de/", True),  # (httpx checks an A-label, may refuse it)
        # schemes whose host browsers do not contact, and relative references
        ("mailto:user@example.com", False),
        ("news:comp.infosystems.www.misc", False),
        ("gopher://gopher.floodgap.com/1/world", False),
        ("../a/b", False),
        # the texts the libraries part ways on (Claroty and Snyk, 2022)
        ("http://evil.com\\@good.com/", True),
        ("http://good.com#@evil.com/", True),
        ("http://user@evil.com/", True),
        ("http://evil.com\t/", True),
        ("http://127.1/", True),
        ("http://0x7f.0.0.1/", True),
        ("http://1.2.3.4/", False),
        ("http://01.2.3.4/", True),
        ("http://1.2.3.256/", True),
        # an IPv6 address of hexadecimal pieces: everyone reads it, browsers compress it
        ("http://[::1]/", False),
        ("https://[2001:db8::1]:8443/a?b#c", False),
        ("http://[2001:DB8:0:0:0:0:0:1]/", False),
        ("ftp://[fe80::1]/pub/", False),
        ("http://[::ffff:1.2.3.4]/", True),  # (an embedded IPv4 form)
        ("http://[fe80::1%25eth0]/", True),  # (a zone)
        ("http://[1::2::3]/", True),  # (browsers reject it)
        ("http://[::1]:99999/", True),
        ("http://user@[::1]/", True),
        ("http://[::1]\\@good.com/", True),
        ("http://evil.com%00.good.com/", True),
        ("http://good.com/%00", True),
        # printable characters RFC 3986 leaves out, in the path, query or fragment
        ("http://faq.post.net/<script>", False),
        ("http://product.de/%G1", False),
        ("http://187.90.188.225/a b/c", True),  # (urlopen and curl refuse the space)
        ('http://example.com/a"b{c}|d^e`f?q=<1>#%', False),
        ("http://example.com/%0G", True),  # (conservative: %0 and %1 begin controls)
        ("http://example.com/a b\\@evil.com/", True),
        ("http://example.com <x>/", True),  # (in the authority)
        ("http://good.com:99999/", True),
        ("http://a..b.com/", True),
        ("HTTP://example.com/", False),
        ("ftp://ftp.example.com/pub/file;type=a", False),
        ("ws://example.com/socket", True),  # (libcurl 7.88 knows no default port for ws)
        (" http://example.com/", True),
        ("ftp://user@example.com/", True),
        ("http://bücher.de/", True),
        # file: no library connects for it, whatever its host
        ("file:///etc/passwd", False),
        ("FILE://fileserver/share/a%20b.txt", False),
        ("file://user@evil.com\\@good.com/", False),
        ("file:http://evil.com/", False),
        (" file://host/", True),  # (no scheme at the start: some library may guess one)
    ],
)
def test_could_differ(text: str, could_differ: bool) -> None:
    url = parse(text)
    assert readers_could_differ(url, browser_reading(url.uri), FETCHED) is could_differ
    assert _held_back(text) == []


def test_corpus_loses_no_finding() -> None:
    urls = [u for u in corpus(20_000) if u]
    skipped = [
        u
        for u in urls
        if not readers_could_differ(parse(u), browser_reading(parse(u).uri), FETCHED)
    ]
    assert len(skipped) > len(urls) // 2  # (most of a log's URLs are plain)
    held_back = {u: codes for u in skipped if (codes := _held_back(u))}
    assert held_back == {}


_LABEL = st.from_regex(r"[a-z0-9][a-z0-9-]{0,8}", fullmatch=True)
_TRICKY = st.sampled_from(
    [
        *("\\", "@", "#@", "%00", "%2e", "\t", "\n", " ", "[", "]", ":", "0x7f", "127.1"),
        *("ß", "%40", "//", "?@", ";@", "\x00", "\u3002", "xn--", ".", "..", "%5C", ":80", ":0"),
        *("<", ">", '"', "{", "}", "|", "^", "`", "%", "%G1", "%0G", " /", "/ ", "\r", "\x7f"),
    ]
)
_PIECE = st.one_of(_LABEL, _TRICKY, st.sampled_from([".", "/", "?", "#", "=", "&", ":8080"]))


@st.composite
def _urls(draw: st.DrawFn) -> str:
    scheme = draw(
        st.sampled_from(
            ["http://", "https://", "HTTP://", "ws://", "ftp://", "Ftp://", "http:", "file://"]
        )
    )
    names = st.lists(_LABEL, min_size=1, max_size=3).map(".".join)
    suffixes = st.sampled_from([".com", ".de", ".1", ".0x1", ""])
    octet = st.sampled_from(["0", "1", "01", "127", "255", "256", "0x7f", ""])
    addresses = st.lists(octet, min_size=1, max_size=5).map(".".join)  # (127.1, 1.2.3.4.5)
    piece = st.sampled_from(["", "0", "1", "db8", "DB8", "2001", "ffff", "fe80", "12345", "g"])
    ipv6 = st.lists(piece, min_size=1, max_size=9).map(lambda p: "[" + ":".join(p) + "]")
    host = draw(st.one_of(st.tuples(names, suffixes).map("".join), addresses, ipv6))
    pieces = draw(st.lists(_PIECE, max_size=8))
    cut = draw(st.integers(0, len(pieces)))
    return scheme + "".join(pieces[:cut]) + host + "".join(pieces[cut:])


@settings(max_examples=settings().max_examples * 3, deadline=None)
@given(_urls())
def test_generated_urls_lose_no_finding(text: str) -> None:
    assert _held_back(text) == []
