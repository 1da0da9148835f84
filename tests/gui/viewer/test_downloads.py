"""The download list: downloads run beside browsing (the save dialog is not modal),
several at once, with one record whose figures every view shows; Cancel, Retry, Open
folder; an ftp download cut mid-way resumes (REST) into a byte-identical file, and a
gopher one says why it cannot.

The servers are real: pyftpdlib with a throttle that a test opens and closes, and
gopher servers on loopback (the tests' hole, a trickling one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QMenu

from tests.gui.helpers import stop_viewer
from tests.gui.viewer.conftest import BINARY, trickle_server, unavailable
from tests.integration.ftp.servers import (
    BIG_SIZE,
    MiB,
    PyftpdlibServer,
    _pyftpdlib,
    big_bytes,
    build_tree,
    handler_classes,
)
from urlinspector.core import parse
from urlinspector.gui.viewer.download_job import DownloadJob
from urlinspector.gui.viewer.download_model import COLUMNS
from urlinspector.gui.viewer.download_record import DownloadRecord, DownloadState, progress_text
from urlinspector.gui.viewer.handlers.gopher import NO_RANGES
from urlinspector.gui.viewer.pane import ViewerPane

pytestmark = pytest.mark.gui

RECEIVED = next(i for i, (heading, _) in enumerate(COLUMNS) if heading == "Received")
STATE = next(i for i, (heading, _) in enumerate(COLUMNS) if heading == "State")


class Gate:
    """The throttle of :func:`gated_ftp`: octets a second the server sends (0: no limit)."""

    def __init__(self, dtp: type[Any], control: type[Any]) -> None:
        self.dtp = dtp
        self.control = control

    def allow_rest(self, allowed: bool) -> None:
        """Answer REST (350), or refuse it as a server that does not know it (502)."""
        self.control.rest_allowed = allowed

    def limit(self, octets_a_second: int) -> None:
        self.dtp.write_limit = octets_a_second

    def cut_at(self, octets: int) -> None:
        """Lose the next data connection after *octets*."""
        self.dtp.cut_at = octets


@pytest.fixture(scope="module")
def gated_ftp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[PyftpdlibServer, Gate]]:
    """pyftpdlib over the FTP tests' tree (big.bin: 10 MiB) whose data connections send
    at most :class:`Gate`'s rate."""
    root = build_tree(tmp_path_factory.mktemp("ftp-gated"))
    try:
        _, handlers, _, _ = _pyftpdlib()
        modern = handler_classes(root)["modern"]
    except ImportError as exc:
        unavailable(f"pyftpdlib is not installed: {exc}")
        raise

    class GatedData(handlers.ThrottledDTPHandler):  # type: ignore[misc, name-defined]  # pyftpdlib: imported when first used, untyped
        write_limit = 0
        cut_at = 0
        """Drop the data connection once this many octets went (0: never)."""

        def send(self, data: bytes) -> int:
            sent: int = super().send(data)
            self.octets = getattr(self, "octets", 0) + sent
            if self.cut_at and self.octets >= self.cut_at:
                type(self).cut_at = 0  # once: the next transfer goes through
                self._resp = ("426 Connection lost; transfer aborted.", lambda *_a: None)
                self.close()  # the data connection is lost; RFC 959 §4.2: 426
            return sent

    class Gated(modern):  # type: ignore[misc, valid-type]
        dtp_handler = GatedData
        rest_allowed = True

        def pre_process_command(self, line: str, cmd: str, arg: str) -> Any:
            if cmd == "REST" and not self.rest_allowed:
                self.respond("502 Command not implemented.")
                return None
            return super().pre_process_command(line, cmd, arg)

    server = PyftpdlibServer(Gated, "127.0.0.1")
    yield server, Gate(GatedData, Gated)
    server.stop()


@pytest.fixture
def gate(gated_ftp: tuple[PyftpdlibServer, Gate]) -> Iterator[Gate]:
    the_gate = gated_ftp[1]
    the_gate.limit(512 * 1024)
    yield the_gate
    the_gate.limit(0)
    the_gate.cut_at(0)
    the_gate.allow_rest(True)


@pytest.fixture
def big_url(gated_ftp: tuple[PyftpdlibServer, Gate]) -> str:
    return gated_ftp[0].url("big.bin")


def record(pane: ViewerPane, key: int) -> DownloadRecord:
    found = pane.downloads.model.record(key)
    assert found is not None
    return found


def job(pane: ViewerPane, key: int) -> DownloadJob:
    return pane.downloads.job(key)


def wait_state(
    qtbot: Any, pane: ViewerPane, key: int, state: DownloadState, ms: int = 20000
) -> None:
    qtbot.waitUntil(lambda: record(pane, key).state is state, timeout=ms)


