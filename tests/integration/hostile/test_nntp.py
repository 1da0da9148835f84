"""Hostile NNTP servers: a 10 MB greeting, a million-line overview, a group list, paging
for ever, numbers that are no ASCII digits, lines not dot-stuffed; a login or port
refused before connecting.  (Silence, a stall, a trickle, an endless reply, a hang-up
and another protocol are in nntp/test_nntp_hostile.py.)"""

from __future__ import annotations

import socket
from dataclasses import replace

import pytest

from tests.integration.hostile.servers import (
    CAP,
    NEWS_LIMITS,
    MiB,
    Talk,
    measured,
    news_server,
    news_url,
    repeats,
    reply,
)
from tests.support.waiting import accepted_before
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.errors import TooLarge
from urlinspector.net.nntp import Credentials, fetch_news
from urlinspector.net.session import Session
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp.article import Article

pytestmark = pytest.mark.integration


OVERVIEW_FMT = (
    b"215 order of fields\r\n"
    + b"".join(
        name + b"\r\n"
        for name in (b"Subject:", b"From:", b"Date:", b"Message-ID:", b"References:", b":bytes")
    )
    + b":lines\r\n.\r\n"
)


def test_a_ten_mb_nntp_greeting_line(talker: Talk) -> None:
    server = talker(repeats(b"200 " + b"x" * 65536, seconds=5))
    outcome, peak = measured(
        lambda: fetch_news(parse(news_url(server, "g")), session=Session(limits=NEWS_LIMITS))
    )
    assert isinstance(outcome, RemoteProtocolError)
    assert "runs past 8192 octets without a line end" in str(outcome)
    assert peak < 1 * MiB


def test_a_million_line_overview_stops_at_the_cap(talker: Talk) -> None:
    """3 MB of overview lines, under the 4 MiB cap on the wire: the cap counts what the
    lines become (a million entries), and the reading stops early."""

    def million(conn: socket.socket, line: bytes) -> None:
        conn.sendall(b"224 overview follows\r\n")
        block = b"1\r\n" * 10000
        for _ in range(100):
            conn.sendall(block)
        conn.sendall(b".\r\n")

    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 100 1 100 local.test\r\n"),
                b"OVER": million,
                b"XOVER": million,
                b"LIST": reply(OVERVIEW_FMT),
            }
        )
    )
    limits = replace(NEWS_LIMITS, max_memory=4 * MiB)
    outcome, peak = measured(
        lambda: fetch_news(parse(news_url(server, "local.test")), session=Session(limits=limits))
    )
    assert isinstance(outcome, TooLarge)
    assert "larger than the 4 MiB kept in memory" in str(outcome)
    assert peak < 16 * MiB


def test_a_group_list_counts_what_its_lines_become(talker: Talk) -> None:
    """600 KB of short LIST ACTIVE lines is under the 1 MiB cap on the wire, and 60,000
    groups in memory: it stops at the cap."""
    groups = b"".join(b"g.%05d 1 1 y\r\n" % i for i in range(50000))
    server = talker(news_server({b"LIST": reply(b"215 list follows\r\n" + groups + b".\r\n")}))
    outcome, peak = measured(
        lambda: fetch_news(
            parse("news:*"), session=Session(limits=NEWS_LIMITS), server=f"127.0.0.1:{server.port}"
        )
    )
    assert isinstance(outcome, TooLarge)
    assert peak < 4 * CAP


def test_a_group_paging_for_ever_ends_at_the_deadline(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    """GROUP says the numbers go to 10^18; every page of the overview is empty."""
    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 1000000000000000000 1 1000000000000000000 local.test\r\n"),
                b"OVER": reply(b"224 overview follows\r\n.\r\n"),
                b"XOVER": reply(b"224 overview follows\r\n.\r\n"),
                b"LIST": reply(OVERVIEW_FMT),
            }
        )
    )
    status = main(["fetch", "--allow-local", news_url(server, "local.test"), "--timeout", "1.5"])
    assert status == 1
    assert "took longer than the 1.5 s allowed" in capsys.readouterr().err


def test_an_article_number_in_other_digits(talker: Talk) -> None:
    article = b"From: a@x\r\nSubject: s\r\nMessage-ID: <m@x>\r\n\r\nbody\r\n.\r\n"
    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 1 1 1 local.test\r\n"),
                b"ARTICLE": reply("220 ² <m@x>\r\n".encode() + article),
            }
        )
    )
    answer = fetch_news(
        parse(news_url(server, "local.test/1")), session=Session(limits=NEWS_LIMITS)
    )
    assert isinstance(answer.result, Article)
    assert answer.result.number == 1  # the URL's: the reply's "²" is no number
    assert "body" in answer.result.body


def test_an_article_line_the_server_did_not_dot_stuff(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    """RFC 3977 §3.1.1: a line beginning with "." is sent as "..": a single "." is the
    server's error, shown as sent with a note (it was unstuffed without a word)."""
    article = b"From: a@x\r\nSubject: s\r\n\r\nbody\r\n.hidden line\r\n..stuffed\r\n.\r\n"
    server = talker(
        news_server(
            {
                b"GROUP": reply(b"211 1 1 1 local.test\r\n"),
                b"ARTICLE": reply(b"220 1 <m@x>\r\n" + article),
            }
        )
    )
    answer = fetch_news(
        parse(news_url(server, "local.test/1")), session=Session(limits=NEWS_LIMITS)
    )
    assert isinstance(answer.result, Article)
    assert answer.result.body.splitlines()[-2:] == [".hidden line", ".stuffed"]
    assert any("did not dot-stuff 1 line" in note for note in answer.result.notes)
    assert main(["fetch", "--allow-local", news_url(server, "local.test/1"), "--timeout", "5"]) == 0
    out, err = capsys.readouterr()
    assert ".hidden line" in out
    assert "note: the server did not dot-stuff 1 line of the article (line 5)" in err
    assert "RFC 3977 §3.1.1" in err


@pytest.mark.parametrize("user", ["u\r\nQUIT", "u\x00", "u\nx"])
def test_a_login_with_cr_lf_or_nul_is_refused_before_connecting(talker: Talk, user: str) -> None:
    server = talker(news_server({}))
    with pytest.raises(LocalProtocolError, match="refused before anything was sent"):
        fetch_news(
            parse(news_url(server, "local.test")),
            session=Session(limits=NEWS_LIMITS),
            credentials=Credentials(user, "p"),
        )
    assert accepted_before(server.port, lambda: server.peers) == 0


@pytest.mark.parametrize(
    "url", ["ftp://127.0.0.1:25/x", "nntp://127.0.0.1:25/local.test", "gopher://127.0.0.1:25/"]
)
def test_another_services_port_is_refused_before_connecting(
    talker: Talk, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fetch", "--allow-local", url, "--timeout", "2"]) == 2
    err = capsys.readouterr().err
    assert "connects to port 25, SMTP's port" in err
    assert "--allow-port" in err
