"""A deterministic corpus of realistic URLs for the benchmarks.

Mixed schemes in proportions like a browsing history with a legacy tail: web
URLs with queries and fragments, IPv4 and IPv6 hosts, userinfo, ports, escapes,
IDN hosts, and the ftp, gopher, news, nntp, mailto, telnet, wais, file and
prospero forms of RFC 1738 section 3; a few relative references and broken URLs.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable

WORDS = [
    "index",
    "home",
    "about",
    "news",
    "docs",
    "api",
    "v1",
    "v2",
    "users",
    "items",
    "search",
    "images",
    "static",
    "assets",
    "css",
    "js",
    "blog",
    "post",
    "2024",
    "archive",
    "pub",
    "rfc",
    "faq",
    "help",
    "login",
    "account",
    "cart",
    "product",
    "catalog",
    "library",
    "Mailing%20Lists",
    "Weather",
    "California",
    "Los%20Angeles",
    "caf%C3%A9",
    "%7Euser",
    "data",
    "files",
    "readme",
]
TLDS = ("com", "org", "net", "edu", "de", "fr", "uk", "io", "jp", "nl")
KEYS = ("q", "id", "page", "sort", "lang", "ref", "utm_source", "session", "filter", "x")


def _host(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.08:
        return ".".join(str(rng.randrange(256)) for _ in range(4))
    if roll < 0.11:
        groups = [f"{rng.randrange(65536):x}" for _ in range(rng.choice((2, 3, 8)))]
        return "[" + (":".join(groups) if len(groups) == 8 else groups[0] + "::" + groups[-1]) + "]"
    if roll < 0.13:
        return "xn--mnchen-3ya.de"
    labels = [rng.choice(WORDS[:30]).lower() for _ in range(rng.randrange(1, 3))]
    prefix = rng.choice(("www.", "", "ftp.", "gopher.", "news.", "mail."))
    return prefix + ".".join(labels) + "." + rng.choice(TLDS)


def _path(rng: random.Random, depth: int | None = None) -> str:
    n = rng.randrange(0, 5) if depth is None else depth
    segs = [rng.choice(WORDS) for _ in range(n)]
    if segs and rng.random() < 0.4:
        segs[-1] += rng.choice((".html", ".txt", ".php", ".gif", ".tar.gz", ""))
    trail = "/" if rng.random() < 0.3 else ""
    return "/" + "/".join(segs) + (trail if segs else "")


def _query(rng: random.Random) -> str:
    pairs = [
        f"{rng.choice(KEYS)}={rng.choice(WORDS)}{rng.randrange(1000)}"
        for _ in range(rng.randrange(1, 5))
    ]
    return "?" + "&".join(pairs)


def _web(rng: random.Random) -> str:
    scheme = "https" if rng.random() < 0.4 else "http"
    userinfo = ""
    if rng.random() < 0.04:
        userinfo = rng.choice(("user@", "user:secret@", "anonymous@", "a%40b:p%3Aw@"))
    port = f":{rng.choice((8080, 8000, 443, 80, 3128, 25))}" if rng.random() < 0.12 else ""
    url = f"{scheme}://{userinfo}{_host(rng)}{port}{_path(rng)}"
    if rng.random() < 0.45:
        url += _query(rng)
    if rng.random() < 0.15:
        url += "#" + rng.choice(("top", "section-2", "Related", "", "fn%201"))
    return url


def _legacy(rng: random.Random) -> str:
    kind = rng.randrange(10)
    host = _host(rng)
    if kind == 0:
        typecode = rng.choice(("", ";type=a", ";type=i", ";type=d"))
        user = rng.choice(("", "", "myname@", "@", "foo:@"))
        return f"ftp://{user}{host}{_path(rng)}{typecode}"
    if kind == 1:
        return f"ftp://{host}/%2Fetc/motd"
    if kind == 2:
        gtype = rng.choice("01579gIh")
        extra = rng.choice(("", "", "%09search%20terms", "%09%09+", "%09%09!+ABSTRACT"))
        return f"gopher://{host}/{gtype}{_path(rng)}{extra}"
    if kind == 3:
        return rng.choice(
            (
                "news:comp.infosystems.www.misc",
                "news:*",
                f"news:{rng.randrange(10**6)}@{host}",
                "news:alt.folklore.computers",
            )
        )
    if kind == 4:
        return f"nntp://{host}/comp.lang.python/{rng.randrange(1, 99999)}"
    if kind == 5:
        return f"mailto:{rng.choice(WORDS[:20]).lower()}.{rng.randrange(99)}@{host}"
    if kind == 6:
        return f"telnet://{rng.choice(('', 'guest@', 'guest:guest@'))}{host}/"
    if kind == 7:
        return f"wais://{host}:210/database?{rng.choice(WORDS)}"
    if kind == 8:
        return rng.choice((f"file://{host}{_path(rng, 3)}", f"file:///etc/{rng.choice(WORDS)}"))
    return f"prospero://{host}//pros/{rng.choice(WORDS)};OBJECT-VERSION={rng.randrange(9)}"


def _relative(rng: random.Random) -> str:
    return rng.choice(
        (
            _path(rng)[1:],
            "../" + _path(rng)[1:],
            _path(rng) + _query(rng),
            "#frag",
            "?q=1",
            "//" + _host(rng) + _path(rng),
        )
    )


def _broken(rng: random.Random) -> str:
    return rng.choice(
        (
            f"http://{_host(rng)}/a b/c",
            f"http://{_host(rng)}/%G1",
            f"http://{_host(rng)}:99999/",
            "http://256.1.2.3/",
            f"http://{_host(rng)}/<script>",
            "HTTP://EXAMPLE.COM/",
            f"http://www.example.com&story=breaking_news@{_host(rng)}/top_story.htm",
        )
    )


Maker = Callable[[random.Random], str]
Mix = tuple[tuple[float, str, Maker], ...]
"""Cumulative shares: (upper limit of a uniform roll, kind, maker)."""

BROWSING: Mix = (
    (0.70, "web", _web),
    (0.88, "legacy", _legacy),
    (0.96, "relative", _relative),
    (1.0, "broken", _broken),
)
"""A browsing history with a legacy tail: the benchmark corpus."""


def _legacy_with_findings(rng: random.Random) -> str:
    """A legacy-scheme URL, most of them with something to report, each with its own
    chance: a password, a port that is not the default, an upper-case scheme, an
    unnecessary escape."""
    scheme, sep, rest = _legacy(rng).partition(":")
    if rest.startswith("//"):
        host_end = len(rest)
        for delim in "/?#":
            found = rest.find(delim, 2)
            if found != -1:
                host_end = min(host_end, found)
        authority = rest[2:host_end]
        if rng.random() < 0.5 and "@" not in authority:
            authority = rng.choice(("user:secret@", "anonymous:guest@", "a%40b:p%3Aw@")) + authority
        if rng.random() < 0.55 and ":" not in authority.rpartition("@")[2] and "]" not in authority:
            authority += f":{rng.choice((25, 119, 8021, 7070, 21, 79))}"
        rest = "//" + authority + rest[host_end:]
    if rng.random() < 0.35:
        scheme = scheme.upper()
    if rng.random() < 0.5:
        rest += rng.choice(("%7Euser", "%41", "%2D%2E"))
    return scheme + sep + rest


def _web_with_findings(rng: random.Random) -> str:
    url = _web(rng)
    scheme, sep, rest = url.partition("://")
    return scheme + sep + rng.choice(("user:pw@", "", "x%41@")) + rest + rng.choice(("", "%7E"))


LEGACY_HEAVY: Mix = (
    (0.75, "legacy", _legacy_with_findings),
    (0.90, "web", _web_with_findings),
    (1.0, "broken", _broken),
)
"""Mostly legacy schemes (ftp, gopher, news, nntp, telnet, wais, file, mailto,
prospero), about 1.5 findings a URL: the second benchmark corpus."""


def tagged_corpus(
    size: int = 20_000, seed: int = 1738, mix: Mix = BROWSING
) -> list[tuple[str, str]]:
    """*size* (kind, URL) pairs, the same list for the same seed and mix on every
    machine."""
    rng = random.Random(seed)
    out = []
    for _ in range(size):
        roll = rng.random()
        for limit, kind, make in mix:
            if roll < limit:
                out.append((kind, make(rng)))
                break
    return out


def corpus(size: int = 20_000, seed: int = 1738) -> list[str]:
    """*size* URLs of the browsing mix, the same list for the same seed everywhere."""
    return [url for _, url in tagged_corpus(size, seed)]


def legacy_corpus(size: int = 20_000, seed: int = 1994) -> list[str]:
    """*size* URLs of the legacy-heavy mix."""
    return [url for _, url in tagged_corpus(size, seed, LEGACY_HEAVY)]


def long_url(size: int = 64 * 1024) -> str:
    """One realistic long URL of *size* characters: a long path and a long query."""
    head = "http://www.example.com/" + "/".join(["segment"] * 400)
    query = "?" + "&".join(f"key{i}=value%20{i}" for i in range(5000))
    url = head + query
    return (url * (size // len(url) + 1))[:size]


_AUTHORITY_HOST = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?)([^/:?#\[\]@]+)")


def pooled_hosts(urls: list[str], hosts: int, seed: int = 2024) -> list[str]:
    """*urls* with the host of each URL that has an authority drawn again from a pool
    of *hosts* of their hosts, the first far more often than the last (weight 1/rank:
    the hosts of web logs and crawls follow Zipf's law).  The corpus draws a fresh
    host for nearly every URL (about 1.9 URLs a host); a proxy log or a crawl index
    repeats its hosts far more, and so does this."""
    rng = random.Random(seed)
    found = sorted({m.group(2) for u in urls if (m := _AUTHORITY_HOST.match(u))})
    rng.shuffle(found)
    pool = found[:hosts]
    weights = list(itertools.accumulate(1 / rank for rank in range(1, len(pool) + 1)))

    def rehost(m: re.Match[str]) -> str:
        return m.group(1) + rng.choices(pool, cum_weights=weights)[0]

    return [_AUTHORITY_HOST.sub(rehost, u, count=1) for u in urls]
