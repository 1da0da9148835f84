"""``fetch --json`` of gopher URLs against real servers (pygopherd, gophernicus): the
object says what came and how many bytes, the bytes saved with ``-o`` are the server's,
and a failure is the object's error."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from tests.integration.gopher.conftest import BINARY, GopherServer
from tests.support.fetch_json import fetched

from urlinspector.core import parse
from urlinspector.net.gopher import fetch
from urlinspector.net.sink import Raw

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(
    ("gophertype", "selector", "kind", "content_type"),
    [
        ("0", "/hello.txt", "text", "text/plain"),
        ("9", "/data.bin", "binary", "application/octet-stream"),
        ("1", "/folder", "menu", None),
        ("1", "", "menu", None),
    ],
)
def test_what_came_and_how_much(
    server: GopherServer,
    capsys: pytest.CaptureFixture[str],
    gophertype: str,
    selector: str,
    kind: str,
    content_type: str | None,
) -> None:
    url = server.item(gophertype, selector)
    status, summary = fetched(capsys, "--allow-local", url)
    assert status == 0
    reply = fetch(parse(url))
    assert summary["url"] == url
    assert (summary["scheme"], summary["host"], summary["port"]) == (
        "gopher",
        server.host,
        server.port,
    )
    assert (summary["kind"], summary["item_type"]) == (kind, gophertype)
    assert summary["content_type"] == content_type
    assert summary["error"] is None
    assert summary["saved"] is None
    if kind == "menu":
        assert summary["entries"] == len(reply.items) > 0
        assert summary["bytes"] == reply.received
    else:
        assert summary["entries"] is None
        assert summary["bytes"] == reply.size == len(reply.body or b"")


def test_a_binary_saved_is_the_servers_bytes(
    server: GopherServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "data.bin"
    status, summary = fetched(
        capsys, "--allow-local", server.item("9", "/data.bin"), "-o", str(target)
    )
    assert status == 0
    assert summary["saved"] == str(target)
    assert summary["bytes"] == len(BINARY)
    assert target.read_bytes() == BINARY


@pytest.mark.parametrize("output", [True, False])
def test_an_error_menu_in_the_documents_place_is_the_error(
    pygopherd: GopherServer, capsys: pytest.CaptureFixture[str], tmp_path: Path, output: bool
) -> None:
    """pygopherd answers a missing selector with a one-line type 3 menu (gophernicus with
    plain text, which nothing tells from a document)."""
    target = tmp_path / "missing.txt"
    argv = [pygopherd.item("0", "/no-such-file.txt")] + (["-o", str(target)] * output)
    status, summary = fetched(capsys, "--allow-local", *argv)
    assert status == 1
    assert summary["error"] is not None
    assert "does not exist" in summary["error"]
    assert summary["saved"] is None
    assert not target.exists()
    assert not Path(str(target) + ".part").exists()


def test_a_menu_saved_is_what_the_server_sent(
    server: GopherServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sent = io.BytesIO()
    fetch(parse(server.url), sink=Raw(sent))
    target = tmp_path / "menu"
    status, summary = fetched(capsys, "--allow-local", server.url, "-o", str(target))
    assert status == 0
    assert summary["saved"] == str(target)
    assert target.read_bytes() == sent.getvalue()
    assert summary["bytes"] == len(sent.getvalue())
