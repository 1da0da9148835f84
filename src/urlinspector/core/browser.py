"""How browsers read a URL: the WHATWG URL Standard, computed by ``ada-url``.

``ada-url`` is a pure, deterministic parser (no I/O, no state between calls), so the
core may use it; :func:`urlinspector.core.parse` does not (its speed is measured
against ``urllib.parse.urlsplit``): this reading is asked for on its own, by
:func:`browser_reading`, and compared with an edition's reading in :mod:`.destinations`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import ada_url

from urlinspector.core.memo import short_lru_cache

__all__ = ["SPECIAL_PORTS", "BrowserReading", "browser_password_span", "browser_reading"]

SPECIAL_PORTS: dict[str, int | None] = {
    "ftp": 21,
    "file": None,
    "http": 80,
    "https": 443,
    "ws": 80,
    "wss": 443,
}
"""The special schemes and their default ports (WHATWG URL §4.1, "special scheme")."""


@dataclass(frozen=True)
class BrowserReading:
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


_COMPONENTS = ("href", "protocol", "hostname", "port", "username", "password", "pathname")
"""The components of a reading asked of ``ada_url``, as it names them (WHATWG URL
§6.1); the query and the fragment are read from ``href``."""

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
    a reading with ``valid`` False and the reason in ``error``."""
    parts: Mapping[str, Any]
    try:
        if base:
            parsed = ada_url.URL(text, base)
            parts = {name: getattr(parsed, name) for name in _COMPONENTS}
        else:
            # one call into the binding for every component (each property of an
            # ada_url.URL is a call of its own)
            parts = ada_url.parse_url(text, _COMPONENTS)
    except (ValueError, UnicodeError, TypeError):
        return _INVALID_WITH_BASE if base else _INVALID
    href, protocol, hostname = parts["href"], parts["protocol"], parts["hostname"]
    port_text = parts["port"]
    scheme = protocol[:-1] if protocol.endswith(":") else protocol
    # a URL with a host (even an empty one) serializes "//" after the scheme (WHATWG
    # URL §4.5, the URL serializer)
    has_host = href.startswith("//", len(protocol))
    # the first "#" starts the fragment, the first "?" before it the query: the
    # serializer percent-encodes both everywhere else (WHATWG URL §4.5)
    hash_at = href.find("#")
    query_at = href.find("?", 0, len(href) if hash_at < 0 else hash_at)
    explicit = bool(port_text)
    port = int(port_text) if explicit else SPECIAL_PORTS.get(scheme)
    return BrowserReading(
        True,
        href,
        scheme,
        parts["username"],
        parts["password"],
        hostname if has_host else None,
        port,
        explicit,
        parts["pathname"],
        None if query_at < 0 else href[query_at + 1 : len(href) if hash_at < 0 else hash_at],
        None if hash_at < 0 else href[hash_at + 1 :],
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
