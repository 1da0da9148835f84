"""The parses the window shares: the address bar's highlighters and every panel read
one parse per keystroke from :class:`ParseCache`."""

from __future__ import annotations

from collections import OrderedDict
from functools import cached_property
from typing import TypeVar

from urlinspector.core import URL, Destination, destination, parse
from urlinspector.core.host_judgement import HostJudge
from urlinspector.core.readers import ReaderReading, reader_readings
from urlinspector.data import top_domains

__all__ = ["ParseCache"]

DESTINATIONS_KEPT = 8


class ParseCache:
    """The last few parses, by text and edition: the highlighters and every panel
    share one parse per keystroke.  Where the browsers go (:func:`destination`) is
    kept beside them, for the few labels that show it."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, str], URL] = OrderedDict()
        self._destinations: OrderedDict[tuple[str, str, str], Destination] = OrderedDict()
        self._light: OrderedDict[tuple[str, str, str], Destination] = OrderedDict()
        """Destinations without the libraries' readings."""
        self._readings: OrderedDict[str, tuple[ReaderReading, ...]] = OrderedDict()
        """The libraries' readings, by text: the same for every edition, and too
        slow for a long URL to ask again (the core keeps only short ones)."""
        self.misses = 0

    def destination(
        self, text: str, edition: str, base: str = "", *, readers: bool = True
    ) -> Destination:
        """Where *text* leads in browsers (a relative reference: resolved against
        *base*), against its reading under *edition*; without *readers*, the
        libraries are left unasked unless they were asked already (for a long URL
        they cost more than all the rest)."""
        key = (text, edition, base)
        found = self._destinations.get(key)
        if found is not None:
            return found
        if not readers:
            light = self._light.get(key)
            if light is None:
                light = _remember(self._light, key, self._judged(key, readers=False))
            return light
        return _remember(self._destinations, key, self._judged(key, readers=True))

    def _judged(self, key: tuple[str, str, str], *, readers: bool) -> Destination:
        text, edition, base = key
        url = self.parse(text, edition)
        readings = self.readings(url.uri) if readers and url.is_absolute else None
        return destination(
            url,
            base,
            brands=self.hosts.brands,
            readers=readers,
            readings=readings,
            hosts=self.hosts,
        )

    @cached_property
    def hosts(self) -> HostJudge:
        """What follows from a host alone (look-alikes, brands, the registrable
        domain), judged once per host for every edition and keystroke."""
        return HostJudge(top_domains())

    def readings(self, text: str) -> tuple[ReaderReading, ...]:
        """What each HTTP library reads in *text* (:func:`reader_readings`), asked
        once for the last few texts."""
        found = self._readings.get(text)
        if found is None:
            found = _remember(self._readings, text, reader_readings(text))
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


K = TypeVar("K")
V = TypeVar("V")


def _remember(found: OrderedDict[K, V], key: K, value: V) -> V:
    """Keep *value* as the newest of the last few."""
    found[key] = value
    if len(found) > DESTINATIONS_KEPT:
        found.popitem(last=False)
    return value
