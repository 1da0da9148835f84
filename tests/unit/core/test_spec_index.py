"""The section index of the spec texts, read from their headings; citations to
(document, section)."""

from __future__ import annotations

import pytest

from urlinspector.core.documents import (
    BUNDLED,
    UnknownDocumentError,
    cited_document,
    find_document,
    split_citation,
)
from urlinspector.core.spec_index import SectionNotFoundError, build_index
from urlinspector.data import spec_index

# --- documents and citations --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "doc_id"),
    [
        ("000", "000"),
        ("rfc1738", "000"),
        ("1738", "000"),
        ("RFC 1738", "000"),
        ("rfc 1738", "000"),
        ("URL syntax draft 1997", "001"),
        ("url-syntax-1997", "001"),
        ("2396bis", "002"),
        ("RFC 2396bis draft 2003", "002"),
        ("RFC 1738 summary (zh)", "003"),
        ("url-1993", "004"),
        ("URL draft 1993", "004"),
        ("RFC 3986", "RFC 3986"),
    ],
)
def test_find_document(name: str, doc_id: str) -> None:
    assert find_document(name).id == doc_id


def test_unknown_document() -> None:
    with pytest.raises(UnknownDocumentError, match="unknown document 'rfc17380'"):
        find_document("rfc17380")


def test_names_are_unique() -> None:
    names = [n.lower() for d in BUNDLED for n in d.names()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    ("citation", "expected"),
    [
        ("RFC 1738 §3.3", [("000", "3.3")]),
        ("RFC 1738 §3.4.1 / §5", [("000", "3.4.1"), ("000", "5")]),
        ("RFC 3986 §5.2.4", [("RFC 3986", "5.2.4")]),
        ("URL syntax draft 1997 appendix C", [("001", "C")]),
        ("RFC 2396bis draft 2003 §7.3", [("002", "7.3")]),
        ("URL draft 1993 (Gopher); RFC 1738 §3.4.1", [("004", "Gopher"), ("000", "3.4.1")]),
        ("URL draft 1993 (BNF: hostnumber)", [("004", "BNF")]),
        ("URL draft 1993 §1.2", [("004", "1.2")]),
        ("RFC 1738 summary (zh) §5", [("003", "5")]),
        ("RFC 1436", [("RFC 1436", None)]),
    ],
)
def test_split_citation(citation: str, expected: list[tuple[str, str | None]]) -> None:
    assert [(d.id, s) for d, s in split_citation(citation)] == expected


def test_cited_document() -> None:
    assert cited_document("RFC 1738 summary (zh) §5").id == "003"  # type: ignore[union-attr]
    assert cited_document("RFC 1738 §3.3").id == "000"  # type: ignore[union-attr]
    assert cited_document("000 §3.3") is None  # a seed id is not a name
    assert cited_document("RFC 17380 §1") is None


# --- the index, from the texts --------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "number", "title"),
    [
        ("000", "3.2.2", "FTP url-path"),
        ("000", "5", "BNF for specific URL schemes"),
        ("000", "6", "Security considerations"),
        ("001", "5.2", "Resolving Relative References to Absolute Form"),
        ("001", "2.4.3", "Excluded US-ASCII Characters"),
        # (the 1997 draft lost its line breaks and has no contents: its titles end
        # where the sentence after them starts)
        ("001", "1", "Introduction"),
        ("001", "2.1", "URLs and non-ASCII characters"),
        ("001", "3", "URL-based references and URLs"),
        ("001", "5.1.1", "Base URL within Document Content"),
        ("001", "appendix A", "Collected BNF for URLs"),
        ("001", "C.1", "Normal Examples"),
        ("001", "F.1", "Additions"),
        ("001", "F.2", "Modifications from both RFC 1738 and RFC 1808"),
        ("001", "F.4", "Modifications from RFC 1808"),
        ("002", "7.3", "Rare IP Address Formats"),
        ("002", "C.2", "Abnormal Examples"),
        ("002", "appendix A", "Collected BNF for URI"),
        ("004", "1.2", "Partial form"),
        ("004", "Internet protocol parts", "Internet protocol parts"),
    ],
)
def test_sections_found_in_the_texts(doc: str, number: str, title: str) -> None:
    index = spec_index(doc)
    section = index.section(number)
    assert section.title == title
    text = index.section_text(section)
    assert title in text[:200]  # the section starts at its heading


