"""The HTTP client libraries of Python as readers: ``urllib3``, ``requests`` (which
prepares the URL with urllib3 and connects where ``urllib.parse`` reads the prepared
URL's host) and ``httpx``.  Optional: the extra ``readers`` installs them; a library
that is missing gives a reading that says so.

Each is asked in process through its public API, the way a program hands it a URL,
and stops before sending anything: urllib3's ``parse_url``, requests'
``PreparedRequest.prepare_url``, ``httpx.URL``.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from urllib.parse import urlsplit

from urlinspector.core.readers.python import HTTP_PORTS
from urlinspector.core.readers.reading import Parts, ReaderError, ReaderMissing

__all__ = [
    "httpx_parts",
    "httpx_version",
    "requests_parts",
    "requests_version",
    "urllib3_parts",
    "urllib3_version",
]


@cache
def _module(name: str) -> ModuleType | str:
    """The module *name*, or why it cannot be imported."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        package = name.partition(".")[0]
        if exc.name == package:
            return f"{package} is not installed"
        return f"{package} cannot be loaded: {exc}"


def _load(name: str) -> ModuleType:
    found = _module(name)
    if isinstance(found, str):
        raise ReaderMissing(found)
    return found


def _version(name: str) -> str:
    return f"{name} {getattr(_load(name), '__version__', '?')}"


def _user_password(userinfo: str | None) -> tuple[str | None, str | None]:
    if userinfo is None:
        return None, None
    user, colon, password = userinfo.partition(":")
    return user, password if colon else None


# --- urllib3 ---------------------------------------------------------------------------


def urllib3_version() -> str:
    return _version("urllib3")


def urllib3_parts(text: str) -> Parts:
    """``urllib3.util.parse_url(text)``, and the port ``PoolManager`` connects to
    (urllib3/poolmanager.py ``connection_from_host``: the written one, else the
    scheme's from ``port_by_scheme``, else 80; no scheme is http)."""
    util = _load("urllib3.util")
    ports: dict[str, int] = _load("urllib3.connectionpool").port_by_scheme
    url = util.parse_url(text)  # LocationParseError (a ValueError)
    scheme = url.scheme
    user, password = _user_password(url.auth)
    written: int | None = url.port
    port = written if written is not None else ports.get((scheme or "http").lower(), 80)
    return Parts(scheme, user, password, url.host, port, written, url.path, url.query, url.fragment)


# --- requests --------------------------------------------------------------------------


def requests_version() -> str:
    return _version("requests")


def requests_parts(text: str) -> Parts:
    """``requests.models.PreparedRequest.prepare_url(text)`` (urllib3's ``parse_url``,
    IDNA for a non-ASCII host, the URL put together again and re-quoted), then what
    the adapter connects to: the prepared URL as ``urllib.parse.urlparse`` reads it
    (requests/adapters.py ``_urllib3_request_context``: ``hostname`` and ``port``)."""
    models = _load("requests.models")
    prepared = models.PreparedRequest()
    prepared.prepare_url(text, None)  # MissingSchema, InvalidURL
    url: str = prepared.url
    # requests/sessions.py get_adapter: only the mounted prefixes are fetched
    if not url.lower().startswith(("http://", "https://")):
        raise ReaderError(f"InvalidSchema: No connection adapters were found for {url!r}")
    split = urlsplit(url)
    written = split.port
    scheme = split.scheme.lower()
    return Parts(
        scheme,
        split.username,
        split.password,
        split.hostname,
        written if written is not None else HTTP_PORTS[scheme],
        written,
        split.path,
        split.query,
        split.fragment,
    )


# --- httpx -----------------------------------------------------------------------------

_HTTPX_FETCHES = frozenset({"http", "https"})
"""httpx's transport sends only these (others raise ``UnsupportedProtocol``)."""


def httpx_version() -> str:
    return _version("httpx")


def httpx_parts(text: str) -> Parts:
    """``httpx.URL(text)``: the host as sent (``raw_host``: A-labels), the port it
    connects to (``port``, which httpx drops when it is the scheme's default, else
    the default: httpcore/_models.py ``DEFAULT_PORTS``)."""
    httpx = _load("httpx")
    url = httpx.URL(text)  # InvalidURL
    scheme: str = url.scheme
    host = url.raw_host.decode("ascii", "backslashreplace") if url.raw_host or url.netloc else None
    written: int | None = url.port
    default = HTTP_PORTS.get(scheme) if scheme in _HTTPX_FETCHES else None
    password: str | None = url.password
    return Parts(
        scheme or None,
        url.username if url.userinfo else None,
        password if password or b":" in url.userinfo else None,
        host,
        written if written is not None else default,
        written,
        url.path,
        url.query.decode("ascii", "backslashreplace"),
        url.fragment,
    )
