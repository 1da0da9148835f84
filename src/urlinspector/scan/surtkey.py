"""Common Crawl's ``url_surtkey``: a URL's SURT key, as its index writes it.

Common Crawl's CDX index (from which its columnar index takes ``url_surtkey``,
commoncrawl/cc-index-table ``IndexTable``) is written by pywb's indexer
(commoncrawl/webarchive-indexing, ``indexwarcs_cc_pyspark.py``), whose key is the
Internet Archive's: its URL canonicalization, then the host's labels in reverse
order (SURT, "Sort-friendly URI Reordering Transform"), as in the Wayback Machine's
``WaybackURLKeyMaker`` (iipc/webarchive-commons, ``org/archive/url``, Apache-2.0;
the Python port that pywb calls follows it).  So ``https://www.Example.com/A/b/?b=2&a=1#top``
has the key ``com,example)/a/b?a=1&b=2``: the scheme, ``www.``, the userinfo, a
default port, the fragment and a trailing slash dropped; path and query in lower
case, fully unescaped and escaped again once; the query's parameters sorted; session
ids taken out.

The key is made from the URL as browsers read it (a
:class:`~urlinspector.core.browser.BrowserReading`, the URL a crawler fetches: its
host is the row's ``url_host_name``), the host's part
once per distinct host (:func:`surt_host`) and the rest for each URL
(:func:`surt_key`).  Where the Java key maker and its Python port part ways, the key
is the port's, which made Common Crawl's keys; nothing is ever looked up (the port
asks the resolver to read a numeric host; this reads it as the resolver does,
offline).  The tests hold the keys to real lines of Common Crawl's index and to the
``surt`` package over the test corpus.
"""

from __future__ import annotations

import contextlib
import re
from urllib.parse import quote_from_bytes, unquote_to_bytes

from urlinspector.core.browser import BrowserReading

__all__ = ["surt_host", "surt_key"]

# --- escaping: BasicURLCanonicalizer (Google Safe Browsing's canonicalization) ----------

_KEPT = b"!\"$&'()*+,-./:;<=>?@[\\]^_`{|}~"
"""What ``escapeOnce`` leaves as it is beside letters and digits: every printable ASCII
character but ``#`` and ``%`` (BasicURLCanonicalizer.escapeOnce; the Python port, whose
keys Common Crawl's are, escapes DEL as well)."""

_TO_ESCAPE = re.compile(r"[^!-~]|[#%]")
"""A character ``escapeOnce`` changes."""


def _unescaped(text: str) -> bytes:
    """*text* with every ``%XX`` escape decoded, again and again until none is left
    (BasicURLCanonicalizer.unescapeRepeatedly: ``%2541`` is ``A``)."""
    data = text.encode("utf-8", "surrogateescape")
    while b"%" in data:
        decoded = unquote_to_bytes(data)
        if decoded == data:
            break
        data = decoded
    return data


def _escaped_once(data: bytes) -> str:
    """*data* with each octet that is not printable ASCII, and each ``#`` and ``%``,
    written ``%XX`` (BasicURLCanonicalizer.escapeOnce)."""
    text = data.decode("latin-1")
    if _TO_ESCAPE.search(text) is None:
        return text
    return quote_from_bytes(data, safe=_KEPT)


def _minimal_escape(text: str) -> str:
    """BasicURLCanonicalizer.minimalEscape: unescaped repeatedly, then escaped once."""
    return _escaped_once(_unescaped(text))


# --- the host: BasicURLCanonicalizer, IAURLCanonicalizer, URLRegexTransformer ------------

_DECIMAL_IP = re.compile(r"[1-9][0-9]*(?:\.[0-9]+){0,3}")
_OCTAL_IP = re.compile(r"0[0-7]*(?:\.[0-7]+){0,3}")
"""The numeric hosts ``attemptIPFormats`` reads as an IPv4 address (BasicURLCanonicalizer
DECIMAL_IP, OCTAL_IP)."""

_WWW = re.compile(r"www\d*\.")
"""The prefix ``massageHost`` drops (IAURLCanonicalizer.WWWN_PATTERN): once, as the
Python port does (the Java one drops ``www.www2.`` whole)."""


def _numeric_ipv4(host: str) -> str | None:
    """*host* read as an IPv4 address the way ``attemptIPFormats`` has it read: a whole
    number modulo 2**32; one of :data:`_DECIMAL_IP` or :data:`_OCTAL_IP` as the C
    library's ``inet_aton`` reads a numeric name (one to four parts, a leading ``0``
    for octal, the last part filling the octets left); None for any other host, or
    for one ``inet_aton`` refuses (the key maker keeps that host as it is)."""
    if host.isascii() and host.isdigit():
        number = int(host) % 2**32
    elif _DECIMAL_IP.fullmatch(host) or _OCTAL_IP.fullmatch(host):
        try:  # (octal after a leading 0, decimal otherwise; "08" is no number)
            parts = [int(p, 8) if p[:1] == "0" else int(p) for p in host.split(".")]
        except ValueError:
            return None
        *leading, last = parts
        if any(p > 255 for p in leading) or last >= 256 ** (4 - len(leading)):
            return None
        number = last
        for place, part in enumerate(leading):
            number += part << (24 - 8 * place)
    else:
        return None
    return ".".join(str(number >> shift & 255) for shift in (24, 16, 8, 0))


