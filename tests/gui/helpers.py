"""Reading what the address bar shows (the formats in its document's layout), laying
a window out now, and stopping a viewer at the end of a test."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QTextCharFormat
from PySide6.QtWidgets import (
    QAbstractItemView,
    QMenu,
    QMenuBar,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from urlinspector.gui.palette import Formats
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.viewer.workers import JobRunner
from urlinspector.gui.widgets.address_bar import UrlEdit


def char_formats(edit: UrlEdit) -> list[QTextCharFormat | None]:
    """The format of each character of the (single-line) editor; None where the
    highlighter set none."""
    block = edit.document().firstBlock()
    out: list[QTextCharFormat | None] = [None] * len(block.text())
    for r in block.layout().formats():
        fmt = QTextCharFormat(r.format)  # a copy: the range owns its format
        for i in range(r.start, r.start + r.length):
            out[i] = fmt
    return out


def same_look(a: QTextCharFormat | None, b: QTextCharFormat) -> bool:
    """Whether two formats look the same (colour, weight, slant, underline, tint)."""
    if a is None:
        return False
    return (
        a.foreground().color().name() == b.foreground().color().name()
        and a.fontWeight() == b.fontWeight()
        and a.fontItalic() == b.fontItalic()
        and a.underlineStyle() == b.underlineStyle()
        and a.background().style() == b.background().style()
        and (a.background().color().name() == b.background().color().name())
    )


def role_at(
    edit: UrlEdit, formats: Formats, index: int, candidates: list[tuple[str, tuple[str, ...]]]
) -> tuple[str, tuple[str, ...]] | None:
    """Which of *candidates* (role, overlays) the character at *index* is shown as."""
    fmt = char_formats(edit)[index]
    for role, overlays in candidates:
        if same_look(fmt, formats.get(role, overlays)):
            return role, overlays
    return None


def top_item(tree: QTreeWidget, row: int) -> QTreeWidgetItem:
    """The tree's top-level item at *row*, which must be there."""
    item = tree.topLevelItem(row)
    assert item is not None, f"the tree has no row {row}"
    return item


def current_item(tree: QTreeWidget) -> QTreeWidgetItem:
    """The tree's current item, which there must be."""
    item = tree.currentItem()
    assert item is not None, "the tree has no current item"
    return item


def menu_titled(bar: QMenuBar, title: str) -> QMenu:
    """The menu of *bar* whose title, access-key marks left out, is *title*."""
    menu = next(a.menu() for a in bar.actions() if a.text().replace("&", "") == title)
    assert isinstance(menu, QMenu), f"no menu {title!r}"
    return menu


def address(viewer: ViewerPane) -> str:
    """The text of the URL the viewer shows ("" before the first)."""
    return viewer.url.text if viewer.url is not None else ""


def lay_out(window: QWidget) -> None:
    """Lay *window* out now, as the next turns of the event loop would: the posted
    layout requests (one handled may post its parent's, which the same call handles),
    then the item views' rows, whose layout Qt puts off to a timer."""
    QCoreApplication.sendPostedEvents()
    for view in window.findChildren(QAbstractItemView):
        view.doItemsLayout()
    QCoreApplication.sendPostedEvents()


WORKERS_END_MS = 10000
"""How long a worker thread may still take after Stop (a socket read in progress ends
at its own timeout, well below this)."""


def stop_runner(runner: JobRunner) -> None:
    """Stop *runner*'s jobs and wait until its threads have ended; then deliver what the
    jobs signalled on the way out, while their receivers are still there to take it."""
    runner.shutdown()
    _ended(runner)
    QCoreApplication.sendPostedEvents()


def stop_viewer(pane: ViewerPane) -> None:
    """:func:`stop_runner` for the viewer's fetches and downloads: no thread outlives
    the test, and no queued signal reaches a deleted widget."""
    pane.shutdown()
    for runner in (pane.runner, pane.downloads.runner):
        _ended(runner)
    QCoreApplication.sendPostedEvents()


def _ended(runner: JobRunner) -> None:
    assert runner.pool.waitForDone(WORKERS_END_MS), "a worker thread outlived the test"
