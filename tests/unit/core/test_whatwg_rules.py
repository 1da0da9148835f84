"""Every WHATWG rule that sends browsers elsewhere: its detector's spans, and the
finding :func:`destination` makes of it."""

from __future__ import annotations

import pytest

from urlinspector.core import Diagnostic, browser_reading, destination, parse
from urlinspector.core.whatwg_rules import RULES, responsible_rules

# (URL, the rule responsible, its spans, the host browsers contact, the edition's host)
CASES = [
    ("https://evil.com\\@good.com/", "backslash", ((16, 17),), "evil.com", "good.com"),
    ("http://evil.com\\.good.com/", "backslash", ((15, 16),), "evil.com", "evil.com\\.good.com"),
    # only the characters up to the host's end: those in the path change no host
    ("https://evil.com\\@good.com/a\\b", "backslash", ((16, 17),), "evil.com", "good.com"),
    ("https:\\\\evil.com/", "backslash", ((6, 7), (7, 8)), "evil.com", None),
    ("http://exa\tmple.com/", "tab-newline", ((10, 11),), "example.com", "exa\tmple.com"),
    ("http://exa\tmple.com/p\tq", "tab-newline", ((10, 11),), "example.com", "exa\tmple.com"),
    (
        "http://ex\na\r\nmple.com/",
        "tab-newline",
        ((9, 10), (11, 12), (12, 13)),
        "example.com",
        "ex\na\r\nmple.com",
    ),
    ("http://example.com\x01", "c0-space", ((18, 19),), "example.com", "example.com\x01"),
    ("http:/evil.com/", "special-slashes", ((5, 6),), "evil.com", None),
    ("http:evil.com", "special-slashes", ((5, 5),), "evil.com", None),
    ("https:///evil.com/", "special-slashes", ((6, 9),), "evil.com", ""),
    ("http://ex%61mple.com/", "host-percent-decoding", ((9, 12),), "example.com", "ex%61mple.com"),
    (
        "http://%65vil.com%2e/",
        "host-percent-decoding",
        ((7, 10), (17, 20)),
        "evil.com.",
        "%65vil.com%2e",
    ),
    (
        "http://ｅｘａｍｐｌｅ。com/",
        "idna-mapping",
        tuple((i, i + 1) for i in range(7, 15)),
        "example.com",
        "ｅｘａｍｐｌｅ。com",
    ),
    ("http://ex\u00admple.com/", "idna-mapping", ((9, 10),), "exmple.com", "ex\u00admple.com"),
    ("http://ex\u200bample.com/", "idna-mapping", ((9, 10),), "example.com", "ex\u200bample.com"),
    ("http://0x7f.1/", "ipv4-number", ((7, 13),), "127.0.0.1", "0x7f.1"),
    ("http://2130706433/", "ipv4-number", ((7, 17),), "127.0.0.1", "2130706433"),
    ("http://0177.0.0.1/", "ipv4-number", ((7, 17),), "127.0.0.1", "0177.0.0.1"),
    ("http://127.1/", "ipv4-number", ((7, 12),), "127.0.0.1", "127.1"),
]


@pytest.mark.parametrize(("text", "code", "spans", "browser_host", "edition_host"), CASES)
def test_the_rule_and_its_spans(
    text: str,
    code: str,
    spans: tuple[tuple[int, int], ...],
    browser_host: str,
    edition_host: str | None,
) -> None:
    url = parse(text)
    reading = browser_reading(url.uri)
    assert (reading.host, url.host) == (browser_host, edition_host)
    matches = responsible_rules(url, reading)
    assert [(m.rule.code, m.spans) for m in matches] == [(code, spans)]


@pytest.mark.parametrize(("text", "code", "spans", "browser_host", "edition_host"), CASES)
def test_the_finding(
    text: str,
    code: str,
    spans: tuple[tuple[int, int], ...],
    browser_host: str,
    edition_host: str | None,
) -> None:
    url = parse(text)
    found = [d for d in destination(url).findings if d.code == "browser-host"]
    assert len(found) == 1
    d = found[0]
    rule = next(r for r in RULES if r.code == code)
    assert (d.severity, d.category) == ("warning", "security")
    assert d.span == (spans[0][0], spans[-1][1])
    assert d.message.startswith(f"browsers contact {browser_host}, not ")
    assert f"they {rule.reads} ({rule.reference})" in d.message
    assert d.reference == rule.reference


