"""Bookmarks: Ctrl+D, the Bookmarks menu, kept with the settings without passwords, and
exported as a gopher menu."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

from tests.gui.helpers import address, stop_viewer
from tests.gui.viewer.conftest import wait_idle
from urlinspector.core import DEFAULT_EDITION, URL, parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.viewer import bookmarks
from urlinspector.gui.viewer.bookmarks import Bookmark, Bookmarks, gopher_menu
from urlinspector.gui.viewer.install import install_viewer
from urlinspector.schemes.gopher import parse_menu_line


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_passwords_are_never_stored(store: QSettings) -> None:
    marks = Bookmarks(store)
    mark = marks.add("alice's files", parse("ftp://alice:s3cret@127.0.0.1:2121/pub/"))
    assert mark.url == parse("ftp://alice@127.0.0.1:2121/pub/")
    store.sync()
    assert "s3cret" not in Path(store.fileName()).read_text()
    assert Bookmarks(store).all() == [mark]


def test_adding_twice_keeps_one_with_the_new_title(store: QSettings) -> None:
    marks = Bookmarks(store)
    marks.add("first", parse("gopher://127.0.0.1/"))
    marks.add("second", parse("gopher://127.0.0.1/"))
    assert marks.all() == [Bookmark("second", parse("gopher://127.0.0.1/"))]
    marks.remove(parse("gopher://127.0.0.1/"))
    assert marks.all() == []


@pytest.mark.parametrize(
    ("text", "edition"),
    [
        ("gopher://127.0.0.1:7070/1/specs", "rfc1738"),
        ("ftp://alice:s3cret@127.0.0.1:2121/pub/", "url-1993"),
        ("news:comp.infosystems.gopher", "rfc3986"),
        ("HTTP://www.rfc-editor.org/rfc/rfc1738", "rfc2396bis-2003"),
    ],
)
def test_a_bookmark_keeps_the_edition_its_url_was_read_by(
    store: QSettings, text: str, edition: str
) -> None:
    url = parse(text, edition)
    Bookmarks(store).add("", url)
    (mark,) = Bookmarks(store).all()
    assert mark.url.edition.id == edition
    assert mark.url == parse(mark.url.text, edition)
    assert "s3cret" not in mark.url.text


def test_the_stored_list_is_parsed_once(store: QSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    for text in ("gopher://127.0.0.1/", "news:comp.infosystems.gopher"):
        Bookmarks(store).add("", parse(text))
    store.setValue(  # a list kept before editions were stored: the default edition's
        "viewer/bookmarks",
        '[{"title": "a", "url": "gopher://127.0.0.1/"}, {"title": "b", "url": "news:x"}]',
    )
    parsed: list[str] = []

    def counted(text: str, edition: str) -> URL:
        parsed.append(text)
        return parse(text, edition)

    monkeypatch.setattr(bookmarks, "parse", counted)
    marks = Bookmarks(store)
    for _ in range(3):
        assert [m.url.edition.id for m in marks.all()] == [DEFAULT_EDITION.id] * 2
    assert parsed == ["gopher://127.0.0.1/", "news:x"]


def test_export_as_a_gopher_menu() -> None:
    data = gopher_menu(
        [
            Bookmark("Specs\tand more", parse("gopher://127.0.0.1:7070/0/specs/rfc1738.txt")),
            Bookmark("A web page", parse("https://www.rfc-editor.org/rfc/rfc1738")),
        ]
    )
    assert data.endswith(b"\r\n.\r\n")
    lines = data.decode().split("\r\n")
    first = parse_menu_line(lines[0].encode())
    assert first.itemtype == "0"
    assert first.display == "Specs and more"
    assert first.url == "gopher://127.0.0.1:7070/0/specs/rfc1738.txt"
    second = parse_menu_line(lines[1].encode())
    assert second.url == "https://www.rfc-editor.org/rfc/rfc1738"


def test_ctrl_d_adds_the_page_and_the_menu_opens_it(
    qtbot: Any, store: QSettings, hole: Any
) -> None:
    from urlinspector.gui.settings import Settings

    window = MainWindow(Settings(store))
    qtbot.addWidget(window)
    pane = install_viewer(window)
    try:
        pane.navigate(parse(hole.url))
        wait_idle(qtbot, pane)
        assert pane.bookmarks is not None
        assert pane.bookmarks.add_action.shortcut().toString() == "Ctrl+D"
        pane.bookmarks.add_action.trigger()
        assert [b.url.text for b in Bookmarks(store).all()] == [hole.url]
        menu = window.menuBar().findChild(QMenu, "bookmarksMenu")
        assert menu is not None
        menu.aboutToShow.emit()
        opened = [a for a in menu.actions() if a.data() == hole.url]
        assert len(opened) == 1
        pane.navigate(parse(hole.url + "0/latin1.txt"))
        wait_idle(qtbot, pane)
        opened[0].trigger()
        wait_idle(qtbot, pane)
        assert address(pane) == hole.url
    finally:
        stop_viewer(pane)
