"""Saving downloads: the file name cannot leave the chosen folder, an existing file is
never replaced unasked, and the dialog shows the progress and cancels (driven against
the demo gopher server and pyftpdlib)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.gui.helpers import address, stop_viewer
from tests.gui.viewer.conftest import BINARY
from urlinspector.core import parse
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.viewer.save import (
    MAX_NAME_BYTES,
    SaveError,
    format_size,
    place_file,
    safe_file_name,
    suggest_name,
    target_in_folder,
)

# --- the name ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("report.txt", "report.txt"),
        ("../../etc/passwd", "passwd"),
        ("..\\..\\Windows\\system.ini", "system.ini"),
        ("/absolute/path/file.bin", "file.bin"),
        ("..", "download"),
        (".", "download"),
        ("", "download"),
        ("/", "download"),
        ("dir/", "download"),
        (".bashrc", "bashrc"),
        ("...hidden", "hidden"),
        ("name with spaces.txt", "name with spaces.txt"),
        ("trailing dots...", "trailing dots"),
        ("  padded  ", "padded"),
        ("a\x00b\x1fc\x7fd.txt", "abcd.txt"),
        ("line\r\nbreak.txt", "linebreak.txt"),
        ("evil\u202etxt.exe", "eviltxt.exe"),  # a right-to-left override hides the .exe
        ("zero\u200bwidth.txt", "zerowidth.txt"),
        ('what?<>:"|*.txt', "what_______.txt"),
        ("CON", "_CON"),
        ("nul.txt", "_nul.txt"),
        ("com1.tar.gz", "_com1.tar.gz"),
        ("Console.txt", "Console.txt"),
        ("caf\u00e9.txt", "caf\u00e9.txt"),
        ("\udcff\udcfe.bin", "bin"),  # lone surrogates from undecodable octets
    ],
)
def test_safe_file_name(name: str, expected: str) -> None:
    assert safe_file_name(name) == expected


def test_a_long_name_is_cut_to_255_octets_keeping_its_extension() -> None:
    name = "\u00e9" * 300 + ".tar"
    safe = safe_file_name(name)
    assert len(safe.encode("utf-8")) <= MAX_NAME_BYTES
    assert safe.endswith(".tar")
    assert safe.startswith("\u00e9")


def test_the_fallback_is_made_safe_too() -> None:
    assert safe_file_name("..", fallback="../x.bin") == "x.bin"
    assert safe_file_name("..", fallback="..") == "download"


@given(st.text(max_size=400))
def test_any_name_stays_one_plain_name(name: str) -> None:
    safe = safe_file_name(name)
    assert safe
    assert "/" not in safe
    assert "\\" not in safe
    assert "\x00" not in safe
    assert not safe.startswith(".")
    assert safe not in (".", "..")
    assert len(safe.encode("utf-8")) <= MAX_NAME_BYTES
    assert not any(ord(c) < 0x20 for c in safe)


@given(st.text(max_size=60))
def test_the_target_is_a_direct_child_of_the_folder(name: str) -> None:
    folder = Path(os.environ.get("TMPDIR", "/tmp")).resolve()
    try:
        target = target_in_folder(folder, name)
    except SaveError:  # only when the safe name is an existing folder
        return
    assert target.parent == folder
    assert target.resolve().parent == folder


def test_target_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        target_in_folder(tmp_path / "missing", "a.txt")
    with pytest.raises(SaveError, match="no folder"):
        target_in_folder("", "a.txt")
    (tmp_path / "sub").mkdir()
    with pytest.raises(SaveError, match="is a folder"):
        target_in_folder(tmp_path, "sub")


@pytest.mark.parametrize(
    ("selector", "itemtype", "expected"),
    [
        (b"/files/archive.zip", "9", "archive.zip"),
        (b"/files/archive", "9", "archive.bin"),
        (b"/pics/cat", "g", "cat.gif"),
        (b"/x/../../../etc/passwd", "9", "passwd.bin"),
        (b"/dir/", "5", "dir.bin"),
        (b"", "9", "download.bin"),
        ("caf\u00e9", None, "caf\u00e9"),
    ],
)
def test_suggest_name(selector: bytes | str, itemtype: str | None, expected: str) -> None:
    assert suggest_name(selector, itemtype) == expected


def test_format_size() -> None:
    assert format_size(None) == "?"
    assert format_size(1) == "1 byte"
    assert format_size(1023) == "1023 bytes"
    assert format_size(1536) == "1.5 KiB"
    assert format_size(10 * 1024 * 1024) == "10.0 MiB"


# --- placing the file ---------------------------------------------------------------------------


def test_place_file_never_replaces_unasked(tmp_path: Path) -> None:
    spool = tmp_path / "spool.part"
    spool.write_bytes(b"new")
    target = tmp_path / "file.bin"
    target.write_bytes(b"old")
    with pytest.raises(FileExistsError):
        place_file(spool, target, overwrite=False)
    assert target.read_bytes() == b"old"
    assert spool.exists()
    place_file(spool, target, overwrite=True)
    assert target.read_bytes() == b"new"
    assert not spool.exists()


def test_place_file_moves_into_an_empty_place(tmp_path: Path) -> None:
    spool = tmp_path / "spool.part"
    spool.write_bytes(b"data")
    target = place_file(spool, tmp_path / "out.bin", overwrite=False)
    assert target.read_bytes() == b"data"
    assert not spool.exists()


# --- the dialog, against a real server -----------------------------------------------------------


def _download(qtbot: Any, pane: ViewerPane, url: str) -> Any:
    pane.navigate(parse(url))
    qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=5000)
    dialog = pane.downloads.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog._finished, timeout=10000)
    return dialog


def test_a_binary_item_is_saved_with_a_safe_name(
    qtbot: Any, pane: ViewerPane, hole: Any, downloads: Path
) -> None:
    dialog = _download(qtbot, pane, hole.url + "9/data.bin")
    assert dialog.name_edit.text() == "data.bin"
    assert dialog.folder_edit.text() == str(downloads)
    assert pane.pages.currentWidget() is pane.pages.start_page  # the page shown did not change
    dialog.name_edit.setText("../../escape.bin")
    with qtbot.waitSignal(dialog.saved, timeout=5000) as saved:
        dialog.save_button.click()
    assert saved.args == [str(downloads / "escape.bin")]
    assert (downloads / "escape.bin").read_bytes() == BINARY
    assert not (downloads.parent / "escape.bin").exists()
    assert dialog.spool is None


def test_an_existing_file_is_replaced_only_when_the_person_says_so(
    qtbot: Any, pane: ViewerPane, hole: Any, downloads: Path
) -> None:
    existing = downloads / "data.bin"
    existing.write_bytes(b"keep me")
    dialog = _download(qtbot, pane, hole.url + "9/data.bin")
    dialog.save_button.click()
    box = dialog.overwrite_box
    assert box is not None
    assert "already exists" in box.text()
    box.button(box.StandardButton.Cancel).click()  # no
    qtbot.waitUntil(lambda: dialog.overwrite_box is None)
    assert existing.read_bytes() == b"keep me"
    assert "exists" in dialog.status.text()
    dialog.save_button.click()  # and again, yes this time
    box = dialog.overwrite_box
    assert box is not None
    replace = next(b for b in box.buttons() if "Replace" in b.text())
    with qtbot.waitSignal(dialog.saved, timeout=5000):
        replace.click()
    assert existing.read_bytes() == BINARY


def test_a_big_ftp_file_is_saved_with_its_size_known(
    qtbot: Any, pane: ViewerPane, ftp_server: Any, downloads: Path
) -> None:
    pane.navigate(parse(ftp_server.url("big.bin")))
    qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=10000)
    dialog = pane.downloads.dialog
    assert dialog is not None
    assert not pane.busy  # the transfer belongs to the dialog now
    with qtbot.waitSignal(dialog.saved, timeout=30000):
        dialog.save_button.click()
    saved = downloads / "big.bin"
    assert saved.stat().st_size == 10 * 1024 * 1024
    assert dialog.progress.value() == dialog.progress.maximum()
    assert "> SIZE big.bin" in pane.transcript.lines  # RFC 3659 §4: the total


def test_choosing_before_the_download_ends_saves_at_the_end(
    qtbot: Any, pane: ViewerPane, downloads: Path
) -> None:
    from tests.gui.viewer.conftest import trickle_server

    payload = bytes(range(200))
    slow = trickle_server(payload, interval=0.005)
    try:
        pane.navigate(parse(f"gopher://127.0.0.1:{slow.port}/9/slow.bin"))
        qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=5000)
        dialog = pane.downloads.dialog
        assert dialog is not None
        qtbot.waitUntil(lambda: slow.sent > 0, timeout=5000)
        assert not dialog._finished
        dialog.save_button.click()
        assert "when the download ends" in dialog.status.text()
        assert not dialog.save_button.isEnabled()
        with qtbot.waitSignal(dialog.saved, timeout=10000):
            pass
        assert (downloads / "slow.bin").read_bytes() == payload
    finally:
        slow.close(5)


def test_cancel_stops_the_download_and_leaves_nothing(
    qtbot: Any, pane: ViewerPane, hole: Any, downloads: Path, tmp_path: Path
) -> None:
    from tests.gui.viewer.conftest import trickle_server

    slow = trickle_server(BINARY, interval=0.05)
    try:
        pane.navigate(parse(f"gopher://127.0.0.1:{slow.port}/9/slow.bin"))
        qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=5000)
        dialog = pane.downloads.dialog
        assert dialog is not None
        spool = dialog.spool
        assert spool is not None
        qtbot.waitUntil(lambda: slow.sent > 3, timeout=5000)
        dialog.cancel_button.click()
        qtbot.waitUntil(slow.hung_up.is_set, timeout=3000)
        assert not spool.exists()
        assert list(downloads.iterdir()) == []
    finally:
        slow.close(5)


@pytest.mark.parametrize("itemtype", ["4", "5", "6", "9", "s", "X"])
def test_binary_and_unknown_types_go_to_the_save_dialog(
    qtbot: Any, pane: ViewerPane, hole: Any, itemtype: str
) -> None:
    pane.navigate(parse(f"{hole.url}{itemtype}/data.bin"))
    # the first octets say it is data: the transfer goes on behind the save dialog
    qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=5000)
    dialog = pane.downloads.dialog
    assert dialog is not None
    assert dialog.name_edit.text() == "data.bin"
    qtbot.waitUntil(lambda: dialog._finished, timeout=5000)
    assert dialog.spool is not None
    assert dialog.spool.read_bytes() == BINARY
    dialog.cancel_button.click()
    assert dialog.spool is None
    assert pane.url is None  # nothing shown, nothing in the history


@pytest.mark.parametrize("field", ["folder_edit", "name_edit"])
def test_enter_in_a_field_saves(
    qtbot: Any, pane: ViewerPane, hole: Any, downloads: Path, field: str
) -> None:
    dialog = _download(qtbot, pane, hole.url + "9/data.bin")
    dialog.show()
    qtbot.waitExposed(dialog)
    edit = getattr(dialog, field)
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=5000)
    with qtbot.waitSignal(dialog.saved, timeout=5000) as saved:
        QTest.keyClick(edit, Qt.Key.Key_Return)
    assert dialog.folder_dialog is None  # the folder chooser did not open
    assert saved.args == [str(downloads / "data.bin")]


def test_save_page_as_offers_a_local_file(
    qtbot: Any, pane: ViewerPane, tmp_path: Path, downloads: Path
) -> None:
    from urlinspector.schemes.file import file_url

    source = tmp_path / "notes.txt"
    source.write_bytes(b"kept notes\n")
    pane.navigate(parse(file_url(str(source))))
    qtbot.waitUntil(lambda: pane.pages.currentWidget() is pane.pages.text_page, timeout=5000)
    assert pane.toolbar.save_action.shortcut().toString() == "Ctrl+S"
    pane.toolbar.save_action.trigger()
    dialog = pane.downloads.dialog
    assert dialog is not None
    assert dialog.name_edit.text() == "notes.txt"
    qtbot.waitUntil(lambda: dialog._finished, timeout=5000)
    with qtbot.waitSignal(dialog.saved, timeout=5000):
        dialog.save_button.click()
    assert (downloads / "notes.txt").read_bytes() == b"kept notes\n"


def test_a_binary_item_that_reads_as_text_can_be_viewed(
    qtbot: Any, pane: ViewerPane, hole: Any
) -> None:
    from tests.gui.viewer.conftest import LATIN1_TEXT

    url = hole.url + "9/latin1.txt"  # type 9, but text: shown as text
    pane.navigate(parse(url))
    qtbot.waitUntil(lambda: pane.pages.currentWidget() is pane.pages.text_page, timeout=5000)
    pane.save_current()  # saved, its dialog offers it as text too
    qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=5000)
    dialog = pane.downloads.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog._finished, timeout=10000)
    assert dialog.view_button.isVisibleTo(dialog)
    assert dialog.save_button.isEnabled()  # Save stays available
    dialog.view_button.click()
    qtbot.waitUntil(lambda: pane.downloads.dialog is None, timeout=5000)
    pane.pages.text_page.choose_charset("latin-1")
    assert pane.pages.text_page.text.startswith(LATIN1_TEXT)  # (the server ends text with ".")
    assert address(pane) == hole.url + "9/latin1.txt"
    assert dialog.spool is None


def test_binary_data_is_not_offered_as_text(qtbot: Any, pane: ViewerPane, hole: Any) -> None:
    dialog = _download(qtbot, pane, hole.url + "9/data.bin")
    assert not dialog.view_button.isVisibleTo(dialog)


def test_ctrl_s_is_one_action_on_each_page(window: Any) -> None:
    # the inspector's Save report and a viewer page's Save page as share Ctrl+S:
    # only one of them holds it at a time, so the key is never ambiguous
    from urlinspector.gui.main_window import INSPECTOR_PAGE
    from urlinspector.gui.viewer import install_viewer
    from urlinspector.gui.viewer.install import VIEWER_PAGE

    pane = install_viewer(window)
    save = window.menus.save_report_action
    assert save.shortcut().toString() == "Ctrl+S"
    window.show_page(VIEWER_PAGE)
    assert save.shortcut().isEmpty()
    assert pane.toolbar.save_action.shortcut().toString() == "Ctrl+S"
    window.show_page(INSPECTOR_PAGE)
    assert save.shortcut().toString() == "Ctrl+S"
    stop_viewer(pane)


def test_a_download_that_ended_before_its_dialog_opened_shows_as_complete(
    qtbot: Any, pane: ViewerPane
) -> None:
    # the transfer ends on the pool thread before the GUI gets round to its first
    # octets: the dialog that adopts it must show it complete, not busy again
    from urlinspector.gui.viewer.handlers.base import Fetch
    from urlinspector.gui.viewer.save import new_spool
    from urlinspector.gui.viewer.tasks import SavedPage

    url = parse("ftp://127.0.0.1:2121/data.bin")
    spool = new_spool()
    spool.write_bytes(b"\x00\x01\x02" * 100)

    def task(ctx: Any) -> SavedPage:
        ctx.head = spool.read_bytes()[:1024]
        ctx.transfer_started()
        return SavedPage(url, spool, 300, 300)

    nav = pane.navigator.start(url, None, pane.handlers.for_url(url), Fetch(task))
    nav.spool, nav.download_name = spool, "data.bin"
    assert nav.job.wait(5)  # done, its signals still queued
    qtbot.waitUntil(lambda: pane.downloads.dialog is not None, timeout=5000)
    dialog = pane.downloads.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog._finished, timeout=5000)
    assert dialog.progress.value() == dialog.progress.maximum()
    dialog.cancel_button.click()
