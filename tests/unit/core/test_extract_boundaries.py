"""Where a URL in running text ends, in any script, and defanged URLs re-fanged.

* a table per boundary: whitespace, quotes and brackets that do not belong, trailing
  sentence punctuation (ASCII and full-width), CJK and other scripts' punctuation,
  balanced brackets that stay, the RFC 1738 / RFC 3986 appendix C wrappers with IRIs,
  the backslash browsers read as a slash;
* a table per defanged form, and text with none that is left as written;
* the property: every URL ``parse`` accepts (IRIs included: their only findings are
  ``non-ascii``), set in prose with the usual punctuation around it, is found whole;
* 1 MB hostile lines finish (the scan stays linear), each timed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from tests.unit.core.test_extract import check_spans
from tests.unit.core.test_parse_properties import component_text, host_text
from urlinspector.core import parse
from urlinspector.core.extraction import extract
from urlinspector.core.refang import DEFANGED_FORMS, defanged_in

# --- boundaries ----------------------------------------------------------------------------

IRI = "http://例え.jp/パス?q=値#節"

BOUNDARIES = [
    # whitespace of any kind
    ("http://a.example/x y", "http://a.example/x"),
    ("http://a.example/x\ty", "http://a.example/x"),
    ("http://a.example/x\u00a0y", "http://a.example/x"),  # no-break space
    ("http://例え.jp/x\u3000次", "http://例え.jp/x"),  # ideographic space
    ("http://a.example/x\u2028y", "http://a.example/x"),  # line separator
    ("http://a.example/x\ny", "http://a.example/x"),
    # quotes that do not belong
    ('"http://a.example/x"', "http://a.example/x"),
    ("'http://a.example/x'", "http://a.example/x"),
    ("“http://a.example/x”", "http://a.example/x"),
    ("‘http://a.example/x’", "http://a.example/x"),
    ("«http://a.example/x»", "http://a.example/x"),
    ("„http://a.example/x“", "http://a.example/x"),
    ("‹http://a.example/x›", "http://a.example/x"),
    ("「http://例え.jp/x」を", "http://例え.jp/x"),
    ("『http://例え.jp/x』", "http://例え.jp/x"),
    # brackets that do not belong
    ("(http://a.example/x)", "http://a.example/x"),
    ("[http://a.example/x]", "http://a.example/x"),
    ("{http://a.example/x}", "http://a.example/x"),
    ("（http://例え.jp/x）", "http://例え.jp/x"),
    ("【http://例え.jp/x】", "http://例え.jp/x"),
    ("〈http://例え.jp/x〉", "http://例え.jp/x"),
    ("《http://例子.中国/x》", "http://例子.中国/x"),
    ("〔http://例え.jp/x〕", "http://例え.jp/x"),
    # balanced brackets inside the URL stay
    ("see https://en.wikipedia.org/wiki/Foo_(bar).", "https://en.wikipedia.org/wiki/Foo_(bar)"),
    ("(https://en.wikipedia.org/wiki/Foo_(bar))", "https://en.wikipedia.org/wiki/Foo_(bar)"),
    ("(http://a.example/(S(x1y2))/Main/Login)", "http://a.example/(S(x1y2))/Main/Login"),
    ("[http://a.example/a[0]=1]", "http://a.example/a[0]=1"),
    ("{http://a.example/{id}}", "http://a.example/{id}"),
    ("https://de.wikipedia.org/wiki/Köln_(Begriffsklärung)", None),
    # trailing sentence punctuation, ASCII ...
    ("See http://a.example/x.", "http://a.example/x"),
    ("http://a.example/x, then", "http://a.example/x"),
    ("http://a.example/x; then", "http://a.example/x"),
    ("Go: http://a.example/x:", "http://a.example/x"),
    ("http://a.example/x!", "http://a.example/x"),
    ("Is it http://a.example/x?", "http://a.example/x"),
    ("http://a.example/x?!.", "http://a.example/x"),
    # ... and full-width, which end the URL even with no space after them
    ("http://例え.jp/x．次", "http://例え.jp/x"),
    ("http://例え.jp/x，次", "http://例え.jp/x"),
    ("http://例え.jp/x；次", "http://例え.jp/x"),
    ("http://例え.jp/x：次", "http://例え.jp/x"),
    ("http://例え.jp/x！次", "http://例え.jp/x"),
    ("http://例え.jp/x？次", "http://例え.jp/x"),
    # the ideographic full stop and other CJK punctuation
    ("请访问http://例子.中国/路径。谢谢", "http://例子.中国/路径"),
    ("http://例え.jp/x。", "http://例え.jp/x"),
    ("http://例え.jp/x、http://例え.jp/y", "http://例え.jp/x"),
    ("http://例え.jp/x｡次", "http://例え.jp/x"),  # half-width ideographic full stop
    ("http://例え.jp/x､次", "http://例え.jp/x"),
    # sentence marks of other scripts (Unicode Terminal_Punctuation)
    ("انظر http://مثال.إختبار/مسار، ثم", "http://مثال.إختبار/مسار"),
    ("هل هو http://مثال.إختبار/مسار؟", "http://مثال.إختبار/مسار"),
    ("देखें http://उदाहरण.भारत/पथ।", "http://उदाहरण.भारत/पथ"),
    ("Ἰδοὺ http://παράδειγμα.δοκιμή/α\u0387", "http://παράδειγμα.δοκιμή/α"),  # ano teleia
    ("Դիտեք http://օրինակ.հայ/ա։", "http://օրինակ.հայ/ա"),
    # other trailing punctuation
    ("http://a.example/x…", "http://a.example/x"),
    ("http://a.example/x—and", "http://a.example/x—and"),  # a dash inside stays
    ("http://a.example/x —", "http://a.example/x"),
    # no URL holds these
    ("http://a.example/x<b>", "http://a.example/x"),
    ("http://a.example/x>", "http://a.example/x"),
    ("`http://a.example/x`", "http://a.example/x"),
    ("http://a.example/x\x07y", "http://a.example/x"),
    ("http://a.example/x\x85y", "http://a.example/x"),  # C1 next line
    # the characters of IRIs stay: any script
    ("http://bücher.de/x", "http://bücher.de/x"),
    ("http://аррӏе.com/login", "http://аррӏе.com/login"),
    (f"see {IRI} now", IRI),
    ("http://a.example/caf\u0065\u0301", "http://a.example/caf\u0065\u0301"),
    ("http://xn--bcher-kva.de/x", "http://xn--bcher-kva.de/x"),
    ("http://a.example/😀/x", "http://a.example/😀/x"),
    ("http://col·legi.cat/", "http://col·legi.cat/"),  # the Catalan middle dot
    # invisible and bidi characters stay, so the parser can flag them
    ("http://a.example/\u202ex", "http://a.example/\u202ex"),
    ("http://exa\u200bmple.com/", "http://exa\u200bmple.com/"),
    # the backslash browsers read as a slash
    ("https://evil.com\\@good.com/", "https://evil.com\\@good.com/"),
    ("go to https://evil.com\\@good.com/.", "https://evil.com\\@good.com/"),
    ("http://a.example\\x\\y", "http://a.example\\x\\y"),
    # other characters browsers follow (escaped)
    ("http://a.example/a|b^c", "http://a.example/a|b^c"),
    # the wrappers (RFC 1738 appendix; RFC 3986 appendix C) with IRIs inside
    ("<http://例え.jp/x。y>", "http://例え.jp/x。y"),
    ("<URL:http://bücher.de/x>", "http://bücher.de/x"),
    ("参见<http://例子.中国/路径>。", "http://例子.中国/路径"),
    ("<http://bücher.de/a\n   b>", "http://bücher.de/ab"),
]


@pytest.mark.parametrize(("text", "expected"), BOUNDARIES)
def test_boundaries(text: str, expected: str | None) -> None:
    found = extract(text)
    check_spans(text, found)
    assert found, text
    assert found[0].url == (text if expected is None else expected)
    assert not found[0].refanged


@pytest.mark.parametrize(
    "text",
    [
        "Note: 12:30。",
        "「注意」：这不是URL。",
        "http://",
        "http://。",
        "http://」",
        "http:// example.com",
    ],
)
def test_no_url(text: str) -> None:
    assert extract(text) == ()


# --- re-fanging ----------------------------------------------------------------------------

REFANG = [
    ("hxxp://evil.example/x", "http://evil.example/x", ["hxxp"]),
    ("hXXp://evil.example/x", "http://evil.example/x", ["hxxp"]),
    ("hxxps://evil.example/x", "https://evil.example/x", ["hxxps"]),
    ("hXXps://evil.example/x", "https://evil.example/x", ["hxxps"]),
    ("HXXPS://EVIL.EXAMPLE/", "https://EVIL.EXAMPLE/", ["hxxps"]),
    ("fxp://files.example/pub", "ftp://files.example/pub", ["fxp"]),
    ("fxps://files.example/pub", "ftps://files.example/pub", ["fxps"]),
    ("https://evil[.]example/x", "https://evil.example/x", ["[.]"]),
    ("https://evil(.)example/x", "https://evil.example/x", ["(.)"]),
    ("https://evil{.}example/x", "https://evil.example/x", ["{.}"]),
    ("https://evil[dot]example/x", "https://evil.example/x", ["[dot]"]),
    ("https://evil[DOT]example/x", "https://evil.example/x", ["[dot]"]),
    ("https://evil(dot)example/x", "https://evil.example/x", ["(dot)"]),
    ("http[:]//evil.example/x", "http://evil.example/x", ["[:]"]),
    ("http[://]evil.example/x", "http://evil.example/x", ["[://]"]),
    ("https://user[at]evil.example/", "https://user@evil.example/", ["[at]"]),
    ("https://user[@]evil.example/", "https://user@evil.example/", ["[@]"]),
    ("mailto:john[at]example[.]com", "mailto:john@example.com", ["[at]", "[.]"]),
    ("mailto:john(at)example[.]com", "mailto:john@example.com", ["(at)", "[.]"]),
    ("hxxps://evil[.]example[/]login", "https://evil.example/login", ["hxxps", "[.]", "[/]"]),
    # "[:]" in the authority: before a port
    ("hxxps://evil[.]example[:]8443/x", "https://evil.example:8443/x", ["hxxps", "[.]", "[:]"]),
    (
        "hxxp[://]evil[.]example[:]81[/]x",
        "http://evil.example:81/x",
        ["hxxp", "[://]", "[.]", "[:]", "[/]"],
    ),
    # together, as threat feeds write them (OpenPhish, 2025)
    (
        "hxxps://rbfcu-star[.]azurewebsites[.]net/(S(smbmjyed5nxjv3yypxcg4oum))/Main/Login",
        "https://rbfcu-star.azurewebsites.net/(S(smbmjyed5nxjv3yypxcg4oum))/Main/Login",
        ["hxxps", "[.]", "[.]"],
    ),
    (
        "hxxp[:]//198[.]51[.]100[.]7/login[.]php",
        "http://198.51.100.7/login.php",
        ["hxxp", "[:]", "[.]", "[.]", "[.]", "[.]"],
    ),
    ("hXXps[://]evil[.]example", "https://evil.example", ["hxxps", "[://]", "[.]"]),
]


@pytest.mark.parametrize(("written", "url", "forms"), REFANG)
@pytest.mark.parametrize("around", ["{}", "IOC: {}.", "({})", "<{}>", '"{}"', "见{}。"])
def test_each_defanged_form(written: str, url: str, forms: list[str], around: str) -> None:
    text = around.format(written)
    if around.startswith("见{") and "//" not in written and "[://]" not in written:
        # a scheme without "//" glued to a word is prose ("注意nntp:URL"), defanged or not
        assert extract(text) == ()
        return
    (found,) = extract(text)
    check_spans(text, [found])
    assert found.url == url
    assert found.refanged
    assert found.original == written
    assert [r.form for r in found.refangs] == forms
    start, end = found.url_span
    assert text[start:end] == written
    assert found.original_span == (start, end)
    assert any("re-fanged" in n for n in found.notes)


def test_every_form_of_the_table_is_tested() -> None:
    tested = {form for _, _, forms in REFANG for form in forms}
    assert tested == {f.written for f in DEFANGED_FORMS}


def test_refang_spans_and_dict() -> None:
    text = "IOC: hxxps://evil[.]example/x"
    (found,) = extract(text)
    data = found.to_dict()
    assert data["refanged"] is True
    assert data["original"] == "hxxps://evil[.]example/x"
    assert data["original_span"] == [5, len(text)]
    assert data["refangs"] == [
        {"form": "hxxps", "written": "hxxps", "span": [5, 10], "meaning": "https"},
        {"form": "[.]", "written": "[.]", "span": [17, 20], "meaning": "."},
    ]


def test_refang_across_a_line_break_in_a_wrapper() -> None:
    text = "<hxxps://evil[.]ex\n   ample/long-\n   name>"
    (found,) = extract(text)
    assert found.url == "https://evil.example/long-name"
    assert found.alternative == "https://evil.example/longname"
    assert found.original == "hxxps://evil[.]example/long-name"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # brackets that are no defanged form stay as written
        ("http://a.example/search?q=[x]", ["http://a.example/search?q=[x]"]),
        ("http://a.example/a[0]=1&b[..]=2", ["http://a.example/a[0]=1&b[..]=2"]),
        ("http://a.example/f(x).html", ["http://a.example/f(x).html"]),
        # a defanged scheme is only a scheme
        ("http://a.example/hxxp/fxp", ["http://a.example/hxxp/fxp"]),
        ("https://hxxps.example/", ["https://hxxps.example/"]),
        # a separator form only after the scheme, or in the authority
        ("http://a.example/a[:]b", ["http://a.example/a[:]b"]),
        ("http://a.example/?x=a[:]b#c[:]d", ["http://a.example/?x=a[:]b#c[:]d"]),
        ("mailto:a[:]b", ["mailto:a[:]b"]),
        # prose with the forms and no URL: nothing
        ("the regex [.] matches a dot (dot) and [at] means @", []),
        ("evil[.]com without a scheme", []),
        ("x[:]y and [://] alone", []),
    ],
)
def test_text_without_defanged_urls_is_not_rewritten(text: str, expected: list[str]) -> None:
    found = extract(text)
    assert [f.url for f in found] == expected
    assert not any(f.refanged for f in found)


# --- the property: URLs parse accepts, set in prose, are found whole -----------------------

# letters, marks and digits of any script: IRI characters (RFC 3987 §2.2 ucschar)
_IRI_CHAR = st.characters(categories=("L", "M", "N"), min_codepoint=0x80)
_ASCII = "abcXYZ019-._~"
_label = st.text(st.one_of(_IRI_CHAR, st.sampled_from(_ASCII)), min_size=1, max_size=10)
iri_host = st.lists(_label, min_size=1, max_size=3).map(".".join)
iri_segment = st.one_of(
    component_text, st.text(st.one_of(_IRI_CHAR, st.sampled_from(_ASCII + "!$&'()*+,;=:@%")))
)


@st.composite
def accepted_urls(draw: st.DrawFn) -> str:
    """``scheme://[userinfo@]host[:port]/path[?query][#fragment]``: the hosts and
    components of test_parse_properties, and the same with non-ASCII characters."""
    text = draw(st.sampled_from(["http", "https", "ftp", "gopher", "foo", "svn+ssh"])) + "://"
    if draw(st.booleans()):
        text += draw(component_text) + "@"
    text += draw(st.one_of(host_text, iri_host))
    if draw(st.booleans()):
        text += ":" + str(draw(st.integers(0, 65535)))
    text += "/" + "/".join(draw(st.lists(iri_segment, max_size=4)))
    if draw(st.booleans()):
        text += "?" + draw(iri_segment)
    if draw(st.booleans()):
        text += "#" + draw(iri_segment)
    return text


def _accepted(url: str) -> bool:
    """``parse`` reads it as a URL with an authority, and finds nothing wrong with it but
    non-ASCII characters (which RFC 3987 allows in an IRI)."""
    parsed = parse(url)
    return (
        parsed.scheme is not None
        and parsed.host is not None
        and all(d.code == "non-ascii" for d in parsed.diagnostics if d.severity == "error")
    )


def _nested(url: str) -> bool:
    stack: list[str] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for c in url:
        if c in "([{":
            stack.append(c)
        elif c in pairs and (not stack or stack.pop() != pairs[c]):
            return False
    return not stack


PROSE = [
    "{}",
    "See {} for details.",
    "See {}.",
    "Links: {}, and more",
    "Is it {}? Yes.",
    "Go to {}: now",
    "Wow, {}!",
    "(see {})",
    "({}).",
    "[{}]",
    '"{}"',
    "'{}'",
    "“{}”",
    "«{}»",
    "<{}>",
    "<URL:{}>",
    "Read {}…",
    "请访问{}。谢谢",
    "詳しくは「{}」をご覧ください。",
    "リンク：{}、または",
    "参见（{}）。",
    "点击{}！",
    "Voir {} !",
]


@given(accepted_urls(), st.sampled_from(PROSE))
@example("https://en.wikipedia.org/wiki/Foo_(bar)", "({}).")
@example("http://例え.jp/パス?q=値#節", "請參閱{}。")
@example("http://аррӏе.com/login", "“{}”")
@example("https://evil.com\\@good.com/", "Click {}.")
def test_every_accepted_url_is_found_whole_in_prose(url: str, prose: str) -> None:
    assume(url[-1] not in ".,;:!?'" and _nested(url))
    assume(_accepted(url) or "\\" in url)
    scheme_end = url.index(":")
    assume(not defanged_in(url, 0, len(url), scheme_end))
    text = prose.format(url)
    found = extract(text)
    check_spans(text, found)
    assert [f.url for f in found] == [url]


def _plain(url: str) -> str:
    """*url* without brackets, and not ending in punctuation: one that stands alone."""
    url = url.translate({ord(c): None for c in "()[]{}"})
    return url + "x" if url[-1] in ".,;:!?'-" else url


_alone = accepted_urls().map(_plain).filter(_accepted)


@given(st.lists(_alone, min_size=2, max_size=4), st.sampled_from([" ", "\n", "、", " — "]))
def test_several_urls_in_a_row(urls: list[str], separator: str) -> None:
    text = separator.join(urls)
    assert [f.url for f in extract(text)] == urls


# --- linear time ---------------------------------------------------------------------------

MB = 1_000_000
HOSTILE = {
    "open-parens": "http://a.example/" + "(" * MB,
    "close-parens": "http://a.example/" + ")" * MB,
    "dots": "http://" + "." * MB,
    "ellipses": "http://a.example/" + "…" * MB,
    "defanged-dots": "hxxp://a" + "[.]a" * (MB // 4),
    "defanged-separators": "[:]" * (MB // 3),
    "schemes-and-separators": "a[:]" * (MB // 4),
    "defanged-urls": "hxxp[:]//a[.]b " * (MB // 15),
    "colons-after-mailto": "mailto:" + ":" * MB,
    "ideographic-stops": "http://例。" * (MB // 9),
    "non-ascii-run": "http://" + "é" * MB,
    "nested-brackets": "http://a/" + "([{" * (MB // 6) + "}])" * (MB // 6),
    "backslashes": "https://a" + "\\@" * (MB // 2),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_lines_finish(name: str, record_property: Callable[[str, object], None]) -> None:
    text = HOSTILE[name]
    assert len(text) >= MB * 0.99
    start = time.perf_counter()
    found = extract(text)
    elapsed = time.perf_counter() - start
    record_property("seconds", round(elapsed, 3))
    check_spans(text, found)
    # measured, not a benchmark: a quadratic scan of a megabyte takes hours, not seconds
    assert elapsed < 60, f"{name}: {elapsed:.1f} s"


@given(st.text(st.sampled_from("hxtp[]():/.{}@dotaé。 "), max_size=400))
def test_any_mix_of_defanged_pieces(text: str) -> None:
    check_spans(text, extract(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("IOC: hxxps://evil[.]com/x.", ["hxxps://evil[.]com/x"]),
        ("IOC: http[:]//evil[.]com/x and http[://]evil.com", []),
        ("<hxxp[:]//evil[.]com>", []),
        ("mailto:john[at]example[.]com", ["mailto:john[at]example[.]com"]),
        ("see http://bücher.de/x.", ["http://bücher.de/x"]),
    ],
)
def test_refang_can_be_turned_off(text: str, expected: list[str]) -> None:
    found = extract(text, refang=False)
    check_spans(text, found)
    assert [f.url for f in found] == expected
    assert not any(f.refanged for f in found)
