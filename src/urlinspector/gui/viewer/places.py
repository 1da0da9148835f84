"""Where the reader was on a menu or a listing, kept in the history: Back (and Forward,
and Reload) comes back to the item that was followed, selected, with the rows around
it scrolled as they were, as Lynx does.

:meth:`Places.remember` stores the current row, its URL and the top row of the page
shown in the history's current entry before the viewer goes elsewhere;
:meth:`Places.restore` puts them back when that entry is shown again.  A gopher menu
arrives in parts: the place is restored as soon as its rows have come.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, QTimer
from PySide6.QtWidgets import QAbstractItemView, QWidget

from urlinspector.core import URL
from urlinspector.gui.viewer.history import History

__all__ = ["PLACE", "Place", "Places"]

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


class Places:
    """The places of the pages of *views* (page -> its item view and the data role of
    a row's URL), kept in *history*."""

    def __init__(
        self, history: History, views: Mapping[QWidget, tuple[QAbstractItemView, int]]
    ) -> None:
        self.history = history
        self.views = {page: view for page, (view, _role) in views.items()}
        self.roles = dict(views.values())
        self._pending: tuple[QAbstractItemView, Place] | None = None
        for view in self.views.values():
            view.model().rowsInserted.connect(self._try)
            view.model().modelReset.connect(self._try)

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

    def restore(self, page: QWidget, state: Mapping[str, Any]) -> None:
        """Put *page* back at the place *state* holds (when its rows are there)."""
        view = self.views.get(page)
        place = state.get(PLACE)
        self._pending = (view, place) if view is not None and isinstance(place, Place) else None
        self._try()

    def _try(self, *_args: object) -> None:
        if self._pending is None:
            return
        view, place = self._pending
        model = view.model()
        rows = model.rowCount(QModelIndex())
        if rows <= max(place.row, place.top):
            return  # not come yet
        self._pending = None
        row = place.row
        if place.url is not None and self.url_of(view, row) != place.url:
            found = (r for r in range(rows) if self.url_of(view, r) == place.url)
            row = next(found, row)
        view.setCurrentIndex(model.index(row, 0))

        def scroll() -> None:  # once the view knows its rows' heights
            view.scrollTo(model.index(place.top, 0), QAbstractItemView.ScrollHint.PositionAtTop)
            # Scrolled so, the row is in view unless the window is smaller than it was.
            # A horizontal scroll bar shown only while the rows are laid out does not
            # count: scrolling past it would leave the page a row off once it goes.
            if view.visualRect(model.index(row, 0)).bottom() >= view.maximumViewportSize().height():
                view.scrollTo(model.index(row, 0))

        QTimer.singleShot(0, view, scroll)  # (dropped if the view is deleted first)
