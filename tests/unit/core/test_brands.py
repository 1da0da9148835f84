"""``embedded-brand``: a well-known domain written in front of another registrable
domain, read against the bundled top domains list (Chromium's)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from publicsuffixlist import PublicSuffixList

from urlinspector.core import destination, parse
from urlinspector.core.brands import (
    MIN_NAME_LENGTH,
    TOP_BUCKET_END,
    EmbeddedBrand,
    TopDomains,
    _tokens,
    embedded_brand,
    parse_top_domains,
)
from urlinspector.core.domain import registrable_domain
from urlinspector.core.lookalike import skeleton
from urlinspector.data import top_domains


@pytest.fixture(scope="module")
def top() -> TopDomains:
    return top_domains()


def _found(text: str, top: TopDomains) -> list[tuple[str, str]]:
    """The embedded-brand findings on *text*: (the typed text under the span, message)."""
    url = parse(text)
    return [
        (url.text[d.span[0] : d.span[1]], d.message)
        for d in destination(url, brands=top).findings
        if d.code == "embedded-brand"
    ]


@pytest.mark.parametrize(
    ("text", "under", "brand", "registrable"),
    [
        (
            "https://accounts.google.com.signin.session.verify.attackerdomain.example/",
            "google.com",
            "google.com",
            "attackerdomain.example",
        ),
        (
            "http://accounts.google.com.evil.example/login",
            "google.com",
            "google.com",
            "evil.example",
        ),
        (
            "https://www.paypal.com.secure-login.example.co.uk/",
            "paypal.com",
            "paypal.com",
            "example.co.uk",
        ),
        # hyphen-joined, as Chromium's tokens read them
        ("http://paypal-com.evil.example/", "paypal-com", "paypal.com", "evil.example"),
        ("http://www-paypal-com.evil.example/", "paypal-com", "paypal.com", "evil.example"),
        (
            "https://paypal-com-secure.example/",
            "paypal-com",
            "paypal.com",
            "paypal-com-secure.example",
        ),
        # deep nesting
        (
            "https://a.b.c.login.microsoft.com.x.y.z.evil.example/",
            "microsoft.com",
            "microsoft.com",
            "evil.example",
        ),
        # a brand under a registry of two labels
        ("http://amazon.co.uk.evil.example/", "amazon.co.uk", "amazon.co.uk", "evil.example"),
        # IDN: the registrable domain, and a Cyrillic look-alike of the brand itself
        ("http://accounts.google.com.exämple.com/", "google.com", "google.com", "exämple.com"),
        (
            "http://accounts.google.com.xn--exmple-cua.com/",
            "google.com",
            "google.com",
            "exämple.com",
        ),
        (
            "http://g\u043e\u043egle.com.evil.example/",
            "g\u043e\u043egle.com",
            "google.com",
            "evil.example",
        ),
        # as typed: upper case, an ideographic full stop; a private registry's sites
        ("http://ACCOUNTS.GOOGLE.COM.evil.example/", "GOOGLE.COM", "google.com", "evil.example"),
        (
            "http://accounts.google.com\u3002evil.example/",
            "google.com",
            "google.com",
            "evil.example",
        ),
        ("https://paypal.com.github.io/", "paypal.com", "paypal.com", "com.github.io"),
        (
            "https://user:pw@www.netflix.com.account-verify.example/",
            "netflix.com",
            "netflix.com",
            "account-verify.example",
        ),
    ],
)
def test_an_embedded_brand_is_a_warning(
    text: str, under: str, brand: str, registrable: str, top: TopDomains
) -> None:
    [(shown, message)] = _found(text, top)
    assert shown == under
    assert f"its registrable domain is {registrable}: this page is not {brand}'s" in message
    url = parse(text)
    [finding] = [d for d in destination(url, brands=top).findings if d.code == "embedded-brand"]
    assert (finding.severity, finding.category) == ("warning", "security")
    assert "lookalike_url_util.cc" in finding.reference


def test_the_message_names_both_domains(top: TopDomains) -> None:
    [(_, message)] = _found(
        "https://accounts.google.com.signin.session.verify.attackerdomain.example/", top
    )
    assert message == (
        "the host starts with accounts.google.com, but its registrable domain is "
        "attackerdomain.example: this page is not google.com's"
    )
    [(_, message)] = _found("http://g\u043e\u043egle.com.evil.example/", top)
    assert message.startswith("the host starts with g\u043e\u043egle.com (read as google.com), but")


@pytest.mark.parametrize(
    "text",
    [
        # the brand's own hosts: genuine subdomains, the domain itself, its other registries
        "https://mail.google.com/mail/",
        "https://accounts.google.com/",
        "https://google.com/",
        "https://www.google.com/",
        "https://google.co.uk/",
        "https://www.google.de/",
        "https://www.google.com.au/",
        "https://google.com.google.de/",
        "https://www.paypal.com/signin",
        "https://paypal.com.co/",
        # a name that merely contains a brand's, or ends with one
        "https://mygoogle.com/",
        "https://googlecom.example/",
        "https://super-best-fancy-hotels.com/",
        "https://notpaypal.com.evil.example/",
        # a name of 4 characters or fewer is not protected (as in Chromium)
        "https://www.ebay.com.evil.example/",
        "https://login.bing.com.evil.example/",
        # no registrable domain, or no host browsers contact
        "http://1.2.3.4/",
        "http://[::1]/",
        "https://github.io/",
        "https://co.uk/",
        "mailto:someone@paypal.com.evil.example",
        "foo://google.com.evil.example/",
        "https://example.com/?next=https://google.com.evil.example/",
    ],
)
def test_no_finding(text: str, top: TopDomains) -> None:
    assert _found(text, top) == []


def test_without_the_list_there_is_no_check() -> None:
    url = parse("http://accounts.google.com.evil.example/")
    assert [d for d in destination(url).findings if d.code == "embedded-brand"] == []


@pytest.mark.parametrize(
    ("host", "brand", "written", "leading", "registrable"),
    [
        ("a.paypal.com.b.evil.example", "paypal.com", "paypal.com", "a.paypal.com", "evil.example"),
        ("x-google-com-y.evil.example", "google.com", "google-com", "x-google-com", "evil.example"),
        # (the A-label of "g\u043e\u043egle", two Cyrillic o)
        (
            "xn--ggle-55da.com.evil.example",
            "google.com",
            "g\u043e\u043egle.com",
            "g\u043e\u043egle.com",
            "evil.example",
        ),
        # the last embedding before the registrable domain is the one reported
        (
            "paypal.com.google.com.evil.example",
            "google.com",
            "google.com",
            "paypal.com.google.com",
            "evil.example",
        ),
    ],
)
def test_the_record(
    host: str, brand: str, written: str, leading: str, registrable: str, top: TopDomains
) -> None:
    found = embedded_brand(host, registrable_domain(host), top)
    assert isinstance(found, EmbeddedBrand)
    assert (found.brand, found.written, found.leading, found.registrable) == (
        brand,
        written,
        leading,
        registrable,
    )
    if host.isascii() and "xn--" not in host:
        assert host[found.start : found.end] == written
    else:  # (an IDN label as a whole)
        assert host[found.start : found.end] == "xn--ggle-55da.com"


@given(
    st.lists(
        st.sampled_from(
            [
                "google",
                "com",
                "paypal",
                "co",
                "uk",
                "www",
                "evil",
                "example",
                "xn--ggle-55da",
                "xn--",
                "g\u043e\u043egle",
                "-",
                "ü",
                "1",
                "github",
                "io",
                "GOOGLE",
                "%2e",
            ]
        ),
        min_size=1,
        max_size=12,
    ),
    st.sampled_from([".", "-", "\u3002", "."]),
)
def test_any_host_gives_a_finding_or_none_never_an_error(parts: list[str], sep: str) -> None:
    text = f"https://{sep.join(parts)}/"
    url = parse(text)
    for d in destination(url, brands=top_domains()).findings:
        if d.code == "embedded-brand":
            assert 0 <= d.span[0] <= d.span[1] <= len(text)
            assert "registrable domain" in d.message


def test_no_registrable_domain_no_record(top: TopDomains) -> None:
    assert embedded_brand("google.com.evil.example", None, top) is None
    assert embedded_brand("", None, top) is None


# --- the list --------------------------------------------------------------------------


def _bundled_lines() -> tuple[list[str], list[str]]:
    from importlib import resources

    text = (resources.files("urlinspector.data") / "top_domains" / "domains.list").read_text(
        encoding="utf-8"
    )
    lines = text.splitlines()
    end = lines.index(TOP_BUCKET_END)
    return lines[:end], lines[end + 1 :]


def test_the_top_bucket_is_what_is_protected(top: TopDomains) -> None:
    bucket, rest = _bundled_lines()
    assert len(bucket) == 489
    assert len(rest) > 4000
    protected = set(top.by_skeleton.values())
    assert protected == {d for d in bucket if len(d.split(".")[0]) >= MIN_NAME_LENGTH}
    assert {"google.com", "paypal.com", "amazon.co.uk", "microsoft.com"} <= protected
    assert not protected & set(rest)  # e.g. zoho.com, 01net.com: after the top bucket
    assert "ebay.com" not in protected  # a name of 4 characters


def test_every_top_bucket_entry_is_a_registrable_domain() -> None:
    # parse_top_domains reads the first label as the name: true when every entry is
    # one label in front of a public suffix of the ICANN section (as Chromium reads it)
    icann = PublicSuffixList(only_icann=True)
    bucket, _ = _bundled_lines()
    assert [d for d in bucket if icann.privatesuffix(d) != d] == []


def test_parse_stops_at_the_top_bucket() -> None:
    text = f"google.com\nbbc.com\n# a note\n\n{TOP_BUCKET_END}\nzoho.com\n"
    parsed = parse_top_domains(text)
    assert sorted(parsed.by_skeleton.values()) == ["google.com"]
    assert len(parsed) == 1


def test_the_list_is_read_once() -> None:
    assert top_domains() is top_domains()


# --- the index of last tokens ------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "google",
        "g\u043e\u043egle",  # (Cyrillic о)
        "paypa1",
        "paypal",
        "amazon",
        "co",
        "uk",
        "com",
        "corn",
        "c\u043em",
        "rn",
        "www",
        "accounts",
        "microsoft",
        "xn--ggle-55da",
        "\u0660",  # (ARABIC-INDIC DIGIT ZERO, whose skeleton is a full stop's)
        "\u2024",  # (ONE DOT LEADER)
        "a\u0301",
        "\u0301",
        "evil",
    ]
)


@given(st.lists(_PIECES, min_size=1, max_size=6))
def test_a_runs_skeleton_is_its_tokens_joined(tokens: list[str]) -> None:
    # what embedded_brand relies on to look up a run by its tokens' skeletons
    assert skeleton(".".join(tokens)) == ".".join(skeleton(t) for t in tokens)


def _swept(host: str, registrable: str, top: TopDomains) -> str | None:
    """The brand of the first run, swept from the back, whose joined text's skeleton
    is a well-known domain's: the sweep without the index of last tokens."""
    labels = host.split(".")
    suffix_start = len(labels) - registrable.count(".")
    texts = [t.text for t in _tokens(labels) if t.label < suffix_start]
    for end in range(len(texts), 1, -1):
        for count in range(min(top.longest, end), 1, -1):
            brand = top.by_skeleton.get(skeleton(".".join(texts[end - count : end])))
            if brand is not None and brand.split(".", 1)[0] != registrable.split(".", 1)[0]:
                return brand
    return None


@given(
    st.lists(_PIECES, min_size=1, max_size=8),
    st.lists(st.sampled_from([".", "-"]), min_size=8, max_size=8),
    st.sampled_from(["evil.example", "example.co.uk", "google.de", "b.github.io"]),
)
def test_the_index_finds_what_the_sweep_finds(
    pieces: list[str], seps: list[str], tail: str
) -> None:
    top = top_domains()
    front = "".join(p + s for p, s in zip(pieces, seps, strict=False))
    host = front + tail
    registrable = registrable_domain(host)
    if registrable is None:
        return
    found = embedded_brand(host, registrable, top)
    assert (None if found is None else found.brand) == _swept(host, registrable, top)


def test_the_last_tokens_are_the_keys_ends(top: TopDomains) -> None:
    assert top.last_tokens == {key.split(".")[-1] for key in top.by_skeleton}
    assert skeleton("com") in top.last_tokens
    assert skeleton("example") not in top.last_tokens
