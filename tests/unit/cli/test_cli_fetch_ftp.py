"""``fetch`` for ftp URLs without a server: registration, what is refused before
connecting, and how listings and text are shown (tests/integration/ftp/test_cli.py
runs it against a real server)."""

from __future__ import annotations

import argparse
import io
from datetime import datetime
from pathlib import Path

import pytest

from tests.support.ports import unused_port
from urlinspector.cli import fetch_ftp, main
from urlinspector.cli.common import Console
from urlinspector.cli.fetch import HANDLERS
from urlinspector.cli.fetch_ftp import _text_lines, fetch, listing_lines
from urlinspector.core import URL, parse
from urlinspector.core.editions import EDITION_IDS
from urlinspector.schemes.ftp.listing import parse_listing

DATA = Path(__file__).parents[2] / "data" / "ftp"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_ftp_is_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ftp handler is fetch_ftp.fetch, imported when an ftp URL is fetched."""
    calls: list[object] = []

    def recorded(url: object, args: object, console: object) -> int:
        calls.append((url, args))
        return 0

    monkeypatch.setattr(fetch_ftp, "fetch", recorded)
    url = parse("ftp://h/")
    args = argparse.Namespace(url=url.text)
    assert HANDLERS["ftp"](url, args, Console(io.StringIO())) == 0
    assert calls == [(url, args)]
    assert fetch_ftp.fetch is not fetch  # (the real one is restored after the test)


@pytest.mark.parametrize(
    ("argv", "edition"),
    [
        ([], "rfc3986"),
        *((["--edition", edition_id], edition_id) for edition_id in EDITION_IDS),
    ],
)
def test_the_url_is_read_once_under_the_chosen_edition(
    argv: list[str], edition: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The handler gets the URL as --edition read it, and reads it no more."""
    seen: list[URL] = []

    def recorded(url: URL, args: object, console: object) -> int:
        seen.append(url)
        return 0

    monkeypatch.setattr(fetch_ftp, "fetch", recorded)
    assert main(["fetch", *argv, "ftp://ftp.example/pub/"]) == 0
    assert [(url.text, url.edition.id) for url in seen] == [("ftp://ftp.example/pub/", edition)]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("ftp://127.0.0.1:9/a%0D%0ADELE%20x", "nothing was sent"),
        ("ftp://127.0.0.1:9/x;type=z", "typecode"),
        ("ftp:///x", "host"),
        ("ftp://u:p%0A@127.0.0.1:9/", "password"),
    ],
)
def test_refused_before_connecting(
    url: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fetch", "--allow-local", "--transcript", url]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert "> " not in err  # no command was sent


def test_an_edition_before_ipv6_literals_refuses_one(capsys: pytest.CaptureFixture[str]) -> None:
    """IPv6 literals arrive in 2003: RFC 1738 reads [::1]:9 as a host and a bad port."""
    argv = ["fetch", "--allow-local", "--transcript", "--edition", "rfc1738", "ftp://[::1]:9/x"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "is not a decimal number (RFC 1738" in err
    assert "> " not in err


def test_timeout_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", "--timeout", "-1", "ftp://127.0.0.1:9/"]) == 2
    assert "--timeout" in capsys.readouterr().err


def test_connection_refused_is_a_network_failure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--allow-local", f"ftp://127.0.0.1:{unused_port()}/"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("urlinspector: error: cannot connect to 127.0.0.1:")
    assert err.count("\n") == 1


def _listing() -> object:
    return parse_listing(
        (DATA / "pyftpdlib_list.txt").read_bytes(),
        "LIST",
        "ftp://127.0.0.1/",
        now=datetime(2026, 11, 21, 6, 11, 40),
    )


def test_listing_lines_not_cut_for_a_pipe() -> None:
    lines = listing_lines(_listing(), Console(io.StringIO(), columns=40))  # type: ignore[arg-type]
    assert lines[0] == "ftp://127.0.0.1/  (LIST, 9 entries)"
    row = next(line for line in lines if "name with spaces.bin" in line)
    assert row.split()[:4] == ["-", "1234", "2026-11-01", "13:37"]
    assert row.endswith("ftp://127.0.0.1/name%20with%20spaces.bin")
    link = next(line for line in lines if "link-to-readme" in line)
    assert "link-to-readme -> readme.txt" in link
    assert link.split()[0] == "l"


def test_listing_lines_cut_to_a_terminal() -> None:
    lines = listing_lines(_listing(), Console(Terminal(), columns=80))  # type: ignore[arg-type]
    assert all(len(line) <= 80 for line in lines[1:])
    assert any(line.endswith("…") for line in lines)


def test_listing_names_cannot_drive_the_terminal() -> None:
    data = b"type=file;size=1; evil\x1b[2Jname\r\n"
    listing = parse_listing(data, "MLSD", "ftp://h/")
    lines = listing_lines(listing, Console(io.StringIO()))
    assert "\x1b" not in "".join(lines)
    assert "␛[2Jname" in lines[1]
    assert lines[1].endswith("ftp://h/evil%1B%5B2Jname")


def test_text_lines() -> None:
    assert _text_lines(b"a\tb\r\nc\x1b[0m\n", "utf-8") == ["a       b", "c␛[0m"]
    assert _text_lines(b"\x00\x01", "utf-8") is None
    assert _text_lines(b"caf\xe9", "utf-8") is None
    assert _text_lines(b"caf\xe9", "latin-1") == ["café"]
