"""The section index of a spec text, built from the text itself.

Nothing here is typed by hand: the headings are read from the text, in the way each
document marks them (:data:`urlinspector.core.documents.HeadingStyle`), and the grammar
rules are found where the text defines them.  Pure: the caller hands the text in
(:func:`urlinspector.data.spec_index` reads the bundled ones).

>>> index = build_index(find_document("000"), text)       # doctest: +SKIP
>>> [s.number for s in index.sections][:4]                 # ['0', '1', '2', '2.2']
>>> index.section("3.2.2").title                           # 'FTP url-path'
>>> index.rule("ftpurl")[0].text                           # 'ftpurl = "ftp://" login ...'

Some copies lost headings (RFC 1738's ``3.4 GOPHER``, ``3.5 MAILTO``); a section that is
not found but has subsections spans them, and :meth:`SpecIndex.find` falls back to the
section whose text holds the lost one, saying so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from urlinspector.core.documents import Document, find_document
from urlinspector.core.errors import URLInspectorError

__all__ = ["RuleDefinition", "Section", "SectionNotFoundError", "SpecIndex", "build_index"]


@dataclass(frozen=True)
class Section:
    """One heading of a text: ``number`` as the text writes it (``"3.2.2"``, ``"C.1"``,
    or, for unnumbered headings, the title), its ``title``, its depth (1 for ``3``, 2 for
    ``3.2`` ...), and offsets into the text: ``start`` (the heading), ``body`` (after
    it) and ``end`` (the next heading of the same or a higher level)."""

    number: str
    title: str
    level: int
    start: int
    body: int
    end: int

    @property
    def label(self) -> str:
        """``"§3.2.2 FTP url-path"``, ``"appendix C.1 Normal Examples"``, ``"Gopher"``."""
        if self.number == self.title:
            return self.title
        if self.number == "appendix":
            return f"appendix: {self.title}"
        if self.number[:1].isalpha():
            return f"appendix {self.number} {self.title}".rstrip()
        return f"§{self.number} {self.title}".rstrip()


@dataclass(frozen=True)
class RuleDefinition:
    """Where a grammar rule is defined: its section (or None) and the text of the
    definition, with offsets into the document's text."""

    name: str
    section: Section | None
    text: str
    start: int
    end: int


class SectionNotFoundError(URLInspectorError):
    """The document has no such section (or rule)."""


def _key(number: str) -> str:
    number = number.strip().strip('"').strip()
    number = re.sub(r"^(?:§|appendix\s+)", "", number, flags=re.I).strip()
    return number.rstrip(".").lower()


