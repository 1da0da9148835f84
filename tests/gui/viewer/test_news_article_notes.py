"""An article's notes (what the command line writes as ``note:`` lines) are shown by the
viewer under its body: a line the server did not dot-stuff (RFC 3977 §3.1.1) was
unstuffed without a word."""

from __future__ import annotations

from typing import Any

import pytest

from urlinspector.gui.viewer.news_view import ArticlePage
from urlinspector.schemes.nntp.article import parse_article

LINES = (b"From: a@x", b"Subject: s", b"", b"body", b".hidden", b"more")


@pytest.mark.parametrize(
    ("undotted", "shown"),
    [
        ((5,), "the server did not dot-stuff 1 line of the article (line 5)"),
        ((4, 5), "the server did not dot-stuff 2 lines of the article (lines 4, 5)"),
        (tuple(range(1, 8)), "(lines 1, 2, 3, 4, 5, …)"),
    ],
)
def test_the_article_page_shows_an_undotted_line_note(
    app: Any, qtbot: Any, undotted: tuple[int, ...], shown: str
) -> None:
    article = parse_article(LINES, number=1, undotted=undotted)
    assert any(shown in note for note in article.notes)
    page = ArticlePage()
    qtbot.addWidget(page)
    page.set_article(article)
    assert shown in page.body.info.text()
    assert "RFC 3977 §3.1.1" in page.body.info.text()
    assert ".hidden" in page.body.text


def test_an_article_without_stuffing_errors_has_no_note(app: Any, qtbot: Any) -> None:
    article = parse_article(LINES, number=1)
    assert not any("dot-stuff" in note for note in article.notes)
    page = ArticlePage()
    qtbot.addWidget(page)
    page.set_article(article)
    assert "dot-stuff" not in page.body.info.text()
