"""Bidi controls and invisible characters anywhere in a URL (core.checks.hidden): each
run a security warning naming its code points and what a reader sees instead, the
escaped forms in the path, query and fragment too, spans on the characters."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlinspector.core import EDITION_IDS, parse
from urlinspector.core.checks.hidden import displayed, is_bidi_control, is_hidden

# (text, code, severity, span, words the message holds)
CASES = [
    # Trojan Source in a file name: the override flips "fdp.exe"
    (
        "https://files.example.com/invoice\u202efdp.exe",
        "hidden-char",
        "warning",
        (33, 34),
        ("U+202E RIGHT-TO-LEFT OVERRIDE", "in the path", "invoiceexe.pdf"),
    ),
    # an override closed by PDF in the query: one run each, the first says it all
    (
        "https://example.com/?file=\u202etxt.exe\u202c&x=1",
        "hidden-char",
        "warning",
        (26, 27),
        ("U+202E RIGHT-TO-LEFT OVERRIDE", "in the query", "'file=exe.txt&x=1'"),
    ),
    # a zero-width space in the host: invisible, "paypal.com" is what shows
    (
        "https://paypa\u200bl.com/",
        "hidden-char",
        "warning",
        (13, 14),
        ("U+200B ZERO WIDTH SPACE", "in the host", "is invisible", "'paypal.com/'"),
    ),
    # a run of two in the userinfo: one finding naming both
    (
        "https://ad\u200d\u200cmin@example.com/",
        "hidden-char",
        "warning",
        (10, 12),
        ("U+200D ZERO WIDTH JOINER, U+200C ZERO WIDTH NON-JOINER", "in the userinfo"),
    ),
    # the Arabic letter mark and a byte order mark in the fragment
    (
        "https://example.com/#a\u061cb\ufeff",
        "hidden-char",
        "warning",
        (22, 23),
        ("U+061C ARABIC LETTER MARK", "in the fragment"),
    ),
    # tag characters smuggle text nobody sees ("ignore")
    (
        "https://example.com/x" + "".join(chr(0xE0000 + ord(c)) for c in "ignore"),
        "hidden-char",
        "warning",
        (21, 27),
        ("U+E0069 TAG LATIN SMALL LETTER I", "and 2 more", "are invisible", "'/x'"),
    ),
    # a soft hyphen, a Default_Ignorable_Code_Point from ICU's data, not a bidi control
    (
        "https://example.com/pay\u00adment",
        "hidden-char",
        "warning",
        (23, 24),
        ("U+00AD SOFT HYPHEN", "'/payment'"),
    ),
    # escaped in the path: a download's file name shows it decoded
    (
        "https://files.example.com/invoice%E2%80%AEfdp.exe",
        "encoded-hidden-char",
        "warning",
        (33, 42),
        ("%E2%80%AE", "U+202E RIGHT-TO-LEFT OVERRIDE", "file name", "invoiceexe.pdf"),
    ),
    # escaped in the query: a note (decoded by the server or a script, if shown at all)
    (
        "https://example.com/?q=a%e2%80%8bb",
        "encoded-hidden-char",
        "info",
        (24, 33),
        ("%e2%80%8b", "U+200B ZERO WIDTH SPACE", "in the query", "'q=ab'"),
    ),
    # escaped tag character in the fragment
    (
        "https://example.com/#%F3%A0%81%A9",
        "encoded-hidden-char",
        "info",
        (21, 33),
        ("U+E0069 TAG LATIN SMALL LETTER I", "in the fragment"),
    ),
]


@pytest.mark.parametrize(("text", "code", "severity", "span", "words"), CASES)
def test_hidden_characters_are_found(
    text: str, code: str, severity: str, span: tuple[int, int], words: tuple[str, ...]
) -> None:
    url = parse(text)
    found = [d for d in url.diagnostics if d.code == code]
    assert found, [d.code for d in url.diagnostics]
    d = found[0]
    assert (d.severity, d.category, d.span) == (severity, "security", span)
    for word in words:
        assert word in d.message, d.message
    assert d.reference.startswith("RFC 3986 §7.6; UTS #39 §3.1")


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize(
    "text",
    [
        "https://files.example.com/invoice\u202efdp.exe",
        "http://files.example.com/a%E2%80%AEb",
        "ftp://h/x\u200by",
    ],
)
def test_every_edition_and_route_finds_them(edition: str, text: str) -> None:
    codes = {d.code for d in parse(text, edition).diagnostics}
    assert codes & {"hidden-char", "encoded-hidden-char"}


@pytest.mark.parametrize(
    "text",
    [
        "https://example.com/caf%C3%A9?q=%E2%82%AC",  # é and €: nothing hidden
        "https://例え.jp/パス",
        "https://example.com/%E2%80%9Cquoted%E2%80%9D",  # curly quotes: visible
        "https://example.com/%C2%A0",  # no-break space: visible, not ignorable
    ],
)
def test_visible_characters_are_not_reported(text: str) -> None:
    codes = {d.code for d in parse(text).diagnostics}
    assert not codes & {"hidden-char", "encoded-hidden-char"}


def test_one_finding_per_character_in_the_host() -> None:
    # the host's look-alike check no longer says the same a second time
    url = parse("https://ex\u202eample.com/")
    on_it = [d.code for d in url.diagnostics if d.span == (10, 11) and d.category == "security"]
    assert on_it == ["hidden-char"]


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("invoice\u202efdp.exe", "invoiceexe.pdf"),
        ("a\u202eb(c)\u202cd", "a(c)bd"),  # reversed and mirrored, up to the PDF
        # an isolate alone leaves Latin letters in their order (they stay LTR in it)
        ("x\u2067abc\u2069y", "xabcy"),
        ("x\u2067\u202eabc\u202c\u2069y", "xcbay"),
        ("pay\u200bpal", "paypal"),
        ("plain", "plain"),
    ],
)
def test_displayed_follows_the_bidi_algorithm(written: str, shown: str) -> None:
    assert displayed(written) == shown


@pytest.mark.parametrize(
    ("char", "hidden", "bidi"),
    [
        ("\u202e", True, True),
        ("\u2066", True, True),
        ("\u200e", True, True),
        ("\u061c", True, True),
        ("\u200b", True, False),
        ("\ufeff", True, False),
        ("\U000e0041", True, False),
        ("\u3164", True, False),  # HANGUL FILLER
        ("\ufe0f", True, False),  # VARIATION SELECTOR-16
        ("a", False, False),
        ("\u00a0", False, False),
        ("é", False, False),
    ],
)
def test_the_character_data_is_unicode_s(char: str, hidden: bool, bidi: bool) -> None:
    assert is_hidden(char) is hidden
    assert is_bidi_control(char) is bidi


@pytest.mark.parametrize(
    ("unit", "code"),
    [
        ("a\u202e", "hidden-char"),
        ("a%E2%80%AE", "encoded-hidden-char"),
        ("\xad\x7f", "hidden-char"),
    ],
)
def test_thousands_of_hidden_characters_show_the_display_of_the_first_only(
    monkeypatch: pytest.MonkeyPatch, unit: str, code: str
) -> None:
    """Each display is worked out over the rest of the URL: a URL of thousands of
    hidden characters works out the first few, not one for each (which took minutes
    for 64 KiB), and every character still has its finding."""
    from urlinspector.core.checks import hidden

    calls: list[str] = []

    def counted(text: str) -> str:
        calls.append(text)
        return displayed(text)

    monkeypatch.setattr(hidden, "displayed", counted)
    runs = 3000
    found = [d for d in parse("http://h/" + unit * runs).diagnostics if d.code == code]
    assert len(found) == runs
    assert len(calls) == hidden._DISPLAYED
    assert all(" is shown as " in d.message for d in found[: hidden._DISPLAYED])
    later = found[hidden._DISPLAYED :]
    assert all(f"the first {hidden._DISPLAYED} findings of its kind" in d.message for d in later)


# --- lone surrogates ------------------------------------------------------------------------

_NEAR_SURROGATES = st.text(
    st.sampled_from(
        (
            *("\ud800", "\udbff", "\udc00", "\udc80", "\udfff", "\u202e", "\u202d", "\u202c"),
            *("\u2066", "\u2067", "\u2068", "\u2069", "\u200b", "\u200f", "\u061c", "\ufeff"),
            *("a", "(", ")", "[", "\u05d0", "1", " ", "/", "."),
        )
    ),
    min_size=1,
    max_size=12,
)
"""Lone surrogates beside bidi controls and invisible characters: the bidi algorithm
reorders a pair's halves apart, which ICU cannot give back as text."""


