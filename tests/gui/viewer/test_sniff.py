"""Telling text from binary data by the first KiB."""

from __future__ import annotations

import pytest

from urlinspector.gui.viewer.common import SNIFF, looks_like_text


@pytest.mark.parametrize(
    ("head", "text"),
    [
        (b"", True),
        (b"plain ASCII\r\nwith lines\tand tabs\n", True),
        ("UTF-8: äöü €".encode(), True),
        ("cut in the middle: €".encode()[:-1], True),
        ("Latin-1: caf\xe9 cr\xe8me".encode("latin-1"), True),
        (b"\x1b[1mANSI\x1b[0m\x0c", True),
        (b"NUL\x00inside", False),
        (bytes(range(256)), False),
        (bytes(range(1, 32)) * 8, False),
    ],
)
def test_looks_like_text(head: bytes, text: bool) -> None:
    assert looks_like_text(head) is text


def test_only_the_first_kib_counts() -> None:
    assert looks_like_text(b"a" * SNIFF + b"\x00")
