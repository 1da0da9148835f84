"""Files written from hostile replies: links at the part file or the target, a file that
cannot be written, a full disk, a reply cut short, a big menu, advice on too-large
replies."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.integration.hostile.servers import (
    CHUNK,
    LIMITS,
    MENU_CHUNK,
    MiB,
    Start,
    Talk,
    Talker,
    endless,
    ftp_server,
    ftp_url,
    measured,
    news_server,
    news_url,
    repeated,
    reply,
)
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.errors import TooLarge
from urlinspector.net.gopher import fetch
from urlinspector.net.nntp import fetch_news
from urlinspector.net.session import Session

pytestmark = pytest.mark.integration


# === files written ==========================================================================


def _gopher_file(size: int) -> Callable[[socket.socket], None]:
    return repeated(CHUNK, size // len(CHUNK))


def _ftp_file(size: int) -> Callable[[socket.socket, Talker], None]:
    send = repeated(CHUNK, size // len(CHUNK))
    return ftp_server(data=lambda conn, _: send(conn))


def _download_url(kind: str, hostile: Start, talker: Talk) -> str:
    if kind == "gopher":
        return hostile(_gopher_file(4 * len(CHUNK))).gopher("9/big")
    return ftp_url(talker(_ftp_file(4 * len(CHUNK))), "big")


@pytest.mark.parametrize("kind", ["gopher", "ftp"])
def test_a_link_at_the_part_file_is_not_followed(
    kind: str,
    hostile: Start,
    talker: Talk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (tmp_path / "out.part").symlink_to(victim)
    url = _download_url(kind, hostile, talker)
    assert main(["fetch", "--allow-local", url, "-o", str(tmp_path / "out"), "--timeout", "5"]) == 1
    assert victim.read_text() == "precious"
    assert (tmp_path / "out.part").is_symlink()  # left alone
    assert not (tmp_path / "out").exists()
    assert "out.part exists and is not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["gopher", "ftp", "nntp"])
def test_a_link_as_the_target_is_refused(
    kind: str,
    hostile: Start,
    talker: Talk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    link = tmp_path / "link"
    link.symlink_to(victim)
    if kind == "nntp":
        article = b"From: a@x\r\nSubject: s\r\nMessage-ID: <m@x>\r\n\r\nbody\r\n.\r\n"
        server = talker(
            news_server(
                {
                    b"GROUP": reply(b"211 1 1 1 alt.test\r\n"),
                    b"ARTICLE": reply(b"220 1 <m@x>\r\n" + article),
                }
            )
        )
        url = news_url(server, "alt.test/1")
    else:
        url = _download_url(kind, hostile, talker)
    assert main(["fetch", "--allow-local", url, "-o", str(link), "--timeout", "5"]) == 1
    assert victim.read_text() == "precious"
    assert link.is_symlink()
    err = capsys.readouterr().err
    assert "is a symbolic link" in err
    assert "internal error" not in err


def _article_server(talker: Talk) -> Talker:
    article = b"From: a@x\r\nSubject: s\r\nMessage-ID: <m@x>\r\n\r\nbody\r\n.\r\n"
    return talker(
        news_server(
            {
                b"GROUP": reply(b"211 1 1 1 alt.test\r\n"),
                b"ARTICLE": reply(b"220 1 <m@x>\r\n" + article),
            }
        )
    )


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("DIR", "is a folder"),
        ("missing/x", "No such file or directory"),
        ("/dev/full", "No space left on device"),
    ],
)
def test_a_file_that_cannot_be_written_is_the_users_error(
    talker: Talk,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    output: str,
    message: str,
) -> None:
    if output == "/dev/full" and not Path(output).exists():
        pytest.fail("/dev/full is Linux's; this test needs it")
    server = _article_server(talker)
    target = output if output.startswith("/") else str(tmp_path / output)
    (tmp_path / "DIR").mkdir()
    assert (
        main(
            [
                "fetch",
                "--allow-local",
                news_url(server, "alt.test/1"),
                "-o",
                target,
                "--timeout",
                "5",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert message in err
    assert "internal error" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["DIR"]  # nothing half-written


@pytest.mark.parametrize("kind", ["gopher", "ftp"])
def test_a_full_disk_during_a_download(
    kind: str, hostile: Start, talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _download_url(kind, hostile, talker)
    assert main(["fetch", "--allow-local", url, "-o", "/dev/full", "--timeout", "5"]) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err
    assert "internal error" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["parse", "--jsonl", "-"],
        ["parse", "http://example.com/"],
        ["fetch", "--allow-local", "gopher://127.0.0.1:{port}/0/x"],
    ],
)
def test_a_full_disk_on_standard_output(hostile: Start, argv: list[str]) -> None:
    server = hostile(lambda conn: conn.sendall(b"some text\r\n" * 1000 + b".\r\n"))
    words = [word.format(port=server.port) for word in argv]
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "urlinspector", *words],
            input=b"http://a.example/\n" * 1000,
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert "No space left on device" in err
    assert "internal error" not in err
    assert "Traceback" not in err


def test_a_reply_cut_short_stays_in_the_part_file(
    hostile: Start, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Gopher+ reply announcing 10 GB, cut after 2 MiB."""
    size = 2 * MiB
    server = hostile(repeated(CHUNK, size // len(CHUNK), first=b"+10000000000\r\n"))
    target = tmp_path / "big.bin"
    target.write_bytes(b"the old one")
    url = server.gopher("9/big%09%09+")
    assert main(["fetch", "--allow-local", url, "-o", str(target), "--timeout", "10"]) == 1
    assert target.read_bytes() == b"the old one"
    assert (tmp_path / "big.bin.part").stat().st_size == size
    err = capsys.readouterr().err
    assert "closed the connection after" in err
    assert "big.bin.part" in err


def test_a_big_menu_goes_to_a_file(hostile: Start, tmp_path: Path) -> None:
    """A 9 MB menu (225,000 items) is more than the items kept in memory allow (64 MiB,
    what they become counted); -o streams it."""
    count = 150 * 1500
    server = hostile(repeated(MENU_CHUNK, 150, last=b".\r\n"))
    target = tmp_path / "menu.txt"
    assert (
        main(["fetch", "--allow-local", server.gopher(), "-o", str(target), "--timeout", "20"]) == 0
    )
    lines = target.read_text("utf-8").splitlines()
    assert len(lines) == count
    assert lines[0].startswith("0 text     Item 00000")
    assert lines[0].endswith("gopher://example.org/0/item/00000")


@pytest.mark.parametrize(
    ("make", "advice"),
    [
        (
            lambda port: fetch(
                parse(f"gopher://127.0.0.1:{port}/"), session=Session(limits=LIMITS)
            ),
            True,
        ),
        (
            lambda port: fetch_news(
                parse(f"nntp://127.0.0.1:{port}/alt.test/1"), session=Session(limits=LIMITS)
            ),
            False,
        ),
    ],
)
def test_too_large_advises_a_file_only_where_one_helps(
    hostile: Start, talker: Talk, make: Callable[[int], object], advice: bool
) -> None:
    menu = hostile(endless(MENU_CHUNK))

    def endless_article(conn: socket.socket, line: bytes) -> None:
        conn.sendall(b"220 1 <m@x>\r\nSubject: s\r\n\r\n")
        stop = time.monotonic() + 15
        while time.monotonic() < stop:
            conn.sendall(b"line of the article\r\n" * 4096)

    news = talker(
        news_server({b"GROUP": reply(b"211 1 1 1 alt.test\r\n"), b"ARTICLE": endless_article})
    )
    outcome, _ = measured(lambda: make(menu.port if advice else news.port))
    assert isinstance(outcome, TooLarge)
    assert ("save it to a file" in str(outcome)) is advice
