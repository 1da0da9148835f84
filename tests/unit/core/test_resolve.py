"""Reference resolution under every edition, with its trace.

* the tables of the texts, each against its own edition: URL syntax draft 1997 and
  RFC 2396bis draft 2003 appendix C, RFC 3986 §5.4 (normal and abnormal; strict and non-strict),
  RFC 1808 §5 (which the rfc1738 edition uses), from ``tests/data/resolve/``; and, when the spec
  texts are at hand, a check that the URL syntax draft 1997 / RFC 2396bis draft 2003 tables hold
  every line of their appendix C exactly;
* the trace: RFC 3986 §5.2.4's own two tables step by step, and every quoted rule of
  URL syntax draft 1997, RFC 2396bis draft 2003 and URL draft 1993 found word for word in its text;
* each edition's choices where the texts differ (the query in URL syntax draft 1997's buffer, ".."
  above the root, the non-strict reading, RFC 1808's parameters, URL draft 1993's partial form);
* Hypothesis: resolution never raises for an absolute base and any reference; the
  trace-off route (lean for rfc3986) gives what the traced route gives;
  remove_dot_segments agrees with §5.2.4's two buffers; the stack used for
  "<segment>/../" agrees with removing the leftmost match again and again; an rfc3986
  target has no dot segment in its path; the split is the core parser's;
* a differential test against ``urllib.parse.urljoin`` on inputs where RFC 3986 and
  urljoin agree, and the known divergences, each with its reason.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from urlinspector.core import EDITION_IDS, UnknownEditionError, URLInspectorError, parse
from urlinspector.core.documents import cited_document
from urlinspector.core.grammar import APPENDIX_B

# the module, even where ``urlinspector.core`` re-exports the function under its name
from urlinspector.core.resolution import (
    CURRENT_DOCUMENT,
    BaseNotAbsoluteError,
    Resolution,
    Step,
    _unwrapped,
    common,
    draft1993,
    draft2003,
    remove_dot_segments,
    resolve,
)
from urlinspector.core.resolution import trace as trace_module
from urlinspector.data import spec_text

DATA = Path(__file__).resolve().parents[2] / "data" / "resolve"
TABLES: dict[str, dict[str, Any]] = {
    path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(DATA.glob("*.json"))
}
BASE = "http://a/b/c/d;p?q"


def _rows() -> list[Any]:
    rows = []
    for name, table in TABLES.items():
        for e in table["examples"]:
            strict = e.get("strict", True)
            rows.append(
                pytest.param(
                    table["edition"],
                    table["base"],
                    e,
                    id=f"{name}:{e.get('printed', e['reference']) or '<>'}"
                    + ("" if strict else ":non-strict"),
                )
            )
    return rows


# --- the tables of the texts --------------------------------------------------------------


def test_every_table_is_there() -> None:
    assert set(TABLES) == {"001_appendix_c", "002_appendix_c", "rfc3986_5.4", "rfc1808_5"}
    assert {t["edition"] for t in TABLES.values()} == {
        "url-syntax-1997",
        "rfc2396bis-2003",
        "rfc3986",
        "rfc1738",
    }
    counts = {name: len(t["examples"]) for name, t in TABLES.items()}
    # URL syntax draft 1997: 22 normal + 22 abnormal; RFC 2396bis draft 2003: 22 + 20 (+1 second
    # reading of http:g); RFC 3986: 23 + 18 (+ http:g strict and non-strict); RFC 1808: 24 + 15
    assert counts == {
        "001_appendix_c": 44,
        "002_appendix_c": 43,
        "rfc3986_5.4": 43,
        "rfc1808_5": 39,
    }


@pytest.mark.parametrize(("edition", "base", "example"), _rows())
@pytest.mark.parametrize("trace", [True, False], ids=["trace", "no-trace"])
def test_table(edition: str, base: str, example: dict[str, Any], trace: bool) -> None:
    strict = example.get("strict", True)
    r = resolve(base, example["reference"], edition, strict, trace=trace)
    expected = example["target"]
    if expected.startswith(CURRENT_DOCUMENT):
        assert r.same_document
        assert r.display == expected
        # the current document is the base's, with the reference's fragment
        _, _, fragment = expected.partition("#")
        assert r.target == base.partition("#")[0] + ("#" + fragment if "#" in expected else "")
    else:
        assert r.target == expected
        assert r.display == expected or r.same_document
    assert r.edition == edition
    assert r.strict is strict
    assert (r.steps != ()) is trace
    if "printed_target" in example:  # printed as what some parsers "inappropriately" do
        assert r.target != example["printed_target"]


def _normal(text: str) -> str:
    text = re.sub(
        r"Berners-Lee, et al\. Expires \S+ \d+, \d+ \[Page \d+\] Internet-Draft URI Generic "
        r"Syntax March 2003",
        " ",
        text,
    )
    return " ".join(text.split())


def _spec(doc: str) -> str:
    return _normal(spec_text(doc))


@pytest.mark.parametrize(
    ("doc", "table", "start", "end"),
    [
        (
            "URL syntax draft 1997",
            "001_appendix_c",
            "C. Examples of Resolving Relative URL References",
            "D. Embedding",
        ),
        (
            "RFC 2396bis draft 2003",
            "002_appendix_c",
            "C. Examples of Resolving Relative URI References Within",
            "Appendix D.",
        ),
    ],
)
def test_appendix_c_tables_are_the_texts(doc: str, table: str, start: str, end: str) -> None:
    """The table holds every "reference = target" line of appendix C, in order, as printed."""
    text = _spec(doc)
    i = text.index(start, text.index("Appendices") if doc == "URL syntax draft 1997" else 0)
    appendix = text[i : text.index(end, i)]
    printed = re.findall(r"(\S+) = (\(current document\)(?:#\S+)?|\S+)", appendix)
    rows = []
    for e in TABLES[table]["examples"]:
        if e.get("strict", True) is False:
            continue  # the second reading of the same line
        rows.append(
            (
                e.get("printed", e["reference"]) if e["reference"] == "" else e["reference"],
                e.get("printed_target", e["target"]),
            )
        )
    assert rows == printed
    assert TABLES[table]["base"] in appendix
    if doc == "RFC 2396bis draft 2003":
        assert "http:g = http:g ; for validating parsers / http://a/b/c/g ; for backwards" in text


# --- the trace -----------------------------------------------------------------------------


def _rds_rows(r: Resolution) -> list[tuple[str, str | None, str | None]]:
    return [
        (s.label, dict(s.values).get("output buffer"), dict(s.values).get("input buffer"))
        for s in r.steps
        if s.citation.startswith("RFC 3986 §5.2.4 step") and s.label != "3"
    ]


def test_trace_reproduces_rfc3986_5_2_4_first_table() -> None:
    r = resolve("http://x", "/a/b/c/./../../g")
    assert _rds_rows(r) == [
        ("1", "", "/a/b/c/./../../g"),
        ("2E", "/a", "/b/c/./../../g"),
        ("2E", "/a/b", "/c/./../../g"),
        ("2E", "/a/b/c", "/./../../g"),
        ("2B", "/a/b/c", "/../../g"),
        ("2C", "/a/b", "/../g"),
        ("2C", "/a", "/g"),
        ("2E", "/a/g", ""),
    ]
    assert r.target == "http://x/a/g"


def test_trace_reproduces_rfc3986_5_2_4_second_table() -> None:
    # a base without authority and with an empty path: merge gives the reference's path
    r = resolve("foo:", "mid/content=5/../6")
    assert _rds_rows(r) == [
        ("1", "", "mid/content=5/../6"),
        ("2E", "mid", "/content=5/../6"),
        ("2E", "mid/content=5", "/../6"),
        ("2C", "mid", "/6"),
        ("2E", "mid/6", ""),
    ]
    assert r.target == "foo:mid/6"


def test_rfc3986_trace_names_the_pseudocode_and_its_values() -> None:
    r = resolve(BASE, "../g?y#s")
    labels = [s.label for s in r.steps]
    assert labels[:3] == ["base", "parse", "relative-path"]
    assert labels[3] == "merge"
    assert labels[-2:] == ["fragment", "recompose"]
    parse_step = r.steps[1]
    assert parse_step.values == (
        ("R.scheme", None),
        ("R.authority", None),
        ("R.path", "../g"),
        ("R.query", "y"),
        ("R.fragment", "s"),
    )
    branch = r.steps[2]
    assert "T.path = merge(Base.path, R.path);" in branch.rule
    assert dict(branch.values) == {
        "T.scheme": "http",
        "T.authority": "a",
        "T.path": "/b/g",
        "T.query": "y",
    }
    assert r.steps[3].values == (("merged path", "/b/c/../g"),)
    assert r.steps[-1].values == (("result", "http://a/b/g?y#s"),)
    assert all(s.citation.startswith("RFC 3986 §5") for s in r.steps)


def test_step_and_resolution_are_frozen_and_serialise() -> None:
    r = resolve(BASE, "g")
    with pytest.raises(AttributeError):
        r.target = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        r.steps[0].rule = "x"  # type: ignore[misc]
    data = json.loads(json.dumps(r.to_dict()))
    assert data["target"] == "http://a/b/c/g"
    assert data["display"] == "http://a/b/c/g"
    assert data["same_document"] is False
    assert data["steps"][1]["values"][2] == {"name": "R.path", "value": "g"}
    assert set(data) == {
        "base",
        "reference",
        "edition",
        "strict",
        "target",
        "display",
        "same_document",
        "steps",
        "notes",
    }
    assert isinstance(r.steps[0], Step)


_QUOTED_DOCS = {
    "url-syntax-1997": "URL syntax draft 1997",
    "rfc2396bis-2003": "RFC 2396bis draft 2003",
    "url-1993": "URL draft 1993",
}
_TRACE_REFERENCES = [
    "",
    "#s",
    "g",
    "./g",
    "../g",
    "../../../g",
    ".",
    "..",
    "?y",
    "g?y/../x",
    "//g",
    "/./g",
    "g:h",
    "http:g",
    "g;x?y#s",
]


@pytest.mark.parametrize("edition", list(_QUOTED_DOCS))
def test_every_quoted_rule_is_in_its_text(edition: str) -> None:
    """Step.rule quotes the text: each piece between "..." is in the spec file, word for
    word (whitespace aside).  RFC 2396bis draft 2003's copy lost "<segment>" with its other
    placeholders."""
    texts = {
        doc: _spec(doc)
        for doc in ("URL syntax draft 1997", "RFC 2396bis draft 2003", "URL draft 1993")
    }
    checked = 0
    for base in (BASE, "http://a/b#f", "http://a"):
        for ref in _TRACE_REFERENCES:
            for strict in (True, False):
                for step in resolve(base, ref, edition, strict).steps:
                    cited = cited_document(step.citation)  # the text it quotes
                    doc = cited.name if cited is not None else step.citation[:3]
                    assert doc in texts, step.citation
                    rule = (
                        step.rule.replace("<segment>", "")
                        if doc == "RFC 2396bis draft 2003"
                        else step.rule
                    )
                    for piece in rule.split("..."):
                        piece = " ".join(piece.split())
                        if piece:
                            assert piece in texts[doc], (step.label, piece)
                            checked += 1
    assert checked > 300


def _cites(text: str) -> bool:
    """*text* starts with a citation: a known document's name, or a seed id."""
    return cited_document(text) is not None or re.match(r"00\d ", text) is not None


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_every_step_has_a_rule_a_citation_and_values(edition: str) -> None:
    for ref in _TRACE_REFERENCES:
        r = resolve(BASE, ref, edition)
        assert r.steps
        for s in r.steps:
            assert s.rule.strip()
            assert s.label
            assert _cites(s.citation), s.citation
            for name, value in s.values:
                assert name
                assert value is None or isinstance(value, str)
        # the last step shows the result (or the current document's fragment)
        final = dict(r.steps[-1].values)
        if not r.same_document:
            assert final.get("result") == r.target


