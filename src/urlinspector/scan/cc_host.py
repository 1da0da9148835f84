"""Common Crawl's host columns, in Common Crawl's forms.

The columnar URL index (cc-index-table, its ``cc-index-schema-flat.json``) describes
a URL's host by these columns; its ``HostName`` class derives them from the crawled
URL's host, lower-cased, IDN labels as A-labels (``xn--``), a final dot dropped:

- ``url_host_name``: that host (an IP address included: IPv6 in brackets);
- ``url_host_tld``, ``url_host_2nd_last_part`` ... ``url_host_5th_last_part``: its
  labels from the last (null past the first label, and for an IP address);
- ``url_host_registry_suffix``: its public suffix by the ICANN section of the Public
  Suffix List (``co.uk``); ``url_host_private_suffix``: by both sections
  (``github.io``); null for an IP address;
- ``url_host_name_reversed``: its labels in reverse order, joined by dots
  (``com.example.www``); null for an IP address.

The host is the one browsers contact (the WHATWG reading, by ada-url), so a row has
these columns exactly when browsers read a host in its URL; the host as written is
the row's ``host_written``; the URL's ``url_surtkey`` is :mod:`.surtkey`'s.
"""

from __future__ import annotations

import ipaddress
from functools import cache
from typing import NamedTuple

from publicsuffixlist import PublicSuffixList

__all__ = ["CCHost", "cc_host"]


class CCHost(NamedTuple):
    """Common Crawl's columns of one host, named as its schema names them."""

    url_host_name: str | None = None
    url_host_tld: str | None = None
    url_host_2nd_last_part: str | None = None
    url_host_3rd_last_part: str | None = None
    url_host_4th_last_part: str | None = None
    url_host_5th_last_part: str | None = None
    url_host_registry_suffix: str | None = None
    url_host_private_suffix: str | None = None
    url_host_name_reversed: str | None = None


_NONE = CCHost()


@cache
def _suffixes(icann_only: bool) -> PublicSuffixList:
    return PublicSuffixList(only_icann=icann_only)


def _is_address(name: str) -> bool:
    if name.startswith("["):
        return True
    if not name[-1:].isdigit():
        return False
    try:
        ipaddress.IPv4Address(name)
    except ValueError:
        return False
    return True


def cc_host(browser_host: str | None) -> CCHost:
    """The columns of *browser_host* (the host browsers contact; None: none); made once
    per distinct host (:class:`~.host_columns.HostRecords`)."""
    if not browser_host:
        return _NONE
    name = browser_host.lower().removesuffix(".")
    if not name or _is_address(name):
        return CCHost(url_host_name=name or None)
    labels = name.split(".")[::-1]
    parts: list[str | None] = [*labels[:5], *[None] * (5 - min(len(labels), 5))]
    icann = _suffixes(True).publicsuffix(name)
    private = _suffixes(False).publicsuffix(name)
    return CCHost(
        url_host_name=name,
        url_host_tld=parts[0],
        url_host_2nd_last_part=parts[1],
        url_host_3rd_last_part=parts[2],
        url_host_4th_last_part=parts[3],
        url_host_5th_last_part=parts[4],
        url_host_registry_suffix=None if icann is None else str(icann),
        url_host_private_suffix=None if private is None else str(private),
        url_host_name_reversed=".".join(labels),
    )
