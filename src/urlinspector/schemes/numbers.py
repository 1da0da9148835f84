"""Numbers in what a server sends: ASCII digits only.

``str.isdigit()`` is true for ``²``, ``٣`` or ``９``, and ``int()`` reads some of those and
refuses others (``int("²")`` raises): a guard written with them lets a hostile reply end
a fetch with a Python message.  Every protocol's DIGIT is ``%x30-39`` (RFC 5234 §B.1;
RFC 959, RFC 3659 §2.3, RFC 3977 §9.9 and RFC 1436 use the same ASCII digits), so a
number from the wire is read here and nowhere else.
"""

from __future__ import annotations

__all__ = ["MAX_DIGITS", "ascii_decimal", "is_ascii_digits"]

MAX_DIGITS = 20
"""The longest run of digits read as a number (2**64 has 20 digits): longer is no size,
article number or code a server can mean, and ``int()`` slows down on thousands."""


def is_ascii_digits(text: str | bytes) -> bool:
    """Whether *text* is one or more of the ASCII digits 0-9, and nothing else."""
    return bool(text) and text.isascii() and text.isdigit()


def ascii_decimal(text: str | bytes, max_digits: int = MAX_DIGITS) -> int | None:
    """*text* (surrounding whitespace ignored) as a decimal number, or None when it is
    not ASCII digits only, or longer than *max_digits*."""
    digits = text.strip()
    if len(digits) > max_digits or not is_ascii_digits(digits):
        return None
    return int(digits)
