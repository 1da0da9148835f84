"""A host that reads as a well-known domain says which: ``аррӏе.com`` (all Cyrillic)
looks like apple.com, as a person reads it, not only like its skeleton 'appie'."""

from __future__ import annotations

import pytest

from urlinspector.core import destination, parse
from urlinspector.core.brands import lookalike_domain
from urlinspector.core.lookalike import ascii_readings, host_findings
from urlinspector.data import top_domains

APPLE = "\u0430\u0440\u0440\u04cf\u0435"  # а р р ӏ е: Cyrillic, the palochka drawn as l


@pytest.mark.parametrize(
    ("label", "readings"),
    [
        (APPLE, ("appie", "apple")),  # ӏ is confusable with i, its capital Ӏ with l
        ("p\u0430ypal", ("paypal",)),
        ("g\u043e\u043egle", ("google",)),
        ("\u0261oogle", ("google",)),
        ("example", ()),  # all ASCII: nothing to read otherwise
        ("b\u00fccher", ()),  # ü has no ASCII look-alike
    ],
)
def test_ascii_readings(label: str, readings: tuple[str, ...]) -> None:
    assert ascii_readings(label) == readings


@pytest.mark.parametrize(
    ("host", "domain"),
    [
        (f"{APPLE}.com", "apple.com"),
        (f"www.{APPLE}.com", "apple.com"),
        ("xn--80ak6aa92e.com", "apple.com"),  # the same host as its A-label
        ("p\u0430ypal.com", "paypal.com"),
        ("apple.com", None),  # the site itself
        ("b\u00fccher.de", None),
        ("g\u043e\u043egle.com.evil.example", None),  # an embedded brand: its own finding
    ],
)
def test_lookalike_domain(host: str, domain: str | None) -> None:
    assert lookalike_domain(host, top_domains()) == domain


def test_the_finding_names_the_domain_it_looks_like() -> None:
    url = parse(f"http://{APPLE}.com/login")
    found = {d.code: d for d in destination(url, brands=top_domains()).diagnostics(url)}
    lookalike = found["lookalike-domain"]
    assert "looks like apple.com" in lookalike.message
    assert lookalike.severity == "warning"
    assert lookalike.span == (7, 7 + len(APPLE) + 4)
    whole = found["whole-script-confusable"]
    assert "looks like 'appie' or 'apple'" in whole.message
    assert "passes for '" not in whole.message


def test_the_label_finding_says_looks_like_not_passes_for() -> None:
    messages = [f.message for f in host_findings(f"{APPLE}.com")]
    assert any("looks like 'appie' or 'apple'" in m for m in messages)
    assert not any("passes for '" in m for m in messages)
