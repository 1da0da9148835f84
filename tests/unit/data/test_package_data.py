"""The package data: the spec texts and the demo gopher hole, found inside the package,
and nothing the program or its tests read lies outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from urlinspector import data
from urlinspector.core.documents import BUNDLED, UnknownDocumentError
from urlinspector.net.demo_server import DEFAULT_ROOT

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "src" / "urlinspector"


def test_every_bundled_document_has_its_text() -> None:
    assert sorted(data.SPEC_FILES) == ["000", "001", "002", "003", "004"]
    for document in BUNDLED:
        text = data.spec_text(document.id)
        assert len(text) > 15_000, document.id
        assert data.spec_text(document.name) == text
        assert all(data.spec_text(alias) == text for alias in document.aliases)


def test_the_texts_are_what_they_say() -> None:
    assert "draft-ietf-uri-url-07" in data.spec_text("000") or "RFC 1738" in data.spec_text("000")
    assert "draft-fielding-url-syntax-05" in data.spec_text("001")
    assert "draft-fielding-uri-rfc2396bis-01" in data.spec_text("002")
    assert "统一资源定位" in data.spec_text("003")
    assert "Berners-Lee" in data.spec_text("004")


def test_a_document_that_does_not_ship_says_so() -> None:
    with pytest.raises(UnknownDocumentError, match="RFC 3986 is cited, but its text does not"):
        data.spec_text("RFC 3986")
    with pytest.raises(UnknownDocumentError, match="unknown document 'rfc9999'"):
        data.spec_text("rfc9999")


def test_the_demo_hole_is_package_data() -> None:
    hole = data.demo_hole()
    assert hole == DEFAULT_ROOT
    assert hole.is_relative_to(PACKAGE)
    assert (hole / "gophermap").is_file()


def test_the_demo_serves_the_packages_own_texts() -> None:
    served = sorted((data.demo_hole() / "specs").glob("0*.txt"))
    assert [p.name for p in served] == [data.SPEC_FILES[i] for i in ("000", "001", "002", "004")]
    for path in served:
        assert path.read_bytes() == (PACKAGE / "data" / "specs" / path.name).read_bytes()


def test_nothing_reads_outside_the_repository() -> None:
    # the spec texts once came from a folder beside the checkout; nothing may again
    outside = re.compile(r"URLINSPECTOR_SPECS|shared/specs|\"shared\"|parents\[4\]")
    offenders = [
        str(path.relative_to(ROOT))
        for top in ("src", "tests")
        for path in (ROOT / top).rglob("*.py")
        if path != Path(__file__) and outside.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
