"""Visible marks for the characters a reader would not see, or that would reorder
what a reader sees: what both front ends show in their place, the way code editors
show Trojan Source controls.

``invoice<U+202E>fdp.exe`` is shown as ``invoice⟦RLO⟧fdp.exe``: never reordered,
never invisible.  One table, :data:`MARKS`, built from Unicode's own data:

- the C0 controls and DEL: their control pictures (``␀`` .. ``␟``, ``␡``);
- a lone surrogate (an undecodable byte kept by ``surrogateescape``): ``\\xNN``;
- every Default_Ignorable_Code_Point and Bidi_Control (ICU's data, see
  :mod:`urlinspector.core.checks.hidden`), the C1 controls, the format characters,
  the line and paragraph separators and every space that is not U+0020:
  ``⟦ABBR⟧`` when Unicode gives the character an abbreviation alias (NameAliases.txt,
  confirmed by ``unicodedata.lookup``: ``⟦RLO⟧``, ``⟦ZWSP⟧``, ``⟦NBSP⟧``, ``⟦VS16⟧``),
  ``⟦TAG x⟧`` for the tag character that mirrors ASCII ``x``, else ``⟦U+XXXX⟧``.

:func:`marked` is the one function that applies it; the address bar draws the same
text (:func:`mark_label`) in a box in place of the character itself.

The window's fonts seldom carry the Control Pictures block (``␉`` drew as an empty
box), so the window asks for the *worded* form (``pictures=False``, :data:`WORD_MARKS`):
a C0 control or DEL as its Unicode abbreviation, ``⟦HT⟧``, ``⟦LF⟧``, ``⟦NUL⟧`` (the
control picture's name, ``SYMBOL FOR HORIZONTAL TABULATION``, read as NameAliases.txt
abbreviates it and confirmed by ``unicodedata.lookup``).  The command line keeps the
one-column pictures, which keep its carets under their characters.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from urlinspector.core.checks.hidden import char_name, is_hidden
from urlinspector.core.lazytable import LazyTable

__all__ = ["CLOSE", "MARKS", "OPEN", "WORD_MARKS", "mark_label", "marked", "needs_mark"]

OPEN: Final = "⟦"
CLOSE: Final = "⟧"
"""A mark's brackets, U+27E6 and U+27E7 (MATHEMATICAL WHITE SQUARE BRACKETs): they do
not pass for parentheses at a cell's size, as angle brackets do, nor for characters a
URL would hold."""

_HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Zl", "Zp", "Zs"})


def needs_mark(char: str) -> bool:
    """Whether *char* is shown as a mark rather than as itself."""
    if " " <= char < "\x7f":
        return False
    if char < " " or char == "\x7f":
        return True
    category = unicodedata.category(char)
    return category == "Cs" or category in _HIDDEN_CATEGORIES or is_hidden(char)


def _initials(name: str) -> list[str]:
    """Candidate abbreviations of a Unicode *name*, as NameAliases.txt forms them:
    the initials of its words (``RIGHT-TO-LEFT OVERRIDE``: RLO, the ``TO`` left out),
    ``SP`` for SPACE (ZWSP, NBSP), and a trailing number kept (VS16)."""
    words = name.replace("-", " ").split()
    number = ""
    if words and name.rsplit("-", 1)[-1].isdigit():
        number = words.pop()
    letters = [w[0] for w in words if w != "TO"]
    spaced = [("SP" if w == "SPACE" else w[0]) for w in words if w != "TO"]
    return ["".join(letters) + number, "".join(spaced) + number]


def _picture(code: int) -> str:
    """The control picture of a C0 control or DEL (Unicode's Control Pictures block)."""
    return "\u2421" if code == 0x7F else chr(0x2400 + code)  # ␡, ␀ .. ␟


def _control_word(char: str) -> str:
    """The abbreviation of a C0 control or DEL (``HT``, ``NUL``), read from the name of
    its control picture (its initials, or its first three letters) and confirmed by
    ``unicodedata.lookup``; else that name (``START OF TEXT``), else its code point."""
    name = unicodedata.name(_picture(ord(char)), "").removeprefix("SYMBOL FOR ")
    for candidate in (*_initials(name), name[:3], name) if name else ():
        try:
            if unicodedata.lookup(candidate) == char:
                return candidate
        except KeyError:
            continue
    return f"U+{ord(char):04X}"


def mark_label(char: str, *, pictures: bool = True) -> str:
    """The text of *char*'s mark, without the brackets: ``RLO``, ``ZWSP``,
    ``TAG a``, ``U+2065``; for a C0 control or DEL its control picture, or without
    *pictures* its abbreviation (``HT``)."""
    code = ord(char)
    if code < 0x20 or code == 0x7F:
        return _picture(code) if pictures else _control_word(char)
    if unicodedata.category(char) == "Cs":
        return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"
    name = char_name(char).partition(" ")[2]
    if name.startswith("TAG ") and 0xE0021 <= code <= 0xE007E:
        return f"TAG {chr(code - 0xE0000)}"  # what the tag character mirrors
    for candidate in _initials(name) if name else ():
        try:
            if unicodedata.lookup(candidate) == char:
                return candidate
        except KeyError:
            continue
    return f"U+{code:04X}"


def _mark(char: str, *, pictures: bool = True) -> str:
    if not needs_mark(char):
        return char
    label = mark_label(char, pictures=pictures)
    picture = pictures and (ord(char) < 0x20 or char == "\x7f")
    if picture or label.startswith("\\"):
        return label  # (one visible character, or an escape, as before)
    return f"{OPEN}{label}{CLOSE}"


MARKS: Final[dict[str, str]] = LazyTable(_mark)
"""What each character is shown as: itself, or its mark (see the module
description); each entry built when first asked for."""
WORD_MARKS: Final[dict[str, str]] = LazyTable(lambda char: _mark(char, pictures=False))
"""The same, a C0 control or DEL worded (``⟦HT⟧``): what the window shows."""


def marked(text: str, *, pictures: bool = True) -> str:
    """*text* with every character that would not show, or would reorder the text,
    replaced by its visible mark: printing or drawing it cannot hide, reorder or
    break the line.  Without *pictures*, a C0 control or DEL is worded (``⟦HT⟧``)
    instead of drawn as its control picture (``␉``), for fonts without them."""
    if text.isascii() and text.isprintable():
        return text
    table = MARKS if pictures else WORD_MARKS
    return "".join([table[c] for c in text])