# --- the editions, where the texts differ ---------------------------------------------------


# reference, then its target under each edition in EDITION_IDS order (rfc3986,
# rfc2396bis-2003, url-syntax-1997, rfc1738, url-1993); "/..." is "http://a/..."
WHERE_THEY_DIFFER = [
    # the query is in URL syntax draft 1997's buffer (and URL draft 1993's partial URL) before the
    # dots go
    ("g?y/./x", "/b/c/g?y/./x", "/b/c/g?y/./x", "/b/c/g?y/x", "/b/c/g?y/./x", "/b/c/g?y/x"),
    ("?y", "/b/c/d;p?y", "/b/c/d;p?y", "/b/c/?y", "/b/c/d;p?y", "/b/c/?y"),
    # ".." above the root: kept by URL syntax draft 1997, RFC 2396bis draft 2003 (merge step 7),
    # RFC 1808 and URL draft 1993
    ("../../../g", "/g", "/../g", "/../g", "/../g", "/../g"),
    # dot segments of an absolute-path reference: removed by RFC 3986 only
    ("/./g", "/g", "/./g", "/./g", "/./g", "/./g"),
    # RFC 1808: parameters are no part of the path
    (";x", "/b/c/;x", "/b/c/;x", "/b/c/;x", "/b/c/d;x", "/b/c/;x"),
    ("g;x=1/../y", "/b/c/y", "/b/c/y", "/b/c/y", "/b/c/g;x=1/../y", "/b/c/y"),
    # URL draft 1993: "xxx/.." and "/." go with the "/" that joins them
    (".", "/b/c/", "/b/c/", "/b/c/", "/b/c/", "/b/c"),
    ("..", "/b/", "/b/", "/b/", "/b/", "/b"),
    # and where they agree
    ("../g", "/b/g", "/b/g", "/b/g", "/b/g", "/b/g"),
    ("g:h", "g:h", "g:h", "g:h", "g:h", "g:h"),
    ("//g", "http://g", "http://g", "http://g", "http://g", "http://g"),
]


