"""A fetch's result carries the URL the viewer parsed, not its text: the handler that
shows it gets back the very value it planned the fetch with, parsed once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from urlinspector.core import URL
from urlinspector.gui.viewer.handlers.base import Navigation
from urlinspector.gui.viewer.pane import ViewerPane


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch, pane: ViewerPane) -> list[tuple[Navigation, object]]:
    """Every (navigation, result) one of the viewer's handlers is asked to show."""
    seen: list[tuple[Navigation, object]] = []
    for handler in pane.handlers.all:
        original = handler.show

        def spy(nav: Navigation, result: object, _o: Any = original) -> None:
            seen.append((nav, result))
            _o(nav, result)

        monkeypatch.setattr(handler, "show", spy)
    return seen


def _check(shown: list[tuple[Navigation, object]], text: str) -> None:
    assert shown, "no result was shown"
    nav, result = shown[-1]
    url = result.url  # type: ignore[attr-defined]
    assert isinstance(url, URL)
    assert url is nav.url  # the value planned with, not parsed again
    assert url.text == text


def test_a_gopher_menu_result_carries_the_parsed_url(go: Any, hole: Any, shown: Any) -> None:
    go(hole.url)
    _check(shown, hole.url)


def test_a_gopher_text_result_carries_the_parsed_url(go: Any, hole: Any, shown: Any) -> None:
    go(hole.url + "0/latin1.txt")
    _check(shown, hole.url + "0/latin1.txt")


def test_an_ftp_result_carries_the_parsed_url(go: Any, ftp_server: Any, shown: Any) -> None:
    go(ftp_server.url())
    _check(shown, ftp_server.url())


def test_a_file_result_carries_the_parsed_url(go: Any, tmp_path: Path, shown: Any) -> None:
    page = tmp_path / "page.txt"
    page.write_text("hello\n")
    url = page.as_uri()
    go(url)
    _check(shown, url)
