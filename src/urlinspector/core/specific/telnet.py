"""telnet (RFC 1738 §3.8): a login and a host, and at most a final "/"."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core._raw import PASSWORD, USER, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
from urlinspector.core.specific.common import SchemeResult, _decoded, _diag, _show, _url_path

_R_TELNET_SLASH: Final = 'telneturl = "telnet://" login [ "/" ], RFC 1738 §3.8 / §5'


class TelnetFields(NamedTuple):
    """What a telnet URL's own syntax holds (RFC 1738 §3.8): the login it suggests."""

    user: bytes | None
    """The suggested user name, decoded (advice for the person, RFC 1738 §3.8); None
    when none is written."""
    password: bytes | None
    """The suggested password, decoded; None when none is written."""
    trailing_slash: bool
    """Whether the URL ends with the optional "/"."""


def _telnet(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[TelnetFields]:
    """``telneturl = "telnet://" login [ "/" ]`` (RFC 1738 §5)."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    slash, u0, u1 = _url_path(text, spans, True)
    if slash >= 0:
        parts.append(("/", (slash, u0), "/", "telnet-slash", _R_TELNET_SLASH))
    if u0 >= 0 and u1 > u0:
        diags.append(
            _diag(
                "telnet-path-not-allowed",
                "error",
                u0,
                u1,
                f"a telnet URL ends after the host (and an optional '/'): "
                f"{_show(text[u0:u1])} has no meaning here",
                "RFC 1738 §3.8 / §5",
            )
        )
    user = _decoded(text, spans[USER])
    password = _decoded(text, spans[PASSWORD])
    trailing_slash = slash >= 0
    fields = TelnetFields(user, password, trailing_slash)
    return tuple(parts), fields, tuple(diags)