@pytest.mark.parametrize("row", WHERE_THEY_DIFFER, ids=[r[0] for r in WHERE_THEY_DIFFER])
def test_where_the_editions_differ(row: tuple[str, ...]) -> None:
    reference, *targets = row
    expected = {
        e: "http://a" + t if t.startswith("/") else t
        for e, t in zip(EDITION_IDS, targets, strict=True)
    }
    assert {e: resolve(BASE, reference, e).target for e in EDITION_IDS} == expected


def test_1997_query_merge_is_noted() -> None:
    r = resolve(BASE, "g?y/../x", "url-syntax-1997")
    assert r.target == "http://a/b/c/x"
    assert any("step 6c" in n for n in r.notes)
    assert [s.label for s in r.steps if s.label.startswith("6")] == [
        "6",
        "6a",
        "6b",
        "6c",
        "6d",
        "6e",
        "6f",
        "6g",
        "6h",
        "6i",
    ]
    buffers = {s.label: dict(s.values).get("buffer") for s in r.steps}
    assert buffers["6c"] == "/b/c/g?y/../x"
    assert buffers["6f"] == "/b/c/x"


def test_1997_joins_site_and_relative_path_of_an_empty_base_path() -> None:
    # URL syntax draft 1997 step 6a copies nothing from an empty path and step 7 adds no "/";
    # RFC 2396bis draft 2003 fixed it
    r = resolve("http://a", "g", "url-syntax-1997")
    assert r.target == "http://ag"
    assert any("RFC 2396bis draft 2003 §5.2 merge step 1" in n for n in r.notes)
    assert resolve("http://a", "g", "rfc2396bis-2003").target == "http://a/g"
    assert resolve("http://a", "g").target == "http://a/g"


