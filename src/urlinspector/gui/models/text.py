"""Showing any text safely in labels, cells and tooltips."""

from __future__ import annotations

import html
import unicodedata

from urlinspector.present.masking import mask_password

__all__ = ["EMPTY", "UNDEFINED", "html_text", "masked", "shown", "visible"]

UNDEFINED = "(undefined)"
EMPTY = '""'


def _visible_char(ch: str) -> str:
    o = ord(ch)
    if o < 0x20:
        return chr(0x2400 + o)  # ␀ .. ␟
    if o == 0x7F:
        return "\u2421"  # ␡
    if o < 0x7F:
        return ch
    category = unicodedata.category(ch)
    if category == "Cs":
        return f"\\x{o - 0xDC00:02x}" if 0xDC80 <= o <= 0xDCFF else f"\\u{o:04x}"
    if category in ("Cc", "Cf", "Zl", "Zp") or (category == "Zs" and ch != " "):
        # controls, bidi overrides, zero-width characters, look-alike spaces
        return f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}"
    return ch


def visible(text: str) -> str:
    """*text* with controls, format characters and lone surrogates shown as symbols
    or escapes, so that a label cannot be reordered or hidden by them."""
    if text.isprintable():  # False for any control, format, separator or surrogate
        return text
    return "".join(_visible_char(c) for c in text)


def shown(value: str | None, limit: int = 0) -> str:
    """A component's text for people: undefined and empty look different; long
    values are cut to *limit* characters (0: no limit) with an ellipsis."""
    if value is None:
        return UNDEFINED
    if value == "":
        return EMPTY
    if limit and len(value) > limit:
        value = value[: limit - 1] + "…"
    return visible(value)


def masked(value: str | None) -> str | None:
    """A password as it is shown while passwords are hidden
    (:func:`~urlinspector.present.masking.mask_password`: look-alikes stay)."""
    if value is None or value == "":
        return value
    return mask_password(value)


def html_text(value: str) -> str:
    return html.escape(visible(value), quote=False)
