"""Which server a news page's links ask: a row of an overview read from
``nntp://host:port/group`` opens ``nntp://host:port/group/NUMBER`` on that server (RFC
1738 §3.7), never the news server set in the window; a row of a ``news:group`` overview
keeps ``news:<message-id>``.  Against the real INN server, with a second server (a fake
that counts its connections) set as the window's news server."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from tests.support.servers import ScriptedServer
from urlinspector.gui.viewer.news_links import NewsSource
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.schemes.nntp import ServerAddress

LOGIN = "reader:s3cret%20word"  # the INN fixture's login for local.private, as a URL has it


def _refuses(conn: socket.socket, server: ScriptedServer) -> None:
    """A news server that only says it serves nothing (RFC 3977 §5.1.1: 502)."""
    conn.sendall(b"502 this server was not named\r\n")


@pytest.fixture
def configured(pane: ViewerPane) -> Iterator[ScriptedServer]:
    """A second news server, set in the window: nothing here should reach it."""
    server = ScriptedServer(_refuses)
    pane.net.news_server = server.authority
    yield server
    server.close()


def _open_row(qtbot: Any, pane: ViewerPane, subject: str) -> None:
    page = pane.pages.overview_page
    row = next(i for i, e in enumerate(page.model.rows) if e.subject == subject)
    page.table.activated.emit(page.model.index(row, 1))
    wait_idle(qtbot, pane)


@pytest.mark.parametrize(
    ("group", "userinfo", "message_id"),
    [
        ("local.test", "", "<welcome.1@test.invalid>"),
        ("local.private", f"{LOGIN}@", "<secret.1@test.invalid>"),
    ],
    ids=["anonymous", "with-login"],
)
def test_a_row_of_an_nntp_overview_opens_the_article_on_that_server(
    qtbot: Any,
    go: Any,
    pane: ViewerPane,
    inn: Any,
    configured: ScriptedServer,
    group: str,
    userinfo: str,
    message_id: str,
) -> None:
    posted = inn.article(message_id)
    subject = posted.subject_raw
    go(f"nntp://{userinfo}{inn.host}:{inn.port}/{group}")
    assert pane.pages.currentWidget() is pane.pages.overview_page
    number = next(e.number for e in pane.pages.overview_page.model.rows if e.subject == subject)
    _open_row(qtbot, pane, subject)
    assert address(pane) == f"nntp://{userinfo}{inn.host}:{inn.port}/{group}/{number}"
    assert pane.pages.currentWidget() is pane.pages.article_page
    assert pane.pages.article_page.body.text.strip() == posted.body.decode("ascii")
    assert f"news server {inn.setting}" in pane.toolbar.info.text()
    assert configured.accepted == 0  # the window's server was never asked


def test_a_row_of_a_news_overview_keeps_its_message_id(
    qtbot: Any, go: Any, pane: ViewerPane, inn: Any
) -> None:
    pane.net.news_server = inn.setting
    go("news:local.test")
    _open_row(qtbot, pane, "Welcome")
    assert address(pane) == "news:welcome.1@test.invalid"
    assert "Hello, readers of local.test." in pane.pages.article_page.body.text


def test_up_from_an_nntp_article_keeps_its_login(
    qtbot: Any, go: Any, pane: ViewerPane, inn: Any, configured: ScriptedServer
) -> None:
    number = inn.numbers["local.private"]["<secret.1@test.invalid>"]
    go(f"nntp://{LOGIN}@{inn.host}:{inn.port}/local.private/{number}")
    assert pane.pages.currentWidget() is pane.pages.article_page
    pane.go_to_parent()
    wait_idle(qtbot, pane)
    assert address(pane) == f"nntp://{LOGIN}@{inn.host}:{inn.port}/local.private"
    assert pane.pages.currentWidget() is pane.pages.overview_page
    assert {e.subject for e in pane.pages.overview_page.model.rows} == {"Members only"}
    assert configured.accepted == 0


def test_an_nntp_article_links_its_groups_there_and_says_where_message_ids_go(
    qtbot: Any, go: Any, pane: ViewerPane, inn: Any, configured: ScriptedServer
) -> None:
    number = inn.numbers["local.test"]["<latin1.3@test.invalid>"]
    go(inn.url(f"local.test/{number}"))
    page = pane.pages.article_page
    assert page.header_links == [
        inn.url("local.test"),  # Newsgroups: on the server the article came from
        "news:latin1.3@test.invalid",
        "news:welcome.1@test.invalid",
        "news:dots.2@test.invalid",
    ]
    notes = page.header_notes
    assert notes[0] == ""
    for note in notes[1:]:  # a message-id names no server: the link says which it asks
        assert f"asks the local news host {configured.authority} (set in the window)" in note
        assert f"not {inn.setting}" in note
    with qtbot.waitSignal(pane.statusMessage, timeout=5000) as said:
        page.headers.highlighted.emit(QUrl("link:2"))
    assert said.args[0].startswith("news:welcome.1@test.invalid · asks the local news host")
    assert configured.accepted == 0  # pointing at a link asks nothing
    assert f"not {inn.setting}" in _tooltips(page.headers.document())[0]


def _tooltips(document: QTextDocument) -> list[str]:
    """The tooltips of the links in *document* (from their ``title``), in order."""
    tips = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isAnchor() and fmt.toolTip():
                tips.append(fmt.toolTip())
            it += 1
        block = block.next()
    return tips


@pytest.mark.parametrize(
    ("url", "named", "article", "group"),
    [
        (
            "nntp://news.example:1119/a.b",
            True,
            "nntp://news.example:1119/a.b/7",
            "nntp://news.example:1119/c.d",
        ),
        (
            "nntp://joe:pw@news.example/a.b",
            True,
            "nntp://joe:pw@news.example/a.b/7",
            "nntp://joe:pw@news.example/c.d",
        ),
        ("news:a.b", False, "news:seven@example.org", "news:c.d"),
    ],
)
def test_where_the_links_of_a_page_lead(url: str, named: bool, article: str, group: str) -> None:
    from urlinspector.core import parse

    local = ServerAddress("local.example", 119, False, "setting")
    source = NewsSource.of(parse(url), local, "local.example:119 (set in the window)")
    assert source.named is named
    assert source.article_url("a.b", 7, "news:seven@example.org") == article
    assert source.group_url("c.d") == group
