"""The fragment directive: ``#:~:text=...``, instructions to the browser that ride in
the fragment (WICG, URL Fragment Text Directives, "Text Fragments").

Everything after the first ``:~:`` of the fragment (the *fragment directive
delimiter*) is the fragment directive; browsers take it off the URL before the page
sees it: ``location.hash`` and the document's URL keep only the fragment before the
delimiter, and no ``hashchange`` fires when only the directive changes (§2.3.1).  Like
the whole fragment it is never sent to the server (RFC 3986 §3.5).  The directive is
``&``-separated directives; a ``text=`` one names text for the browser to scroll to and
highlight: ``text=[prefix-,]start[,end][,-suffix]``, each term percent-decoded as UTF-8
(§2.4, "parse a text directive"); the others are kept as written ("unknown
directives", which browsers ignore).

:func:`fragment_directive` reads it from a parsed :class:`~urlinspector.core.url.URL`,
every piece with its span in the URL's text.
"""

from __future__ import annotations

from typing import NamedTuple

from urlinspector.core.model import Span
from urlinspector.core.octets import unquote_to_bytes
from urlinspector.core.url import URL

__all__ = [
    "DELIMITER",
    "REFERENCE",
    "RULE",
    "TEXT_REFERENCE",
    "FragmentDirective",
    "OtherDirective",
    "TextDirective",
    "fragment_directive",
    "parse_text_directive",
]

DELIMITER = ":~:"
"""The fragment directive delimiter (§2.3)."""

REFERENCE = "WICG URL Fragment Text Directives §2.3"
"""The fragment directive and how browsers take it off the URL (§2.3, §2.3.1)."""

TEXT_REFERENCE = "WICG URL Fragment Text Directives §2.4"
"""The text directive and how it is parsed."""

RULE = (
    "browsers take the fragment directive off the URL before the page sees it: "
    "location.hash and the document's URL keep only the fragment before ':~:', and, "
    "as with any fragment, nothing of it is sent to the server"
)
"""The rule, for people (§2.3.1; RFC 3986 §3.5)."""


class TextDirective(NamedTuple):
    """One ``text=`` directive.  Built by keyword; the terms are None when not given,
    and all four are None when the directive is invalid (:attr:`problem` says why)."""

    raw: str
    """The directive as written, ``text=`` included."""
    span: Span
    prefix: str | None
    start: str | None
    end: str | None
    suffix: str | None
    problem: str | None = None
    """Why browsers ignore it (a term empty or holding ``-``, too many terms); None
    for a valid one."""

    @property
    def valid(self) -> bool:
        return self.problem is None

    def to_dict(self) -> dict[str, object]:
        return {
            "raw": self.raw,
            "span": list(self.span),
            "prefix": self.prefix,
            "start": self.start,
            "end": self.end,
            "suffix": self.suffix,
            "valid": self.valid,
            "problem": self.problem,
        }


class OtherDirective(NamedTuple):
    """A directive that is not ``text=``: kept as written; browsers ignore it."""

    raw: str
    span: Span

    def to_dict(self) -> dict[str, object]:
        return {"raw": self.raw, "span": list(self.span)}


class FragmentDirective(NamedTuple):
    """What a fragment's ``:~:`` holds.  Built by keyword."""

    fragment: str
    """The fragment browsers keep (``location.hash`` without its ``#``): the part
    before the delimiter, as written."""
    directive: str
    """Everything after the delimiter, as written."""
    delimiter_span: Span
    span: Span
    """Of :attr:`directive`."""
    text_directives: tuple[TextDirective, ...]
    other_directives: tuple[OtherDirective, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "fragment": self.fragment,
            "directive": self.directive,
            "delimiter_span": list(self.delimiter_span),
            "span": list(self.span),
            "text_directives": [d.to_dict() for d in self.text_directives],
            "other_directives": [d.to_dict() for d in self.other_directives],
            "rule": RULE,
            "reference": REFERENCE,
        }


def _term(term: str | None) -> str | None:
    """§2.4, "percent-decode a text directive term": the octets as UTF-8 (an invalid
    sequence read as U+FFFD, as the Encoding Standard's "UTF-8 decode without BOM")."""
    if term is None:
        return None
    return unquote_to_bytes(term).decode("utf-8", "replace")


_Terms = tuple[str | None, str | None, str | None, str | None]


def _split_terms(value: str) -> _Terms | str:
    """The raw prefix, start, end and suffix of a ``text=`` directive's *value*, or
    why it is invalid (§2.4, "parse a text directive", its steps in order)."""
    tokens = value.split(",")
    if len(tokens) > 4:
        return "more than four comma-separated terms"
    prefix = suffix = None
    if tokens[0].endswith("-"):
        prefix = tokens.pop(0)[:-1]
        if not prefix or "-" in prefix:
            return "its prefix is empty or holds a '-'"
        if not tokens:
            return "a prefix and no start"
    if tokens[-1].startswith("-"):
        suffix = tokens.pop()[1:]
        if not suffix or "-" in suffix:
            return "its suffix is empty or holds a '-'"
        if not tokens:
            return "a suffix and no start"
    if len(tokens) > 2:
        return "more than a start and an end between the prefix and the suffix"
    start = tokens[0]
    end = tokens[1] if len(tokens) == 2 else None
    if not start or "-" in start:
        return "its start is empty or holds a '-' (a '-' in the text is written %2D)"
    if end is not None and (not end or "-" in end):
        return "its end is empty or holds a '-' (a '-' in the text is written %2D)"
    return prefix, start, end, suffix


def parse_text_directive(raw: str, span: Span) -> TextDirective:
    """The ``text=`` directive *raw* (``text=`` included), found at *span*."""
    terms = _split_terms(raw[len("text=") :])
    if isinstance(terms, str):
        return TextDirective(
            raw=raw, span=span, prefix=None, start=None, end=None, suffix=None, problem=terms
        )
    prefix, start, end, suffix = (_term(t) for t in terms)
    return TextDirective(raw=raw, span=span, prefix=prefix, start=start, end=end, suffix=suffix)


def fragment_directive(url: URL) -> FragmentDirective | None:
    """The fragment directive of *url*; None when its fragment holds no ``:~:`` (or
    nothing after it: browsers read ``#:~:`` as no directive, §2.3.1)."""
    span = url.span("fragment")
    if span is None:
        return None
    f_start, f_end = span
    text = url.text
    at = text.find(DELIMITER, f_start, f_end)
    if at < 0 or at + len(DELIMITER) == f_end:
        return None
    start = at + len(DELIMITER)
    texts: list[TextDirective] = []
    others: list[OtherDirective] = []
    pos = start
    while pos <= f_end:
        amp = text.find("&", pos, f_end)
        stop = f_end if amp < 0 else amp
        raw = text[pos:stop]
        if raw.startswith("text="):
            texts.append(parse_text_directive(raw, (pos, stop)))
        else:
            others.append(OtherDirective(raw=raw, span=(pos, stop)))
        pos = stop + 1
    return FragmentDirective(
        fragment=text[f_start:at],
        directive=text[start:f_end],
        delimiter_span=(at, start),
        span=(start, f_end),
        text_directives=tuple(texts),
        other_directives=tuple(others),
    )
