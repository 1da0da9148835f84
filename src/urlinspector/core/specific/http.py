"""http and https (RFC 1738 §3.3; RFC 2818): the hpath and the searchpart.  Kept cheap: it
runs on every web URL, so :func:`_http` builds its record and parts with one
:data:`.model.NEW_RECORD` call each and no call between."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core._regs import PATH, QUERY, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import NEW_RECORD, Part, Span
from urlinspector.core.specific.common import _NO_DIAGNOSTICS, SchemeResult


class HttpFields(NamedTuple):
    """What an http or https URL's own syntax holds (RFC 1738 §3.3), as written."""

    path: str | None
    """The path as written (the generic ``path`` component), or None when undefined."""
    search: str | None
    """The search after "?" as written (the ``query`` component), or None."""


def http_fields(*, path: str | None, search: str | None) -> HttpFields:
    """``HttpFields(path=..., search=...)``, built as quickly as a tuple (see
    :data:`.model.NEW_RECORD`), as :func:`_http` builds it."""
    return NEW_RECORD(HttpFields, (path, search))


HPATH_RULE: Final = "hpath, RFC 1738 §3.3 / §5"
HSEARCH_RULE: Final = "searchpart (search), RFC 1738 §3.3 / §5"
"""The rules of the http parts (:func:`path_part`, :func:`search_part`)."""


def _http(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[HttpFields]:
    """``httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`` (RFC 1738 §5).

    The path and search are kept as written: URL draft 1993 ("HTTP") says the path is passed
    transparently to the server, not understood by the client.  The record and the parts
    are those of :func:`http_fields`, :func:`path_part` and :func:`search_part`, built
    here with :data:`.model.NEW_RECORD` directly (a call each fewer for every web URL;
    a test compares them).
    """
    p = spans[PATH]
    q = spans[QUERY]
    path = text[p[0] : p[1]] if p[0] >= 0 else None
    if q[0] < 0:
        fields = NEW_RECORD(HttpFields, (path, None))
        if path is None:
            return (), fields, _NO_DIAGNOSTICS
        return (
            (NEW_RECORD(Part, ("path", p, path, "http-path", HPATH_RULE)),),
            fields,
            _NO_DIAGNOSTICS,
        )
    search = text[q[0] : q[1]]
    fields = NEW_RECORD(HttpFields, (path, search))
    searchpart = NEW_RECORD(Part, ("searchpart", q, search, "http-search", HSEARCH_RULE))
    if path is None:  # a query without a path: no edition splits so, but be safe
        return (searchpart,), fields, _NO_DIAGNOSTICS
    path_rec = NEW_RECORD(Part, ("path", p, path, "http-path", HPATH_RULE))
    return (path_rec, searchpart), fields, _NO_DIAGNOSTICS


def path_part(span: Span, path: str) -> Part:
    """``Part(name="path", span=span, text=path, role="http-path", rule=HPATH_RULE)``,
    built as quickly as a tuple (see :data:`.model.NEW_RECORD`)."""
    return NEW_RECORD(Part, ("path", span, path, "http-path", HPATH_RULE))


def search_part(span: Span, search: str) -> Part:
    """``Part(name="searchpart", span=span, text=search, role="http-search",
    rule=HSEARCH_RULE)``, built as :func:`path_part` is."""
    return NEW_RECORD(Part, ("searchpart", span, search, "http-search", HSEARCH_RULE))
