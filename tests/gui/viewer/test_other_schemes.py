"""URLs the viewer explains or hands to the system, and file: URLs (local folders and
files)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QLabel

from tests.gui.helpers import address
from tests.gui.viewer.conftest import wait_idle
from urlinspector.core import parse
from urlinspector.gui.viewer.other_schemes import explain
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.schemes.ftp.url import quote_fsegment


class Handler(QObject):
    """Takes the URLs QDesktopServices would give the system."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url.toString())


@pytest.fixture
def system() -> Iterator[Handler]:
    handler = Handler()
    schemes = ("http", "https", "telnet", "mailto", "file")
    for scheme in schemes:
        QDesktopServices.setUrlHandler(scheme, handler, "open")  # type: ignore[arg-type]  # str at run time
    yield handler
    for scheme in schemes:
        QDesktopServices.unsetUrlHandler(scheme)


def details(pane: ViewerPane) -> dict[str, str]:
    form = pane.pages.scheme_page.form
    out: dict[str, str] = {}
    for row in range(form.rowCount()):
        label = form.itemAt(row, form.ItemRole.LabelRole)
        field = form.itemAt(row, form.ItemRole.FieldRole)
        assert label is not None
        assert field is not None
        name, widget = label.widget(), field.widget()
        assert isinstance(name, QLabel)
        out[name.text().rstrip(":")] = widget.text() if isinstance(widget, QLabel) else ""
    return out


def test_a_web_page_is_offered_to_the_browser(pane: ViewerPane, system: Handler) -> None:
    url = "https://example.org/a/page?q=1"
    pane.navigate(parse(url))
    page = pane.pages.scheme_page
    assert pane.pages.currentWidget() is page
    assert address(pane) == url
    assert "does not fetch" in page.text.text()
    assert page.action_button.isVisibleTo(pane)
    page.action_button.click()
    assert system.opened == [url]
    assert not pane.runner.running


def test_telnet_shows_the_advisory_user_and_password(pane: ViewerPane, system: Handler) -> None:
    pane.navigate(parse("telnet://guest:sesame@bbs.example.org:2323/"))
    page = pane.pages.scheme_page
    shown = details(pane)
    assert shown["Host"] == "bbs.example.org"
    assert shown["Port"] == "2323"
    assert shown["Suggested user"] == "guest"
    assert "RFC 1738 §3.8" in page.text.text()
    assert "advisory" in page.text.text()
    assert page.password_label is not None
    assert page.show_password is not None
    assert "sesame" not in page.password_label.text()  # masked until asked
    page.show_password.setChecked(True)
    assert page.password_label.text() == "sesame"
    page.action_button.click()
    assert system.opened == ["telnet://guest:sesame@bbs.example.org:2323/"]


def test_mailto_offers_the_mail_client(pane: ViewerPane, system: Handler) -> None:
    pane.navigate(parse("mailto:someone@example.org"))
    assert details(pane) == {"Address": "someone@example.org"}
    pane.pages.scheme_page.action_button.click()
    assert system.opened == ["mailto:someone@example.org"]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("wais://wais.example.org:210/db?free+text", {"Database": "db", "Search": "free+text"}),
        ("wais://wais.example.org/db/TEXT/doc-17", {"WAIS type": "TEXT"}),
        ("prospero://p.example.org/pub/readme;version=2", {"hsoname": "pub/readme"}),
    ],
)
def test_wais_and_prospero_are_inspected_not_fetched(
    pane: ViewerPane, url: str, expected: dict[str, str]
) -> None:
    pane.navigate(parse(url))
    page = pane.pages.scheme_page
    assert pane.pages.currentWidget() is page
    assert "inspected, not fetched" in page.text.text()
    assert not page.action_button.isVisibleTo(pane)
    assert expected.items() <= details(pane).items()
    assert not pane.runner.running


def test_an_unknown_scheme_is_explained() -> None:
    explanation = explain(parse("xyz:whatever"))
    assert "xyz" in explanation.title
    assert explanation.action is not None


# --- file: ------------------------------------------------------------------------------------


def file_url(path: Path) -> str:
    return "file://" + "/".join(quote_fsegment(p.encode()) for p in str(path).split("/"))


@pytest.fixture
def folder(tmp_path: Path, png_bytes: bytes) -> Path:
    root = tmp_path / "a folder"
    root.mkdir()
    (root / "notes.txt").write_text("See gopher://example.org/ and more.\n")
    (root / "picture.png").write_bytes(png_bytes)
    (root / "blob.bin").write_bytes(b"\x00\x01\x02" * 100)
    (root / "sub").mkdir()
    return root


def test_a_local_folder_is_a_listing(qtbot: Any, go: Any, folder: Path) -> None:
    pane = go(file_url(folder))
    page = pane.pages.listing_page
    assert pane.pages.currentWidget() is page
    rows = {r.name: r for r in page.model.rows}
    assert set(rows) == {"notes.txt", "picture.png", "blob.bin", "sub"}
    assert rows["sub"].kind == "dir"
    assert rows["notes.txt"].size == len("See gopher://example.org/ and more.\n")
    assert rows["sub"].url == file_url(folder / "sub") + "/"
    assert pane.base == file_url(folder) + "/"
    page.table.activated.emit(page.model.index(page.model.rows.index(rows["sub"]), 0))
    wait_idle(qtbot, pane)
    assert address(pane) == file_url(folder / "sub") + "/"
    page.parent_action.trigger()
    wait_idle(qtbot, pane)
    assert address(pane) == file_url(folder) + "/"


def test_local_files_are_shown_as_text_or_image(go: Any, folder: Path) -> None:
    pane = go(file_url(folder / "notes.txt"))
    assert pane.pages.currentWidget() is pane.pages.text_page
    assert [f.url for f in pane.pages.text_page.links] == ["gopher://example.org/"]
    pane = go(file_url(folder / "picture.png"))
    assert pane.pages.currentWidget() is pane.pages.image_page
    assert pane.pages.image_page.image is not None
    assert pane.pages.image_page.image.width() == 40
    pane = go(file_url(folder / "blob.bin"))
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "binary" in pane.pages.message_page.title.text().lower()


def test_a_missing_file_and_another_hosts_file(go: Any, folder: Path) -> None:
    pane = go(file_url(folder / "missing.txt"))
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "there is no file" in pane.pages.message_page.text.text()
    pane = go("file://elsewhere.example.org/etc/motd")
    assert pane.pages.currentWidget() is pane.pages.message_page
    assert "RFC 1738 §3.10" in pane.pages.message_page.text.text()
