"""telnet (RFC 1738 §3.8): a login and a host, and at most a final "/"."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core._regs import PASSWORD, USER, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import NEW_RECORD, Diagnostic, Part
from urlinspector.core.specific.common import SchemeResult, _decoded, _diag, _part, _show, _url_path

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


def telnet_fields(
    *, user: bytes | None, password: bytes | None, trailing_slash: bool
) -> TelnetFields:
    """``TelnetFields(user=..., ...)``, built as quickly as a tuple (see
    :data:`.model.NEW_RECORD`)."""
    return NEW_RECORD(TelnetFields, (user, password, trailing_slash))


def _telnet(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[TelnetFields]:
    """``telneturl = "telnet://" login [ "/" ]`` (RFC 1738 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    slash, u0, u1 = _url_path(text, spans, True)
    if slash >= 0:
        parts.append(
            _part(name="/", span=(slash, u0), text="/", role="telnet-slash", rule=_R_TELNET_SLASH)
        )
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
    fields = telnet_fields(
        user=_decoded(text, spans[USER]),
        password=_decoded(text, spans[PASSWORD]),
        trailing_slash=slash >= 0,
    )
    return tuple(parts), fields, tuple(diags)
