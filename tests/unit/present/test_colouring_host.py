"""The emphasis of the address bar and the CLI follows the host browsers contact
(present.colouring.browser_host_span), not only the edition's reading."""

from __future__ import annotations

import pytest

from urlinspector.core import destination, parse
from urlinspector.present.colouring import browser_host_span, colour_runs


@pytest.mark.parametrize(
    ("text", "host"),
    [
        ("https://evil.com\\@good.com/", "evil.com"),  # backslash is a slash
        ("https:\\\\evil.com/@good.com", "evil.com"),
        ("https:///evil.com/", "evil.com"),  # any run of slashes
        ("  https://a.example.com/ ", "a.example.com"),  # trimmed spaces
        ("http://exa\tmple.com/", "exa\tmple.com"),  # tab removed by browsers
        ("http://ex%61mple.com/", "ex%61mple.com"),  # decoded by browsers
        ("http://0x7f.1/", "0x7f.1"),
        ("http://u:p@[::1]:8080/", "[::1]"),
        ("http://a@b@c.example/", "c.example"),  # after the last "@"
    ],
)
def test_browser_host_span(text: str, host: str) -> None:
    url = parse(text)
    span = browser_host_span(url, destination(url).browser)
    assert span is not None
    assert text[span[0] : span[1]] == host


@pytest.mark.parametrize(
    "text", ["g;x?y#s", "mailto:a@b.example", "javascript:alert(1)", "https://", "gopher://h/1"]
)
def test_no_span_without_a_host_browsers_contact_in_the_text(text: str) -> None:
    url = parse(text)
    assert browser_host_span(url, destination(url).browser) is None


def test_colour_runs_move_the_emphasis_to_the_browsers_host() -> None:
    text = "https://evil.com\\@good.com/"
    url = parse(text)
    span = browser_host_span(url, destination(url).browser)
    roles = {text[r.start : r.end]: r.role for r in colour_runs(url, browser_host=span)}
    assert roles["evil.com"] == "host"
    assert roles["good.com"] == "subdomain"
    plain = {text[r.start : r.end]: r.role for r in colour_runs(url)}
    assert plain["good.com"] == "host"  # the edition's reading, without the browsers'