def test_2003_step_7_keeps_dotdot_above_the_root_and_says_so() -> None:
    r = resolve(BASE, "../../../../g", "rfc2396bis-2003")
    assert r.target == "http://a/../../g"
    assert any("merge step 7" in n for n in r.notes)
    step7 = [s for s in r.steps if s.label == "merge 7"]
    assert step7
    assert step7[0].values == (("buffer", "/../../g"),)
    assert "retaining these components" in step7[0].rule
    # a reference that stays below the root has no step 7 and no note
    r = resolve(BASE, "../g", "rfc2396bis-2003")
    assert not [s for s in r.steps if s.label == "merge 7"]
    assert not r.notes


def test_2003_merge_5_shows_each_leftmost_removal() -> None:
    r = resolve(BASE, "x/y/../../z/../g", "rfc2396bis-2003")
    removals = [dict(s.values)["buffer"] for s in r.steps if s.label == "merge 5"]
    assert removals == ["/b/c/x/../z/../g", "/b/c/z/../g", "/b/c/g"]
    assert r.target == "http://a/b/c/g"


def test_rfc3986_notes_dotdot_above_the_root() -> None:
    r = resolve(BASE, "../../../g")
    assert r.target == "http://a/g"
    assert any("step 2C" in n for n in r.notes)
    assert r.notes == resolve(BASE, "../../../g", trace=False).notes
    assert not resolve(BASE, "../g").notes


@pytest.mark.parametrize("edition", ["rfc3986", "rfc2396bis-2003"])
def test_non_strict_drops_a_scheme_equal_to_the_bases(edition: str) -> None:
    strict = resolve(BASE, "http:g", edition)
    loose = resolve(BASE, "http:g", edition, strict=False)
    assert strict.target == "http:g"
    assert loose.target == "http://a/b/c/g"
    assert not strict.notes
    assert loose.notes
    dropped = [s for s in loose.steps if dict(s.values) == {"R.scheme": None}]
    assert len(dropped) == 1
    # schemes are case-insensitive; a different scheme is never dropped
    assert resolve(BASE, "HTTP:g", edition, strict=False).target == "http://a/b/c/g"
    assert resolve(BASE, "https:g", edition, strict=False).target == "https:g"
    # "http:" alone then refers to the current document
    assert resolve(BASE, "http:", edition, strict=False).same_document


@pytest.mark.parametrize("edition", ["url-syntax-1997", "rfc1738", "url-1993"])
def test_editions_without_a_non_strict_reading_say_so(edition: str) -> None:
    r = resolve(BASE, "http:g", edition, strict=False)
    assert r.target == "http:g"
    assert any("non-strict" in n or "loophole" in n for n in r.notes)


def test_rfc1738_uses_rfc1808_and_says_so() -> None:
    r = resolve(BASE, "g", "rfc1738")
    assert any("RFC 1808" in n and "RFC 1738" in n for n in r.notes)
    assert all(s.citation.startswith("RFC 1808") for s in r.steps)
    # 1808 §2.4: the <net_loc> runs to the next "/" only, a "?" included
    assert resolve(BASE, "//g?y", "rfc1738").target == "http://g?y"
    # 1808 step 3: an empty <net_loc> is inherited
    assert resolve(BASE, "///g", "rfc1738").target == "http://a/g"
    assert resolve(BASE, "///g").target == "http:///g"
    # "Fragment identifiers are only inherited from the base URL when the entire
    # embedded URL is empty"
    assert resolve(BASE + "#f", "", "rfc1738").target == BASE + "#f"
    assert resolve(BASE + "#f", "?y", "rfc1738").target == "http://a/b/c/d;p?y"
    # a base with a <net_loc> and an empty path: the abs_path of net_path gets its "/"
    assert resolve("http://a", "g", "rfc1738").target == "http://a/g"


