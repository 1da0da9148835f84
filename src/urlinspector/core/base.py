"""Establishing a document's base URL from what is known about it (URL syntax draft 1997 §5.1,
RFC 2396bis draft 2003 §5.1).

The texts list the sources "in order of precedence ... in terms of layers, where the
innermost defined base URL has the highest precedence":

=================  ==================================================================
layer              source (text)
=================  ==================================================================
explicit           a base the application states (a ``--base`` option, a field in a
                   dialog) (RFC 3986 §5.1)
content            ``<BASE href>`` in an HTML document's content, element and
                   attribute names case-insensitive (URL syntax draft 1997 / RFC
                   2396bis draft 2003 §5.1.1, appendix D)
content-base       the ``Content-Base`` header of the message (URL syntax draft 1997
                   §5.1.1)
content-location   the ``Content-Location`` header, resolved first when relative
                   ("Content-Base takes precedence over any Content-Location") (URL
                   syntax draft 1997 §5.1.1)
retrieval          the URL used to retrieve the document; after redirects, the last
                   one (URL syntax draft 1997 / RFC 2396bis draft 2003 §5.1.3)
default            the application's default (RFC 2396bis draft 2003 §5.1.4)
=================  ==================================================================

Each layer is worked out from the outside in, so that a relative ``Content-Location``
or ``<BASE href>`` is resolved against the base of the layer around it.  A base from
the document (``<BASE href>``, the headers) that cannot be used is passed over, and the
result says so; a base the caller states (explicit, retrieval, default) that is not
absolute is a mistake and raises :class:`~.resolution.BaseNotAbsoluteError`.  A fragment
is never part of a base (RFC 3986 §5.1: "stripped of any fragment component"), so it
is removed, and the result says so too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from urlinspector.core.grammar import APPENDIX_B
from urlinspector.core.quoting import quoted
from urlinspector.core.resolution import BaseNotAbsoluteError, resolve

__all__ = ["LAYERS", "EstablishedBase", "establish_base", "html_base_href"]

LAYERS = ("explicit", "content", "content-base", "content-location", "retrieval", "default")
"""The layers, innermost (highest precedence) first."""

_CITATIONS = {
    "explicit": "RFC 3986 §5.1",
    "content": "URL syntax draft 1997 §5.1.1 and appendix D; RFC 2396bis draft 2003 §5.1.1; "
    "RFC 3986 §5.1.1",
    "content-base": "URL syntax draft 1997 §5.1.1",
    "content-location": "URL syntax draft 1997 §5.1.1; RFC 2396bis draft 2003 §5.1.2",
    "retrieval": "URL syntax draft 1997 §5.1.3; RFC 2396bis draft 2003 §5.1.3; RFC 3986 §5.1.3",
    "default": "RFC 2396bis draft 2003 §5.1.4; RFC 3986 §5.1.4",
}
_DETAILS = {
    "explicit": "the base stated by the application",
    "content": "the HREF of the document's <BASE> element",
    "content-base": "the Content-Base header",
    "content-location": "the Content-Location header",
    "retrieval": "the URL used to retrieve the document (after any redirects, the last one)",
    "default": "the application's default base",
}


@dataclass(frozen=True)
class EstablishedBase:
    """A base URL and the layer of URL syntax draft 1997 / RFC 2396bis draft 2003 §5.1 it came
    from."""

    url: str
    layer: str
    """One of :data:`LAYERS`."""
    citation: str
    detail: str
    """Where the base came from, in words, and anything worth knowing about it (a
    relative value that was resolved, a fragment removed, a layer passed over)."""
    passed_over: tuple[str, ...] = ()
    """Inner layers that held a value that could not be used, and why."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "layer": self.layer,
            "citation": self.citation,
            "detail": self.detail,
            "passed_over": list(self.passed_over),
        }


