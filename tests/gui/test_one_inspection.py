"""Every front end shows the findings of the one inspection of a URL: the window's
Diagnostics list, ``parse --json``, the report (``parse --format markdown|html`` and
File ▸ Save report), the scan's rows, and the security warnings of a pasted or
extracted URL; and they all alarm alike on the verdict line (the window's line under
the address, ``parse``'s text and JSON, the report)."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest

from tests.unit.core.test_wrappers import NESTED
from urlinspector.cli import main
from urlinspector.core.extraction import extract
from urlinspector.core.model import Diagnostic
from urlinspector.gui.main_window import MainWindow
from urlinspector.present.extracted import security_warnings
from urlinspector.present.inspection import inspect
from urlinspector.present.report import build_report, render
from urlinspector.present.text import visible
from urlinspector.scan import rows

TRICKY = (
    "https://evil.com\\@good.com/",
    "https://paypal.com@198.51.100.7/",
    "http://аррӏе.com/",
    "http://good.com\u200b.evil.com/",
    "https://example.com/\u202egnp.exe",
    "http://example.com../a",
    "http://a..b/",
    "http:/good.com/",
    "http:\\\\evil.com/",
    "https://www.paypal.com.evil.example/login",
    "http://0x7f.1/",
    "http://[::1]@evil.com/",
    "ftp://bob:PW@ftp.example.org/pub/file.txt;type=i",
    "gopher://gopher.example.org:70/7/find%09cats",
    "news:comp.infosystems.www",
    "javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "HTTP://EXAMPLE.COM:80/%7Euser/",
    "http://xn--80ak6aa92e.com/",
    "http://good.com:0/",
    "<URL:http://example.com/a b>",
    "//protocol.relative/path",
    "g?y/./x",
    NESTED[0],
)
EDITION = "rfc3986"

Finding = tuple[str, str, int, int, str]


def _key(d: Diagnostic) -> Finding:
    return (d.code, d.severity, d.span[0], d.span[1], d.message)


def _parse(url: str, *options: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(["parse", *options, "--edition", EDITION, "--", url])
    return out.getvalue()


def _document(url: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(_parse(url, "--json"))
    return document


def _verdict_of_text(url: str) -> str:
    """The verdict line ``parse`` prints (folded to the console's width), unfolded."""
    lines = _parse(url).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Browsers "))
    folded = [lines[start]]
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        folded.append(line.strip())
    return " ".join(folded)


def _parse_json(url: str) -> list[Finding]:
    document = _document(url)
    return [
        (d["code"], d["severity"], d["span"][0], d["span"][1], d["message"])
        for d in document["diagnostics"]
    ]


def _scanned(url: str) -> list[Finding]:
    row = rows([url], edition=EDITION).to_pylist()[0]
    assert row["error"] is None
    return [(f["code"], f["severity"], f["start"], f["end"], f["message"]) for f in row["findings"]]


@pytest.mark.parametrize("url", TRICKY)
def test_every_front_end_shows_the_inspection_s_findings(url: str, window: MainWindow) -> None:
    expected = [_key(d) for d in inspect(url, edition=EDITION).findings]
    assert expected == sorted(expected, key=lambda f: (f[2], f[3]))

    assert _parse_json(url) == expected
    report = build_report(url, "", EDITION)
    assert sorted(_key(d) for d in report.findings) == sorted(expected)
    markdown = render(report, "markdown")
    for code, *_ in expected:
        assert code in markdown
    assert _scanned(url) == expected

    window.menus.show_passwords_action.setChecked(True)  # (messages as the others write them)
    window.set_edition(EDITION)
    window.set_base("")
    window.set_address(url)
    window.flush()
    listed = window.inspector.diagnostics.diagnostics_model.items
    assert sorted(_key(d) for d in listed) == sorted(expected)


@pytest.mark.parametrize("url", [u for u in TRICKY if "://" in u and " " not in u])
def test_an_extracted_url_warns_as_its_inspection(url: str) -> None:
    found = [f for f in extract(f"see {url} now") if f.url == url]
    assert found, url
    findings = inspect(url, edition=EDITION).findings
    wanted = tuple(
        f"{d.code}: {d.message}"
        for d in findings
        if d.category == "security" and d.severity in ("warning", "error")
    )
    assert security_warnings(found[0]) == wanted


@pytest.mark.parametrize("url", TRICKY)
def test_every_front_end_alarms_alike(url: str, window: MainWindow) -> None:
    """The verdict line alarms, and says the same, in the window, in ``parse``'s text
    and JSON and in the report."""
    line = inspect(url, edition=EDITION).verdict_line
    document = _document(url)
    assert document["verdict"]["warns"] is line.warns
    assert document["verdict"]["text"] == line.text
    assert _verdict_of_text(url) == " ".join(visible(line.text).split())
    report = build_report(url, "", EDITION, mask_passwords=False)
    assert report.warns is line.warns
    assert report.verdict == line.text

    window.menus.show_passwords_action.setChecked(True)
    window.set_edition(EDITION)
    window.set_base("")
    window.set_address(url)
    window.flush()
    shown = window.address_area.verdict.text()
    assert shown.startswith("⚠ ") is line.warns
    assert ("color:" in window.address_area.verdict.styleSheet()) is line.warns
