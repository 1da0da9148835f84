"""A table whose entries are built the first time they are asked for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["LazyTable"]

K = TypeVar("K")
V = TypeVar("V")


class LazyTable(dict[K, V]):
    """A dict that builds the value of a key with *build* the first time the key is
    looked up (``table[key]``) and keeps it: a lookup of a key already built is a plain
    dict lookup.  For tables that are costly to build whole and of which a run of the
    program needs a few entries (the regexes of an edition's components, the messages
    on one character).  A key *build* refuses raises what it raises (``KeyError`` for
    a key it does not know), and nothing is kept."""

    def __init__(self, build: Callable[[K], V]) -> None:
        super().__init__()
        self._build = build

    def __missing__(self, key: K) -> V:
        value = self[key] = self._build(key)
        return value
