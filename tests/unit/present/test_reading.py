"""The spec texts laid out for reading (:mod:`urlinspector.present.reading`): grammar
rules, figures, tables and examples are found as preformatted blocks, prose is not, and
every offset of the index still holds."""

from __future__ import annotations

import pytest

from urlinspector.core.documents import BUNDLED
from urlinspector.data import spec_index
from urlinspector.present.reading import Reading, reading


def _lines(document: str, section: str) -> list[tuple[str, str | None]]:
    index = spec_index(document)
    s = index.section(section)
    return [(line, kind) for _at, line, kind in reading(index).lines(s.start, s.end)]


def _pre(document: str, section: str) -> list[str]:
    return [line.strip() for line, kind in _lines(document, section) if kind == "pre"]


def _prose(document: str, section: str) -> list[str]:
    return [line.strip() for line, kind in _lines(document, section) if kind is None and line]


@pytest.mark.parametrize("document", [d.id for d in BUNDLED])
def test_every_offset_holds_and_blocks_are_whole_lines(document: str) -> None:
    index = spec_index(document)
    layout = reading(index)
    assert len(layout.text) == len(index.text)
    assert layout.text.replace("\n", " ") == index.text.replace("\n", " ")
    end = 0
    for block in layout.blocks:
        assert end <= block.start < block.end <= len(layout.text)
        assert block.start == 0 or layout.text[block.start - 1] == "\n"
        assert block.end == len(layout.text) or layout.text[block.end] == "\n"
        end = block.end
    assert any(b.kind == "pre" for b in layout.blocks)
    if index.document.headings == "flat":  # every heading starts a line
        for section in index.sections[1:]:
            assert layout.text[section.start - 1] == "\n"
    else:
        assert layout.text == index.text


def test_a_rule_in_a_text_without_line_breaks_gets_its_own_line() -> None:
    assert _pre("002", "2.4.1") == ['escaped = "%" HEXDIG HEXDIG']
    before = _prose("002", "2.4.1")[-1]
    assert before.endswith("is the escaped encoding for the US-ASCII space character.")
    rules = _pre("002", "3.2.2")
    assert 'hostport = host [ ":" port ]' in rules
    assert "port = *DIGIT" in rules
    assert rules[-1] == "h4 = 1*4HEXDIG"
    assert not any(line.startswith("A hostname takes the form") for line in rules)
    grammar = _pre("001", "A")
    assert grammar[0] == 'URL-reference = [ absoluteURL | relativeURL ] [ "#" fragment ]'
    assert grammar[-1] == 'digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9"'
    assert len(grammar) == 37  # (as many as the appendix has " = ")


def test_examples_get_a_line_each() -> None:
    examples = _pre("002", "C.1")
    assert examples[:3] == ["g:h = g:h", "g = http://a/b/c/g", "./g = http://a/b/c/g"]
    assert "#s = (current document)#s" in examples
    regex = _pre("002", "B")
    assert regex[:2] == ["$1 = http:", "$2 = http"]
    assert "fragment = $9" in regex  # (and the prose after it is not)
    assert not any("where" in line for line in regex)


@pytest.mark.parametrize("document", ["001", "002"])
def test_the_nested_boxes_get_their_lines_back(document: str) -> None:
    figure = [line for line in _pre(document, "5.1") if line[:1] in ".|`"]
    assert len(figure) == 17
    assert figure[0].startswith(".---")
    assert figure[-1].startswith("`---")
    for line in figure:  # each line: its boxes' bars, a corner or text, the bars again
        words = line.split()
        left = len(words) - len(line.lstrip("| ").split())
        right = len(words) - len(line.rstrip("| ").split())
        assert left == right or set(words) == {"|"}, line
    assert any("(5.1.1) Base UR" in line for line in figure)


def test_page_headers_stand_apart() -> None:
    pages = [line for line, kind in _lines("002", "2.4") if kind == "page"]
    assert pages == [
        "Berners-Lee, et al. Expires September 1, 2003 [Page 11] Internet-Draft URI Generic "
        "Syntax March 2003",
        "Berners-Lee, et al. Expires September 1, 2003 [Page 12] Internet-Draft URI Generic "
        "Syntax March 2003",
        "Berners-Lee, et al. Expires September 1, 2003 [Page 13] Internet-Draft URI Generic "
        "Syntax March 2003",
    ]


def test_rfc_1738s_grammar_and_tables_are_preformatted() -> None:
    grammar = _pre("000", "5")
    assert 'ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]' in grammar
    assert '[ "%09" search [ "%09" gopher+_string ] ] ] ] ]' in grammar  # a continuation
    assert "; The generic form of a URL is:" in grammar
    assert _prose("000", "5")[1].startswith("This is a BNF-like description")
    schemes = _pre("000", "3")
    assert "ftp                     File Transfer protocol" in schemes
    assert not any("Other schemes may be specified" in line for line in schemes)


def test_the_1993_drafts_grammar_and_figure() -> None:
    grammar = _pre("004", "BNF syntax")
    assert "port\tdigits" in grammar
    assert "prefixedurl\tu r l : url" in grammar
    assert not any(line.startswith("This is a BNF-like") for line in grammar)
    figure = [line for line, kind in _lines("004", "Choices for a universal syntax") if kind]
    assert figure[0] == "```"
    assert "PR=afpt; H=xx.yy.edu; PA=/pub/doc/README;" in figure
    terms = _prose("004", "Uses of names and addresses")  # definitions in prose after a tab
    assert any(line.startswith("Persistent\tA given name") for line in terms)


def test_the_summarys_grammar_and_layouts() -> None:
    layout = reading(spec_index("003"))
    text = layout.text
    for line in ('ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]',
                 "prospero://<host>:<port>/<hsoname>;<field>=<value>"):  # fmt: skip
        assert layout.kind_at(text.index(line)) == "pre", line
    prose = text.index("这里的<cwd1>到<cwdN>和<name>")
    assert layout.kind_at(prose) is None


def test_kind_at_and_lines() -> None:
    layout = Reading("a\nb = c\nd", ())
    assert layout.kind_at(2) is None
    assert list(layout.lines(0, 9)) == [(0, "a", None), (2, "b = c", None), (8, "d", None)]
