"""An exception nobody caught shows a dialog with a copyable report, and the window goes
on.  pytest-qt captures exceptions raised in Qt callbacks by installing its own
``sys.excepthook`` for each test: ``qt_no_exception_capture`` turns that off, so that the
program's own hook is the one Qt calls, as in ``urlinspector gui``."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from urlinspector.gui.app import ErrorDialog, ErrorReporter, install_error_reporter
from urlinspector.gui.main_window import MainWindow

pytestmark = pytest.mark.qt_no_exception_capture


@pytest.fixture
def reporter(window: MainWindow) -> Iterator[ErrorReporter]:
    reporter = install_error_reporter(window)
    yield reporter
    reporter.uninstall()
    if reporter.dialog is not None:
        reporter.dialog.close()


class BrokenSlotError(RuntimeError):
    pass


def broken_slot() -> None:
    raise BrokenSlotError("a slot that fails")


def wait_for_dialog(qtbot: object, reporter: ErrorReporter) -> ErrorDialog:
    qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible())  # type: ignore[attr-defined]
    assert reporter.dialog is not None
    return reporter.dialog


def test_a_failing_slot_shows_the_report_and_the_window_goes_on(
    window: MainWindow,
    reporter: ErrorReporter,
    qtbot: object,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert sys.excepthook == reporter.excepthook
    QTimer.singleShot(0, broken_slot)
    dialog = wait_for_dialog(qtbot, reporter)
    report = dialog.report.toPlainText()
    assert "Traceback (most recent call last)" in report
    assert "BrokenSlotError: a slot that fails" in report
    assert "in broken_slot" in report
    assert "URL Inspector" in report
    assert "Python" in report
    assert "BrokenSlotError" in capsys.readouterr().err  # the terminal has it too
    dialog.copy_button.click()
    assert QApplication.clipboard().text() == report
    # the window goes on: it still takes input and answers
    window.set_base("http://example.org/a/")
    QApplication.processEvents()
    assert window.isVisible()
    QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: dialog.report.toPlainText().count("BrokenSlotError: a slot") == 2)  # type: ignore[attr-defined]
    assert reporter.dialog is dialog  # one dialog, both reports


def test_a_failing_thread_is_reported_on_the_gui_thread(
    reporter: ErrorReporter, qtbot: object
) -> None:
    thread = threading.Thread(target=broken_slot)
    thread.start()
    thread.join()
    dialog = wait_for_dialog(qtbot, reporter)
    assert "BrokenSlotError" in dialog.report.toPlainText()


def test_the_hook_is_given_back(window: MainWindow) -> None:
    before = sys.excepthook
    reporter = install_error_reporter(window)
    assert sys.excepthook != before
    reporter.uninstall()
    assert sys.excepthook == before
