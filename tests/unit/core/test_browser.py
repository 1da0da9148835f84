"""``browser_reading``: the WHATWG URL Standard's reading, by ada-url."""

from __future__ import annotations

import pytest

from urlinspector.core import browser_reading


@pytest.mark.parametrize(
    ("text", "href", "host", "port", "explicit"),
    [
        ("https://evil.com\\@good.com/", "https://evil.com/@good.com/", "evil.com", 443, False),
        ("http://exa\tmple.com/", "http://example.com/", "example.com", 80, False),
        ("http://ex%61mple.com/", "http://example.com/", "example.com", 80, False),
        ("http://0x7f.1/", "http://127.0.0.1/", "127.0.0.1", 80, False),
        ("http:evil.com", "http://evil.com/", "evil.com", 80, False),
        ("HTTP://EXAMPLE.com:80/a/./b", "http://example.com/a/b", "example.com", 80, False),
        ("http://example.com:8080/", "http://example.com:8080/", "example.com", 8080, True),
        ("http://аррӏе.com/", "http://xn--80ak6aa92e.com/", "xn--80ak6aa92e.com", 80, False),
        ("http://[0:0::1]/", "http://[::1]/", "[::1]", 80, False),
        ("ws://h/", "ws://h/", "h", 80, False),
        ("gopher://h/1x", "gopher://h/1x", "h", None, False),
        ("gopher://h:7070/", "gopher://h:7070/", "h", 7070, True),
        ("file:///etc/hosts", "file:///etc/hosts", "", None, False),
        ("javascript:alert(1)", "javascript:alert(1)", None, None, False),
        ("mailto:a@b.example", "mailto:a@b.example", None, None, False),
    ],
)
def test_reading(text: str, href: str, host: str | None, port: int | None, explicit: bool) -> None:
    reading = browser_reading(text)
    assert reading.valid
    assert reading.error is None
    assert (reading.href, reading.host, reading.port, reading.explicit_port) == (
        href,
        host,
        port,
        explicit,
    )
    assert reading.to_dict() == {"href": href, "host": host, "port": port, "valid": True}


@pytest.mark.parametrize(
    "text", ["http://example.0x7f/", "http://[::1", "http://a b/", "not a url", "\ud800", ""]
)
def test_rejected(text: str) -> None:
    reading = browser_reading(text)
    assert not reading.valid
    assert reading.error == "browsers reject it"
    assert reading.to_dict() == {"href": None, "host": None, "port": None, "valid": False}


def test_against_a_base() -> None:
    assert browser_reading("../g?x", "http://a/b/c/d").href == "http://a/b/g?x"
    rejected = browser_reading("g", "not a base")
    assert not rejected.valid
    assert rejected.error == "browsers reject it (or its base)"


@pytest.mark.parametrize(
    ("text", "query", "fragment"),
    [
        ("http://a/", None, None),
        ("http://a/?", "", None),
        ("http://a/#", None, ""),
        ("http://a/?q#f", "q", "f"),
        ("http://a/#x?y", None, "x?y"),  # a "?" in the fragment starts no query
        ("javascript:a?b#c", "b", "c"),
    ],
)
def test_undefined_and_empty_query_and_fragment(
    text: str, query: str | None, fragment: str | None
) -> None:
    reading = browser_reading(text)
    assert (reading.query, reading.fragment) == (query, fragment)


def test_userinfo_and_special() -> None:
    reading = browser_reading("https://user:pw@h/")
    assert (reading.username, reading.password, reading.special) == ("user", "pw", True)
    assert not browser_reading("gopher://h/").special
