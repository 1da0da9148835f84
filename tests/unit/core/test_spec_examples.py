"""Every example URL of the spec texts, parsed under the edition of its document.

The examples and the components each text gives them are data, in
``tests/data/spec_examples.json`` (written by hand from the texts; see its "about").
Each runs under the edition of its document and under rfc3986; each is presented by
its text as valid, so it must parse with exactly those components and no error (a
scheme-specific error only where the entry names it).

Two more checks tie the table to the spec texts (the package's own copies,
:mod:`urlinspector.data`): every example is in its text, and every URL the
texts hold is in the table or in :data:`NOT_EXAMPLES` with the reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from urlinspector import data
from urlinspector.core import EDITION_IDS, parse
from urlinspector.core.documents import cited_document
from urlinspector.core.grammar import APPENDIX_B
from urlinspector.data import spec_text

DATA = Path(__file__).resolve().parents[2] / "data" / "spec_examples.json"
TABLE: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
COMPONENTS: list[str] = TABLE["components"]
EXAMPLES: list[dict[str, Any]] = TABLE["examples"]

SPEC_FILES = data.SPEC_FILES
DOCUMENT_EDITION = {
    "RFC 1738": "rfc1738",
    "URL syntax draft 1997": "url-syntax-1997",
    "RFC 2396bis draft 2003": "rfc2396bis-2003",
    "URL draft 1993": "url-1993",
    "RFC 3986": "rfc3986",
}

# URL syntax draft 1997 / RFC 2396bis draft 2003 appendix B: "a concrete parsing example and test
# oracle": grammar.APPENDIX_B


def _cases() -> Iterator[Any]:
    for example in EXAMPLES:
        for edition in example["editions"]:
            yield pytest.param(example, edition, id=f"{edition}:{example['text']}")


def expected_components(example: dict[str, Any], edition: str) -> dict[str, str | None]:
    given = example.get("overrides", {}).get(edition, example["components"])
    assert set(given) <= set(COMPONENTS), given
    return {name: given.get(name) for name in COMPONENTS}


def document(example: dict[str, Any]) -> str:
    source: str = example["source"]
    cited = cited_document(source)  # "RFC 1738 §3.1 ..." -> "RFC 1738"
    return cited.name if cited is not None else source[:3]


# --- the table itself -------------------------------------------------------------------


def test_the_table_is_well_formed() -> None:
    assert COMPONENTS == [
        "scheme",
        "authority",
        "userinfo",
        "user",
        "password",
        "host",
        "port",
        "path",
        "query",
        "fragment",
    ]
    seen = set()
    for example in EXAMPLES:
        assert set(example) <= {
            "text",
            "source",
            "editions",
            "components",
            "overrides",
            "scheme_errors",
            "note",
        }, example
        key = (example["text"], example["source"])
        assert key not in seen, key
        seen.add(key)
        editions = example["editions"]
        assert editions[0] == DOCUMENT_EDITION[document(example)], example
        assert editions[-1] == "rfc3986"
        assert set(editions) <= set(EDITION_IDS)
        assert set(example.get("overrides", {})) <= set(editions)
        assert "path" in example["components"], example  # the path is never undefined


def test_every_document_has_examples() -> None:
    counts: dict[str, int] = {}
    for example in EXAMPLES:
        counts[document(example)] = counts.get(document(example), 0) + 1
    assert set(counts) == set(DOCUMENT_EDITION)
    assert all(n >= 5 for n in counts.values()), counts


# --- each example under its editions -----------------------------------------------------


@pytest.mark.parametrize(("example", "edition"), list(_cases()))
def test_example(example: dict[str, Any], edition: str) -> None:
    text: str = example["text"]
    url = parse(text, edition)
    got = {name: getattr(url, name) for name in COMPONENTS}
    assert got == expected_components(example, edition), example.get("note")
    assert url.recompose() == text
    errors = sorted(d.code for d in url.errors)
    assert errors == sorted(example.get("scheme_errors", [])), url.errors
    for d in url.errors:
        assert d.category == "scheme", d
    if text.startswith("<") and text.endswith(">"):
        assert url.spans.uri == (
            text.index(":") + 1 if text.startswith("<URL:") else 1,
            len(text) - 1,
        )
        assert [d.code for d in url.diagnostics if d.category == "wrapper"] == ["wrapper"]


@pytest.mark.parametrize(
    ("example", "edition"),
    [p for p in _cases() if p.values[1] in ("rfc3986", "rfc2396bis-2003", "url-syntax-1997")],
)
def test_appendix_b_oracle(example: dict[str, Any], edition: str) -> None:
    """URL syntax draft 1997 / RFC 2396bis draft 2003 appendix B: the regular expression gives the
    same five components."""
    url = parse(example["text"], edition)
    start, end = url.uri_span
    m = APPENDIX_B.match(example["text"][start:end])
    assert m is not None
    assert (url.scheme, url.authority, url.path, url.query, url.fragment) == (
        m.group(2),
        m.group(4),
        m.group(5),
        m.group(7),
        m.group(9),
    )


# --- the table against the texts ------------------------------------------------------------


# URL-like strings in the texts that are not examples of a URL, each with the reason.
NOT_EXAMPLES: dict[str, str] = {
    "http://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.3)",
    "ftp://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.2)",
    "gopher://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.4)",
    "telnet://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.8)",
    "wais://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.9)",
    "file://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.10)",
    "prospero://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.11)",
    "nntp://": "a layout whose <placeholders> the copy lost (RFC 1738 §3.7)",
    "mailto:": "a layout whose <placeholders> the copy lost (RFC 1738 §3.5, URL draft 1993)",
    "news:": "a layout whose <placeholders> the copy lost (RFC 1738 §3.6, URL draft 1993)",
    "nntp:": "prose: 'nntp: URLs' (RFC 1738 §3.7)",
    "wais:": "prose: 'prefixed by \"wais:\"' (URL draft 1993, WAIS)",
    "ftp:": "prose: 'The ftp: prefix' (URL draft 1993, FTP)",
    "http:": "prose (URL syntax draft 1997 §5.2 'http:' loophole) or the C.2 result 'http:' (in "
    "the "
    "table)",
    "urn:": "prose: 'The scheme name \"urn:\" is reserved' (URL draft 1993)",
    "example:": "prose: 'For example:' (URL syntax draft 1997, RFC 2396bis draft 2003, "
    "URL draft 1993)",
    "ftp://ds.inter": "RFC 1738 references [16]: the rest of the URL is lost in the copy",
    "ftp://quake.think.": "RFC 1738 references [10]: broken across a line (in the table, joined)",
    "http://ds.internic.": "RFC 1738 appendix: broken across a line (in the table, joined)",
    "ftp://ds.internic.": "URL syntax draft 1997 appendix E: broken across a line (in the table, "
    "joined)",
    "ftp://myname": "RFC 1738 summary (zh) §3.2.2: 'ftp://myname @host.dom' has a stray space (in "
    "the table, joined)",
    "http://www.ietf.org/ietf/1id-abstracts.txt.": "RFC 2396bis draft 2003 status: sentence-final "
    "'.' (in the table)",
    "http://www.ietf.org/shadow.html.": "RFC 2396bis draft 2003 status: sentence-final '.' (in the "
    "table)",
    "news:形式成为标志新闻文章的首选方法": "RFC 1738 summary (zh) prose: 'the news: form ...' run "
    "into Chinese text",
    "nntp:URL指定了文章资源的一个唯一的位置": "RFC 1738 summary (zh) prose: 'nntp: URLs' run into "
    "Chinese text",
}

_URLISH = re.compile(
    r"(?<![A-Za-z0-9+.-])(?:ftp|http|https|gopher|mailto|news|nntp|telnet|wais|file|prospero"
    r"|example|eXAMPLE|urn|ldap|tel):[^\s<>\"，。、]*"
)


def _spec_text(doc: str) -> str:
    return spec_text(doc)


def _unwrapped(text: str) -> str:
    if text.startswith("<URL:") and text.endswith(">"):
        return text[5:-1]
    if text.startswith("<") and text.endswith(">"):
        return text[1:-1]
    return text


@pytest.mark.parametrize("example", [e for e in EXAMPLES if document(e) != "RFC 3986"])
def test_example_is_in_its_text(example: dict[str, Any]) -> None:
    source: str = example["source"]
    if "restored" in source or "line break removed" in source:
        return  # the copy lost or broke it; the source says from where it comes
    doc = document(example)
    texts = _spec_text(doc) + (_spec_text("RFC 1738 summary (zh)") if doc == "RFC 1738" else "")
    assert _unwrapped(example["text"]) in texts


@pytest.mark.parametrize("doc", sorted(SPEC_FILES))
def test_every_url_of_the_text_is_in_the_table(doc: str) -> None:
    known = {_unwrapped(e["text"]) for e in EXAMPLES}
    missing = []
    for m in _URLISH.finditer(_spec_text(doc)):
        found = m.group().rstrip(";,)")
        if found in known or found in NOT_EXAMPLES or found.rstrip(".") in known:
            continue
        if any(found.startswith(k) and len(k) > 12 for k in NOT_EXAMPLES):
            continue
        missing.append(found)
    assert not missing, f"URLs of {doc} not in spec_examples.json: {missing}"
