"""The host's findings word by word: each way an IP-literal can be malformed, and what a
dotted number over 255 is read as (core/checks/host.py)."""

from __future__ import annotations

import pytest

from urlinspector.core import parse


@pytest.mark.parametrize(
    ("text", "edition", "message"),
    [
        # RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        (
            "http://[::1/",
            "rfc3986",
            "'[::1' is not an IPv6 address or IPvFuture literal (the closing ']' is missing)",
        ),
        (
            "http://[::1]x/",
            "rfc3986",
            "'[::1]x' is not an IPv6 address or IPvFuture literal"
            " (only ':' and a port may follow ']')",
        ),
        ("http://[::g]/", "rfc3986", "'[::g]' is not an IPv6 address or IPvFuture literal"),
        # RFC 2396bis draft 2003 has IPv6 literals but no IPvFuture
        ("http://[::g]/", "rfc2396bis-2003", "'[::g]' is not an IPv6 address"),
    ],
)
def test_invalid_ip_literal_says_what_is_wrong(text: str, edition: str, message: str) -> None:
    (d,) = [d for d in parse(text, edition).diagnostics if d.code == "invalid-ip-literal"]
    assert d.message == message
    assert parse(text, edition).host_kind == "ipv6"


@pytest.mark.parametrize(
    ("edition", "severity", "host_kind", "tail"),
    [
        # RFC 3986 §3.2.2: a dotted number that is no IPv4address is a reg-name
        ("rfc3986", "warning", "reg-name", "over 255; it is read as a registered name"),
        # RFC 1738 §5: hostnumber = digits "." digits "." digits "." digits
        ("rfc1738", "error", "ipv4", "over 255"),
    ],
)
def test_octets_over_255(edition: str, severity: str, host_kind: str, tail: str) -> None:
    url = parse("http://192.168.1.256/", edition)
    (d,) = [d for d in url.diagnostics if d.code == "ipv4-octet-range"]
    assert (d.severity, url.host_kind) == (severity, host_kind)
    assert d.message == f"'192.168.1.256' looks like an IPv4 address but 256 is {tail}"
    # four decimal parts name no address in any form: no rare-IPv4 reading of it
    assert not [d for d in url.diagnostics if d.code == "rare-ipv4"]
