"""Normalization and the comparison ladder (RFC 3986 §6; RFC 2396bis draft 2003 §6;
URL syntax draft 1997 §6).

* the specs' own examples of equivalent URLs, each at the rung it needs;
* each step alone: what it changes, what it must never change (escapes of reserved
  characters, the userinfo's case, an IDN host, an opaque gopher selector);
* what each change reports (component, before, after, citation) and the notes;
* properties: normalization is idempotent, leaves a URL's text alone with no steps,
  never changes what the URL identifies (checked against an oracle written here, which
  reads each component as a sequence of characters and escaped octets), and two URLs
  equal at one rung are equal at every higher rung.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from urlinspector import data
from urlinspector.core import EDITION_IDS, URLInspectorError, parse
from urlinspector.core.comparison import compare
from urlinspector.core.normalization import (
    RUNGS,
    STEPS,
    Change,
    UnknownStepError,
    citation,
    normalize,
)
from urlinspector.core.registry import default_port


def spec_text(doc: str) -> str:
    return " ".join(data.spec_text(doc).split())


# --- the specs' examples ----------------------------------------------------------------

# (a, b, edition, rung, where the text says they are equivalent)
SPEC_EQUIVALENTS = [
    # RFC 2396bis draft 2003 §6.2.2 (and RFC 3986 §6.2.2 with another path)
    (
        "example://a/b/c/%7A",
        "eXAMPLE://a/./b/../b/c/%7a",
        "rfc2396bis-2003",
        "dot-segments",
        "RFC 2396bis draft 2003",
    ),
    (
        "example://a/b/c/%7A",
        "eXAMPLE://a/./b/../b/c/%7a",
        "rfc3986",
        "dot-segments",
        "RFC 2396bis draft 2003",
    ),
    # RFC 2396bis draft 2003 §6.2.3
    (
        "http://example.com/",
        "http://example.com:80/",
        "rfc2396bis-2003",
        "scheme",
        "RFC 2396bis draft 2003",
    ),
    (
        "http://example.com/",
        "http://example.com:80/",
        "rfc3986",
        "scheme",
        "RFC 2396bis draft 2003",
    ),
    # URL syntax draft 1997 §6: "the URL <http://www.XEROX.com> is equivalent to
    # <http://www.xerox.com>"
    (
        "<http://www.XEROX.com>",
        "<http://www.xerox.com>",
        "url-syntax-1997",
        "case",
        "URL syntax draft 1997",
    ),
    ("http://www.XEROX.com", "http://www.xerox.com", "rfc3986", "case", "URL syntax draft 1997"),
    # RFC 3986 §6.2.2.1
    ("HTTP://www.EXAMPLE.com/", "http://www.example.com/", "rfc3986", "case", None),
    # RFC 3986 §6.2.2
    (
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "rfc3986",
        "dot-segments",
        None,
    ),
    # RFC 3986 §6.2.3: all four are equivalent
    ("http://example.com", "http://example.com/", "rfc3986", "scheme", None),
    ("http://example.com/", "http://example.com:/", "rfc3986", "scheme", None),
    ("http://example.com:/", "http://example.com:80/", "rfc3986", "scheme", None),
    ("http://example.com", "http://example.com:80/", "rfc3986", "scheme", None),
]


@pytest.mark.parametrize(("a", "b", "edition", "rung", "doc"), SPEC_EQUIVALENTS)
def test_spec_equivalents(a: str, b: str, edition: str, rung: str, doc: str | None) -> None:
    result = compare(a, b, edition=edition)
    assert result.equivalent
    assert result.rung == rung
    assert result.a_normal == result.b_normal
    # not equal on any rung below
    below = RUNGS[: RUNGS.index(rung)]
    assert [r.name for r in result.ladder if not r.equal] == list(below)


@pytest.mark.parametrize(
    ("text", "doc"),
    [
        ("example://a/b/c/%7A eXAMPLE://a/./b/../b/c/%7a", "RFC 2396bis draft 2003"),
        ("http://example.com/ http://example.com:80/", "RFC 2396bis draft 2003"),
        (
            "the URL <http://www.XEROX.com> is equivalent to <http://www.xerox.com>",
            "URL syntax draft 1997",
        ),
        ("http://example.com/data redirects to http://example.com/data/", "RFC 2396bis draft 2003"),
    ],
)
def test_spec_examples_are_in_the_texts(text: str, doc: str) -> None:
    assert text in spec_text(doc)


def test_protocol_based_normalization_is_not_done() -> None:
    # RFC 2396bis draft 2003 §6.2.4: a spider that saw a redirect may treat these as equivalent; the
    # syntax and the scheme do not say so
    result = compare("http://example.com/data", "http://example.com/data/")
    assert not result.equivalent
    assert result.rung is None
    assert all(not r.equal for r in result.ladder)


# --- each step ----------------------------------------------------------------------------

# (input, steps, expected, edition)
STEP_CASES = [
    # case: scheme and host; hex digits up; userinfo, path and query keep their case
    ("HTTP://User:PassWord@Host.EXAMPLE/Path?Q=V#F", ["case"], None, "rfc3986"),
    (
        "HTTP://User:PassWord@Host.EXAMPLE/Path",
        ["case"],
        "http://User:PassWord@host.example/Path",
        "rfc3986",
    ),
    ("http://h/%7e%2f%c3%a9", ["case"], "http://h/%7E%2F%C3%A9", "rfc3986"),
    ("http://us%65r@h/", ["case"], "http://us%65r@h/", "rfc3986"),
    ("http://us%6fr@h/", ["case"], "http://us%6Fr@h/", "rfc3986"),
    ("http://a%2eb%c3%a9.EXAMPLE/", ["case"], "http://a%2Eb%C3%A9.example/", "rfc3986"),
    ("http://[2001:DB8::A]:8080/", ["case"], "http://[2001:db8::a]:8080/", "rfc3986"),
    # RFC 3986 §3.2.2: the host is case-insensitive, an IPvFuture literal included
    ("http://[v1.ABC]/", ["case"], "http://[v1.abc]/", "rfc3986"),
    ("http://[V7.Fe:80]:8080/", ["case"], "http://[v7.fe:80]:8080/", "rfc3986"),
    ("http://192.168.0.1/", ["case"], "http://192.168.0.1/", "rfc3986"),
    ("http://xn--Bcher-KVA.Example/", ["case"], "http://xn--bcher-kva.example/", "rfc3986"),
    ("http://BÜCHER.example/", ["case"], "http://BÜCHER.example/", "rfc3986"),
    # the Kelvin sign is not a "K" (str.lower() would make it one)
    ("http://\u212a.example/", ["case"], "http://\u212a.example/", "rfc3986"),
    ("mailto:John.Doe@Example.COM", ["case"], "mailto:John.Doe@Example.COM", "rfc3986"),
    # escapes: only unreserved characters are decoded
    ("http://h/%41%5a%61%7a%30%39%2D%2E%5F%7E", ["escapes"], "http://h/AZaz09-._~", "rfc3986"),
    (
        "http://h/%2F%3A%40%3F%23%25%26%3D%2B%24%2C%3B%21%2A%27%28%29%5B%5D",
        ["escapes"],
        "http://h/%2F%3A%40%3F%23%25%26%3D%2B%24%2C%3B%21%2A%27%28%29%5B%5D",
        "rfc3986",
    ),
    ("http://h/%20%C3%A9%00%7F%80", ["escapes"], "http://h/%20%C3%A9%00%7F%80", "rfc3986"),
    ("http://%75ser:%3Apw@h/", ["escapes"], "http://user:%3Apw@h/", "rfc3986"),
    ("http://h/?%61=%62&c=%26#%7E%2F", ["escapes"], "http://h/?a=b&c=%26#~%2F", "rfc3986"),
    ("http://%41.example/", ["escapes"], "http://A.example/", "rfc3986"),
    ("http://%41.example/", ["case", "escapes"], "http://a.example/", "rfc3986"),
    # the period is unreserved (RFC 3986 §2.3): its escape in a reg-name is decoded
    # like any other; the older editions keep it, since it would split a label
    ("http://a%2eb/", ["escapes"], "http://a.b/", "rfc3986"),
    ("http://a%2Eb%2E%41/", ["case", "escapes"], "http://a.b.a/", "rfc3986"),
    ("http://a%2eb/", ["escapes"], "http://a%2eb/", "rfc2396bis-2003"),
    ("http://a%2eb/", ["escapes"], "http://a%2eb/", "url-syntax-1997"),
    # a "%" that an unreserved hex digit would complete into a new escape
    ("http://h/%%34%31", ["escapes"], "http://h/%%341", "rfc3986"),
    # RFC 1738 §3.2.2: %2F in an ftp path is how a "/" reaches a CWD command
    ("ftp://h/%2Fetc/%6Dotd", ["escapes"], "ftp://h/%2Fetc/motd", "rfc1738"),
    # 1997: "$" and "," are unreserved marks (URL syntax draft 1997 §2.3); in 3986 they are reserved
    ("http://h/a%24b%2Cc", ["escapes"], "http://h/a$b,c", "url-syntax-1997"),
    ("http://h/a%24b%2Cc", ["escapes"], "http://h/a%24b%2Cc", "rfc3986"),
    # dot segments: hierarchical paths only
    ("http://a/b/c/./../../g", ["dot-segments"], "http://a/g", "rfc3986"),
    ("http://a/b/c/%2E%2E/g", ["dot-segments"], "http://a/b/c/%2E%2E/g", "rfc3986"),
    ("http://a/b/c/%2E%2E/g", ["escapes", "dot-segments"], "http://a/b/g", "rfc3986"),
    ("http://a/b/c/g?y/../x#s/../z", ["dot-segments"], "http://a/b/c/g?y/../x#s/../z", "rfc3986"),
    ("/a/b/../c", ["dot-segments"], "/a/c", "rfc3986"),
    ("a/../b", ["dot-segments"], "a/../b", "rfc3986"),
    # RFC 3986 §6.2.2.3 applies remove_dot_segments to the path whatever its form (as
    # resolving "a/../b" against "foo:x" gives "foo:/b"); the older editions only
    # normalize a path that starts with "/"
    ("foo:a/../b", ["dot-segments"], "foo:/b", "rfc3986"),
    ("scheme:./path1:/path2", ["dot-segments"], "scheme:path1:/path2", "rfc3986"),
    ("foo:a/./b/.", ["dot-segments"], "foo:a/b/", "rfc3986"),
    ("foo:a/..//b", ["dot-segments"], "foo:/.//b", "rfc3986"),
    ("foo:a/../b", ["dot-segments"], "foo:a/../b", "rfc2396bis-2003"),
    ("foo:a/../b", ["dot-segments"], "foo:a/../b", "rfc1738"),
    ("../g", ["dot-segments"], "../g", "rfc3986"),
    ("gopher://h/1/a/../b", ["dot-segments"], "gopher://h/1/a/../b", "rfc3986"),
    ("mailto:a/../b@example.com", ["dot-segments"], "mailto:a/../b@example.com", "rfc3986"),
    ("ftp://h/a/./b/../c;type=d", ["dot-segments"], "ftp://h/a/c;type=d", "rfc1738"),
    ("http://h/a/../b", ["dot-segments"], "http://h/b", "rfc1738"),
    ("x:/a/..//b", ["dot-segments"], "x:/.//b", "rfc3986"),
    # ".." above the root: RFC 3986 §5.2.4 drops it; the older editions' algorithms
    # keep it (RFC 2396bis draft 2003 and URL syntax draft 1997 appendix C.2: "../../../g =
    # http://a/../g"; RFC 1808 §5.2)
    ("http://a/b/../../g", ["dot-segments"], "http://a/g", "rfc3986"),
    ("http://a/b/../../g", ["dot-segments"], "http://a/../g", "rfc2396bis-2003"),
    ("http://a/b/../../g", ["dot-segments"], "http://a/../g", "url-syntax-1997"),
    ("http://a/b/../../g", ["dot-segments"], "http://a/../g", "rfc1738"),
    # URL draft 1993 appendix 1.2: "xxx/.." is removed, slash and all
    ("http://a/b/c/..", ["dot-segments"], "http://a/b", "url-1993"),
    ("http://a/b/c/..", ["dot-segments"], "http://a/b/", "rfc3986"),
    # scheme-based: default and empty ports, the empty http path
    ("http://h:80/", ["scheme"], "http://h/", "rfc3986"),
    ("http://h:080/", ["scheme"], "http://h/", "rfc3986"),
    # port = *DIGIT: leading zeros are digits (RFC 3986 §3.2.3), so this is port 80
    ("http://f:000000000000000000080/c", ["scheme"], "http://f/c", "rfc3986"),
    ("http://h:/", ["scheme"], "http://h/", "rfc3986"),
    ("http://h:8080/", ["scheme"], "http://h:8080/", "rfc3986"),
    ("https://h:443", ["scheme"], "https://h/", "rfc3986"),
    ("https://h:80/", ["scheme"], "https://h:80/", "rfc3986"),
    ("ftp://h:21/pub", ["scheme"], "ftp://h/pub", "rfc3986"),
    ("gopher://h:70/1", ["scheme"], "gopher://h/1", "rfc1738"),
    ("nntp://h:119/comp.lang/1", ["scheme"], "nntp://h/comp.lang/1", "rfc3986"),
    ("ftp://h", ["scheme"], "ftp://h", "rfc3986"),
    ("foo://h:80/", ["scheme"], "foo://h:80/", "rfc3986"),
    ("HTTP://h:80", ["scheme"], "HTTP://h/", "rfc3986"),
    ("http://h", ["scheme"], "http://h/", "rfc1738"),
    ("http:g", ["scheme"], "http:g", "rfc3986"),
    # no steps: the text as written, without a wrapper
    ("HTTP://H:80/./%7e", [], "HTTP://H:80/./%7e", "rfc3986"),
    ("<URL:HTTP://H/>", [], "HTTP://H/", "rfc3986"),
]


@pytest.mark.parametrize(("text", "steps", "expected", "edition"), STEP_CASES)
def test_steps(text: str, steps: list[str], expected: str | None, edition: str) -> None:
    result = normalize(text, steps, edition=edition)
    if expected is None:
        expected = "http://User:PassWord@host.example/Path?Q=V#F"
    assert result.text == expected
    assert result.steps == tuple(s for s in STEPS if s in steps)
    assert [s for s, _ in result.stages] == list(result.steps)
    if result.stages:
        assert result.stages[-1][1] == result.text
    assert all(c.step in steps for c in result.changes)


def test_the_full_example() -> None:
    result = normalize("HTTP://User@Example.COM:80/a/./b/../%7euser/%2fx?q=%41%2b#%7e")
    assert result.text == "http://User@example.com/a/~user/%2Fx?q=A%2B#~"
    assert [(c.step, c.component) for c in result.changes] == [
        ("case", "scheme"),
        ("case", "host"),
        ("case", "path"),
        ("case", "query"),
        ("case", "fragment"),
        ("escapes", "path"),
        ("escapes", "query"),
        ("escapes", "fragment"),
        ("dot-segments", "path"),
        ("scheme", "port"),
    ]
    scheme, host = result.changes[:2]
    assert (scheme.before, scheme.after) == ("HTTP", "http")
    assert (host.before, host.after) == ("Example.COM", "example.com")
    assert result.changes[-1] == Change(
        "scheme",
        ":80",
        "",
        "port 80 is the default for http: dropped",
        "RFC 3986 §6.2.3",
        "port",
    )
    # each change's before is the text the step saw
    assert result.changes[5].before == result.changes[2].after
    assert [c.citation for c in result.changes[:5]] == ["RFC 3986 §6.2.2.1"] * 5
    assert result.changes_of("dot-segments")[0].after == "/a/~user/%2Fx"
    data = result.to_dict()
    assert data["normalized"] == result.text
    assert data["changes"][0]["component"] == "scheme"
    assert [s["step"] for s in data["stages"]] == list(STEPS)


def test_the_order_of_steps_given_does_not_matter() -> None:
    text = "HTTP://H:80/a/./%7e"
    assert normalize(text, ["scheme", "case"]).text == normalize(text, ["case", "scheme"]).text
    assert normalize(text, ("scheme", "case")).steps == ("case", "scheme")
    assert normalize(text, "case").steps == ("case",)


@pytest.mark.parametrize(
    ("text", "edition", "fragment"),
    [
        ("http://BÜCHER.example/", "rfc3986", "internationalized host name"),
        ("http://xn--bcher-kva.EXAMPLE/", "rfc3986", "xn--"),
        ("gopher://h/1/a/../b", "rfc3986", "RFC 1738 §3.4"),
        ("a/../b", "rfc3986", "relative"),
        ("foo://h:80/", "rfc3986", "no default port"),
        ("<URL:http://h/>", "rfc3986", "wrapper"),
        ("http://h h/", "rfc3986", "error"),
        # RFC 2396bis draft 2003 §3.2.1: not a server, so the whole authority is a reg-name whose
        # case rules belong to its registry
        ("http://My_Registry/", "rfc2396bis-2003", "registry"),
        # URL draft 1993: ":" is an "extra" character, so %3A is unreserved; decoded in the first
        # segment of a relative path it would make "a" a scheme
        ("a%3Ab/c", "url-1993", "split"),
        ("http://a/b/../../g", "rfc2396bis-2003", "above the root"),
        ("http://a/./g", "rfc1738", "RFC 1808"),
    ],
)
def test_notes_say_what_was_left_alone(text: str, edition: str, fragment: str) -> None:
    result = normalize(text, edition=edition)
    assert any(fragment in n for n in result.notes), result.notes


def test_a_change_that_would_split_differently_is_not_made() -> None:
    result = normalize("a%3Ab/c", edition="url-1993")
    assert result.text == "a%3Ab/c"
    assert parse(result.text, "url-1993").scheme is None
    assert not result.changes


def test_registry_based_authority_keeps_its_case() -> None:
    result = normalize("HTTP://My_Registry/", edition="rfc2396bis-2003")
    assert result.text == "http://My_Registry/"
    # under RFC 3986 it is a reg-name host like any other
    assert normalize("HTTP://My_Registry/").text == "http://my_registry/"


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_every_edition_normalizes_the_common_case(edition: str) -> None:
    result = normalize("HTTP://WWW.Example.COM:80/a/./b/../c", edition=edition)
    assert result.text == "http://www.example.com/a/c"
    assert result.edition == edition
    assert all(c.citation for c in result.changes)


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_citations_name_the_editions_document(edition: str) -> None:
    prefix = {
        "rfc3986": "RFC 3986",
        "rfc2396bis-2003": "RFC 2396bis draft 2003",
        "url-syntax-1997": "URL syntax draft 1997",
        "rfc1738": "RFC 1738",
        "url-1993": "URL draft 1993",
    }[edition]
    for rung in (*RUNGS, "fragment", "relative"):
        assert citation(rung, edition).startswith(prefix) or (
            edition == "rfc1738" and rung in ("dot-segments", "relative")  # RFC 1808
        )
    assert citation("case") == "RFC 3986 §6.2.2.1"


def test_misuse() -> None:
    with pytest.raises(UnknownStepError, match="choose from: case, escapes"):
        normalize("http://h/", ["lowercase"])
    with pytest.raises(ValueError, match="unknown edition"):
        normalize("http://h/", edition="rfc9999")
    with pytest.raises(URLInspectorError):
        citation("nonsense")
    with pytest.raises(TypeError):
        normalize(b"http://h/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        compare("http://h/", None)  # type: ignore[arg-type]


# --- compare --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("http://f:000000000000000000080/c", "http://f/c"),
        ("http://a%2eb/", "http://a.b/"),
        ("foo:a/../b", "foo:/b"),
        ("http://[v1.ABC]/", "http://[v1.abc]/"),
    ],
)
def test_rfc3986_equivalents_from_other_test_suites(a: str, b: str) -> None:
    assert compare(a, b, edition="rfc3986").equivalent


@pytest.mark.parametrize(
    ("text", "edition", "expected", "note"),
    [
        ("foo:a/../b", "rfc2396bis-2003", "foo:a/../b", "RFC 3986 §6.2.2.3 removes them"),
        ("http://a%2eb/", "url-syntax-1997", "http://a%2Eb/", "RFC 3986 §6.2.2.2 decodes it"),
    ],
)
def test_older_editions_say_where_rfc_3986_differs(
    text: str, edition: str, expected: str, note: str
) -> None:
    result = normalize(text, edition=edition)
    assert result.text == expected
    assert any(note in n for n in result.notes), result.notes


def test_compare_same_string() -> None:
    result = compare("http://h/a", "http://h/a")
    assert result.rung == "simple-string"
    assert all(r.equal for r in result.ladder)
    assert [r.name for r in result.ladder] == list(RUNGS)


def test_compare_fragments() -> None:
    a, b = "http://h/a#one", "HTTP://h/a#two"
    assert compare(a, b).rung is None
    retrieval = compare(a, b, ignore_fragment=True)
    assert retrieval.rung == "case"
    assert retrieval.a_normal == "http://h/a"
    assert any("RFC 3986 §6.1" in n for n in retrieval.notes)
    assert compare("ftp://h/x#a", "ftp://h/x", ignore_fragment=True).rung == "simple-string"
    assert compare("http://h/?a#b", "http://h/?a#c", ignore_fragment=True).equivalent


def test_compare_wrappers_are_set_aside_first() -> None:
    assert compare("<URL:http://h/>", "http://h/").rung == "simple-string"


def test_compare_to_dict() -> None:
    data = compare("HTTP://h/", "http://h/").to_dict()
    assert data["rung"] == "case"
    assert data["equivalent"] is True
    assert [r["rung"] for r in data["ladder"]] == list(RUNGS)
    assert data["ladder"][0]["equal"] is False


def test_escapes_of_reserved_characters_are_different() -> None:
    # RFC 3986 §6.2.2.2 / §2.2: "%2F" is not "/"
    assert not compare("http://h/a%2Fb", "http://h/a/b").equivalent
    assert not compare("http://h/?a%3Db", "http://h/?a=b").equivalent
    assert not compare("http://h/?a%2Bb", "http://h/?a+b").equivalent
    assert compare("http://h/%7Euser", "http://h/~user").rung == "escapes"
    assert compare("http://h/%7euser", "http://h/%7Euser").rung == "case"


def test_userinfo_case_matters() -> None:
    assert not compare("ftp://User@h/", "ftp://user@h/").equivalent


# --- properties ------------------------------------------------------------------------------

_SCHEMES = st.sampled_from(["http", "HTTP", "Https", "ftp", "gopher", "foo", "mailto", "eXAMPLE"])
_HEX = "0123456789abcdefABCDEF"
_ESCAPE = st.builds(lambda a, b: f"%{a}{b}", st.sampled_from(_HEX[:8]), st.sampled_from(_HEX))
_PIECE = st.one_of(
    st.sampled_from(list("aZ09-._~!$&'()*+,;=:@")),
    _ESCAPE,
    st.sampled_from(["%2e", "%2E", "%2F", "%7e", "%41", "%3a", "%25", "%C3%A9", "%%", "%4"]),
)
_SEGMENT = st.one_of(
    st.sampled_from([".", "..", "", "a", "B"]), st.lists(_PIECE, max_size=4).map("".join)
)
_PATH = st.lists(_SEGMENT, max_size=6).map("/".join)
_HOST = st.one_of(
    st.sampled_from(
        ["Example.COM", "h", "xn--Bcher-kva.Example", "[2001:DB8::A]", "10.0.0.1", "BÜCHER.x"]
    ),
    st.lists(st.one_of(st.sampled_from(list("aBc.-")), _ESCAPE), min_size=1, max_size=6).map(
        "".join
    ),
)
_PORT = st.sampled_from([None, "", "80", "080", "21", "70", "8080", "443"])


@st.composite
def urls(draw: st.DrawFn) -> str:
    scheme = draw(st.one_of(st.none(), _SCHEMES))
    text = "" if scheme is None else scheme + ":"
    if draw(st.booleans()):
        text += "//"
        user = draw(st.one_of(st.none(), st.lists(_PIECE, max_size=4).map("".join)))
        if user is not None:
            text += user.replace("@", "") + "@"
        text += draw(_HOST)
        port = draw(_PORT)
        if port is not None:
            text += ":" + port
        path = draw(_PATH)
        text += "/" + path if path or draw(st.booleans()) else ""
    else:
        text += draw(st.sampled_from(["", "/"])) + draw(_PATH)
    query = draw(st.one_of(st.none(), st.lists(_PIECE, max_size=5).map("".join)))
    if query is not None:
        text += "?" + query
    fragment = draw(st.one_of(st.none(), st.lists(_PIECE, max_size=4).map("".join)))
    if fragment is not None:
        text += "#" + fragment
    return text


@given(urls(), st.sampled_from(EDITION_IDS))
@example("//%0a", "rfc3986")  # an escape's hex digits in a host stay upper case
@example("//%41", "rfc2396bis-2003")  # a reg-name that decodes to a hostname: "a"
@example("//Example.COM/a/..//..", "url-1993")  # URL draft 1993 gives "//..", then "/"
def test_normalization_is_idempotent(text: str, edition: str) -> None:
    once = normalize(text, edition=edition)
    twice = normalize(once.text, edition=edition)
    assert twice.text == once.text
    assert not twice.changes


@given(st.text(max_size=80), st.sampled_from(EDITION_IDS))
def test_any_text_normalizes_idempotently(text: str, edition: str) -> None:
    once = normalize(text, edition=edition)
    assert normalize(once.text, edition=edition).text == once.text


@given(st.one_of(urls(), st.text(max_size=60)), st.sampled_from(EDITION_IDS))
def test_no_steps_give_the_url_as_written(text: str, edition: str) -> None:
    url = parse(text, edition)
    assume(not parse(url.uri, edition).has_wrapper)
    assert normalize(text, (), edition=edition).text == url.uri


@given(urls(), st.lists(st.sampled_from(STEPS), unique=True))
def test_each_stage_is_the_previous_one_with_one_step(text: str, steps: list[str]) -> None:
    result = normalize(text, steps)
    current = parse(text).uri
    for step, after in result.stages:
        # the escapes step lower-cases the host letters it decodes when case
        # normalization is on too (the case step saw them escaped)
        alone = ["case", step] if step == "escapes" and "case" in steps else [step]
        assert normalize(current, alone).text == after
        current = after


# The oracle: what a URL identifies under RFC 3986, read without the normalize module.
# Each component is a tuple of tokens: a character, or ("%", octet) for an escape whose
# character is not unreserved; escapes of unreserved characters are their characters.
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_TOKEN = re.compile(r"%([0-9A-Fa-f]{2})|(.)", re.S)
_OPAQUE = {"gopher", "prospero", "wais", "news", "nntp", "mailto", "telnet"}

Token = str | tuple[str, int]


def _tokens(text: str | None) -> tuple[Token, ...] | None:
    if text is None:
        return None
    out: list[Token] = []
    for m in _TOKEN.finditer(text):
        if m.group(1) is not None:
            octet = int(m.group(1), 16)
            out.append(chr(octet) if chr(octet) in _UNRESERVED else ("%", octet))
        else:
            out.append(m.group(2))
    return tuple(out)


def _without_dots(path: tuple[Token, ...]) -> tuple[Token, ...]:
    segments: list[list[Token]] = [[]]
    for t in path[1:]:
        if t == "/":
            segments.append([])
        else:
            segments[-1].append(t)
    out: list[list[Token]] = []
    for i, seg in enumerate(segments):
        last = i == len(segments) - 1
        if seg == ["."]:
            if last:
                out.append([])
        elif seg == [".", "."]:
            if out:
                out.pop()
            if last:
                out.append([])
        else:
            out.append(seg)
    flat: list[Token] = []
    for seg in out:
        flat.append("/")
        flat += seg
    return tuple(flat) or ("/",)


def _rootless_without_dots(path: tuple[Token, ...]) -> tuple[Token, ...]:
    """RFC 3986 §5.2.4 on a path that does not start with "/": leading "./" and "../"
    go (rules A and D); the first segment then moves as it is (E), and when a ".."
    removes it, what follows keeps its "/"."""
    segments: list[list[Token]] = [[]]
    for t in path:
        if t == "/":
            segments.append([])
        else:
            segments[-1].append(t)
    while segments and segments[0] in ([".", "."], ["."]):
        segments.pop(0)
    if not segments:
        return ()
    out, first_kept = [segments[0]], True
    for i, seg in enumerate(segments[1:], start=2):
        last = i == len(segments)
        if seg == ["."]:
            if last:
                out.append([])
        elif seg == [".", "."]:
            if out:
                out.pop()
                first_kept = first_kept and bool(out)
            if last:
                out.append([])
        else:
            out.append(seg)
    flat: list[Token] = []
    for n, seg in enumerate(out):
        if n or not first_kept:
            flat.append("/")
        flat += seg
    return tuple(flat)


def identity(text: str) -> tuple[object, ...]:
    url = parse(text)
    scheme = url.scheme.lower() if url.scheme else None
    host = _tokens(url.host)
    if host is not None and url.host_kind == "reg-name" and (url.host or "").isascii():
        host = tuple(t.lower() if isinstance(t, str) else t for t in host)
    if host is not None and url.host_kind in ("ipv6", "ipvfuture"):
        host = tuple(t.lower() if isinstance(t, str) else t for t in host)
    port = url.port
    if port == "" or (port is not None and port.isdigit() and int(port) == default_port(scheme)):
        port = None
    path = _tokens(url.path) or ()
    if path and scheme not in _OPAQUE:
        # (a relative reference keeps its dots; the callers assume it starts with "/")
        path = _without_dots(path) if path[:1] == ("/",) else _rootless_without_dots(path)
        # a path that reads "//..." without an authority is written "/.//..."
        if url.authority is None and path[:2] == ("/", "/"):
            path = ("/", ".", *path)
    if scheme in ("http", "https") and url.authority is not None and not path:
        path = ("/",)
    return (
        scheme,
        url.authority is not None,
        _tokens(url.userinfo),
        host,
        port,
        path,
        _tokens(url.query),
        _tokens(url.fragment),
    )


@given(urls())
def test_normalization_never_changes_what_a_url_identifies(text: str) -> None:
    assume(not parse(text).is_relative or text.startswith("/"))
    assert identity(normalize(text).text) == identity(text)


@given(urls(), st.data())
def test_equal_at_a_rung_means_equal_at_every_higher_rung(text: str, data: st.DataObject) -> None:
    # a variant of the same URL: case changed, escapes re-cased or added, a default
    # port, a dot segment
    variant = text
    if data.draw(st.booleans(), label="swap case"):
        variant = variant.swapcase()
    if data.draw(st.booleans(), label="add a dot segment") and "//" in variant:
        variant = variant.replace("/", "/./", 1) if variant.count("/") > 2 else variant
    result = compare(text, variant)
    equal = [r.equal for r in result.ladder]
    if True in equal:
        first = equal.index(True)
        assert all(equal[first:])
        assert result.rung == RUNGS[first]
    else:
        assert result.rung is None
    assert compare(variant, text).rung == result.rung


@given(urls(), st.sampled_from(EDITION_IDS))
@example("//%41", "rfc2396bis-2003")
def test_a_url_is_equivalent_to_its_normal_form(text: str, edition: str) -> None:
    assume(not parse(parse(text, edition).uri, edition).has_wrapper)
    assert compare(text, normalize(text, edition=edition).text, edition=edition).equivalent


@settings(max_examples=5)
@given(st.integers(min_value=1000, max_value=4000))
def test_long_paths(n: int) -> None:
    text = "HTTP://H/" + "a/./b/../" * n + "%7e"
    assert normalize(text).text == "http://h/" + "a/" * n + "~"
