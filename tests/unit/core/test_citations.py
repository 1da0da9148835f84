"""Every citation names its document in words a reader knows ("RFC 1738 §3.3"), never
by the number of its source file ("000 §3.3"), and the sections cited in the bundled
texts are found by the spec reader.

The citations are collected from what users meet: the editions' tables, every
diagnostic and scheme-specific part of a corpus of URLs parsed under every edition
(with every example URL of the specs), the escapes a decode explains, every step of
resolving references, and the normalization and comparison citations.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tests.benchmarks.corpus import corpus
from urlinspector.core import EDITION_IDS, EDITIONS, parse, resolve
from urlinspector.core.documents import BUNDLED, cited_document, split_citation
from urlinspector.core.escapes import decode
from urlinspector.core.normalization import RUNGS, citation
from urlinspector.core.spec_index import SectionNotFoundError
from urlinspector.data import spec_index

DATA = Path(__file__).resolve().parents[2] / "data"
SEED_ID = re.compile(r"(?<![\w.,\-])00[0-4](?![\w\-]|\.\d|,\d)")
BASES = ("http://a/b/c/d;p?q", "ftp://u@h/a/b/c;type=a", "gopher://h/1/x/y", "news:a.b")
REFERENCES = ("g", "./g", "../g", "../../../g", "?y", "#s", "g?y/./x", "//g", "http:g", "")


def _examples() -> list[str]:
    table = json.loads((DATA / "spec_examples.json").read_text(encoding="utf-8"))
    return [e["text"] for e in table["examples"]]


@cache
def _cited() -> dict[str, str]:
    """Every citation found, with where it was found (the first place)."""
    found: dict[str, str] = {}

    def add(text: str, where: str) -> None:
        found.setdefault(text, where)

    for edition in EDITIONS.values():
        for rule, ref in edition.citations.items():
            add(ref, f"{edition.id} citations[{rule!r}]")
        for name in (*RUNGS, "fragment", "relative"):
            add(citation(name, edition), f"normalize citation({name!r}, {edition.id})")
    urls = [*corpus(2_000), *_examples()]
    for edition_id in EDITION_IDS:
        for ref, where in (
            *_parse_citations(urls, edition_id),
            *_escape_citations(edition_id),
            *_resolution_citations(edition_id),
        ):
            add(ref, where)
    return found


def _parse_citations(urls: list[str], edition_id: str) -> Iterator[tuple[str, str]]:
    """The references of every diagnostic and the rule of every scheme-specific part."""
    for text in urls:
        url = parse(text, edition=edition_id)
        for d in url.diagnostics:
            yield d.reference, f"{d.code} of {text!r} ({edition_id})"
        if url.specific is not None:
            for name, _span, _raw, _role, rule in url.specific.parts:
                yield rule, f"part {name!r} of {text!r} ({edition_id})"


def _escape_citations(edition_id: str) -> Iterator[tuple[str, str]]:
    """The references of the escapes a decode explains, in every component."""
    for raw in ("a%2Fb%41%zz%C3%A9", "%2F%3B%3F", "x%09y%20"):
        for component in ("path", "segment", "query", "selector", "cwd", None):
            for e in decode(raw, component=component, edition=edition_id).escapes:
                yield e.reference, f"escape {e.text} in {component} ({edition_id})"


def _resolution_citations(edition_id: str) -> Iterator[tuple[str, str]]:
    """The citation of every step of resolving the references against the bases."""
    for base in BASES:
        for ref in REFERENCES:
            try:
                r = resolve(base, ref, edition=edition_id, trace=True)
            except ValueError:
                continue
            for step in r.steps:
                yield step.citation, f"resolving {ref!r} against {base!r} ({edition_id})"


def names_a_document(citation_text: str, *, first: bool) -> bool:
    """Whether *citation_text* names known documents and no seed id; *first*: it must
    start with the name (a diagnostic's reference), else hold one (a part's rule, which
    starts with the rule: ``"gtype, RFC 1738 §3.4.1 / §5"``)."""
    if SEED_ID.search(citation_text):
        return False
    if first:
        return cited_document(citation_text) is not None
    return bool(split_citation(citation_text))


def test_the_check_rejects_a_seed_id() -> None:
    assert not names_a_document("000 §3.3", first=True)
    assert not names_a_document("RFC 1738 §3.3 / 001 §5", first=True)
    assert not names_a_document("gtype, 000 §3.4.1 / §5", first=False)
    assert not names_a_document("RFC 17380 §3.3", first=True)
    assert names_a_document("RFC 1738 §3.3", first=True)
    assert names_a_document("gtype, RFC 1738 §3.4.1 / §5", first=False)
    assert names_a_document("20,000 URLs (RFC 3986 §5)", first=False)


def test_enough_citations_are_collected() -> None:
    cited = _cited()
    assert len(cited) > 150
    for document in BUNDLED:  # every bundled text is cited somewhere
        assert any(document.name in c for c in cited), document.name


def _all() -> Iterator[tuple[str, str]]:
    yield from _cited().items()


def test_every_citation_names_its_document() -> None:
    bad = [
        f"{text!r} ({where})"
        for text, where in _all()
        if not names_a_document(text, first=not where.startswith("part "))
    ]
    assert bad == []


# Sections cited that the bundled copies do not have as headings, each with the reason.
NOT_IN_THE_INDEX = {
    "RFC 1738 summary (zh)": "the summary's parts have no numbers; its §5 is the BNF",
}


def test_every_cited_section_opens_in_the_reader() -> None:
    missing = []
    for text, where in _all():
        for document, section in split_citation(text):
            if not document.bundled or section is None or document.name in NOT_IN_THE_INDEX:
                continue
            try:
                spec_index(document.id).find(section)
            except SectionNotFoundError:
                missing.append(f"{document.name} §{section} in {text!r} ({where})")
    assert sorted(set(missing)) == []


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_the_editions_cite_their_own_document(edition: str) -> None:
    cited = cited_document(EDITIONS[edition].citations["*"])
    assert cited is not None
    assert cited.edition == edition
