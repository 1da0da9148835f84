"""Every percent-escape of a URL's components, classified by the core, with what it
decodes to in the chosen charset: the rows of the Escapes view."""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from urlinspector.core import URL
from urlinspector.core.escapes import Escape, decode
from urlinspector.core.model import ComponentName
from urlinspector.present.text import shown

__all__ = ["EscapeRow", "escape_rows"]


@dataclass(frozen=True)
class EscapeRow:
    component: str
    escape: Escape
    decoded: str
    """What the escape decodes to in the chosen charset, shown visibly."""


_ESCAPE_COMPONENTS: tuple[ComponentName, ...] = (
    "user",
    "password",
    "host",
    "path",
    "query",
    "fragment",
)


def escape_rows(url: URL, charset: str = "utf-8", limit: int = 5000) -> tuple[EscapeRow, ...]:
    """Every ``%`` sequence of the URL's components, classified by the core
    (unnecessary, meaningful, data, invalid), with what it decodes to."""
    rows: list[EscapeRow] = []
    userinfo_without_user = url.span("user") is None and url.span("userinfo") is not None
    components: tuple[ComponentName, ...] = (
        ("userinfo",) if userinfo_without_user else _ESCAPE_COMPONENTS
    )
    for name in components:
        span = url.span(name)
        if span is None or "%" not in url.text[span[0] : span[1]]:
            continue
        start, end = span
        result = decode(
            url.text[start:end],
            name,
            scheme=url.scheme,
            charset=charset,
            edition=url.edition,
            offset=start,
        )
        for e, value in _decoded_escapes(result.escapes, charset):
            rows.append(EscapeRow(name, e, value))
            if len(rows) >= limit:
                return tuple(rows)
    return tuple(rows)


def _decoded_escapes(escapes: tuple[Escape, ...], charset: str) -> list[tuple[Escape, str]]:
    """Each escape with what it decodes to.  Adjacent escapes are fed to one
    incremental decoder, so the octets of one UTF-8 character show that character on
    the escape that starts it, and the others say that they continue it."""
    out: list[tuple[Escape, str]] = []
    continues = "↳ (continues the character before)"
    try:
        factory = codecs.getincrementaldecoder(charset)
    except LookupError:
        return [(e, "—") for e in escapes]
    decoder = factory("backslashreplace")
    pending: list[int] = []  # indices into out of escapes waiting for their character
    previous_end = -1

    def settle(text: str) -> None:
        if not pending:
            return
        first, *rest = pending
        out[first] = (out[first][0], shown(text) if text else "—")
        for i in rest:
            out[i] = (out[i][0], continues)
        pending.clear()

    for e in escapes:
        if e.octet is None or e.span[0] != previous_end:
            settle(decoder.decode(b"", final=True))
            decoder.reset()
        previous_end = e.span[1]
        if e.octet is None:
            out.append((e, "—"))
            continue
        out.append((e, ""))
        pending.append(len(out) - 1)
        try:
            text = decoder.decode(bytes([e.octet]))
        except (UnicodeError, ValueError):  # codecs without error handlers
            text = f"\\x{e.octet:02x}"
            decoder.reset()
        if text:
            settle(text)
    settle(decoder.decode(b"", final=True))
    return out
