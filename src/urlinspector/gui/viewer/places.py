"""Where the reader was on a menu or a listing, kept in the history: Back (and Forward,
and Reload) comes back to the item that was followed, selected, with the rows around
it scrolled as they were, as Lynx does.  A menu or listing shown anew starts on its
first item, or, reached by Backspace (up a level), on the item that leads back to
where the reader came from.

:meth:`Places.remember` stores the current row, its URL and the top row of the page
shown in the history's current entry before the viewer goes elsewhere;
:meth:`Places.restore` puts them back when that entry is shown again, and selects the
first item (or the one :meth:`Places.coming_up` named) of a page shown anew.  A gopher
menu arrives in parts: the place is restored as soon as its rows have come.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, QTimer
from PySide6.QtWidgets import QAbstractItemView, QWidget

from urlinspector.core import URL
from urlinspector.gui.viewer.history import History
from urlinspector.gui.viewer.menu_keys import Stops, stop_near

__all__ = ["PLACE", "Arrival", "Place", "Places"]

PLACE = "place"
"""The key of a :class:`Place` in a history entry's state."""


@dataclass(frozen=True, slots=True)
class Place:
    row: int
    """The current row (the item followed)."""
    url: str | None
    """Its URL: a listing sorted another way finds it by this."""
    top: int
    """The first row shown."""


@dataclass(slots=True)
class Arrival:
    """A menu or listing shown anew: select the row that leads to *url* (the page the
    reader came up from) once it has come, else the first stop."""

    url: str | None
    seen: int
    """The current row at the last look (-1: none): a move since is the reader's."""
    scanned: int = 0
    """Rows already looked at for *url* (a long menu arrives in parts)."""
    first: bool = False
    """The first stop was chosen."""


class Places:
    """The places of the pages of *views* (page -> its item view, the data role of a
    row's URL, and the rows the keyboard stops on), kept in *history*."""

    def __init__(
        self, history: History, views: Mapping[QWidget, tuple[QAbstractItemView, int, Stops]]
    ) -> None:
        self.history = history
        self.views = {page: view for page, (view, _role, _stops) in views.items()}
        self.roles = {view: role for view, role, _stops in views.values()}
        self.stops = {view: stops for view, _role, stops in views.values()}
        self._pending: tuple[QAbstractItemView, Place | Arrival] | None = None
        self._coming_up: tuple[str, str] | None = None
        for view in self.views.values():
            view.model().rowsInserted.connect(self._try)
            view.model().modelReset.connect(self._try)

    def coming_up(self, above: str, child: str) -> None:
        """The page at *above* is about to be shown, reached up a level from *child*
        (Backspace, Alt+Up): when it comes, select the row that leads to *child*."""
        self._coming_up = (above, child)

    def url_of(self, view: QAbstractItemView, row: int) -> str | None:
        url = view.model().index(row, 0).data(self.roles[view])
        return url if isinstance(url, str) else None

    def remember(self, page: QWidget | None, url: URL) -> None:
        """Keep the place on *page*, showing *url*, in the history's current entry."""
        view = self.views.get(page) if page is not None else None
        current = self.history.current
        if view is None or current is None or current.url.text != url.text:
            return
        index = view.currentIndex()
        if not index.isValid():
            return
        top = view.indexAt(QPoint(1, 1))
        place = Place(
            index.row(), self.url_of(view, index.row()), top.row() if top.isValid() else 0
        )
        self.history.update_current(place=place)

    def restore(self, page: QWidget, state: Mapping[str, Any], url: str = "") -> None:
        """Put *page*, now showing *url*, back at the place *state* holds (when its rows
        are there); a page without one starts on its first item, or on the row
        :meth:`coming_up` named."""
        view = self.views.get(page)
        place = state.get(PLACE)
        coming_up, self._coming_up = self._coming_up, None
        if view is None:
            self._pending = None
        elif isinstance(place, Place):
            self._pending = (view, place)
        else:
            child = coming_up[1] if coming_up is not None and coming_up[0] == url else None
            self._pending = (view, Arrival(child, _row(view)))
        self._try()

    def _try(self, *_args: object) -> None:
        if self._pending is None:
            return
        view, target = self._pending
        if isinstance(target, Arrival):
            self._arrive(view, target)
            return
        model = view.model()
        rows = model.rowCount(QModelIndex())
        if rows <= max(target.row, target.top):
            return  # not come yet
        self._pending = None
        row = target.row
        if target.url is not None and self.url_of(view, row) != target.url:
            found = (r for r in range(rows) if self.url_of(view, r) == target.url)
            row = next(found, row)
        view.setCurrentIndex(model.index(row, 0))
        place = target

        def scroll() -> None:  # once the view knows its rows' heights
            view.scrollTo(model.index(place.top, 0), QAbstractItemView.ScrollHint.PositionAtTop)
            # Scrolled so, the row is in view unless the window is smaller than it was.
            # A horizontal scroll bar shown only while the rows are laid out does not
            # count: scrolling past it would leave the page a row off once it goes.
            if view.visualRect(model.index(row, 0)).bottom() >= view.maximumViewportSize().height():
                view.scrollTo(model.index(row, 0))

        QTimer.singleShot(0, view, scroll)  # (dropped if the view is deleted first)

    def _arrive(self, view: QAbstractItemView, arrival: Arrival) -> None:
        """A page shown anew: its first stop, then (when it comes) the row that leads
        back to where the reader came from; never over a move of the reader's."""
        model = view.model()
        rows = model.rowCount(QModelIndex())
        if _row(view) != arrival.seen:
            self._pending = None  # the reader moved: the keyboard is theirs
            return
        found = self._find(view, arrival, rows)
        if found is not None:
            self._pending = None
            view.setCurrentIndex(model.index(found, 0))
            QTimer.singleShot(0, view, lambda: view.scrollTo(model.index(found, 0)))
            return
        if not arrival.first and rows:
            first = stop_near(self.stops[view], rows, 0, 1)
            if first is not None:
                view.setCurrentIndex(model.index(first, 0))
                arrival.first = True
        arrival.seen = _row(view)
        if arrival.url is None and arrival.first:
            self._pending = None

    def _find(self, view: QAbstractItemView, arrival: Arrival, rows: int) -> int | None:
        """The row among those come since the last look that leads to the arrival's URL."""
        if arrival.url is None:
            return None
        wanted = _as_named(arrival.url)
        start, arrival.scanned = arrival.scanned, rows
        return next(
            (r for r in range(start, rows) if _as_named(self.url_of(view, r) or "") == wanted),
            None,
        )


def _row(view: QAbstractItemView) -> int:
    index = view.currentIndex()
    return index.row() if index.isValid() else -1


def _as_named(url: str) -> str:
    """*url* as a row names it: a directory's or a menu's with or without its last
    ``/`` (a listing names ``dir``, its page is ``dir/``)."""
    return url.rstrip("/")
