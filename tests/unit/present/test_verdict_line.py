"""The verdict line alarms for every security warning about where the URL goes or what
a reader sees, names the first in a clause, and leaves alone what the core's verdict
already says and what is only about what is sent."""

from __future__ import annotations

import pytest

from urlinspector.core import Diagnostic
from urlinspector.present.inspection import inspect
from urlinspector.present.verdict_line import CLAUSES, NOT_ALARMING, alarming, verdict_line

EDITION = "rfc3986"


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("https://paypal.com@198.51.100.7/", CLAUSES["userinfo-lookalike"]),
        (
            "https://example.com/abc\u202etxt.exe",
            "U+202E RIGHT-TO-LEFT OVERRIDE in the path reorders what follows it",
        ),
        ("http://exa\u200bmple.com/", None),  # browsers map it away: the verdict says so
        ("https://paypal.com.evil.example/", CLAUSES["embedded-brand"]),
        ("http://example.com/%E2%80%AEexe.txt", CLAUSES["encoded-hidden-char"]),
    ],
)
def test_a_security_warning_alarms(text: str, clause: str | None) -> None:
    found = inspect(text, edition=EDITION)
    line = found.verdict_line
    assert line.warns
    assert line.role == "warning"
    assert line.text.startswith(found.verdict.text)
    if clause is None:
        assert found.verdict.warns
        assert line.text == found.verdict.text  # (it says why itself)
    else:
        assert not found.verdict.warns  # the core's verdict alone stays plain
        assert line.text == f"{found.verdict.text} — {clause}"
    assert line.alarms == alarming(found.findings)


@pytest.mark.parametrize(
    "text",
    [
        "https://www.example.com/",
        "ftp://anne:hunter2@ftp.example/",  # a password: about what is sent
        "http://example.com/a%0d%0aSet-Cookie:x",  # an escaped CR LF: likewise
    ],
)
def test_nothing_about_where_it_goes_leaves_the_line_plain(text: str) -> None:
    found = inspect(text, edition=EDITION)
    codes = {d.code for d in found.findings if d.category == "security"}
    assert codes <= NOT_ALARMING
    line = found.verdict_line
    assert not line.warns
    assert line.role is None
    assert line.text == found.verdict.text


def test_a_security_error_takes_the_error_colour() -> None:
    verdict = inspect("https://example.com/", edition=EDITION).verdict
    error = Diagnostic(
        code="hidden-char",  # (a real code, not named by a clause: its message is)
        severity="error",
        category="security",
        span=(0, 5),
        message="the scheme is a trap: it goes nowhere good",
        reference="RFC 3986 §7",
    )
    line = verdict_line(verdict, (error,))
    assert line.role == "invalid"
    assert line.text.endswith(" — the scheme is a trap")  # (no clause: its message's head)


def test_the_json_and_the_report_read_the_same_line() -> None:
    found = inspect("https://paypal.com@198.51.100.7/", edition=EDITION)
    verdict = found.document()["verdict"]
    assert verdict["warns"] is True
    assert verdict["text"] == found.verdict_line.text
    assert verdict["differs"] is False  # (the core's fields as they were)
