"""The HTTP client libraries of Python as readers: ``urllib3``, ``requests`` (which
prepares the URL with urllib3 and connects where ``urllib.parse`` reads the prepared
URL's host) and ``httpx``.  Optional: the extra ``readers`` installs them; a library
that is missing gives a reading that says so.

Each is handed the URL the way a program hands it one (``PoolManager().request``, a
``Session``'s ``get``, a ``Client``'s ``get``, with no proxy from the environment),
through the hook each offers for the connection: urllib3's pool classes
(``PoolManager.pool_classes_by_scheme``, ``HTTPConnectionPool.ConnectionCls``),
requests' transport adapter (``HTTPAdapter.init_poolmanager``), httpx's transport
and httpcore's network backend.  The connection raises
:class:`~urlinspector.readers.connecting.Connecting` where it would open its
socket, so every check on the way runs and nothing is sent.  The parts shown beside
(user, path, query, fragment) are the library's parser's: urllib3's ``parse_url``,
requests' ``PreparedRequest.prepare_url``, ``httpx.URL``.
"""

from __future__ import annotations

import importlib
import socket
import threading
import warnings
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any, TypeVar
from urllib.parse import urlsplit

from urlinspector.core.readers.reading import Parts, ReaderError, ReaderMissing
from urlinspector.readers.connecting import Connecting, header_text, socket_port

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


T = TypeVar("T")

_THREAD = threading.local()


def _per_thread(name: str, make: Callable[[], T]) -> T:
    """The *name* client of this thread, made by *make* the first time: a client costs
    more to make than a request up to its socket, and none is shared between threads
    (a requests ``Session`` is not safe to share).  A request that stops at the socket
    leaves nothing in it: no connection, no cookie."""
    found: T | None = getattr(_THREAD, name, None)
    if found is None:
        found = make()
        setattr(_THREAD, name, found)
    return found


def _user_password(userinfo: str | None) -> tuple[str | None, str | None]:
    if userinfo is None:
        return None, None
    user, colon, password = userinfo.partition(":")
    return user, password if colon else None


# --- urllib3 ---------------------------------------------------------------------------


def urllib3_version() -> str:
    return _version("urllib3")


@cache
def _stopping_pools() -> dict[str, type[Any]]:
    """urllib3's pool classes, each opening a connection that raises
    :class:`Connecting` where ``HTTPConnection.connect`` would open its socket."""
    _load("urllib3")  # (ReaderMissing when it is not installed)
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
    from urllib3.exceptions import LocationParseError, NameResolutionError

    class Plain(HTTPConnection):
        """What urllib3's ``connect`` does up to the socket: ``_new_conn`` hands
        ``util.connection.create_connection`` the host the pool gave (its trailing
        dot kept, brackets off: ``http.client`` strips them), which refuses a name
        the IDNA codec cannot encode and asks ``getaddrinfo``."""

        sent_host: str | None = None

        def __init__(self, host: str, *args: Any, **kwargs: Any) -> None:
            super().__init__(host, *args, **kwargs)
            self.asked = host[1:-1] if host[:1] == "[" and host[-1:] == "]" else host

        def putheader(self, header: str, *values: str) -> None:  # type: ignore[override]
            super().putheader(header, *values)  # (urllib3 narrows http.client's types)
            if header.lower() == "host" and values:
                self.sent_host = header_text(values[0])

        def connect(self) -> None:
            host = self.asked
            try:  # (urllib3/util/connection.py create_connection)
                host.encode("idna")
            except UnicodeError:
                raise LocationParseError(f"'{host}', label empty or too long") from None
            try:
                port = socket_port(host, self.port)
            except socket.gaierror as exc:  # (urllib3/connection.py _new_conn)
                raise NameResolutionError(host, self, exc) from exc
            raise Connecting(host, port, self.sent_host)

    class Secure(Plain, HTTPSConnection):
        pass

    class PlainPool(HTTPConnectionPool):
        ConnectionCls = Plain

    class SecurePool(HTTPSConnectionPool):
        ConnectionCls = Secure

    return {"http": PlainPool, "https": SecurePool}


def _stopping_manager() -> Any:
    """A ``urllib3.PoolManager`` whose connections stop at the socket."""
    manager = _load("urllib3").PoolManager(maxsize=1)  # (a pool holds no connection)
    manager.pool_classes_by_scheme = _stopping_pools()
    return manager


def urllib3_parts(text: str) -> Parts:
    """``urllib3.PoolManager().request("GET", text)`` up to the socket: where it
    connects (``connection_from_url``: the written port, else the scheme's), the
    ``Host`` header it writes, what it refuses on the way; the parts as
    ``urllib3.util.parse_url(text)`` gives them."""
    util = _load("urllib3.util")
    url = util.parse_url(text)  # LocationParseError (a ValueError)
    try:
        with warnings.catch_warnings():
            # (urllib3 2 warns that a URL without a scheme will be refused by urllib3 3,
            # and reads it as http: only for such a URL is the warning let go unsaid)
            if url.scheme is None:
                warnings.simplefilter("ignore", FutureWarning)
            _per_thread("urllib3", _stopping_manager).request("GET", text, redirect=False)
    except Connecting as connecting:
        user, password = _user_password(url.auth)
        return Parts(
            url.scheme,
            user,
            password,
            connecting.host,
            connecting.port,
            url.port,
            url.path,
            url.query,
            url.fragment,
            connecting.host_header,
        )
    raise ReaderError("urllib3 returned without connecting")  # pragma: no cover


