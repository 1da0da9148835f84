"""The registrable domain: the public suffix and one label more, from the Public
Suffix List (the ``publicsuffixlist`` package, which ships the list), private
section included, as browsers use it for cookies and for the address bar's emphasis.
"""

from __future__ import annotations

import ipaddress
from functools import cache, lru_cache

from publicsuffixlist import PublicSuffixList

__all__ = ["public_suffix", "registrable_domain"]


@cache
def _list() -> PublicSuffixList:
    # the list as the package ships it, ICANN and private sections both (browsers
    # read both: b.github.io and a.github.io are different sites)
    return PublicSuffixList(only_icann=False)


def _domain(host: str | None) -> str | None:
    """*host* as a domain to look up: None for no host, an empty one or an address."""
    if not host or host.startswith("["):
        return None
    name = host.rstrip(".").lower()
    if not name:
        return None
    try:
        ipaddress.IPv4Address(name)
    except ValueError:
        return name
    return None


@lru_cache(maxsize=1024)
def registrable_domain(host: str | None) -> str | None:
    """The registrable domain of *host* (as browsers read it: lower case, IDN labels
    as A-labels): ``login.paypal.com.evil.example.co.uk`` gives ``example.co.uk``,
    ``b.github.io`` gives ``b.github.io``.  None for an IP address, no host, or a host
    that is itself a public suffix (``co.uk``, ``github.io``)."""
    name = _domain(host)
    if name is None:
        return None
    found = _list().privatesuffix(name)
    return None if found is None else str(found)


@lru_cache(maxsize=1024)
def public_suffix(host: str | None) -> str | None:
    """The public suffix of *host* (``co.uk``, ``github.io``); None for an address
    or no host."""
    name = _domain(host)
    if name is None:
        return None
    found = _list().publicsuffix(name)
    return None if found is None else str(found)