def test_1993_partial_form() -> None:
    def t(ref: str, base: str = BASE) -> str:
        return resolve(base, ref, "url-1993").display

    assert t("g") == "http://a/b/c/g"
    assert t("g?y/./x") == "http://a/b/c/g?y/x"  # the search is part of the partial URL
    assert t("g#s/../x") == "http://a/b/c/g#s/../x"  # the fragment-id is not
    assert t("./g/.") == "http://a/b/c/g"
    assert t("../..") == "http://a/"
    assert t("/g") == "http://a/g"
    assert t("#s") == "(current document)#s"
    # "a full form must have a colon and that colon must occur before any slash"
    assert t("g:h") == "g:h"
    assert t("./g:h") == "http://a/b/c/g:h"
    # the "/" after the host separates; an empty base path still gets it
    assert t("g", "http://a") == "http://a/g"
    assert t("g", "news:comp.infosystems") == "news:g"
    r = resolve(BASE, "x/../g", "url-1993")
    assert [dict(s.values)["buffer"] for s in r.steps if s.label == "remove"] == ["b/c/g"]


# --- same-document references ------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("reference", ["", "#", "#s", "#s/../x"])
def test_same_document_references(edition: str, reference: str) -> None:
    r = resolve(BASE + "#f", reference, edition)
    assert r.same_document
    assert r.display.startswith(CURRENT_DOCUMENT)
    assert r.display.endswith(reference)
    if reference or edition != "rfc1738":
        assert r.target == BASE + reference
    else:  # RFC 1808 step 2a: the entire base URL, its fragment included
        assert r.target == BASE + "#f"


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("reference", ["g", "?y", "g#s", "//a/b/c/d;p?q", "./"])
def test_other_references_are_not_same_document(edition: str, reference: str) -> None:
    r = resolve(BASE, reference, edition)
    assert not r.same_document
    assert r.display == r.target


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("base", ["a/b", "", "/a/b", "//host/p", "?q", "#f"])
@pytest.mark.parametrize("trace", [True, False])
def test_a_base_that_is_not_absolute_is_a_clear_error(edition: str, base: str, trace: bool) -> None:
    with pytest.raises(BaseNotAbsoluteError) as info:
        resolve(base, "g", edition, trace=trace)
    err = info.value
    assert isinstance(err, URLInspectorError)
    assert isinstance(err, ValueError)
    assert err.base == base
    assert err.edition == edition
    message = str(err)
    assert message.startswith(f"the base {base!r} is not absolute: ")
    assert "\n" not in message
    assert err.citation in message
    assert any(_cites(part) for part in message.split("(")[1:]), message


def test_base_error_message_example() -> None:
    with pytest.raises(
        BaseNotAbsoluteError,
        match=re.escape("the base 'a/b' is not absolute: it has no scheme (RFC 3986 §5.1)"),
    ):
        resolve("a/b", "g")


def test_unknown_edition() -> None:
    with pytest.raises(UnknownEditionError, match="rfc3986"):
        resolve(BASE, "g", "rfc9999")
    with pytest.raises(UnknownEditionError):
        resolve(BASE, "g", "rfc9999", trace=False)


@pytest.mark.parametrize("trace", [True, False])
def test_wrong_types_are_a_type_error(trace: bool) -> None:
    with pytest.raises(TypeError, match="base as str"):
        resolve(b"http://a/", "g", trace=trace)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reference as str"):
        resolve("http://a/", None, trace=trace)  # type: ignore[arg-type]


def test_an_edition_object_is_accepted() -> None:
    from urlinspector.core import get_edition

    r = resolve(BASE, "g?y/./x", get_edition("url-syntax-1997"), trace=False)
    assert r.edition == "url-syntax-1997"
    assert r.target == "http://a/b/c/g?y/x"


# --- remove_dot_segments -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/a/b/c/./../../g", "/a/g"),  # RFC 3986 §5.2.4, first table
        ("mid/content=5/../6", "mid/6"),  # second table
        ("", ""),
        ("/", "/"),
        (".", ""),
        ("..", ""),
        ("/.", "/"),
        ("/..", "/"),
        ("/a/..", "/"),
        ("/a/b/..", "/a/"),
        ("/a/b/.", "/a/b/"),
        ("a/..", "/"),  # 2E moves "a", 2C leaves "/": the algorithm as written
        ("../a", "a"),
        ("./a", "a"),
        ("/a//../b", "/a/b"),
        ("/a/.b/..c/", "/a/.b/..c/"),
        ("/%2E/", "/%2E/"),  # escaped dots are not dot segments
    ],
)
def test_remove_dot_segments(path: str, expected: str) -> None:
    assert remove_dot_segments(path) == expected


