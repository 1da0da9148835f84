"""``gophers://``: a gopher URL over TLS (the same request, the same port default), and
which items of a menu served over TLS stay encrypted."""

from __future__ import annotations

import pytest

from urlinspector.core import parse
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.gopher import (
    GopherReader,
    MenuItem,
    item_url,
    needs_port_confirmation,
    parse_menu_line,
    read_all,
    request_from_url,
    with_search,
)
from urlinspector.schemes.gopher.menu import same_server

REQUESTS = [
    # url, host, port, type, selector sent, tls
    ("gophers://gopher.example/", "gopher.example", 70, "1", b"\r\n", True),
    (
        "GOPHERS://Gopher.Example:7070/0/about.txt",
        "Gopher.Example",
        7070,
        "0",
        b"/about.txt\r\n",
        True,
    ),
    ("gophers://[2001:db8::1]:73/1/phlog", "2001:db8::1", 73, "1", b"/phlog\r\n", True),
    ("gophers://bitreich.org/7/search%09tls", "bitreich.org", 70, "7", b"/search\ttls\r\n", True),
    ("gophers://xn--bcher-kva.example/1/", "xn--bcher-kva.example", 70, "1", b"/\r\n", True),
    ("gophers://bücher.example/1/", "xn--bcher-kva.example", 70, "1", b"/\r\n", True),
    ("gopher://gopher.example/0/x", "gopher.example", 70, "0", b"/x\r\n", False),
]


@pytest.mark.parametrize(("url", "host", "port", "gophertype", "sent", "tls"), REQUESTS)
def test_a_gophers_url_is_the_gopher_request_over_tls(
    url: str, host: str, port: int, gophertype: str, sent: bytes, tls: bool
) -> None:
    request = request_from_url(parse(url))
    assert request.url.text == url
    assert (request.host, request.port, request.gophertype) == (host, port, gophertype)
    assert request.data == sent
    assert request.tls is tls


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("gophers://h/0/a%0D%0AQUIT", "a CR"),
        ("gophers:///1/", "names no host"),
        ("gophers://h:0/1/", "not a port number"),
        ("gophersx://h/1/", "is not a gopher URL"),
        ("https://h/1/", "is not a gopher URL"),
    ],
)
def test_a_gophers_url_that_cannot_be_sent_is_refused(url: str, words: str) -> None:
    with pytest.raises(LocalProtocolError, match=words):
        request_from_url(parse(url))


@pytest.mark.parametrize(
    ("url", "warned"),
    [
        ("gophers://h/", False),
        ("gophers://h:70/1/", False),
        ("gophers://h:7070/1/", False),
        ("gophers://h:25/0/HELO", True),
        ("gophers://h:119/1/", True),
    ],
)
def test_another_services_port_asks_first(url: str, warned: bool) -> None:
    warning = needs_port_confirmation(parse(url))
    assert (warning is not None) is warned
    if warning is not None:
        assert "gophers URL" in warning
        assert "RFC 1738 §6" in warning


@pytest.mark.parametrize(
    ("args", "tls", "url"),
    [
        (("1", b"/dir", "h.example", 70), True, "gophers://h.example/1/dir"),
        (("1", b"/dir", "h.example", 7070), True, "gophers://h.example:7070/1/dir"),
        (("0", b"/a b", "h.example", 70), False, "gopher://h.example/0/a%20b"),
        (("8", b"user", "h.example", 23), True, "telnet://user@h.example/"),
        (("h", b"URL:http://x.example/", "h.example", 70), True, "http://x.example/"),
        (("i", b"", "h.example", 70), True, None),
    ],
)
def test_item_url_writes_gophers(
    args: tuple[str, bytes, str, int], tls: bool, url: str | None
) -> None:
    assert item_url(*args, tls=tls) == url


def test_a_search_keeps_the_scheme() -> None:
    assert with_search(parse("gophers://h.example/7/find"), "tls gopher") == (
        "gophers://h.example/7/find%09tls%20gopher"
    )
    assert with_search(parse("gopher://h.example/7/find"), "x") == "gopher://h.example/7/find%09x"


@pytest.mark.parametrize(
    ("host", "port", "server", "same"),
    [
        ("gopher.example", 7070, ("gopher.example", 7070), True),
        ("Gopher.Example.", 7070, ("gopher.example", 7070), True),
        ("gopher.example", None, ("gopher.example", 70), True),
        ("gopher.example", 70, ("gopher.example", 7070), False),  # the clear-text port
        ("other.example", 7070, ("gopher.example", 7070), False),
        ("gopher.example.evil", 7070, ("gopher.example", 7070), False),
        (None, 7070, ("gopher.example", 7070), False),
        ("", 7070, ("gopher.example", 7070), False),
    ],
)
def test_same_server(
    host: str | None, port: int | None, server: tuple[str, int], same: bool
) -> None:
    assert same_server(host, port, server) is same


MENU = (
    b"iWelcome\tfake\t(NULL)\t0\r\n"
    b"1Phlog\t/phlog\tgopher.example\t7070\r\n"
    b"0About\t/about.txt\tGOPHER.EXAMPLE\t7070\r\n"
    b"1Clear-text port\t/\tgopher.example\t70\r\n"
    b"1Elsewhere\t/\tother.example\t7070\r\n"
    b"hSecure link\tURL:gophers://other.example/1/\tgopher.example\t7070\r\n"
    b"8Login\tguest\tgopher.example\t7070\r\n"
    b".\r\n"
)
EXPECTED = {
    "Welcome": None,
    "Phlog": "gophers://gopher.example:7070/1/phlog",
    "About": "gophers://GOPHER.EXAMPLE:7070/0/about.txt",
    "Clear-text port": "gopher://gopher.example/1/",
    "Elsewhere": "gopher://other.example:7070/1/",
    "Secure link": "gophers://other.example/1/",
    "Login": "telnet://guest@gopher.example:7070/",
}


@pytest.mark.parametrize("tls", [True, False])
def test_items_of_a_tls_menu_naming_its_server_stay_encrypted(tls: bool) -> None:
    scheme = "gophers" if tls else "gopher"
    request = request_from_url(parse(f"{scheme}://gopher.example:7070/1/"))
    items = [
        e for e in read_all(GopherReader.for_request(request), MENU) if isinstance(e, MenuItem)
    ]
    got = {item.display: item.url for item in items}
    expected = dict(EXPECTED)
    if not tls:  # a clear-text menu: every gopher item stays gopher://
        expected["Phlog"] = "gopher://gopher.example:7070/1/phlog"
        expected["About"] = "gopher://GOPHER.EXAMPLE:7070/0/about.txt"
    assert got == expected
    assert [item.tls for item in items] == [
        url is not None and url.startswith("gophers:") for url in expected.values()
    ]


def test_a_menu_line_read_alone_knows_no_tls_server() -> None:
    item = parse_menu_line(b"1Phlog\t/phlog\tgopher.example\t7070")
    assert item.url == "gopher://gopher.example:7070/1/phlog"
    tls_item = parse_menu_line(
        b"1Phlog\t/phlog\tgopher.example\t7070", tls_server=("gopher.example", 7070)
    )
    assert tls_item.url == "gophers://gopher.example:7070/1/phlog"
