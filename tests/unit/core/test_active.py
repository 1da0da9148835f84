"""URLs that carry the content they run or render: javascript:, vbscript:, data:."""

from __future__ import annotations

import pytest

from urlinspector.core import destination, parse
from urlinspector.core.active import active_content, data_media_type


@pytest.mark.parametrize(
    ("text", "severity", "span", "words"),
    [
        ("javascript:alert(document.cookie)", "warning", (0, 10), ("runs the script",)),
        ("JavaScript:alert(1)", "warning", (0, 10), ("runs the script",)),
        ("vbscript:msgbox(1)", "warning", (0, 8), ("VBScript",)),
        ("data:text/html,<script>alert(1)</script>", "warning", (0, 4), ("text/html",)),
        ("data:text/html;base64,PHA+eDwvcD4=", "warning", (0, 4), ("text/html",)),
        ("data:TEXT/HTML;charset=utf-8,<p>x", "warning", (0, 4), ("text/html",)),
        ("data:text%2Fhtml,<p>x", "warning", (0, 4), ("text/html",)),
        ("data:image/svg+xml,<svg/onload=alert(1)>", "warning", (0, 4), ("image/svg+xml",)),
        ("data:application/xhtml+xml,<p/>", "warning", (0, 4), ("application/xhtml+xml",)),
        ("data:image/png;base64,iVBORw0KGgo=", "info", (0, 4), ("image/png",)),
        ("data:,hello", "info", (0, 4), ("text/plain",)),
    ],
)
def test_active_content(
    text: str, severity: str, span: tuple[int, int], words: tuple[str, ...]
) -> None:
    url = parse(text)
    d = active_content(url)
    assert d is not None
    assert (d.code, d.severity, d.category, d.span) == (
        "active-content",
        severity,
        "security",
        span,
    )
    assert "carries" in d.message
    assert d.reference
    for word in words:
        assert word in d.message
    assert d in destination(url).findings


@pytest.mark.parametrize(
    "text", ["http://example.com/javascript:x", "https://h/?data:text/html", "mailto:a@b", "g"]
)
def test_other_urls_carry_nothing(text: str) -> None:
    assert active_content(parse(text)) is None


def test_data_media_type() -> None:
    assert data_media_type(parse("data:;base64,AA==")) == "text/plain"
    assert data_media_type(parse("data: Text/HTML ;x=y,")) == "text/html"


def test_the_verdict_says_no_server_is_contacted() -> None:
    verdict = destination(parse("javascript:alert(1)")).verdict
    assert verdict.host is None
    assert verdict.text == (
        "Browsers contact: no server (following a javascript: URL runs or renders the "
        "content the URL itself carries)"
    )
