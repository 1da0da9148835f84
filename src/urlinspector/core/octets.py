"""The octets a URL's text stands for: its valid ``%HH`` escapes decoded, every other
character as UTF-8 (RFC 3986 §2.1, §2.5), which is what a protocol sends.

Kept apart from :mod:`.escapes` (which re-exports it), so that a client that sends a
request does not load the tables that say what each escape means."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["ESCAPE", "unquote_to_bytes"]

ESCAPE: Final = re.compile(r"%([0-9A-Fa-f]{2})")
"""A valid escape, its two hex digits in group 1 (RFC 3986 §2.1 pct-encoded)."""


def unquote_to_bytes(raw: str) -> bytes:
    """Decode the valid ``%HH`` escapes of *raw* to octets; other characters are
    encoded as UTF-8 and a ``%`` not followed by two hex digits stays as it is."""
    if "%" not in raw:
        return raw.encode("utf-8", "surrogatepass")
    out = bytearray()
    pos = 0
    for m in ESCAPE.finditer(raw):
        out += raw[pos : m.start()].encode("utf-8", "surrogatepass")
        out.append(int(m.group(1), 16))
        pos = m.end()
    out += raw[pos:].encode("utf-8", "surrogatepass")
    return bytes(out)
