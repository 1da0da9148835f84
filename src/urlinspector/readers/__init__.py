"""What the HTTP libraries a server or a script uses do with a URL, each driven in
process up to its socket: where it would connect, or the exception it raises on the
way (its refusal).

Each library is one row of :data:`READERS`; :func:`reader_readings` asks them all.
Each is handed the URL the way a program hands it one, with the one place where it
would open its socket (its connection class, transport or network backend) replaced by
one that raises :class:`~.connecting.Connecting`: every check the library makes on the
way runs, and nothing connects, resolves a name or is sent
(``tests/unit/core/test_readers_sent.py`` sends every URL of a corpus with each library
for real, to a listener on loopback, and holds each reading to what it did).  The
libraries import sockets and TLS, so this package is apart from the core, which stays
pure; each library is imported only when its reading is first asked for.  What the
readings mean (their findings) is the core's: :mod:`urlinspector.core.readers`.
"""

from __future__ import annotations

from urlinspector.core.memo import short_lru_cache
from urlinspector.core.readers import Reader, ReaderReading
from urlinspector.readers.curl import curl_parts, curl_version
from urlinspector.readers.libraries import (
    httpx_parts,
    httpx_version,
    requests_parts,
    requests_version,
    urllib3_parts,
    urllib3_version,
)
from urlinspector.readers.python import python_version, urlopen_parts, urlsplit_parts

__all__ = ["FETCHED", "READERS", "reader_readings"]

_HTTP = frozenset({"http", "https"})

READERS: tuple[Reader, ...] = (
    Reader(
        "urllib",
        "Python's urllib.parse",
        urlsplit_parts,
        python_version,
        _HTTP,
        "Python urllib.parse.urlsplit: hostname, port",
    ),
    Reader(
        "urlopen",
        "Python's urllib.request (urlopen)",
        urlopen_parts,
        python_version,
        _HTTP,
        "Python urllib.request.urlopen: Request, http.client.HTTPConnection",
    ),
    Reader(
        "urllib3",
        "urllib3",
        urllib3_parts,
        urllib3_version,
        _HTTP,
        "urllib3 PoolManager.request, HTTPConnection.connect",
    ),
    Reader(
        "requests",
        "Python's requests",
        requests_parts,
        requests_version,
        _HTTP,
        "requests Session.get: PreparedRequest.prepare_url, HTTPAdapter.send",
    ),
    Reader(
        "httpx",
        "httpx",
        httpx_parts,
        httpx_version,
        _HTTP,
        "httpx Client.get, httpcore ConnectionPool",
    ),
    Reader(
        "curl",
        "curl (libcurl URL API)",
        curl_parts,
        curl_version,
        # the schemes of curl's own list that connect to a host (lib/url.c protocols)
        frozenset(
            {"http", "https", "ws", "wss", "ftp", "ftps", "gopher", "gophers", "dict"}
            | {"imap", "imaps", "pop3", "pop3s", "smtp", "smtps", "telnet", "tftp"}
            | {"ldap", "ldaps", "mqtt", "rtsp", "scp", "sftp", "smb", "smbs"}
        ),
        "libcurl curl_url_set(CURLUPART_URL), curl_url_get(CURLU_PUNYCODE)",
    ),
)
"""The readers, in the order they are shown: the standard library first."""


FETCHED: frozenset[str] = frozenset().union(*(reader.fetches for reader in READERS))
"""The schemes some library connects for (a ``file:`` URL: none does)."""


@short_lru_cache(maxsize=256)
def reader_readings(text: str) -> tuple[ReaderReading, ...]:
    """Every reader's reading of *text* (absolute, as the library would be handed
    it), in the order of :data:`READERS`.  Never raises."""
    return tuple(reader.read(text) for reader in READERS)
