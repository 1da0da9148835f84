"""The Qt-free models behind the window: colour runs, the component tree, what is
under the mouse, the editions table, escapes, the settings' password removal."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlinspector.core import EDITION_IDS, parse
from urlinspector.core.browser import browser_reading
from urlinspector.gui.settings import history_entry, password_removed, without_password
from urlinspector.present.anatomy import component_tree, describe, rule_for
from urlinspector.present.colouring import MASKED, Run, colour_runs, roles_present
from urlinspector.present.editions_table import editions_table, whatwg
from urlinspector.present.escape_rows import escape_rows
from urlinspector.present.inspection import inspect
from urlinspector.present.target import target_for

URL_ALPHABET = st.sampled_from([*list("abcXYZ019:/?#[]@!$&'()*+,;=%-._~ <>\"{}|\\^`"), "é", "\t"])
urlish = st.lists(
    st.one_of(
        URL_ALPHABET,
        st.sampled_from(["http://", "ftp://", "gopher://", "news:", "%2F", "%C3%A9", "user:pw@"]),
    ),
    max_size=40,
).map("".join)


def expand(runs: list[Run]) -> list[tuple[str, tuple[str, ...]]]:
    out: list[tuple[str, tuple[str, ...]]] = []
    for run in runs:
        out += [(run.role, run.overlays)] * (run.end - run.start)
    return out


@settings(max_examples=settings().max_examples * 2)
@given(text=urlish, edition=st.sampled_from(EDITION_IDS), data=st.data())
def test_runs_cover_the_text_and_a_window_agrees_with_the_whole(
    text: str, edition: str, data: st.DataObject
) -> None:
    url = parse(text, edition)
    runs = colour_runs(url, mask_password=True)
    assert sum(r.end - r.start for r in runs) == len(text)
    assert all(a.end == b.start for a, b in itertools.pairwise(runs))
    assert all(a.role != b.role or a.overlays != b.overlays for a, b in itertools.pairwise(runs))
    whole = expand(runs)
    lo = data.draw(st.integers(0, len(text)))
    hi = data.draw(st.integers(lo, len(text)))
    window = colour_runs(url, lo, hi, mask_password=True)
    assert expand(window) == whole[lo:hi]
    assert (window[0].start if window else lo) == lo


@given(text=urlish, edition=st.sampled_from(EDITION_IDS))
def test_every_character_can_be_described(text: str, edition: str) -> None:
    url = parse(text, edition)
    for pos in range(len(text)):
        d = describe(url, pos, "latin-1")
        assert d is not None
        assert d.span[0] <= pos < d.span[1] or d.span == (pos, pos + 1)
        assert d.rule
        assert d.edition == url.edition.label
    assert describe(url, len(text)) is None
    assert describe(url, -1) is None


@given(text=urlish, edition=st.sampled_from(EDITION_IDS))
def test_tree_spans_hold_their_raw_text(text: str, edition: str) -> None:
    url = parse(text, edition)
    stack = list(component_tree(url))
    while stack:
        node = stack.pop()
        if node.span is not None and node.raw is not None:
            assert text[node.span[0] : node.span[1]] == node.raw
            for child in node.children:
                if child.span is not None:
                    assert node.span[0] <= child.span[0] <= child.span[1] <= node.span[1]
        stack += node.children


def test_roles_present_reads_spans_for_long_texts_like_runs_for_short_ones() -> None:
    text = "http://u:p@example.com:81/a%20b/c?k=v&w#f"
    url = parse(text)
    exact = roles_present(url)
    assert roles_present(url, exact_limit=0) == exact
    assert "password" in exact
    assert MASKED not in exact


@pytest.mark.parametrize(
    ("edition", "host", "path"),
    [
        ("rfc3986", "reg-name", "path-abempty"),
        ("rfc2396bis-2003", "hostname", "abs_path"),
        ("url-syntax-1997", "hostname", "abs_path"),
        ("rfc1738", "hostname", "url-path"),
    ],
)
def test_rules_use_each_editions_words(edition: str, host: str, path: str) -> None:
    url = parse("http://example.com/a", edition)
    assert rule_for(url, "host")[0] == host
    assert rule_for(url, "path")[0] == path
    assert rule_for(parse("http://10.0.0.1/", edition), "host")[0] in ("IPv4address", "hostnumber")


def test_path_rules_of_rfc3986() -> None:
    assert rule_for(parse("/a/b"), "path")[0] == "path-absolute"
    assert rule_for(parse("mailto:x@y"), "path")[0] == "path-rootless"
    assert rule_for(parse("a/b"), "path")[0] == "path-noscheme"
    assert rule_for(parse(""), "path")[0] == "path-empty"


def test_editions_table_marks_the_resolution_differences_of_appendix_c() -> None:
    # URL syntax draft 1997 / RFC 2396bis draft 2003 appendix C and RFC 3986 §5.4: "g?y/./x" and
    # "http:g"
    table = editions_table(inspect("g?y/./x", edition="rfc3986", base="http://a/b/c/d;p?q"))
    assert table.cell("target", "rfc3986").text == "http://a/b/c/g?y/./x"
    assert table.differences >= 1
    table = editions_table(inspect("http:g", edition="rfc3986", base="http://a/b/c/d;p?q"))
    assert table.cell("target", "rfc3986").text == "http:g"
    assert not table.cell("target", "rfc3986").differs


def test_editions_table_masks_passwords_unless_asked() -> None:
    masked = editions_table(inspect("ftp://joe:secret@h/", edition="rfc3986"))
    assert "secret" not in masked.cell("password", "rfc3986").text
    shown = editions_table(inspect("ftp://joe:secret@h/", edition="rfc3986"), mask_password=False)
    assert shown.cell("password", "rfc3986").text == "secret"
    assert shown.cell("password", "whatwg").text == "secret"


def test_whatwg_reading_and_its_errors() -> None:
    reading = whatwg(browser_reading("HTTP://EXAMPLE.com:80/a/./b"))
    assert reading.href == "http://example.com/a/b"
    assert reading.components["port"] is None
    assert whatwg(browser_reading("http://[::1")).href is None
    assert whatwg(browser_reading("g", "not a base")).error is not None
    assert whatwg(browser_reading("\ud800")).href is None  # a lone surrogate: refused, not raised


def test_target_for_every_case() -> None:
    assert target_for("http://x/", "", "rfc3986").text == "http://x/"
    relative = target_for("g", "", "rfc3986")
    assert relative.text is None
    assert "base" in relative.message
    assert target_for("g", "b/c", "rfc3986").error
    same = target_for("", "http://a/b", "rfc3986")
    assert same.same_document
    assert same.text == "http://a/b"


def test_escape_rows_decode_utf8_sequences_together() -> None:
    rows = escape_rows(parse("http://h/%E2%82%AC%41?%zz"))
    assert [(r.escape.text, r.decoded) for r in rows][:4] == [
        ("%E2", "€"),
        ("%82", "↳ (continues the character before)"),
        ("%AC", "↳ (continues the character before)"),
        ("%41", "A"),
    ]
    assert rows[3].escape.kind == "unnecessary"
    assert rows[4].escape.kind == "invalid"


@pytest.mark.parametrize(
    ("text", "saved"),
    [
        ("ftp://joe:secret@host/", "ftp://joe@host/"),
        ("http://:pw@host/", "http://@host/"),
        ("http://joe@host/", "http://joe@host/"),
        ("http://host/a:b@c", "http://host/a:b@c"),
        ("no url at all", "no url at all"),
    ],
)
def test_passwords_are_removed_before_saving(text: str, saved: str) -> None:
    assert without_password(text) == saved


@pytest.mark.parametrize(
    ("text", "entry", "restored"),
    [
        ("ftp://joe:secret@host/", "ftp://joe:(password removed)@host/", ("ftp://joe:@host/", 10)),
        ("http://:pw@host/", "http://:(password removed)@host/", ("http://:@host/", 8)),
        ("http://joe:@host/", "http://joe:@host/", None),
        ("http://joe@host/", "http://joe@host/", None),
        ("http://host/a:b@c", "http://host/a:b@c", None),
    ],
)
def test_history_entries_say_where_a_password_was_removed(
    text: str, entry: str, restored: tuple[str, int] | None
) -> None:
    assert history_entry(text) == entry
    assert password_removed(entry) == restored
