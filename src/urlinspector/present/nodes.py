"""One row of the component tree (:class:`Node`), shared by the modules that build the
tree: :mod:`.anatomy` (the components) and :mod:`.pieces` (the query's parameters and
the fragment's directive).

Qt-free: the window's Components panel shows these rows, and the hover description
reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from urlinspector.core.model import Span

__all__ = ["Node", "more"]


@dataclass(frozen=True)
class Node:
    """One row of the component tree."""

    name: str
    """What it is, in the edition's words: ``host``, ``segment 2``, ``selector``."""
    span: Span | None
    """``None``: the component is undefined (not the same as empty)."""
    raw: str | None
    role: str
    """Palette role for the raw text."""
    rule: str = ""
    """Grammar rule and citation."""
    decode_as: str | None = None
    """Component name for :func:`urlinspector.core.escapes.decode`; None: not decoded."""
    children: tuple[Node, ...] = field(default=())
    form: bool = False
    """``+`` is read as a space before decoding (the form encoding of the HTTP
    schemes' query: :data:`urlinspector.core.query.FORM_ENCODED_SCHEMES`)."""
    decodes: Span | None = None
    """The part of the URL's text the decoded value reads, when it is not all of
    :attr:`raw` (a query parameter's value); None: all of it."""
    fixed: str | None = None
    """The decoded text as its standard reads it, whatever charset is chosen (a text
    directive's term: UTF-8, an invalid sequence read as U+FFFD); None: decoded in the
    chosen charset."""
    folded: bool = False
    """Shown closed: its children only split what the row already says (a query
    parameter's key and value)."""


def more(count: int) -> Node:
    """The row that counts the *count* rows left out of a long list."""
    return Node(f"… {count} more", None, "", "plain", "not listed: too many to show")