def _rds_literal(path: str) -> str:
    """RFC 3986 §5.2.4 step 2 exactly as written, with two string buffers."""
    inp, out = path, ""
    while inp:
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        elif inp.startswith("/./"):
            inp = "/" + inp[3:]
        elif inp == "/.":
            inp = "/"
        elif inp.startswith("/../") or inp == "/..":
            inp = "/" + inp[4:]
            out = out[: out.rfind("/")] if "/" in out else ""
        elif inp in (".", ".."):
            inp = ""
        else:
            end = inp.find("/", 1 if inp.startswith("/") else 0)
            end = len(inp) if end < 0 else end
            out, inp = out + inp[:end], inp[end:]
    return out


_PATH_PIECES = st.sampled_from(["/", ".", "..", "a", "b", "", "//", "./", "../", "/.", "%2e"])
_paths = st.lists(_PATH_PIECES, max_size=12).map("".join) | st.text(max_size=30)


@given(_paths)
@example("/a/b/c/./../../g")
@example("a/../..")
def test_remove_dot_segments_is_the_two_buffers_of_5_2_4(path: str) -> None:
    assert remove_dot_segments(path) == _rds_literal(path)


# --- the stacks agree with the texts' repeated leftmost removals ------------------------------


def _leftmost_segment_dotdot(buffer: str) -> str:
    """URL syntax draft 1997 step 6f / RFC 2396bis draft 2003 merge step 5 by the letter: find the
    leftmost "<segment>/../" (a complete segment, not "..", not the nothing before a leading "/"),
    remove it, start again."""
    while True:
        start = 1 if buffer.startswith("/") else 0
        pos, found = start, None
        while True:
            slash = buffer.find("/", pos)
            if slash < 0:
                break
            if buffer[pos:slash] != ".." and buffer.startswith("../", slash + 1):
                found = (pos, slash + 4)
                break
            pos = slash + 1
        if found is None:
            return buffer
        buffer = buffer[: found[0]] + buffer[found[1] :]


_SEGMENTS = st.lists(st.sampled_from(["a", "b?c", "", "..", ".."]), min_size=1, max_size=10)


@given(_SEGMENTS, st.booleans())
@example(["a", "..", "", "..", "a"], False)  # the removal leaves a buffer that begins with "/"
def test_segment_dotdot_stack_is_the_leftmost_removal(segments: list[str], root: bool) -> None:
    buffer = ("/" if root else "") + "/".join(segments)
    trace = trace_module._Trace(True)
    got = draft2003._remove_segment_dotdot(buffer, trace, "5", "rule", "cite", "buffer")
    assert got == _leftmost_segment_dotdot(buffer)
    assert dict(trace.steps[-1].values)["buffer"] == got


def _leftmost_1993(buffer: str) -> str:
    """URL draft 1993 by the letter, as this project reads it: find the leftmost "/." or "xxx/.."
    (complete elements; xxx neither "." nor ".." nor the nothing before a leading "/"),
    remove those elements, start again.  A "." that opens the buffer counts as "/.":
    the path follows the "/" that separates it from the host."""
    while True:
        elements = buffer.split("/")
        found = None
        for k in range(len(elements)):
            if elements[k] == ".":
                found = (k, k + 1)
                break
            if (
                k >= 1
                and elements[k] == ".."
                and elements[k - 1] not in (".", "..")
                and not (k == 1 and elements[0] == "")
            ):
                found = (k - 1, k + 1)
                break
        if found is None:
            return buffer
        buffer = "/".join(elements[: found[0]] + elements[found[1] :])


@given(st.lists(st.sampled_from(["a", "", ".", "..", "b?c"]), min_size=1, max_size=10))
@example(["a", "..", "", "..", "g"])
@example(["a", "..", "."])
@example([".", "a", ".", "b", "..", "c"])
def test_1993_element_stack_is_the_leftmost_removal(elements: list[str]) -> None:
    buffer = "/".join(elements)
    trace = trace_module._Trace(True)
    got = draft1993._remove_elements_1993(buffer, trace)
    assert got == _leftmost_1993(buffer)
    assert dict(trace.steps[-1].values)["buffer"] == got


# --- properties over any input ------------------------------------------------------------

_schemes = st.from_regex(r"[A-Za-z][A-Za-z0-9+.\-]{0,6}", fullmatch=True)
_URL_PIECES = st.sampled_from(
    ["/", "//", "?", "#", ":", ";", ".", "..", "../", "./", "a", "b", "@", "%2e", "[", "]"]
)
_url_text = st.lists(_URL_PIECES, max_size=10).map("".join) | st.text(max_size=20)
_bases = st.builds(lambda s, rest: f"{s}:{rest}", _schemes, _url_text)
_references = _url_text | st.text()


