"""Look-alike hosts: UTS #39 (ICU's data) and the browsers' IDN display policies."""

from __future__ import annotations

import pytest

from urlinspector.core import EDITIONS, describe_char, parse
from urlinspector.core.lookalike import POLICIES, host_display, host_findings

# (host, [(code, span relative to the host, words the message holds)])
CASES = [
    # whole-script confusable: every letter Cyrillic, every one passing for Latin
    (
        "аррӏе.com",
        [
            ("whole-script-confusable", (0, 5), ("Cyrillic", "Latin")),
            ("idn-punycode", (0, 9), ("xn--80ak6aa92e.com", "Chromium", "Firefox")),
        ],
    ),
    # the same host as its A-label: the finding spans the label as written
    (
        "xn--80ak6aa92e.com",
        [
            ("whole-script-confusable", (0, 14), ("Cyrillic",)),
            ("idn-punycode", (0, 18), ("xn--80ak6aa92e.com",)),
        ],
    ),
    # mixed scripts within a label, and the ASCII name it passes for
    (
        "p\u0430ypal.com",
        [
            ("mixed-script", (0, 6), ("Cyrillic", "Latin", "'paypal'")),
            ("idn-punycode", (0, 10), ("xn--pypal-4ve.com", "mixes scripts")),
        ],
    ),
    (
        "www.g\u043e\u043egle.com",
        [
            ("mixed-script", (4, 10), ("'google'",)),
            ("idn-punycode", (0, 14), ("www.xn--ggle-55da.com",)),
        ],
    ),
    # one script (Latin), yet a skeleton that is an ASCII name's
    (
        "\u0261oogle.com",
        [
            ("confusable-skeleton", (0, 6), ("'google'",)),
            ("idn-punycode", (0, 10), ("xn--oogle-qmc.com", "identifier sets")),
        ],
    ),
    # invisible and bidi-control characters, where they stand
    ("ex\u200bample.com", [("invisible-char", (2, 3), ("U+200B", "ZERO WIDTH SPACE"))]),
    ("ex\u00adample.com", [("invisible-char", (2, 3), ("U+00AD", "SOFT HYPHEN"))]),
    (
        "ex\u202eample.com",
        [("bidi-control", (2, 3), ("U+202E", "RIGHT-TO-LEFT OVERRIDE", "reorders"))],
    ),
    ("a\u200fb.com", [("bidi-control", (1, 2), ("U+200F",))]),
    # a deviation character: Chromium shows punycode, Firefox does not
    ("fa\u00df.de", [("idn-punycode", (0, 6), ("Chromium", "xn--fa-hia.de", "deviation"))]),
    # honest internationalized names: nothing to say
    ("münchen.de", []),
    ("xn--mnchen-3ya.de", []),
    ("日本語.jp", []),
    ("日本語かなカナ.jp", []),  # Han, Hiragana and Katakana: one writing system (Jpan)
    ("пример.рф", []),
    ("example.com", []),
    ("ＥＸＡＭＰＬＥ.com", []),  # full-width ASCII maps to ASCII (the WHATWG rules say so)
]


@pytest.mark.parametrize(("host", "expected"), CASES)
def test_host_findings(
    host: str, expected: list[tuple[str, tuple[int, int], tuple[str, ...]]]
) -> None:
    found = host_findings(host)
    assert [(f.code, f.span) for f in found] == [(code, span) for code, span, _ in expected]
    for f, (_, _, words) in zip(found, expected, strict=True):
        assert f.severity == "warning"
        assert f.reference
        for word in words:
            assert word in f.message or word in f.reference, (word, f)


def test_whole_script_under_its_own_scripts_tld_is_shown_in_unicode() -> None:
    # a Cyrillic name under a Cyrillic top-level domain: the browsers show it; the
    # UTS #39 look-alike is still said
    assert [f.code for f in host_findings("ѕсоре.рф")] == ["whole-script-confusable"]
    display = host_display("ѕсоре.рф")
    assert display is not None
    assert not display.punycode_shown
    assert display.shown == (("Chromium", "ѕсоре.рф"), ("Firefox", "ѕсоре.рф"))