def wait_received(qtbot: Any, pane: ViewerPane, key: int, at_least: int) -> None:
    qtbot.waitUntil(lambda: record(pane, key).done >= at_least, timeout=20000)


def start_big(qtbot: Any, pane: ViewerPane, url: str) -> DownloadJob:
    """Follow the link to big.bin: its first octets say data, so it becomes a download."""
    pane.navigate(parse(url))
    qtbot.waitUntil(lambda: pane.downloads.model.rowCount() == 1, timeout=10000)
    return job(pane, 1)


# --- the window stays usable -----------------------------------------------------------------


def test_the_window_stays_usable_while_a_download_runs(
    qtbot: Any, pane: ViewerPane, big_url: str, gate: Gate, hole: Any
) -> None:
    start_big(qtbot, pane, big_url)
    dialog = pane.downloads.dialog
    assert dialog is not None
    assert not dialog.isModal()
    assert QApplication.activeModalWidget() is None
    assert not pane.busy  # the transfer belongs to the download list
    window = pane.downloads.window
    assert window is not None
    assert window.isVisible()
    pane.navigate(parse(hole.url))  # browse on while it runs
    qtbot.waitUntil(lambda: pane.pages.currentWidget() is pane.pages.gopher_page, timeout=10000)
    assert pane.pages.gopher_page.model.rowCount() > 0
    assert record(pane, 1).running
    job(pane, 1).cancel()
    wait_state(qtbot, pane, 1, DownloadState.CANCELLED)


def test_pages_still_load_while_as_many_downloads_run_as_page_threads(
    qtbot: Any, pane: ViewerPane, big_url: str, gate: Gate, hole: Any
) -> None:
    from urlinspector.core import parse
    from urlinspector.gui.viewer.workers import POOL_THREADS

    url = parse(big_url)
    for _ in range(POOL_THREADS):
        step = pane.handlers.for_url(url).save(url)  # File ▸ Save page as…, four times
        assert step is not None
        pane.downloads.start(url, step)
    keys = range(1, POOL_THREADS + 1)
    qtbot.waitUntil(lambda: all(record(pane, k).done > 0 for k in keys), timeout=20000)
    pane.navigate(parse(hole.url))
    qtbot.waitUntil(lambda: pane.pages.currentWidget() is pane.pages.gopher_page, timeout=10000)
    assert all(record(pane, k).running for k in keys)
    for key in keys:
        job(pane, key).cancel()
    for key in keys:
        wait_state(qtbot, pane, key, DownloadState.CANCELLED)


def test_ctrl_shift_y_opens_the_downloads_window_from_the_go_menu(window: Any) -> None:
    from urlinspector.gui.viewer import install_viewer

    pane = install_viewer(window)
    action = pane.downloads.action
    assert action.shortcut().toString() == "Ctrl+Shift+Y"
    go = window.menuBar().findChild(QMenu, "goMenu")
    assert action in go.actions()
    assert pane.downloads.window is None
    action.trigger()
    assert pane.downloads.window is not None
    assert pane.downloads.window.isVisible()
    assert pane.downloads.window.empty.isVisible()  # no downloads yet: it says so
    stop_viewer(pane)


# --- several at once, one source of truth --------------------------------------------------------


def test_two_downloads_run_at_once_and_both_are_saved(
    qtbot: Any, pane: ViewerPane, big_url: str, gate: Gate, downloads: Path
) -> None:
    payload = bytes(range(256)) * 2
    slow = trickle_server(payload, interval=0.005)
    try:
        first = start_big(qtbot, pane, big_url)
        pane.navigate(parse(f"gopher://127.0.0.1:{slow.port}/9/slow.bin"))
        qtbot.waitUntil(lambda: pane.downloads.model.rowCount() == 2, timeout=10000)
        second = job(pane, 2)
        wait_received(qtbot, pane, 2, 1)
        assert record(pane, 1).running
        assert record(pane, 2).running
        for item in (first, second):
            assert item.dialog is not None
            item.dialog.save_button.click()  # chosen early: saved when it ends
        assert first.dialog is not None
        assert second.dialog is not None
        assert not first.dialog.isVisible()  # the list shows the rest
        gate.limit(0)
        with qtbot.waitSignals([first.dialog.saved, second.dialog.saved], timeout=30000):
            pass
    finally:
        slow.close(5)
    assert (downloads / "big.bin").read_bytes() == big_bytes()
    assert (downloads / "slow.bin").read_bytes() == payload
    assert [r.state for r in pane.downloads.model.records()] == [DownloadState.DONE] * 2
    assert record(pane, 1).target == downloads / "big.bin"


