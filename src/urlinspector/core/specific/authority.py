"""What each scheme asks of the authority (RFC 1738 §3.1 login, §3.3 to §3.11): whether it
needs a host, and whether a user, password or port belong to its syntax."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from urlinspector.core._raw import AUTHORITY, HOST, PATH, PORT, QUERY, SCHEME, USERINFO, Regs
from urlinspector.core.checks import Findings
from urlinspector.core.specific.common import _show


@dataclass(frozen=True, slots=True)
class _SchemeInfo:
    section: str
    needs_authority: bool
    login: bool
    """``login`` (user, password allowed) rather than ``hostport`` in RFC 1738 §5."""
    port: bool
    needs_ref: str
    """The citations of the findings on a missing host, a userinfo and a port."""
    login_ref: str
    port_ref: str


def _info(section: str, needs_authority: bool, login: bool, port: bool = True) -> _SchemeInfo:
    """A row of :data:`_INFO`: the scheme's *section* of RFC 1738 and what it asks of the
    authority, with the citations of what it may find."""
    return _SchemeInfo(
        section,
        needs_authority,
        login,
        port,
        needs_ref=f"{section}; RFC 1738 §3.1",
        login_ref=f"{section} / §5 (hostport, not login)",
        port_ref=f"{section}; RFC 1738 summary (zh) §5 (fileurl)",
    )


def authority_findings(text: str, scheme: str, spans: Regs, out: Findings) -> None:
    """Add to *out* what *scheme* (one of :data:`SCHEME_PARSERS`) asks of the
    authority of *text* and does not find: a host where it needs one, no userinfo or
    port it leaves out (RFC 1738 §3.1, §5).  Tested cheaply first: with a host when the
    scheme needs one, and no userinfo or port, there is nothing to say (the common
    case)."""
    info = _INFO[scheme]
    if (
        (info.needs_authority and spans[HOST][0] >= spans[HOST][1])
        or (not info.login and spans[USERINFO][0] >= 0)
        or (not info.port and spans[PORT][0] >= 0)
    ):
        _check_authority(text, scheme, spans, info, out)


_INFO: Final[dict[str, _SchemeInfo]] = {
    "ftp": _info("RFC 1738 §3.2", True, True),
    "http": _info("RFC 1738 §3.3", True, False),
    "https": _info("RFC 1738 §3.3; RFC 2818", True, False),
    "gopher": _info("RFC 1738 §3.4", True, False),
    "mailto": _info("RFC 1738 §3.5", False, False),
    "news": _info("RFC 1738 §3.6", False, False),
    "nntp": _info("RFC 1738 §3.7", True, False),
    "telnet": _info("RFC 1738 §3.8", True, True),
    "wais": _info("RFC 1738 §3.9", True, False),
    "file": _info("RFC 1738 §3.10", False, False, port=False),
    "prospero": _info("RFC 1738 §3.11", True, False),
}


NEEDS_AUTHORITY: Final[frozenset[str]] = frozenset(
    name for name, info in _INFO.items() if info.needs_authority
)
"""The schemes whose URLs need a host: without one, :func:`authority_findings` says so."""


def _check_authority(text: str, scheme: str, spans: Regs, info: _SchemeInfo, out: Findings) -> None:
    """``scheme-requires-authority``, ``scheme-requires-host`` and what the scheme's
    ``hostport`` leaves out (RFC 1738 §3.1, §5)."""
    a0, a1 = spans[AUTHORITY]
    if a0 < 0:
        if info.needs_authority:
            s0, s1 = spans[SCHEME]
            start = s1 + 1 if s1 >= 0 else max(spans[PATH][0], 0)
            end = max(spans[PATH][1], spans[QUERY][1], start)
            if end == start and s0 >= 0:  # nothing after "scheme:": point at the scheme
                start, end = s0, s1
            out.add(
                "scheme-requires-authority",
                "error",
                "scheme",
                (start, end),
                f"{scheme} URLs start with '//' and a host after '{scheme}:' ({scheme}://host/...)",
                info.needs_ref,
            )
        return
    if info.needs_authority:
        h0, h1 = spans[HOST]
        if h0 >= h1:
            out.add(
                "scheme-requires-host",
                "error",
                "scheme",
                (max(a0 - 2, 0), a1),
                f"{scheme} URLs need a host name or address after '//'",
                info.needs_ref,
            )
    if not info.login:
        u0, u1 = spans[USERINFO]
        if u0 >= 0:
            out.add(
                "scheme-userinfo-not-allowed",
                "warning",
                "scheme",
                (u0, u1 + 1),
                f"{scheme} URLs carry no user name or password: "
                f"{_show(text[u0 : u1 + 1])} is not part of their syntax",
                info.login_ref,
            )
    if not info.port:
        p0, p1 = spans[PORT]
        if p0 >= 0:
            out.add(
                "scheme-port-not-allowed",
                "warning",
                "scheme",
                (p0 - 1, p1),
                f"{scheme} URLs name a host but no port: "
                f"{_show(text[p0 - 1 : p1])} is not part of their syntax",
                info.port_ref,
            )
