"""How browsers read a URL: the WHATWG URL Standard, computed by ``ada-url``.

``ada-url`` is a pure, deterministic parser (no I/O, no state between calls), so the
core may use it; :func:`urlinspector.core.parse` does not (its speed is measured
against ``urllib.parse.urlsplit``): this reading is asked for on its own, by
:func:`browser_reading`, and compared with an edition's reading in :mod:`.destinations`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import ada_url

from urlinspector.core.memo import short_lru_cache

__all__ = [
    "SPECIAL_PORTS",
    "BrowserReading",
    "browser_password_span",
    "browser_reading",
    "read_as_browsers",
]

SPECIAL_PORTS: dict[str, int | None] = {
    "ftp": 21,
    "file": None,
    "http": 80,
    "https": 443,
    "ws": 80,
    "wss": 443,
}
"""The special schemes and their default ports (WHATWG URL §4.1, "special scheme")."""


class BrowserReading(NamedTuple):
    """What the WHATWG URL parser makes of a text: the URL a browser would follow.

    Undefined is ``None``, empty is ``""`` where the standard tells them apart (a null
    host, a null query or fragment); browsers do not tell an empty user or password
    from none, and neither does this reading (both are ``""``)."""

    valid: bool
    """False when browsers reject the text (then every other field is None)."""
    href: str | None
    """The serialized URL: what a browser shows and requests."""
    scheme: str | None
    """Lower case, without the ``:``."""
    username: str | None
    password: str | None
    host: str | None
    """The host as browsers contact it: lower case, IDN labels as A-labels (``xn--``),
    IPv4 addresses in dotted decimal, IPv6 in brackets; None for a URL with no host
    (``javascript:``, ``data:``); ``""`` for an empty host (``file:///``)."""
    port: int | None
    """The effective port: the written one, else the special scheme's default; None
    for a scheme browsers know no default for."""
    explicit_port: bool
    """Whether the URL itself names the port (one that is not the scheme's default:
    browsers drop a default port)."""
    path: str | None
    query: str | None
    fragment: str | None
    error: str | None = None
    """Why there is no reading, for people."""

    @property
    def special(self) -> bool:
        """Whether the scheme is one of the WHATWG special schemes."""
        return self.scheme in SPECIAL_PORTS

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``href``, ``host``, ``port`` (effective) and ``valid``."""
        return {"href": self.href, "host": self.host, "port": self.port, "valid": self.valid}


_SERIALIZED = re.compile(
    r"(?P<scheme>[^:]*):"
    r"(?://"
    r"(?:(?P<username>[^:@/?#]*+)(?::(?P<password>[^:@/?#]*+))?@)?"
    r"(?P<host>\[[^\]]*+\]|[^:/?#]*+)"
    r"(?::(?P<port>[0-9]+))?"
    r")?"
    r"(?P<path>[^?#]*)"
    r"(?:\?(?P<query>[^#]*))?"
    r"(?:#(?P<fragment>.*))?",
    re.DOTALL,
)
"""A URL as the WHATWG URL serializer writes it (WHATWG URL §4.5): the scheme and
``:``; ``//``, the credentials and ``@``, the host and ``:`` port when there is a
host; the path; ``?`` query; ``#`` fragment.  The serializer percent-encodes every
``:``, ``@``, ``/``, ``?`` and ``#`` inside the credentials (the userinfo
percent-encode set, §1.3) and ``?`` and ``#`` in the path, and a host holds none of
them (forbidden host code points, §3.5), so each component is read back from the
serialized URL whole: ``ada_url`` is asked for that one value, not for each component
(every value asked of its binding is a call of its own)."""

_OPAQUE_ROOT = "/."
"""What the serializer writes before a path that starts with ``//`` when there is no
host, so that it does not read as one (WHATWG URL §4.5, step 3.2); not in the path."""

_INVALID = BrowserReading(
    False, None, None, None, None, None, None, False, None, None, None, "browsers reject it"
)
_INVALID_WITH_BASE = BrowserReading(
    False,
    None,
    None,
    None,
    None,
    None,
    None,
    False,
    None,
    None,
    None,
    "browsers reject it (or its base)",
)


@short_lru_cache(maxsize=1024)
def browser_reading(text: str, base: str | None = None) -> BrowserReading:
    """Parse *text* (against *base* when given) as browsers do (WHATWG URL §4.4,
    the basic URL parser).  Never raises for a ``str``: a text browsers reject gives
    a reading with ``valid`` False and the reason in ``error``.  Kept for the last
    texts (a window asks again on every keystroke): :func:`read_as_browsers` is the
    same, kept for none (a scan, whose texts seldom repeat)."""
    return read_as_browsers(text, base)


def read_as_browsers(text: str, base: str | None = None) -> BrowserReading:
    """:func:`browser_reading`, computed anew at each call and not kept."""
    try:
        # (without a base, ada is asked for the serialized URL alone: no URL object)
        href = ada_url.URL(text, base).href if base else ada_url.normalize_url(text)
    except (ValueError, UnicodeError, TypeError):
        return _INVALID_WITH_BASE if base else _INVALID
    return _reading_of(href)


def _reading_of(href: str) -> BrowserReading:
    """The reading of *href*, a URL as ada serialized it (:data:`_SERIALIZED`)."""
    m = _SERIALIZED.fullmatch(href)
    assert m is not None  # (every serialized URL has a scheme and a ":")
    scheme, host, port_text, path = m.group("scheme", "host", "port", "path")
    if host is None and path.startswith(_OPAQUE_ROOT + "/"):
        path = path[len(_OPAQUE_ROOT) :]
    explicit = port_text is not None
    return BrowserReading(
        True,
        href,
        scheme,
        m.group("username") or "",
        m.group("password") or "",
        host,
        int(port_text) if explicit else SPECIAL_PORTS.get(scheme),
        explicit,
        path,
        m.group("query"),
        m.group("fragment"),
    )


_REMOVED = frozenset("\t\n\r")
"""ASCII tab and newlines: the basic URL parser removes them from anywhere in the input."""


def _as_parsed(text: str) -> tuple[str, list[int]]:
    """*text* as the basic URL parser reads it (WHATWG URL §4.4: leading and trailing C0
    controls and spaces trimmed, every ASCII tab or newline removed), and for each of its
    characters the index it came from in *text*."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    index = [i for i in range(start, end) if text[i] not in _REMOVED]
    return "".join(text[i] for i in index), index