@dataclass(frozen=True)
class SpecIndex:
    """The sections of one document's text, in order, and its grammar rules."""

    document: Document
    text: str
    sections: tuple[Section, ...]

    def toc(self) -> Iterator[tuple[int, str]]:
        """The table of contents: (level, label) per heading, in order."""
        for section in self.sections:
            yield section.level, section.label

    def section(self, number: str) -> Section:
        """The section *number* names (``"3.2.2"``, ``"§3.2.2"``, ``"C.1"``, ``"appendix
        C"``, or a title such as ``"Gopher"``).  A heading the copy lost but whose
        subsections are there spans them.  Raises :class:`SectionNotFoundError`."""
        key = _key(number)
        for section in self.sections:
            if _key(section.number) == key:
                return section
        for section in self.sections:  # a title: exact, then the start of one
            if section.title.lower() == key:
                return section
        for section in self.sections:
            if key and section.title.lower().startswith(key):
                return section
        children = [s for s in self.sections if _key(s.number).startswith(key + ".")]
        if children and key:
            first, last = children[0], children[-1]
            return Section(number.strip().lstrip("§"), "", first.level - 1,
                           first.start, first.start, last.end)  # fmt: skip
        raise SectionNotFoundError(f"{self.document.name} has no section {number.strip()!r}")

    def find(self, number: str) -> tuple[Section, str | None]:
        """Like :meth:`section`, but a section whose heading the copy lost gives the
        section that holds its text and a note saying so."""
        try:
            return self.section(number), None
        except SectionNotFoundError:
            before = self._preceding(_key(number))
            if before is not None:
                note = (
                    f"this copy of {self.document.name} lost the heading of "
                    f"§{_key(number)}; its text is within {before.label}"
                )
                return before, note
            run_in = self._run_in(number.strip())
            if run_in is None:
                raise
            note = (
                f"in this copy of {self.document.name}, {number.strip()!r} starts a "
                f"paragraph of {run_in.label} rather than a heading of its own"
            )
            return run_in, note

    def _run_in(self, title: str) -> Section | None:
        """The section holding a paragraph that starts with *title*: a heading run into
        its text (the 1993 draft's ``Path The rest of the locator ...``)."""
        if not title or _sort_key(_key(title)) is not None:
            return None
        m = re.search(r"^" + re.escape(title) + r"\b", self.text, re.M)
        return self.section_of(m.start()) if m else None

    def _preceding(self, key: str) -> Section | None:
        wanted = _sort_key(key)
        if wanted is None:
            return None
        before = None
        for section in self.sections:
            have = _sort_key(_key(section.number))
            if have is None or have > wanted:
                break
            before = section
        if before is None or _sort_key(_key(before.number).split(".")[0]) != wanted[:1]:
            return None  # only within the same top-level section
        return before

    def section_text(self, section: Section) -> str:
        return self.text[section.start : section.end].strip()

    def section_of(self, offset: int) -> Section | None:
        """The innermost section holding *offset*."""
        found = None
        for section in self.sections:
            if section.start <= offset < section.end:
                found = section
        return found

    def rule(self, name: str) -> list[RuleDefinition]:
        """Where the grammar rule *name* is defined (``ftpurl``, ``pchar``,
        ``gopher-path``), definitions in a grammar section (BNF, collected syntax)
        first.  Empty when the text defines no such rule."""
        pattern = re.compile(
            r"(?:^|(?<=[\s;]))" + re.escape(name) + r"(?:[ \t]*(?:::=|=)[ \t]*|\t+)(?=\S)",
            re.M,
        )
        found: list[RuleDefinition] = []
        for m in pattern.finditer(self.text):
            end = self._rule_end(m.start(), m.end())
            found.append(
                RuleDefinition(
                    name,
                    self.section_of(m.start()),
                    _squeeze(self.text[m.start() : end]),
                    m.start(),
                    end,
                )
            )

        def grammar_first(rule: RuleDefinition) -> int:
            title = rule.section.title.lower() if rule.section else ""
            return 0 if ("bnf" in title or "syntax" in title or "abnf" in title) else 1

        return sorted(found, key=grammar_first)

    def _rule_end(self, start: int, after: int) -> int:
        if self.document.headings == "flat":  # up to the next "name =" or 400 characters
            limit = min(len(self.text), after + 400)
            stops = [
                re.compile(r"\s[A-Za-z][\w-]*\s+(?:::=|=)\s"),  # the next rule
                re.compile(r"\s[A-Z][a-z]+\s[a-z]+\s"),  # prose: "The path may ..."
            ]
            ends = [m.start() for p in stops if (m := p.search(self.text, after, limit))]
            return min([*ends, limit])
        # line-based: the line, and the lines after it that continue it (indented more,
        # or starting with "|"), up to a blank line or the next rule
        line_end = self.text.find("\n", after)
        if line_end < 0:
            return len(self.text)
        first_indent = start - (self.text.rfind("\n", 0, start) + 1)
        pos = line_end
        while pos < len(self.text):
            nxt = self.text.find("\n", pos + 1)
            line = self.text[pos + 1 : nxt if nxt >= 0 else len(self.text)]
            indent = len(line) - len(line.lstrip())
            if not line.strip() or re.match(r"\s*[\w-]+\s*(?:=|\t)", line):
                break
            if indent <= first_indent and not line.lstrip().startswith("|"):
                break
            pos = nxt if nxt >= 0 else len(self.text)
        return pos


