"""The bundled demo gopher server, through the client: every menu item can be followed,
the search, Gopher+ attributes and views, and selectors that try to leave the hole."""

from __future__ import annotations

import io
import os
import shutil
import socket
from pathlib import Path

import pytest
from tests.support.ports import ipv6_loopback

from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.demo_server import DEFAULT_ROOT, DemoServer, DemoServerError
from urlinspector.net.gopher import fetch
from urlinspector.net.limits import Limits
from urlinspector.net.session import Session
from urlinspector.net.sink import Raw
from urlinspector.schemes.gopher import error_in_body, parse_views, request_from_url, with_search

pytestmark = pytest.mark.integration

LIMITS = Limits(connect_timeout=5, read_timeout=5, total_timeout=30)
SPECS = sorted((DEFAULT_ROOT / "specs").glob("0*.txt"))


def crlf_dot_stuffed(data: bytes) -> bytes:
    """What a text file looks like on the wire, minus the final "." line (RFC 1436 §3.9)."""
    return b"".join(line.rstrip(b"\r") + b"\r\n" for line in data.splitlines())


def raw(url: str, request: bytes | None = None) -> bytes:
    """The server's bytes for *url*'s request, or for *request* sent to its host."""
    if request is None:
        whole = io.BytesIO()
        fetch(parse(url), session=Session(limits=LIMITS), sink=Raw(whole))
        return whole.getvalue()
    out: list[bytes] = []
    host, port = url.split("//")[1].split("/")[0].rsplit(":", 1)
    with socket.create_connection((host.strip("[]"), int(port)), timeout=5) as s:
        s.sendall(request)
        while chunk := s.recv(65536):
            out.append(chunk)
    return b"".join(out)


def test_the_root_menu(demo: DemoServer) -> None:
    reply = fetch(parse(demo.url), session=Session(limits=LIMITS))
    assert reply.complete
    assert reply.end is not None
    assert reply.end.framing == "terminator"
    types = {i.itemtype for i in reply.items}
    assert {"i", "0", "1", "7", "I"} <= types
    assert [i for i in reply.items if i.plus == "+"], "the Gopher+ item is marked"
    for item in reply.items:
        if item.itemtype != "i":
            assert item.url
            assert item.url.startswith(demo.url)


def _walk(demo: DemoServer) -> dict[str, bytes | None]:
    """Every item reachable from the root on this server: URL -> body (None for menus)."""
    seen: dict[str, bytes | None] = {}
    queue = [demo.url]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        reply = fetch(parse(url), session=Session(limits=LIMITS))
        assert reply.complete, url
        seen[url] = reply.body if reply.kind != "menu" else None
        for item in reply.items:
            if item.url and item.url.startswith(demo.url) and item.itemtype in "01I":
                queue.append(item.url)
    return seen


def test_every_item_can_be_followed(demo: DemoServer) -> None:
    seen = _walk(demo)
    for spec in SPECS:
        url = f"{demo.url}0/specs/{spec.name}"
        assert seen[url] == crlf_dot_stuffed(spec.read_bytes()).replace(b"\r\n", b"\r\n")
    png = seen[f"{demo.url}I/images/gopher.png"]
    assert png == (DEFAULT_ROOT / "images" / "gopher.png").read_bytes()
    assert png is not None
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len([u for u, body in seen.items() if body is None]) >= 3  # root, specs, links


def test_text_is_dot_stuffed_on_the_wire_and_unstuffed_by_the_client(demo: DemoServer) -> None:
    source = (DEFAULT_ROOT / "welcome.txt").read_bytes()
    wire = raw(f"{demo.url}0/welcome.txt")
    assert b"\r\n..gophermap files" in wire
    assert wire.endswith(b"\r\n.\r\n")
    reply = fetch(parse(f"{demo.url}0/welcome.txt"), session=Session(limits=LIMITS))
    assert reply.body == crlf_dot_stuffed(source)
    assert b"\r\n.gophermap files describe menus\r\n" in (reply.body or b"")


def test_the_links_menu_leads_to_other_schemes(demo: DemoServer) -> None:
    reply = fetch(parse(f"{demo.url}1/links"), session=Session(limits=LIMITS))
    urls = {i.itemtype: i.url for i in reply.items if i.url}
    assert urls["h"] == "https://www.rfc-editor.org/rfc/rfc1738"
    assert urls["8"] == "telnet://guest@bbs.example.org/"
    assert urls["T"] == "tn3270://mainframe.example.org/"
    escaped = f"{demo.url}0/links/%7Edocs/read%20me.txt"
    assert urls["0"] == escaped
    assert b"space and a tilde" in (
        fetch(parse(escaped), session=Session(limits=LIMITS)).body or b""
    )


