"""The schemes urlinspector knows, with their default ports (RFC 1738 §3, §5; RFC 1738)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

__all__ = ["DEFAULT_PORTS", "MAX_PORT_DIGITS", "SENSITIVE_PORTS", "default_port", "port_value"]

DEFAULT_PORTS: Final = MappingProxyType(
    {
        "ftp": 21,  # RFC 1738 §3.2
        "ftps": 990,  # IANA service names: ftps, FTP control over TLS (implicit)
        "http": 80,  # RFC 1738 §3.3
        "https": 443,  # RFC 2818
        "gopher": 70,  # RFC 1738 §3.4
        "gophers": 70,  # gopher over TLS: no RFC; curl's gophers (lib/gopher.c, PORT_GOPHER)
        "nntp": 119,  # RFC 1738 §3.7
        "news": 119,  # RFC 1738 §3.6 (the local news server)
        "snews": 563,
        "nntps": 563,
        "telnet": 23,  # RFC 1738 §3.8
        "tn3270": 23,
        "rlogin": 513,
        "wais": 210,  # RFC 1738 §3.9
        "prospero": 1525,  # RFC 1738 §3.11
        "ws": 80,
        "wss": 443,
    }
)

SENSITIVE_PORTS: Final = MappingProxyType(
    {
        21: "FTP",
        22: "SSH",
        23: "Telnet",
        25: "SMTP",
        110: "POP3",
        119: "NNTP",
        143: "IMAP",
        465: "SMTPS",
        513: "rlogin",
        514: "rsh",
        587: "mail submission",
        993: "IMAPS",
        995: "POP3S",
    }
)
"""Ports of mail, news and login services: a URL of another scheme that names one of
them could make a client speak to that service (RFC 1738 §6: the gopher-to-SMTP attack)."""


def default_port(scheme: str | None) -> int | None:
    """The default port of *scheme* (any case), or None when it has none known."""
    if scheme is None:
        return None
    return DEFAULT_PORTS.get(scheme.lower())


MAX_PORT_DIGITS: Final = 20
"""Significant digits read as a port number; a longer run names no port (and ``int()``
refuses a text of 4,300 digits or more)."""


def port_value(port: str) -> int | None:
    """The number a port as written names, or None when it is empty, holds anything but
    ASCII digits, or has more than :data:`MAX_PORT_DIGITS` significant digits.

    ``port = *DIGIT`` (RFC 3986 §3.2.3; ``1*digit`` in RFC 1738 §5): leading zeros are
    digits like any other, so ``"000000000000000000080"`` is port 80.  The range is
    not checked here (the grammar sets none)."""
    if not (port.isascii() and port.isdigit()):
        return None
    significant = port.lstrip("0") or "0"
    if len(significant) > MAX_PORT_DIGITS:
        return None
    return int(significant)
