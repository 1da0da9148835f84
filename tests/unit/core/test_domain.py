"""The registrable domain, from the Public Suffix List (ICANN and private sections)."""

from __future__ import annotations

import pytest

from urlinspector.core import registrable_domain
from urlinspector.core.domain import public_suffix


@pytest.mark.parametrize(
    ("host", "registrable", "suffix"),
    [
        # the ICANN section
        ("login.paypal.com.evil.example.co.uk", "example.co.uk", "co.uk"),
        ("www.example.com", "example.com", "com"),
        ("example.com", "example.com", "com"),
        ("a.b.example.com.au", "example.com.au", "com.au"),
        ("city.kawasaki.jp", "city.kawasaki.jp", "kawasaki.jp"),  # exception (!city...)
        ("a.b.kawasaki.jp", "a.b.kawasaki.jp", "b.kawasaki.jp"),  # a wildcard (*.kawasaki)
        ("xn--80ak6aa92e.com", "xn--80ak6aa92e.com", "com"),
        ("www.xn--e1afmkfd.xn--p1ai", "xn--e1afmkfd.xn--p1ai", "xn--p1ai"),
        # the private section: each user's site is a registrable domain of its own
        ("b.github.io", "b.github.io", "github.io"),
        ("x.b.github.io", "b.github.io", "github.io"),
        ("myapp.herokuapp.com", "myapp.herokuapp.com", "herokuapp.com"),
        # case and a trailing dot do not matter
        ("WWW.Example.COM.", "example.com", "com"),
    ],
)
def test_registrable_domain(host: str, registrable: str, suffix: str) -> None:
    assert registrable_domain(host) == registrable
    assert public_suffix(host) == suffix


@pytest.mark.parametrize("host", ["co.uk", "github.io", "com"])
def test_a_public_suffix_has_none(host: str) -> None:
    assert registrable_domain(host) is None
    assert public_suffix(host) == host


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "10.0.0.255.", "[::1]", "[2001:db8::1]", "", None, "."]
)
def test_addresses_and_no_host_have_none(host: str | None) -> None:
    assert registrable_domain(host) is None
    assert registrable_domain(host, icann_only=True) is None
    assert public_suffix(host) is None


@pytest.mark.parametrize(
    ("host", "icann"),
    [("b.github.io", "github.io"), ("login.example.co.uk", "example.co.uk"), ("co.uk", None)],
)
def test_the_icann_section_alone(host: str, icann: str | None) -> None:
    assert registrable_domain(host, icann_only=True) == icann


@pytest.mark.parametrize(
    ("host", "registrable"),
    [
        ("host1.example.com", "example.com"),
        ("a.b.c.d1", "c.d1"),  # (ends with a digit, four labels, but no address)
        ("1.2.3.example", "3.example"),
        ("1.2.3.4.5", "4.5"),
        ("www.example.co.uk.", "example.co.uk"),
    ],
)
def test_names_that_look_numeric_are_names(host: str, registrable: str) -> None:
    assert registrable_domain(host) == registrable
