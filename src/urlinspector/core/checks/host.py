"""The host: its kind (RFC 3986 §3.2.2; RFC 1738 §3.1 ``hostname | hostnumber``), whether the
edition's grammar allows it, and what it may hide: rare IPv4 forms (RFC 2396bis draft 2003 §7.3) and
internationalized names (look-alikes)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final, Literal

from urlinspector.core._raw import AUTHORITY, HOST, PASSWORD, PORT, UNDEFINED, USER, USERINFO, Regs
from urlinspector.core.checks import Findings
from urlinspector.core.checks.chars import check_chars
from urlinspector.core.editions import Edition
from urlinspector.core.grammar import (
    HOSTNAME,
    IPV4_ANY_DIGITS,
    IPV4_DECIMAL,
    IPVFUTURE,
    RARE_IPV4,
)
from urlinspector.core.model import Code, HostKind, Severity, Span
from urlinspector.core.quoting import quoted
from urlinspector.core.specific import KNOWN_SCHEMES

if TYPE_CHECKING:
    from urlinspector.core.tables import EditionTables

__all__ = ["check_host", "idn_findings", "idn_report", "rare_ipv4_value"]


def rare_ipv4_value(host: str) -> str | None:
    """The address a BSD ``inet_aton`` reads in *host*, if it is one of the rare forms
    RFC 2396bis draft 2003 §7.3 warns about (hex, octal, fewer than four parts); None otherwise."""
    if not RARE_IPV4.fullmatch(host):
        return None
    parts = host.rstrip(".").split(".")
    if any(len(p) > 12 for p in parts):  # too long to name an address (int() limits too)
        return None
    values = []
    for p in parts:
        if p[:2].lower() == "0x":
            values.append(int(p[2:] or "0", 16))
        elif len(p) > 1 and p[0] == "0":
            if any(c in "89" for c in p):
                return None
            values.append(int(p, 8))
        else:
            values.append(int(p))
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (5 - len(values)):
        return None
    number = 0
    for v in head:
        number = number * 256 + v
    number = (number << (8 * (5 - len(values)))) + last
    if number >= 2**32:
        return None
    dotted = ".".join(str((number >> s) & 255) for s in (24, 16, 8, 0))
    return None if dotted == host else dotted


def check_host(
    text: str,
    spans: Regs | list[Span],
    tables: EditionTables,
    scheme: str | None,
    out: Findings,
    fast: bool,
) -> tuple[HostKind, Regs | list[Span]]:
    """Classify and check the host (RFC 3986 §3.2.2; RFC 1738 §3.1 hostname | hostnumber).

    Under RFC 2396bis draft 2003 a text that is not a valid ``server`` makes the whole authority a
    ``reg-name`` (RFC 2396bis draft 2003 §3.2.1): then the returned spans say so.
    """
    kind = _host_kind(text, spans, tables, scheme, out, fast)
    if isinstance(kind, tuple):
        return kind
    return kind, spans


def _host_kind(
    text: str,
    spans: Regs | list[Span],
    tables: EditionTables,
    scheme: str | None,
    out: Findings,
    fast: bool,
) -> HostKind | tuple[HostKind, list[Span]]:
    ed = tables.ed
    start, end = spans[HOST]
    host = text[start:end]
    if not host:
        _check_empty_host(start, end, ed, scheme, out)
        return "empty"
    if host[0] == "[" and ed.ipv6_literals:
        return _ip_literal_kind(host, start, end, tables, out)
    if not fast:
        check_chars(text, (start, end), "reg-name", "host", tables, out)
    findings = True  # (whether _host_findings could find anything)
    last = host[-1]
    if "0" <= last <= "9" or last == ".":
        digits = _digits_kind(host, start, end, ed, out)
        if digits == "ipv4":
            return "ipv4"
        findings = digits is None
    if ed.hostname_grammar and not HOSTNAME.fullmatch(
        host.rstrip(".") if ed.hostname_final_dot else host
    ):
        changed = _not_a_hostname(text, spans, host, ed, out)
        if changed is not None:
            if findings:
                _host_findings(host, start, end, ed, out)
            return "reg-name", changed
    if findings:
        _host_findings(host, start, end, ed, out)
    return "reg-name"


def _check_empty_host(start: int, end: int, ed: Edition, scheme: str | None, out: Findings) -> None:
    # RFC 1738 §3.1 login: hostport = host [ ":" port ] needs a host; a known scheme
    # says so itself (file:// may have none, RFC 1738 §3.10)
    if ed.authority_form == "login" and scheme not in KNOWN_SCHEMES:
        out.add(
            "empty-host",
            "error",
            "syntax",
            (start, end),
            "the host is empty; this edition requires a host name or address here",
            ed.cite("host"),
        )


def _ip_literal_kind(
    host: str, start: int, end: int, tables: EditionTables, out: Findings
) -> HostKind:
    """An IP-literal, "[" ( IPv6address / IPvFuture ) "]" (RFC 3986 §3.2.2)."""
    ed = tables.ed
    closed = host.endswith("]")
    inner = host[1:-1] if closed else host[1:]
    if closed and tables.ipv6(inner):
        return "ipv6"
    if closed and ed.ipvfuture and IPVFUTURE.fullmatch(inner):
        return "ipvfuture"
    out.add(
        "invalid-ip-literal",
        "error",
        "syntax",
        (start, end),
        f"{quoted(host)} is not an IPv6 address"
        + (" or IPvFuture literal" if ed.ipvfuture else "")
        + (
            ""
            if closed
            else " (only ':' and a port may follow ']')"
            if "]" in host
            else " (the closing ']' is missing)"
        ),
        ed.cite("ipv6"),
    )
    return "ipv6"


def _digits_kind(
    host: str, start: int, end: int, ed: Edition, out: Findings
) -> Literal["ipv4", "no-address"] | None:
    """What a host ending in a digit or "." is: an IPv4 address ("ipv4"); four decimal
    parts, one over 255, that name no address in any form ("no-address", RFC 2396bis draft
    2003 §7.3: no IDN or rare-IPv4 findings either); or None, a registered name to check."""
    if IPV4_DECIMAL.fullmatch(host):
        return "ipv4"
    if not IPV4_ANY_DIGITS.fullmatch(host):
        return None
    over = [
        p if len(p) <= 12 else p[:12] + "..."
        for p in host.split(".")
        if len(p) > 12 or int(p) > 255
    ]
    if over:
        severity: Severity = "error" if ed.ipv4_any_digits else "warning"
        out.add(
            "ipv4-octet-range",
            severity,
            "syntax",
            (start, end),
            f"{quoted(host)} looks like an IPv4 address but {', '.join(over)} "
            + ("is" if len(over) == 1 else "are")
            + " over 255"
            + ("" if ed.ipv4_any_digits else "; it is read as a registered name"),
            ed.cite("ipv4"),
        )
    if ed.ipv4_any_digits:
        # hostnumber = digits "." digits "." digits "." digits: leading zeros
        # match the grammar, but many systems read them as octal
        _host_findings(host, start, end, ed, out)
        return "ipv4"
    return "no-address" if over else None


def _not_a_hostname(
    text: str, spans: Regs | list[Span], host: str, ed: Edition, out: Findings
) -> list[Span] | None:
    """A host outside the edition's hostname grammar: under RFC 2396bis draft 2003 §3.2.1
    an authority of reg-name characters is then read whole as a reg-name (the spans that
    say so are returned); otherwise the host is an invalid hostname (said unless a
    character finding already covers it)."""
    start, end = spans[HOST]
    only_chars = not any(
        d.span[0] >= start and d.span[1] <= end for d in out if d.category == "syntax"
    )
    if ed.authority_form == "server-or-reg-name":
        a_start, a_end = spans[AUTHORITY]
        authority = text[a_start:a_end]
        if authority and all(c in ed.reg_name_chars or c == "%" for c in authority):
            changed = list(spans)
            for i in (USERINFO, USER, PASSWORD, PORT):
                changed[i] = UNDEFINED
            changed[HOST] = (a_start, a_end)
            out.add(
                "authority-reg-name",
                "info",
                "syntax",
                (a_start, a_end),
                f"{quoted(host)} is not a hostname, so the whole authority is read as a "
                "registry-based naming authority (reg-name), not as a server",
                ed.cite("reg-name"),
            )
            return changed
    if only_chars:
        out.add(
            "invalid-hostname",
            "error",
            "syntax",
            (start, end),
            f"{quoted(host)} is not a hostname: dot-separated labels of letters, digits and "
            "'-', the last starting with a letter",
            ed.cite("host"),
        )
    return None


def _host_findings(host: str, start: int, end: int, ed: Edition, out: Findings) -> None:
    """Security findings on a registered-name host: rare IPv4 forms and IDNs."""
    first = host[0]
    if "0" <= first <= "9":
        value = rare_ipv4_value(host)
        if value is not None:
            out.add(
                "rare-ipv4",
                "warning",
                "security",
                (start, end),
                f"{quoted(host)} is a rare IPv4 form: many systems read it as {value}",
                ed.cite("rare-ip"),
            )
    lower = host.lower()
    if "xn--" in lower or not host.isascii():
        idn_findings(host, start, end, ed, out)


def idn_findings(host: str, start: int, end: int, ed: Edition, out: Findings) -> None:
    """Add to *out* what :func:`_said_of_idn` says of the internationalized *host*,
    which spans *start* to *end* of the text."""
    for code, severity, (first, last), message, reference in _said_of_idn(host, ed):
        span = (start + first, start + last)
        out.add(code, severity, "security", span, message, reference)


_SAID_BY_HIDDEN: Final[frozenset[Code]] = frozenset({"bidi-control", "invisible-char"})
"""Look-alike findings on single characters that :mod:`.hidden` makes of every
component, the host included, with what a reader sees instead (``hidden-char``)."""


@lru_cache(maxsize=4096)
def _said_of_idn(host: str, ed: Edition) -> tuple[tuple[Code, Severity, Span, str, str], ...]:
    """What :func:`idn_findings` says of *host* under *ed*: all but where the host
    starts (each finding's span is relative to it), which is why it depends on nothing
    but the host and the edition (hosts repeat: each is worked out once)."""
    said = [
        (code, severity, (0, len(host)), message, ed.cite(rule))
        for code, severity, rule, message in idn_report(host)
    ]
    # look-alikes: UTS #39 and the browsers' IDN display policies (lookalike.py), under
    # the edition's own text on semantic attacks
    attack = ed.cite("semantic-attack")
    # (ICU loads on the first internationalized host, not with the parser)
    from urlinspector.core.lookalike import host_findings

    said += [
        (f.code, f.severity, f.span, f.message, f"{attack}; {f.reference}")
        for f in host_findings(host)
        if f.code not in _SAID_BY_HIDDEN
    ]
    return tuple(said)


@lru_cache(maxsize=4096)
def idn_report(host: str) -> tuple[tuple[Code, Severity, str, str], ...]:
    """What to say about an internationalized host: its other form, invalid
    A-labels.  (Look-alikes are :func:`.lookalike.host_findings`'.)  Cached: hosts
    repeat."""
    import idna  # (loaded on the first internationalized host, not with the parser)

    found: list[tuple[Code, Severity, str, str]] = []
    decoded = []
    for label in host.split("."):
        if label.lower().startswith("xn--"):
            try:
                decoded.append(idna.decode(label))
            except (idna.IDNAError, UnicodeError, ValueError):
                return (
                    (
                        "idn-invalid",
                        "warning",
                        "idn",
                        f"label {quoted(label)} is not a valid A-label",
                    ),
                )
        else:
            decoded.append(label)
    unicode_host = ".".join(decoded)
    if host.isascii():
        message = f"internationalized host name: {quoted(host)} is {quoted(unicode_host)}"
    else:
        try:
            ascii_host = idna.encode(host, uts46=True).decode("ascii")
            message = (
                f"internationalized host name {quoted(host)}; "
                f"its ASCII form is {quoted(ascii_host)}"
            )
        except (idna.IDNAError, UnicodeError, ValueError):
            message = f"internationalized host name {quoted(host)}; it has no valid IDNA form"
    found.append(("idn", "info", "idn", message))
    return tuple(found)
