"""The worded marks of the C0 controls (what the window shows: its fonts seldom draw
the control pictures) and the pictures the command line keeps."""

from __future__ import annotations

import unicodedata

import pytest

from urlinspector.present.marks import CLOSE, OPEN, mark_label, marked


@pytest.mark.parametrize(
    ("char", "word", "picture"),
    [
        ("\t", "HT", "␉"),
        ("\n", "LF", "␊"),
        ("\r", "CR", "␍"),
        ("\x00", "NUL", "␀"),
        ("\x07", "BEL", "␇"),
        ("\x1b", "ESC", "␛"),
        ("\x7f", "DEL", "␡"),
    ],
)
def test_a_control_is_worded_or_pictured(char: str, word: str, picture: str) -> None:
    assert mark_label(char, pictures=False) == word
    assert unicodedata.lookup(word) == char  # Unicode's own abbreviation of it
    assert marked(f"a{char}b", pictures=False) == f"a{OPEN}{word}{CLOSE}b"
    assert mark_label(char) == picture
    assert marked(f"a{char}b") == f"a{picture}b"  # the command line's, one column


@pytest.mark.parametrize("code", [*range(0x20), 0x7F])
def test_every_control_has_a_word_that_names_it(code: int) -> None:
    word = mark_label(chr(code), pictures=False)
    assert word.isascii()
    assert word.startswith("U+") or unicodedata.lookup(word) == chr(code)


@pytest.mark.parametrize("text", ["a\u202eb", "x\u200by", "\udc80", "plain", "é"])
def test_other_marks_are_the_same_in_both_forms(text: str) -> None:
    assert marked(text, pictures=False) == marked(text)
