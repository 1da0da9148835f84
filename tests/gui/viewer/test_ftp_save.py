"""Save page as… of an ftp file writes the server's bytes (LF, CRLF, mixed, Latin-1 and
dot lines; with and without ``;type=``), while the viewer shows the text decoded."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.gui.viewer.conftest import wait_idle
from tests.integration.ftp.servers import LINE_FILES
from urlinspector.core import parse
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.viewer.tasks import SavedPage
from urlinspector.gui.viewer.workers import JobContext, JobSignals
from urlinspector.net.limits import CancelToken

NAMES = sorted(LINE_FILES)
TYPECODES = ("", ";type=i", ";type=a")


def expected(name: str, typecode: str) -> bytes:
    octets = LINE_FILES[name]
    if typecode == ";type=a":  # RFC 959 §3.1.1.1: CRLF on the wire, this system's here
        return octets.replace(b"\r\n", b"\n").replace(b"\n", os.linesep.encode())
    return octets


@pytest.mark.parametrize("name", NAMES)
def test_the_save_task_writes_the_servers_bytes(
    pane: ViewerPane, ftp_server: Any, tmp_path: Path, name: str
) -> None:
    """What Save page as… runs (the ftp handler's download task) writes the file as
    the server stores it."""
    for typecode in TYPECODES:
        url = parse(ftp_server.url(name + typecode))
        download = pane.handlers.for_url(url).save(url)
        assert download is not None
        spool = tmp_path / f"spool{typecode or '-none'}"
        result = download.task(spool)(JobContext(JobSignals(), CancelToken()))
        assert isinstance(result, SavedPage)
        assert spool.read_bytes() == expected(name, typecode), typecode
        assert result.size == len(expected(name, typecode))


@pytest.mark.parametrize("name", ["lines/mixed.txt", "lines/dots.txt", "lines/latin1.txt"])
def test_save_page_as_of_a_shown_text(
    qtbot: Any, go: Any, ftp_server: Any, downloads: Path, name: str
) -> None:
    pane = go(ftp_server.url(name))
    assert pane.pages.currentWidget() is pane.pages.text_page
    shown = pane.pages.text_page.text
    pane.save_current()
    dialog = pane.downloads.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog._finished, timeout=10000)
    with qtbot.waitSignal(dialog.saved, timeout=10000):
        dialog.save_button.click()
    wait_idle(qtbot, pane)
    assert (downloads / Path(name).name).read_bytes() == LINE_FILES[name]
    assert pane.pages.text_page.text == shown  # the page is still the text shown
