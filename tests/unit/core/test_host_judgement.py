"""``core.host_judgement``: what follows from a host alone, judged once per host, and
:func:`destination` giving the same answer with a shared :class:`HostJudge` as without."""

from __future__ import annotations

import pytest

from urlinspector.core import destination, parse
from urlinspector.core.brands import embedded_brand, lookalike_domain
from urlinspector.core.domain import registrable_domain
from urlinspector.core.host_judgement import HostJudge, judge_host
from urlinspector.core.lookalike import host_display, host_findings
from urlinspector.data import top_domains


@pytest.mark.parametrize(
    ("host", "registrable", "embedded", "lookalike", "wrapper_host"),
    [
        ("www.example.com", "example.com", None, None, False),
        ("paypal.com.evil.net", "evil.net", "paypal.com", None, False),
        ("xn--80ak6aa92e.com", "xn--80ak6aa92e.com", None, "apple.com", False),
        ("l.facebook.com", "facebook.com", None, None, True),
        ("nam02.safelinks.protection.outlook.com", "outlook.com", None, None, True),
        ("[::1]", None, None, None, False),
        ("127.0.0.1", None, None, None, False),
    ],
)
def test_judge_host(
    host: str,
    registrable: str | None,
    embedded: str | None,
    lookalike: str | None,
    wrapper_host: bool,
) -> None:
    brands = top_domains()
    judged = judge_host(host, brands)
    assert judged.registrable_domain == registrable == registrable_domain(host)
    assert (judged.embedded and judged.embedded.brand) == embedded
    assert judged.embedded == embedded_brand(host, registrable, brands)
    assert judged.lookalike_domain == lookalike == lookalike_domain(host, brands)
    assert judged.wrapper_host is wrapper_host
    named = not host.startswith("[")
    assert judged.display == (host_display(host) if named else None)
    assert judged.lookalikes == (host_findings(host) if named else ())


@pytest.mark.parametrize("host", [None, ""])
def test_no_host(host: str | None) -> None:
    judged = judge_host(host, top_domains())
    assert (judged.registrable_domain, judged.display, judged.embedded) == (None, None, None)


def test_without_brands_no_brand_is_looked_for() -> None:
    judged = judge_host("paypal.com.evil.net", None)
    assert (judged.embedded, judged.lookalike_domain) == (None, None)


def test_judge_keeps_each_host_once_and_is_bounded() -> None:
    judge = HostJudge(top_domains(), size=2)
    first = judge("a.example.com")
    assert judge("a.example.com") is first
    judge("b.example.com")
    judge("c.example.com")  # (the third distinct host: it starts afresh)
    assert judge("a.example.com") == first
    assert judge("x" * 10_000 + ".com").registrable_domain is not None


URLS = [
    "http://www.example.com/a?b#c",
    "https://paypal.com.evil.net/login",
    "http://xn--80ak6aa92e.com/",
    "http://аррӏе.com/",
    "https://l.facebook.com/l.php?u=http%3A%2F%2Fpaypal.com.evil.net%2F",
    "http://evil.com\\@good.com/",
    "http://[::1]:8080/",
    "mailto:user@example.com",
    "javascript:alert(1)",
    "../relative",
]


@pytest.mark.parametrize("text", URLS)
def test_destination_with_a_shared_judge_is_the_same(text: str) -> None:
    brands = top_domains()
    judge = HostJudge(brands)
    url = parse(text)
    alone = destination(url, brands=brands)
    for _ in range(2):  # (the second time from what the judge kept)
        assert destination(url, brands=brands, hosts=judge) == alone


def test_a_judge_with_other_brands_is_misuse() -> None:
    with pytest.raises(ValueError, match="other brands"):
        destination(parse("http://example.com/"), brands=top_domains(), hosts=HostJudge(None))
