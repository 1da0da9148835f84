"""Python's standard library as a reader: ``urllib.parse.urlsplit`` (what most code
that checks a URL calls, and what ``requests`` takes its host from) and
``urllib.request.urlopen`` (which splits the URL by other rules of its own and hands
the authority to ``http.client``).

Nothing here connects: ``urlopen``'s reading builds the ``Request`` and the
``http.client.HTTPConnection`` it would use, and neither does any I/O until asked to
send (Lib/urllib/request.py ``Request._parse``, Lib/http/client.py
``HTTPConnection._get_hostport``).
"""

from __future__ import annotations

import platform
from functools import cache
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from urlinspector.core.readers.reading import Parts, ReaderError

if TYPE_CHECKING:
    import http.client

__all__ = ["HTTP_PORTS", "python_version", "urlopen_parts", "urlsplit_parts"]

HTTP_PORTS: dict[str, int] = {"http": 80, "https": 443}
"""The default ports of the schemes the HTTP clients fetch (``http.client``:
``HTTPConnection.default_port``, ``HTTPSConnection.default_port``)."""


def python_version() -> str:
    return f"Python {platform.python_version()}"


def urlsplit_parts(text: str) -> Parts:
    """``urllib.parse.urlsplit(text)`` and the ``hostname`` and ``port`` code that
    uses it connects to (``http.client`` with the scheme's default port)."""
    split = urlsplit(text)
    written = split.port  # ValueError for a port out of range or not a number
    scheme = split.scheme or None
    default = HTTP_PORTS.get(scheme) if scheme else None
    return Parts(
        scheme,
        split.username,
        split.password,
        split.hostname,
        written if written is not None else default,
        written,
        split.path,
        split.query,
        split.fragment,
    )


@cache
def _probe() -> type[http.client.HTTPConnection]:
    """``HTTPConnection`` with no default port, so that its port tells whether the
    authority names one (Lib/http/client.py ``_get_hostport`` falls back on the class's
    ``default_port``)."""
    import http.client  # (loaded only when asked for)

    class Probe(http.client.HTTPConnection):
        default_port = None  # type: ignore[assignment]

    return Probe


def urlopen_parts(text: str) -> Parts:
    """What ``urllib.request.urlopen(text)`` would connect to: ``Request`` splits off
    the fragment, the scheme and then the authority up to the first ``/``, ``?`` or
    ``#`` and percent-decodes it (``_splithost``, ``unquote``), userinfo and all;
    ``http.client`` takes the port after the last ``:`` not inside ``[...]``."""
    import urllib.request  # (loaded only when asked for)

    request = urllib.request.Request(text)  # ValueError: "unknown url type"
    scheme = request.type.lower()
    selector, question, query = request.selector.partition("?")
    fragment: str | None = getattr(request, "fragment", None)  # (set with full_url)
    authority = request.host
    if scheme not in HTTP_PORTS:
        # other schemes go to other handlers (ftp, file, data): no HTTP connection
        return Parts(scheme, None, None, authority, None, None, selector, None, fragment)
    if not authority:
        raise ReaderError("URLError: no host given")
    connection = _probe()(authority)  # InvalidURL: control characters, a port not a number
    written: int | None = connection.port
    return Parts(
        scheme,
        None,
        None,
        connection.host,
        written if written is not None else HTTP_PORTS[scheme],
        written,
        selector,
        query if question else None,
        fragment,
    )
