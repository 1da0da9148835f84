"""What the libraries a server or a script uses read in a URL, beside the browsers.

Parsers that disagree on a URL's host are how a check passes one host and the request
goes to another (SSRF and open-redirect bypasses: Claroty and Snyk, "Exploiting URL
Parsers: The Good, Bad, and Inconsistent", 2022).  Each library is one row of
:data:`READERS`; :func:`reader_readings` asks them all, :func:`reader_findings` says
where one goes elsewhere than browsers, or refuses a URL they fetch.

Pure in the core's sense: each library runs in process on the text up to the point
where it would open its socket, and nothing connects.  The libraries themselves
import sockets and TLS, so each is imported only when its reading is first asked for.
"""

from __future__ import annotations

from urlinspector.core.memo import short_lru_cache
from urlinspector.core.readers.curl import curl_parts, curl_version
from urlinspector.core.readers.findings import (
    differing_readers,
    reader_findings,
    readers_could_differ,
    refusing_readers,
)
from urlinspector.core.readers.libraries import (
    httpx_parts,
    httpx_version,
    requests_parts,
    requests_version,
    urllib3_parts,
    urllib3_version,
)
from urlinspector.core.readers.python import python_version, urlopen_parts, urlsplit_parts
from urlinspector.core.readers.reading import PASSWORD_MASK, Reader, ReaderReading

__all__ = [
    "PASSWORD_MASK",
    "READERS",
    "Reader",
    "ReaderReading",
    "differing_readers",
    "reader_findings",
    "reader_readings",
    "readers_could_differ",
    "refusing_readers",
]

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


@short_lru_cache(maxsize=256)
def reader_readings(text: str) -> tuple[ReaderReading, ...]:
    """Every reader's reading of *text* (absolute, as the library would be handed
    it), in the order of :data:`READERS`.  Never raises."""
    return tuple(reader.read(text) for reader in READERS)
