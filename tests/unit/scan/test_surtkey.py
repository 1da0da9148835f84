"""``url_surtkey``: the SURT key as Common Crawl's index writes it, held to real lines of
that index and to the ``surt`` package (the Internet Archive's key maker, which pywb,
Common Crawl's indexer, calls; a test dependency only)."""

from __future__ import annotations

import socket

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from tests.benchmarks.corpus import corpus, legacy_corpus  # noqa: E402
from tests.unit.scan.golden_rows import TRICKY  # noqa: E402
from urlinspector.core.browser import browser_reading  # noqa: E402
from urlinspector.scan import rows  # noqa: E402
from urlinspector.scan.surtkey import surt_host, surt_key  # noqa: E402

# (urlkey, url) of lines of Common Crawl's CDXJ index, as published in public material:
# commoncrawl/cc-index-table's tests (CC-MAIN-2022-05), commoncrawl.org's CDXJ index
# page (CC-MAIN-2025-43, CC-MAIN-2026-08), commoncrawl/whirlwind-python's README
# (CC-MAIN-2024-22), and lines quoted from the index in other projects' code and
# notes (CC-MAIN-2018-13 to CC-MAIN-2024-30)
COMMON_CRAWL = [
    ("org,commoncrawl)/faq", "https://commoncrawl.org/faq/"),
    ("org,commoncrawl)/get-started", "https://www.commoncrawl.org/get-started"),
    ("org,commoncrawl)/get-started", "https://commoncrawl.org/get-started"),
    ("com,example)/", "https://www.example.com/"),
    ("org,wikipedia,an)/wiki/escopete", "https://an.wikipedia.org/wiki/Escopete"),
    ("0,100,22,165)/", "http://165.22.100.0/"),
    ("0,100,22,165)/robots.txt", "http://165.22.100.0/robots.txt"),
    ("0,100,59,139)/", "https://139.59.100.0/"),
    (
        "0,146,201,84)/en/projects/aleksandr-solzhenitsyn-conference",
        "https://84.201.146.0/en/projects/aleksandr-solzhenitsyn-conference",
    ),
    ("0,123,172,167)/index.php/legales", "https://167.172.123.0/index.php/legales/"),
    (
        "com,food)/recipe/0-carb-0-cal-gummy-worms-283618",
        "https://www.food.com/recipe/0-carb-0-cal-gummy-worms-283618",
    ),
    ("com,icccricketworldcupstreaming)/", "https://icccricketworldcupstreaming.com/"),
    (
        "com,hk01,2016legcoelection)/candidate/tag/205/54",
        "http://2016legcoelection.hk01.com/candidate/tag/205/54",
    ),
    ("com,github)/", "https://github.com/"),
    (
        "app,web,hurmaninvesterarimli)/89132/31224.html",
        "https://hurmaninvesterarimli.web.app/89132/31224.html",
    ),
]


def _key(url: str) -> str | None:
    reading = browser_reading(url)
    return surt_key(reading, surt_host(reading.host)) if reading.host else None


@pytest.mark.parametrize(("urlkey", "url"), COMMON_CRAWL)
def test_keys_of_common_crawls_index(urlkey: str, url: str) -> None:
    assert _key(url) == urlkey
    assert rows([url], readers=False).column("url_surtkey").to_pylist() == [urlkey]


