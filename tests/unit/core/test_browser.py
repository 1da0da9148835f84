"""``browser_reading``: the WHATWG URL Standard's reading, by ada-url."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


# --- every component read back from the serialized URL ------------------------------------

_TRICKY = (
    "https://user:pa:ss@host:8080/p?q#f",
    "https://:pw@host/",
    "https://u@host/",
    "http://[::1]:8080/x",
    "http://[v1.x]/",
    "file:///C:/x",
    "file://host/share",
    "foo://",
    "foo:",
    "foo:/.//bar",
    "web+demo:/.//not-a-host/",
    "sc:/..//x",
    "mailto:a@b?subject=x#y",
    "javascript:alert(1)#x?y",
    "data:text/plain,a?b#c",
    "http://a/b?c#d?e#f",
    "http://a/%3F?%23#%23",
    "https://evil.com\\@good.com/",
    "http://EXAMPLE.com:80/",
    "https://xn--80ak6aa92e.com/",
    "https://аррӏе.com/",
    "http://1.2.3.4.5/",
    "http://0x7f.1/",
    "ftp://user@ftp.example.org:21/a;type=i",
    "ws://h:0/",
    "non-spec://h:65535/p",
    "http://a b/",
    "http://h/\u0000\t\n",
    "  http://h/ \t",
)


def _reference(text: str) -> tuple[object, ...] | None:
    """The reading by ada's own getters, one component at a time."""
    import ada_url

    try:
        url = ada_url.URL(text)
    except ValueError:
        return None
    protocol = url.protocol
    has_host = url.href.startswith("//", len(protocol))
    return (
        url.href,
        protocol[:-1],
        url.username,
        url.password,
        url.hostname if has_host else None,
        url.port,
        url.pathname,
        url.search[1:] if url.search else (None if "?" not in url.href.split("#")[0] else ""),
        url.hash[1:] if url.hash else (None if "#" not in url.href else ""),
    )


def _ours(text: str) -> tuple[object, ...] | None:
    r = browser_reading(text)
    if not r.valid:
        return None
    port = str(r.port) if r.explicit_port else ""
    return (r.href, r.scheme, r.username, r.password, r.host, port, r.path, r.query, r.fragment)


@pytest.mark.parametrize("text", _TRICKY)
def test_components_read_from_the_serialized_url(text: str) -> None:
    assert _ours(text) == _reference(text)


def test_components_over_the_corpora() -> None:
    from tests.benchmarks.corpus import corpus, legacy_corpus

    for text in corpus(3000, seed=11) + legacy_corpus(3000, seed=12):
        assert _ours(text) == _reference(text), text


_URLISH = st.text(alphabet=st.sampled_from(list(":/?#@[]\\.%-_~+ aZ09\t\u00e9\u0430\u200b")))


@given(
    st.sampled_from(["http", "https", "ftp", "file", "ws", "foo", "mailto", "javascript"]),
    st.sampled_from([":", "://", ":/", ":///", ":\\\\"]),
    _URLISH,
)
def test_components_of_any_text(scheme: str, after: str, rest: str) -> None:
    text = scheme + after + rest
    assert _ours(text) == _reference(text)