def test_search(demo: DemoServer) -> None:
    url = with_search(parse(f"{demo.url}7/search"), "gopher selector")
    assert url.endswith("/7/search%09gopher%20selector")
    reply = fetch(parse(url), session=Session(limits=LIMITS))
    found = [i for i in reply.items if i.itemtype == "0"]
    holding = [
        p.name
        for p in SPECS
        if all(w in p.read_text("utf-8").lower() for w in ("gopher", "selector"))
    ]
    assert sorted(i.selector.decode().rsplit("/", 1)[1] for i in found) == sorted(holding)
    assert holding  # RFC 1738 at least
    assert reply.items[0].display.startswith(f"{len(holding)} document")


@pytest.mark.parametrize("words", ["gopher selector", "xyzzyplugh"])
def test_a_request_searched_again_is_the_url_with_the_search(demo: DemoServer, words: str) -> None:
    # the request keeps its parsed URL: searching it again reads the same item
    request = request_from_url(parse(f"{demo.url}7/search%09old%20words"))
    again = fetch(request, session=Session(limits=LIMITS), search=words)
    by_url = fetch(parse(with_search(request.url, words)), session=Session(limits=LIMITS))
    assert again.request.url is request.url
    assert again.request.data == by_url.request.data
    assert again.items == by_url.items


def test_a_search_with_no_match_and_with_no_words(demo: DemoServer) -> None:
    none = fetch(
        parse(with_search(parse(f"{demo.url}7/search"), "xyzzyplugh")),
        session=Session(limits=LIMITS),
    )
    assert [i.itemtype for i in none.items] == ["i", "i"]
    assert none.items[0].display.startswith("0 documents")
    empty = fetch(parse(f"{demo.url}7/search"), session=Session(limits=LIMITS))
    assert "Type one or more words" in empty.items[0].display


def test_gopher_plus_attributes(demo: DemoServer) -> None:
    reply = fetch(parse(f"{demo.url}0/gopher-plus.txt%09%09!"), session=Session(limits=LIMITS))
    assert reply.header is not None
    assert reply.header.raw == b"+-1"
    names = [b.name for b in reply.attributes]
    assert names[0] == "INFO"
    assert {"ADMIN", "VIEWS", "ABSTRACT"} <= set(names)
    blocks = {b.name: b for b in reply.attributes}
    info = blocks["INFO"].item
    assert info is not None
    assert info.url == f"{demo.url}0/gopher-plus.txt"
    assert info.display.startswith("About Gopher+")  # as the menu shows it
    assert blocks["ADMIN"].lines[0].startswith("Admin: urlinspector demo <")
    assert "<20" in blocks["ADMIN"].lines[1]  # Mod-Date: ... <YYYYMMDDhhmmss>
    assert [v.content_type for v in parse_views(blocks["VIEWS"])] == ["text/plain"]
    assert "attributes such as this abstract" in " ".join(blocks["ABSTRACT"].lines)


def test_gopher_plus_named_attributes(demo: DemoServer) -> None:
    reply = fetch(
        parse(f"{demo.url}0/gopher-plus.txt%09%09!+ABSTRACT"), session=Session(limits=LIMITS)
    )
    assert [b.name for b in reply.attributes] == ["INFO", "ABSTRACT"]


def test_gopher_plus_directory_attributes(demo: DemoServer) -> None:
    reply = fetch(parse(f"{demo.url}1/specs%09%09$"), session=Session(limits=LIMITS))
    described = {b.item.selector for b in reply.attributes if b.name == "INFO" and b.item}
    assert {f"/specs/{p.name}".encode() for p in SPECS} <= described


def test_gopher_plus_views(demo: DemoServer) -> None:
    source = (DEFAULT_ROOT / "gopher-plus.txt").read_bytes()
    source = source.replace(b"{{server}}", f"127.0.0.1:{demo.port}".encode())
    for plus in ("+", "+text/plain"):
        reply = fetch(
            parse(f"{demo.url}0/gopher-plus.txt%09%09{plus}"), session=Session(limits=LIMITS)
        )
        assert reply.header is not None
        assert reply.header.length == len(source)
        assert reply.body == source
    wrong = fetch(
        parse(f"{demo.url}0/gopher-plus.txt%09%09+image/png"), session=Session(limits=LIMITS)
    )
    assert wrong.error is not None
    assert wrong.error.code == 1
    menu = fetch(parse(f"{demo.url}1/specs%09%09+"), session=Session(limits=LIMITS))
    assert menu.header is not None
    assert menu.header.raw == b"+-1"
    assert [i.itemtype for i in menu.items if i.itemtype == "0"]


