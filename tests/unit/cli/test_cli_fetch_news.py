"""``urlinspector fetch news:... / nntp://...`` against a loopback server that replays
recorded transcripts (``tests/data/nntp``): it checks every command line the program
sends and answers with the bytes INN (or the RFC) sent."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.ports import unused_port
from tests.support.servers import ScriptedServer, closed_at_end, silent
from tests.support.waiting import accepted_before
from urlinspector.cli import main

DATA = Path(__file__).parents[2] / "data" / "nntp"


def script(name: str) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """The greeting and the (command, answer) pairs of a transcript; TLS lines dropped."""
    greeting = bytearray()
    pairs: list[tuple[bytes, bytearray]] = []
    for line in (DATA / name).read_bytes().split(b"\n"):
        tag, _, rest = line.partition(b":")
        rest = rest[1:] if rest.startswith(b" ") else rest
        if tag == b"C":
            pairs.append((rest + b"\r\n", bytearray()))
        elif tag == b"S":
            (pairs[-1][1] if pairs else greeting).extend(rest + b"\r\n")
    return bytes(greeting), [(c, bytes(a)) for c, a in pairs]


class Replayer(ScriptedServer):
    """Serves one transcript to each connection, one after the other, checking what
    the client sends."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.mismatch: list[str] = []
        self.greeting, self.pairs = script(name)
        super().__init__(self._serve_one, threaded=False)

    def _serve_one(self, conn: socket.socket, server: ScriptedServer) -> None:
        try:
            self._converse(conn)
        except OSError as exc:
            self.mismatch.append(f"socket error: {exc}")

    def _converse(self, conn: socket.socket) -> None:
        conn.sendall(self.greeting)
        for expected, answer in self.pairs:
            got = self.read_line(conn)
            if got != expected:
                self.mismatch.append(f"expected {expected!r}, got {got!r}")
                return
            conn.sendall(answer)


@pytest.fixture
def replayer() -> Iterator[Callable[[str], Replayer]]:
    with closed_at_end(Replayer) as start:
        yield start


@pytest.fixture(autouse=True)
def quiet_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No colour, a fixed width, no NNTPSERVER and an empty home (no ~/.netrc)."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("NNTPSERVER", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def fetch(argv: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["fetch", "--allow-local", *argv])
    out, err = capfd.readouterr()
    return status, out, err


def test_group_list(replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str]) -> None:
    server = replayer("inn_group_list.txt")
    status, out, err = fetch(["--server", server.authority, "news:*"], capfd)
    assert status == 0, err
    assert server.mismatch == []
    assert out.splitlines() == [
        "control           0  n",
        "control.cancel    0  n",
        "junk              0  n",
        "local.big       250  y  The big group",
        "local.empty       0  y  The empty group",
        "local.other       1  y  The other group",
        "local.test        5  y  The test group",
    ]
    first = err.splitlines()[0]
    assert first.startswith(f"news server {server.authority} (from --server; INN 2.7.1;")
    assert "not encrypted" in first
    assert "note: the server offers STARTTLS but answered '580" in err


def test_overview(replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str]) -> None:
    server = replayer("inn_overview.txt")
    status, out, err = fetch(["--server", server.authority, "news:local.test"], capfd)
    assert status == 0, err
    assert out.splitlines() == [
        "local.test: 5 articles, numbers 1 to 5",
        "5  2006-01-05 11:00  Mime Writer <mime@examp…  Quoted-printable",
        "4  2006-01-04 10:00  Old Reader <old@example…  No charset",
        "3  2006-01-03 09:00  Jürgen Müller <juergen@…  Grüße aus Köln",
        "2  2006-01-02 16:00  Charles Babbage <charle…  Re: Welcome",
        "1  2006-01-02 15:04  Ada Lovelace <ada@examp…  Welcome",
    ]


