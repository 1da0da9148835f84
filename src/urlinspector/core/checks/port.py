"""The port: a number, the scheme's default or not, and ports of other services
(RFC 1738 §6: the gopher-to-SMTP attack)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from urlinspector.core.checks import Findings
from urlinspector.core.editions import Edition
from urlinspector.core.model import Category, Code, Diagnostic, Severity, Span
from urlinspector.core.quoting import quoted
from urlinspector.core.registry import DEFAULT_PORTS, SENSITIVE_PORTS, port_value

__all__ = ["check_port", "port_finding"]


def check_port(text: str, span: Span, ed: Edition, scheme: str | None, out: Findings) -> None:
    if span[0] >= 0:
        found = port_finding(text, span, ed, scheme)
        if found is not None:
            out.append(found)


def port_finding(text: str, span: Span, ed: Edition, scheme: str | None) -> Diagnostic | None:
    """What to say about the port at *span* (defined) of a URL of *scheme* (in lower
    case), if anything."""
    start, end = span
    port = text[start:end]
    if not port:
        if not ed.port_min_digits:
            return None
        return Diagnostic(
            code="empty-port",
            severity="error",
            category="syntax",
            span=(start - 1, end),
            message="':' after the host must be followed by a port number in this edition",
            reference=ed.cite("port"),
        )
    said = _said_of_port(port, ed, scheme)
    if said is None:
        return None
    code, severity, category, message, reference = said
    return Diagnostic(code, severity, category, span, message, reference)


@lru_cache(maxsize=1024)
def _said_of_port(
    port: str, ed: Edition, scheme: str | None
) -> tuple[Code, Severity, Category, str, str] | None:
    """What :func:`port_finding` says of a *port* (not empty) wherever it stands: all
    but the span, which depends on nothing but the port as written, the edition and
    the scheme (ports repeat: each is worked out once)."""
    if not (port.isdigit() and port.isascii()):
        return (
            "invalid-port",
            "error",
            "syntax",
            f"port {quoted(port)} is not a decimal number",
            ed.cite("port"),
        )
    number = port_value(port)
    if number == _DEFAULT_PORTS.get(scheme):
        return None
    if number is None or number > 65535:
        # The grammar sets no range (port = *DIGIT); what limits a port is the 16-bit
        # port field of TCP and UDP, and the WHATWG URL parser, which rejects the URL.
        shown = port if len(port) <= 20 else port[:12] + f"... ({len(port)} digits)"
        return (
            "port-out-of-range",
            "warning",
            "syntax",
            f"port {shown} is above 65535: the URL grammar allows it, but TCP and UDP "
            "ports are 16-bit numbers, so no server can listen there, and browsers "
            "reject the URL",
            _PORT_RANGE_CITATION,
        )
    if number < 1024 or number in _SENSITIVE_PORTS:
        return (
            "low-port",
            "warning",
            "security",
            f"port {number}{_SERVICE_SHOWN.get(number, '')}"
            f"{_LOW_PORT_TEXT.get(scheme, _LOW_PORT_ANY)}",
            ed.cite("port-abuse"),
        )
    return (
        "non-default-port",
        "info",
        "security",
        f"port {number}{_NOT_DEFAULT_TEXT.get(scheme, _NOT_DEFAULT_ANY)}",
        ed.cite("port-abuse"),
    )


_PORT_RANGE_CITATION: Final = "RFC 793 §3.1 (TCP's 16-bit port); WHATWG URL §4.4 (port state)"


# (a dict reads faster than a mapping proxy)
_DEFAULT_PORTS: Final[dict[str | None, int]] = dict(DEFAULT_PORTS.items())
_SENSITIVE_PORTS: Final[dict[int, str]] = dict(SENSITIVE_PORTS)
_SERVICE_SHOWN: Final[dict[int, str]] = {
    port: f" ({name})" for port, name in SENSITIVE_PORTS.items()
}
_NOT_DEFAULT_ANY: Final = " is not this scheme's default"
_NOT_DEFAULT_TEXT: Final[dict[str | None, str]] = {
    scheme: f"{_NOT_DEFAULT_ANY} ({port})" for scheme, port in DEFAULT_PORTS.items()
}


_LOW_PORT_ANY: Final = (
    f"{_NOT_DEFAULT_ANY}: a client could be made to talk to another service "
    "(the gopher-to-SMTP attack)"
)


_LOW_PORT_TEXT: Final[dict[str | None, str]] = {
    scheme: f"{_NOT_DEFAULT_ANY} ({port}): a client could be made to talk to another "
    "service (the gopher-to-SMTP attack)"
    for scheme, port in DEFAULT_PORTS.items()
}
"""The messages of :func:`port_finding` after "port N", by scheme and service."""
