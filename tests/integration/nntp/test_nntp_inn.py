"""news: and nntp: URLs dereferenced against a real INN 2 server (see conftest.py)."""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.nntp import (
    NewsClient,
    TranscriptLine,
    fetch_article,
    fetch_group_list,
    fetch_news,
    fetch_overview,
)
from urlinspector.net.session import Session
from urlinspector.net.sink import Feed, File, Raw
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.nntp import (
    AuthenticationFailed,
    AuthenticationRequired,
    Credentials,
    NoSuchArticle,
    NoSuchGroup,
    parse_server,
)
from urlinspector.schemes.nntp.article import Article
from urlinspector.schemes.nntp.listing import GroupList, OverviewPage

pytestmark = pytest.mark.integration

ROOT = Path(__file__).parents[3]


def test_group_list(inn: Any) -> None:
    answer = fetch_group_list(parse("news:*"), server=inn.setting)
    groups = {g.name: g for g in answer.result.groups}
    assert {"local.test", "local.big", "local.empty", "local.other"} <= set(groups)
    assert "local.private" not in groups  # INN lists only what this reader may read
    assert groups["local.test"].high == len(inn.numbers["local.test"])
    assert groups["local.big"].estimated_count == 250
    assert groups["local.test"].description == "The test group"
    assert groups["local.test"].status == "y"
    # which server answered
    server = answer.server
    assert (server.address.host, server.address.port, server.address.source) == (
        "127.0.0.1",
        inn.port,
        "setting",
    )
    assert server.peer == ("127.0.0.1", inn.port)
    assert server.implementation is not None
    assert "INN 2" in server.implementation
    assert "NNRP" in server.greeting  # the reader's greeting, after MODE READER
    assert not server.tls
    assert server.authenticated_as is None


