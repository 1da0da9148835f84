"""What the algorithms share: the generic split of a reference (appendix B), putting
components back together (RFC 3986 §5.3), the same-document target."""

from __future__ import annotations

from typing import NamedTuple

from urlinspector.core.grammar import APPENDIX_B, SPLIT


def _recompose(
    scheme: str | None, authority: str | None, path: str, query: str | None, fragment: str | None
) -> str:
    """RFC 3986 §5.3 (URL syntax draft 1997 §5.2 step 7, RFC 2396bis draft 2003 §5.2): defined
    components with their delimiters; an empty one keeps its delimiter, an undefined one has
    none."""
    result = ""
    if scheme is not None:
        result += scheme + ":"
    if authority is not None:
        result += "//" + authority
    result += path
    if query is not None:
        result += "?" + query
    if fragment is not None:
        result += "#" + fragment
    return result


_SPLIT = SPLIT.match
"""Appendix B with only the groups $2 $4 $5 $7 $9 capturing, for the lean route."""


class _Generic(NamedTuple):
    """scheme = $2, authority (URL syntax draft 1997: site) = $4, path = $5, query = $7, fragment =
    $9."""

    scheme: str | None
    authority: str | None
    path: str
    query: str | None
    fragment: str | None


def _split_generic(text: str) -> _Generic:
    m = APPENDIX_B.match(text)
    assert m is not None  # every group is optional: the expression matches any text
    return _Generic(m.group(2), m.group(4), m.group(5), m.group(7), m.group(9))


def _without_fragment(url: str) -> str:
    return url.partition("#")[0]


def _same_scheme(a: str | None, b: str | None) -> bool:
    # schemes are case-insensitive (RFC 3986 §3.1, RFC 2396bis draft 2003 §3.1,
    # URL syntax draft 1997 §4.1)
    return a is not None and b is not None and a.lower() == b.lower()


class _Target(NamedTuple):
    target: str
    same_document: bool


def _current_document(base: str, fragment: str | None) -> _Target:
    document = _without_fragment(base)
    return _Target(document if fragment is None else f"{document}#{fragment}", True)
