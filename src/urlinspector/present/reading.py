"""The spec texts laid out for reading: prose that may be refilled, and the
preformatted blocks (grammar rules, figures, tables, examples) that must stay as they
are.

Each block is found from the text's own layout.  In a text with its line breaks
(RFC 1738's copy, the 1993 draft, the summary) a line is preformatted when it is a
grammar rule (``ftpurl = "ftp://" login ...``, the 1993 draft's ``port<TAB>digits``), a
rule's comment or continuation, a table row (``ftp     File Transfer protocol``), a
layout (``prospero://<host>:<port>/<hsoname>``), a figure line, or inside a ````` ``` `````
fence.  The 1997 and 2003 drafts lost their line breaks: there the rules and examples
(``escaped = "%" HEXDIG HEXDIG``, ``g:h = g:h``) each get a line of their own, the nested
boxes of §5.1 get their lines back from the boxes' corners, and the running page
headers (``Berners-Lee, et al. Expires ... [Page 23] ...``) stand apart.

:func:`reading` gives the text, offset for offset the same as the index's (only spaces
become line breaks), with its blocks: the reader selects and searches by the index's
offsets, the command line prints prose refilled and blocks verbatim.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from urlinspector.core.spec_index import SpecIndex

__all__ = ["Block", "BlockKind", "Reading", "reading"]

BlockKind = Literal["pre", "page"]
"""``pre``: preformatted, never refilled; ``page``: a running page header or footer."""


@dataclass(frozen=True, slots=True)
class Block:
    """Whole lines of the reading text, ``[start, end)``."""

    kind: BlockKind
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Reading:
    """A text laid out for reading: :attr:`text` is the index's text with some spaces
    turned into line breaks, :attr:`blocks` its preformatted and page blocks in order."""

    text: str
    blocks: tuple[Block, ...]

    def kind_at(self, offset: int) -> BlockKind | None:
        """The kind of block holding *offset*; None for prose."""
        i = bisect.bisect_right([b.start for b in self.blocks], offset) - 1
        if i >= 0 and offset < self.blocks[i].end:
            return self.blocks[i].kind
        return None

    def lines(self, start: int, end: int) -> Iterator[tuple[int, str, BlockKind | None]]:
        """The lines of ``text[start:end]``: where each starts, its text, and the kind
        of its block."""
        at = start
        for line in self.text[start:end].split("\n"):
            yield at, line, self.kind_at(at)
            at += len(line) + 1


@functools.cache
def reading(index: SpecIndex) -> Reading:
    """The reading layout of *index*'s text (see the module description)."""
    if index.document.headings == "flat":
        return _flat(index)
    return Reading(index.text, tuple(_line_blocks(index.text)))


# --- texts with their line breaks -----------------------------------------------------------

_RULE_LINE = re.compile(r"\s*[A-Za-z][\w+.-]*\s+(?:::=|=)\s+\S")
_TAB_RULE = re.compile(r"\s*[A-Za-z][\w+.-]*\t+(?P<definition>.*)")
_COMMENT_LINE = re.compile(r"\s*;")
_TABLE_ROW = re.compile(r"\s*\S.*? {3,}\S")
_FIGURE_LINE = re.compile(r"\s*[-+|_.`'\\/=*]{2,}(?:\s.*)?")
_LAYOUT_LINE = re.compile(r"\s*[\x21-\x7e]*(?:://|<[\w-]+>)[\x21-\x7e]*")
_CONTINUED = ("|", "/", "[", "(", "=")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _continues(line: str, rule: str | None, last: str | None) -> bool:
    """Whether *line* continues the grammar rule that began on line *rule* and went on
    to line *last*: indented more than the rule, after a line that ends with an
    operator, or starting with one (and not a rule of its own)."""
    if rule is None or last is None or _RULE_LINE.match(line):
        return False
    stripped = line.lstrip()
    return (
        _indent(line) > _indent(rule)
        or last.rstrip().endswith(_CONTINUED)
        or stripped.startswith(_CONTINUED[:4])
    )


