"""What news: and nntp: URLs ask for (RFC 1738 §3.6, §3.7), which server is asked, and the
news: URLs made for groups and articles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import parse
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.nntp.url import (
    InvalidServer,
    ServerAddress,
    check_message_id,
    choose_server,
    group_url,
    message_id_url,
    news_target,
    nntp_url,
    parse_server,
)


@pytest.mark.parametrize(
    ("url", "kind", "group", "number", "message_id"),
    [
        ("news:*", "group-list", None, None, None),
        ("news:comp.infosystems.www.misc", "overview", "comp.infosystems.www.misc", None, None),
        ("NEWS:local.test", "overview", "local.test", None, None),
        ("news:unique@full_domain_name", "article", None, None, "<unique@full_domain_name>"),
        ("news:11drceq$p6i$1@vm.example", "article", None, None, "<11drceq$p6i$1@vm.example>"),
        ("news:a%2Fb@c.example", "article", None, None, "<a/b@c.example>"),
        ("news:%3Cx@y.example%3E", "article", None, None, "<x@y.example>"),
        ("news:de.alt.gr%C3%BC%C3%9Fe", "overview", "de.alt.grüße", None, None),
        ("<URL:news:local.test>", "overview", "local.test", None, None),
        ("nntp://news.example/local.test", "overview", "local.test", None, None),
        ("nntp://news.example:1119/local.test/42", "article", "local.test", 42, None),
        ("nntp://news.example/local.test?x", "overview", "local.test?x", None, None),
    ],
)
def test_targets(
    url: str, kind: str, group: str | None, number: int | None, message_id: str | None
) -> None:
    target = news_target(parse(url))
    assert (target.kind, target.group, target.article_number, target.message_id) == (
        kind,
        group,
        number,
        message_id,
    )


def test_news_urls_name_no_server() -> None:
    target = news_target(parse("news:local.test"))
    assert target.scheme == "news"
    assert target.server is None
    assert target.notes == ()
    hosted = news_target(parse("news://elsewhere.example/local.test"))
    assert hosted.server is None  # RFC 1738 §3.6; URL draft 1993 News, note 1
    assert hosted.group == "local.test"
    assert "not used" in hosted.notes[0]
    assert "elsewhere.example" in hosted.notes[0]


@pytest.mark.parametrize(
    ("url", "host", "port", "tls"),
    [
        ("nntp://news.example/g", "news.example", 119, False),
        ("nntp://news.example:/g", "news.example", 119, False),
        ("nntp://news.example:1119/g", "news.example", 1119, False),
        ("nntp://news.example:563/g", "news.example", 563, True),
        ("nntp://[::1]:1119/g", "::1", 1119, False),
        ("nntp://127.0.0.1/g/1", "127.0.0.1", 119, False),
    ],
)
def test_nntp_servers(url: str, host: str, port: int, tls: bool) -> None:
    server = news_target(parse(url)).server
    assert server == ServerAddress(host, port, tls, "url")


def test_nntp_userinfo_is_kept_for_the_login() -> None:
    target = news_target(parse("nntp://reader:s3cret%20word@news.example/local.private"))
    assert (target.user, target.password) == ("reader", "s3cret word")
    assert news_target(parse("nntp://news.example/g")).user is None


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("news:", "needs a newsgroup name, a message-id or '\\*'"),
        ("nntp://news.example", "needs '/' and a newsgroup name"),
        ("nntp://news.example/", "needs '/' and a newsgroup name"),
        ("nntp://news.example/g/x1", "must be decimal digits"),
        ("nntp:///g", "need a host"),
        ("news:local%0D%0AQUIT", "holds a CR"),
        ("news:local%0Atest", "holds an LF"),
        ("news:a%00b@c.example", "holds a NUL"),
        ("news:a%20b", "holds a space"),
        ("news:a%09b", "holds a TAB"),
        ("news:%3Ca%3Eb@c%3E", "is not a message-id"),
        ("news:caf%C3%A9@c.example", "is not a message-id"),
        ("news:" + "a" * 250 + "@c.example", "is not a message-id"),
        ("nntp://news.example:99999/g", "is not 1 to 65535"),
        ("nntp://news.example:0/g", "is not 1 to 65535"),
        ("http://news.example/g", "is not a news: or nntp: URL"),
    ],
)
def test_refused_before_anything_is_sent(url: str, message: str) -> None:
    with pytest.raises(LocalProtocolError, match=message):
        news_target(parse(url))


def test_parsed_url_accepted() -> None:
    assert news_target(parse("news:local.test", "rfc1738")).group == "local.test"


# --- which server --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "host", "port", "tls"),
    [
        ("localhost", "localhost", 119, False),
        ("news.example:1119", "news.example", 1119, False),
        ("news.example:563", "news.example", 563, True),
        ("  news.example  ", "news.example", 119, False),
        ("[::1]:1119", "::1", 1119, False),
        ("[::1]", "::1", 119, False),
        ("::1", "::1", 119, False),
        ("fe80::1%eth0", "fe80::1%eth0", 119, False),
        ("nntps://news.example", "news.example", 563, True),
        ("snews://news.example:9563/", "news.example", 9563, True),
        ("nntp://news.example", "news.example", 119, False),
        ("news://news.example:1119", "news.example", 1119, False),
        ("nachrichten.bücher.example", "nachrichten.bücher.example", 119, False),
    ],
)
def test_parse_server(text: str, host: str, port: int, tls: bool) -> None:
    server = parse_server(text)
    assert (server.host, server.port, server.tls) == (host, port, tls)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is empty"),
        ("nntp://", "is empty"),
        ("news.example:0", "is not 1 to 65535"),
        ("news.example:65536", "is not 1 to 65535"),
        ("news.example:x", "is not 1 to 65535"),
        ("news.example:" + "9" * 5000, "is not 1 to 65535"),
        ("news.example:０", "is not 1 to 65535"),
        ("[::1", "without ']'"),
        ("[::1]x", "follows the address"),
        ("news example", "is not a host name"),
        ("news.example/x", "is not a host name"),
        ("gg::zz", "is not an IPv6 address"),
    ],
)
def test_parse_server_refuses(text: str, message: str) -> None:
    with pytest.raises(InvalidServer, match=message):
        parse_server(text)


def test_server_address_shown() -> None:
    assert str(parse_server("news.example")) == "news.example:119"
    assert str(parse_server("[::1]:1119")) == "[::1]:1119"


def test_choose_server_order() -> None:
    env = {"NNTPSERVER": "env.example:1119"}
    assert choose_server("set.example", env) == ServerAddress("set.example", 119, False, "setting")
    assert choose_server(None, env) == ServerAddress("env.example", 1119, False, "NNTPSERVER")
    assert choose_server("  ", env).source == "NNTPSERVER"
    assert choose_server(None, {}) == ServerAddress("localhost", 119, False, "default")
    assert choose_server(None, {"NNTPSERVER": ""}).source == "default"


# --- URLs for groups and articles ----------------------------------------------------------


@pytest.mark.parametrize(
    ("message_id", "url"),
    [
        ("<welcome.1@test.invalid>", "news:welcome.1@test.invalid"),
        ("welcome.1@test.invalid", "news:welcome.1@test.invalid"),
        ("<11drceq$p6i$1@vm.example>", "news:11drceq$p6i$1@vm.example"),
        ("<a%b#c@d.example>", "news:a%25b%23c@d.example"),
        ("<a~b<c@d.example>", "news:a%7Eb%3Cc@d.example"),
        ("<no-at-sign>", None),
        ("<@>", "news:@"),
        ("<//0@host.example>", "news:%2F/0@host.example"),  # not an authority
    ],
)
def test_message_id_url(message_id: str, url: str | None) -> None:
    assert message_id_url(message_id) == url


MESSAGE_ID_CHARS = st.characters(min_codepoint=0x21, max_codepoint=0x7E, exclude_characters=">")


@given(
    left=st.text(MESSAGE_ID_CHARS, min_size=1, max_size=30),
    right=st.text(MESSAGE_ID_CHARS, min_size=1, max_size=30),
)
def test_message_id_url_reads_back(left: str, right: str) -> None:
    """The news: URL made for a message-id names that article again (RFC 1738 §3.6)."""
    message_id = f"<{left}@{right}>"
    url = message_id_url(message_id)
    assert url is not None
    target = news_target(parse(url))
    assert target.kind == "article"
    assert target.message_id == message_id
    assert check_message_id(message_id) == message_id


@given(name=st.text(st.characters(blacklist_categories=["Cc", "Cs", "Zs"]), min_size=1))
def test_group_url_reads_back(name: str) -> None:
    """Any group name survives the trip through its news: URL."""
    if name == "*" or "@" in name:
        return  # "*" is all groups, and an "@" makes it a message-id (RFC 1738 §3.6)
    url = group_url(name)
    target = news_target(parse(url))
    assert (target.kind, target.group) == ("overview", name)


def test_group_and_nntp_urls() -> None:
    assert group_url("comp.lang.python") == "news:comp.lang.python"
    assert group_url("de.alt.grüße") == "news:de.alt.gr%C3%BC%C3%9Fe"
    server = ServerAddress("news.example", 119, False)
    assert nntp_url(server, "local.test") == "nntp://news.example/local.test"
    assert nntp_url(ServerAddress("::1", 1119, False), "a.b", 7) == "nntp://[::1]:1119/a.b/7"
    assert news_target(parse(nntp_url(server, "a.b", 7))).article_number == 7


@pytest.mark.parametrize(
    ("userinfo", "number", "url", "user", "password"),
    [
        ("joe", None, "nntp://joe@news.example:1119/a.b", "joe", None),
        (
            "joe:s3cret%20word",
            7,
            "nntp://joe:s3cret%20word@news.example:1119/a.b/7",
            "joe",
            "s3cret word",
        ),
        (None, 7, "nntp://news.example:1119/a.b/7", None, None),
    ],
)
def test_an_nntp_url_keeps_the_login_written_for_its_server(
    userinfo: str | None, number: int | None, url: str, user: str | None, password: str | None
) -> None:
    server = ServerAddress("news.example", 1119, False)
    assert nntp_url(server, "a.b", number, userinfo=userinfo) == url
    target = news_target(parse(url))
    assert (target.server, target.user, target.password) == (
        ServerAddress("news.example", 1119, False, "url"),
        user,
        password,
    )