def test_sections_come_in_order_and_nest() -> None:
    index = spec_index("002")
    starts = [s.start for s in index.sections]
    assert starts == sorted(starts)
    chapter, sub = index.section("5"), index.section("5.2")
    assert chapter.start < sub.start < sub.end <= chapter.end
    assert index.section("5.1").end <= sub.start  # a section ends where its sibling starts
    assert [n for n in (s.number for s in index.sections) if n.startswith("6.2.2")] == [
        "6.2.2",
        "6.2.2.1",
        "6.2.2.2",
        "6.2.2.3",
    ]


def test_the_contents_lines_are_not_headings() -> None:
    # 002 has a table of contents; its entries must not be taken for the sections
    index = spec_index("002")
    assert index.text.find("Table of Contents") < index.sections[0].start
    assert " . . ." not in index.section_text(index.section("1.1"))


def test_a_lost_heading() -> None:
    index = spec_index("000")  # the copy lost "3.4 GOPHER" and "3.5 MAILTO"
    gopher = index.section("3.4")
    assert gopher.start == index.section("3.4.1").start
    assert gopher.end == index.section("3.4.9").end
    with pytest.raises(SectionNotFoundError):
        index.section("3.5")
    section, note = index.find("3.5")
    assert section.number == "3.4.9"
    assert "mailto URL scheme" in index.section_text(section)
    assert note is not None
    assert "lost the heading of §3.5" in note


def test_unknown_section() -> None:
    with pytest.raises(SectionNotFoundError, match=r"RFC 1738 has no section '9\.9'"):
        spec_index("000").find("9.9")


def test_the_index_is_read_from_the_text() -> None:
    text = "1. One\n\n   body\n\n1.1 Sub\n\n   more\n\n2. Two\n\n   end\n\n1211 Geneva 23,\n"
    index = build_index("000", text)
    assert [(s.number, s.title, s.level) for s in index.sections] == [
        ("1", "One", 1),
        ("1.1", "Sub", 2),
        ("2", "Two", 1),
    ]  # "1211 Geneva" is an address, not section 1211
    assert index.section_text(index.section("1")) == "1. One\n\n   body\n\n1.1 Sub\n\n   more"


# --- grammar rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "rule", "section", "start"),
    [
        ("000", "ftpurl", "5", 'ftpurl         = "ftp://" login'),
        ("000", "gopherurl", "5", 'gopherurl      = "gopher://" hostport'),
        ("001", "site", "A", 'site = [ [ user [ ":" password ] "@" ] hostport ]'),
        ("002", "pchar", "3.3", "pchar = unreserved / escaped"),
        ("004", "xalpha", "BNF syntax", "xalpha\talpha"),
    ],
)
def test_rule_definitions(doc: str, rule: str, section: str, start: str) -> None:
    found = spec_index(doc).rule(rule)
    assert found, rule
    first = found[0]
    assert first.text.startswith(start)
    assert first.section is not None
    assert first.section.number == section


def test_a_rule_definition_continues_over_lines() -> None:
    text = spec_index("000").rule("gopherurl")[0].text
    assert text.count("\n") == 1
    assert "gopher+_string" in text


def test_a_rule_in_flat_text_stops_before_the_prose() -> None:
    text = spec_index("002").rule("pchar")[0].text
    assert text.endswith('"$" / ","')


def test_unknown_rule() -> None:
    assert spec_index("000").rule("no-such-rule") == []


def test_a_heading_run_into_its_paragraph() -> None:
    index = spec_index("004")  # "Path The rest of the locator ..." lost its line break
    with pytest.raises(SectionNotFoundError):
        index.section("Path")
    section, note = index.find("Path")
    assert section.title == "Internet protocol parts"
    assert note is not None
    assert "'Path' starts a paragraph of Internet protocol parts" in note
    with pytest.raises(SectionNotFoundError):
        index.find("Nosuch")