# --- requests --------------------------------------------------------------------------


def requests_version() -> str:
    return _version("requests")


@cache
def _stopping_adapter() -> type[Any]:
    """requests' ``HTTPAdapter`` with urllib3's connections that stop at the socket
    (its ``init_poolmanager`` is the place requests leaves for that)."""
    _load("requests")
    from requests.adapters import HTTPAdapter

    class Adapter(HTTPAdapter):
        def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = _stopping_pools()

    return Adapter


def _stopping_session() -> Any:
    """A ``requests.Session`` whose adapters stop at the socket, kept from the
    environment's proxies and ``.netrc``."""
    session = _load("requests.sessions").Session()
    session.trust_env = False
    adapter = _stopping_adapter()
    session.mount("https://", adapter(pool_maxsize=1))  # (a pool holds no connection)
    session.mount("http://", adapter(pool_maxsize=1))
    return session


def requests_parts(text: str) -> Parts:
    """``requests.Session().get(text)`` (no proxy, no ``.netrc`` from the
    environment) up to the socket, as requests' own "prepared requests" (a
    ``Request`` prepared, then the session's ``send``: what ``get`` does once it has
    merged the session's settings, of which none touches the URL): the preparation's
    ``prepare_url`` (urllib3's ``parse_url``, IDNA for a non-ASCII host, the URL put
    together again and re-quoted), the adapter's connection where ``urllib.parse``
    reads the prepared URL's host and port (requests/adapters.py
    ``_urllib3_request_context``), then urllib3's own checks; the parts as
    ``urllib.parse`` reads the prepared URL."""
    models = _load("requests.models")
    prepared = models.Request("GET", text).prepare()  # MissingSchema, InvalidURL
    try:
        _per_thread("requests", _stopping_session).send(prepared, allow_redirects=False)
    except Connecting as connecting:
        split = urlsplit(prepared.url)
        return Parts(
            split.scheme.lower(),
            split.username,
            split.password,
            connecting.host,
            connecting.port,
            split.port,
            split.path,
            split.query,
            split.fragment,
            connecting.host_header,
        )
    raise ReaderError("requests returned without connecting")  # pragma: no cover


# --- httpx -----------------------------------------------------------------------------


def httpx_version() -> str:
    return _version("httpx")


@cache
def _stopping_transport() -> type[Any]:
    """An httpx transport that does what ``httpx.HTTPTransport.handle_request`` does
    (httpx/_transports/default.py: the request made an ``httpcore.Request``, handed
    to an ``httpcore.ConnectionPool``) with a network backend that raises
    :class:`Connecting` where httpcore's ``SyncBackend.connect_tcp`` calls
    ``socket.create_connection``."""
    _load("httpx")
    import httpcore
    import httpx

    class Backend(httpcore.NetworkBackend):
        def connect_tcp(self, host: str, port: int, *args: Any, **kwargs: Any) -> Any:
            try:
                port = socket_port(host, port)
            except OSError as exc:  # (httpcore/_backends/sync.py: OSError is ConnectError)
                raise httpcore.ConnectError(exc) from exc
            raise Connecting(host, port)

        def connect_unix_socket(self, *args: Any, **kwargs: Any) -> Any:
            raise NotImplementedError  # (httpx is handed no socket path here)

        def sleep(self, seconds: float) -> None:
            pass

    class Transport(httpx.BaseTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            url = request.url
            sent = httpcore.Request(
                method=request.method,
                url=httpcore.URL(
                    scheme=url.raw_scheme, host=url.raw_host, port=url.port, target=url.raw_path
                ),
                headers=request.headers.raw,
                content=request.stream,
                extensions=request.extensions,
            )
            with httpcore.ConnectionPool(network_backend=Backend()) as pool:
                try:
                    pool.handle_request(sent)
                except Connecting as connecting:
                    host = request.headers.get("host")
                    raise Connecting(connecting.host, connecting.port, host) from None
            raise ReaderError("httpcore returned without connecting")  # pragma: no cover

    return Transport


def _stopping_client() -> Any:
    """An ``httpx.Client`` whose transport stops at the socket, kept from the
    environment's proxies."""
    return _load("httpx").Client(transport=_stopping_transport()(), trust_env=False)


def httpx_parts(text: str) -> Parts:
    """``httpx.Client().get(text)`` (no proxy from the environment) up to the socket:
    where httpcore connects (the host as sent: A-labels; the port, or the scheme's
    when it is none or 0: httpcore's ``URL.origin``), the ``Host`` header httpx
    writes (the port as written); the parts as ``httpx.URL(text)`` gives them."""
    httpx = _load("httpx")
    url = httpx.URL(text)  # InvalidURL
    try:
        _per_thread("httpx", _stopping_client).get(text)
    except Connecting as connecting:
        password: str | None = url.password
        return Parts(
            url.scheme or None,
            url.username if url.userinfo else None,
            password if password or b":" in url.userinfo else None,
            connecting.host,
            connecting.port,
            url.port,
            url.path,
            url.query.decode("ascii", "backslashreplace"),
            url.fragment,
            connecting.host_header,
        )
    raise ReaderError("httpx returned without connecting")  # pragma: no cover
