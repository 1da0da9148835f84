"""Scheme-specific syntax: what ftp, http, gopher, mailto, news, nntp, telnet, wais,
file and prospero make of a URL the generic parser has already split.

The scheme grammars are those of RFC 1738 §3 and §5 (RFC 1738, with the BNF restored from
RFC 1738 summary (zh) §5); the 1993 draft (URL draft 1993, "Specific Schemes" and its BNF) differs
in a few places, listed once in :data:`SCHEME_RULES`.  Every later edition (URL syntax draft 1997,
RFC 2396bis draft 2003, RFC 3986) leaves these schemes as RFC 1738 defined them, so they read them
by the RFC 1738 rules.

One module per scheme (:mod:`.http`, :mod:`.ftp`, :mod:`.gopher`, :mod:`.mailto`,
:mod:`.news` for news and nntp, :mod:`.telnet`, :mod:`.wais`, :mod:`.file`,
:mod:`.prospero`), each with one function chosen through :data:`SCHEME_PARSERS` (a
table, not an if-chain): adding a scheme is a module and a row.  What every scheme
asks of its authority is :mod:`.authority`'s; the helpers they share and the rules
where the editions differ are :mod:`.common`'s.  Each gets the spans of the generic
split and returns named, spanned :data:`~urlinspector.core.model.Part` tuples (for
colouring) and its own record of decoded, typed fields (:class:`HttpFields`,
:class:`FtpFields`, ... one a scheme, next to its parser; :data:`SchemeFields` is any of
them).  Nothing here raises for any input text: offsets come from the spans and every
lookup is a slice.

Where the generic split and the scheme grammar disagree, the scheme grammar wins:

* the ``/`` after host[:port] is a separator, never part of the url-path (RFC 1738 §3.1),
  whether the edition's path span holds it (URL syntax draft 1997 on) or not (RFC 1738,
  URL draft 1993);
* for schemes whose grammar has no ``?`` search (ftp, gopher, news, nntp, prospero,
  file, mailto) a ``?`` is an ordinary character (RFC 1738 §5: fsegment, selector,
  psegment, xchar hold "?"), so a query span split off by the edition is read back
  into the url-path.  http, https and wais keep their search part; gopher does too in
  the 1993 draft (URL draft 1993 BNF: ``gopheraddress ... [? search]``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from urlinspector.core._raw import Regs, parts, regs_of
from urlinspector.core.checks import Findings
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic, SchemeParts, Spans
from urlinspector.core.specific.authority import NEEDS_AUTHORITY, authority_findings
from urlinspector.core.specific.common import (
    _NO_DIAGNOSTICS,
    _PORTS,
    RULES_1738,
    RULES_1993,
    SCHEME_RULES,
    SchemeResult,
    SchemeRules,
)
from urlinspector.core.specific.file import FileFields, _file
from urlinspector.core.specific.ftp import FtpFields, FtpTypecode, _ftp
from urlinspector.core.specific.gopher import GopherFields, GopherPlusKind, _gopher
from urlinspector.core.specific.http import (
    HPATH_RULE,
    HSEARCH_RULE,
    HttpFields,
    _http,
)
from urlinspector.core.specific.mailto import MailtoFields, _mailto
from urlinspector.core.specific.news import (
    NewsFields,
    NewsKind,
    NntpFields,
    _news,
    _nntp,
)
from urlinspector.core.specific.prospero import ProsperoFields, _prospero
from urlinspector.core.specific.telnet import TelnetFields, _telnet
from urlinspector.core.specific.wais import WaisFields, WaisKind, _wais

__all__ = [
    "HPATH_RULE",
    "HSEARCH_RULE",
    "KNOWN_SCHEMES",
    "NEEDS_AUTHORITY",
    "RULES_1738",
    "RULES_1993",
    "SCHEME_PARSERS",
    "SCHEME_RULES",
    "FileFields",
    "FtpFields",
    "FtpTypecode",
    "GopherFields",
    "GopherPlusKind",
    "HttpFields",
    "MailtoFields",
    "NewsFields",
    "NewsKind",
    "NntpFields",
    "ProsperoFields",
    "SchemeFields",
    "SchemeParser",
    "SchemeResult",
    "SchemeRules",
    "TelnetFields",
    "WaisFields",
    "WaisKind",
    "authority_findings",
    "parse_specific",
]

SchemeFields = (
    HttpFields
    | FtpFields
    | GopherFields
    | MailtoFields
    | NewsFields
    | NntpFields
    | TelnetFields
    | WaisFields
    | FileFields
    | ProsperoFields
)
"""What a scheme's own syntax holds, decoded and typed: one record a scheme (http and
https share :class:`HttpFields`, news and nntp have one each).  A caller narrows it by
the record's class, never by a name: ``if isinstance(url.scheme_fields, FtpFields):
url.scheme_fields.cwd``; ``fields._asdict()`` gives them by name (the JSON document)."""

SchemeParser = Callable[[str, str, Regs, Edition], SchemeResult[SchemeFields]]
"""``parser(text, scheme, spans, edition)``: the parts, fields and findings of the
scheme's syntax after its authority (*spans* the parser's own form, :mod:`.._raw`);
:func:`parse_specific` adds :func:`authority_findings`."""


SCHEME_PARSERS: Final[dict[str, SchemeParser]] = {
    "ftp": _ftp,
    "http": _http,
    "https": _http,
    "gopher": _gopher,
    "mailto": _mailto,
    "news": _news,
    "nntp": _nntp,
    "telnet": _telnet,
    "wais": _wais,
    "file": _file,
    "prospero": _prospero,
}
"""Lower-case scheme -> its parser (RFC 1738 §3 lists the schemes; https is RFC 2818)."""


KNOWN_SCHEMES: Final[frozenset[str]] = frozenset(SCHEME_PARSERS)


def parse_specific(
    text: str, scheme: str, spans: Spans, edition: Edition
) -> tuple[SchemeParts | None, tuple[Diagnostic, ...]]:
    """What *scheme*'s own syntax (RFC 1738 §3, §5; URL draft 1993) makes of *text*, split
    into *spans* (``url.spans``), with what it asks of the authority: the parts and
    fields as a :class:`.model.SchemeParts`, and the findings; ``(None, ())`` for a
    scheme without specific syntax.  Never raises for any text: problems in what the
    user typed come back as findings (category ``"scheme"``) with a span into *text*
    and a citation."""
    parser = SCHEME_PARSERS.get(scheme)
    if parser is None:
        return None, _NO_DIAGNOSTICS
    regs = regs_of(spans)
    found = Findings()
    authority_findings(text, scheme, regs, found)
    raw_parts, fields, own = parser(text, scheme, regs, edition)
    specific = SchemeParts(
        scheme=scheme, parts=parts(raw_parts), default_port=_PORTS.get(scheme), fields=fields
    )
    return specific, (*found, *own) if found else own
