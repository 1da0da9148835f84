"""Python's standard library as a reader: ``urllib.parse.urlsplit`` (what most code
that checks a URL calls, and what ``requests`` takes its host from) and
``urllib.request.urlopen`` (which splits the URL by other rules of its own and hands
the authority to ``http.client``).

Nothing here connects: ``urlopen``'s reading makes the request with an opener whose
``http.client`` connection raises where it would open its socket
(:mod:`~urlinspector.readers.connecting`), having buffered the request line and
the headers as it would (Lib/urllib/request.py ``AbstractHTTPHandler.do_open``,
Lib/http/client.py ``putrequest``, ``putheader``, ``connect``).
"""

from __future__ import annotations

import platform
from functools import cache
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from urlinspector.core.readers.reading import Parts, ReaderError
from urlinspector.readers.connecting import Connecting, header_text, socket_port

if TYPE_CHECKING:
    import http.client
    import urllib.request

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


@cache
def _opener() -> urllib.request.OpenerDirector:
    """``urlopen``'s opener (no proxy) whose HTTP and HTTPS handlers open their
    connection with :class:`Stopping`: ``HTTPHandler.http_open`` is
    ``do_open(http.client.HTTPConnection, req)``, and so is this one's, with the
    class that stops where ``HTTPConnection.connect`` would open the socket."""
    import http.client
    import urllib.request

    class Stopping(http.client.HTTPConnection):
        """An ``HTTPConnection`` that raises :class:`Connecting` in place of
        connecting, with the ``Host`` header it was handed (``putheader`` encodes and
        checks it first, as it does every header)."""

        sent_host: str | None = None

        def putheader(self, header: str | bytes, *values: Any) -> None:
            super().putheader(header, *values)
            if str(header).lower() == "host" and values:
                self.sent_host = header_text(values[0])

        def connect(self) -> None:
            # (Lib/http/client.py connect: socket.create_connection((host, port)))
            raise Connecting(self.host, socket_port(self.host, self.port), self.sent_host)

    class StoppingSecure(Stopping):
        default_port = http.client.HTTPS_PORT

    class Handler(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(Stopping, req)

    class SecureHandler(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(StoppingSecure, req)

    return urllib.request.build_opener(urllib.request.ProxyHandler({}), Handler, SecureHandler)


def urlopen_parts(text: str) -> Parts:
    """What ``urllib.request.urlopen(text)`` would connect to: ``Request`` splits off
    the fragment, the scheme and then the authority up to the first ``/``, ``?`` or
    ``#`` and percent-decodes it (``_splithost``, ``unquote``), userinfo and all;
    ``http.client`` takes the port after the last ``:`` not inside ``[...]``.  The
    request is made up to the connection (:func:`_opener`), so what ``http.client``
    refuses on the way is refused: a control character or space in the request line,
    a ``Host`` header not in Latin-1, a name the IDNA codec cannot encode."""
    import urllib.request  # (loaded only when asked for)

    request = urllib.request.Request(text)  # ValueError: "unknown url type"
    scheme = request.type.lower()
    selector, question, query = request.selector.partition("?")
    fragment: str | None = getattr(request, "fragment", None)  # (set with full_url)
    authority = request.host
    if scheme not in HTTP_PORTS:
        # other schemes go to other handlers (ftp, file, data): no HTTP connection
        return Parts(scheme, None, None, authority, None, None, selector, None, fragment)
    try:
        _opener().open(request)
    except Connecting as connecting:
        host, port, header = connecting.host, connecting.port, connecting.host_header
    else:  # pragma: no cover (the connection class always raises)
        raise ReaderError("urlopen returned without connecting")
    written: int | None = _probe()(authority).port
    return Parts(
        scheme,
        None,
        None,
        host,
        port,
        written,
        selector,
        query if question else None,
        fragment,
        header,
    )
