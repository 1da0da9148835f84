"""Percent-escapes: decoding per component (only after splitting), encoding per
component, and which escapes are unnecessary or meaningful."""

from __future__ import annotations

import re

__all__ = ["unquote_to_bytes"]

_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


def unquote_to_bytes(raw: str) -> bytes:
    """Decode the valid ``%HH`` escapes of *raw* to octets; other characters are
    encoded as UTF-8 and a ``%`` not followed by two hex digits stays as it is."""
    if "%" not in raw:
        return raw.encode("utf-8", "surrogatepass")
    out = bytearray()
    pos = 0
    for m in _ESCAPE.finditer(raw):
        out += raw[pos : m.start()].encode("utf-8", "surrogatepass")
        out.append(int(m.group(1), 16))
        pos = m.end()
    out += raw[pos:].encode("utf-8", "surrogatepass")
    return bytes(out)
