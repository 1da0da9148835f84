"""The schemes urlinspector knows, with their default ports (000 §3, §5; RFC 1738)."""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["DEFAULT_PORTS", "SENSITIVE_PORTS", "default_port"]

DEFAULT_PORTS = MappingProxyType(
    {
        "ftp": 21,  # 000 §3.2
        "http": 80,  # 000 §3.3
        "https": 443,  # RFC 2818
        "gopher": 70,  # 000 §3.4
        "nntp": 119,  # 000 §3.7
        "news": 119,  # 000 §3.6 (the local news server)
        "snews": 563,
        "nntps": 563,
        "telnet": 23,  # 000 §3.8
        "tn3270": 23,
        "rlogin": 513,
        "wais": 210,  # 000 §3.9
        "prospero": 1525,  # 000 §3.11
        "ws": 80,
        "wss": 443,
    }
)

SENSITIVE_PORTS = MappingProxyType(
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
them could make a client speak to that service (000 §6: the gopher-to-SMTP attack)."""


def default_port(scheme: str | None) -> int | None:
    """The default port of *scheme* (any case), or None when it has none known."""
    if scheme is None:
        return None
    return DEFAULT_PORTS.get(scheme.lower())
