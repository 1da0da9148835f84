"""http and https (RFC 1738 §3.3; RFC 2818): the hpath and the searchpart.  Kept cheap: it
runs on every web URL the fast route does not finish itself."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core.editions import Edition
from urlinspector.core.model import NEW_RECORD, PATH, QUERY, Part, Span, Spans
from urlinspector.core.specific.common import _NO_DIAGNOSTICS, SchemeResult


class HttpFields(NamedTuple):
    """What an http or https URL's own syntax holds (RFC 1738 §3.3), as written."""

    path: str | None
    """The path as written (the generic ``path`` component), or None when undefined."""
    search: str | None
    """The search after "?" as written (the ``query`` component), or None."""


def http_fields(*, path: str | None, search: str | None) -> HttpFields:
    """``HttpFields(path=..., search=...)``, built as quickly as a tuple (see
    :data:`.model.NEW_RECORD`).  ``parse``'s web route builds the same record with
    ``NEW_RECORD`` itself: there this call would add about 2% to a web URL's parse."""
    return NEW_RECORD(HttpFields, (path, search))


HPATH_RULE: Final = "hpath, RFC 1738 §3.3 / §5"
HSEARCH_RULE: Final = "searchpart (search), RFC 1738 §3.3 / §5"
"""(The http parts' builders and :class:`HttpFields` are public: ``parse`` builds the
parts and fields of the commonest web URLs itself.)"""


def _http(text: str, scheme: str, spans: Spans, edition: Edition) -> SchemeResult[HttpFields]:
    """``httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`` (RFC 1738 §5).

    The path and search are kept as written: URL draft 1993 ("HTTP") says the path is passed
    transparently to the server, not understood by the client.  The commonest web URLs
    never come here: :func:`~.parse.parse` builds the same parts itself.
    """
    p0, p1 = p = spans[PATH]
    q0, q1 = q = spans[QUERY]
    path = text[p0:p1] if p0 >= 0 else None
    search = text[q0:q1] if q0 >= 0 else None
    fields = http_fields(path=path, search=search)
    if path is None:
        if search is None:
            return (), fields, _NO_DIAGNOSTICS
        # a query without a path: no edition splits so, but be safe
        return (search_part(q, search),), fields, _NO_DIAGNOSTICS
    if search is None:
        return (path_part(p, path),), fields, _NO_DIAGNOSTICS
    return (path_part(p, path), search_part(q, search)), fields, _NO_DIAGNOSTICS


def path_part(span: Span, path: str) -> Part:
    """``Part(name="path", span=span, text=path, role="http-path", rule=HPATH_RULE)``,
    built as quickly as a tuple (see :data:`.model.NEW_RECORD`): most URLs have one."""
    return NEW_RECORD(Part, ("path", span, path, "http-path", HPATH_RULE))


def search_part(span: Span, search: str) -> Part:
    """``Part(name="searchpart", span=span, text=search, role="http-search",
    rule=HSEARCH_RULE)``, built as :func:`path_part` is."""
    return NEW_RECORD(Part, ("searchpart", span, search, "http-search", HSEARCH_RULE))
