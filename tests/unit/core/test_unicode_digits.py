"""Digits are ASCII digits: a Unicode digit (Arabic-Indic ``٩``, superscript ``²``,
fullwidth ``９``, mathematical ``𝟘``) is never read as a number, and no text makes
``parse``, ``compare``, ``normalize`` or ``resolve`` raise, under any edition.

``str.isdigit()``, ``\\d`` and ``int()`` all accept Unicode digits; the URL specs'
DIGIT is ``%x30-39`` (RFC 3986 §1.3 and RFC 2234 §6.1 core rules).  The strategies
below build hosts, ports and paths from ASCII digits, Unicode digits and the
punctuation around numbers, and also throw arbitrary text at every function.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from urlinspector.core import (
    EDITION_IDS,
    STEPS,
    BaseNotAbsoluteError,
    compare,
    normalize,
    parse,
    resolve,
)

UNICODE_DIGITS = "٠١٩۳߀०৯๓１９²³¹⁰₂𝟘𝟡Ⅻ½"
"""Characters ``str.isdigit()`` (or ``isnumeric()``) accepts that are no ASCII digit."""

PIECES = st.sampled_from(
    [
        *UNICODE_DIGITS,
        *"0123456789",
        *("0", "0x", "0X", "00", ".", ":", "/", "[", "]", "@", "%", "%3", "a", "f", "::"),
        *("v1.", "#", "?", "ff", "255", "256", "1e3", "-", "+"),
    ]
)
NUMBERISH = st.lists(PIECES, max_size=16).map("".join)
SCHEMES = st.sampled_from(["http", "ftp", "gopher", "news", "nntp", "file", "x", "HTTP"])
EDITIONS = st.sampled_from(EDITION_IDS)


@st.composite
def urls(draw: st.DrawFn) -> str:
    """``scheme://[userinfo@]host[:port]/path`` with number-like pieces everywhere."""
    scheme = draw(SCHEMES)
    userinfo = draw(st.one_of(st.just(""), NUMBERISH.map(lambda s: s.replace("@", "") + "@")))
    host = draw(NUMBERISH)
    port = draw(st.one_of(st.just(""), NUMBERISH.map(lambda s: ":" + s)))
    path = draw(NUMBERISH)
    return f"{scheme}://{userinfo}{host}{port}/{path}"


TEXTS = st.one_of(urls(), NUMBERISH, st.text(max_size=40))
KNOWN = [
    "http://0٩/",
    "http://0١.1/",
    "http://[::1.2.3.٤]/",
    "http://١٢٧.0.0.1/",
    "http://127.0.0.1:٨٠/",
    "http://0x１/",
    "gopher://h:٧٠/1x",
    "http://²/",
]


def _check_everything(text: str, edition: str) -> None:
    url = parse(text, edition)
    assert url.recompose() == text
    for diagnostic in url.diagnostics:
        assert diagnostic.code
    normalize(text, STEPS, edition=edition)
    compare(text, "http://0.0.0.9/", edition=edition)
    compare("http://a/", text, edition=edition)
    resolve("http://a/b/c", text, edition)
    resolve("http://a/b/c", text, edition, strict=False)
    with contextlib.suppress(BaseNotAbsoluteError):  # no scheme: the documented refusal
        resolve(text, "../g", edition)


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("text", KNOWN)
def test_known_unicode_digit_urls(text: str, edition: str) -> None:
    _check_everything(text, edition)


@given(TEXTS, EDITIONS)
@example("http://0٩/", "rfc3986")
@example("http://0١.1/", "rfc1738")
def test_no_text_makes_the_core_raise(text: str, edition: str) -> None:
    _check_everything(text, edition)


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_a_unicode_digit_is_no_rare_ipv4(edition: str) -> None:
    """``0١.1`` is a registered name with a non-ASCII character, not 1.0.0.1."""
    for text in ("http://0١.1/", "http://0٩/", "http://١٢٧.1/"):
        codes = {d.code for d in parse(text, edition).diagnostics}
        assert "rare-ipv4" not in codes, (text, codes)
        assert "ipv4-octet-range" not in codes, (text, codes)


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_ascii_rare_ipv4_still_found(edition: str) -> None:
    codes = {d.code for d in parse("http://0x7f.1/", edition).diagnostics}
    assert "rare-ipv4" in codes


def test_a_unicode_digit_in_an_ipv6_literal_is_no_address() -> None:
    codes = {d.code for d in parse("http://[::1.2.3.٤]/").diagnostics}
    assert "invalid-ip-literal" in codes


def test_a_unicode_digit_port_is_no_port() -> None:
    url = parse("http://h:٨٠/")
    assert url.port_number is None
    assert "invalid-port" in {d.code for d in url.diagnostics}