@given(_bases, _references, st.sampled_from(EDITION_IDS), st.booleans())
@example("http://a/b/c/d;p?q", "g?y/../x", "url-syntax-1997", True)
@example("foo:/a", "/..//g", "rfc3986", True)
@example("http://a", "", "rfc1738", False)
def test_resolution_never_raises_and_trace_changes_nothing(
    base: str, reference: str, edition: str, strict: bool
) -> None:
    traced = resolve(base, reference, edition, strict)
    plain = resolve(base, reference, edition, strict, trace=False)
    assert isinstance(traced.target, str)
    assert traced.steps
    assert plain.steps == ()
    assert (plain.target, plain.same_document, plain.notes) == (
        traced.target,
        traced.same_document,
        traced.notes,
    )
    assert (plain.base, plain.reference, plain.edition, plain.strict) == (
        base,
        reference,
        edition,
        strict,
    )
    inner = _unwrapped(reference)  # (a wrapper is not part of the reference)
    assert traced.same_document == (inner == "" or inner.startswith("#")) or (
        not strict and traced.same_document
    )


def _dot_free_segment() -> st.SearchStrategy[str]:
    return st.text(max_size=4).filter(lambda s: "/" not in s and s not in (".", ".."))


_dot_free_bases = st.builds(
    lambda s, a, segs, q: f"{s}:{a}{''.join('/' + x for x in segs)}{q}",
    _schemes,
    st.sampled_from(["", "//a", "//h:1", "//"]),
    st.lists(_dot_free_segment().filter(lambda s: not any(c in s for c in "?#")), max_size=4),
    st.sampled_from(["", "?q", "?"]),
)


@given(_dot_free_bases, _references, st.booleans())
@example("http://a/b/c/d;p?q", "../../../../g", True)
@example("foo:", "a/..", True)
def test_rfc3986_target_path_has_no_dot_segments(base: str, reference: str, strict: bool) -> None:
    r = resolve(base, reference, "rfc3986", strict, trace=False)
    path = APPENDIX_B.match(r.target).group(5)  # type: ignore[union-attr]
    assert "." not in path.split("/")
    assert ".." not in path.split("/")


@given(_references)
@example("<URL:http://a/b>")
@example("http://[::1]:80/p?q#f")
def test_the_split_is_the_core_parsers(text: str) -> None:
    """Resolution splits a reference by RFC 3986 appendix B; so does ``parse`` (where no
    ``<URL:...>`` wrapper is stripped first)."""
    url = parse(text)
    if url.has_wrapper:
        return
    split = common._split_generic(text)
    assert split == (
        url.scheme,
        url.authority,
        url.path,
        url.query,
        url.fragment,
    )


# --- differential: urllib.parse.urljoin --------------------------------------------------

# Where RFC 3986 and urljoin agree: hierarchical http/https/ftp bases without empty
# segments, dot segments, ";" or a fragment; references built of plain segments,
# "." and "..", non-empty queries and fragments, network paths and absolute URLs
# without dot segments.  Everything else urljoin reads differently; see below.
_plain = st.from_regex(r"[A-Za-z0-9_~!$&'()*+,=-]{1,5}", fullmatch=True).filter(
    lambda s: s not in (".", "..")
)
_hosts = st.from_regex(r"[a-z][a-z0-9.-]{0,8}(:[0-9]{1,4})?", fullmatch=True)
_web_bases = st.builds(
    lambda s, h, segs, slash, q: f"{s}://{h}{''.join('/' + x for x in segs)}{slash}{q}",
    st.sampled_from(["http", "https", "ftp"]),
    _hosts,
    st.lists(_plain, max_size=4),
    st.sampled_from(["", "/"]),
    st.sampled_from(["", "?q=1", "?x"]),
)
_rel_segments = st.lists(st.sampled_from(["a", "g", "x-y", ".", "..", "h~"]) | _plain, max_size=6)
_suffix = st.builds(
    lambda q, f: q + f,
    st.sampled_from(["", "?y", "?a=b&c=d"]),
    st.sampled_from(["", "#s", "#frag"]),
)
_agreeing_references = (
    st.builds(lambda segs, slash, sfx: "/".join(segs) + slash + sfx,
              _rel_segments, st.sampled_from(["", "/"]), _suffix)
    | st.builds(lambda segs, sfx: "/" + "/".join(segs) + sfx, _rel_segments, _suffix)
    | st.builds(lambda h, segs, sfx: f"//{h}" + "".join("/" + s for s in segs) + sfx,
                _hosts, st.lists(_plain, max_size=3), _suffix)
    | st.builds(lambda sc, h, segs, sfx: f"{sc}://{h}" + "".join("/" + s for s in segs) + sfx,
                st.sampled_from(["http", "https", "ftp"]), _hosts, st.lists(_plain, max_size=3),
                _suffix)
)  # fmt: skip