@pytest.mark.parametrize(
    ("host", "chromium", "firefox"),
    [
        ("аррӏе.com", "xn--80ak6aa92e.com", "xn--80ak6aa92e.com"),
        ("xn--80ak6aa92e.com", "xn--80ak6aa92e.com", "xn--80ak6aa92e.com"),
        ("münchen.de", "münchen.de", "münchen.de"),
        ("xn--mnchen-3ya.de", "münchen.de", "münchen.de"),
        ("faß.de", "xn--fa-hia.de", "faß.de"),
        # Latin with Devanagari: Firefox's moderate profile allows it, Chromium's not;
        # Latin with Greek: neither (UTS #39 §5.2, moderately restrictive)
        ("abcनमस.com", "xn--abc-mih4a1d.com", "abcनमस.com"),
        ("abcαβγ.com", "xn--abc-qxcfg.com", "xn--abc-qxcfg.com"),
        # only the label that fails is shown as punycode
        ("pаypal.münchen.de", "xn--pypal-4ve.münchen.de", "xn--pypal-4ve.münchen.de"),
    ],
)
def test_display_policies(host: str, chromium: str, firefox: str) -> None:
    display = host_display(host)
    assert display is not None
    assert dict(display.shown) == {"Chromium": chromium, "Firefox": firefox}
    assert display.to_dict()["shown"] == {"Chromium": chromium, "Firefox": firefox}


@pytest.mark.parametrize("host", ["example.com", "ＥＸＡＭＰＬＥ.com", "ex\u202eample.com"])
def test_no_display_without_an_idn_label_or_any_idna_form(host: str) -> None:
    assert host_display(host) is None


def test_policies_are_data() -> None:
    assert [p.browser for p in POLICIES] == ["Chromium", "Firefox"]
    assert all(p.reference for p in POLICIES)


@pytest.mark.parametrize(
    ("char", "code_point", "name", "script"),
    [
        ("а", "U+0430", "CYRILLIC SMALL LETTER A", "Cyrillic"),
        ("a", "U+0061", "LATIN SMALL LETTER A", "Latin"),
        ("ӏ", "U+04CF", "CYRILLIC SMALL LETTER PALOCHKA", "Cyrillic"),
        ("-", "U+002D", "HYPHEN-MINUS", "Common"),
        ("\u0301", "U+0301", "COMBINING ACUTE ACCENT", "Inherited"),
        ("\U0001f600", "U+1F600", "GRINNING FACE", "Common"),
        ("\ue000", "U+E000", "", "Unknown"),
    ],
)
def test_describe_char(char: str, code_point: str, name: str, script: str) -> None:
    info = describe_char(char)
    assert (info.code_point, info.name, info.script) == (code_point, name, script)
    assert info.text == f"{code_point} {name or '(no name)'} ({script})"


def test_describe_char_takes_one_character() -> None:
    with pytest.raises(ValueError, match="one character"):
        describe_char("ab")


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_parse_reports_them_on_the_host_as_written(edition: str) -> None:
    url = parse("http://аррӏе.com/login", edition)
    found = {d.code: d for d in url.diagnostics}
    whole = found["whole-script-confusable"]
    assert (whole.severity, whole.category, whole.span) == ("warning", "security", (7, 12))
    # cited under the edition's own section on semantic attacks, and UTS #39
    assert whole.reference.startswith(EDITIONS[edition].cite("semantic-attack"))
    assert "UTS #39" in whole.reference
    assert found["idn-punycode"].span == (7, 16)
    assert "xn--80ak6aa92e.com" in found["idn-punycode"].message
    assert found["idn"].severity == "info"  # the other form, as before


def test_parse_spans_an_invisible_character() -> None:
    url = parse("http://ex\u200bample.com/")
    [d] = [d for d in url.diagnostics if d.code == "hidden-char"]
    assert d.span == (9, 10)
