"""The rows under the query and the fragment in Components: the query's parameters
(:mod:`urlinspector.core.query`) and the fragment's directive
(:mod:`urlinspector.core.fragment_directive`).

Qt-free; :func:`~urlinspector.present.anatomy.component_tree` puts them under their
components.

* The query, as a lossless list: one row per ``&``-separated piece, in order, repeated
  keys and empty pieces kept.  A row is named by its key (decoded), shows the piece as
  written and, decoded, its value (a piece without ``=``: its key); its rule says
  whether ``+`` is read as a space (the form encoding of the HTTP schemes, WHATWG URL
  §5.1) or stays a ``+`` (``mailto:``, ``gopher:``).  Its key and value are rows of
  their own under it, shown closed.
* The fragment directive (``#sec:~:text=...``): the fragment the page keeps, then the
  directive, with the rule that browsers take it off the URL before the page sees it
  (and, as with any fragment, never send it); under it each ``text=`` directive with its
  prefix, start, end and suffix decoded as UTF-8 (whatever charset is chosen: the
  standard says UTF-8), an invalid one with why browsers ignore it, and any other
  directive as written.
"""

from __future__ import annotations

from urlinspector.core.fragment_directive import (
    REFERENCE,
    RULE,
    TEXT_REFERENCE,
    FragmentDirective,
    OtherDirective,
    TextDirective,
    fragment_directive,
)
from urlinspector.core.model import Span
from urlinspector.core.query import FORM_REFERENCE, QueryParam, params_of
from urlinspector.core.url import URL
from urlinspector.present.nodes import Node, more
from urlinspector.present.text import shown

__all__ = ["EMPTY_KEY", "EMPTY_PIECE", "KEY_LIMIT", "TERM_RULES", "fragment_rows", "query_rows"]

KEY_LIMIT = 60
"""Characters of a key that name its row (the raw cell and the tooltip have it all)."""

EMPTY_PIECE = "(empty piece)"
EMPTY_KEY = "(empty key)"

TERM_RULES = {
    "prefix": "prefix: the text just before the match, not highlighted",
    "start": "textStart: the text to find (with an end: where the highlight starts)",
    "end": "textEnd: where the highlight ends",
    "suffix": "suffix: the text just after the match, not highlighted",
}
"""The terms of a text directive, in the order written, in the standard's words."""


# --- the query ----------------------------------------------------------------------------


def _listed_span(url: URL, span: Span, limit: int | None) -> tuple[Span, int]:
    """The part of the query that holds its first *limit* pieces, and how many
    pieces are left after it."""
    start, end = span
    if limit is None:
        return span, 0
    text, pos = url.text, start
    for _ in range(limit):
        amp = text.find("&", pos, end)
        if amp < 0:
            return span, 0
        pos = amp + 1
    return (start, pos - 1), text.count("&", pos - 1, end)


def _piece_rule(url: URL, param: QueryParam, has_value: bool) -> str:
    if param.form_encoded:
        if not param.raw:
            what = "empty piece: the form parser skips it"
        elif has_value:
            what = "form parameter key=value ('+' read as a space)"
        else:
            what = "form parameter without '=': its value is empty ('+' read as a space)"
        return f"{what}, {FORM_REFERENCE}"
    scheme = (url.scheme or "this scheme").lower()
    what = "empty piece" if not param.raw else "'&'-separated piece"
    return f"{what}; {scheme} URLs are not form-encoded: '+' stays '+', {url.edition.cite('query')}"


def _parameter_row(url: URL, param: QueryParam, key_rule: str, value_rule: str) -> Node:
    start, end = param.span
    rule = _piece_rule(url, param, param.value is not None)
    if not param.raw:
        return Node(EMPTY_PIECE, param.span, "", "query-key", rule, None)
    key_raw, eq, value_raw = param.raw.partition("=")
    form = param.form_encoded
    key_end = start + len(key_raw)
    children = [Node("key", (start, key_end), key_raw, "query-key", key_rule, "query", form=form)]
    if eq:
        value_span = (key_end + 1, end)
        children.append(
            Node("value", value_span, value_raw, "query-value", value_rule, "query", form=form)
        )
    return Node(
        EMPTY_KEY if not param.key else shown(param.key, KEY_LIMIT),
        param.span,
        param.raw,
        "query-key",
        rule,
        "query",
        tuple(children),
        form=form,
        decodes=(key_end + 1, end) if eq else None,  # (without '=': the key)
        folded=True,
    )