@pytest.mark.parametrize(
    "text", ["\udbff\u2069\udc00\udc00", "\u2069\udfff\ud800\udfff", " (\udbff\udfff)\udbff\u202c"]
)
def test_lone_surrogates_are_displayed_as_replacement_characters(text: str) -> None:
    shown = displayed(text)
    assert "\ufffd" in shown
    assert not any("\ud800" <= c <= "\udfff" for c in shown)


@pytest.mark.parametrize("edition", EDITION_IDS)
@settings(max_examples=settings().max_examples * 2)
@given(st.sampled_from(["http://a/", "http://", "http://a/?", "ftp://u:"]), _NEAR_SURROGATES)
def test_parse_never_raises_on_lone_surrogates(edition: str, head: str, tail: str) -> None:
    url = parse(head + tail, edition)
    found = [d for d in url.diagnostics if d.code == "lone-surrogate"]
    runs = re.findall("[\ud800-\udfff]+", head + tail)
    assert len(found) == len(runs)
    assert all(d.severity == "warning" and d.category == "security" for d in found)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "http://h/" + b"\xff".decode("utf-8", "surrogateescape"),
            "U+DCFF in the path is a lone surrogate, no character: an octet that is not "
            "UTF-8, as Python keeps undecodable input; no text holds one, so it is shown as "
            "U+FFFD and cannot be sent as written",
        ),
        (
            "http://h\ud800\udfff/",
            "U+D800, U+DFFF in the host are lone surrogates, no character: halves of UTF-16 "
            "pairs, or octets that are not UTF-8; no text holds one, so it is shown as U+FFFD "
            "and cannot be sent as written",
        ),
    ],
)
def test_a_lone_surrogate_is_a_finding(text: str, message: str) -> None:
    [found] = (d for d in parse(text).diagnostics if d.code == "lone-surrogate")
    assert found.message == message
    assert text[found.span[0] : found.span[1]].isascii() is False
