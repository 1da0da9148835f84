"""mailto (RFC 1738 §3.5): the RFC 822 address."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core._raw import Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
from urlinspector.core.specific.common import SchemeResult, _diag, _octets, _opaque, _show

_R_ADDR: Final = "encoded822addr (rfc822-addr-spec), RFC 1738 §3.5 / §5"


class MailtoFields(NamedTuple):
    """What a mailto URL's own syntax holds (RFC 1738 §3.5)."""

    addr_spec: bytes
    """The RFC 822 address, decoded (empty when the URL has none)."""


def _mailto(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[MailtoFields]:
    """``mailtourl = "mailto:" encoded822addr`` (RFC 1738 §5): the whole opaque part."""
    diags: list[Diagnostic] = []
    start, end = _opaque(spans, True)  # no characters are reserved in it
    raw = text[start:end]
    parts = [("addr-spec", (start, end), raw, "mail-address", _R_ADDR)]
    if not raw:
        diags.append(
            _diag(
                "mailto-address-empty",
                "error",
                max(start - 1, 0),
                start,
                "a mailto URL needs an address after 'mailto:'",
                "RFC 1738 §3.5 / §5 (encoded822addr = 1*xchar)",
            )
        )
    elif "@" not in raw:
        diags.append(
            _diag(
                "mailto-no-at",
                "warning",
                start,
                end,
                f"the address {_show(raw)} has no '@': an RFC 822 addr-spec is local-part@domain",
                "RFC 1738 §3.5",
            )
        )
    question = raw.find("?")
    if question >= 0:
        diags.append(
            _diag(
                "mailto-query-in-address",
                "info",
                start + question,
                end,
                f"RFC 1738 reserves no '?' in a mailto URL, so {_show(raw[question:])} is read as "
                "part of the address (RFC 6068 later made it a header list)",
                "RFC 1738 §3.5",
            )
        )
    fields = MailtoFields(_octets(raw))
    return tuple(parts), fields, tuple(diags)
