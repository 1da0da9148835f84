"""Back, forward and reload: the viewer's history, in plain Python (no Qt).

A browser's session history: a list of entries and a current position.  Visiting a new
URL drops the entries after the current one (the forward list) and appends; back and
forward move the position; reload keeps it.  Each entry may carry a little view state
(the charset chosen, the row that was selected) so that going back shows the page as
it was left.

The viewer records an entry only once a page is shown: a fetch that fails or is
stopped leaves the history as it was.  An entry holds the :class:`~urlinspector.core.URL`
the page was fetched with, parsed once where the reader gave it (the address bar, a
link, a menu item), with the edition it was read by: going back fetches that same URL
without reading its text again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from urlinspector.core import URL

__all__ = ["DEFAULT_LIMIT", "History", "HistoryEntry"]

DEFAULT_LIMIT = 500
"""Entries kept; the oldest go first."""

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class HistoryEntry:
    """One page of the history."""

    url: URL
    """The URL the page was retrieved with (its base URL, URL syntax draft 1997 §5.1.3),
    as it was read, edition and all."""
    title: str = ""
    """A short name for menus: a menu's first line, a file name, a group."""
    state: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    """View state restored when the page is shown again (charset, selected row ...)."""


class History:
    """The pages visited, with a current position.

    ``listener()`` (optional) is called after every change, so a GUI can enable its
    back and forward buttons.
    """

    def __init__(
        self, limit: int = DEFAULT_LIMIT, listener: Callable[[], None] | None = None
    ) -> None:
        if limit < 1:
            raise ValueError(f"a history keeps at least one entry, not {limit}")
        self.limit = limit
        self.listener = listener
        self._entries: list[HistoryEntry] = []
        self._index = -1

    # -- reading ------------------------------------------------------------------------

    @property
    def current(self) -> HistoryEntry | None:
        """The page shown now, or None before the first visit."""
        return self._entries[self._index] if self._index >= 0 else None

    @property
    def index(self) -> int:
        """The position of :attr:`current` (-1 when empty)."""
        return self._index

    @property
    def entries(self) -> tuple[HistoryEntry, ...]:
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def can_go_back(self) -> bool:
        return self._index > 0

    @property
    def can_go_forward(self) -> bool:
        return 0 <= self._index < len(self._entries) - 1

    def back_entries(self) -> tuple[HistoryEntry, ...]:
        """The entries before the current one, nearest first (for a Back menu)."""
        return tuple(reversed(self._entries[: max(self._index, 0)]))

    def forward_entries(self) -> tuple[HistoryEntry, ...]:
        """The entries after the current one, nearest first."""
        return tuple(self._entries[self._index + 1 :])

    def peek(self, offset: int) -> HistoryEntry | None:
        """The entry *offset* steps from the current one (-1: back), or None."""
        target = self._index + offset
        if self._index < 0 or not 0 <= target < len(self._entries):
            return None
        return self._entries[target]

    # -- changing -----------------------------------------------------------------------

    def visit(self, url: URL, title: str = "", state: Mapping[str, Any] | None = None) -> None:
        """A new page is shown: it follows the current one, and the forward list is
        dropped.  Visiting the URL already current (the same text) only updates its URL,
        title and state (a reload, or Enter on the same address, adds no entry)."""
        current = self.current
        if current is not None and current.url.text == url.text:
            self._entries[self._index] = HistoryEntry(
                url, title or current.title, _frozen(state) if state is not None else current.state
            )
            self._changed()
            return
        del self._entries[self._index + 1 :]
        self._entries.append(HistoryEntry(url, title, _frozen(state)))
        overflow = len(self._entries) - self.limit
        if overflow > 0:
            del self._entries[:overflow]
        self._index = len(self._entries) - 1
        self._changed()

    def go(self, offset: int) -> HistoryEntry:
        """Move *offset* steps (negative: back) and return the new current entry.

        Raises :class:`IndexError` when there is no such entry (the position is then
        unchanged)."""
        entry = self.peek(offset)
        if entry is None or (offset == 0 and self._index < 0):
            where = "back" if offset < 0 else "forward"
            raise IndexError(f"cannot go {abs(offset)} step(s) {where}: no such page")
        self._index += offset
        self._changed()
        return entry

    def back(self) -> HistoryEntry:
        return self.go(-1)

    def forward(self) -> HistoryEntry:
        return self.go(1)

    def update_current(self, *, title: str | None = None, **state: Any) -> None:
        """Change the current entry's title and merge *state* into its view state."""
        current = self.current
        if current is None:
            return
        merged = {**current.state, **state}
        self._entries[self._index] = replace(
            current,
            title=current.title if title is None else title,
            state=MappingProxyType(merged),
        )
        self._changed()

    def clear(self) -> None:
        self._entries.clear()
        self._index = -1
        self._changed()

    def _changed(self) -> None:
        if self.listener is not None:
            self.listener()


def _frozen(state: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(state)) if state else _EMPTY
