"""The gopher client against pygopherd and gophernicus on 127.0.0.1: menus, text,
binaries, Gopher+ replies and errors, through the library and the command line, and
the same bytes as curl fetches."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.integration.gopher.conftest import BINARY, SUB_TEXT, TEXT, GopherServer

from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.gopher import fetch
from urlinspector.net.limits import Limits
from urlinspector.net.session import Session
from urlinspector.net.sink import Raw
from urlinspector.schemes.gopher import error_in_body, parse_views

pytestmark = pytest.mark.integration

LIMITS = Limits(connect_timeout=5, read_timeout=5, total_timeout=30)


def crlf(text: str) -> bytes:
    return text.replace("\n", "\r\n").encode()


def test_root_menu(server: GopherServer) -> None:
    reply = fetch(parse(server.url), session=Session(limits=LIMITS))
    assert reply.complete
    links = {i.display: i for i in reply.items if i.url}
    assert links["hello.txt"].itemtype == "0"
    assert links["folder"].itemtype == "1"
    assert links["data.bin"].itemtype == "9"
    for item in links.values():
        assert item.host == "127.0.0.1"
        assert item.port == server.port
        assert item.url
        assert item.url.startswith(f"gopher://127.0.0.1:{server.port}/")


def test_every_item_of_the_menu_can_be_followed(server: GopherServer) -> None:
    reply = fetch(parse(server.url), session=Session(limits=LIMITS))
    by_name = {i.display: i.url for i in reply.items if i.url}
    text = fetch(parse(by_name["hello.txt"]), session=Session(limits=LIMITS))
    # gophernicus sends text with CRLF line ends, pygopherd as the file has it
    assert text.body in (TEXT.encode(), crlf(TEXT))
    folder = fetch(parse(by_name["folder"]), session=Session(limits=LIMITS))
    inside = [i for i in folder.items if i.display == "inside.txt"]
    assert len(inside) == 1
    assert inside[0].url
    assert fetch(parse(inside[0].url), session=Session(limits=LIMITS)).body in (
        SUB_TEXT.encode(),
        crlf(SUB_TEXT),
    )
    binary = fetch(parse(by_name["data.bin"]), session=Session(limits=LIMITS))
    assert binary.body == BINARY
    assert binary.end is not None
    assert binary.end.framing == "close"


def test_a_missing_selector(server: GopherServer) -> None:
    reply = fetch(parse(server.item("0", "/no-such-file.txt")), session=Session(limits=LIMITS))
    body = reply.body or b""
    if server.name == "pygopherd":  # a one-line type 3 menu in place of the text
        assert "does not exist" in (error_in_body(body) or "")
    else:  # gophernicus: a line of plain text
        assert body.startswith(b"Error: File or directory not found")


def test_progress_is_reported(server: GopherServer) -> None:
    seen: list[tuple[int, int | None]] = []
    reply = fetch(
        parse(server.item("9", "/data.bin")),
        session=Session(limits=LIMITS, progress=lambda done, total: seen.append((done, total))),
    )
    assert seen[-1][0] == reply.received >= len(BINARY)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


# --- Gopher+ ----------------------------------------------------------------------------------


def test_gopher_plus_default_view_of_a_file(server: GopherServer) -> None:
    reply = fetch(parse(server.item("0", "/hello.txt%09%09+")), session=Session(limits=LIMITS))
    if server.plus:
        assert reply.header is not None
        assert reply.header.raw == f"+{len(TEXT)}".encode()
        assert reply.body == TEXT.encode()  # exactly the file: "+N" has no dot rules
    else:  # gophernicus ignores the "+": a plain reply
        assert reply.header is None
        assert reply.body == crlf(TEXT)


def test_gopher_plus_menu(pygopherd: GopherServer) -> None:
    reply = fetch(parse(pygopherd.item("1", "/%09%09+")), session=Session(limits=LIMITS))
    assert reply.header is not None
    assert reply.header.raw == b"+-2"
    assert {i.display for i in reply.items} == {"hello.txt", "folder", "data.bin"}
    assert all(i.plus == "+" for i in reply.items)


def test_gopher_plus_attributes(pygopherd: GopherServer) -> None:
    reply = fetch(parse(pygopherd.item("0", "/hello.txt%09%09!")), session=Session(limits=LIMITS))
    blocks = {b.name: b for b in reply.attributes}
    assert {"INFO", "ADMIN", "VIEWS", "ABSTRACT"} <= set(blocks)
    info = blocks["INFO"].item
    assert info is not None
    assert info.url == pygopherd.item("0", "/hello.txt")
    assert any(
        line.startswith("Admin: Test Admin <admin@localhost>") for line in blocks["ADMIN"].lines
    )
    assert blocks["ABSTRACT"].lines == ("A friendly greeting.",)
    assert [v.content_type for v in parse_views(blocks["VIEWS"])] == ["text/plain"]


def test_gopher_plus_directory_attributes(pygopherd: GopherServer) -> None:
    reply = fetch(parse(pygopherd.item("1", "/%09%09$")), session=Session(limits=LIMITS))
    described = [b.item.display for b in reply.attributes if b.name == "INFO" and b.item]
    assert sorted(described) == ["data.bin", "folder", "hello.txt"]


def test_gopher_plus_error(pygopherd: GopherServer) -> None:
    reply = fetch(parse(pygopherd.item("0", "/missing%09%09+")), session=Session(limits=LIMITS))
    assert reply.header is not None
    assert not reply.header.ok
    assert reply.error is not None
    assert reply.error.code == 1
    assert reply.error.contact == "admin@localhost"
    assert not reply.complete


# --- the command line -----------------------------------------------------------------------------


def test_cli_prints_a_menu(server: GopherServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", server.url]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "hello.txt" in x and "gopher://" in x)
    assert line.split()[:2] == ["0", "text"]
    assert line.endswith(server.item("0", "/hello.txt"))


def test_cli_prints_text(server: GopherServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", server.item("0", "/hello.txt")]) == 0
    assert capsys.readouterr().out == TEXT


def test_cli_saves_a_binary(server: GopherServer, tmp_path: Path) -> None:
    target = tmp_path / "data.bin"
    assert main(["fetch", "--allow-local", server.item("9", "/data.bin"), "-o", str(target)]) == 0
    assert target.read_bytes() == BINARY
    assert not (tmp_path / "data.bin.part").exists()


def test_cli_reports_a_missing_item(
    pygopherd: GopherServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fetch", "--allow-local", pygopherd.item("0", "/nothing-here")]) == 1
    err = capsys.readouterr().err
    assert "error" in err
    assert "does not exist" in err


def test_cli_raw(pygopherd: GopherServer, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["fetch", "--allow-local", pygopherd.item("0", "/hello.txt%09%09+"), "--raw"]) == 0
    assert capsysbinary.readouterr().out == f"+{len(TEXT)}\r\n{TEXT}".encode()


# --- against curl -------------------------------------------------------------------------------


def _curl(url: str) -> bytes:
    curl = shutil.which("curl")
    if curl is None:
        pytest.skip("curl is not installed")
    return subprocess.run(
        [curl, "--silent", "--show-error", "--max-time", "20", url],
        check=True,
        capture_output=True,
        timeout=30,
    ).stdout


@pytest.mark.parametrize("selector", ["9/data.bin", "1/", "1/folder"])
def test_the_same_bytes_as_curl(server: GopherServer, selector: str) -> None:
    """curl hands over the reply as it came; our raw bytes must be the same."""
    url = f"{server.url}{selector}"
    raw = io.BytesIO()
    fetch(parse(url), session=Session(limits=LIMITS), sink=Raw(raw))
    assert raw.getvalue() == _curl(url)
