"""Gopher URLs as requests (RFC 1738 §3.4), menu items as URLs, and the port warning."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import parse
from urlinspector.core.specific import GopherFields, GopherPlusKind
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.gopher import (
    escape_selector,
    item_url,
    kind_of,
    needs_port_confirmation,
    request_from_url,
    with_search,
)

# (URL, bytes sent, kind, host, port)
REQUESTS = [
    ("gopher://example.org", b"\r\n", "menu", "example.org", 70),
    ("gopher://example.org/", b"\r\n", "menu", "example.org", 70),
    ("gopher://example.org/1", b"\r\n", "menu", "example.org", 70),
    ("gopher://example.org:7070/0/a/b.txt", b"/a/b.txt\r\n", "text", "example.org", 7070),
    # RFC 1738 §3.4.1: the selector may begin with a copy of the type character
    ("gopher://h/00/x", b"0/x\r\n", "text", "h", 70),
    ("gopher://h/1/a%20b%7Ec", b"/a b~c\r\n", "menu", "h", 70),
    # "?" is an ordinary selector character in RFC 1738 (the core reads it back into the path)
    ("gopher://h/1/q?x=1", b"/q?x=1\r\n", "menu", "h", 70),
    ("gopher://h/9/file.bin", b"/file.bin\r\n", "binary", "h", 70),
    ("gopher://h/I/p.png", b"/p.png\r\n", "binary", "h", 70),
    ("gopher://h/hindex.html", b"index.html\r\n", "text", "h", 70),
    # RFC 1738 §3.4.2: selector TAB search
    ("gopher://h/7/find%09gopher%20urls", b"/find\tgopher urls\r\n", "menu", "h", 70),
    ("gopher://h/7/find%09", b"/find\t\r\n", "menu", "h", 70),
    # RFC 1738 §3.4.3: the search left out when empty, then TAB and the Gopher+ string
    ("gopher://h/0/x%09%09+", b"/x\t+\r\n", "text", "h", 70),
    ("gopher://h/7/f%09w%09+", b"/f\tw\t+\r\n", "menu", "h", 70),
    ("gopher://h/0/x%09%09!", b"/x\t!\r\n", "attributes", "h", 70),
    (
        "gopher://h/0/x%09%09!+ABSTRACT%20+VIEWS",
        b"/x\t!+ABSTRACT +VIEWS\r\n",
        "attributes",
        "h",
        70,
    ),
    ("gopher://h/1/d%09%09$", b"/d\t$\r\n", "attributes", "h", 70),
    (
        "gopher://h/0/x%09%09+application/postscript%20Es_ES",
        b"/x\t+application/postscript Es_ES\r\n",
        "text",
        "h",
        70,
    ),
    # RFC 1738 §3.4.5: a "?" item is asked for its attributes, which hold the +ASK form
    ("gopher://h/0/x%09%09?", b"/x\t!\r\n", "attributes", "h", 70),
    # RFC 1738 §3.4.9: a filled-in form is sent as it is, ending in its own CRLF
    (
        "gopher://h/0/form%09%09+%091%0D%0A+-1%0D%0Aone%0D%0Atwo%0D%0A.%0D%0A",
        b"/form\t+\t1\r\n+-1\r\none\r\ntwo\r\n.\r\n",
        "text",
        "h",
        70,
    ),
    ("gopher://[::1]:7070/1/", b"/\r\n", "menu", "::1", 7070),
    ("gopher://127.0.0.1:70/0x", b"x\r\n", "text", "127.0.0.1", 70),
    ("GOPHER://EXAMPLE.org/0x", b"x\r\n", "text", "EXAMPLE.org", 70),
    ("gopher://b%C3%BCcher.example/1", b"\r\n", "menu", "xn--bcher-kva.example", 70),
]


@pytest.mark.parametrize(("url", "sent", "kind", "host", "port"), REQUESTS)
def test_request_from_url(url: str, sent: bytes, kind: str, host: str, port: int) -> None:
    request = request_from_url(parse(url))
    assert request.data == sent
    assert request.kind == kind
    assert (request.host, request.port) == (host, port)


def test_request_fields_come_from_the_core_parts() -> None:
    url = parse("gopher://h/7/find%09two%20words")
    request = request_from_url(url)
    fields = url.scheme_fields
    assert isinstance(fields, GopherFields)
    assert request.selector == fields.selector == b"/find"
    assert request.search == fields.search == b"two words"
    assert request.url is url  # (the parsed URL travels with its request)
    assert request.gophertype == "7"
    assert not request.plus


def test_a_search_given_separately_replaces_the_urls() -> None:
    assert request_from_url(parse("gopher://h/7/f"), search="a b").data == b"/f\ta b\r\n"
    assert request_from_url(parse("gopher://h/7/f%09old"), search="new").data == b"/f\tnew\r\n"
    assert request_from_url(parse("gopher://h/7/f"), search="é").data == "/f\té\r\n".encode()


# (URL, words the message must hold): nothing unsafe is ever sent (RFC 1738 §6)
REFUSED = [
    ("gopher://h/1a%0D%0AMAIL%20FROM:x", "CR"),
    ("gopher://h/1a%0Ab", "LF"),
    ("gopher://h/1a%00b", "NUL"),
    ("gopher://h/7a%09b%0D%0Ac", "search string holds a CR"),
    ("gopher://h/7a%09b%00", "search string holds a NUL"),
    ("gopher://h/0a%09%09+%0D%0AQUIT", "Gopher+ string holds a CR"),
    ("gopher://h/0a%09%09!%00", "Gopher+ string holds a NUL"),
    # a form whose value holds a lone LF, or lacks the final ".", or its prefix
    ("gopher://h/0a%09%09+%091%0D%0A+-1%0D%0Aa%0Ab%0D%0A.%0D%0A", "value 1"),
    ("gopher://h/0a%09%09+%091%0D%0A+-1%0D%0Aa%0D%0A", "RFC 1738 §3.4.9"),
    ("gopher://h/0a%09%09+%092%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A", "RFC 1738 §3.4.9"),
    ("gopher://h/0a%09%09+%091%0D%0A+-1%0D%0A.%0D%0A.%0D%0A", "lone '.'"),
    ("http://h/", "not a gopher URL"),
    ("gopher:/x", "no host"),
    ("gopher:///1x", "no host"),
    ("gopher://h:0/", "not a port number"),
    ("gopher://h:65536/", "not a port number"),
    ("gopher://h/8guest", "telnet session"),
    ("gopher://h/Tguest", "tn3270 session"),
]


@pytest.mark.parametrize(("url", "words"), REFUSED)
def test_unsafe_or_impossible_requests_are_refused(url: str, words: str) -> None:
    with pytest.raises(LocalProtocolError, match=re.escape(words)):
        request_from_url(parse(url))


def test_the_refusal_says_nothing_was_sent_and_cites_the_rule() -> None:
    with pytest.raises(LocalProtocolError) as info:
        request_from_url(parse("gopher://h/1a%0D%0Ab"))
    assert "nothing was sent (RFC 1738 §6)" in str(info.value)


def test_the_1993_edition_keeps_an_encoded_tab_in_the_selector_and_it_is_refused() -> None:
    # URL draft 1993 has no %09 search: the tab stays in the selector, where it would split the line
    with pytest.raises(LocalProtocolError, match="TAB"):
        request_from_url(parse("gopher://h/7a%09b", "url-1993"))
    # ... and its search comes after "?" (URL draft 1993 BNF)
    request = request_from_url(parse("gopher://h/7find?words", "url-1993"))
    assert request.data == b"find\twords\r\n"


@pytest.mark.parametrize(
    ("gophertype", "plus_kind", "kind"),
    [
        ("1", None, "menu"),
        ("7", None, "menu"),
        ("0", None, "text"),
        ("h", None, "text"),
        ("9", None, "binary"),
        ("g", None, "binary"),
        ("Z", None, "binary"),
        ("0", "attributes", "attributes"),
        ("1", "directory-attributes", "attributes"),
        ("0", "ask-form-item", "attributes"),
        ("1", "default-view", "menu"),
    ],
)
def test_kind_of(gophertype: str, plus_kind: GopherPlusKind | None, kind: str) -> None:
    assert kind_of(gophertype, plus_kind) == kind


# (type, selector, host, port, URL)
ITEM_URLS = [
    ("0", b"/about.txt", "example.org", 70, "gopher://example.org/0/about.txt"),
    ("1", b"/dir", "example.org", 7070, "gopher://example.org:7070/1/dir"),
    ("1", b"", "example.org", 70, "gopher://example.org/1"),
    ("1", b"/a b~c", "h", 70, "gopher://h/1/a%20b%7Ec"),
    ("1", b"/q?x#y%z", "h", 70, "gopher://h/1/q%3Fx%23y%25z"),
    ("0", "/é".encode(), "h", 70, "gopher://h/0/%C3%A9"),
    ("0", b"/$-_.+!*'(),;/:@=&", "h", 70, "gopher://h/0/$-_.+!*'(),;/:@=&"),
    ("7", b"/search", "h", None, "gopher://h/7/search"),
    ("9", b"/f", "::1", 7000, "gopher://[::1]:7000/9/f"),
    ("0", b"/x", "h", 0, "gopher://h/0/x"),
    ("h", b"URL:http://example.com/a?b", "h", 70, "http://example.com/a?b"),
    ("h", b"/URL:https://example.com/", "h", 70, "https://example.com/"),
    ("h", b"/page.html", "h", 70, "gopher://h/h/page.html"),
    ("h", b"URL:not a url", "h", 70, None),
    ("8", b"", "bbs.example", 23, "telnet://bbs.example/"),
    ("8", b"guest", "bbs.example", 2323, "telnet://guest@bbs.example:2323/"),
    ("8", b"a@b:c", "bbs.example", 23, "telnet://a%40b%3Ac@bbs.example/"),
    ("T", b"", "ibm.example", 23, "tn3270://ibm.example/"),
    ("i", b"", "error.host", 1, None),
    ("3", b"", "error.host", 1, None),
    ("0", b"/x", None, 70, None),
    ("0", b"/x", "bad host/name", 70, None),
    ("0", b"/x", "(NULL)", 0, "gopher://(NULL)/0/x"),
    ("%", b"/x", "h", 70, "gopher://h/%25/x"),
    ("?", b"/x", "h", 70, "gopher://h/%3F/x"),
]


@pytest.mark.parametrize(("itemtype", "selector", "host", "port", "url"), ITEM_URLS)
def test_item_url(
    itemtype: str, selector: bytes, host: str | None, port: int | None, url: str | None
) -> None:
    assert item_url(itemtype, selector, host, port) == url


def test_item_url_with_a_gopher_plus_string() -> None:
    assert item_url("0", b"/x", "h", 70, gopher_plus="!") == "gopher://h/0/x%09%09!"
    assert (
        item_url("0", b"/x", "h", 70, gopher_plus="+text/plain De_DE")
        == "gopher://h/0/x%09%09+text/plain%20De_DE"
    )


selectors = st.binary(max_size=40).filter(lambda b: not any(c in b for c in b"\t\r\n\x00"))
types = st.sampled_from(list("0145679gIsdpP:;<+h"))


@given(itemtype=types, selector=selectors, port=st.integers(1, 65535))
def test_item_urls_read_back_to_the_same_request(itemtype: str, selector: bytes, port: int) -> None:
    """Every gopher item's URL, parsed by the core under the default edition, gives back
    its type, selector, host and port: the escaping loses nothing (RFC 1738 §3.4.1)."""
    if itemtype == "h" and selector.startswith((b"URL:", b"/URL:")):
        return
    url = item_url(itemtype, selector, "example.org", port)
    assert url is not None
    request = request_from_url(parse(url))
    assert (request.gophertype, request.selector) == (itemtype, selector)
    assert (request.host, request.port) == ("example.org", port)
    assert request.search is None
    assert request.gopher_plus is None
    assert all(33 <= ord(c) < 127 for c in url)


@given(st.binary(max_size=60))
def test_escape_selector_writes_only_safe_characters(selector: bytes) -> None:
    text = escape_selector(selector)
    assert all((c.isalnum() and c.isascii()) or c in "$-_.+!*'(),;/:@=&%" for c in text)


def test_with_search() -> None:
    assert with_search(parse("gopher://h/7/find"), "two words") == "gopher://h/7/find%09two%20words"
    assert with_search(parse("gopher://h:7000/7/f%09old"), "new") == "gopher://h:7000/7/f%09new"
    # a tab in what a person typed would start a Gopher+ string: it is refused
    for typed in ("a\tb", "a\r\nb", "a\x00"):
        with pytest.raises(LocalProtocolError, match="nothing was sent"):
            with_search(parse("gopher://h/7/f"), typed)
        with pytest.raises(LocalProtocolError, match="nothing was sent"):
            request_from_url(parse("gopher://h/7/f"), search=typed)


# (URL, warning expected): RFC 1738 §6, the gopher-to-SMTP attack
PORTS = [
    ("gopher://h/", False),
    ("gopher://h:70/", False),
    ("gopher://h:7070/", False),
    ("gopher://h:1024/", False),
    ("gopher://h:25/1x", True),
    ("gopher://h:119/", True),
    ("gopher://h:21/", True),
    ("gopher://h:80/", True),
    ("gopher://h:1/", True),
    ("gopher://h:1023/", True),
    ("http://h:25/", False),
]


@pytest.mark.parametrize(("url", "warned"), PORTS)
def test_needs_port_confirmation(url: str, warned: bool) -> None:
    warning = needs_port_confirmation(parse(url))
    assert (warning is not None) == warned
    if warning:
        assert "RFC 1738 §6" in warning
        port = str(parse(url).port_number)
        assert f"port {port}" in warning


def test_port_warning_names_the_service() -> None:
    assert "SMTP" in (needs_port_confirmation(parse("gopher://h:25/")) or "")
    assert "NNTP" in (needs_port_confirmation(parse("gopher://h:119/")) or "")
    assert "below 1024" in (needs_port_confirmation(parse("gopher://h:80/")) or "")


# --- values in messages, as they are ------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("gopher:///x\\y", "'gopher:///x\\y' names no host"),
        ("gopher://h:7\\0/", "the port '7\\0' is not a port number"),
        ("http://a\\b/", "'http://a\\b/' is not a gopher URL"),
    ],
)
def test_a_backslash_in_a_message_stays_one_backslash(url: str, shown: str) -> None:
    with pytest.raises(LocalProtocolError) as info:
        request_from_url(parse(url))
    assert shown in str(info.value)