def browser_password_span(text: str) -> tuple[int, int] | None:
    """Where in *text* browsers read a password (``[start, end)``), or None.

    Browsers read credentials in forms no edition's grammar calls a userinfo:
    ``ftp:///user:pw@host/``, ``ftp:user:pw@host``, ``ftp:\\\\user:pw@host\\`` (a
    special scheme skips any slashes and backslashes before its authority: WHATWG URL
    §4.4, "special authority ignore slashes state"), and a tab or newline inside the
    password is removed, not refused.  The authority ends at the first ``/``, ``?``,
    ``#`` (or ``\\`` for a special scheme), the userinfo at its last ``@``, and the
    password starts after the userinfo's first ``:`` ("authority state").  The span is
    the one :func:`browser_reading` reads a non-empty password from."""
    if "@" not in text or ":" not in text:
        return None
    reading = browser_reading(text)
    if not reading.password:
        return None
    parsed, index = _as_parsed(text)
    colon = parsed.find(":")
    scheme = parsed[:colon].lower()
    special = scheme in SPECIAL_PORTS
    at = colon + 1
    if special:
        while at < len(parsed) and parsed[at] in "/\\":
            at += 1
    elif parsed.startswith("//", at):
        at += 2
    else:
        return None
    end = len(parsed)
    for i in range(at, len(parsed)):
        if parsed[i] in "/?#" or (special and parsed[i] == "\\"):
            end = i
            break
    last_at = parsed.rfind("@", at, end)
    first_colon = parsed.find(":", at, max(last_at, at))
    if last_at < 0 or first_colon < 0 or first_colon + 1 >= last_at:
        return None
    return index[first_colon + 1], index[last_at - 1] + 1
