"""Resolving a reference against a base URL, under each edition, with a step trace.

``resolve(base, reference, edition)`` runs the resolution algorithm of the edition's
own text and, when asked, records every step in the text's words with the buffer or
component values after it, so that a reader can follow the algorithm as the text
states it:

===============  =====================================================================
edition          algorithm
===============  =====================================================================
rfc3986          RFC 3986 §5.2: transform references, merge, remove_dot_segments
rfc2396bis-2003  RFC 2396bis draft 2003 §5.2: the pseudocode and the 8-step merge buffer
                 (step 7 keeps ".." segments left above the root; non-validating
                 readers may drop a scheme equal to the base's)
url-syntax-1997  URL syntax draft 1997 §5.2: the string buffer of steps 1-7; the query
                 joins the buffer before the dot-segment steps, so ``g?y/./x`` gives
                 ``.../g?y/x``
rfc1738          RFC 1808 §4 (RFC 1738 leaves relative URLs out; RFC 1808, the relative-URL
                 RFC of the same years, defined them)
url-1993         URL draft 1993 appendix 1.2: the rules for the "partial form"
===============  =====================================================================

Each reference is split the way its text says (URL syntax draft 1997 / RFC 2396bis draft 2003
§4.3-4.4 and appendix B, RFC 3986 §5.2.2 and appendix B, RFC 1808 §2.4, URL draft 1993 appendix
1.2), which for the three generic editions is the core parser's generic split.

A base or reference in a ``<URL:...>``, ``<...>`` or ``URL:`` wrapper (RFC 1738 appendix,
RFC 3986 appendix C) is read as the URL inside it, as :func:`~urlinspector.core.parse`
reads it: the wrapper is plain text around a URL, not part of it, and the notes say it
was set aside.

A reference that is empty or only a fragment is a same-document reference: its
traversal should not result in a new retrieval (URL syntax draft 1997 §3, RFC 2396bis draft 2003
§4.2, RFC 3986 §4.4). A base without a scheme is not absolute and raises
:class:`BaseNotAbsoluteError`.

One module per algorithm (:mod:`.rfc3986`, :mod:`.draft2003`, :mod:`.draft1997`,
:mod:`.rfc1808`, :mod:`.draft1993`), RFC 3986's remove_dot_segments in
:mod:`.dot_segments`, the trace in :mod:`.trace`, the results in :mod:`.results`; the
table of algorithms by edition and :func:`resolve` here.

With ``trace=False`` the RFC 3986 route is a lean one (one regular expression for the
reference, a small cache of split bases, a segment stack for the dot segments, no
trace objects) that gives the same result as the traced route; it hands anything out
of the ordinary (a base with a fragment, ".." above the root, a note to make) to the
traced route.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

from urlinspector.core.editions import Edition, get_edition
from urlinspector.core.grammar import wrapper_bounds
from urlinspector.core.quoting import quoted
from urlinspector.core.resolution.common import _split_generic, _Target
from urlinspector.core.resolution.dot_segments import remove_dot_segments
from urlinspector.core.resolution.draft1993 import _resolve_1993, _split_1993
from urlinspector.core.resolution.draft1997 import _resolve_1997
from urlinspector.core.resolution.draft2003 import _resolve_2003
from urlinspector.core.resolution.results import (
    CURRENT_DOCUMENT,
    BaseNotAbsoluteError,
    Resolution,
    Step,
)
from urlinspector.core.resolution.rfc1808 import _resolve_1808, _split_1808
from urlinspector.core.resolution.rfc3986 import _resolve_lean, _resolve_rfc3986
from urlinspector.core.resolution.trace import STEP_COST, TRACE_BUDGET, _Trace

__all__ = [
    "CURRENT_DOCUMENT",
    "STEP_COST",
    "TRACE_BUDGET",
    "BaseNotAbsoluteError",
    "Resolution",
    "Step",
    "remove_dot_segments",
    "resolve",
]


class _Algorithm(NamedTuple):
    split: Callable[[str], Any]
    resolve: Callable[[str, Any, str, bool, _Trace], _Target]
    citation: str
    """Where the text requires the base to be absolute."""
    no_scheme: str = "it has no scheme"
    """Why a base without a scheme is not absolute, in the words of the text."""
    lean: Callable[[str, str], Resolution | None] | None = None
    """The untraced strict resolution without the trace's bookkeeping, where there is
    one (None from it: take the full route)."""


_ALGORITHMS: dict[str, _Algorithm] = {
    "rfc3986": _Algorithm(_split_generic, _resolve_rfc3986, "RFC 3986 §5.1", lean=_resolve_lean),
    "rfc2396bis-2003": _Algorithm(_split_generic, _resolve_2003, "RFC 2396bis draft 2003 §5.2"),
    "url-syntax-1997": _Algorithm(_split_generic, _resolve_1997, "URL syntax draft 1997 §5.2"),
    "rfc1738": _Algorithm(_split_1808, _resolve_1808, "RFC 1808 §4 step 1; RFC 1738 §2.1"),
    "url-1993": _Algorithm(
        _split_1993,
        _resolve_1993,
        "URL draft 1993 appendix 1.2",
        no_scheme="it has no colon before its first slash, so it is a partial form",
    ),
}
"""Each edition's resolution algorithm, by edition id."""