def test_news_server_from_nntpserver(inn: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NNTPSERVER", inn.setting)
    answer = fetch_news(parse("news:local.test"))
    assert answer.server.address.source == "NNTPSERVER"
    assert isinstance(answer.result, OverviewPage)


def test_overview_newest_first(inn: Any) -> None:
    answer = fetch_overview(parse("news:local.test"), server=inn.setting)
    page = answer.result
    numbers = inn.numbers["local.test"]
    assert [e.message_id for e in page.entries] == sorted(numbers, key=numbers.get, reverse=True)
    by_id = {e.message_id: e for e in page.entries}
    latin = by_id["<latin1.3@test.invalid>"]
    assert latin.subject == "Grüße aus Köln"
    assert latin.author == "Jürgen Müller <juergen@example.org>"
    assert latin.references == ("<welcome.1@test.invalid>", "<dots.2@test.invalid>")
    welcome = by_id["<welcome.1@test.invalid>"]
    assert (welcome.subject, welcome.author) == ("Welcome", "Ada Lovelace <ada@example.org>")
    assert welcome.when is not None
    assert welcome.when.isoformat() == "2006-01-02T15:04:05+00:00"
    assert welcome.url == "news:welcome.1@test.invalid"
    assert page.method == "OVER"
    assert page.next_before is None


def test_nntp_url_names_its_server(inn: Any) -> None:
    answer = fetch_overview(parse(inn.url("local.other")))
    assert answer.server.address.source == "url"
    assert [e.message_id for e in answer.result.entries] == ["<qp.5@test.invalid>"]


def test_big_group_paging(inn: Any) -> None:
    address = parse_server(inn.setting)
    seen: list[int] = []
    pages = []
    with NewsClient(address) as client:
        for page in client.overview("local.big", count=100):
            pages.append(page)
            seen += [e.number for e in page.entries]
    assert len(pages) == 3
    assert [len(p.entries) for p in pages] == [100, 100, 50]
    assert seen == sorted(inn.numbers["local.big"].values(), reverse=True)
    assert pages[0].entries[0].subject == f"Article {len(seen)}"
    # the same pages one call at a time, as the viewer loads them
    first = fetch_overview(parse("news:local.big"), server=inn.setting, page_size=100).result
    second = fetch_overview(
        parse("news:local.big"), server=inn.setting, page_size=100, before=first.next_before
    ).result
    assert [e.number for e in second.entries] == [e.number for e in pages[1].entries]


def test_empty_group(inn: Any) -> None:
    page = fetch_overview(parse("news:local.empty"), server=inn.setting).result
    assert page.entries == ()
    assert page.next_before is None


def test_article_by_message_id_with_dot_lines(inn: Any) -> None:
    answer = fetch_article(parse("news:dots.2@test.invalid"), server=inn.setting)
    article = answer.result
    assert article.body.split("\n")[:6] == [
        "Lines that start with dots:",
        ".",
        "..",
        ".leading",
        "...three",
        "end",
    ]
    assert article.subject == "Re: Welcome"
    assert article.author == "Charles Babbage <charles@example.org>"
    assert article.message_id == "<dots.2@test.invalid>"
    assert article.reference_urls == (("<welcome.1@test.invalid>", "news:welcome.1@test.invalid"),)
    assert article.newsgroup_urls == (("local.test", "news:local.test"),)


def test_article_by_number_in_latin_1(inn: Any) -> None:
    number = inn.numbers["local.test"]["<latin1.3@test.invalid>"]
    article = fetch_article(parse(inn.url(f"local.test/{number}"))).result
    assert article.number == number
    assert article.body.rstrip() == "Grüße aus Köln"
    assert (article.charset, article.charset_source) == ("iso8859-1", "content-type")


@pytest.mark.parametrize(
    ("fallback", "body"), [("latin-1", "un café crème"), ("utf-8", "un caf\ufffd cr\ufffdme")]
)
def test_article_without_charset(inn: Any, fallback: str, body: str) -> None:
    article = fetch_article(
        parse("news:nocharset.4@test.invalid"),
        session=Session(charset=fallback),
        server=inn.setting,
    ).result
    assert article.body.rstrip() == body
    assert article.charset_source == "fallback"


def test_quoted_printable_crosspost(inn: Any) -> None:
    article = fetch_article(parse("news:qp.5@test.invalid"), server=inn.setting).result
    assert article.body.rstrip() == "naïve €soft break"
    assert article.newsgroups == ("local.test", "local.other")


def test_no_such_group(inn: Any) -> None:
    with pytest.raises(NoSuchGroup) as caught:
        fetch_news(parse("news:local.nothing"), server=inn.setting)
    assert str(caught.value).startswith("no such group local.nothing (GROUP local.nothing: 411")


def test_no_such_article(inn: Any) -> None:
    with pytest.raises(NoSuchArticle, match=r"no article with message-id <gone@test\.invalid>"):
        fetch_news(parse("news:gone@test.invalid"), server=inn.setting)
    with pytest.raises(NoSuchArticle, match=r"no article number 9999 in local\.test"):
        fetch_news(parse(inn.url("local.test/9999")))


def test_authinfo(inn: Any) -> None:
    with pytest.raises(AuthenticationRequired, match="asks for a user name and password"):
        fetch_overview(parse(inn.url("local.private")))
    with pytest.raises(AuthenticationFailed, match="refused the user name or password"):
        fetch_overview(parse(inn.url("local.private")), credentials=Credentials("reader", "wrong"))
    lines: list[TranscriptLine] = []
    answer = fetch_overview(
        parse(inn.url("local.private")),
        session=Session(transcript=lines.append),
        credentials=Credentials(*inn.login),
    )
    assert [e.message_id for e in answer.result.entries] == ["<secret.1@test.invalid>"]
    assert answer.server.authenticated_as == "reader"
    shown = "\n".join(line.render() for line in lines)
    assert "> AUTHINFO PASS ********" in shown
    assert inn.login[1] not in shown


def test_authinfo_from_the_url(inn: Any) -> None:
    url = f"nntp://reader:s3cret%20word@127.0.0.1:{inn.port}/local.private"
    answer = fetch_overview(parse(url))
    assert answer.server.authenticated_as == "reader"
    assert len(answer.result.entries) == 1


def test_mode_reader_then_one_command_at_a_time(inn: Any) -> None:
    lines: list[TranscriptLine] = []
    fetch_news(
        parse("news:local.test"), session=Session(transcript=lines.append), server=inn.setting
    )
    commands = [line.text for line in lines if line.kind == "command"]
    assert commands[:3] == ["CAPABILITIES", "MODE READER", "CAPABILITIES"]
    # every command line is answered before the next one goes out
    kinds = [line.kind for line in lines if line.kind in ("command", "reply")]
    for before, after in itertools.pairwise(kinds):
        assert not (before == "command" and after == "command")


def test_one_connection_many_requests(inn: Any) -> None:
    with NewsClient(parse_server(inn.setting)) as client:
        groups = client.list_groups()
        page = client.overview_page("local.test", count=2)
        article = client.article(message_id=page.entries[0].message_id)
        again = client.article(group="local.test", number=page.entries[1].number)
    assert isinstance(groups, GroupList)
    assert isinstance(article, Article)
    assert article.message_id == page.entries[0].message_id
    assert again.number == page.entries[1].number


def test_refused_locally(inn: Any) -> None:
    with pytest.raises(LocalProtocolError, match="holds a CR"):
        fetch_news(parse("news:local.test%0D%0AQUIT"), server=inn.setting)


# --- the command line --------------------------------------------------------------------------


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """The installed program, as a user runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "urlinspector", *argv],
        capture_output=True,
        timeout=60,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "HOME": "/nonexistent"},
        cwd=ROOT,
    )
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def test_cli_group_list(inn: Any) -> None:
    status, out, err = run_cli(["fetch", "--server", inn.setting, "news:*"])
    assert status == 0, err
    rows = {line.split()[0]: line.split() for line in out.splitlines()}
    assert rows["local.big"][:3] == ["local.big", "250", "y"]
    assert f"news server 127.0.0.1:{inn.port}" in err


def cli(argv: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in this process, its output read at the file descriptors."""
    status = main(argv)
    out, err = capfd.readouterr()
    return status, out, err


def test_cli_overview_and_article(inn: Any, capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(["fetch", "--server", inn.setting, "news:local.test"], capfd)
    assert status == 0, err
    first, *rows = out.splitlines()
    assert first == "local.test: 5 articles, numbers 1 to 5"
    assert rows[-1].split()[:3] == ["1", "2006-01-02", "15:04"]
    assert rows[-1].endswith("Welcome")
    status, out, err = cli(["fetch", "--allow-local", inn.url("local.test/2")], capfd)
    assert status == 0, err
    assert "Subject: Re: Welcome" in out
    assert "\n.\n..\n.leading\n" in out


def test_cli_raw_and_output(inn: Any, tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(["fetch", "--allow-local", "--raw", inn.url("local.test/2")], capfd)
    assert status == 0, err
    assert out.startswith("220 2 <dots.2@test.invalid>")
    assert "\r\n..\r\n...\r\n..leading\r\n" in out  # as sent: dot-stuffed
    assert out.endswith("\r\n.\r\n")
    saved = tmp_path / "article.eml"
    status, out, err = cli(
        ["fetch", "-o", str(saved), "news:dots.2@test.invalid", "--server", inn.setting], capfd
    )
    assert status == 0
    assert out == ""
    assert b"\r\n.\r\n..\r\n.leading\r\n" in saved.read_bytes()


def test_cli_failures(inn: Any, capfd: pytest.CaptureFixture[str]) -> None:
    status, _, err = cli(["fetch", "--server", inn.setting, "news:local.nothing"], capfd)
    assert status == 1
    assert "no such group local.nothing" in err
    status, _, err = cli(
        ["fetch", "--allow-local", "--transcript", inn.url("local.private")], capfd
    )
    assert status == 1
    assert "asks for a user name and password" in err
    assert "> GROUP local.private" in err


def test_cli_empty_group(inn: Any, capfd: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(["fetch", "--server", inn.setting, "news:local.empty"], capfd)
    assert status == 0
    assert out == "local.empty: 0 articles\n"


@pytest.mark.parametrize("make", ["file", "feed"])
def test_an_articles_octets_go_to_a_file_or_feed_sink(inn: Any, make: str) -> None:
    received = io.BytesIO()
    sink = File(received) if make == "file" else Feed(received.write)
    answer = fetch_article(parse("news:dots.2@test.invalid"), server=inn.setting, sink=sink)
    assert received.getvalue() == answer.result.raw
    assert b"\r\n.\r\n..\r\n.leading\r\n" in received.getvalue()  # dot-unstuffed


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("news:dots.2@test.invalid", b"220 "),  # ARTICLE
        ("news:local.test", b"224 "),  # OVER, not GROUP's 211
        ("news:*", b"215 "),  # LIST ACTIVE, then LIST NEWSGROUPS
    ],
)
def test_a_raw_sink_gets_the_replies_as_they_came(inn: Any, url: str, status: bytes) -> None:
    stream = io.BytesIO()
    fetch_news(parse(url), server=inn.setting, sink=Raw(stream))
    octets = stream.getvalue()
    assert octets.startswith(status)
    assert octets.endswith(b"\r\n.\r\n")


# --- fetch --json ------------------------------------------------------------------------------


def fetched_json(argv: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    status, out, _err = cli(["fetch", "--json", *argv], capfd)
    return status, json.loads(out)


def test_json_of_an_article(inn: Any, capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    answer = fetch_article(parse("news:dots.2@test.invalid"), server=inn.setting)
    saved = tmp_path / "article.eml"
    for output in ([], ["-o", str(saved)]):
        status, summary = fetched_json(
            ["--server", inn.setting, "news:dots.2@test.invalid", *output], capfd
        )
        assert status == 0, summary
        assert (summary["scheme"], summary["host"], summary["port"]) == (
            "news",
            "127.0.0.1",
            inn.port,
        )
        assert (summary["kind"], summary["content_type"]) == ("article", "text/plain")
        assert summary["bytes"] == len(answer.result.raw)
        assert summary["error"] is None
        assert summary["saved"] == (str(saved) if output else None)
    assert saved.read_bytes() == answer.result.raw


@pytest.mark.parametrize(
    ("url", "kind", "count"),
    [
        (
            "news:*",
            "group-list",
            lambda inn: len(fetch_group_list(server=inn.setting).result.groups),
        ),
        ("news:local.test", "overview", lambda inn: len(inn.numbers["local.test"])),
        ("news:local.big", "overview", lambda inn: 250),  # every page, not the first one
    ],
)
def test_json_of_a_list(
    inn: Any, capfd: pytest.CaptureFixture[str], url: str, kind: str, count: Any
) -> None:
    raw = io.BytesIO()  # the replies as they came, every page's
    with NewsClient(parse_server(inn.setting), sink=Raw(raw)) as client:
        if kind == "group-list":
            client.list_groups()
        else:
            list(client.overview(url.partition(":")[2]))
    status, summary = fetched_json(["--server", inn.setting, url], capfd)
    assert status == 0, summary
    assert summary["kind"] == kind
    assert summary["entries"] == count(inn)
    assert summary["bytes"] == len(raw.getvalue()) > 0


def test_json_of_a_missing_group_is_the_error(inn: Any, capfd: pytest.CaptureFixture[str]) -> None:
    status, summary = fetched_json(["--server", inn.setting, "news:local.nothing"], capfd)
    assert status == 1
    assert "no such group local.nothing" in summary["error"]
    assert summary["kind"] == "overview"
