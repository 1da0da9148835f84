"""What the URL inside a wrapped link hides is said of the wrapped link: the host its
browsers contact, the brand its host pretends to be, the script it carries."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from urlinspector.core import destination, parse
from urlinspector.data import top_domains

SAFE_LINKS = "https://nam12.safelinks.protection.outlook.com/?url={}&data=05&reserved=0"


def _wrapped(inner: str) -> str:
    return SAFE_LINKS.format(quote(inner, safe=""))


def _findings(text: str) -> dict[str, str]:
    found = destination(parse(text), brands=top_domains()).findings
    return {d.code: d.message for d in found}


@pytest.mark.parametrize(
    ("inner", "code", "words"),
    [
        (
            "https://accounts.google.com.evil.example/login",
            "embedded-brand",
            "inside the wrapped link, accounts.google.com.evil.example: the host starts "
            "with accounts.google.com",
        ),
        (
            "https://evil.example\\@good.example/",
            "browser-host",
            "inside the wrapped link, evil.example: browsers contact evil.example",
        ),
        ("https://xn--80ak6aa92e.com/", "whole-script-confusable", "inside the wrapped link"),
    ],
)
def test_the_inner_urls_findings_are_the_wrapped_links(inner: str, code: str, words: str) -> None:
    text = _wrapped(inner)
    found = destination(parse(text), brands=top_domains()).findings
    [finding] = [d for d in found if d.code == code]
    assert finding.message.startswith(words)
    assert finding.span == (0, len(text))
    assert finding.category == "security"


def test_a_clean_inner_url_adds_nothing() -> None:
    assert set(_findings(_wrapped("https://www.example.com/a"))) == {"wrapped-link"}


def test_without_a_wrapper_nothing_is_said_of_an_inside() -> None:
    found = _findings("https://accounts.google.com.evil.example/login")
    assert "inside the wrapped link" not in found["embedded-brand"]