def test_the_list_the_dialog_and_the_status_line_agree(
    qtbot: Any, pane: ViewerPane, big_url: str, gate: Gate
) -> None:
    statuses: list[str] = []
    pane.statusMessage.connect(statuses.append)
    item = start_big(qtbot, pane, big_url)
    model = pane.downloads.model
    dialog = item.dialog
    assert dialog is not None
    seen: list[tuple[str, str, str]] = []

    def compare(key: int) -> None:
        now = record(pane, key)
        if now.running and now.total is not None:
            cell = model.index(model.row_of(key) or 0, RECEIVED).data()
            seen.append((cell, progress_text(now), dialog.status.text()))

    gate.limit(256 * 1024)  # in bursts: a report about every 256 KiB
    model.recordChanged.connect(compare)
    qtbot.waitUntil(lambda: len(seen) >= 2, timeout=20000)
    model.recordChanged.disconnect(compare)
    for cell, figures, shown in seen:
        assert cell == figures == shown
    assert seen[-1][0].endswith("of 10.0 MiB")
    after = statuses[statuses.index(next(s for s in statuses if "Downloads window" in s)) :]
    assert not any(" of " in s and "iB" in s for s in after)  # no stale figure there
    speed = record(pane, 1).speed
    assert speed is not None
    assert 64 * 1024 < speed < 4 * MiB
    left = model.index(0, 4).data()
    assert left.endswith(" s")  # minutes and seconds left
    gate.limit(0)
    dialog.save_button.click()
    wait_state(qtbot, pane, 1, DownloadState.DONE)
    done = record(pane, 1)
    assert done.done == done.total == BIG_SIZE
    assert model.index(0, RECEIVED).data() == "10.0 MiB of 10.0 MiB"
    assert dialog.progress.value() == dialog.progress.maximum()


# --- cancel, resume, retry ---------------------------------------------------------------------


def test_an_ftp_download_cut_midway_resumes_to_a_byte_identical_file(
    qtbot: Any, pane: ViewerPane, big_url: str, gate: Gate, downloads: Path
) -> None:
    item = start_big(qtbot, pane, big_url)
    window = pane.downloads.window
    assert window is not None
    buttons = window.actions_for(1)
    assert not buttons.resume_button.isEnabled()  # nothing to resume while it runs
    wait_received(qtbot, pane, 1, MiB)
    buttons.cancel_button.click()
    wait_state(qtbot, pane, 1, DownloadState.CANCELLED)
    cut = record(pane, 1)
    assert cut.resumable
    assert item.spool is not None
    assert item.spool.stat().st_size == cut.done
    assert MiB <= cut.done < BIG_SIZE
    assert item.spool.read_bytes() == big_bytes()[: cut.done]
    assert not (downloads / "big.bin").exists()  # nothing half-written looks complete
    assert item.spool.name.endswith(".part")
    assert "Resume continues from" in window.model.index(0, STATE).data()
    assert "> ABOR" in pane.transcript.lines
    assert item.dialog is not None
    assert "Resume" in item.dialog.status.text()
    assert buttons.resume_button.isEnabled()
    assert buttons.retry_button.isEnabled()
    # the cancelled transfer has ended and all it signalled is handled: nothing is
    # left that could resume it (the downloads start no timers)
    qtbot.waitUntil(lambda: pane.downloads.runner.pool.activeThreadCount() == 0, timeout=10000)
    QCoreApplication.sendPostedEvents()
    assert record(pane, 1).state is DownloadState.CANCELLED  # resuming is the person's act
    gate.limit(0)
    buttons.resume_button.click()
    assert record(pane, 1).running
    wait_state(qtbot, pane, 1, DownloadState.DOWNLOADED)
    assert f"> REST {cut.done}" in pane.transcript.lines
    assert any(line.startswith("< 350") for line in pane.transcript.lines)
    dialog = item.dialog
    assert dialog is not None
    with qtbot.waitSignal(dialog.saved, timeout=10000):
        dialog.save_button.click()
    assert (downloads / "big.bin").read_bytes() == big_bytes()
    assert record(pane, 1).target == downloads / "big.bin"