def query_rows(url: URL, limit: int | None, *, key_rule: str, value_rule: str) -> tuple[Node, ...]:
    """The rows of *url*'s query parameters (none for an undefined or empty query),
    at most *limit* of them and a row that counts the rest; *key_rule* and
    *value_rule* are the rules of a key and a value in the URL's edition."""
    span = url.span("query")
    if span is None or span[0] == span[1]:
        return ()
    listed, left = _listed_span(url, span, limit)
    rows = tuple(_parameter_row(url, p, key_rule, value_rule) for p in params_of(url, listed))
    return (*rows, more(left)) if left else rows


# --- the fragment directive ---------------------------------------------------------------


def _term_spans(directive: TextDirective) -> list[tuple[str, Span]]:
    """The terms of a valid text directive and where each is written (without the
    ``-`` that marks a prefix or a suffix)."""
    pos = directive.span[0] + len("text=")
    tokens: list[Span] = []
    for token in directive.raw[len("text=") :].split(","):
        tokens.append((pos, pos + len(token)))
        pos += len(token) + 1
    terms: list[tuple[str, Span]] = []
    if directive.prefix is not None:
        a, b = tokens.pop(0)
        terms.append(("prefix", (a, b - 1)))
    suffix = tokens.pop() if directive.suffix is not None else None
    terms.append(("start", tokens[0]))
    if directive.end is not None:
        terms.append(("end", tokens[1]))
    if suffix is not None:
        terms.append(("suffix", (suffix[0] + 1, suffix[1])))
    return terms


def _text_row(url: URL, directive: TextDirective, number: str) -> Node:
    """The row of a text directive (*number*: ``""`` for the only one, else ``" 2"``)."""
    if not directive.valid:
        rule = f"ignored by browsers: {directive.problem}, {TEXT_REFERENCE}"
        name = f"text{number} (ignored)"
        return Node(name, directive.span, directive.raw, "fragment", rule, None)
    values = {
        "prefix": directive.prefix,
        "start": directive.start,
        "end": directive.end,
        "suffix": directive.suffix,
    }
    terms = tuple(
        Node(
            term,
            (a, b),
            url.text[a:b],
            "fragment",
            f"{TERM_RULES[term]}, {TEXT_REFERENCE}",
            "fragment",
            fixed=values[term],
        )
        for term, (a, b) in _term_spans(directive)
    )
    rule = (
        "text=[prefix-,]start[,end][,-suffix]: the text browsers scroll to and "
        f"highlight, {TEXT_REFERENCE}"
    )
    name = f"text{number}" if number else "text directive"
    return Node(name, directive.span, directive.raw, "fragment", rule, None, terms)


def _other_row(directive: OtherDirective) -> Node:
    rule = f"a directive other than text=: browsers ignore it, {REFERENCE}"
    return Node("other", directive.span, directive.raw, "fragment", rule, "fragment")


def _directive_rows(url: URL, found: FragmentDirective) -> tuple[Node, ...]:
    texts = found.text_directives
    rows = [
        (
            d.span,
            _text_row(url, d, "" if len(texts) == 1 else f" {i}"),
        )
        for i, d in enumerate(texts, 1)
    ]
    rows += [(d.span, _other_row(d)) for d in found.other_directives]
    return tuple(row for _, row in sorted(rows, key=lambda pair: pair[0]))


def fragment_rows(url: URL) -> tuple[Node, ...]:
    """The rows under *url*'s fragment when it holds a fragment directive (none
    otherwise): the fragment the page keeps, and the directive with its pieces."""
    found = fragment_directive(url)
    span = url.span("fragment")
    if found is None or span is None:
        return ()
    kept = Node(
        "location.hash",
        (span[0], found.delimiter_span[0]),
        found.fragment,
        "fragment",
        f"the fragment the page sees, before ':~:', {REFERENCE}",
        "fragment",
    )
    directive = Node(
        "directive",
        found.span,
        found.directive,
        "fragment",
        f"{RULE}, {REFERENCE}",
        None,
        _directive_rows(url, found),
    )
    return (kept, directive)
