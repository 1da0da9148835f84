"""The tooltip of one character of a URL editor: what the core says of it."""

from __future__ import annotations

from urlinspector.core import URL
from urlinspector.core.lookalike import describe_char
from urlinspector.present.anatomy import Description
from urlinspector.present.masking import mask_finding
from urlinspector.present.severity import severity_label
from urlinspector.present.text import html_text, masked, shown

__all__ = ["description_html"]


def description_html(d: Description, *, masked_url: URL | None = None) -> str:
    """A tooltip for one character: component, rule and section, edition, decoded
    value, the escape it is part of, and the findings that cover it.  With
    *masked_url* (the URL described, while passwords are masked) the password is
    masked in all of it."""
    hidden = masked_url is not None and d.role == "password"
    raw = masked(d.raw) if hidden else d.raw
    value = masked(d.decoded) if hidden else d.decoded
    lines = [
        f"<b>{html_text(d.component)}</b>",
        f"rule: {html_text(d.rule)}",
        f"edition: {html_text(d.edition)}",
        f"characters {d.span[0]}–{d.span[1]}: <code>{html_text(shown(raw, 120))}</code>",
    ]
    if value is not None and value != d.raw:
        lines.append(f"decoded: <code>{html_text(shown(value, 120))}</code>")
    if not d.char.isascii() and not hidden:
        # a look-alike shows itself: which character it really is (UTS #39)
        lines.append(f"character: {html_text(describe_char(d.char).text)}")
    if d.escape is not None and not hidden:
        e = d.escape
        what = "" if e.octet is None else f" = octet 0x{e.octet:02X}"
        if e.char is not None:
            what += f" ({shown(e.char)!s})"
        lines.append(
            f"escape <code>{html_text(e.text)}</code>{html_text(what)}: "
            f"<i>{html_text(e.kind)}</i> — {html_text(e.reason)} ({html_text(e.reference)})"
        )
    for diag in d.diagnostics:
        message = (
            diag.message
            if masked_url is None
            else mask_finding(diag.message, diag.span, masked_url)
        )
        lines.append(
            f"{html_text(severity_label(diag.severity))}: {html_text(message)} "
            f"<i>({html_text(diag.reference)})</i>"
        )
    return "<br>".join(lines)
