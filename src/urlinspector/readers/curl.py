"""curl as a reader: libcurl's URL API (``curl_url``, ``curl_url_set``,
``curl_url_get``, ``curl_url_cleanup``, ``curl_free``), through ctypes.

The URL is set with the flags libcurl itself uses for ``CURLOPT_URL`` (lib/url.c,
``parseurlandfillconn``: ``CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME``), so the
parts are those a transfer would use; the host is asked for with ``CURLU_PUNYCODE``
(the A-labels a transfer resolves, libcurl's own IDN conversion: libidn2 on Debian),
the port with ``CURLU_DEFAULT_PORT`` (the scheme's when none is written) and without
it (the written one).  The API only parses: no handle, name lookup or connection.

The shared library is loaded by its usual names (``ctypes.CDLL``, which asks the
dynamic loader); ``ctypes.util.find_library`` is not used, since on Linux it runs
``ldconfig`` or a compiler in a subprocess.  Debian's libcurl4 provides
``libcurl.so.4``.
"""

from __future__ import annotations

import ctypes
import itertools
from dataclasses import dataclass
from functools import cache

from urlinspector.core.readers.reading import Parts, ReaderError, ReaderMissing

__all__ = ["curl_parts", "curl_version"]

# include/curl/urlapi.h (the URL API came in curl 7.62; CURLUE_NO_ZONEID in 7.81)
CURLUE_OK = 0
CURLUE_NO_USER = 11
CURLUE_NO_PASSWORD = 12
CURLUE_NO_HOST = 14
CURLUE_NO_PORT = 15
CURLUE_NO_QUERY = 16
CURLUE_NO_FRAGMENT = 17
CURLUE_NO_ZONEID = 18
_ABSENT = frozenset(
    {CURLUE_NO_USER, CURLUE_NO_PASSWORD, CURLUE_NO_HOST, CURLUE_NO_PORT}
    | {CURLUE_NO_QUERY, CURLUE_NO_FRAGMENT, CURLUE_NO_ZONEID}
)
"""``curl_url_get`` codes that mean "this part is not there"."""

CURLUPART_URL = 0
CURLUPART_SCHEME = 1
CURLUPART_USER = 2
CURLUPART_PASSWORD = 3
CURLUPART_HOST = 5
CURLUPART_PORT = 6
CURLUPART_PATH = 7
CURLUPART_QUERY = 8
CURLUPART_FRAGMENT = 9
CURLUPART_ZONEID = 10  # curl 7.65

CURLU_DEFAULT_PORT = 1 << 0
CURLU_NON_SUPPORT_SCHEME = 1 << 3
CURLU_GUESS_SCHEME = 1 << 9
CURLU_PUNYCODE = 1 << 12  # curl 7.88: the host as a transfer resolves it (IDN to A-labels)

SET_FLAGS = CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME
"""What lib/url.c ``parseurlandfillconn`` passes for ``CURLOPT_URL``."""

_SONAMES = ("libcurl.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib", "libcurl.dll")


class _VersionInfo(ctypes.Structure):
    """The head of ``curl_version_info_data`` (include/curl/curl.h), up to the
    protocols this libcurl was built with."""

    _fields_ = (
        ("age", ctypes.c_int),
        ("version", ctypes.c_char_p),
        ("version_num", ctypes.c_uint),
        ("host", ctypes.c_char_p),
        ("features", ctypes.c_int),
        ("ssl_version", ctypes.c_char_p),
        ("ssl_version_num", ctypes.c_long),
        ("libz_version", ctypes.c_char_p),
        ("protocols", ctypes.POINTER(ctypes.c_char_p)),
    )


CURLVERSION_FIRST = 0
CURLE_UNSUPPORTED_PROTOCOL = 1


@dataclass(frozen=True)
class _Curl:
    lib: ctypes.CDLL
    version: str
    strerror: bool
    """``curl_url_strerror`` is there (curl 7.80 and later)."""
    protocols: frozenset[str]
    """The schemes this libcurl transfers (``curl_version_info``): others it refuses
    with ``CURLE_UNSUPPORTED_PROTOCOL`` (lib/url.c ``findprotocol``)."""


def _protocols(lib: ctypes.CDLL) -> frozenset[str]:
    lib.curl_version_info.restype = ctypes.POINTER(_VersionInfo)
    lib.curl_version_info.argtypes = [ctypes.c_int]
    names = lib.curl_version_info(CURLVERSION_FIRST).contents.protocols
    found: set[str] = set()
    for index in itertools.count():
        if not names[index]:
            return frozenset(found)
        found.add(names[index].decode("ascii", "replace").lower())
    raise AssertionError  # pragma: no cover (itertools.count never ends)


