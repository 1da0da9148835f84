"""The bundled spec texts are the documents' text: no lines of the web page they were
copied from (a site's navigation, its metadata about the document)."""

from __future__ import annotations

import pytest

from urlinspector.core.documents import BUNDLED
from urlinspector.data import spec_index, spec_text

WEB_PAGE_LINES = (
    "Skip to main content",
    "Document Type",
    "Last updated",
    "RFC stream",
    "Consensus boilerplate",
    "Send notices to",
    "Telechat date",
    "Responsible AD",
)
"""Lines of the IETF datatracker's page around a draft's text."""

FIRST_WORDS = {
    "000": "Uniform Resource Locators ",  # the draft's running head, then its authors
    "004": "Uniform Resource Locators",
}


@pytest.mark.parametrize("document", [d for d in BUNDLED if d.file], ids=lambda d: d.id)
def test_no_web_page_lines(document: object) -> None:
    text = spec_text(document.id)  # type: ignore[attr-defined]
    lines = {line.strip() for line in text.splitlines()}
    for leftover in WEB_PAGE_LINES:
        assert not any(line.startswith(leftover) for line in lines), leftover


@pytest.mark.parametrize(("seed", "words"), sorted(FIRST_WORDS.items()))
def test_a_text_begins_with_its_document(seed: str, words: str) -> None:
    assert spec_text(seed).lstrip().startswith(words)


def test_rfc_1738_begins_with_the_drafts_head_and_keeps_its_sections() -> None:
    head = spec_text("000").splitlines()[:4]
    assert head[0].split() == ["Uniform", "Resource", "Locators", "T.", "Berners-Lee"]
    assert head[1].split()[0] == "draft-ietf-uri-url-07.txt"
    index = spec_index("000")
    assert index.find("3.2.2") is not None  # the contents are read from the text still
