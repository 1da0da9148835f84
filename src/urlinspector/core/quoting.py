"""Values in messages: quoted as they are, with what does not print made visible.

``repr()`` is for programmers: it doubles every backslash (``'news:a\\\\b'``) and picks
its quotes by Python's rules.  A message for a person quotes the value itself: a
backslash stays one backslash.  What would not show, or would move the cursor (CR, LF,
NUL, other controls, format characters), is written as an escape (``\\x0d``), never raw.
"""

from __future__ import annotations

__all__ = ["quoted"]


def _shown(ch: str) -> str:
    if ch.isprintable():
        return ch
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def quoted(value: str, limit: int | None = None) -> str:
    """*value* in single quotes as it is (in double quotes when it holds a single quote
    and no double one), each character that does not print as an escape; cut to *limit*
    characters with "…" when longer."""
    if limit is not None and len(value) > limit:
        value = value[: limit - 1] + "…"
    text = value if value.isprintable() else "".join(_shown(ch) for ch in value)
    return f'"{text}"' if "'" in value and '"' not in value else f"'{text}'"
