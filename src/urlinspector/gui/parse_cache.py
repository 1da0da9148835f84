"""The parses the window shares: the address bar's highlighters and every panel read
one parse per keystroke from :class:`ParseCache`."""

from __future__ import annotations

from collections import OrderedDict

from urlinspector.core import URL, Destination, destination, parse
from urlinspector.data import top_domains

__all__ = ["ParseCache"]


class ParseCache:
    """The last few parses, by text and edition: the highlighters and every panel
    share one parse per keystroke.  Where the browsers go (:func:`destination`) is
    kept beside them, for the few labels that show it."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, str], URL] = OrderedDict()
        self._destinations: OrderedDict[tuple[str, str, str], Destination] = OrderedDict()
        self.misses = 0

    def destination(self, text: str, edition: str, base: str = "") -> Destination:
        """Where *text* leads in browsers (a relative reference: resolved against
        *base*), against its reading under *edition*."""
        key = (text, edition, base)
        found = self._destinations.get(key)
        if found is None:
            url = self.parse(text, edition)
            found = self._destinations[key] = destination(url, base, brands=top_domains())
            if len(self._destinations) > 8:
                self._destinations.popitem(last=False)
        return found

    def parse(self, text: str, edition: str) -> URL:
        key = (text, edition)
        url = self._items.get(key)
        if url is None:
            self.misses += 1
            url = self._items[key] = parse(text, edition)
            if len(self._items) > self.size:
                self._items.popitem(last=False)
        else:
            self._items.move_to_end(key)
        return url
