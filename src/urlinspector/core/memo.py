"""Memoization that keeps only short inputs.

The readings of a URL are cached (:func:`functools.lru_cache`) because the window asks
for them again on every keystroke and every view.  Kept as they are, a cache of 1,024
entries holds 1,024 inputs and their results whatever their size: a batch of 1 MiB
lines (``--jsonl``) would keep gigabytes of readings nobody asks for twice.  So an
input longer than :data:`LONGEST` is computed each time and not kept.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import ParamSpec, TypeVar, cast

__all__ = ["LONGEST", "short_lru_cache"]

P = ParamSpec("P")
R = TypeVar("R")

LONGEST = 8192
"""Characters (or octets) of the longest argument kept: about the longest request line
web servers accept (Apache httpd's ``LimitRequestLine`` default, 8,190 bytes)."""


def short_lru_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """:func:`functools.lru_cache` (*maxsize* entries) for calls whose ``str`` and
    ``bytes`` arguments are all :data:`LONGEST` or shorter; a longer one is computed
    and not kept.  The wrapper's ``cache_clear`` empties the cache."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        cache = functools.lru_cache(maxsize=maxsize)(function)
        cached = cast("Callable[P, R]", cache)

        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            if _long(args) or (kwargs and _long(kwargs.values())):
                return function(*args, **kwargs)
            return cached(*args, **kwargs)

        call.cache_clear = cache.cache_clear  # type: ignore[attr-defined]
        return call

    return decorate


def _long(values: Iterable[object]) -> bool:
    return any(isinstance(v, (str, bytes)) and len(v) > LONGEST for v in values)
