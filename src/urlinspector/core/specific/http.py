"""http and https (RFC 1738 §3.3; RFC 2818): the hpath and the searchpart.  Kept cheap: it
runs on every web URL."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core._raw import PATH, QUERY, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.specific.common import _NO_DIAGNOSTICS, SchemeResult


class HttpFields(NamedTuple):
    """What an http or https URL's own syntax holds (RFC 1738 §3.3), as written."""

    path: str | None
    """The path as written (the generic ``path`` component), or None when undefined."""
    search: str | None
    """The search after "?" as written (the ``query`` component), or None."""


HPATH_RULE: Final = "hpath, RFC 1738 §3.3 / §5"
HSEARCH_RULE: Final = "searchpart (search), RFC 1738 §3.3 / §5"
"""The rules of the http parts."""


def _http(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[HttpFields]:
    """``httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`` (RFC 1738 §5).

    The path and search are kept as written: URL draft 1993 ("HTTP") says the path is passed
    transparently to the server, not understood by the client.
    """
    p = spans[PATH]
    q = spans[QUERY]
    path = text[p[0] : p[1]] if p[0] >= 0 else None
    if q[0] < 0:
        fields = HttpFields(path, None)
        if path is None:
            return (), fields, _NO_DIAGNOSTICS
        return (("path", p, path, "http-path", HPATH_RULE),), fields, _NO_DIAGNOSTICS
    search = text[q[0] : q[1]]
    fields = HttpFields(path, search)
    searchpart: RawPart = ("searchpart", q, search, "http-search", HSEARCH_RULE)
    if path is None:  # a query without a path: no edition splits so, but be safe
        return (searchpart,), fields, _NO_DIAGNOSTICS
    return (("path", p, path, "http-path", HPATH_RULE), searchpart), fields, _NO_DIAGNOSTICS
