"""Abbreviated URIs (RFC 2396bis draft 2003 appendix F; RFC 3986 §4.5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import parse
from urlinspector.core.guess import HOST_PREFIXES, Guess, guess_absolute
from urlinspector.data import spec_text


@pytest.mark.parametrize(
    ("text", "url", "scheme"),
    [
        # RFC 2396bis draft 2003 appendix F's own example
        ("www.w3.org/Addressing/", "http://www.w3.org/Addressing/", "http"),
        # "or simply the DNS hostname on its own"
        ("www.w3.org", "http://www.w3.org", "http"),
        ("WWW.W3.ORG/x", "http://WWW.W3.ORG/x", "http"),
        ("ftp.is.co.za/rfc/rfc1808.txt", "ftp://ftp.is.co.za/rfc/rfc1808.txt", "ftp"),
        (
            "gopher.tc.umn.edu/11/Mailing%20Lists/",
            "gopher://gopher.tc.umn.edu/11/Mailing%20Lists/",
            "gopher",
        ),
        (
            "news.example.com/comp.infosystems.www.misc",
            "news://news.example.com/comp.infosystems.www.misc",
            "news",
        ),
        ("example.com", "http://example.com", "http"),
        ("example.com:8080/x?q#f", "http://example.com:8080/x?q#f", "http"),
        ("localhost:8000", "http://localhost:8000", "http"),
        ("localhost", "http://localhost", "http"),
        ("10.0.0.1/index.html", "http://10.0.0.1/index.html", "http"),
        ("[::1]:8080/", "http://[::1]:8080/", "http"),
        ("//www.w3.org/Addressing/", "http://www.w3.org/Addressing/", "http"),
        ("  www.w3.org/Addressing/\n", "http://www.w3.org/Addressing/", "http"),
        ("bücher.example/", "http://bücher.example/", "http"),
        # a host named like a scheme's server, but not at the start
        ("my.ftp.example/x", "http://my.ftp.example/x", "http"),
    ],
)
def test_guesses(text: str, url: str, scheme: str) -> None:
    guess = guess_absolute(text)
    assert guess is not None
    assert guess.url == url
    assert guess.scheme == scheme
    assert guess.text == text
    d = guess.diagnostic
    assert (d.code, d.severity, d.category) == ("heuristic", "info", "scheme")
    assert d.reference.startswith("RFC 2396bis draft 2003 appendix F")
    assert "heuristic" in d.message
    start, end = d.span
    assert text[start:end] == text.strip()
    # what it guessed parses as an absolute URL with that scheme and host
    parsed = parse(guess.url)
    assert parsed.scheme == scheme
    assert parsed.host is not None
    assert parsed.host.lower() in guess.url.lower()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "http://www.w3.org/",  # has a scheme already
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "foo:bar",
        "Addressing/",  # a relative path
        "../g",
        "/etc/motd",
        "?q",
        "#frag",
        "index",  # one label: a word, not a host
        "3.14",  # a number
        "john@example.com",  # userinfo is never guessed
        "user:pw@example.com/",
        "www.w3.org/a b",  # whitespace inside
        "www.w3.org/\x00",
        "-bad-.example",
        "example.com:http/",
    ],
)
def test_not_abbreviations(text: str) -> None:
    assert guess_absolute(text) is None


def test_prefixes_map_to_their_schemes() -> None:
    assert dict(HOST_PREFIXES) == {
        "www.": "http",
        "ftp.": "ftp",
        "gopher.": "gopher",
        "news.": "news",
    }
    for prefix, scheme in HOST_PREFIXES:
        guess = guess_absolute(prefix + "example.org/x")
        assert guess is not None
        assert guess.url == f"{scheme}://{prefix}example.org/x"
        assert repr(prefix) in guess.reason


def test_to_dict() -> None:
    guess = guess_absolute("ftp.example.org")
    assert isinstance(guess, Guess)
    data = guess.to_dict()
    assert data["url"] == "ftp://ftp.example.org"
    assert data["scheme"] == "ftp"
    assert data["diagnostic"]["code"] == "heuristic"  # type: ignore[index]


def test_misuse() -> None:
    with pytest.raises(TypeError):
        guess_absolute(None)  # type: ignore[arg-type]


def test_the_example_is_in_002() -> None:
    text = " ".join(spec_text("RFC 2396bis draft 2003").split())
    assert "such as www.w3.org/Addressing/ or simply the DNS hostname on its own" in text
    assert 'likely to have a URI prefix of "http://"' in text


@given(st.text(max_size=60))
def test_any_text(text: str) -> None:
    guess = guess_absolute(text)
    if guess is not None:
        assert guess.url.endswith(text.strip().removeprefix("//"))
        assert parse(guess.url).is_absolute
        assert guess_absolute(guess.url) is None  # a guess is not guessed again