@pytest.fixture
def offline_resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``surt`` package asks the resolver for a numeric host (``1.2.3``): here
    ``inet_aton`` answers, as the resolver does for a numeric name, and no name is
    ever sent anywhere."""

    def numeric_only(name: str | bytes) -> tuple[str, list[str], list[str]]:
        text = name.decode() if isinstance(name, bytes) else name
        try:
            return text, [], [socket.inet_ntoa(socket.inet_aton(text))]
        except OSError:
            raise socket.gaierror(socket.EAI_NONAME, "not looked up") from None

    monkeypatch.setattr(socket, "gethostbyname_ex", numeric_only)


URLS = corpus(4000, seed=31) + legacy_corpus(2000, seed=32) + list(TRICKY)


@pytest.mark.usefixtures("offline_resolver")
def test_the_same_keys_as_the_surt_package_over_the_corpus() -> None:
    surt = pytest.importorskip("surt")
    keyed = 0
    for url in URLS:
        reading = browser_reading(url)
        if reading.host:
            keyed += 1
            assert surt_key(reading, surt_host(reading.host)) == surt.surt(reading.href), url
    assert keyed > len(URLS) * 3 // 4


# (URL as written, our key, the surt package's key of the text as written): the key is
# made from the URL browsers read, whose host is the row's url_host_name
FROM_WHAT_BROWSERS_READ = [
    # a special scheme's default port is dropped by browsers (the key maker drops 80
    # and 443 only)
    ("ftp://ftp.example.org:21/pub/", "org,example,ftp)/pub", "org,example,ftp:21)/pub"),
    ("wss://example.com:443/socket", "com,example)/socket", "com,example:443)/socket"),
    # a backslash is a slash to browsers: the host is the one before it
    ("https://evil.com\\@good.com/", "com,evil)/@good.com", "com,good)/"),
    ("http:\\\\evil.com/", "com,evil)/", "com,\\\\evil)/"),
    # the host as browsers contact it: UTS #46 (not IDNA 2003), IPv4 and IPv6 as numbers
    ("http://faß.de/", "de,xn--fa-hia)/", "de,fass)/"),
    ("http://0x7f.1/", "1,0,0,127)/", "1,0x7f)/"),
    ("http://[2001:DB8:0:0::1]:8080/", "2001:db8::1:8080)/", "2001:db8:0:0::1:8080)/"),
    # %2e%2e is a dot segment to browsers; tab, newline and trailing controls are dropped
    ("http://host/a%2Fb/%2e%2e/c", "host)/c", "host)/a/c"),
    ("http://h/\u0000\t\n", "h)/", "h)/%00"),
]


@pytest.mark.usefixtures("offline_resolver")
@pytest.mark.parametrize(("url", "ours", "as_written"), FROM_WHAT_BROWSERS_READ)
def test_the_key_is_of_the_url_browsers_read(url: str, ours: str, as_written: str) -> None:
    surt = pytest.importorskip("surt")
    assert _key(url) == ours
    assert surt.surt(browser_reading(url).href) == ours
    assert surt.surt(url) == as_written


@pytest.mark.parametrize(
    ("url", "key"),
    [
        # www and a number after it dropped once (the Java key maker drops them all)
        ("http://www.www2.example.com/A/B/", "com,example,www2)/a/b"),
        ("http://www7.example.com/", "com,example)/"),
        # the query sorted by name, then value, a name alone before it with a value
        ("http://h.example/p?b=2&a=1&a=&a", "example,h)/p?a&a=&a=1&b=2"),
        ("http://h.example/p?", "example,h)/p"),
        ("http://h.example/?Q=%E2%82%AC", "example,h)/?q=%e2%82%ac"),
        # session ids taken out of the query and out of an ASP.NET path
        ("http://h.example/a?x=1&jsessionid=0123456789abcdef0123456789ABCDEF", "example,h)/a?&x=1"),
        ("http://h.example/a?PHPSESSID=0123456789abcdef0123456789abcdef&y=2", "example,h)/a?y=2"),
        ("http://h.example/(0123456789abcdefghijklmn)/Page.aspx", "example,h)/page.aspx"),
        (
            "http://h.example/app/(S(0123456789abcdefghijklmn))/default.aspx?a=1",
            "example,h)/app/default.aspx?a=1",
        ),
        # escapes decoded until none is left, then escaped once; %2F splits the path
        ("http://h.example/a%25252541/%7E/%2Fb/", "example,h)/aa/~/b"),
        ("http://h.example/%G1/%7f", "example,h)/%25g1/%7f"),
        # a port other than the default stays; port 0 never is written
        ("http://h.example:8080/", "example,h:8080)/"),
        ("http://h.example:0/", "example,h)/"),
        ("gopher://h.example:70/1/", "example,h:70)/1"),
        # a host of dots only leaves the scheme in its place
        ("http://.../x", "http:/x"),
        # an opaque host: unescaped, in A-labels, a numeric one read as inet_aton reads it
        ("gopher://b%C3%BCcher.de/", "de,xn--bcher-kva)/"),
        ("gopher://0177.1/", "1,0,0,127)/"),
        ("gopher://2130706433/", "1,0,0,127)/"),
        ("gopher://1.08.0.1/", "1,0,08,1)/"),
        ("gopher://Host.Example/1/World", "example,host)/1/world"),
        # userinfo and fragment never in a key
        ("https://user:pw@h.example/#top", "example,h)/"),
    ],
)
def test_the_key_makers_rules(url: str, key: str) -> None:
    assert _key(url) == key


def test_no_key_without_a_host() -> None:
    table = rows(["mailto:a@example.com", "file:///etc/passwd", "http://a b/", None])
    assert table.column("url_surtkey").to_pylist() == [None] * 4
