"""The report's editions table reads every column by one rule, as the window does: a
relative reference with a base as its target, resolved against the base; the chosen
edition marked; each edition's verdict (valid or invalid, its findings counted as the
summary counts them), the browsers' (reads it, rejects it) and the libraries' (reads it,
refuses it) in the window's words."""

from __future__ import annotations

import re

import pytest

from urlinspector.present.report import build_report

BASE = "http://a/b/c/d;p?q"


def _column(report: object, header: str) -> dict[str, str]:
    table = report.editions  # type: ignore[attr-defined]
    index = table.header.index(header)
    return {row[0]: row[index] for row in table.rows}


@pytest.mark.parametrize(
    ("reference", "host", "browsers_path"),
    [
        ("g;x?y#s", "a", "/b/c/g;x"),
        ("../g", "a", "/b/g"),
        ("//x/y", "x", "/y"),
        ("..\\g", "a", "/b/g"),
    ],
)
def test_every_column_reads_the_target(reference: str, host: str, browsers_path: str) -> None:
    report = build_report(reference, BASE)
    table = report.editions
    assert table.title == "Editions side by side, resolved against the base"
    for header in table.header[1:]:
        assert _column(report, header)["host"] == host, header
        assert _column(report, header)["scheme"] == "http", header
    assert _column(report, "browsers (WHATWG)")["path"] == browsers_path


def test_without_a_base_the_reference_is_read_as_written() -> None:
    report = build_report("../g")
    assert report.editions.title == "Editions side by side, as written (no base)"
    assert _column(report, "RFC 3986 (2005) (chosen)")["path"] == "../g"


def _counts(text: str) -> dict[str, int]:
    return {word: int(n) for n, word in re.findall(r"(\d+) (error|warning|note)", text)}


@pytest.mark.parametrize(
    ("text", "edition", "label"),
    [
        ("http://evil.com\\@good.com/", "rfc3986", "RFC 3986 (2005)"),
        ("http://\u0430\u0440\u0440\u04cf\u0435.com/", "rfc1738", "RFC 1738 (1994)"),
    ],
)
def test_the_chosen_column_counts_as_the_summary(text: str, edition: str, label: str) -> None:
    report = build_report(text, edition=edition)
    column = _column(report, f"{label} (chosen)")
    summary = {k: v for k, v in _counts(report.summary).items() if v}
    assert _counts(column["verdict"]) == summary


@pytest.mark.parametrize(
    ("text", "edition", "chosen", "browsers"),
    [
        ("http://example.com/", "rfc3986", "valid", "reads it"),
        # a password (a warning): valid, counted after a middle dot, as the window has it
        ("http://user:pw@example.com/", "rfc3986", "valid · 2 warnings", "reads it"),
        ("http://exa mple.com/", "rfc3986", "invalid: 1 error", "rejects it"),
        ("http://evil.com\\@good.com/", "rfc3986", "invalid: 1 error · ", "reads it"),
    ],
)
def test_the_verdict_row_speaks_as_the_window(
    text: str, edition: str, chosen: str, browsers: str
) -> None:
    report = build_report(text, edition=edition)
    labels = [row[0] for row in report.editions.rows]
    assert "verdict" in labels
    assert "findings" not in labels
    assert _column(report, "RFC 3986 (2005) (chosen)")["verdict"].startswith(chosen)
    assert _column(report, "browsers (WHATWG)")["verdict"] == browsers


def test_each_library_has_a_verdict() -> None:
    readers = build_report("http://exa mple.com/").readers
    assert readers is not None
    assert readers.header[-1] == "verdict"
    verdicts = {row[0]: row[-1] for row in readers.rows}
    assert verdicts["httpx"] == "reads it"
    assert verdicts["urllib3"].startswith("refuses it: ")
