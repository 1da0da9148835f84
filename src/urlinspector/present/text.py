"""Showing any text safely in labels, cells and tooltips."""

from __future__ import annotations

import html

from urlinspector.present.marks import marked
from urlinspector.present.masking import mask_password

__all__ = [
    "EMPTY",
    "EMPTY_ADDRESS",
    "UNDEFINED",
    "html_text",
    "masked",
    "menu_text",
    "shown",
    "visible",
]

UNDEFINED = "(undefined)"
EMPTY = '""'
EMPTY_ADDRESS = (
    "Type or paste a URL in the address bar (Ctrl+L) to inspect it: nothing is fetched "
    "unless you ask (Alt+Enter opens it in the viewer)."
)
"""What the window says while its address bar is empty, where a URL's findings go."""


def visible(text: str) -> str:
    """*text* with controls, format characters, invisible and bidi characters and lone
    surrogates shown as visible marks (:func:`~urlinspector.present.marks.marked`), so
    that a label cannot be reordered or hidden by them; a C0 control worded
    (``⟦HT⟧``), since the window's fonts seldom draw its control picture (``␉``)."""
    return marked(text, pictures=False)


def shown(value: str | None, limit: int = 0, *, keep_end: bool = False) -> str:
    """A component's text for people: undefined and empty look different; long
    values are cut to *limit* characters (0: no limit) with an ellipsis, at the end
    or, with *keep_end* (a host: its registrable domain is at its end), at the
    start."""
    if value is None:
        return UNDEFINED
    if value == "":
        return EMPTY
    if limit and len(value) > limit:
        value = "…" + value[len(value) - limit + 1 :] if keep_end else value[: limit - 1] + "…"
    return visible(value)


def masked(value: str | None) -> str | None:
    """A password as it is shown while passwords are hidden
    (:func:`~urlinspector.present.masking.mask_password`: look-alikes stay)."""
    if value is None or value == "":
        return value
    return mask_password(value)


def html_text(value: str) -> str:
    return html.escape(visible(value), quote=False)


def menu_text(text: str) -> str:
    """*text* (a URL, a title: anything a user or a server wrote) as the text of a
    menu item, an action or a button: its ``&`` doubled, since Qt reads a single one
    as the mark of an access key and shows none."""
    return text.replace("&", "&&")
