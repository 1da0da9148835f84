"""Texts to parse in bulk, the same on every machine: every string the tests hold, the
benchmark corpora, and generated texts (pieces of URLs, URLs built component by
component, random characters).

What checks a property of the parse over many texts reads them from here: that every
code the program emits is in the table of codes (tests/unit/core/test_codes.py), and
that two trees parse alike (tests/benchmarks/compare_parse.py).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path

from tests.benchmarks.corpus import BROWSING, LEGACY_HEAVY, tagged_corpus

__all__ = ["corpus_texts", "generated_texts", "strings_in_tests"]

TESTS = Path(__file__).resolve().parents[1]

LONGEST = 4096
"""The longest test string kept (a few tests hold texts of megabytes)."""


def strings_in_tests(root: Path = TESTS) -> list[str]:
    """Every string constant in the test modules under *root*, each once, in a fixed
    order; none longer than :data:`LONGEST`."""
    found: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and len(value) <= LONGEST:
                found.add(value)
    return sorted(found)


def corpus_texts(size: int) -> list[str]:
    """The first *size* URLs of each benchmark corpus (tests/benchmarks/corpus.py)."""
    browsing = [u for _, u in tagged_corpus(size, 1738, BROWSING)]
    legacy = [u for _, u in tagged_corpus(size, 1994, LEGACY_HEAVY)]
    return browsing + legacy


SPECIAL_CHARS = (
    "\x00\x01\t\n\r\x1f\x7f \"<>#%{}|\\^`[]~:/?@!$&'()*+,;=.-_"
    "\u00a0\u00e9\u0430\u200b\u200e\u202e\u2066\u3000\ufeff\U0001f600\ud800\udfff"
)
PIECES = (
    "http", "HTTP", "https", "ftp", "FTP", "gopher", "wais", "mailto", "news", "nntp",
    "telnet", "file", "prospero", "data", "javascript", "foo", "1x",
    "URL:", "<", ">", ":", "://", "//", "/", "?", "#", "@", ":@", "[", "]", "[::1]",
    "[v1.x]", "%", "%4", "%41", "%zz", "%0D", "%0a", "%00", "%09", "%2F", "%3B", "%E2%80%AE",
    "a", "Z", "0", "9", "255", "256", "0x7f", ".", "..", "-", "_", "~", "+", "!", "$", "&",
    "'", "(", ")", "*", ",", ";", "=", ";type=", ";type=i", " ", "\t", "\x00", "é",
    "\u0430", "\u202e", "xn--mnchen-3ya", "xn--zz", "host.com", "80", "25", "70000", '"',
    "{", "|", "\\", "^", "`",
)  # fmt: skip
_COMMON = "abcXYZ019" * 4 + "-._" * 2
_SOME = "~+!$&'()*,;=:@%" + "%41%7e"
SCHEMES = (
    "http", "HTTP", "https", "ftp", "gopher", "wais", "mailto", "news", "nntp", "telnet",
    "file", "prospero", "foo", "data", "javascript",
)  # fmt: skip
HOSTS = (
    "h", "example.com", "a.b-c.d", "10.0.0.1", "300.1.1.1", "0x7f.1", "2130706433",
    "010.0.0.1", "[::1]", "[2001:db8::7]", "[v1.x]", "[::1", "", "my_host", "a+b",
    "xn--mnchen-3ya.de", "p\u0430ypal.com", "EXAMPLE.COM", "h%41", "a.", "münchen.de",
    "www.paypal.com.evil.example", "xn--80ak6aa92e.com", "127.0.0.1", "localhost",
)  # fmt: skip


def _text(rng: random.Random, alphabet: str, size: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(size + 1)))


def _random_chars(rng: random.Random) -> str:
    chars = []
    for _ in range(rng.randrange(40)):
        if rng.random() < 0.5:
            chars.append(rng.choice(SPECIAL_CHARS))
        else:
            code = rng.randrange(0x110000)
            chars.append(chr(code if not 0xD800 <= code < 0xE000 else 0x41))
    return "".join(chars)


def _pieces(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randrange(24)))


def _structured(rng: random.Random) -> str:
    text = ""
    if rng.random() < 0.8:
        text += rng.choice(SCHEMES) + ":"
    if rng.random() < 0.7:
        text += "//"
        if rng.random() < 0.3:
            text += _text(rng, _COMMON + _SOME, 10) + "@"
        text += rng.choice(HOSTS) if rng.random() < 0.7 else _text(rng, _COMMON + "!$&", 12)
        if rng.random() < 0.3:
            text += ":" + rng.choice(("", "21", "70", "8080", "99999", "8a", "0"))
        if rng.random() < 0.7:
            text += "/"
    text += "/".join(_text(rng, _COMMON + _SOME, 10) for _ in range(rng.randrange(5)))
    if rng.random() < 0.3:
        text += rng.choice(("", ";type=a", ";type=x", "%09search", "%09%09+", "%09%09!attr"))
    if rng.random() < 0.4:
        text += "?" + _text(rng, _COMMON + _SOME + "/?", 12)
    if rng.random() < 0.3:
        text += "#" + _text(rng, _COMMON + _SOME + "/?", 12)
    wrapper = rng.choice(("", "", "", "<>", "<URL:>", "URL:"))
    if wrapper == "URL:":
        return "URL:" + text
    if wrapper:
        return wrapper[:-1] + text + ">"
    return text


def generated_texts(count: int, seed: int = 3986) -> Iterator[str]:
    """*count* texts, the same for the same seed: a third pieces of URLs, a third URLs
    built component by component (wrappers, IDN and IPv4 forms among them), a third
    random characters."""
    rng = random.Random(seed)
    makers = (_pieces, _structured, _random_chars)
    for i in range(count):
        yield makers[i % 3](rng)
