"""The conversation, replayed from transcripts (``tests/data/nntp``): the start of a
session, the group list, overview pages and their fallbacks, articles, AUTHINFO,
STARTTLS, and every refusal turned into an error a person can act on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.nntp.errors import (
    AccessDenied,
    AuthenticationFailed,
    AuthenticationRequired,
    ClearTextLoginRefused,
    EncryptionRequired,
    NNTPReplyError,
    NoSuchArticle,
    NoSuchGroup,
    ServiceUnavailable,
    reply_error,
)
from urlinspector.schemes.nntp.events import Command, Reply
from urlinspector.schemes.nntp.listing import GroupList, OverviewPage
from urlinspector.schemes.nntp.session import (
    Credentials,
    Session,
    fetch_article,
    list_groups,
    overview_page,
    run,
    start,
)

LOGIN = Credentials("reader", "s3cret word")
Converse = Callable[..., tuple[Any, Session, Any]]


def test_group_list_from_inn(converse: Converse, chunk: int) -> None:
    groups, session, replay = converse("inn_group_list.txt", list_groups, chunk=chunk)
    assert isinstance(groups, GroupList)
    names = [g.name for g in groups.groups]
    assert names == sorted(names)
    assert {"local.test", "local.big", "local.empty", "local.other"} <= set(names)
    test = next(g for g in groups.groups if g.name == "local.test")
    assert (test.low, test.high, test.status, test.estimated_count) == (1, 5, "y", 5)
    assert test.description == "The test group"
    assert test.url == "news:local.test"
    control = next(g for g in groups.groups if g.name == "control")
    assert control.estimated_count == 0
    assert control.status_meaning == "no posting"
    # MODE READER was sent because the transit side offered MODE-READER (RFC 3977 §5.3),
    # and the capability list was read again after it
    assert replay.sent[:3] == [b"CAPABILITIES\r\n", b"MODE READER\r\n", b"CAPABILITIES\r\n"]
    assert session.capabilities is not None
    assert session.capabilities.has("READER")
    assert session.posting_allowed
    assert "NNRP" in session.server_text
    # STARTTLS offered and refused with 580: said, not hidden
    assert not session.tls
    assert any("580" in note and "not encrypted" in note for note in session.notes)


def test_overview_from_inn(converse: Converse, chunk: int) -> None:
    page, session, _ = converse(
        "inn_overview.txt", lambda s: overview_page(s, "local.test"), chunk=chunk
    )
    assert isinstance(page, OverviewPage)
    assert [e.number for e in page.entries] == [5, 4, 3, 2, 1]
    assert (page.first, page.last, page.next_before, page.method) == (1, 5, None, "OVER")
    by_number = {e.number: e for e in page.entries}
    assert by_number[3].subject == "Grüße aus Köln"  # RFC 2047 Q in ISO-8859-1
    assert by_number[3].author == "Jürgen Müller <juergen@example.org>"  # B in UTF-8
    assert by_number[3].references == ("<welcome.1@test.invalid>", "<dots.2@test.invalid>")
    assert by_number[2].references == ("<welcome.1@test.invalid>",)
    assert by_number[1].message_id == "<welcome.1@test.invalid>"
    assert by_number[1].url == "news:welcome.1@test.invalid"
    assert by_number[1].when is not None
    assert by_number[1].when.year == 2006
    assert by_number[1].size is not None
    assert by_number[1].lines == 2
    assert by_number[1].extra == ("Xref: inn.test.invalid local.test:1",)
    assert session.overview_method == "OVER"


def test_big_group_in_pages_newest_first(converse: Converse) -> None:
    def three_pages(session: Session) -> Any:
        first = yield from overview_page(session, "local.big", count=100)
        second = yield from overview_page(session, "local.big", before=first.next_before)
        third = yield from overview_page(session, "local.big", before=second.next_before)
        return first, second, third

    pages, _, _ = converse("inn_big_paging.txt", three_pages)
    assert [(p.first, p.last, p.next_before) for p in pages] == [
        (151, 250, 151),
        (51, 150, 51),
        (1, 50, None),
    ]
    numbers = [e.number for p in pages for e in p.entries]
    assert numbers == list(range(250, 0, -1))
    assert pages[0].entries[0].subject == "Article 250"


def test_empty_group(converse: Converse) -> None:
    page, _, _ = converse("inn_empty_group.txt", lambda s: overview_page(s, "local.empty"))
    assert page.entries == ()
    assert page.next_before is None
    assert page.method == ""
    assert page.group.empty


def test_article_by_message_id_is_dot_unstuffed(converse: Converse, chunk: int) -> None:
    article, _, replay = converse(
        "inn_article_dots.txt",
        lambda s: fetch_article(s, message_id="dots.2@test.invalid"),
        chunk=chunk,
    )
    assert replay.sent[-2] == b"ARTICLE <dots.2@test.invalid>\r\n"
    assert article.body.split("\n") == [
        "Lines that start with dots:",
        ".",
        "..",
        ".leading",
        "...three",
        "end",
        "",
    ]
    assert article.number is None  # "220 0 <...>": not in a selected group
    assert article.message_id == "<dots.2@test.invalid>"
    assert article.subject == "Re: Welcome"
    assert article.reference_urls == (("<welcome.1@test.invalid>", "news:welcome.1@test.invalid"),)
    assert article.newsgroup_urls == (("local.test", "news:local.test"),)
    assert b"\r\n.\r\n..\r\n.leading\r\n" in article.raw


def test_article_by_number_in_its_declared_charset(converse: Converse) -> None:
    article, _, _ = converse(
        "inn_article_latin1.txt", lambda s: fetch_article(s, group="local.test", number=3)
    )
    assert article.number == 3
    assert article.body.rstrip("\n") == "Grüße aus Köln"
    assert (article.charset, article.charset_source) == ("iso8859-1", "content-type")
    assert article.subject == "Grüße aus Köln"
    assert article.references == ("<welcome.1@test.invalid>", "<dots.2@test.invalid>")
    assert article.notes == ()


@pytest.mark.parametrize(
    ("fallback", "body", "noted"),
    [
        ("utf-8", "un caf\ufffd cr\ufffdme", True),
        ("latin-1", "un café crème", False),
        ("cp1252", "un café crème", False),
    ],
)
def test_article_without_charset_uses_the_fallback(
    converse: Converse, fallback: str, body: str, noted: bool
) -> None:
    article, _, _ = converse(
        "inn_article_nocharset.txt",
        lambda s: fetch_article(s, group="local.test", number=4, fallback_charset=fallback),
    )
    assert article.body.rstrip("\n") == body
    assert article.charset_source == "fallback"
    assert any("U+FFFD" in note for note in article.notes) is noted


def test_authinfo_after_480(converse: Converse) -> None:
    page, session, replay = converse(
        "inn_auth.txt", lambda s: overview_page(s, "local.private"), credentials=LOGIN
    )
    assert [e.message_id for e in page.entries] == ["<secret.1@test.invalid>"]
    assert session.authenticated
    # RFC 4643 §2.3.2: the capability list is read again after the login
    assert replay.sent[-6:-1] == [
        b"AUTHINFO USER reader\r\n",
        b"AUTHINFO PASS s3cret word\r\n",
        b"CAPABILITIES\r\n",
        b"GROUP local.private\r\n",
        b"OVER 1-1\r\n",
    ]


def test_480_without_credentials(transcript: Any, replay: Any) -> None:
    played = replay(transcript("inn_auth.txt"))
    session = Session(played.greeting())
    run(start(session), played.perform)
    with pytest.raises(AuthenticationRequired) as caught:
        run(overview_page(session, "local.private"), played.perform)
    assert str(caught.value) == (
        "the server asks for a user name and password (GROUP local.private: 480 Read access denied)"
    )
    assert caught.value.code == 480
    assert played.sent[-1] == b"GROUP local.private\r\n"  # nothing after the 480


def test_wrong_password(transcript: Any, replay: Any) -> None:
    played = replay(transcript("inn_auth_failed.txt"))
    session = Session(played.greeting(), credentials=Credentials("reader", "wrong"))
    run(start(session), played.perform)
    with pytest.raises(AuthenticationFailed) as caught:
        run(overview_page(session, "local.private"), played.perform)
    message = str(caught.value)
    assert message == (
        "the server refused the user name or password "
        "(AUTHINFO PASS ********: 481 Authentication failed)"
    )
    assert "wrong" not in message
    assert "wrong" not in repr(session.credentials)


@pytest.mark.parametrize(
    ("name", "procedure", "error", "message"),
    [
        (
            "inn_no_such_group.txt",
            lambda s: overview_page(s, "local.nothing"),
            NoSuchGroup,
            "no such group local.nothing (GROUP local.nothing: 411 No such group local.nothing)",
        ),
        (
            "inn_no_such_article.txt",
            lambda s: fetch_article(s, message_id="<nope@test.invalid>"),
            NoSuchArticle,
            "no article with message-id <nope@test.invalid> "
            "(ARTICLE <nope@test.invalid>: 430 No such article)",
        ),
        (
            "inn_no_such_number.txt",
            lambda s: fetch_article(s, group="local.test", number=999),
            NoSuchArticle,
            "no article number 999 in local.test (ARTICLE 999: 423 No such article number 999)",
        ),
        (
            "encryption_required.txt",
            lambda s: overview_page(s, "local.test"),
            EncryptionRequired,
            "the server requires an encrypted connection (NNTPS on port 563, or STARTTLS) "
            "(GROUP local.test: 483 Encryption or stronger authentication required)",
        ),
    ],
)
def test_refusals_as_errors(
    transcript: Any, replay: Any, name: str, procedure: Any, error: type, message: str
) -> None:
    played = replay(transcript(name))
    session = Session(played.greeting())
    run(start(session), played.perform)
    with pytest.raises(error) as caught:
        run(procedure(session), played.perform)
    assert str(caught.value) == message
    assert isinstance(caught.value, NNTPReplyError)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "greeting_400.txt",
            "the news server is not available now "
            "(greeting: 400 news.example: too many connections, try again later)",
        ),
        (
            "greeting_502.txt",
            "the news server refuses this client "
            "(greeting: 502 You have no permission to talk.  Goodbye.)",
        ),
    ],
)
def test_greetings_without_service(transcript: Any, replay: Any, name: str, message: str) -> None:
    played = replay(transcript(name))
    session = Session(played.greeting())
    with pytest.raises(ServiceUnavailable) as caught:
        run(start(session), played.perform)
    assert str(caught.value) == message
    assert played.sent == []


def test_mode_reader_refused(transcript: Any, replay: Any) -> None:
    played = replay(transcript("mode_reader_502.txt"))
    session = Session(played.greeting())
    with pytest.raises(AccessDenied, match=r"refuses MODE \(permission denied\)"):
        run(start(session), played.perform)


def test_401_mode_reader_switches_and_asks_again(converse: Converse) -> None:
    page, session, replay = converse(
        "mode_reader_401.txt", lambda s: overview_page(s, "local.test")
    )
    assert page.entries == ()
    assert session.reader
    assert not session.posting_allowed  # from the 201 to MODE READER
    assert replay.sent.count(b"GROUP local.test\r\n") == 2


def test_rfc977_server_overview_by_head(converse: Converse) -> None:
    page, session, _ = converse("rfc977_head_fallback.txt", lambda s: overview_page(s, "comp.old"))
    assert session.capabilities is None
    assert not session.posting_allowed
    assert page.method == "HEAD"
    assert [(e.number, e.subject) for e in page.entries] == [
        (12, "Re: the second"),
        (10, "the first"),
    ]
    assert page.entries[0].references == ("<a@old.example>",)
    assert page.entries[0].lines == 4
    assert page.entries[1].lines is None


def test_rfc977_server_group_list(converse: Converse) -> None:
    groups, _, replay = converse("rfc977_list.txt", list_groups)
    assert [(g.name, g.low, g.high, g.status) for g in groups.groups] == [
        ("net.unix-wizards", 10011, 10125, "m"),
        ("net.wombats", 501, 543, "y"),
    ]
    assert groups.groups[0].status_meaning == "moderated"
    assert groups.notes
    assert "LIST NEWSGROUPS" in groups.notes[0]
    assert b"LIST\r\n" in replay.sent


def test_xover_is_remembered(converse: Converse) -> None:
    def two_pages(session: Session) -> Any:
        first = yield from overview_page(session, "alt.test", count=2)
        second = yield from overview_page(session, "alt.test", before=2, count=5)
        return first, second

    (first, second), session, replay = converse("rfc2980_xover.txt", two_pages)
    assert first.method == "XOVER"
    assert session.overview_method == "XOVER"
    assert [e.subject for e in first.entries] == ["Re: café", "café"]
    assert [e.number for e in second.entries] == [1]
    assert replay.sent.count(b"OVER 1-2\r\n") == 1  # not asked again on the second page


def test_starttls_accepted(converse: Converse) -> None:
    groups, session, replay = converse("starttls_382.txt", list_groups)
    assert session.tls
    assert session.capabilities is not None
    assert session.capabilities.has("AUTHINFO")
    assert groups.groups[0].description == "A test group: grüße"
    assert replay.sent[1:4] == [b"STARTTLS\r\n", b"<TLS>", b"CAPABILITIES\r\n"]


def test_starttls_not_wanted(converse: Converse) -> None:
    page, session, replay = converse(
        "starttls_not_wanted.txt", lambda s: overview_page(s, "local.test"), starttls=False
    )
    assert not session.tls
    assert session.notes == []
    assert b"STARTTLS\r\n" not in replay.sent
    assert page.entries == ()


def test_local_mistakes_send_nothing(transcript: Any, replay: Any) -> None:
    played = replay(transcript("inn_overview.txt"))
    session = Session(played.greeting())
    run(start(session), played.perform)
    sent = list(played.sent)
    with pytest.raises(LocalProtocolError, match="holds a CR"):
        run(overview_page(session, "local.test\r\nQUIT"), played.perform)
    with pytest.raises(LocalProtocolError, match="1 to 100000 articles"):
        run(overview_page(session, "local.test", count=0), played.perform)
    with pytest.raises(LocalProtocolError, match="message-id, or a group and a number"):
        run(fetch_article(session, group="local.test"), played.perform)
    with pytest.raises(LocalProtocolError, match="is not a message-id"):
        run(fetch_article(session, message_id="<a>b@c>"), played.perform)
    assert played.sent == sent


@pytest.mark.parametrize(
    ("code", "kwargs", "error", "start_of_message"),
    [
        (400, {}, ServiceUnavailable, "the server stopped serving this connection"),
        (403, {}, NNTPReplyError, "the server failed internally"),
        (411, {"group": "a.b"}, NoSuchGroup, "no such group a.b"),
        (412, {}, NNTPReplyError, "no newsgroup selected"),
        (420, {}, NoSuchArticle, "no current article"),
        (423, {"group": "a.b", "number": 7}, NoSuchArticle, "no article number 7 in a.b"),
        (423, {}, NoSuchArticle, "no articles in that range"),
        (430, {"message_id": "<x@y>"}, NoSuchArticle, "no article with message-id <x@y>"),
        (480, {}, AuthenticationRequired, "the server asks for a user name and password"),
        (481, {}, AuthenticationFailed, "the server refused the user name or password"),
        (482, {}, AuthenticationFailed, "the server says the login came out of sequence"),
        (
            483,
            {},
            EncryptionRequired,
            "the server requires an encrypted connection (NNTPS on port 563, or STARTTLS)",
        ),
        (500, {}, NNTPReplyError, "the server does not know the command XHDR"),
        (501, {}, NNTPReplyError, "the server rejected the arguments of XHDR"),
        (502, {}, AccessDenied, "the server refuses XHDR (permission denied)"),
        (503, {}, NNTPReplyError, "the server does not support XHDR"),
        (599, {}, NNTPReplyError, "the server refused XHDR"),
        (411, {}, NoSuchGroup, "no such group"),
        (423, {"number": 7}, NoSuchArticle, "no article 7"),
        (430, {}, NoSuchArticle, "no such article"),
        (401, {}, NNTPReplyError, "the server wants the client to switch to server first"),
        (404, {}, NNTPReplyError, "the server refused XHDR"),  # no words of its own
        (223, {}, NNTPReplyError, "unexpected reply to XHDR"),  # not an error reply
    ],
)
def test_every_error_code_has_words(
    code: int, kwargs: dict[str, Any], error: type, start_of_message: str
) -> None:
    reply = Reply(code, "server text", Command("XHDR", ("Subject",)))
    exc = reply_error(reply, **kwargs)
    assert type(exc) is error
    assert str(exc) == f"{start_of_message} (XHDR Subject: {code} server text)"
    assert (exc.code, exc.server_text, exc.command) == (code, "server text", "XHDR Subject")


def test_401_names_the_mode() -> None:
    exc = reply_error(Reply(401, "STARTTLS", Command("GROUP", ("a",))))
    assert str(exc) == (
        "the server wants the client to switch to STARTTLS first (GROUP a: 401 STARTTLS)"
    )


def test_401_without_a_mode_named() -> None:
    exc = reply_error(Reply(401, "", Command("GROUP", ("a",))))
    assert str(exc).startswith("the server wants the client to switch to another mode first")


@pytest.mark.parametrize(
    ("clear_text", "tls", "sent"),
    [
        (False, False, False),  # a login from ~/.netrc, no TLS: refused, nothing sent
        (False, True, True),  # the same over TLS
        (True, False, True),  # the user allowed clear text (or gave it in the URL)
    ],
)
def test_a_login_not_for_clear_text(
    transcript: Any, replay: Any, clear_text: bool, tls: bool, sent: bool
) -> None:
    played = replay(transcript("inn_auth.txt"))
    login = Credentials("reader", "s3cret word", clear_text=clear_text)
    session = Session(played.greeting(), credentials=login)
    run(start(session), played.perform)  # the recorded STARTTLS fails (580): no TLS
    session.tls = tls  # as if it had worked, for the row with TLS
    if sent:
        run(overview_page(session, "local.private"), played.perform)
        assert b"AUTHINFO PASS s3cret word\r\n" in played.sent
        return
    with pytest.raises(ClearTextLoginRefused, match="without TLS") as caught:
        run(overview_page(session, "local.private"), played.perform)
    assert caught.value.code == 480
    assert not any(line.startswith(b"AUTHINFO") for line in played.sent)