def test_big_group_all_pages(
    replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str]
) -> None:
    server = replayer("inn_big_paging.txt")
    status, out, err = fetch(["--server", server.authority, "news:local.big"], capfd)
    assert status == 0, err
    assert server.mismatch == []
    header, *rows = out.splitlines()
    assert header == "local.big: 250 articles, numbers 1 to 250"
    assert [int(row.split()[0]) for row in rows] == list(range(250, 0, -1))
    assert rows[0].endswith("Article 250")
    assert rows[-1].endswith("Article 1")


def test_article(replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str]) -> None:
    server = replayer("inn_article_dots.txt")
    status, out, err = fetch(["--server", server.authority, "news:dots.2@test.invalid"], capfd)
    assert status == 0, err
    assert out == (
        "From: Charles Babbage <charles@example.org>\n"
        "Date: Mon, 02 Jan 2006 16:00:00 +0000\n"
        "Subject: Re: Welcome\n"
        "Newsgroups: local.test\n"
        "Message-ID: <dots.2@test.invalid>\n"
        "References: <welcome.1@test.invalid>\n"
        "\n"
        "Lines that start with dots:\n"
        ".\n"
        "..\n"
        ".leading\n"
        "...three\n"
        "end\n"
    )


def test_raw(replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str]) -> None:
    server = replayer("inn_article_dots.txt")
    status, out, err = fetch(
        ["--raw", "--server", server.authority, "news:dots.2@test.invalid"], capfd
    )
    assert status == 0, err
    recorded = dict(server.pairs)[b"ARTICLE <dots.2@test.invalid>\r\n"]
    assert out.encode("utf-8") == recorded


@pytest.mark.parametrize(
    ("transcript", "url", "commands"),
    [
        # the group list: both LIST replies, as they came
        ("inn_group_list.txt", "news:*", [b"LIST ACTIVE\r\n", b"LIST NEWSGROUPS\r\n"]),
        # a group: the OVER reply, not GROUP's (which carries no article)
        ("inn_overview.txt", "news:local.test", [b"OVER 1-5\r\n"]),
    ],
)
def test_raw_prints_only_the_replies_asked_for(
    replayer: Callable[[str], Replayer],
    capfd: pytest.CaptureFixture[str],
    transcript: str,
    url: str,
    commands: list[bytes],
) -> None:
    server = replayer(transcript)
    status, out, err = fetch(["--raw", "--server", server.authority, url], capfd)
    assert status == 0, err
    assert server.mismatch == []
    answers = dict(server.pairs)
    assert out.encode("utf-8") == b"".join(answers[command] for command in commands)


def test_output_file(
    replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    server = replayer("inn_article_dots.txt")
    saved = tmp_path / "saved.eml"
    status, out, _ = fetch(
        ["-o", str(saved), "--server", server.authority, "news:dots.2@test.invalid"], capfd
    )
    assert status == 0
    assert out == ""
    data = saved.read_bytes()
    assert data.startswith(b"Path: inn.test.invalid!")
    assert b"\r\n\r\nLines that start with dots:\r\n.\r\n..\r\n.leading\r\n" in data
    server = replayer("inn_overview.txt")
    listing = tmp_path / "overview.txt"
    status, out, _ = fetch(
        ["-o", str(listing), "--server", server.authority, "news:local.test"], capfd
    )
    assert status == 0
    assert out == ""
    assert listing.read_text(encoding="utf-8").splitlines()[0] == (
        "local.test: 5 articles, numbers 1 to 5"
    )


@pytest.mark.parametrize(
    ("charset", "body", "note"),
    [("latin-1", "un café crème", False), ("utf-8", "un caf\ufffd cr\ufffdme", True)],
)
def test_charset_fallback(
    replayer: Callable[[str], Replayer],
    capfd: pytest.CaptureFixture[str],
    charset: str,
    body: str,
    note: bool,
) -> None:
    server = replayer("inn_article_nocharset.txt")
    url = f"nntp://{server.authority}/local.test/4"
    status, out, err = fetch(["--charset", charset, url], capfd)
    assert status == 0, err
    assert out.splitlines()[-1] == body
    assert ("U+FFFD" in err) is note


def test_login_from_the_url_with_transcript(
    replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str]
) -> None:
    server = replayer("inn_auth.txt")
    url = f"nntp://reader:s3cret%20word@{server.authority}/local.private"
    status, out, err = fetch(["--transcript", url], capfd)
    assert status == 0, err
    assert server.mismatch == []
    assert out.splitlines()[1].endswith("Members only")
    assert "> AUTHINFO USER reader" in err
    assert "> AUTHINFO PASS ********" in err
    assert "s3cret" not in err
    assert "s3cret" not in out
    assert "logged in as reader" in err