def _canonical_host(host: str) -> str:
    """*host* as BasicURLCanonicalizer then IAURLCanonicalizer leave it: unescaped,
    an internationalized name in A-labels (IDNA 2003, as Java's ``IDN.toASCII`` and
    Python's ``idna`` codec write it), doubled and outer dots dropped, a numeric
    address in dotted decimal, lower case, escaped once; a leading ``www.`` dropped."""
    data = _unescaped(host)
    if not data.isascii():
        # (a label IDNA 2003 refuses is kept, and escaped below)
        with contextlib.suppress(UnicodeError):
            data = data.decode("utf-8", "ignore").encode("idna")
    data = data.replace(b"..", b".").strip(b".")
    name = data.decode("latin-1")
    address = _numeric_ipv4(name)
    name = address if address is not None else _escaped_once(data.lower())
    www = _WWW.match(name)
    return name[www.end() :] if www else name


def surt_host(host: str) -> str:
    """The host part of a SURT key: *host* (as browsers contact it) canonicalized
    (:func:`_canonical_host`) with its labels in reverse order, joined by commas
    (URLRegexTransformer.hostToSURT: ``www.example.com`` is ``com,example``, an IPv4
    address reversed too, an IPv6 address without its brackets)."""
    if host.startswith("["):
        return host[1:-1].lower()
    return ",".join(reversed(_canonical_host(host).split(".")))


# --- the path and the query: BasicURLCanonicalizer, IAURLCanonicalizer ---------------

_PATH_SESSION_IDS = (
    re.compile(r"(.*/)\((?:[a-z]\([0-9a-z]{24}\))+\)/([^?]+\.aspx.*)", re.IGNORECASE),
    re.compile(r"(.*/)\([0-9a-z]{24}\)/([^?]+\.aspx.*)", re.IGNORECASE),
)
"""ASP.NET's session ids in a path (URLRegexTransformer PATH_OPTS): the two groups are
what is kept."""

_QUERY_SESSION_IDS = tuple(
    re.compile(rf"(.*)(?:{session})(?:&(.*))?", re.IGNORECASE)
    for session in (
        "jsessionid=[0-9a-zA-Z]{32}",
        "phpsessid=[0-9a-zA-Z]{32}",
        "sid=[0-9a-zA-Z]{32}",
        "aspsessionid[a-zA-Z]{8}=[a-zA-Z]{24}",
        "cfid=[^&]+&cftoken=[^&]+",
    )
)
"""Session ids in a query (URLRegexTransformer QUERY_OPTS): Java's servlets, PHP, a
bare ``sid``, ASP and ColdFusion; the groups before and after are kept."""

_QUERY_SESSION_MARKS = ("jsessionid=", "sid=", "aspsessionid", "cftoken=")
"""What a query with a session id holds (the ``match`` strings of URLRegexTransformer's
OptimizedPattern, which it looks for before trying a pattern)."""


def _normal_path(path: bytes) -> bytes:
    """BasicURLCanonicalizer.normalizePath: ``.`` segments dropped, ``..`` taking the
    segment before it off (kept when there is none), empty segments dropped but the
    last."""
    kept: list[bytes] = []
    for segment in path.split(b"/")[1:]:
        if segment == b".":
            continue
        if segment == b".." and kept:
            kept.pop()
        else:
            kept.append(segment)
    if not kept:
        return b"/"
    return b"/" + b"".join(s + b"/" for s in kept[:-1] if s) + kept[-1]


def _path(path: str) -> str:
    """The path of a key: unescaped repeatedly, normalized and escaped once
    (BasicURLCanonicalizer), in lower case, without an ASP.NET session id or a
    trailing slash (IAURLCanonicalizer, AggressiveIACanonicalizerRules)."""
    if _TO_ESCAPE.search(path) or "/." in path or "//" in path or not path.startswith("/"):
        path = _escaped_once(_normal_path(_unescaped(path)))
    path = path.lower()
    if ".aspx" in path:
        for pattern in _PATH_SESSION_IDS:
            if m := pattern.fullmatch(path):
                path = m.group(1) + m.group(2)
    return path[:-1] if len(path) > 1 and path.endswith("/") else path


def _query(query: str) -> str | None:
    """The query of a key: minimally escaped (BasicURLCanonicalizer), without session
    ids, in lower case, its ``&``-separated parameters sorted by name, then value (a
    name without ``=`` before the same name with one); None for an empty one
    (IAURLCanonicalizer, AggressiveIACanonicalizerRules)."""
    if not query:
        return None
    query = _minimal_escape(query)
    lower = query.lower()
    if any(mark in lower for mark in _QUERY_SESSION_MARKS):
        for pattern in _QUERY_SESSION_IDS:
            if m := pattern.fullmatch(query):
                query = m.group(1) + (m.group(2) or "")
    query = "&".join(sorted(query.lower().split("&"), key=lambda p: p.split("=", 1)))
    return query or None


_DEFAULT_PORTS = {"http": 80, "https": 443}
"""IAURLCanonicalizer.getDefaultPort: the port dropped from a key (0 for any other
scheme)."""


def surt_key(reading: BrowserReading, host: str) -> str:
    """The SURT key of the URL browsers read as *reading*, whose host's part of a key
    is *host* (:func:`surt_host` of ``reading.host``): ``com,example)/path?a=1``.

    The port is written when the URL names one that is not its scheme's default (as
    the Python key maker has it, port 0 never: it reads no port there); the userinfo
    and the fragment never are (AggressiveIACanonicalizerRules).  A host that is
    nothing once canonicalized (dots only) leaves the scheme and ``:`` in its place,
    as the key maker writes it."""
    if host:
        port = reading.port if reading.explicit_port else None
        if port and port != _DEFAULT_PORTS.get(reading.scheme or "", 0):
            host = f"{host}:{port}"
        head = f"{host})"
    else:
        head = f"{reading.scheme}:"
    query = _query(reading.query or "")
    path = _path(reading.path or "")
    return f"{head}{path}" if query is None else f"{head}{path}?{query}"
