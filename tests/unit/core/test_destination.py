"""``destination``: where a URL leads, its verdict line and its JSON keys."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import Verdict, destination, parse


@pytest.mark.parametrize(
    ("text", "line", "differs"),
    [
        (
            "https://evil.com\\@good.com/",
            "Browsers contact: evil.com:443 (registrable domain evil.com) — not good.com, "
            "as RFC 3986 (2005) reads it",
            True,
        ),
        (
            "http://0x7f.1/",
            "Browsers contact: 127.0.0.1:80 (no registrable domain) — not 0x7f.1, "
            "as RFC 3986 (2005) reads it",
            True,
        ),
        (
            "http:/evil.com/",
            "Browsers contact: evil.com:80 (registrable domain evil.com) — not no host, "
            "as RFC 3986 (2005) reads it",
            True,
        ),
        (
            "http://example.com:8\t1/",
            "Browsers contact: example.com:81 (registrable domain example.com) — not "
            "example.com:80, as RFC 3986 (2005) reads it",
            True,
        ),
        (
            "https://login.paypal.com.evil.example.co.uk/",
            "Browsers contact: login.paypal.com.evil.example.co.uk:443 "
            "(registrable domain example.co.uk)",
            False,
        ),
        (
            "https://b.github.io/x",
            "Browsers contact: b.github.io:443 (registrable domain b.github.io)",
            False,
        ),
        (
            "http://аррӏе.com/login",
            "Browsers contact: xn--80ak6aa92e.com:80 (registrable domain xn--80ak6aa92e.com); "
            "Chromium and Firefox show it as punycode, not as аррӏе.com",
            False,
        ),
        (
            "http://faß.de/",
            "Browsers contact: xn--fa-hia.de:80 (registrable domain xn--fa-hia.de); "
            "Chromium shows it as punycode, not as faß.de",
            False,
        ),
        (
            "http://münchen.de/",
            "Browsers contact: xn--mnchen-3ya.de:80 (registrable domain xn--mnchen-3ya.de), "
            "shown as münchen.de",
            False,
        ),
        ("http://[::1]:8080/", "Browsers contact: [::1]:8080 (no registrable domain)", False),
        (
            "gopher://h/1x",
            "Browsers read the host as h (no registrable domain); they fetch no gopher: URLs "
            "themselves",
            False,
        ),
        ("file:///etc/hosts", "Browsers contact: no server (an empty host: a local file)", False),
        ("mailto:a@b.example", "Browsers contact: no server (a mailto: URL names no host)", False),
        ("http://example.0x7f/", "Browsers contact: nothing (they reject this URL)", False),
        (
            "g/h",
            "Browsers contact: nothing yet (a relative reference: give the base it is "
            "resolved against)",
            False,
        ),
        ("<URL:https://evil.com\\@good.com/>", None, True),  # inside a wrapper too
    ],
)
def test_verdict(text: str, line: str | None, differs: bool) -> None:
    verdict = destination(parse(text)).verdict
    if line is not None:
        assert verdict.text == line
    assert verdict.differs is differs
    assert verdict.to_dict()["text"] == verdict.text


def test_verdict_as_data() -> None:
    verdict = destination(parse("https://evil.com\\@good.com/")).verdict
    assert verdict == Verdict(
        host="evil.com",
        port=443,
        unicode_host=None,
        punycode_by=(),
        registrable_domain="evil.com",
        edition_host="good.com",
        edition_port=443,
        edition="RFC 3986 (2005)",
        differs=True,
        note=None,
        scheme="https",
    )
    assert verdict.warns
    assert verdict.to_dict() == {
        "text": verdict.text,
        "host": "evil.com",
        "port": 443,
        "unicode_host": None,
        "punycode_by": [],
        "registrable_domain": "evil.com",
        "differs": True,
        "warns": True,
        "fetched": True,
    }


@pytest.mark.parametrize(
    ("text", "warns"),
    [
        ("https://evil.com\\@good.com/", True),
        ("http://аррӏе.com/", True),  # shown as punycode
        ("javascript:alert(1)", True),
        ("data:text/html,<p>x", True),
        ("data:,x", False),
        ("http://münchen.de/", False),
        ("https://example.com/", False),
    ],
)
def test_when_the_verdict_warns(text: str, warns: bool) -> None:
    assert destination(parse(text)).verdict.warns is warns


def test_the_edition_is_the_urls() -> None:
    verdict = destination(parse("https://evil.com\\@good.com/", "rfc1738")).verdict
    assert verdict.text.endswith("— not good.com, as RFC 1738 (1994) reads it")


@pytest.mark.parametrize(
    "text",
    [
        "https://user:s3cr3t@evil.com/",
        "https://evil.com\\:s3cr3t@good.com/",
        "ftp://anonymous:s3cr3t@127.0.0.1/",
    ],
)
def test_the_verdict_never_shows_a_password(text: str) -> None:
    dest = destination(parse(text))
    assert "s3cr3t" not in dest.verdict.text
    assert "s3cr3t" not in str(dest.verdict.to_dict())


def test_a_password_the_edition_reads_into_the_host_is_masked() -> None:
    # 2396bis reads the whole authority as a reg-name: the host holds the password
    url = parse("http://user:s3cr3t@a_b.com:80/", "rfc2396bis-2003")
    assert url.host == "user:s3cr3t@a_b.com:80"
    dest = destination(url)
    assert dest.verdict.text.endswith(
        "— not user:••••@a_b.com:80, as 2396bis draft (2003) reads it"
    )
    [d] = (f for f in dest.findings if f.code == "browser-host")
    assert (
        d.message == "browsers contact a_b.com, not user:••••@a_b.com:80 (WHATWG URL host parsing)"
    )
    # urlopen leaves the userinfo in the host it connects to: masked there too
    assert "s3cr3t" not in str([f.message for f in dest.findings])
    assert "s3cr3t" not in str(dest.to_dict()["readers"])


def test_a_base() -> None:
    dest = destination(parse("../x"), "https://a.example.co.uk/b/c")
    assert dest.browser.href == "https://a.example.co.uk/x"
    assert dest.verdict.text == (
        "Browsers contact: a.example.co.uk:443, resolving ../x against the base "
        "(registrable domain example.co.uk)"
    )
    assert dest.verdict.resolved == "../x"


@pytest.mark.parametrize(
    ("text", "base", "line"),
    [
        # RFC 3986 §5.4.1's base and one of its examples
        ("g;x?y#s", "http://a/b/c/d;p?q", "Browsers contact: a:80, resolving g;x?y#s against"),
        # an absolute URL is read on its own: a base browsers reject does not matter
        ("https://example.org/", "not a base", "Browsers contact: example.org:443 (regis"),
        # a base browsers reject: nothing is contacted
        ("g", "not a base", "Browsers contact: nothing (they reject this URL)"),
    ],
)
def test_the_verdict_with_a_base(text: str, base: str, line: str) -> None:
    assert destination(parse(text), base).verdict.text.startswith(line)


def test_look_alikes_of_a_host_only_browsers_see() -> None:
    # the Cyrillic "а" is percent-encoded: parse sees ASCII, browsers decode it
    url = parse("http://ex%D0%B0mple.com/")
    assert not [d for d in url.diagnostics if d.code == "mixed-script"]
    found = {d.code: d for d in destination(url).findings}
    assert found["browser-host"].span == (9, 15)
    mixed = found["mixed-script"]
    assert (mixed.severity, mixed.category, mixed.span) == ("warning", "security", (7, 23))
    assert "'example'" in mixed.message
    assert "xn--exmple-4nf.com" in found["idn-punycode"].message


def test_look_alikes_parse_reported_are_not_repeated() -> None:
    url = parse("http://p\u0430ypal.com/")
    dest = destination(url)
    assert [d.code for d in url.diagnostics if d.code == "mixed-script"] == ["mixed-script"]
    assert [d.code for d in dest.diagnostics(url) if d.code == "mixed-script"] == ["mixed-script"]


def test_report_adds_keys_and_findings() -> None:
    url = parse("https://evil.com\\@good.com/")
    dest = destination(url)
    report = dest.report(url)
    own = url.to_dict()
    assert {k: v for k, v in report.items() if k != "diagnostics"} == {
        **{k: v for k, v in own.items() if k != "diagnostics"},
        **dest.to_dict(),
    }
    assert report["browser"] == {
        "href": "https://evil.com/@good.com/",
        "host": "evil.com",
        "port": 443,
        "valid": True,
    }
    assert report["registrable_domain"] == "evil.com"
    assert report["host_display"] is None
    codes = [d["code"] for d in report["diagnostics"]]
    assert "browser-host" in codes
    assert len(codes) == len(url.diagnostics) + len(dest.findings)
    spans = [d["span"] for d in report["diagnostics"]]
    assert spans == sorted(spans)


def test_report_of_a_rejected_url() -> None:
    url = parse("http://example.0x7f/")
    report = destination(url).report(url)
    assert report["browser"] == {"href": None, "host": None, "port": None, "valid": False}
    assert report["registrable_domain"] is None


def test_host_display_in_the_report() -> None:
    url = parse("http://аррӏе.com/")
    display = destination(url).report(url)["host_display"]
    assert display == {
        "unicode": "аррӏе.com",
        "ascii": "xn--80ak6aa92e.com",
        "shown": {"Chromium": "xn--80ak6aa92e.com", "Firefox": "xn--80ak6aa92e.com"},
        "punycode_because": [
            {"browser": "Chromium", "label": "аррӏе", "reason": "passes for a Latin name"},
            {"browser": "Firefox", "label": "аррӏе", "reason": "passes for a Latin name"},
        ],
    }


_URL_CHARS = st.sampled_from(
    [*"hxtps:/\\@.%0123456789abcdefABCDEF?#[]:\t\n ", "а", "ӏ", "\u200b", "\u202e", "ｅ", "。"]
)


@given(
    scheme=st.sampled_from(["http://", "https:", "HTTP:\\\\", "ftp://", "gopher://", "data:", ""]),
    rest=st.text(_URL_CHARS, max_size=40),
)
def test_never_raises_and_spans_stay_in_the_text(scheme: str, rest: str) -> None:
    url = parse(scheme + rest)
    dest = destination(url)
    n = len(url.text)
    for d in dest.findings:
        assert 0 <= d.span[0] <= d.span[1] <= n, d
        assert d.category in ("security", "syntax")
    assert dest.verdict.text.startswith(("Browsers contact: ", "Browsers read the host as "))
    assert (dest.verdict.host is None) or dest.browser.valid


def test_annotated_url() -> None:
    url = parse("https://evil.com\\@good.com/")
    dest = destination(url)
    shown = dest.annotated(url)
    assert shown.diagnostics == dest.diagnostics(url)
    assert (shown.text, shown.edition, shown.spans, shown.host) == (
        url.text,
        url.edition,
        url.spans,
        url.host,
    )
    assert shown.specific == url.specific
    assert [d.code for d in shown.security if d.code == "browser-host"] == ["browser-host"]