def test_gopher_plus_error_and_plain_error(demo: DemoServer) -> None:
    plus = fetch(parse(f"{demo.url}0/nothing%09%09+"), session=Session(limits=LIMITS))
    assert plus.error is not None
    assert plus.error.code == 1
    assert "not in this gopher hole" in plus.error.text
    plain = fetch(parse(f"{demo.url}0/nothing"), session=Session(limits=LIMITS))
    assert "not in this gopher hole" in (error_in_body(plain.body or b"") or "")


@pytest.mark.parametrize(
    "selector",
    [
        b"../pyproject.toml",
        b"/../../pyproject.toml",
        b"/specs/../../../README.md",
        b"/specs/%2e%2e/x",
        b"/./welcome.txt",
        b"/.hidden",
        b"/gophermap",
        b"/specs/gophermap",
        b"/gopher-plus.txt.attributes",
        b"//etc/passwd",
        b"/etc/passwd",
        b"\\..\\README.md",
        b"/welcome.txt\x00.png",
    ],
)
def test_selectors_cannot_leave_the_hole(demo: DemoServer, selector: bytes) -> None:
    reply = raw(demo.url, selector + b"\r\n")
    assert reply.startswith(b"3")
    assert b"is not in this gopher hole" in reply


def test_a_link_out_of_the_hole_is_refused(tmp_path: Path) -> None:
    hole = tmp_path / "hole"
    shutil.copytree(DEFAULT_ROOT, hole, ignore=shutil.ignore_patterns("specs"))
    secret = tmp_path / "secret.txt"
    secret.write_text("not for gopher")
    try:
        os.symlink(secret, hole / "leak.txt")
        os.symlink(tmp_path, hole / "up")
    except OSError:
        pytest.skip("this file system cannot make symbolic links")
    with DemoServer(hole) as server:
        for selector in (b"/leak.txt", b"/up/secret.txt", b"/up"):
            assert b"is not in this gopher hole" in raw(server.url, selector + b"\r\n")
        assert b"Welcome" in raw(server.url, b"/welcome.txt\r\n")


def test_an_overlong_request_is_refused(demo: DemoServer) -> None:
    reply = raw(demo.url, b"/" + b"a" * 10_000 + b"\r\n")
    assert reply.startswith(b"3the request is longer than 4 KiB")


def test_a_folder_without_a_gophermap_is_listed(tmp_path: Path) -> None:
    (tmp_path / "gophermap").write_text("1Files\tfiles\n")
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "a.txt").write_text("a\n")
    (tmp_path / "files" / "b.gif").write_bytes(b"GIF89a")
    (tmp_path / "files" / ".hidden").write_text("no")
    with DemoServer(tmp_path) as server:
        reply = fetch(parse(f"{server.url}1/files"), session=Session(limits=LIMITS))
    assert [(i.itemtype, i.display) for i in reply.items if i.url] == [
        ("0", "a.txt"),
        ("g", "b.gif"),
    ]


def test_start_stop_and_errors(tmp_path: Path) -> None:
    server = DemoServer(port=0)
    assert not server.running
    server.start()
    port = server.port
    assert port > 0
    assert server.url == f"gopher://127.0.0.1:{port}/"
    with pytest.raises(DemoServerError, match="cannot serve the demo"):
        DemoServer(port=port).start()  # the port is taken
    server.stop()
    server.stop()
    assert not server.running
    with pytest.raises(DemoServerError, match="no demo gopher hole"):
        DemoServer(tmp_path).start()


@pytest.mark.skipif(not ipv6_loopback(), reason="this machine has no IPv6 loopback (::1)")
def test_serving_on_ipv6() -> None:
    with DemoServer(host="::1") as server:
        url = server.url
        assert url.startswith("gopher://[::1]:")
        reply = fetch(parse(url), session=Session(limits=LIMITS))
    assert any(i.url and i.url.startswith(url) for i in reply.items)


def test_cli_against_the_demo(demo: DemoServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", f"{demo.url}1/specs"]) == 0
    out = capsys.readouterr().out
    assert f"{demo.url}0/specs/000-rfc1738.txt" in out
    assert main(["fetch", "--allow-local", f"{demo.url}0/gopher-plus.txt%09%09!"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("+INFO: 0About Gopher+")
    assert "+ABSTRACT:" in out
    assert main(["fetch", "--allow-local", f"{demo.url}I/images/gopher.png"]) == 2
    assert "-o FILE" in capsys.readouterr().err
