"""The viewer against a real INN server on 127.0.0.1: the group list, a sortable
overview, articles with their headers pane and body charset, and the server shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from urlinspector.core import parse
from urlinspector.gui.viewer.news_view import HEADERS_SHOWN
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.viewer.text_view import DECLARED


@pytest.fixture
def news(pane: ViewerPane, inn: Any) -> ViewerPane:
    pane.net.news_server = inn.setting
    return pane


def test_the_group_list_and_the_server_that_answered(go: Any, news: ViewerPane, inn: Any) -> None:
    go("news:*")
    page = news.pages.groups_page
    assert news.pages.currentWidget() is page
    groups = [g.name for g in page.model.rows]
    assert {"local.test", "local.other", "local.big"} <= set(groups)
    assert groups == sorted(groups, key=str.casefold)
    assert inn.setting in page.heading.text()
    assert f"news server {inn.setting}" in news.toolbar.info.text()
    assert "answered from 127.0.0.1" in news.toolbar.info.text()
    assert any(line.startswith("> MODE READER") for line in news.transcript.lines)


def test_an_overview_is_sortable_and_leads_to_articles(
    qtbot: Any, go: Any, news: ViewerPane
) -> None:
    go("news:local.test")
    page = news.pages.overview_page
    assert news.pages.currentWidget() is page
    model = page.model
    numbers = [e.number for e in model.rows]
    assert numbers == sorted(numbers, reverse=True)  # newest first
    subjects = {e.subject for e in model.rows}
    assert {"Welcome", "Re: Welcome", "Grüße aus Köln"} <= subjects
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(5)]
    assert headers == ["No.", "Subject", "From", "Date", "Lines"]
    page.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    sorted_subjects = [e.subject for e in model.rows]
    assert sorted_subjects == sorted(sorted_subjects, key=str.casefold)
    welcome = next(i for i, e in enumerate(model.rows) if e.subject == "Welcome")
    page.table.activated.emit(model.index(welcome, 1))
    wait_idle(qtbot, news)
    assert address(news) == "news:welcome.1@test.invalid"
    assert news.pages.currentWidget() is news.pages.article_page
    assert "Hello, readers of local.test." in news.pages.article_page.body.text


def test_an_article_has_a_headers_pane_with_news_links(
    qtbot: Any, go: Any, news: ViewerPane
) -> None:
    go("news:latin1.3@test.invalid")
    page = news.pages.article_page
    assert news.pages.currentWidget() is page
    headers = page.headers.toPlainText()
    for name in HEADERS_SHOWN:
        assert name in headers
    assert "Grüße aus Köln" in headers  # the encoded-word decoded (RFC 2047)
    assert "Jürgen Müller" in headers
    assert page.header_links == [
        "news:local.test",
        "news:latin1.3@test.invalid",
        "news:welcome.1@test.invalid",
        "news:dots.2@test.invalid",
    ]
    assert page.body.text.strip() == "Grüße aus Köln"
    assert page.body.charset == DECLARED
    assert page.body.charset_box.itemText(0).startswith("As declared (")
    assert "from its Content-Type" in page.body.info.text()
    with qtbot.waitSignal(news.urlChanged, timeout=10000) as changed:
        page.headers.anchorClicked.emit(QUrl("link:2"))
    assert changed.args == ["news:welcome.1@test.invalid"]
    wait_idle(qtbot, news)
    assert news.pages.article_page.article is not None
    assert news.pages.article_page.article.subject == "Welcome"


def test_a_body_without_charset_is_read_in_the_fallback_chosen(go: Any, news: ViewerPane) -> None:
    go("news:nocharset.4@test.invalid")
    body = news.pages.article_page.body
    assert "no charset declared" in body.info.text()
    assert "\ufffd" in body.text  # Latin-1 octets read as UTF-8
    body.choose_charset("latin-1")
    assert body.text.strip() == "un café crème"
    assert news.history.current.state["charset"] == "latin-1"  # type: ignore[union-attr]


def test_an_nntp_url_names_its_own_server(go: Any, pane: ViewerPane, inn: Any) -> None:
    number = inn.numbers["local.test"]["<welcome.1@test.invalid>"]
    go(inn.url(f"local.test/{number}"))
    assert pane.pages.currentWidget() is pane.pages.article_page
    assert pane.pages.article_page.article is not None
    assert pane.pages.article_page.article.subject == "Welcome"
    assert f"{inn.host}:{inn.port}" in pane.toolbar.info.text()


def test_older_articles(qtbot: Any, go: Any, news: ViewerPane) -> None:
    go("news:local.big")
    page = news.pages.overview_page
    first = {e.number for e in page.model.rows}
    assert page.older_button.isEnabled()
    page.older_button.click()
    wait_idle(qtbot, news)
    older = {e.number for e in page.model.rows}
    assert older
    assert max(older) < min(first)
    assert address(news) == "news:local.big"
    assert len(news.history) == 1


def test_a_missing_group_shows_the_refusal(go: Any, news: ViewerPane) -> None:
    go("news:local.nosuchgroup")
    assert news.pages.currentWidget() is news.pages.message_page
    assert "news server refused" in news.pages.message_page.title.text()
    assert "no such group" in news.pages.message_page.text.text().lower()


def test_one_article_is_not_articles(app: Any, qtbot: Any) -> None:
    from urlinspector.gui.viewer.news_links import NewsSource
    from urlinspector.gui.viewer.news_view import OverviewListPage
    from urlinspector.schemes.nntp.listing import GroupStatus, OverviewPage
    from urlinspector.schemes.nntp.url import ServerAddress

    page = OverviewListPage()
    qtbot.addWidget(page)  # closed and deleted with the test's other widgets
    overview = OverviewPage(GroupStatus("local.one", 1, 1, 1), 1, 1, (), None, "")
    address = ServerAddress("127.0.0.1", 119, False)
    page.set_page(overview, NewsSource(address, named=False), "127.0.0.1:119")
    assert "about 1 article (" in page.heading.text()
    assert "1 articles" not in page.heading.text()


def test_a_refusal_names_the_news_server(go: Any, news: ViewerPane, inn: Any) -> None:
    go("news:local.no-such-group")
    assert news.pages.currentWidget() is news.pages.message_page
    assert "news server refused" in news.toolbar.info.text()
    assert news.toolbar.info.text().endswith(f"· {inn.setting}")


def test_a_backslash_in_a_message_is_one_backslash(go: Any, news: ViewerPane) -> None:
    go("news:local\\test")
    assert news.pages.currentWidget() is news.pages.message_page
    message = news.pages.message_page.text.text()
    assert "'news:local\\test'" in message
    assert "'\\'" in message
    assert "\\\\" not in message


@pytest.mark.parametrize("send", [False, True], ids=["cancel", "send"])
def test_a_netrc_login_without_tls_is_asked_for_first(
    qtbot: Any,
    pane: ViewerPane,
    inn: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    send: bool,
) -> None:
    """The test INN offers no TLS and asks for a login for local.private (480)."""
    netrc = tmp_path / ".netrc"
    netrc.write_text(f'machine {inn.host} login {inn.login[0]} password "{inn.login[1]}"\n')
    netrc.chmod(0o600)
    monkeypatch.setenv("HOME", str(tmp_path))
    pane.navigate(parse(inn.url("local.private")))
    qtbot.waitUntil(lambda: pane.navigator.port_warning is not None, timeout=15000)
    box = pane.navigator.port_warning
    assert box is not None
    assert "clear text" in box.informativeText()
    if send:
        next(b for b in box.buttons() if "clear text" in b.text()).click()
        wait_idle(qtbot, pane)
        assert pane.pages.currentWidget() is pane.pages.overview_page
        assert inn.setting in pane.net.clear_text_logins
    else:
        box.button(box.StandardButton.Cancel).click()
        qtbot.waitUntil(lambda: pane.navigator.port_warning is None)
        assert pane.pages.currentWidget() is pane.pages.message_page
        assert "without TLS" in pane.pages.message_page.text.text()
        assert not pane.net.clear_text_logins
