"""RFC 3986's sections and their counterparts in the bundled drafts
(``data/specs/rfc3986-sections.tsv``): the table agrees with the drafts' headings, and
every citation of RFC 3986 the program makes opens the draft section that says it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.benchmarks.corpus import corpus
from tests.unit.core.test_citations import _cited
from urlinspector.core import EDITIONS, parse
from urlinspector.core.counterparts import CounterpartError, read_counterparts
from urlinspector.core.documents import find_document, split_citation
from urlinspector.data import counterparts, spec_index
from urlinspector.present.citations import NotBundledError, open_citation
from urlinspector.present.explain import explain

SOURCE = Path(__file__).resolve().parents[3] / "src" / "urlinspector"
RFC3986 = find_document("RFC 3986")
CITED_IN_SOURCE = re.compile(r"RFC ?3986[^\"'\n§]{0,3}§ ?([0-9A-G](?:\.[0-9]+)*)")


def test_the_table_has_every_section_once_in_order() -> None:
    table = counterparts("rfc3986")
    assert table is not None
    assert table.document is RFC3986
    assert [d.name for d in table.drafts] == ["RFC 2396bis draft 2003", "URL syntax draft 1997"]
    numbers = [row.number for row in table.rows]
    assert len(numbers) == len(set(numbers)) == 74
    assert numbers[:3] == ["1", "1.1", "1.1.1"]
    assert numbers[-3:] == ["D", "D.1", "D.2"]
    assert {"6.2.2.1", "6.2.2.2", "6.2.2.3"} <= set(numbers)  # (below the contents' depth)


def test_each_draft_section_is_a_heading_of_its_text() -> None:
    table = counterparts("RFC 3986")
    assert table is not None
    for row in table.rows:
        for draft in row.drafts:
            index = spec_index(draft.document.id)
            section = index.section(draft.number)
            assert section in index.sections, (row.number, draft)  # a heading, not a guess
            assert section.title == draft.title, (row.number, draft)


def test_percent_encoding_is_the_drafts_escape_sequences() -> None:
    table = counterparts("RFC 3986")
    assert table is not None
    row = table.row("§2.1")
    assert row is not None
    assert row.label == "§2.1 Percent-Encoding"
    assert [(d.document.id, d.label) for d in row.drafts] == [
        ("002", "§2.4 Escape Sequences"),
        ("001", "§2.4 Escape Sequences"),
    ]
    identifying = table.row("2.5")
    assert identifying is not None
    assert identifying.shown is not None
    assert identifying.shown.label == "§2.1 URIs and non-ASCII characters"
    appendix = table.row("appendix A")  # the 2003 draft's is a placeholder
    assert appendix is not None
    assert appendix.shown is not None
    assert (appendix.shown.document.id, appendix.shown.number) == ("001", "A")
    assert table.row("11") is None


def test_a_malformed_table_is_refused() -> None:
    header = "rfc3986\ttitle\trfc2396bis-2003\n"
    with pytest.raises(CounterpartError, match="2 cells, not 3"):
        read_counterparts(header + "2.1\tPercent-Encoding\n")
    with pytest.raises(CounterpartError, match="must name bundled drafts"):
        read_counterparts("rfc3986\ttitle\trfc3986\n")
    with pytest.raises(CounterpartError, match="empty"):
        read_counterparts("# only a comment\n")
    table = read_counterparts(header + "2.1\tPercent-Encoding\t2.4 Escape Sequences\n")
    assert table.rows[0].drafts[0].title == "Escape Sequences"


# --- every citation of RFC 3986 the program makes ------------------------------------------


@cache
def _rfc3986_citations() -> dict[str, str]:
    """Every citation naming RFC 3986 with where it was found: the diagnostics, parts,
    escapes, resolution steps and edition tables of the citation tests, the editions'
    cite() of every rule they cite, the sentences Explain says over a corpus, and the
    sections the source names in its comments and strings."""
    found = {text: where for text, where in _cited().items() if "RFC 3986" in text}
    for edition in EDITIONS.values():
        for rule in edition.citations:
            found.setdefault(edition.cite(rule), f"{edition.id}.cite({rule!r})")
    for text in corpus(500):
        for sentence in explain(parse(text)):
            found.setdefault(sentence.reference, f"Explain of {text!r}")
    for path in SOURCE.rglob("*.py"):
        for m in CITED_IN_SOURCE.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(f"RFC 3986 §{m.group(1)}", str(path.relative_to(SOURCE)))
    return {text: where for text, where in found.items() if "RFC 3986" in text}


def test_enough_citations_of_rfc_3986_are_collected() -> None:
    cited = _rfc3986_citations()
    sections = {s for text in cited for d, s in split_citation(text) if d is RFC3986 and s}
    assert len(sections) > 40
    assert {"2.1", "3.2.2", "5.2.4", "6.2.2.2", "C"} <= sections


def test_every_citation_of_rfc_3986_opens_the_section_that_says_it() -> None:
    table = counterparts("RFC 3986")
    assert table is not None
    wrong = []
    for text, where in sorted(_rfc3986_citations().items()):
        pairs = split_citation(text)
        if any(d.bundled for d, _ in pairs):
            continue  # it names a bundled text itself, which opens
        numbers = [s for d, s in pairs if d is RFC3986 and s]
        target = open_citation(text)
        if not numbers:  # RFC 3986 as a whole: its predecessor from the start
            assert target.document.id == "002", text
            continue
        row = table.row(numbers[0])
        assert row is not None, f"{text!r} ({where})"
        shown = row.shown
        assert shown is not None, f"{text!r} ({where}): no draft says RFC 3986 §{row.number}"
        if target.section is None or (target.document, target.section.number) != (
            shown.document,
            shown.number,
        ):
            wrong.append(f"{text!r} ({where}) opens {target.heading}, not {shown.label}")
            continue
        assert target.heading.startswith(f"RFC 3986 {row.label} — shown from the ")
        assert target.note is not None
        assert "RFC 3986's own text does not ship" in target.note
    assert wrong == []


def test_a_section_no_draft_has_is_said() -> None:
    with pytest.raises(NotBundledError, match="§8 IANA Considerations: no bundled draft"):
        open_citation("RFC 3986 §8")
    with pytest.raises(NotBundledError, match="RFC 3986 has no section 11"):
        open_citation("RFC 3986 §11")
