"""Visible marks (present.marks): what both front ends show in place of a character a
reader would not see, or that would reorder the text."""

from __future__ import annotations

import unicodedata

import pytest

from urlinspector.core.checks.hidden import is_hidden
from urlinspector.present.marks import MARKS, mark_label, marked, needs_mark


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("invoice\u202efdp.exe", "invoice⟦RLO⟧fdp.exe"),
        ("a\u2066b\u2069", "a⟦LRI⟧b⟦PDI⟧"),
        ("pay\u200bpal", "pay⟦ZWSP⟧pal"),
        ("\u200c\u200d\u200e\u200f\u061c", "⟦ZWNJ⟧⟦ZWJ⟧⟦LRM⟧⟦RLM⟧⟦ALM⟧"),
        ("\ufeffx", "⟦ZWNBSP⟧x"),
        ("a\u00a0b", "a⟦NBSP⟧b"),  # a space that is not U+0020
        ("x\U000e0069\U000e0067", "x⟦TAG i⟧⟦TAG g⟧"),
        ("\U000e007f", "⟦U+E007F⟧"),  # CANCEL TAG: no abbreviation
        ("\u2065", "⟦U+2065⟧"),  # unassigned, default-ignorable
        ("\ufe0f", "⟦VS16⟧"),
        ("a\tb\x00\x7f", "a␉b␀␡"),  # C0 controls and DEL: control pictures
        (b"\xff".decode("utf-8", "surrogateescape"), "\\xff"),
        ("été 日本 עברית", "été 日本 עברית"),  # visible text as it is
        ("plain ascii", "plain ascii"),
    ],
)
def test_marked(text: str, shown: str) -> None:
    assert marked(text) == shown


def test_every_hidden_character_gets_a_mark_that_itself_shows() -> None:
    """Every Default_Ignorable_Code_Point and Bidi_Control (ICU's data) of the Basic
    Multilingual Plane and the tags: a mark that holds no hidden character."""
    import icu

    chars = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Bidi_Control:]]")
    count = 0
    for i in range(chars.getRangeCount()):
        first, last = ord(chars.getRangeStart(i)), ord(chars.getRangeEnd(i))
        for code in range(first, min(last, 0xE007F) + 1):
            char = chr(code)
            assert needs_mark(char)
            mark = MARKS[char]
            assert mark[0] + mark[-1] == "⟦⟧", (hex(code), mark)
            assert not any(is_hidden(c) for c in mark)
            count += 1
    assert count > 200


@pytest.mark.parametrize("code", [0x202E, 0x200B, 0x2066, 0xFE0F, 0x00A0, 0x180E])
def test_abbreviations_are_unicode_aliases(code: int) -> None:
    # (NameAliases.txt's abbreviations, which unicodedata.lookup knows)
    label = mark_label(chr(code))
    assert unicodedata.lookup(label) == chr(code)