def test_a_connection_lost_midway_fails_and_resumes_on_request(
    qtbot: Any, pane: ViewerPane, big_url: str, gate: Gate, downloads: Path
) -> None:
    gate.limit(0)
    gate.cut_at(3 * MiB)
    item = start_big(qtbot, pane, big_url)
    wait_state(qtbot, pane, 1, DownloadState.FAILED)
    lost = record(pane, 1)
    assert lost.resumable
    assert "426 Connection lost" in lost.message  # what the server said
    assert 3 * MiB <= lost.done < BIG_SIZE
    assert item.spool is not None
    assert item.spool.read_bytes() == big_bytes()[: lost.done]
    assert list(downloads.iterdir()) == []
    window = pane.downloads.window
    assert window is not None
    window.actions_for(1).resume_button.click()
    wait_state(qtbot, pane, 1, DownloadState.DOWNLOADED)
    dialog = item.dialog
    assert dialog is not None
    with qtbot.waitSignal(dialog.saved, timeout=10000):
        dialog.save_button.click()
    assert (downloads / "big.bin").read_bytes() == big_bytes()


def test_a_server_that_refuses_rest_ends_resuming_and_retry_starts_again(
    qtbot: Any, pane: ViewerPane, big_url: str, gate: Gate, downloads: Path
) -> None:
    gate.limit(0)
    gate.cut_at(2 * MiB)
    gate.allow_rest(False)
    item = start_big(qtbot, pane, big_url)
    wait_state(qtbot, pane, 1, DownloadState.FAILED)
    assert record(pane, 1).resumable  # worth a try: many servers take REST unannounced
    window = pane.downloads.window
    assert window is not None
    buttons = window.actions_for(1)
    buttons.resume_button.click()
    wait_state(qtbot, pane, 1, DownloadState.FAILED)
    refused = record(pane, 1)
    assert "cannot resume" in refused.message
    assert "502" in refused.message
    assert not refused.resumable
    assert not buttons.resume_button.isEnabled()
    assert buttons.retry_button.isEnabled()
    assert any(line.startswith("> REST ") for line in pane.transcript.lines)
    buttons.retry_button.click()
    wait_state(qtbot, pane, 1, DownloadState.DOWNLOADED)
    dialog = item.dialog
    assert dialog is not None
    with qtbot.waitSignal(dialog.saved, timeout=10000):
        dialog.save_button.click()
    assert (downloads / "big.bin").read_bytes() == big_bytes()


def test_a_cut_gopher_download_says_it_cannot_resume_and_retry_starts_again(
    qtbot: Any, pane: ViewerPane, downloads: Path
) -> None:
    slow = trickle_server(BINARY[:400], interval=0.01)
    try:
        pane.navigate(parse(f"gopher://127.0.0.1:{slow.port}/9/slow.bin"))
        qtbot.waitUntil(lambda: pane.downloads.model.rowCount() == 1, timeout=10000)
        wait_received(qtbot, pane, 1, 5)
        window = pane.downloads.window
        assert window is not None
        buttons = window.actions_for(1)
        buttons.cancel_button.click()
        wait_state(qtbot, pane, 1, DownloadState.CANCELLED)
        qtbot.waitUntil(slow.hung_up.is_set, timeout=5000)
        cut = record(pane, 1)
        assert not cut.resumable
        assert NO_RANGES in window.model.index(0, STATE).data()
        assert NO_RANGES == "this server cannot resume: gopher has no ranges; Retry starts again"
        assert not buttons.resume_button.isEnabled()
        assert buttons.resume_button.toolTip() == NO_RANGES
        assert job(pane, 1).resume() is None
        assert buttons.retry_button.isEnabled()
        buttons.retry_button.click()
        wait_state(qtbot, pane, 1, DownloadState.DOWNLOADED)
    finally:
        slow.close(5)
    dialog = job(pane, 1).dialog
    assert dialog is not None
    with qtbot.waitSignal(dialog.saved, timeout=5000):
        dialog.save_button.click()
    assert (downloads / "slow.bin").read_bytes() == BINARY[:400]  # all of it, from the start
    assert len(slow.received) == 2


def test_open_folder_shows_the_folder_of_the_saved_file(
    qtbot: Any, pane: ViewerPane, hole: Any, downloads: Path
) -> None:
    pane.navigate(parse(hole.url + "9/data.bin"))
    qtbot.waitUntil(lambda: pane.downloads.model.rowCount() == 1, timeout=10000)
    wait_state(qtbot, pane, 1, DownloadState.DOWNLOADED)
    dialog = job(pane, 1).dialog
    assert dialog is not None
    with qtbot.waitSignal(dialog.saved, timeout=5000):
        dialog.save_button.click()
    window = pane.downloads.show_window()
    opened: list[Path] = []

    def open_folder(folder: Path) -> bool:
        opened.append(folder)
        return True

    window.open_folder = open_folder
    buttons = window.actions_for(1)
    assert not buttons.cancel_button.isEnabled()
    assert not buttons.retry_button.isEnabled()
    qtbot.mouseClick(buttons.folder_button, Qt.MouseButton.LeftButton)
    assert opened == [downloads]
    assert "saved as" in window.model.index(0, STATE).data()
