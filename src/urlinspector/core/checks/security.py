"""What the specs' security sections warn of in the userinfo and the escapes: a
look-alike host name before the "@" and a password (RFC 3986 §7.5, §7.6; RFC 2396bis draft 2003
§7.4, §7.5; RFC 1738 §3.1), encoded CR, LF or NUL (RFC 1738 §6)."""

from __future__ import annotations

from typing import Final

from urlinspector.core._raw import HOST, PASSWORD, PATH, QUERY, USERINFO, RawPart, Regs
from urlinspector.core.checks import Findings
from urlinspector.core.editions import Edition
from urlinspector.core.grammar import ENCODED_CONTROL, LOOKALIKE_HOST
from urlinspector.core.model import COMPONENT_NAMES
from urlinspector.core.quoting import quoted

__all__ = ["security_findings", "userinfo_findings"]


_ENCODED_NAMES: Final = {"0d": "CR", "0a": "LF", "00": "NUL"}


def security_findings(
    text: str,
    spans: Regs,
    ed: Edition,
    parts: tuple[RawPart, ...],
    out: Findings,
) -> None:
    if spans[USERINFO][0] >= 0:
        userinfo_findings(text, spans, ed, out)
    if "%0" in text:
        _encoded_controls(text, spans, ed, parts, out)


def userinfo_findings(text: str, spans: Regs, ed: Edition, out: Findings) -> None:
    """What the defined userinfo may hide: a look-alike host name, a password."""
    u_start, u_end = spans[USERINFO]
    userinfo = text[u_start:u_end]
    if "." in userinfo and LOOKALIKE_HOST.search(userinfo):  # (a host name has a ".")
        h_start, h_end = spans[HOST]
        real_host = text[h_start:h_end] if h_start >= 0 else ""
        out.add(
            "userinfo-lookalike",
            "warning",
            "security",
            (u_start, u_end),
            f"the userinfo {quoted(userinfo)} looks like a host name, but the host is "
            f"{quoted(real_host)}: everything before '@' is user information",
            ed.cite("semantic-attack"),
        )
    p_start, p_end = spans[PASSWORD]  # (defined only with the userinfo)
    if p_start >= 0:
        out.add(
            "password",
            "warning",
            "security",
            (p_start, p_end),
            "the URL carries a password in clear text",
            ed.cite("password"),
        )


def _encoded_controls(
    text: str,
    spans: Regs,
    ed: Edition,
    parts: tuple[RawPart, ...],
    out: Findings,
) -> None:
    """Encoded CR, LF or NUL in a part a protocol would send (RFC 1738 §6)."""
    # delimiters the scheme itself defines with these escapes (gopher+ forms, the 1993
    # prospero version separator)
    allowed = [span for _, span, _, role, _ in parts if role in ("separator", "gopher-plus")]
    for index in (USERINFO, HOST, PATH, QUERY):
        start, end = spans[index]
        if start < 0:
            continue
        for m in ENCODED_CONTROL.finditer(text, start, end):
            if any(a <= m.start() and m.end() <= b for a, b in allowed):
                continue
            name = _ENCODED_NAMES[m.group()[1:].lower()]
            out.add(
                "encoded-control",
                "warning",
                "security",
                m.span(),
                f"{m.group()} encodes {name} in the {COMPONENT_NAMES[index]}: "
                "decoded and sent, it could end a protocol command or inject another",
                ed.cite("security"),
            )
