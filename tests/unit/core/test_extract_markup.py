"""The dangerous URLs of pasted markup: ``javascript:``, ``vbscript:`` and ``data:``
URLs and protocol-relative references after an ``=``, read as browsers read an
attribute's value, each with its finding; and prose not flooded: a corpus of real mail
bodies (tests/data/mail, the SpamAssassin public corpus) with its counts."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from urlinspector.core.extraction import extract

CORPUS = Path(__file__).parents[2] / "data" / "mail" / "spamassassin.jsonl.gz"


@pytest.mark.parametrize(
    ("text", "url", "code", "severity"),
    [
        ('<a href="javascript:alert(1)">x</a>', "javascript:alert(1)", "active-content", "warning"),
        ("<a href='javascript:alert(1)'>x</a>", "javascript:alert(1)", "active-content", "warning"),
        ("<a href=javascript:alert(1)>x</a>", "javascript:alert(1)", "active-content", "warning"),
        ('<a href = "JavaScript:alert(1)">', "JavaScript:alert(1)", "active-content", "warning"),
        ('<a href="vbscript:msgbox(1)">', "vbscript:msgbox(1)", "active-content", "warning"),
        (
            '<iframe src="data:text/html;base64,PHNjcmlwdD4=">',
            "data:text/html;base64,PHNjcmlwdD4=",
            "active-content",
            "warning",
        ),
        (
            '<img src="data:image/png;base64,iVBO">',
            "data:image/png;base64,iVBO",
            "active-content",
            "info",
        ),
        (
            '<img src="//evil.example/x.png">',
            "//evil.example/x.png",
            "protocol-relative",
            "warning",
        ),
        ("<img src=//evil.example/x.png>", "//evil.example/x.png", "protocol-relative", "warning"),
        # a query's redirect parameter, pasted on its own
        ("next=//evil.example/login", "//evil.example/login", "protocol-relative", "warning"),
    ],
)
def test_each_dangerous_value(text: str, url: str, code: str, severity: str) -> None:
    (found,) = extract(text)
    assert found.form == "attribute"
    assert found.url == url
    (finding,) = found.findings
    assert (finding.code, finding.severity, finding.category) == (code, severity, "security")
    start, end = found.url_span
    assert finding.span == (start, end)
    assert text[found.span[0] : found.span[1]].strip("\"'") == text[start:end]
    assert found.to_dict()["findings"] == [finding.to_dict()]


@pytest.mark.parametrize(
    "text",
    [
        '<a href="&#106;avascript&colon;alert(1)">',  # character references
        '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1)">',
        '<a href="java&#9;script:alert(1)">',  # a tab, removed by the URL parser
        '<a href="java\nscript:alert(1)">',  # a newline in the value
        '<a href="  javascript:alert(1)  ">',  # spaces around it, trimmed
    ],
)
def test_the_value_as_browsers_read_it(text: str) -> None:
    (found,) = extract(text)
    assert found.url == "javascript:alert(1)"
    assert found.findings[0].code == "active-content"
    assert any("as browsers read an attribute's value" in note for note in found.notes)


@pytest.mark.parametrize(
    "text",
    [
        '<a href="https://example.com/">',  # an ordinary URL: found as before, quoted
        "x = //a comment in pasted code",  # spaces and no quote: no attribute value
        "a == b, c = d",
        "see data: it is in the table",
        "javascript: the good parts",
        '<a href="javascript:alert(1)',  # no closing quote
        "path=/usr/lib//x",
        "url=///triple",
    ],
)
def test_no_dangerous_value(text: str) -> None:
    assert not any(f.form == "attribute" for f in extract(text))


def test_an_ordinary_attribute_url_is_the_quoted_form_still() -> None:
    (found,) = extract('<a href="https://example.com/a">a</a>')
    assert (found.form, found.url, found.findings) == ("quoted", "https://example.com/a", ())


def test_markup_false_reads_no_attribute() -> None:
    assert extract('<a href="javascript:alert(1)">x</a>', markup=False) == ()


def test_many_values_and_an_unclosed_one() -> None:
    found = extract('<a href="javascript:x">' * 5_000 + '<a href="javascript:' + "y" * 100_000)
    assert len(found) == 5_000
    assert {f.url for f in found} == {"javascript:x"}


def _corpus() -> list[dict[str, object]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def test_the_mail_corpus_counts() -> None:
    """What extract finds in 364 real messages: no attribute URL in the 301 plain parts
    of plain mail; the javascript: URLs of the four messages whose markup has them."""
    counts: Counter[tuple[str, str, str]] = Counter()
    attributes: list[tuple[str, str, str]] = []
    for message in _corpus():
        group, ident, parts = message["group"], message["id"], message["parts"]
        assert isinstance(group, str)
        assert isinstance(ident, str)
        assert isinstance(parts, list)
        for part in parts:
            kind = "html" if part["type"] == "text/html" else "plain"
            counts[(group, kind, "parts")] += 1
            for found in extract(part["body"]):
                counts[(group, kind, found.form)] += 1
                if found.form == "attribute":
                    assert [d.code for d in found.findings] == ["active-content"]
                    attributes.append((group, ident, found.url[:24]))
    assert counts[("easy-ham-1", "plain", "parts")] == 301
    assert counts[("easy-ham-1", "plain", "attribute")] == 0
    assert counts[("easy-ham-1", "html", "attribute")] == 0
    assert counts[("easy-ham-1", "plain", "bare")] == 731
    assert counts[("hard-ham-1", "html", "quoted")] == 6098
    assert Counter((g, i) for g, i, _ in attributes) == {
        ("hard-ham-1", "00224"): 6,
        ("hard-ham-1", "00250"): 4,
        ("spam-1", "00364"): 1,
        ("spam-2", "01164"): 1,
    }
    assert ("spam-1", "00364", "javascript: window.open(") in attributes