def test_login_from_netrc(
    replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    netrc = tmp_path / ".netrc"
    netrc.write_text('machine 127.0.0.1 login reader password "s3cret word"\n')
    netrc.chmod(0o600)
    server = replayer("inn_auth.txt")  # its STARTTLS fails: the login would go in clear
    argv = ["--server", server.authority, "news:local.private", "--allow-plaintext-auth"]
    status, out, err = fetch(argv, capfd)
    assert status == 0, err
    assert "local.private: 1 article, numbers 1 to 1" in out


def test_server_from_nntpserver(
    replayer: Callable[[str], Replayer],
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = replayer("inn_empty_group.txt")
    monkeypatch.setenv("NNTPSERVER", server.authority)
    status, out, err = fetch(["news:local.empty"], capfd)
    assert status == 0, err
    assert out == "local.empty: 0 articles\n"
    assert "(from NNTPSERVER;" in err


@pytest.mark.parametrize(
    ("name", "url", "message"),
    [
        ("inn_no_such_group.txt", "news:local.nothing", "no such group local.nothing"),
        (
            "inn_no_such_article.txt",
            "news:nope@test.invalid",
            "no article with message-id <nope@test.invalid>",
        ),
        ("inn_auth.txt", "news:local.private", "asks for a user name and password"),
        ("greeting_400.txt", "news:local.test", "the news server is not available now"),
    ],
)
def test_server_refusals_exit_1(
    replayer: Callable[[str], Replayer],
    capfd: pytest.CaptureFixture[str],
    name: str,
    url: str,
    message: str,
) -> None:
    server = replayer(name)
    status, out, err = fetch(["--server", server.authority, url], capfd)
    assert status == 1
    assert out == ""
    assert f"urlinspector: error: news server {server.authority}: " in err
    assert message in err


def test_login_hint(replayer: Callable[[str], Replayer], capfd: pytest.CaptureFixture[str]) -> None:
    server = replayer("inn_auth.txt")
    status, _, err = fetch(["--server", server.authority, "news:local.private"], capfd)
    assert status == 1
    assert "give a login in ~/.netrc (machine 127.0.0.1 login USER password PASSWORD)" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["news:local%0D%0AQUIT"], "holds a CR"),
        (["news:"], "needs a newsgroup name"),
        (["nntp://{server}/local.test", "--server", "x"], "--server applies to news: URLs"),
        (["--server", "bad host", "news:local.test"], "is not a host name"),
        (["--timeout", "0", "news:local.test"], "--timeout must be a positive number"),
    ],
)
def test_misuse_exits_2_and_connects_nowhere(
    replayer: Callable[[str], Replayer],
    capfd: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    server = replayer("inn_overview.txt")
    argv = [a.replace("{server}", server.authority) for a in argv]
    if "--server" not in argv:
        argv = ["--server", server.authority, *argv]
    status, _out, err = fetch(argv, capfd)
    assert status == 2
    assert message in err
    assert accepted_before(server.port, lambda: server.peers) == 0


def test_timeout(capfd: pytest.CaptureFixture[str]) -> None:
    quiet = ScriptedServer(silent)
    try:
        status, _, err = fetch(["--timeout", "0.3", "--server", quiet.authority, "news:x"], capfd)
    finally:
        quiet.close()
    assert status == 1
    assert "took longer than the 0.3 s allowed" in err  # --timeout: the whole fetch


def test_connection_refused(capfd: pytest.CaptureFixture[str]) -> None:
    status, _, err = fetch(["--server", f"127.0.0.1:{unused_port()}", "news:x"], capfd)
    assert status == 1
    assert "connection refused" in err