def _pre_line(line: str) -> bool:
    """Whether *line* is preformatted on its own (see the module description); the
    1993 draft's ``Persistent<TAB>A given name will remain ...`` is a definition in
    prose, not a grammar rule."""
    tabbed = _TAB_RULE.match(line)
    if tabbed is not None:
        definition = tabbed.group("definition").rstrip()
        return not (definition.endswith((".", ";", ",")) and len(definition.split()) > 3)
    patterns = (_RULE_LINE, _COMMENT_LINE, _TABLE_ROW, _FIGURE_LINE)
    return any(p.match(line) for p in patterns) or bool(_LAYOUT_LINE.fullmatch(line))


def _line_blocks(text: str) -> Iterator[Block]:
    """The runs of preformatted lines (blank lines between two of them join them)."""
    run: tuple[int, int] | None = None
    rule: str | None = None  # the preformatted line the rule shown began on
    last: str | None = None  # the last preformatted line
    fenced = False
    offset = 0
    for line in text.split("\n"):
        start, offset = offset, offset + len(line) + 1
        if not line.strip():
            continue
        fence = line.strip().startswith("```")
        continued = not fence and _continues(line, rule, last)
        if fenced or fence or continued or _pre_line(line):
            run = (run[0] if run else start, start + len(line))
            rule, last = (rule if continued else line), line
        else:
            if run:
                yield Block("pre", *run)
            run, rule, last = None, None, None
        fenced = fenced != fence
    if run:
        yield Block("pre", *run)


# --- texts that lost their line breaks ------------------------------------------------------

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)
_PAGE = re.compile(
    r"[A-Z][\w-]+(?:, et al\.)? (?:Expires|Standards Track|Informational|Experimental)"
    r"[^\[]{0,40}?\[Page \d+\] (?:Internet-Draft|RFC \d+) [^\[]{0,60}?" + _MONTH + r" \d{4}"
)
_EQUATION = re.compile(r"(?:^|(?<= ))(\S+) = (?=\S)")
_PROSE = re.compile(
    r" (?:(?:[A-Z][a-z]+,?|[A-Z]{2,}s) (?:[A-Z]{2,}\w* )?(?:[a-z]+|\"[a-z])|An? [A-Za-z-]+ [a-z])"
)
_LONGEST_RULE = 600
_TOKEN = re.compile(r"\S+")
_CORNER = re.compile(r"[.`'][-=]{3,}[.`']")


def _flat(index: SpecIndex) -> Reading:
    text = index.text
    breaks: set[int] = set()
    blocks: list[Block] = []
    for section in index.sections:
        breaks.update((section.start - 1, section.body))
    for m in _PAGE.finditer(text):
        blocks.append(Block("page", m.start(), m.end()))
    for start, end, lines in _figures(text):
        blocks.append(Block("pre", start, end))
        breaks.update(lines)
    taken = sorted((b.start, b.end) for b in blocks)
    stops = sorted({s.start for s in index.sections} | {a for a, _ in taken})
    for start, end, lines in _rule_runs(text, taken, stops):
        blocks.append(Block("pre", start, end))
        breaks.update(lines)
    for block in blocks:
        breaks.update((block.start - 1, block.end))
    chars = list(text)
    for at in breaks:
        if 0 <= at < len(chars) and chars[at] == " ":
            chars[at] = "\n"
    return Reading("".join(chars), tuple(sorted(blocks, key=lambda b: b.start)))


def _inside(spans: list[tuple[int, int]], offset: int) -> bool:
    """Whether *offset* is in one of the sorted, disjoint *spans*."""
    i = bisect.bisect_right([a for a, _ in spans], offset) - 1
    return i >= 0 and offset < spans[i][1]


