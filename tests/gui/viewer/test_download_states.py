"""Downloads tell the truth: a download is done once its file has a place.  While the
save dialog still asks where, its row reads "downloaded", the status bar says so, and
neither Retry nor Open folder is offered; the row, the status line and the buttons all
follow the one download record.  Keys in the Downloads list never start a finished
download again.  The server is the tests' gopher hole on loopback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.viewer.conftest import BINARY
from tests.gui.viewer.test_downloads import STATE, job, record
from urlinspector.core import parse
from urlinspector.gui.viewer.download_record import DownloadState
from urlinspector.gui.viewer.downloads_window import DownloadsWindow
from urlinspector.gui.viewer.pane import ViewerPane

pytestmark = pytest.mark.gui

SIZE = "16.0 KiB"
assert len(BINARY) // 1024 == 16


def downloaded(qtbot: Any, pane: ViewerPane, hole: Any) -> list[str]:
    """Follow the hole's binary item; wait until all its octets are in; the status
    lines said on the way."""
    said: list[str] = []
    pane.statusMessage.connect(said.append)
    pane.navigate(parse(hole.url + "9/data.bin"))
    qtbot.waitUntil(lambda: pane.downloads.model.rowCount() == 1, timeout=10000)
    qtbot.waitUntil(lambda: not record(pane, 1).running, timeout=10000)
    return said


def the_list(pane: ViewerPane) -> DownloadsWindow:
    window = pane.downloads.window
    assert window is not None
    return window


def test_while_the_save_dialog_asks_the_download_is_downloaded_not_done(
    qtbot: Any, pane: ViewerPane, hole: Any, downloads: Path
) -> None:
    said = downloaded(qtbot, pane, hole)
    item = job(pane, 1)
    assert item.dialog is not None
    assert item.dialog.isVisible()  # it still asks where
    assert record(pane, 1).state is DownloadState.DOWNLOADED
    window = the_list(pane)
    assert window.model.index(0, STATE).data() == "downloaded: choose where to save it"
    assert said[-1] == f"Downloaded data.bin ({SIZE}): choose where to save it."
    assert not any(line.startswith("Downloading") for line in said[said.index(said[-1]) :])
    buttons = window.actions_for(1)
    assert not buttons.retry_button.isEnabled()  # its octets are all there
    assert not buttons.folder_button.isEnabled()  # it has no folder yet
    assert not buttons.cancel_button.isEnabled()
    with qtbot.waitSignal(item.dialog.saved, timeout=5000):
        item.dialog.save_button.click()
    saved = record(pane, 1)
    assert saved.state is DownloadState.DONE
    assert saved.target == downloads / "data.bin"
    assert window.model.index(0, STATE).data() == f"done: saved as {downloads / 'data.bin'}"
    assert said[-1] == f"Saved as {downloads / 'data.bin'}."
    assert buttons.folder_button.isEnabled()
    assert not buttons.retry_button.isEnabled()


def test_a_download_not_saved_says_so_and_retry_asks_again(
    qtbot: Any, pane: ViewerPane, hole: Any
) -> None:
    said = downloaded(qtbot, pane, hole)
    item = job(pane, 1)
    assert item.dialog is not None
    item.dialog.cancel_button.click()  # not wanted after all
    assert record(pane, 1).state is DownloadState.NOT_SAVED
    window = the_list(pane)
    assert window.model.index(0, STATE).data() == "not saved"
    assert said[-1] == "data.bin was not saved."
    buttons = window.actions_for(1)
    assert buttons.retry_button.isEnabled()
    assert not buttons.folder_button.isEnabled()
    buttons.retry_button.click()
    qtbot.waitUntil(lambda: record(pane, 1).state is DownloadState.DOWNLOADED, timeout=10000)
    assert item.dialog is not None  # the save dialog asks again
    assert said[-1] == f"Downloaded data.bin ({SIZE}): choose where to save it."


def test_keys_in_the_downloads_list_never_start_a_finished_download_again(
    qtbot: Any, pane: ViewerPane, hole: Any, downloads: Path
) -> None:
    downloaded(qtbot, pane, hole)
    item = job(pane, 1)
    attempt = item.job
    window = the_list(pane)
    view = window.view
    view.setCurrentIndex(window.model.index(0, 0))
    buttons = window.actions_for(1)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
        qtbot.keyClick(view, key)
        qtbot.keyClick(buttons.retry_button, key)
    assert item.retry() is None  # nor does Retry, called as the button would
    assert item.job is attempt
    assert record(pane, 1).state is DownloadState.DOWNLOADED
    assert not pane.downloads.runner.running
    opened: list[Path] = []

    def open_folder(folder: Path) -> bool:
        opened.append(folder)
        return True

    window.open_folder = open_folder
    assert item.dialog is not None
    with qtbot.waitSignal(item.dialog.saved, timeout=5000):
        item.dialog.save_button.click()
    qtbot.keyClick(view, Qt.Key.Key_Return)  # a saved file: Enter shows where it is
    assert opened == [downloads]
    assert item.job is attempt
    assert not pane.downloads.runner.running
