"""One word for each severity wherever a person reads it: the data's ``info`` is a
note in the window's table, its tooltips and the reports."""

from __future__ import annotations

import pytest

from urlinspector.present.report import build_report, render
from urlinspector.present.severity import severity_label

LOOKALIKE = "http://\u0430\u0440\u0440\u04cf\u0435.com/"  # all Cyrillic: an idn note


@pytest.mark.parametrize(
    ("severity", "marked", "plain"),
    [
        ("error", "✖ error", "error"),
        ("warning", "⚠ warning", "warning"),
        ("info", "ℹ note", "note"),
        ("other", "other", "other"),
    ],
)
def test_severity_label(severity: str, marked: str, plain: str) -> None:
    assert severity_label(severity) == marked
    assert severity_label(severity, mark=False) == plain


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_reports_say_note(fmt: str) -> None:
    report = build_report(LOOKALIKE)
    assert any(d.severity == "info" for d in report.findings)
    text = render(report, fmt)
    assert "note" in text
    assert "| info |" not in text
    assert "<td>info</td>" not in text