@given(_web_bases, _agreeing_references)
@example("http://a/b/c/d;p?q".replace(";p", ""), "../../../g")
@example("http://a", "g")
@example("http://a/b/c/d", ".")
def test_differential_against_urljoin(base: str, reference: str) -> None:
    assert resolve(base, reference, trace=False).target == urljoin(base, reference)


# (base, reference, RFC 3986 target, urljoin's result, why they differ)
KNOWN_DIVERGENCES = [
    (BASE, "?", "http://a/b/c/d;p?", "http://a/b/c/d;p?q",
     "an empty query is defined (RFC 3986 §5.2.2: T.query = R.query); urljoin treats an "
     "empty query as none and inherits the base's"),
    (BASE, "#", "http://a/b/c/d;p?q#", "http://a/b/c/d;p?q",
     "an empty fragment is defined (§5.3 keeps its '#'); urlunparse drops empty components"),
    (BASE, "g?", "http://a/b/c/g?", "http://a/b/c/g", "the same, for an empty query"),
    (BASE, "http:g", "http:g", "http://a/b/c/g",
     "urljoin reads like a non-strict parser (§5.2.2); strict RFC 3986 keeps the scheme"),
    (BASE, "http:", "http:", BASE, "the same: non-strict, 'http:' is the current document"),
    (BASE, "HTTP://a/x", "HTTP://a/x", "http://a/x",
     "urlsplit lower-cases the scheme; resolution keeps the text (case is normalization, "
     "§6.2.2.1)"),
    (BASE, "//g/./x", "http://g/x", "http://g/./x",
     "§5.2.2 removes dot segments from a network-path reference; urljoin returns it as is"),
    (BASE, "http://a/./x", "http://a/x", "http://a/./x",
     "the same, for an absolute reference"),
    (BASE, "g//h", "http://a/b/c/g//h", "http://a/b/c/g/h",
     "urljoin drops empty segments inside the merged path; RFC 3986 keeps them"),
    ("http://a/b//c/d", "../g", "http://a/b//g", "http://a/b/g", "the same, in the base's path"),
    (BASE, "..;x", "http://a/b/c/..;x", "http://a/b/;x",
     "urljoin splits RFC 1808 parameters off the last segment; in RFC 3986 ';' is a pchar"),
    (BASE, "1a:b", "1a:b", "http://a/b/c/1a:b",
     "appendix B takes any [^:/?#]+ before ':' as the scheme; urlsplit wants a letter first "
     "(the reference is valid under neither grammar)"),
    (BASE, " g", "http://a/b/c/ g", "http://a/b/c/g",
     "urlsplit strips leading C0 controls and spaces (the WHATWG URL standard's habit)"),
    (BASE, "g\tx", "http://a/b/c/g\tx", "http://a/b/c/gx", "urlsplit removes tabs and newlines"),
    ("mailto:x@y", "z", "mailto:z", "z",
     "urljoin resolves only the schemes in its uses_relative list; RFC 3986 §5.2 does not "
     "look at the scheme"),
    ("foo://a/b/c", "g", "foo://a/b/g", "g", "the same, for an unregistered scheme"),
    ("file://h/x", "file:///etc/motd", "file:///etc/motd", "file://h/etc/motd",
     "an empty authority is defined (§5.2.2: T.authority = R.authority); urljoin treats it "
     "as none and inherits the base's"),
    ("http://a/b/c#f", "", "http://a/b/c", "http://a/b/c#f",
     "an empty reference is the base without its fragment (§5.1, §5.2.2); urljoin returns "
     "the base unchanged"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("base", "reference", "ours", "theirs", "why"),
    KNOWN_DIVERGENCES,
    ids=[repr(d[1]) for d in KNOWN_DIVERGENCES],
)
def test_known_divergences_from_urljoin(
    base: str, reference: str, ours: str, theirs: str, why: str
) -> None:
    assert why
    assert resolve(base, reference).target == ours
    assert resolve(base, reference, trace=False).target == ours
    assert urljoin(base, reference) == theirs


def test_urljoin_refuses_what_resolution_takes() -> None:
    # urlsplit refuses an unbalanced IPv6 bracket; resolution resolves the text
    with pytest.raises(ValueError, match="IPv6"):
        urljoin(BASE, "//[::1")
    assert resolve(BASE, "//[::1").target == "http://[::1"


@pytest.mark.parametrize(
    ("base", "reference", "target"),
    [
        ("http://a/", "./a/./b/../c", "http://a/a/c"),
        ("http://a", "./g", "http://a/g"),
        ("http://a/", ".", "http://a/"),
    ],
)
def test_1993_a_leading_dot_element_goes_too(base: str, reference: str, target: str) -> None:
    # the path follows the "/" that separates it from the host, so "./" opens with "/."
    assert resolve(base, reference, "url-1993").target == target