def _browsers(findings: tuple[Diagnostic, ...]) -> list[Diagnostic]:
    """The findings on where browsers go (not on where libraries go: core.readers)."""
    return [d for d in findings if not d.code.startswith("reader-")]


def test_the_message_names_both_hosts_and_the_rule() -> None:
    [d] = _browsers(destination(parse("https://evil.com\\@good.com/")).findings)
    assert d == Diagnostic(
        code="browser-host",
        severity="warning",
        category="security",
        span=(16, 17),
        message="browsers contact evil.com, not good.com: they read '\\' as '/' "
        "(WHATWG URL, special authority slashes)",
        reference="WHATWG URL, special authority slashes",
    )


def test_a_port_read_otherwise() -> None:
    url = parse("http://example.com:8\t1/")
    [d] = _browsers(destination(url).findings)
    assert d.code == "browser-port"
    assert d.span == (20, 21)
    assert d.message.startswith("browsers contact example.com:81, not example.com:80: ")


@pytest.mark.parametrize(
    "text",
    [
        "http://example.com/",
        "https://user:pw@example.com:8443/a?b#c",
        "HTTP://EXAMPLE.COM/",  # case is no difference
        "http://münchen.de/",  # nor the A-label form of a U-label
        "http://MÜNCHEN.de/",
        "http://\u2603.net/",  # an emoji: no IDNA2008 label, yet UTS #46 and browsers take it
        "http://faß.de/",  # a deviation: browsers keep the ß (nontransitional)
        "http://[0:0::1]/",  # nor an IPv6 address written long
        "http://127.0.0.1/",
        "gopher://h/1x\\y",  # "\" is a path character outside the special schemes
        "foo://h/x\\y",
        "file:///c:\\x",
    ],
)
def test_no_difference_no_rule_no_finding(text: str) -> None:
    url = parse(text)
    dest = destination(url)
    assert not [d for d in dest.findings if d.code.startswith("browser-")]
    assert not dest.verdict.differs


@pytest.mark.parametrize("text", ["gopher://h/1x\\y", "foo://a\\b@h/"])
def test_backslash_is_no_delimiter_outside_special_schemes(text: str) -> None:
    url = parse(text)
    assert not responsible_rules(url, browser_reading(text))


def test_every_rule_has_a_case() -> None:
    assert {code for _, code, *_ in CASES} == {r.code for r in RULES}


def test_a_difference_no_rule_explains_still_warns() -> None:
    # 2396bis reads an authority that is no valid server as a reg-name (its §3.2.1):
    # the whole authority is the host, where browsers read a user and a host
    url = parse("http://user@a_b.com:80/", "rfc2396bis-2003")
    assert url.host == "user@a_b.com:80"
    [d] = _browsers(destination(url).findings)
    assert (d.code, d.severity, d.span) == ("browser-host", "warning", (7, 22))
    assert d.message == "browsers contact a_b.com, not user@a_b.com:80 (WHATWG URL host parsing)"


def test_browsers_reject() -> None:
    url = parse("http://exa%20mple.com/")  # browsers refuse a space in a host
    dest = destination(url)
    assert not dest.browser.valid
    assert [(d.code, d.severity, d.category) for d in _browsers(dest.findings)] == [
        ("browser-invalid", "info", "syntax")
    ]
    assert dest.verdict.text == "Browsers contact: nothing (they reject this URL)"


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        # full-width digits are mapped, then the host reads as an IPv4 address
        ("http://１２７.0.0.1/", [("idna-mapping", (7, 10)), ("ipv4-number", (7, 16))]),
        # an escaped dot is decoded, then the host reads as an IPv4 address
        ("http://0x7f%2e1/", [("host-percent-decoding", (11, 14)), ("ipv4-number", (7, 15))]),
        # spaces stripped make the scheme http; the backslashes are its slashes
        ("  http:\\\\evil.com", [("c0-space", (0, 2)), ("backslash", (7, 9))]),
    ],
)
def test_several_rules_at_once(text: str, rules: list[tuple[str, tuple[int, int]]]) -> None:
    url = parse(text)
    matches = responsible_rules(url, browser_reading(url.uri))
    assert sorted((m.rule.code, m.span) for m in matches) == sorted(rules)
    found = [(d.code, d.span) for d in _browsers(destination(url).findings)]
    assert found == sorted(("browser-host", span) for _, span in rules)
