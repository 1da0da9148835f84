"""The grammar's fixed rules as named regular expressions, each with its source.

What does not depend on an edition's character tables lives here: the split of
appendix B, the IP address forms, the hostname, the wrappers.  What an edition's
tables decide (which characters a component may hold) is compiled per edition in
:mod:`.tables`.  Digits are ASCII digits everywhere (``[0-9]``, never ``\\d``, which
in Python also matches the digits of other scripts).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "APPENDIX_B",
    "BAD_ESCAPE",
    "DEC_OCTET",
    "ENCODED_CONTROL",
    "H16",
    "HOSTNAME",
    "IPV4_ANY_DIGITS",
    "IPV4_DECIMAL",
    "IPV6",
    "IPVFUTURE",
    "LOOKALIKE_HOST",
    "LS32",
    "RARE_IPV4",
    "SPLIT",
    "SPLIT_NO_QUERY",
    "URL_PREFIX",
    "wrapper_bounds",
]

# --- the generic split -------------------------------------------------------------------

APPENDIX_B: Final = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.S)
"""RFC 3986 appendix B (URL syntax draft 1997 and RFC 2396bis draft 2003 appendix B), as printed:
scheme = $2, authority (URL syntax draft 1997: site) = $4, path = $5, query = $7, fragment = $9."""

SPLIT: Final = re.compile(
    r"(?:([^:/?#]++):|)(?://([^/?#]*+)|)([^?#]*+)(?:\?([^#]*+)|)(?:#(.*+)|)", re.S
)
""":data:`APPENDIX_B` with only $2, $4, $5, $7 and $9 capturing (groups 1 to 5),
possessive runs (no class holds the delimiter that ends it, so giving characters back
could never make a match) and ``(?:X|)`` for ``(X)?``, which Python's engine runs
quicker.  It splits every text as :data:`APPENDIX_B` does."""

SPLIT_NO_QUERY: Final = re.compile(r"(?:([^:/?#]++):|)(?://([^/#]*+)|)([^#]*+)(?:#(.*+)|)", re.S)
"""The same for a scheme whose "?" starts no query (RFC 1738 §3.3, §5: only http and
wais have a searchpart): "?" is a path character (groups 1 to 4: no query)."""

BAD_ESCAPE: Final = re.compile(r"%(?![0-9A-Fa-f]{2})")
"""A "%" that does not start ``escape = "%" hex hex`` (RFC 1738 §2.2; RFC 3986 §2.1)."""

# --- hosts ---------------------------------------------------------------------------------

DEC_OCTET: Final = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
"""RFC 3986 §3.2.2 dec-octet (RFC 2396bis draft 2003 §3.2.2 the same): 0 to 255, no leading zero."""

IPV4_DECIMAL: Final = re.compile(rf"{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}")
"""RFC 3986 §3.2.2 IPv4address: dotted-decimal, four octets."""

IPV4_ANY_DIGITS: Final = re.compile(r"[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+")
"""RFC 1738 §5 and URL syntax draft 1997 ``hostnumber = digits "." digits "." digits "." digits``:
any run of digits, so an octet over 255 matches the grammar but names no address."""

H16: Final = "[0-9A-Fa-f]{1,4}"
"""RFC 3986 §3.2.2 h16: 16 bits of address in hexadecimal."""

LS32: Final = rf"(?:{H16}:{H16}|{DEC_OCTET}(?:\.{DEC_OCTET}){{3}})"
"""RFC 3986 §3.2.2 ls32: the least-significant 32 bits of an address."""

IPV6: Final = "|".join(
    [
        rf"(?:{H16}:){{6}}{LS32}",
        rf"::(?:{H16}:){{5}}{LS32}",
        rf"(?:{H16})?::(?:{H16}:){{4}}{LS32}",
        rf"(?:(?:{H16}:){{0,1}}{H16})?::(?:{H16}:){{3}}{LS32}",
        rf"(?:(?:{H16}:){{0,2}}{H16})?::(?:{H16}:){{2}}{LS32}",
        rf"(?:(?:{H16}:){{0,3}}{H16})?::{H16}:{LS32}",
        rf"(?:(?:{H16}:){{0,4}}{H16})?::{LS32}",
        rf"(?:(?:{H16}:){{0,5}}{H16})?::{H16}",
        rf"(?:(?:{H16}:){{0,6}}{H16})?::",
    ]
)
"""RFC 3986 §3.2.2 IPv6address, its nine forms (RFC 2396bis draft 2003 §3.2.2 has the same rule).
Not compiled here (it is the costliest rule to compile, and few URLs hold an IPv6
literal): :mod:`.tables` compiles it when a URL first needs it."""

IPVFUTURE: Final = re.compile(r"[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+")
"""RFC 3986 §3.2.2 ``IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )``."""

HOSTNAME: Final = re.compile(
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)*[A-Za-z](?:[A-Za-z0-9\-]*[A-Za-z0-9])?"
)
"""RFC 1738 §3.1 / URL syntax draft 1997 §3.2.2 / RFC 2396bis draft 2003 §3.2.2 hostname:
dot-separated domain labels of letters, digits and "-" (not first or last), the top label starting
with a letter."""

RARE_IPV4: Final = re.compile(
    r"(?:0[xX][0-9A-Fa-f]*|[0-9]+)(?:\.(?:0[xX][0-9A-Fa-f]*|[0-9]+)){0,3}\.?"
)
"""The forms BSD ``inet_aton`` reads as an IPv4 address beside dotted-decimal: hex and
octal parts, fewer than four parts (RFC 2396bis draft 2003 §7.3 and RFC 3986 §7.4 warn of them)."""

LOOKALIKE_HOST: Final = re.compile(r"(?:[A-Za-z0-9\-]+\.)+[A-Za-z]{2,}")
"""Something that reads as a domain name: in a userinfo, a look-alike of a host
(RFC 3986 §7.6; RFC 2396bis draft 2003 §7.5; URL syntax draft 1997 §7)."""

# --- around a URL ------------------------------------------------------------------------------

ENCODED_CONTROL: Final = re.compile(r"%(?:0[dDaA0])")
"""An encoded CR, LF or NUL, which a protocol could be made to send (RFC 1738 §6)."""

URL_PREFIX: Final = re.compile(r"[Uu][Rr][Ll]:[ \t]*(?=[A-Za-z][A-Za-z0-9+.\-]*:)")
"""The ``URL:`` prefix before a URL in plain text (RFC 1738 appendix; URL draft 1993 §1.3;
URL syntax draft 1997 and RFC 2396bis draft 2003 appendix E), followed by a scheme."""


def wrapper_bounds(text: str) -> tuple[int, int]:
    """Where the URL inside one ``<URL:...>``, ``<...>`` or ``URL:`` wrapper of *text*
    starts and ends: ``(0, len(text))`` when there is none.  The wrapper is plain text
    around a URL, not part of it (RFC 3986 appendix C; RFC 1738 appendix)."""
    start, end = 0, len(text)
    if not text or text[0] not in "<Uu":
        return start, end
    if text[0] == "<" and text[-1] == ">" and end >= 2:
        start, end = 1, end - 1
    m = URL_PREFIX.match(text, start, end)
    if m:
        start = m.end()
    return start, end