@cache
def _curl() -> _Curl | str:
    """libcurl with the URL API's prototypes, or why it cannot be loaded."""
    lib: ctypes.CDLL | None = None
    for name in _SONAMES:
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError:
            continue
    if lib is None:
        return "libcurl is not installed (no libcurl.so.4: Debian's libcurl4 provides it)"
    if not hasattr(lib, "curl_url"):
        return "libcurl is too old: its URL API came in curl 7.62"
    lib.curl_url.restype = ctypes.c_void_p
    lib.curl_url.argtypes = []
    lib.curl_url_cleanup.restype = None
    lib.curl_url_cleanup.argtypes = [ctypes.c_void_p]
    lib.curl_url_set.restype = ctypes.c_int
    lib.curl_url_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    lib.curl_url_get.restype = ctypes.c_int
    lib.curl_url_get.argtypes = [
        ctypes.c_void_p,
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_void_p),
        ctypes.c_uint,
    ]
    lib.curl_free.restype = None
    lib.curl_free.argtypes = [ctypes.c_void_p]
    lib.curl_version.restype = ctypes.c_char_p
    lib.curl_version.argtypes = []
    strerror = hasattr(lib, "curl_url_strerror")
    if strerror:
        lib.curl_url_strerror.restype = ctypes.c_char_p
        lib.curl_url_strerror.argtypes = [ctypes.c_int]
    version = (lib.curl_version() or b"libcurl").decode("ascii", "replace").split(" ")[0]
    return _Curl(lib, version.replace("/", " "), strerror, _protocols(lib))


def _load() -> _Curl:
    found = _curl()
    if isinstance(found, str):
        raise ReaderMissing(found)
    return found


def curl_version() -> str:
    return _load().version


def _message(curl: _Curl, code: int) -> str:
    if curl.strerror:
        said: bytes | None = curl.lib.curl_url_strerror(code)
        if said:
            return f"CURLUcode {code}: {said.decode('ascii', 'replace')}"
    return f"CURLUcode {code}"


def _get(curl: _Curl, handle: int, part: int, flags: int = 0) -> str | None:
    """One part of the URL in *handle*, as libcurl gives it; None when it is not
    there."""
    out = ctypes.c_void_p()
    code = curl.lib.curl_url_get(handle, part, ctypes.byref(out), flags)
    if code in _ABSENT:
        return None
    if code != CURLUE_OK:
        raise ReaderError(_message(curl, code))
    try:
        return ctypes.string_at(out.value).decode("utf-8", "backslashreplace") if out.value else ""
    finally:
        curl.lib.curl_free(out)


def curl_parts(text: str) -> Parts:
    """libcurl's reading of *text*, as a transfer with ``CURLOPT_URL`` would use it."""
    curl = _load()
    if "\0" in text:
        # a C string ends at its first NUL: libcurl would read only what comes before
        raise ReaderError("a NUL character ends the URL for libcurl (a C string)")
    data = text.encode("utf-8", "surrogateescape")
    handle = curl.lib.curl_url()
    if not handle:
        raise ReaderError("curl_url() failed (out of memory)")
    try:
        code = curl.lib.curl_url_set(handle, CURLUPART_URL, data, SET_FLAGS)
        if code != CURLUE_OK:
            raise ReaderError(_message(curl, code))
        scheme = _get(curl, handle, CURLUPART_SCHEME)
        if scheme is not None and scheme.lower() not in curl.protocols:
            raise ReaderError(
                f"CURLcode {CURLE_UNSUPPORTED_PROTOCOL}: Protocol {scheme!r} not supported"
                " or disabled in libcurl"
            )
        host = _get(curl, handle, CURLUPART_HOST, CURLU_PUNYCODE)
        zone = _get(curl, handle, CURLUPART_ZONEID)
        if host is not None and zone and host.endswith("]"):
            host = f"{host[:-1]}%{zone}]"
        port = _get(curl, handle, CURLUPART_PORT, CURLU_DEFAULT_PORT)
        written = _get(curl, handle, CURLUPART_PORT)
        return Parts(
            scheme,
            _get(curl, handle, CURLUPART_USER),
            _get(curl, handle, CURLUPART_PASSWORD),
            host,
            None if port is None else int(port),
            None if written is None else int(written),
            _get(curl, handle, CURLUPART_PATH),
            _get(curl, handle, CURLUPART_QUERY),
            _get(curl, handle, CURLUPART_FRAGMENT),
        )
    finally:
        curl.lib.curl_url_cleanup(handle)
