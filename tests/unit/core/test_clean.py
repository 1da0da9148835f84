"""``clean``: tracking parameters removed by ClearURLs' published rules (the bundled
``data.min.json``), each named with the provider rule that removed it; redirections
reported, never followed; cleaning a clean URL gives it back."""

from __future__ import annotations

import hashlib
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector import data
from urlinspector.core import parse
from urlinspector.core.clean import clean, parse_clearurls

SHA256 = "d055d1e4612be57c706def4f3fb46c4858a8d97864a23e7d2f35622ea32a6b4f"


def test_the_bundled_rules_are_the_published_file() -> None:
    raw = (resources.files(data) / data.CLEARURLS_FILE).read_bytes()
    assert hashlib.sha256(raw).hexdigest() == SHA256
    source = (resources.files(data) / "clearurls" / "SOURCE.md").read_text(encoding="utf-8")
    assert SHA256 in source
    assert "LGPL-3.0" in source
    assert (resources.files(data) / "clearurls" / "LICENSE").is_file()
    rules = data.clearurls()
    assert len(rules.providers) == 205
    assert rules.providers[0].name == "amazon"
    assert any(p.name == "globalRules" for p in rules.providers)


@pytest.mark.parametrize(
    ("url", "expected", "removed"),
    [
        (
            "https://example.com/page?utm_source=newsletter&utm_medium=email&id=42&fbclid=IwAR0"
            "#utm_campaign=x",
            "https://example.com/page?id=42",
            [
                ("query", "utm_source", "globalRules"),
                ("query", "utm_medium", "globalRules"),
                ("query", "fbclid", "globalRules"),
                ("fragment", "utm_campaign", "globalRules"),
            ],
        ),
        (
            "https://www.amazon.com/dp/B08N5WRWNW/ref=sr_1_1?crid=2XYZ&keywords=echo"
            "&qid=1600000000&sprefix=echo%2Caps%2C200&sr=8-1",
            "https://www.amazon.com/dp/B08N5WRWNW",
            [
                ("url", None, "amazon"),
                ("query", "crid", "amazon"),
                ("query", "keywords", "amazon"),
                ("query", "qid", "amazon"),
                ("query", "sprefix", "amazon"),
                ("query", "sr", "amazon"),
            ],
        ),
        (
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=share&si=abc",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            [("query", "feature", "youtube"), ("query", "si", "youtube")],
        ),
        # referral marketing tags too, as the add-on removes them by default
        (
            "https://example.org/item?ref=affiliate7&x=1",
            "https://example.org/item?x=1",
            [("query", "ref", "globalRules")],
        ),
        # nothing to remove: the URL as browsers write it
        ("HTTPS://Example.ORG/a?b=1", "https://example.org/a?b=1", []),
    ],
)
def test_tracking_parameters_are_removed_and_named(
    url: str, expected: str, removed: list[tuple[str, str | None, str]]
) -> None:
    result = clean(parse(url), data.clearurls())
    assert result.clean == expected
    assert [(r.component, r.key, r.provider) for r in result.removed] == removed
    assert result.changed is bool(removed)
    for r in result.removed:
        assert r.rule  # the provider's rule as published
        assert r.kind in ("rule", "referral", "raw")


def test_the_rule_that_removed_it() -> None:
    result = clean(parse("https://example.org/?gclid=1&ref_=2"), data.clearurls())
    assert [(r.key, r.rule, r.kind) for r in result.removed] == [
        ("gclid", "(?:%3F)?gclid", "rule"),
        ("ref_", "(?:%3F)?ref_?", "referral"),
    ]


def test_the_rest_is_left_as_written() -> None:
    # other parameters are not re-encoded (the add-on's URLSearchParams would write
    # "q=a+b" as "q=a+b" but "x=%7e" as "x=%7E" and "flag" as "flag=")
    result = clean(parse("https://example.org/?q=a+b&utm_source=x&x=%7e&flag&&y"), data.clearurls())
    assert result.clean == "https://example.org/?q=a+b&x=%7e&flag&&y"


def test_a_redirection_is_reported_not_followed() -> None:
    url = "https://www.google.com/url?q=https://evil.example/b&sa=D&source=editors&usg=AOvVaw3"
    result = clean(parse(url), data.clearurls())
    assert result.clean == "https://www.google.com/url?q=https://evil.example/b"
    (redirect,) = result.redirections
    assert redirect.provider == "google"
    assert redirect.target == "https://evil.example/b"
    assert result.to_dict()["redirections"] == [redirect.to_dict()]


def test_a_tracker_as_a_whole_is_named() -> None:
    result = clean(
        parse("https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"), data.clearurls()
    )
    assert result.blocked_by == ("googlesyndication",)
    assert result.clean == "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"


def test_exceptions_are_respected() -> None:
    # google's exceptions leave its mail and accounts alone
    url = "https://mail.google.com/mail/u/0/?ved=1&source=x"
    assert clean(parse(url), data.clearurls()).clean == url


def test_a_url_browsers_reject() -> None:
    result = clean(parse("https://a.example:99999/"), data.clearurls())
    assert result.clean is None
    assert result.error is not None
    assert result.to_dict()["clean"] is None


def test_a_rules_file_that_is_not_one() -> None:
    with pytest.raises(ValueError, match="no 'providers'"):
        parse_clearurls("[]")


_KEYS = st.sampled_from(
    ["utm_source", "utm_medium", "fbclid", "gclid", "ref", "id", "q", "page", "si", "feature", ""]
)
_VALUES = st.text(alphabet="ab1%2E+=&?#/", max_size=6)
_HOSTS = st.sampled_from(
    [
        "example.com",
        "www.amazon.com",
        "www.youtube.com",
        "www.google.com",
        "twitter.com",
        "www.ebay.com",
        "www.aliexpress.com",
    ]
)


@given(
    host=_HOSTS,
    path=st.sampled_from(["/", "/dp/B01/ref=sr_1_1", "/watch", "/url", "/itm/1"]),
    params=st.lists(st.tuples(_KEYS, _VALUES), max_size=6),
    fragment=st.none() | st.lists(st.tuples(_KEYS, _VALUES), max_size=3),
)
def test_cleaning_a_clean_url_gives_it_back(
    host: str,
    path: str,
    params: list[tuple[str, str]],
    fragment: list[tuple[str, str]] | None,
) -> None:
    url = f"https://{host}{path}"
    if params:
        url += "?" + "&".join(f"{k}={v}" for k, v in params)
    if fragment is not None:
        url += "#" + "&".join(f"{k}={v}" for k, v in fragment)
    rules = data.clearurls()
    once = clean(parse(url), rules)
    if once.clean is None:
        return
    twice = clean(parse(once.clean), rules)
    assert twice.clean == once.clean
    assert twice.removed == ()