def _squeeze(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


# --- reading headings -------------------------------------------------------------------------


def _sort_key(number: str) -> tuple[int, ...] | None:
    """``"3.2.2"`` -> (3, 2, 2); ``"c.1"`` -> (1000 + 2, 1); None for a title."""
    parts = number.split(".")
    out: list[int] = []
    for i, part in enumerate(parts):
        if part.isdigit():
            out.append(int(part))
        elif i == 0 and len(part) == 1 and part.isalpha():
            out.append(1000 + ord(part.lower()) - ord("a"))
        else:
            return None
    return tuple(out)


def _follows(prev: tuple[int, ...] | None, cur: tuple[int, ...]) -> int | None:
    """How far *cur* jumps after *prev* in reading order (0: the very next heading), or
    None when it cannot follow it (not after it, or too far: a stray number)."""
    if prev is None:
        return cur[0] if cur[0] <= 2 and len(cur) == 1 else None
    if cur <= prev:
        return None
    i = 0
    while i < len(prev) and i < len(cur) and prev[i] == cur[i]:
        i += 1
    if i == len(cur):
        return None
    if i == len(prev):  # a subsection: 3 -> 3.1
        jump = cur[i] - 1
    else:
        jump = cur[i] - prev[i] - 1
        if cur[i] >= 1000 > prev[i]:  # numbers end, appendices start at A
            jump = cur[i] - 1000
    jump += sum(c - 1 for c in cur[i + 1 :])
    return jump if 0 <= jump <= 2 else None


def _chain(candidates: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """The longest run of candidates (offset, body, number, title) whose numbers follow
    one another, preferring small jumps: a number that is not a heading breaks it."""
    keys = [_sort_key(c[2]) for c in candidates]
    best: list[float] = []
    back: list[int] = []
    for i, key in enumerate(keys):
        assert key is not None
        score, link = -1.0, -1
        start = _follows(None, key)
        if start is not None:
            score = 1.0 - 0.3 * start
        for j in range(i):
            jump = _follows(keys[j], key)
            if jump is not None and best[j] + 1 - 0.3 * jump > score:
                score, link = best[j] + 1 - 0.3 * jump, j
        best.append(score)
        back.append(link)
    if not best or max(best) < 0:
        return []
    i = max(range(len(best)), key=best.__getitem__)
    out = []
    while i >= 0:
        out.append(candidates[i])
        i = back[i]
    return out[::-1]


_LINE_HEADING = re.compile(r"^[ ]{0,3}(\d{1,2}(?:\.\d{1,2})*)\.?[ \t]+(\S[^\n]{0,70})$", re.M)
_APPENDIX_LINE = re.compile(r"^(APPENDIX|Appendix)\b:?\s*([^\n]*)$", re.M)


def _headings_lines(text: str) -> list[tuple[int, int, str, str]]:
    candidates = [(m.start(), m.end(), m.group(1), m.group(2).strip()) for m in
                  _LINE_HEADING.finditer(text)]  # fmt: skip
    found = _chain(candidates)
    for m in _APPENDIX_LINE.finditer(text):
        found.append((m.start(), m.end(), "appendix", m.group(2).strip()))
    return sorted(found)


_FLAT_HEADING = re.compile(r"(?:^|(?<=\s))((?:\d{1,2}|[A-G])(?:\.\d{1,2})*)\.? (?=[A-Z])")
_TOC_ENTRY = re.compile(
    r"(?:^|(?<=\s))((?:\d{1,2}|[A-G])(?:\.\d{1,2})*)\.? ([^.]+?)(?: \.){2,}\s*\d+"
)
_SMALL = frozenset(
    ("a", "an", "and", "the", "of", "to", "in", "for", "from", "with", "on", "by", "as", "or",
     "within", "both")
)  # fmt: skip
_STARTS = frozenset(
    ("A", "An", "The", "This", "These", "That", "Although", "While", "If", "In", "It",
     "Its", "Many", "Just", "Within", "When", "As", "For", "Since", "Some", "Such",
     "Unlike", "Data", "Note", "Each", "Both")
)  # fmt: skip


def _sentence_word(word: str) -> bool:
    """A lowercase word of prose (``are``, ``regarding,``), not ``g:h`` or ``=``."""
    return re.fullmatch(r"[a-z][a-z'-]*[,.;:]?", word) is not None


def _before_sentence(words: list[str]) -> list[str] | None:
    """The words before the first word that starts a sentence (``In``, ``The`` ...),
    when they are few and hold no punctuation: ``URL-based references and URLs In
    practice`` gives the first four; None when no such word comes soon."""
    for i, word in enumerate(words[:9]):
        if i and word in _STARTS:
            return words[:i]
        if word.endswith((".", ",", ";", ":")) or not word or "=" in word:
            return None
    return None


def _abbreviated(words: list[str], word: str) -> int:
    """How many of the last *words* the abbreviation *word* (``(URLs)``) spells with
    their initials; 0 when it is no such abbreviation."""
    m = re.fullmatch(r"\(([A-Z]{2,})s?\)", word)
    if m is None or len(words) <= len(m.group(1)):
        return 0
    letters = m.group(1)
    initials = "".join(w[:1] for w in words[-len(letters) :])
    return len(letters) if initials == letters else 0


def _title_words(words: list[str]) -> list[str]:
    """Capitalized words (and small ones between them) up to the word that starts the
    first sentence, a cross-reference (``Section 3``) or the word after an RFC's number
    (``Modifications from RFC 1808 RFC 1808 (Section 4) defined``)."""
    title: list[str] = []
    for i, word in enumerate(words[:12]):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        after_rfc = len(title) > 1 and title[-2] == "RFC" and title[-1].isdigit()
        starts_sentence = (
            word in _STARTS
            or (word[:1].isupper() and _sentence_word(nxt) and nxt not in _SMALL)
            or (word == "Section" and nxt[:1].isdigit())
            or (after_rfc and word not in _SMALL)
            or nxt in ("=", "::=")  # a grammar rule's name
        )
        if title and (starts_sentence or re.fullmatch(r"[A-Z0-9](?:\.\d+)+\.?", word)):
            break
        if _sentence_word(nxt) and (spelt := _abbreviated(title, word)):
            del title[-spelt:]  # "Introduction Uniform Resource Locators (URLs) provide"
            break
        title_word = word[:1].isupper() or word in _SMALL or word[:1] in '-"('
        numbered = word.isdigit() and title[-1:] == ["RFC"]  # "RFC 1738"
        hyphenated = word[:1].islower() and "-" in word  # "non-ASCII"
        if title and not (title_word or numbered or hyphenated):
            break
        title.append(word)
    return title


def _flat_title(text: str, at: int) -> str:
    """The title that starts at *at* in a text that lost its line breaks: the words
    before the sentence that follows it (:func:`_before_sentence`), else
    :func:`_title_words`."""
    words = text[at : at + 200].split(" ")
    title = _before_sentence(words)
    if title is None:
        title = _title_words(words)
    while title and title[-1].lower() in _SMALL:
        title.pop()
    return " ".join(title).rstrip(":,")


def _headings_flat(text: str) -> list[tuple[int, int, str, str]]:
    toc = {m.group(1): m.group(2).strip() for m in _TOC_ENTRY.finditer(text)}
    toc_spans = [m.span() for m in _TOC_ENTRY.finditer(text)]
    candidates = []
    for m in _FLAT_HEADING.finditer(text):
        if any(a <= m.start() < b for a, b in toc_spans):
            continue
        number = m.group(1)
        title = toc.get(number)
        if title is not None:
            if not text.startswith(title, m.end()):
                continue  # a number in the prose, not the heading the contents list
            body = m.end() + len(title)
        else:
            title = _flat_title(text, m.end())
            if not title:
                continue
            body = m.end() + len(title)
        candidates.append((m.start(), body, number, title))
    return _chain(candidates)


def _headings_titles(text: str) -> list[tuple[int, int, str, str]]:
    """Unnumbered headings: a short line between blank lines, with no sentence in it."""
    found = []
    lines = text.split("\n")
    offset = 0
    offsets = []
    for line in lines:
        offsets.append(offset)
        offset += len(line) + 1
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or len(stripped) > 60 or "\t" in line or "=" in line:
            continue
        if stripped.endswith((".", ",", ";")) or stripped[0] in "-|([<\"'" or i < 3:
            continue
        if len(stripped.split()) > 7 or not stripped[0].isalnum():
            continue
        if stripped[0].isdigit() and not re.match(r"\d(?:\.\d)*\.?\s+[A-Z]", stripped):
            continue
        if lines[i - 1].strip() or (i + 1 < len(lines) and lines[i + 1].strip()):
            continue
        m = re.match(r"(\d(?:\.\d)*)\.?\s+(.*)", stripped)
        number, title = (m.group(1), m.group(2)) if m else (stripped.rstrip(":"),) * 2
        found.append((offsets[i], offsets[i] + len(line), number, title.rstrip(":")))
    return found


_CJK_HEADING = re.compile(r"^(\d{1,2})\s*、\s*(\S[^\n]{0,40}?)\s*$", re.M)


def _headings_cjk(text: str) -> list[tuple[int, int, str, str]]:
    """The summary's ``1、`` headings; their numbers restart under each scheme, so the
    title is the key."""
    return [(m.start(), m.end(), m.group(2), m.group(2)) for m in _CJK_HEADING.finditer(text)]


_READERS = {
    "lines": _headings_lines,
    "flat": _headings_flat,
    "titles": _headings_titles,
    "cjk": _headings_cjk,
}


def _level(number: str) -> int:
    key = _sort_key(number)
    return len(key) if key is not None else 1


def build_index(document: Document | str, text: str) -> SpecIndex:
    """The index of *text*, the text of *document* (a :class:`Document` or any name
    :func:`~urlinspector.core.documents.find_document` accepts)."""
    if isinstance(document, str):
        document = find_document(document)
    headings = _READERS[document.headings](text)
    sections = []
    for i, (start, body, number, title) in enumerate(headings):
        level = _level(number)
        end = len(text)
        own = _key(number) + "."
        for later in headings[i + 1 :]:  # up to the first heading that is not a subsection
            if _sort_key(_key(number)) is None or not _key(later[2]).startswith(own):
                end = later[0]
                break
        sections.append(Section(number, title, level, start, body, end))
    return SpecIndex(document, text, tuple(sections))