class _BaseFinder(HTMLParser):
    """The HREF of the first <BASE> element that has one (HTML names are
    case-insensitive: URL syntax draft 1997 appendix D); the parser lower-cases them and decodes
    character references in attribute values."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.href is None and tag == "base":
            for name, value in attrs:
                if name == "href" and value is not None:
                    self.href = value
                    break

    handle_startendtag = handle_starttag


def html_base_href(content: str) -> str | None:
    """The HREF of the first ``<BASE href=...>`` in an HTML document (markup in
    comments and scripts does not count), without surrounding whitespace; None when
    there is none."""
    if "<" not in content or "base" not in content.lower():
        return None
    finder = _BaseFinder()
    finder.feed(content)
    finder.close()
    return None if finder.href is None else finder.href.strip(" \t\n\r\f")


def _header(headers: Mapping[str, str], name: str) -> str | None:
    """A header's value by case-insensitive name, with every whitespace character
    removed (URL syntax draft 1997 §5.1.1: "any whitespace inside the field value (including that
    used for line folding) is ignored"); None when absent or empty."""
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            compact = "".join(value.split())
            return compact or None
    return None


def _is_absolute(url: str) -> bool:
    m = APPENDIX_B.match(url)
    return m is not None and m.group(2) is not None


def establish_base(
    *,
    explicit: str | None = None,
    content: str | None = None,
    headers: Mapping[str, str] | None = None,
    retrieval_url: str | None = None,
    default: str | None = None,
    edition: str = "rfc3986",
) -> EstablishedBase | None:
    """The base URL of a document from what is known about it, with its layer.

    *content* is the document's text (an HTML ``<BASE href>`` in it counts);
    *headers* the message's header fields (``Content-Base``, ``Content-Location``,
    names case-insensitive); *retrieval_url* the URL that retrieved the document (the
    last one, after redirects); *default* the application's default.  A relative
    ``Content-Location`` or ``<BASE href>`` is resolved by *edition* against the base
    of the layers around it.

    None when no layer holds a base: then "the base URL is considered to be the empty
    string and all URL references within that document are assumed to be absolute"
    (URL syntax draft 1997 §5.1.4).
    """
    candidates: dict[str, str | None] = {
        "explicit": explicit,
        "content": html_base_href(content) if content is not None else None,
        "content-base": _header(headers, "Content-Base") if headers else None,
        "content-location": _header(headers, "Content-Location") if headers else None,
        "retrieval": retrieval_url,
        "default": default,
    }
    established: EstablishedBase | None = None
    passed_over: list[tuple[str, str]] = []
    for layer in reversed(LAYERS):  # from the outside in
        value = candidates[layer]
        if not value:  # None, or an empty value: nothing known
            continue
        notes: list[str] = []
        if not _is_absolute(value):
            if layer in ("explicit", "retrieval", "default"):
                raise BaseNotAbsoluteError(
                    value,
                    edition,
                    f"it has no scheme, so it cannot be the {layer} base",
                    _CITATIONS[layer],
                )
            if layer == "content-base":
                passed_over.append(
                    (
                        layer,
                        f"Content-Base {quoted(value)} is not absolute "
                        "(URL syntax draft 1997 §5.1.1: Content-Base = absoluteURL)",
                    )
                )
                continue
            if established is None:
                passed_over.append(
                    (
                        layer,
                        f"{_DETAILS[layer]} {quoted(value)} is relative and there is no outer "
                        "base to resolve it against",
                    )
                )
                continue
            resolved = resolve(established.url, value, edition, trace=False).target
            if layer == "content-location":
                why = (
                    "URL syntax draft 1997 §5.1.1: if it is relative, it must be resolved to "
                    "its "
                    "absolute form"
                )
            else:
                why = (
                    'URL syntax draft 1997 appendix D: the "HREF" attribute must be an absolute URL'
                )
            notes.append(
                f"{quoted(value)} is relative: resolved against {quoted(established.url)} ({why})"
            )
            value = resolved
        url, hash_sign, fragment = value.partition("#")
        if hash_sign:
            notes.append(f"its fragment #{fragment} is not part of a base (RFC 3986 §5.1)")
        detail = _DETAILS[layer] + "".join(f"; {n}" for n in notes)
        established = EstablishedBase(url, layer, _CITATIONS[layer], detail)
    if established is None:
        return None
    # layers inside the chosen one that held something unusable explain the choice
    chosen = LAYERS.index(established.layer)
    inner = [text for layer, text in passed_over if LAYERS.index(layer) < chosen]
    if inner:
        established = EstablishedBase(
            established.url,
            established.layer,
            established.citation,
            established.detail + "".join(f"; passed over: {p}" for p in inner),
            tuple(inner),
        )
    return established
