"""The query as a lossless list of parameters: every ``&``-separated piece in order,
repeated keys kept, each with its key and value decoded, its text exactly as written
and its span.

The query's ``key=value&key=value`` form is no part of the URL grammar (RFC 3986 §3.4
leaves the query's syntax to the scheme); it is HTML's ``application/x-www-form-urlencoded``
(WHATWG URL §5.1), which servers of the HTTP schemes read.  :func:`query_params` splits
the query at every ``&`` and each piece at its first ``=``, as that parser does, but
drops nothing: an empty piece (``a&&b``) is an entry of its own with an empty ``raw``,
so that ``"&".join(p.raw for p in params)`` is the query byte for byte.

Decoding: the escapes of the key and the value are decoded and the octets read in a
charset, as for the query component (:func:`~urlinspector.core.escapes.decode`); ``+``
stands for a space only in the form encoding, which is said in each entry
(:attr:`QueryParam.form_encoded`) and read only for the schemes of
:data:`FORM_ENCODED_SCHEMES`: in a ``mailto:`` or ``news:`` URL a ``+`` is a ``+``.

:func:`without_params` removes pieces from a URL's text and leaves the rest as it was
written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from urlinspector.core.model import Span
from urlinspector.core.url import URL

__all__ = [
    "FORM_ENCODED_SCHEMES",
    "FORM_REFERENCE",
    "QueryParam",
    "params_of",
    "query_params",
    "without_params",
]

FORM_ENCODED_SCHEMES: frozenset[str] = frozenset({"http", "https", "ws", "wss"})
"""The schemes whose servers read the query as ``application/x-www-form-urlencoded``,
``+`` standing for a space: the HTTP schemes (and WebSocket, whose handshake is an
HTTP request: RFC 6455 §3)."""

FORM_REFERENCE = "WHATWG URL §5.1 (application/x-www-form-urlencoded parsing)"
"""Where the ``&``, ``=`` and ``+`` of the form encoding are defined."""


class QueryParam(NamedTuple):
    """One ``&``-separated piece of the query.  Built by keyword."""

    key: str
    """The text before the first ``=`` (all of it when there is none), decoded."""
    value: str | None
    """The text after the first ``=``, decoded; None for a piece without ``=``
    (``?flag``: the form parser reads its value as ``""``)."""
    raw: str
    """The piece exactly as written."""
    span: Span
    """Where the piece stands in the parsed text (``text[start:end] == raw``)."""
    form_encoded: bool
    """Whether ``+`` was read as a space (the form encoding of the HTTP schemes)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "value": self.value,
            "raw": self.raw,
            "span": list(self.span),
            "form_encoded": self.form_encoded,
        }


def _decoded(raw: str, url: URL, charset: str, form: bool) -> str:
    if form and "+" in raw:
        raw = raw.replace("+", " ")  # (a "%2B" stays an escape: decoded to "+" below)
    if "%" not in raw:
        return raw
    from urlinspector.core.escapes import decode  # (its tables load when first needed)

    return decode(raw, "query", scheme=url.scheme, charset=charset, edition=url.edition).text


def params_of(url: URL, span: Span, *, charset: str = "utf-8") -> tuple[QueryParam, ...]:
    """The ``&``-separated pieces of ``url.text[span]`` (a query, or a fragment that
    carries parameters), read as :func:`query_params` reads the query."""
    start, end = span
    if start == end:
        return ()
    text = url.text
    form = (url.scheme or "").lower() in FORM_ENCODED_SCHEMES
    out: list[QueryParam] = []
    pos = start
    while True:
        amp = text.find("&", pos, end)
        stop = end if amp < 0 else amp
        raw = text[pos:stop]
        key, eq, value = raw.partition("=")
        out.append(
            QueryParam(
                key=_decoded(key, url, charset, form),
                value=_decoded(value, url, charset, form) if eq else None,
                raw=raw,
                span=(pos, stop),
                form_encoded=form,
            )
        )
        if amp < 0:
            return tuple(out)
        pos = amp + 1


def query_params(url: URL, *, charset: str = "utf-8") -> tuple[QueryParam, ...] | None:
    """The parameters of *url*'s query, in order; None when the URL has no query,
    ``()`` for an empty one (``http://a/?``).  Raises
    :class:`~urlinspector.core.errors.UnknownCharsetError` for an unknown *charset*."""
    span = url.span("query")
    return None if span is None else params_of(url, span, charset=charset)


def without_params(
    url: URL, params: Sequence[QueryParam], drop: Callable[[QueryParam], bool]
) -> tuple[str, tuple[QueryParam, ...]]:
    """``url.text`` without the pieces of *params* (the URL's own, from
    :func:`params_of`) that *drop* says to remove, each with one ``&`` beside it;
    the ``?`` or ``#`` too when no piece is left.  Every other character stays as
    written.  Also the pieces removed."""
    removed = tuple(p for p in params if drop(p))
    if not removed:
        return url.text, ()
    kept = [p for p in params if p not in removed]
    first, last = params[0].span[0], params[-1].span[1]
    text = url.text
    if kept:
        body = "&".join(p.raw for p in kept)
        return text[:first] + body + text[last:], removed
    # nothing left: the "?" (or "#") that opened the pieces goes too
    return text[: first - 1] + text[last:], removed
