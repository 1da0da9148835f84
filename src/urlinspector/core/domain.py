"""The registrable domain: the public suffix and one label more, from the Public
Suffix List (the ``publicsuffixlist`` package, which ships the list), private
section included, as browsers use it for cookies and for the address bar's emphasis.
"""

from __future__ import annotations

import ipaddress
from functools import cache, lru_cache

import idna
from publicsuffixlist import PublicSuffixList

__all__ = ["public_suffix", "registrable_domain", "registrable_start"]


@cache
def _list(icann_only: bool = False) -> PublicSuffixList:
    # the list as the package ships it, ICANN and private sections both (browsers
    # read both: b.github.io and a.github.io are different sites); or the ICANN
    # section alone (Common Crawl's url_host_registered_domain: github.io)
    return PublicSuffixList(only_icann=icann_only)


def _domain(host: str | None) -> str | None:
    """*host* as a domain to look up: None for no host, an empty one or an address."""
    if not host or host.startswith("["):
        return None
    name = host.rstrip(".").lower()
    if not name:
        return None
    if not name[-1].isdigit():
        return name  # (a dotted-decimal address ends with a digit)
    try:
        ipaddress.IPv4Address(name)
    except ValueError:
        return name
    return None


@lru_cache(maxsize=1024)
def registrable_domain(host: str | None, *, icann_only: bool = False) -> str | None:
    """The registrable domain of *host* (as browsers read it: lower case, IDN labels
    as A-labels): ``login.paypal.com.evil.example.co.uk`` gives ``example.co.uk``,
    ``b.github.io`` gives ``b.github.io`` (``github.io`` by the ICANN section alone,
    *icann_only*).  None for an IP address, no host, or a host that is itself a public
    suffix (``co.uk``, ``github.io``)."""
    name = _domain(host)
    if name is None:
        return None
    found = _list(icann_only).privatesuffix(name)
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


@lru_cache(maxsize=1024)
def registrable_start(host: str) -> int | None:
    """Where the registrable domain starts in *host* as written (a reg-name, in any
    case, IDN labels in Unicode or as A-labels): the offset of its first label, or
    None when *host* has no registrable domain or is nothing but it.  The address
    bar emphasizes ``host[offset:]``, as browsers do (``login.paypal.com.evil.`` is
    what ``login.paypal.com.evil.example.co.uk`` hides its registrable domain behind).
    """
    if "%" in host:
        return None  # (escapes: the labels as written are not the labels looked up)
    labels = host.rstrip(".").split(".")
    looked_up = []
    for label in labels:
        if label.isascii():
            looked_up.append(label.lower())
            continue
        try:
            looked_up.append(idna.encode(label, uts46=True).decode("ascii"))
        except (idna.IDNAError, UnicodeError, ValueError):
            return None
    found = registrable_domain(".".join(looked_up))
    if found is None:
        return None
    count = found.count(".") + 1
    if count >= len(labels):
        return None
    return sum(len(label) + 1 for label in labels[:-count])
