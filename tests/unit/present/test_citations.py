"""Where a citation opens in the spec reader (:mod:`urlinspector.present.citations`)."""

from __future__ import annotations

import pytest

from urlinspector.core.documents import BUNDLED
from urlinspector.data import spec_index
from urlinspector.present.citations import (
    NotBundledError,
    display_text,
    open_citation,
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


def test_rfc_3986_opens_its_draft_with_a_note() -> None:
    target = open_citation("RFC 3986 §3.2.2")
    assert target.document.name == "RFC 2396bis draft 2003"
    assert target.section is not None
    assert target.section.number == "3.2.2"
    assert target.note is not None
    assert "RFC 3986's text does not ship" in target.note


def test_a_lost_heading_is_said() -> None:
    target = open_citation("RFC 3986 §5.2.4")
    assert target.section is not None
    assert target.section.number == "5.2"
    assert target.note is not None
    assert "lost the heading of §5.2.4" in target.note


def test_a_document_that_does_not_ship_is_an_error() -> None:
    with pytest.raises(NotBundledError, match="WHATWG URL"):
        open_citation("WHATWG URL")
    with pytest.raises(NotBundledError, match="names no document"):
        open_citation("nothing")


@pytest.mark.parametrize("document", [d.id for d in BUNDLED])
def test_the_display_text_keeps_every_offset(document: str) -> None:
    index = spec_index(document)
    shown = display_text(index)
    assert len(shown) == len(index.text)
    assert shown.replace("\n", " ") == index.text.replace("\n", " ")
    if index.document.headings == "flat":
        assert max(len(line) for line in shown.splitlines()) < 200
        for section in index.sections[1:]:
            assert shown[section.start - 1] == "\n"
