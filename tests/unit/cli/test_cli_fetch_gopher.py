"""``urlinspector fetch gopher://...``: output, exit status, and what is refused before
anything is sent."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.ports import unused_port
from tests.support.servers import ScriptedServer, replies
from urlinspector.cli import fetch as fetch_command
from urlinspector.cli import main
from urlinspector.cli.common import Console
from urlinspector.cli.fetch_gopher import _Options, _Route, menu_lines
from urlinspector.core import URL
from urlinspector.net.demo_server import DEFAULT_ROOT, DemoServer
from urlinspector.net.saving import save_to
from urlinspector.net.sink import Feed, File, Memory, Raw
from urlinspector.net.tls import TLSOptions
from urlinspector.schemes.gopher import parse_menu_line


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


@pytest.fixture
def listener() -> Iterator[ScriptedServer]:
    """A port on 127.0.0.1 that records the request lines clients send, and answers
    each with a one-line menu."""
    server = ScriptedServer(replies(b"iok\t\th\t1\r\n.\r\n"), threaded=False, timeout=1)
    yield server
    server.close(5)


def test_menu_lines() -> None:
    items = [
        parse_menu_line(b"iWelcome\t\terror.host\t1"),
        parse_menu_line(b"0About\t/about.txt\texample.org\t70"),
        parse_menu_line(b"1A longer display string\t/dir\texample.org\t7070"),
        parse_menu_line(b"qOdd\x1b[31m\t/q\th\t70"),
    ]
    lines = menu_lines(items)
    assert lines[0] == "i info     Welcome"
    assert lines[1] == "0 text     About" + " " * 18 + "  gopher://example.org/0/about.txt"
    assert lines[2] == "1 menu     A longer display string  gopher://example.org:7070/1/dir"
    # an unknown type is shown raw, its control characters made visible
    assert lines[3].startswith("q unknown  qOdd␛[31m␉/q␉h␉70")


def test_a_menu(demo: DemoServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", demo.url]) == 0
    out = capsys.readouterr().out.splitlines()
    search = next(line for line in out if line.startswith("7 search"))
    assert search.endswith(f"{demo.url}7/search")
    assert any(line.startswith("i info") and "offline demo" in line for line in out)


def test_text(demo: DemoServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", f"{demo.url}0/welcome.txt"]) == 0
    source = (DEFAULT_ROOT / "welcome.txt").read_text("utf-8")
    assert capsys.readouterr().out == source  # CRLF made LF, the dots unstuffed


def test_text_to_a_file_and_a_menu_to_a_file(demo: DemoServer, tmp_path: Path) -> None:
    text = tmp_path / "welcome.txt"
    assert main(["fetch", "--allow-local", f"{demo.url}0/welcome.txt", "-o", str(text)]) == 0
    source = (DEFAULT_ROOT / "welcome.txt").read_bytes()
    assert text.read_bytes() == source.replace(b"\n", b"\r\n")  # the bytes as sent, unstuffed
    menu = tmp_path / "menu.txt"
    assert main(["fetch", "--allow-local", f"{demo.url}1/specs", "-o", str(menu)]) == 0
    assert f"{demo.url}0/specs/000-rfc1738.txt" in menu.read_text("utf-8")


def test_raw(demo: DemoServer, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["fetch", "--allow-local", f"{demo.url}0/welcome.txt", "--raw"]) == 0
    out = capsysbinary.readouterr().out
    assert b"\r\n..gophermap files" in out
    assert out.endswith(b"\r\n.\r\n")


def test_charset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gophermap").write_text("0Latin\tlatin.txt\n")
    (tmp_path / "latin.txt").write_bytes("Caf\u00e9 cr\u00e8me\n".encode("latin-1"))
    with DemoServer(tmp_path) as server:
        assert (
            main(["fetch", "--allow-local", f"{server.url}0/latin.txt", "--charset", "latin-1"])
            == 0
        )
        assert capsys.readouterr().out == "Café crème\n"
        assert main(["fetch", "--allow-local", f"{server.url}0/latin.txt"]) == 0
        assert capsys.readouterr().out == "Caf\ufffd cr\ufffdme\n"


def test_transcript(demo: DemoServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["fetch", "--allow-local", f"{demo.url}0/gopher-plus.txt%09%09+", "--transcript"]) == 0
    )
    err = capsys.readouterr().err
    assert "> /gopher-plus.txt␉+" in err
    assert "connected to 127.0.0.1 port" in err
    assert "< +" in err


def test_attributes(demo: DemoServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", f"{demo.url}0/gopher-plus.txt%09%09!+VIEWS"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("+INFO: 0About Gopher+")
    assert out[1:] == ["+VIEWS:", " text/plain: <1k>"]


def test_a_binary_needs_a_file(
    demo: DemoServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"{demo.url}I/images/gopher.png"
    assert main(["fetch", "--allow-local", url]) == 2
    assert "-o FILE" in capsys.readouterr().err
    target = tmp_path / "g.png"
    assert main(["fetch", "--allow-local", url, "-o", str(target)]) == 0
    assert target.read_bytes() == (DEFAULT_ROOT / "images" / "gopher.png").read_bytes()


def test_a_missing_item(
    demo: DemoServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fetch", "--allow-local", f"{demo.url}0/nothing"]) == 1
    assert "the server answered with an error: '/nothing' is not in this gopher hole" in (
        capsys.readouterr().err
    )
    target = tmp_path / "nothing.bin"
    assert main(["fetch", "--allow-local", f"{demo.url}9/nothing", "-o", str(target)]) == 1
    assert not target.exists()
    assert not (tmp_path / "nothing.bin.part").exists()
    assert main(["fetch", "--allow-local", f"{demo.url}0/nothing%09%09+"]) == 1
    assert "Gopher+ error 1" in capsys.readouterr().err


def test_nothing_unsafe_is_sent(
    listener: ScriptedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    base = f"gopher://127.0.0.1:{listener.port}"
    for url in (f"{base}/1a%0D%0AMAIL%20FROM:x", f"{base}/7a%09b%00", f"{base}/0x%09%09+%0A"):
        assert main(["fetch", "--allow-local", url]) == 2
        assert "nothing was sent" in capsys.readouterr().err
    assert main(["fetch", "--allow-local", f"{base}/1safe"]) == 0
    listener.close(5)  # (its handler joined)
    assert listener.received == [b"safe"]
    assert listener.accepted == 1


def test_a_sensitive_port_needs_allow_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", "gopher://127.0.0.1:25/1x"]) == 2
    err = capsys.readouterr().err
    assert "port 25, SMTP's port" in err
    assert "--allow-port" in err


def test_allow_port_connects(capsys: pytest.CaptureFixture[str]) -> None:
    # port 1 is below 1024: refused without --allow-port, tried with it
    assert main(["fetch", "--allow-local", "gopher://127.0.0.1:1/", "--timeout", "2"]) == 2
    capsys.readouterr()
    status = main(
        ["fetch", "--allow-local", "gopher://127.0.0.1:1/", "--timeout", "2", "--allow-port"]
    )
    assert status == 1
    assert "cannot connect to the gopher server at 127.0.0.1:1" in capsys.readouterr().err


def test_network_errors_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    port = unused_port()
    assert main(["fetch", "--allow-local", f"gopher://127.0.0.1:{port}/", "--timeout", "2"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("urlinspector: error: cannot connect")
    assert "refused" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["gopher:///1x"], "no host"),
        (["gopher://h/8guest"], "telnet session"),
        (["gopher://127.0.0.1:7000/", "--timeout", "0"], "--timeout must be a positive"),
    ],
)
def test_misuse_exits_2(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", *args]) == 2
    assert words in capsys.readouterr().err


def test_the_handler_gets_the_url_fetch_parsed(
    demo: DemoServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The URL is parsed once, by ``fetch``, and travels on as a URL, not as text."""
    handler = fetch_command.HANDLERS["gopher"]
    given: list[object] = []

    def spy(url: URL, *rest: object) -> int:
        given.append(url)
        return handler(url, *rest)  # type: ignore[arg-type]

    monkeypatch.setitem(fetch_command.HANDLERS, "gopher", spy)
    text = f"{demo.url}0/welcome.txt"
    assert main(["fetch", "--allow-local", text]) == 0
    (url,) = given
    assert isinstance(url, URL)
    assert url.text == text


@pytest.mark.parametrize(
    ("kind", "raw", "output", "expected"),
    [
        ("menu", False, False, Memory),
        ("menu", False, True, Memory),  # the items become lines in FILE as they come
        ("attributes", False, True, Memory),
        ("text", False, False, Feed),  # printed as it arrives
        ("text", False, True, File),
        ("binary", False, True, File),  # spliced into FILE where it can be
        ("menu", True, False, Raw),
        ("binary", True, False, Raw),
        ("binary", True, True, Raw),
    ],
)
def test_where_the_body_goes(
    kind: str, raw: bool, output: bool, expected: type, tmp_path: Path
) -> None:
    options = _Options(
        output=str(tmp_path / "out") if output else None,
        raw=raw,
        charset="utf-8",
        transcript=False,
        tls=TLSOptions(),
    )
    saving = save_to(str(tmp_path / "out"))
    sink = _Route.of(kind, options, saving if output else None, Console(io.StringIO())).sink
    saving.discard()
    assert type(sink) is expected
    assert sink.splices is (expected is File)
    if isinstance(sink, File):
        assert sink.hold == 4096  # an error menu in the document's place is recognised
