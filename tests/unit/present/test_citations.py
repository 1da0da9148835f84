"""Where a citation opens in the spec reader (:mod:`urlinspector.present.citations`)."""

from __future__ import annotations

import pytest

from urlinspector.core.documents import find_document
from urlinspector.data import spec_index
from urlinspector.present.citations import (
    NotBundledError,
    open_citation,
    open_section,
    rule_named,
    start_of_citation,
)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("gtype, RFC 1738 §3.4.1 / §5", "gtype"),
        ("fsegment (cwd), RFC 1738 §3.2.2 / §5", "fsegment"),
        ('";type=", RFC 1738 §3.2.3 / §5', None),
        ("URL draft 1993 (BNF: port = digits)", "port"),
        ("URL draft 1993 (Gopher)", None),
        ("RFC 1738 §3.3", None),
        ("no citation at all", None),
    ],
)
def test_the_rule_a_citation_names(text: str, rule: str | None) -> None:
    assert rule_named(text) == rule


def test_the_citation_starts_at_the_first_document_name() -> None:
    assert start_of_citation("gtype, RFC 1738 §3.4.1") == len("gtype, ")
    assert start_of_citation("RFC 17380 is no document") is None


@pytest.mark.parametrize(
    ("citation", "document", "section", "selected"),
    [
        ("RFC 1738 §3.3", "000", "3.3", "3.3. HTTP"),
        ("gtype, RFC 1738 §3.4.1 / §5", "000", "5", "gtype          = xchar"),
        ("URL draft 1993 (BNF: port = digits)", "004", "BNF syntax", "port\tdigits"),
        ("URL syntax draft 1997 §5.2 step 6c", "001", "5.2", "5.2. Resolving Relative"),
        ("RFC 1738 §3.2.2 / §5 (ftptype)", "000", "5", 'ftptype        = "A"'),
        ("RFC 1738 §3.2.2", "000", "3.2.2", "3.2.2. FTP url-path"),
        ("RFC 3986 §2 (not in the grammar), cf. RFC 2396bis draft 2003 §2.4.3", "002",
         "2.4.3", "2.4.3 Excluded US-ASCII Characters"),
    ],
)  # fmt: skip
def test_a_citation_opens_its_section_and_rule(
    citation: str, document: str, section: str, selected: str
) -> None:
    target = open_citation(citation)
    assert target.document.id == document
    assert target.section is not None
    assert target.section.number == section
    start, end = target.selection
    assert spec_index(document).text[start:end].startswith(selected)
    assert target.note is None


def test_rfc_3986_opens_the_draft_section_that_says_it() -> None:
    target = open_citation("RFC 3986 §2.1")
    assert target.document.name == "RFC 2396bis draft 2003"
    assert target.section is not None
    assert (target.section.number, target.section.title) == ("2.4", "Escape Sequences")
    assert target.cited == "RFC 3986 §2.1 Percent-Encoding"
    assert target.heading == (
        "RFC 3986 §2.1 Percent-Encoding — shown from the 2003 draft §2.4 Escape Sequences, "
        "its predecessor"
    )
    assert target.note is not None
    assert target.note.startswith("RFC 3986's own text does not ship with urlinspector: shown ")
    assert "draft-fielding-uri-rfc2396bis-01" in target.note


def test_rfc_3986_with_a_rule_highlights_the_drafts_rule() -> None:
    target = open_citation("pchar, RFC 3986 §3.3")
    assert target.section is not None
    assert target.section.number == "3.3"
    assert target.rule is not None
    assert target.rule.text.startswith("pchar = unreserved / escaped")


def test_a_section_only_the_1997_draft_has() -> None:
    target = open_citation("RFC 3986 appendix A")
    assert target.document.name == "URL syntax draft 1997"
    assert target.heading.startswith(
        "RFC 3986 appendix A Collected ABNF for URI — shown from the 1997 draft appendix A "
    )
    assert target.heading.endswith(", an earlier draft")


def test_rfc_3986_as_a_whole_opens_its_predecessor() -> None:
    target = open_citation("RFC 3986")
    assert (target.document.id, target.section) == ("002", None)
    assert target.heading == "RFC 3986 — shown from the 2003 draft, its predecessor"


def test_open_section() -> None:
    rfc3986 = find_document("rfc3986")
    assert open_section(rfc3986, "5.2.4").heading.startswith(
        "RFC 3986 §5.2.4 Remove Dot Segments — shown from the 2003 draft §5.2 Resolving"
    )
    target = open_section(find_document("000"), "3.3")
    assert (target.heading, target.cited) == ("RFC 1738 §3.3 HTTP", None)
    with pytest.raises(NotBundledError, match="WHATWG URL: the text does not ship"):
        open_section(find_document("WHATWG URL"), None)


def test_a_lost_heading_is_said() -> None:
    target = open_citation("RFC 1738 §3.5")
    assert target.section is not None
    assert target.section.number == "3.4.9"
    assert target.note is not None
    assert "lost the heading of §3.5" in target.note


def test_a_document_that_does_not_ship_is_an_error() -> None:
    with pytest.raises(NotBundledError, match="WHATWG URL"):
        open_citation("WHATWG URL")
    with pytest.raises(NotBundledError, match="names no document"):
        open_citation("nothing")
