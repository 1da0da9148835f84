"""``core.readers``: what each library really reads in the classic parser
differentials (Claroty and Snyk, "Exploiting URL Parsers", 2022), the findings where
they go elsewhere than browsers, and a missing library saying so.

The expected values were recorded by running the libraries themselves (Python
3.11, urllib3 2.8, requests 2.34, httpx 0.28, libcurl 7.88 as Debian 12 ships it):
a host and the port it would connect to, or the class of the error it raises.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.ci import in_ci
from urlinspector.core import browser_reading, destination, parse
from urlinspector.core.destinations import Destination
from urlinspector.core.readers import Reader, ReaderReading, reader_findings
from urlinspector.core.readers.reading import Parts, ReaderError, ReaderMissing, mask_userinfo
from urlinspector.readers import READERS, reader_readings
from urlinspector.readers import curl as curl_reader
from urlinspector.readers.libraries import _module

NAMES = tuple(r.name for r in READERS)

Expected = tuple[str, int] | str
"""A host and port, or the start of the error the library gives."""

# fmt: off
CASES: list[tuple[str, dict[str, Expected]]] = [
    # a backslash: browsers read it as "/" (special schemes), others as userinfo
    ("http://evil.com\\@good.com/", {
        "urllib": ("good.com", 80), "urlopen": ("evil.com\\@good.com", 80),
        "urllib3": ("evil.com", 80), "requests": ("evil.com", 80),
        "httpx": ("good.com", 80), "curl": ("good.com", 80),
    }),
    ("http://good.com#@evil.com/", {
        "urllib": ("good.com", 80), "urlopen": ("good.com", 80),
        "urllib3": ("good.com", 80), "requests": ("good.com", 80),
        "httpx": ("good.com", 80), "curl": ("good.com", 80),
    }),
    ("http://good.com;@evil.com/", {
        "urllib": ("evil.com", 80), "urlopen": ("good.com;@evil.com", 80),
        "urllib3": ("evil.com", 80), "requests": ("evil.com", 80),
        "httpx": ("evil.com", 80), "curl": ("evil.com", 80),
    }),
    # tab and newline: urlsplit removes them (bpo-43882), the others refuse
    ("http://ev\til.com/", {
        "urllib": ("evil.com", 80), "urlopen": "InvalidURL: URL can't contain control",
        "urllib3": "LocationParseError", "requests": "InvalidURL",
        "httpx": "InvalidURL: Invalid non-printable", "curl": "CURLUcode 21: Bad hostname",
    }),
    ("http://ev\nil.com/", {
        "urllib": ("evil.com", 80), "urlopen": "InvalidURL: URL can't contain control",
        "urllib3": "LocationParseError", "requests": "InvalidURL",
        "httpx": "InvalidURL: Invalid non-printable", "curl": "CURLUcode 21: Bad hostname",
    }),
    ("http://good.com%00.evil.com/", {
        "urllib": ("good.com%00.evil.com", 80), "urlopen": "InvalidURL: URL can't contain",
        "urllib3": "LocationParseError", "requests": "InvalidURL",
        "httpx": ("good.com%00.evil.com", 80), "curl": "CURLUcode 21: Bad hostname",
    }),
    # IPv4 in other forms: only libcurl rewrites them (the resolver reads them later)
    ("http://0x7f.1/", {
        "urllib": ("0x7f.1", 80), "urlopen": ("0x7f.1", 80), "urllib3": ("0x7f.1", 80),
        "requests": ("0x7f.1", 80), "httpx": ("0x7f.1", 80), "curl": ("127.0.0.1", 80),
    }),
    ("http://2130706433/", {
        "urllib": ("2130706433", 80), "urlopen": ("2130706433", 80),
        "urllib3": ("2130706433", 80), "requests": ("2130706433", 80),
        "httpx": ("2130706433", 80), "curl": ("127.0.0.1", 80),
    }),
    ("http://127.1/", {
        "urllib": ("127.1", 80), "urlopen": ("127.1", 80), "urllib3": ("127.1", 80),
        "requests": ("127.1", 80), "httpx": ("127.1", 80), "curl": ("127.0.0.1", 80),
    }),
    # an IPv6 zone id: some decode its "%25", some keep it
    ("http://[fe80::1%25eth0]/", {
        "urllib": ("fe80::1%25eth0", 80), "urlopen": ("fe80::1%eth0", 80),
        "urllib3": ("fe80::1%eth0", 80), "requests": ("fe80::1%25eth0", 80),
        "httpx": ("fe80::1%25eth0", 80), "curl": ("[fe80::1%eth0]", 80),
    }),
    # two "@": the last one ends the userinfo, except for urlopen and curl
    ("http://user@evil.com@good.com/", {
        "urllib": ("good.com", 80), "urlopen": ("user@evil.com@good.com", 80),
        "urllib3": ("good.com", 80), "requests": ("good.com", 80),
        "httpx": ("good.com", 80), "curl": "CURLUcode 21: Bad hostname",
    }),
    ("http://good.com@@evil.com/", {
        "urllib": ("evil.com", 80), "urlopen": ("good.com@@evil.com", 80),
        "urllib3": ("evil.com", 80), "requests": ("evil.com", 80),
        "httpx": ("evil.com", 80), "curl": "CURLUcode 21: Bad hostname",
    }),
    # ports out of range: urlopen and httpx hand them to getaddrinfo, which reads
    # 99999 as 99999 - 65536 (glibc) and refuses -1
    ("http://good.com:99999/", {
        "urllib": "ValueError: Port out of range", "urlopen": ("good.com", 34463),
        "urllib3": "LocationParseError", "requests": "InvalidURL",
        "httpx": ("good.com", 34463), "curl": "CURLUcode 4:",
    }),
    ("http://good.com:-1/", {
        "urllib": "ValueError: Port could not be cast",
        "urlopen": "URLError: <urlopen error [Errno -8] Servname not supported",
        "urllib3": "LocationParseError", "requests": "InvalidURL",
        "httpx": "ConnectError: [Errno -8] Servname not supported", "curl": "CURLUcode 4:",
    }),
    ("http://good.com:8080:80/", {
        "urllib": "ValueError: Port could not be cast", "urlopen": ("good.com:8080", 80),
        "urllib3": "LocationParseError", "requests": "InvalidURL",
        "httpx": "InvalidURL: Invalid port", "curl": "CURLUcode 4:",
    }),
    ("http://good.com/a\\b\\c", {
        "urllib": ("good.com", 80), "urlopen": ("good.com", 80), "urllib3": ("good.com", 80),
        "requests": ("good.com", 80), "httpx": ("good.com", 80), "curl": ("good.com", 80),
    }),
    ("HTTP://Good.COM/", {
        "urllib": ("good.com", 80), "urlopen": ("Good.COM", 80), "urllib3": ("good.com", 80),
        "requests": ("good.com", 80), "httpx": ("good.com", 80), "curl": ("Good.COM", 80),
    }),
    ("http://bücher.de/", {
        "urllib": ("bücher.de", 80), "urlopen": ("bücher.de", 80),
        "urllib3": ("xn--bcher-kva.de", 80), "requests": ("xn--bcher-kva.de", 80),
        "httpx": ("xn--bcher-kva.de", 80), "curl": ("xn--bcher-kva.de", 80),
    }),
    ("https://good.com:443/", dict.fromkeys(NAMES, ("good.com", 443))),
]
# fmt: on

PATHS: list[tuple[str, dict[str, str | None]]] = [
    # what becomes of a backslash in the path
    (
        "http://good.com/a\\b\\c",
        {
            "urllib": "/a\\b\\c",
            "urlopen": "/a\\b\\c",
            "urllib3": "/a%5Cb%5Cc",
            "requests": "/a%5Cb%5Cc",
            "httpx": "/a\\b\\c",
            "curl": "/a\\b\\c",
        },
    ),
]


def _asked(reading: ReaderReading) -> None:
    """Fail under CI, else skip, when the library could not be asked."""
    if reading.missing is not None:
        if in_ci():
            pytest.fail(f"{reading.label}: {reading.missing} (CI needs every reader)")
        pytest.skip(reading.missing)


def _asked_destination(text: str) -> Destination:
    """Where *text* leads, with every library's reading asked (as the inspection of
    one URL asks them)."""
    url = parse(text)
    return destination(url, readings=reader_readings(url.uri))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_what_each_library_reads(text: str, expected: dict[str, Expected], name: str) -> None:
    [reading] = (r for r in reader_readings(text) if r.name == name)
    _asked(reading)
    want = expected[name]
    if isinstance(want, str):
        assert reading.refusal is not None, reading
        assert reading.refusal.startswith(want)
        assert reading.host is None
    else:
        assert reading.refusal is None, reading.refusal
        assert (reading.host, reading.port) == want


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("text", "expected"), PATHS)
def test_the_path_each_library_reads(text: str, expected: dict[str, str], name: str) -> None:
    [reading] = (r for r in reader_readings(text) if r.name == name)
    _asked(reading)
    assert reading.path == expected[name]


@pytest.mark.parametrize("reader", READERS, ids=NAMES)
def test_every_reader_is_there(reader: Reader) -> None:
    reading = reader.read("http://example.com/")
    if reading.missing is not None and not in_ci():
        pytest.skip(reading.missing)
    assert reading.missing is None, f"{reader.label}: {reading.missing}"
    assert reading.version
    assert (reading.scheme, reading.host, reading.port) == ("http", "example.com", 80)


@pytest.mark.parametrize(
    ("label", "version", "titled"),
    [
        ("urllib3", "2.2.3", "urllib3 (2.2.3)"),
        ("urllib3", "urllib3 2.8.0", "urllib3 2.8.0"),
        ("Python's requests", "requests 2.34.2", "Python's requests 2.34.2"),
        ("Python's urllib.parse", "Python 3.11.7", "Python's urllib.parse (Python 3.11.7)"),
        ("urllib3", None, "urllib3"),
        ("curl (libcurl URL API)", "libcurl 7.88.1", "curl (libcurl 7.88.1 URL API)"),
        ("curl (libcurl URL API)", None, "curl (libcurl URL API)"),
        ("Python (urllib.parse)", "3.12.4", "Python (urllib.parse, 3.12.4)"),
    ],
)
def test_a_label_with_its_version_names_the_library_once(
    label: str, version: str | None, titled: str
) -> None:
    reading = ReaderReading("x", label, version)
    assert reading.titled == titled


@pytest.mark.parametrize("reader", READERS, ids=NAMES)
def test_each_reading_is_titled_with_its_name_once(reader: Reader) -> None:
    reading = reader.read("http://example.com/")
    if reading.missing is not None and not in_ci():
        pytest.skip(reading.missing)
    assert reading.version
    assert reading.titled.count("(") <= 1  # not "curl (libcurl URL API) (libcurl 7.88.1)"
    assert reading.titled.count(reading.version.split(" ")[-1]) == 1  # the number, once
    assert not reading.titled.startswith(f"{reading.label} ({reading.label} ")


def test_the_written_port_and_the_userinfo_without_its_password() -> None:
    for reading in reader_readings("http://user:s3cr3t@good.com:8080/p?q#f"):
        _asked(reading)
        if reading.name == "urlopen":  # the userinfo stays in the host it connects to
            assert (reading.host, reading.port) == ("user:••••@good.com", 8080)
            continue
        assert (reading.port, reading.written_port) == (8080, 8080), reading.name
        assert (reading.user, reading.password_set) == ("user", True), reading.name
        assert (reading.query, reading.fragment) == ("q", "f"), reading.name
        assert "s3cr3t" not in repr(reading)
        assert "s3cr3t" not in str(reading.to_dict())


@pytest.mark.parametrize(
    "text",
    ["ftp:user:s3cr3t@good.com/", "ftp:/user:s3cr3t@good.com/", "ftp:\\\\user:s3cr3t@good.com\\"],
)
def test_a_refusal_quoting_a_url_without_its_slashes_masks_the_password(text: str) -> None:
    readings = reader_readings(text)
    assert any(r.refusal is not None for r in readings)  # (requests has no ftp adapter)
    for reading in readings:
        assert "s3cr3t" not in (reading.refusal or ""), reading.name


def test_a_host_holding_the_userinfo_is_masked() -> None:
    [urlopen] = (r for r in reader_readings("http://u:s3cr3t@good.com:81/") if r.name == "urlopen")
    assert urlopen.host == "u:••••@good.com"


@pytest.mark.parametrize(
    ("text", "name", "error"),
    [
        # http.client reads what follows the password's ":" as the port
        ("http://u:s3cr3t@good.com/", "urlopen", "InvalidURL: nonnumeric port: '••••@good.com'"),
        ("http://u:s3%63r3t@good.com/", "urlopen", "InvalidURL: nonnumeric port: '••••@good.com'"),
        (
            "http://u:s3cr3t@good.com:99999/",
            "urllib3",
            "LocationParseError: Failed to parse: http://u:••••@good.com:99999/",
        ),
    ],
)
def test_an_error_quoting_the_url_masks_its_password(text: str, name: str, error: str) -> None:
    [reading] = (r for r in reader_readings(text) if r.name == name)
    _asked(reading)
    assert reading.refusal == error


@given(st.text(max_size=60))
def test_no_text_makes_a_reader_raise(text: str) -> None:
    for reading in reader_readings(text):
        assert reading.ok or reading.refusal or reading.missing


@pytest.mark.parametrize(
    "text", ["", "\x00", "http://a\x00b/", "http://\ud800/", "http://" + "a" * 5000, "::::"]
)
def test_odd_texts_give_readings(text: str) -> None:
    readings = reader_readings(text)
    assert [r.name for r in readings] == list(NAMES)


def test_curl_stops_at_no_nul() -> None:
    [curl] = (r for r in reader_readings("http://good.com\x00.evil.com/") if r.name == "curl")
    _asked(curl)
    assert curl.refusal == "a NUL character ends the URL for libcurl (a C string)"


# --- a library that is not there ------------------------------------------------------


def _missing(text: str) -> Parts:
    raise ReaderMissing("nothing is installed")


def _rejects(text: str) -> Parts:
    raise ReaderError("no")


def _breaks(text: str) -> Parts:
    raise KeyError("x")


@pytest.mark.parametrize(
    ("parts", "version", "missing", "error", "shown_version"),
    [
        (_missing, lambda: "1", "nothing is installed", None, "1"),
        (_rejects, lambda: "1", None, "no", "1"),
        (_breaks, lambda: "1", None, "KeyError: 'x'", "1"),
        (_rejects, lambda: _missing(""), "nothing is installed", None, None),
    ],
)
def test_a_reader_that_cannot_read_says_why(
    parts: Callable[[str], Parts],
    version: Callable[[], str],
    missing: str | None,
    error: str | None,
    shown_version: str | None,
) -> None:
    reader = Reader("x", "X", parts, version, frozenset({"http"}), "X's parser")
    reading = reader.read("http://a/")
    assert (reading.missing, reading.refusal, reading.ok) == (missing, error, False)
    assert reading.to_dict() == {
        "name": "x",
        "label": "X",
        "version": shown_version,
        **({"missing": missing} if missing else {"refuses": error}),
    }


def test_a_package_that_is_not_installed() -> None:
    assert _module("urlinspector_no_such_package") == (
        "urlinspector_no_such_package is not installed"
    )


def test_libcurl_that_cannot_be_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(curl_reader, "_SONAMES", ("libcurl-that-is-not-there.so.9",))
    curl_reader._curl.cache_clear()
    try:
        assert curl_reader._curl() == (
            "libcurl is not installed (no libcurl.so.4: Debian's libcurl4 provides it)"
        )
    finally:
        curl_reader._curl.cache_clear()


# --- findings -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "findings"),
    [
        (
            "http://evil.com\\@good.com/",
            [
                (
                    "reader-host",
                    "warning",
                    "Python's urllib.parse, httpx and curl (libcurl URL API) would connect "
                    "to good.com; browsers go to evil.com",
                ),
                (
                    "reader-host",
                    "info",
                    "Python's urllib.request (urlopen) would connect to evil.com\\@good.com, "
                    "which names no host; browsers go to evil.com",
                ),
            ],
        ),
        (
            "http://good.com;@evil.com/",
            [
                (
                    "reader-host",
                    "info",
                    "Python's urllib.request (urlopen) would connect to good.com;@evil.com, "
                    "which names no host; browsers go to evil.com",
                )
            ],
        ),
        (
            "http://ev%69l.com/",
            [
                (
                    "reader-host",
                    "info",
                    "Python's urllib.parse and httpx would connect to ev%69l.com, which "
                    "names no host; browsers go to evil.com",
                )
            ],
        ),
        (
            "http://good.com:99999/",
            [
                (
                    "reader-host",
                    "info",
                    "Python's urllib.request (urlopen) and httpx would connect to "
                    "good.com:34463, sending Host: good.com:99999; browsers reject this URL",
                )
            ],
        ),
        (
            "http://good.com:8080:80/",
            [
                (
                    "reader-host",
                    "info",
                    "Python's urllib.request (urlopen) would connect to good.com:8080 on "
                    "port 80, which names no host; browsers reject this URL",
                )
            ],
        ),
        (
            "http://exa%20mple.com/",  # browsers refuse a space in a host
            [
                (
                    "reader-host",
                    "info",
                    "Python's urllib.parse, urllib3, Python's requests and httpx would connect "
                    "to exa%20mple.com, which names no host; browsers reject this URL",
                )
            ],
        ),
        # the same host in other forms, or the same URL everywhere: nothing to say
        ("http://good.com#@evil.com/", []),
        ("http://0x7f.1/", []),
        ("HTTP://Good.COM/", []),
        ("http://bücher.de/", []),
        ("https://good.com:443/", []),
        ("gopher://evil.com\\@good.com/", []),  # browsers contact no gopher host
        ("/relative\\@path", []),
    ],
)
def test_findings_where_libraries_go_elsewhere(
    text: str, findings: list[tuple[str, str, str]]
) -> None:
    dest = _asked_destination(text)
    for reading in dest.readers:
        _asked(reading)
    got = [(d.code, d.severity, d.message) for d in dest.findings if d.code.startswith("reader-")]
    assert got == findings
    for d in dest.findings:
        if d.code.startswith("reader-"):
            assert d.category == "security"
            assert d.span == parse(text).spans[6]  # the host as written


def test_a_port_only_difference() -> None:
    # (no real library differs from browsers in the port alone on any URL above: a
    # reading of the table's own is enough to show the finding)
    url = parse("http://good.com:8080/")
    reading = ReaderReading(
        "x",
        "X",
        "1",
        "http",
        None,
        False,
        "Good.COM",
        80,
        None,
        "/",
        fetches=frozenset({"http"}),
        reference="X's parser",
    )
    found = reader_findings(url, browser_reading(url.text), (reading,))
    assert [(d.code, d.severity, d.message, d.reference) for d in found] == [
        (
            "reader-port",
            "warning",
            "X would connect to Good.COM:80; browsers go to good.com:8080",
            "X's parser",
        )
    ]


def test_a_destination_without_the_readers_asks_none() -> None:
    from urlinspector.core import destination, parse

    url = parse("http://evil.com\\@good.com/")
    without = destination(url)
    assert without.readers == ()
    assert not any(d.code.startswith("reader-") for d in without.findings)
    asked = destination(url, readings=reader_readings(url.uri))
    assert any(d.code == "reader-host" for d in asked.findings)


# --- a reading that refuses -------------------------------------------------------------
# (each of these was a reading that connected where the library, sending for real,
# raises: tests/unit/core/test_readers_sent.py sends them all)

REFUSALS: list[tuple[str, str, str]] = [
    # urllib3 and requests refuse an empty label when they connect
    ("http://a..b/", "urllib3", "LocationParseError: Failed to parse: 'a..b', label empty"),
    ("http://a..b/", "requests", "LocationParseError: Failed to parse: 'a..b', label empty"),
    ("http://example.com../", "urllib3", "LocationParseError: Failed to parse: 'example.com.."),
    ("http://.example.com/", "urllib3", "LocationParseError: Failed to parse: '.example.com'"),
    ("http://.example.com/", "requests", "InvalidURL: URL has an invalid label."),
    # and so does the IDNA codec of Python's socket, under urlopen and httpx
    ("http://a..b/", "urlopen", "UnicodeError: encoding with 'idna' codec failed"),
    ("http://a..b/", "httpx", "UnicodeError: encoding with 'idna' codec failed"),
    # urlopen: a Host header not in Latin-1, a control character in the request line
    ("http://аррӏе.com/", "urlopen", "UnicodeEncodeError: 'latin-1' codec can't encode"),
    ("http://good.com。evil.com/", "urlopen", "UnicodeEncodeError: 'latin-1' codec"),
    ("http://good.com\u200b/", "urlopen", "UnicodeEncodeError: 'latin-1' codec"),
    ("http://good.com/a\r\nX: 1", "urlopen", "InvalidURL: URL can't contain control characters"),
    ("http://good.com/a b", "urlopen", "InvalidURL: URL can't contain control characters"),
    # no host: urllib3 and httpx refuse where they gave no host and no error
    ("http:/good.com/", "urllib3", "LocationValueError: No host specified."),
    ("http:good.com/", "urllib3", "LocationValueError: No host specified."),
    ("http:\\\\evil.com/", "urllib3", "LocationValueError: No host specified."),
    ("http:///good.com/", "urllib3", "LocationValueError: No host specified."),
    ("http://good.com@/", "urllib3", "LocationValueError: No host specified."),
    ("http:/good.com/", "httpx", "UnsupportedProtocol: Request URL is missing an 'http://'"),
    ("http:good.com/", "httpx", "UnsupportedProtocol: Request URL is missing an 'http://'"),
    ("http:\\\\evil.com/", "httpx", "UnsupportedProtocol: Request URL is missing"),
    ("http:///good.com/", "httpx", "UnsupportedProtocol: Request URL is missing"),
    ("http://good.com@/", "httpx", "UnsupportedProtocol: Request URL is missing"),
    (" http://good.com/", "httpx", "UnsupportedProtocol: Request URL is missing"),
    # a port the C library cannot read; a protocol this libcurl does not transfer
    ("http://good.com:-1/", "urlopen", "URLError: <urlopen error [Errno -8]"),
    ("ws://good.com/", "curl", "CURLcode 1: Protocol 'ws' not supported"),
]


@pytest.mark.parametrize(("text", "name", "refusal"), REFUSALS)
def test_a_library_that_refuses_says_so(text: str, name: str, refusal: str) -> None:
    [reading] = (r for r in reader_readings(text) if r.name == name)
    _asked(reading)
    assert reading.refusal is not None, reading.outcome
    assert reading.refusal.startswith(refusal)
    assert (reading.ok, reading.host, reading.port) == (False, None, None)
    assert reading.outcome == f"refuses: {reading.refusal}"
    assert reading.to_dict()["refuses"] == reading.refusal


@pytest.mark.parametrize(
    ("text", "name", "where"),
    [
        # httpx connects to port 80 for port 0, and says :0 in its Host header
        ("http://good.com:0/", "httpx", "good.com:80 (sending Host: good.com:0)"),
        # requests connects to port 80 too, and sends Host: good.com
        ("http://good.com:0/", "requests", "good.com:80"),
        ("http://good.com:0/", "urllib3", "good.com:0"),
        # glibc reads the service 99999 as port 34463
        ("http://good.com:99999/", "urlopen", "good.com:34463 (sending Host: good.com:99999)"),
        # libcurl connects where its IDN conversion says, the fullwidth at sign mapped
        ("http://EVIL.com＠good.com/", "curl", "evil.com@good.com:80"),
        ("http://good.com。evil.com/", "curl", "good.com.evil.com:80"),
        # urllib3 keeps the final dot for the resolver
        ("http://example.com./", "urllib3", "example.com.:80"),
    ],
)
def test_where_a_library_connects_and_the_host_it_sends(text: str, name: str, where: str) -> None:
    [reading] = (r for r in reader_readings(text) if r.name == name)
    _asked(reading)
    assert reading.outcome == f"connects to {where}"


def test_the_host_header_is_in_the_json_only_where_it_names_another_place() -> None:
    by_name = {r.name: r.to_dict() for r in reader_readings("http://good.com:0/")}
    assert by_name["httpx"]["host_header"] == "good.com:0"
    assert by_name["urllib3"]["host_header"] is None  # (good.com:0 is where it connects)


def test_a_bracketed_user_name_is_no_password() -> None:
    # urlopen connects to the authority as it is: "[::1]" is a user name to it
    [urlopen] = (r for r in reader_readings("http://[::1]@evil.com/") if r.name == "urlopen")
    assert urlopen.host == "[::1]@evil.com"
    [urlopen] = (r for r in reader_readings("http://u:[::1]@evil.com/") if r.name == "urlopen")
    assert urlopen.host == "u:••••@evil.com"
    # no address in the brackets: "pw" is a password, also where the library quotes it
    [urlopen] = (r for r in reader_readings("http://[u:pw]@evil.com/") if r.name == "urlopen")
    assert urlopen.refusal == "ValueError: 'u:••••' does not appear to be an IPv4 or IPv6 address"


def test_a_refusal_quoting_a_short_password_masks_only_the_password() -> None:
    # (the password is "p@good.com" to most libraries, "p" to urlopen: both masked, and
    # the "p" of "port" left alone)
    [urlopen] = (r for r in reader_readings("http://u:p@good.com@evil.com/") if r.name == "urlopen")
    assert urlopen.refusal == "InvalidURL: nonnumeric port: '••••@evil.com'"


@pytest.mark.parametrize(
    ("text", "findings"),
    [
        (
            "http://a..b/",
            [
                "Python's urllib.request (urlopen) and httpx refuse this URL (UnicodeError: "
                "encoding with 'idna' codec failed (UnicodeError: label empty or too long)); "
                "urllib3 and Python's requests refuse this URL (LocationParseError: Failed to "
                "parse: 'a..b', label empty or too long); browsers go to a..b",
            ],
        ),
        (
            "http://good.com/a b",
            [
                "Python's urllib.request (urlopen) refuses this URL (InvalidURL: URL can't "
                "contain control characters. '/a b' (found at least ' ')); curl (libcurl URL "
                "API) refuses this URL (CURLUcode 25: Bad path); browsers go to good.com",
            ],
        ),
        ("http://good.com:99999/", []),  # (browsers refuse it too: nothing to say)
        ("ftp://good.com/", []),  # (the Python libraries fetch no ftp:)
    ],
)
def test_a_refusal_of_a_url_browsers_fetch_is_a_note(text: str, findings: list[str]) -> None:
    dest = _asked_destination(text)
    for reading in dest.readers:
        _asked(reading)
    found = [d for d in dest.findings if d.code == "reader-refuses"]
    assert [d.message for d in found] == findings
    assert all((d.severity, d.category) == ("info", "security") for d in found)
    refusing = {r.name for r in dest.readers if r.refusal is not None}
    for d in dest.findings:  # (a library that refuses connects nowhere)
        if d.code in ("reader-host", "reader-port"):
            assert not any(r.label in d.message for r in dest.readers if r.name in refusing)


def test_a_port_zero_is_a_port_finding_that_says_the_host_header() -> None:
    dest = _asked_destination("http://good.com:0/")
    assert [d.message for d in dest.findings if d.code == "reader-port"] == [
        "Python's requests would connect to good.com:80; browsers go to good.com:0",
        "httpx would connect to good.com:80, sending Host: good.com:0; browsers go to good.com:0",
    ]


@pytest.mark.parametrize(
    ("host", "masked"),
    [
        ("user:s3cr3t@a_b.com:80", "user:••••@a_b.com:80"),
        ("[::1]@evil.com", "[::1]@evil.com"),  # a user name that looks like an address
        ("[fe80::1%eth0]@evil.com", "[fe80::1%eth0]@evil.com"),
        ("[v1.x]@evil.com", "[v1.x]@evil.com"),
        ("[::1]:pw@evil.com", "[::1]:••••@evil.com"),
        ("[u:pw]@evil.com", "[u:••••@evil.com"),  # no address in the brackets
        ("user@evil.com", "user@evil.com"),
        ("evil.com", "evil.com"),
    ],
)
def test_a_host_holding_a_userinfo_masks_its_password_only(host: str, masked: str) -> None:
    assert mask_userinfo(host) == masked
