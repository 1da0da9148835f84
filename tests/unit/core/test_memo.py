"""Memoization keeps short inputs only: a batch of long lines does not fill memory."""

from __future__ import annotations

import pytest

from urlinspector.core import memo
from urlinspector.core.browser import browser_reading
from urlinspector.readers import reader_readings


@pytest.mark.parametrize("reading", [browser_reading, reader_readings])
@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("http://example.com/a", True),
        ("http://example.com/" + "a" * (memo.LONGEST - 19), True),  # LONGEST exactly
        ("http://example.com/" + "a" * (memo.LONGEST - 18), False),
        ("http://example.com/" + "a" * (1 << 20), False),  # a batch's longest line
    ],
)
def test_long_inputs_are_computed_and_not_kept(reading: object, text: str, kept: bool) -> None:
    assert callable(reading)
    first, second = reading(text), reading(text)
    assert first == second
    assert (first is second) is kept


def test_each_argument_counts() -> None:
    calls: list[tuple[object, ...]] = []

    @memo.short_lru_cache(maxsize=8)
    def joined(a: str, b: bytes = b"") -> int:
        calls.append((a, b))
        return len(a) + len(b)

    long = b"x" * (memo.LONGEST + 1)
    for _ in range(2):
        assert joined("a", b"b") == 2
        assert joined("a", b=long) == memo.LONGEST + 2
        assert joined("a", long) == memo.LONGEST + 2
    assert calls == [("a", b"b"), ("a", long), ("a", long), ("a", long), ("a", long)]
    joined.cache_clear()  # type: ignore[attr-defined]
    assert joined("a", b"b") == 2
    assert len(calls) == 6