_WRAPPER_FIRST = frozenset("<Uu")
"""The first characters of ``<URL:...>``, ``<...>`` and ``URL:``: a text that starts
with none of them has no wrapper."""


@functools.lru_cache(maxsize=256)
def _split_base(edition: str, base: str) -> Any:
    algorithm = _ALGORITHMS[edition]
    parts = algorithm.split(base)
    if parts.scheme is None:
        reason = "it is empty" if base == "" else algorithm.no_scheme
        raise BaseNotAbsoluteError(base, edition, reason, algorithm.citation)
    return parts


_MAX_WRAPPERS = 16
"""The most wrappers taken off one base or reference (``<URL:<...>>`` counts twice)."""


def _unwrapped(text: str) -> str:
    """The URL inside any wrappers of *text*, as the parser reads them (*text* itself,
    the same object, when it has none)."""
    if text[:1] not in _WRAPPER_FIRST:
        return text
    for _ in range(_MAX_WRAPPERS):
        start, end = wrapper_bounds(text)
        if start == 0 and end == len(text):
            break
        text = text[start:end]
    return text


def _wrapper_note(name: str, given: str, inner: str, edition_id: str) -> str:
    return (
        f"the {name} {quoted(given)} is wrapped: the wrapper is not part of the URL, "
        f"so {quoted(inner)} was used ({get_edition(edition_id).cite('wrapper')})"
    )


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise TypeError(f"resolve() takes the {name} as str, not {type(value).__name__}")


def resolve(
    base: str,
    reference: str,
    edition: str | Edition = "rfc3986",
    strict: bool = True,
    *,
    trace: bool = True,
) -> Resolution:
    """Resolve *reference* against *base* by the algorithm of *edition*.

    ``strict=False`` lets a reference whose scheme is the base's be read as relative,
    where the edition allows it (RFC 3986 §5.2.2 "non-strict", RFC 2396bis draft 2003 §5.2
    "non-validating"); the older editions have no such reading and say so in the notes.
    ``trace=False`` leaves ``steps`` empty (and takes the lean route for rfc3986).

    Raises :class:`BaseNotAbsoluteError` for a base without a scheme and
    :class:`~urlinspector.core.errors.UnknownEditionError` for an unknown edition (both
    ``ValueError``); any reference text resolves.
    """
    edition_id = edition if type(edition) is str else get_edition(edition).id
    algorithm = _ALGORITHMS.get(edition_id)  # (None: get_edition below says why)
    if (
        not trace
        and strict
        and algorithm is not None
        and algorithm.lean is not None
        and type(base) is str
        and type(reference) is str
        and _unwrapped(base) is base
        and _unwrapped(reference) is reference
    ):
        lean = algorithm.lean(base, reference)
        if lean is not None:
            return lean
    _check_text("base", base)
    _check_text("reference", reference)
    edition_id = get_edition(edition).id
    inner_base, inner_reference = _unwrapped(base), _unwrapped(reference)
    try:
        b = _split_base(edition_id, inner_base)
    except BaseNotAbsoluteError as exc:
        if inner_base is base:
            raise
        reason = f"the URL inside its wrapper, {quoted(inner_base)}: {exc.reason}"
        raise BaseNotAbsoluteError(base, edition_id, reason, exc.citation) from None
    t = _Trace(trace)
    result = _ALGORITHMS[edition_id].resolve(inner_base, b, inner_reference, strict, t)
    same_document = result.same_document or inner_reference == "" or inner_reference.startswith("#")
    notes = [
        _wrapper_note(name, given, inner, edition_id)
        for name, given, inner in (
            ("base", base, inner_base),
            ("reference", reference, inner_reference),
        )
        if inner != given
    ]
    return Resolution(
        base,
        reference,
        edition_id,
        strict,
        result.target,
        same_document,
        t.all_steps(),
        (*notes, *t.notes),
    )