def _rhs_end(text: str, after: int, stops: list[int]) -> int:
    """Where the right-hand side that starts at *after* ends: before the prose that
    follows it, the next heading or block, or a space near :data:`_LONGEST_RULE`."""
    i = bisect.bisect_right(stops, after)
    limit = min(stops[i] - 1 if i < len(stops) else len(text), after + _LONGEST_RULE)
    prose = _PROSE.search(text, after, limit)
    if prose is not None:
        return prose.start()
    if limit < len(text) and text[limit] != " ":
        limit = max(after, text.rfind(" ", after, limit))
    return limit


_VALUE = re.compile(r"\S+|\([^)]*\)\S*")


def _rule_runs(
    text: str, taken: list[tuple[int, int]], stops: list[int]
) -> Iterator[tuple[int, int, set[int]]]:
    """Runs of grammar rules and examples (``name = definition``, ``g:h = g:h``):
    (start, end, the spaces before each rule after the first).  In a run of examples,
    whose values are single words (``g = http://a/b/c/g``), the last value is one too."""
    found = [m for m in _EQUATION.finditer(text) if not _inside(taken, m.start())]
    i = 0
    while i < len(found):
        start, lines, values = found[i].start(1), set(), True
        end = _rhs_end(text, found[i].end(), stops)
        while i + 1 < len(found) and found[i + 1].start(1) <= end:
            value = text[found[i].end() : found[i + 1].start(1) - 1]
            values = values and (not value or _VALUE.fullmatch(value) is not None)
            i += 1
            lines.add(found[i].start(1) - 1)
            end = _rhs_end(text, found[i].end(), stops)
        if values and lines and (value_end := _VALUE.match(text, found[i].end())):
            end = min(end, value_end.end())
        yield start, end, lines
        i += 1


_CORNER_WORD = re.compile(r"(?<!\S)[.`'][-=]{3,}[.`'](?!\S)")
_FIGURE_SPAN = 400
"""Characters between two corners of one figure, at most."""


def _figures(text: str) -> Iterator[tuple[int, int, set[int]]]:
    """Figures drawn with box corners (``.----.`` ... ``\\`----'``) and bars: (start,
    end, the spaces that ended their lines, when the boxes give them back)."""
    groups: list[list[re.Match[str]]] = []
    for corner in _CORNER_WORD.finditer(text):
        if groups and corner.start() - groups[-1][-1].end() <= _FIGURE_SPAN:
            groups[-1].append(corner)
        else:
            groups.append([corner])
    for group in groups:
        if len(group) < 2:
            continue
        start, end = group[0].start(), group[-1].end()
        run = [
            (start + m.start(), start + m.end(), m.group())
            for m in _TOKEN.finditer(text[start:end])
        ]
        yield start, end, _box_lines(run) or set()


def _content_kind(word: str) -> int:
    """+1 for a box's top corner, -1 for its bottom corner, 0 for text."""
    if _CORNER.fullmatch(word):
        return 1 if word[0] == "." else -1
    return 0


def _box_lines(tokens: list[tuple[int, int, str]]) -> set[int] | None:
    """The spaces that ended the lines of nested boxes whose line breaks were lost:
    each line is its open boxes' bars, a corner or text, and the bars again; None when
    the tokens do not read that way."""
    breaks: set[int] = set()
    depth = 0  # boxes open before the line
    i = 0
    while i < len(tokens):
        content = i
        while i < len(tokens) and tokens[i][2] != "|":
            i += 1
        kind = _content_kind(tokens[content][2]) if content < i else 0
        bars = depth - 1 if kind < 0 else depth  # the line's bars, each side
        depth += kind
        run = i
        while i < len(tokens) and tokens[i][2] == "|":
            i += 1
        if i == len(tokens):
            return breaks if i - run == bars and depth == 0 else None
        following = _content_kind(tokens[i][2])
        leading = depth - 1 if following < 0 else depth
        empty, extra = divmod(i - run - bars - leading, 2 * depth) if depth else (0, 0)
        if i - run - bars < leading or extra or (not depth and i - run != bars):
            return None
        for line in range(empty + 1):  # (boxes with nothing in them: bars only)
            breaks.add(tokens[run + bars + 2 * depth * line][0] - 1)
    return breaks
