"""The editions of the URL specifications, written once, as data.

One parser (``parse.py``) is driven by these tables; nothing else in the package
branches on an edition's name.  Each character class and grammar choice carries the
section of its source text (the documents and their texts are listed in
:mod:`urlinspector.core.documents`):

=================  ======  ==========================================================
id                 year    document
=================  ======  ==========================================================
url-1993           1993    Berners-Lee, URL IETF draft (url4..url7)
rfc1738            1994    RFC 1738 (draft-ietf-uri-url-07; BNF from the summary)
url-syntax-1997    1997    draft-fielding-url-syntax-05 (became RFC 2396)
rfc2396bis-2003    2003    draft-fielding-uri-rfc2396bis-01 (became RFC 3986)
rfc3986            2005    RFC 3986, the final form of the 2003 draft (the default)
=================  ======  ==========================================================
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "DEFAULT_EDITION",
    "EDITIONS",
    "EDITION_IDS",
    "AuthorityForm",
    "Edition",
    "get_edition",
]

# --- character classes shared by several editions -------------------------------------

ALPHA = frozenset(string.ascii_letters)
LOWALPHA = frozenset(string.ascii_lowercase)
DIGIT = frozenset(string.digits)
HEXDIG = frozenset(string.hexdigits)
ALPHANUM = ALPHA | DIGIT
CONTROL = frozenset(chr(c) for c in range(0x20)) | {"\x7f"}
SPACE = frozenset(" ")


def _chars(s: str) -> frozenset[str]:
    return frozenset(s)


AuthorityForm = Literal["login", "site", "server-or-reg-name", "authority"]
"""How an edition reads what follows ``//``:

* ``login``: ``[ user [ ":" password ] "@" ] hostport`` (RFC 1738 §3.1, URL draft 1993)
* ``site``: the same under the 1997 name ``site`` (URL syntax draft 1997 §3.2, §4.3 of its BNF)
* ``server-or-reg-name``: ``authority = server / reg-name`` (RFC 2396bis draft 2003 §3.2); when the
  text is not a valid ``server`` the whole authority is a registry-based ``reg-name``
* ``authority``: ``[ userinfo "@" ] host [ ":" port ]`` (RFC 3986 §3.2)
"""


@dataclass(frozen=True, eq=False)
class Edition:
    """One edition of the URL specification: its character classes, grammar choices
    and citations.  Instances are the rows of :data:`EDITIONS`."""

    id: str
    title: str
    year: int
    spec: str
    """The document it cites ("RFC 1738", "URL syntax draft 1997", ... as in :mod:`.documents`), or
    "RFC 3986"."""

    # character classes, as the edition names and defines them ----------------------
    reserved: frozenset[str]
    unreserved: frozenset[str]
    mark: frozenset[str] = frozenset()
    safe: frozenset[str] = frozenset()
    extra: frozenset[str] = frozenset()
    national: frozenset[str] = frozenset()
    punctuation: frozenset[str] = frozenset()
    unwise: frozenset[str] = frozenset()
    delims: frozenset[str] = frozenset()
    gen_delims: frozenset[str] = frozenset()
    sub_delims: frozenset[str] = frozenset()
    control: frozenset[str] = CONTROL

    # what each component may hold (besides escapes) --------------------------------
    scheme_first: frozenset[str] = ALPHA
    scheme_rest: frozenset[str] = ALPHANUM | _chars("+-.")
    user_chars: frozenset[str] = frozenset()
    password_chars: frozenset[str] = frozenset()
    reg_name_chars: frozenset[str] = frozenset()
    path_chars: frozenset[str] = frozenset()
    """Characters of a path, ``/`` included."""
    query_chars: frozenset[str] = frozenset()
    fragment_chars: frozenset[str] = frozenset()
    opaque_chars: frozenset[str] = frozenset()
    """Characters of what follows ``scheme:`` when there is no ``//`` and the edition
    has an opaque form (URL syntax draft 1997 ``opaque-URL``, RFC 2396bis draft 2003
    ``opaque-part``); empty: no such form."""

    # grammar choices ----------------------------------------------------------------
    authority_form: AuthorityForm = "authority"
    ipv6_literals: bool = False
    ipvfuture: bool = False
    hostname_grammar: bool = True
    """True: the host must be a DNS ``hostname`` (or IPv4 dotted form); False: any
    ``reg-name`` (RFC 3986 §3.2.2)."""
    hostname_final_dot: bool = False
    """True: a hostname may end with ``.`` (RFC 2396bis draft 2003 §3.2.2: ``qualified = *( "."
    domainlabel ) [ "." toplabel "." ]``)."""
    ipv4_any_digits: bool = False
    """True: ``hostnumber = digits "." digits "." digits "." digits`` (RFC 1738,
    URL syntax draft 1997), so an octet above 255 matches the grammar but names no address."""
    port_min_digits: int = 0
    """1 for ``port = digits`` (RFC 1738, URL draft 1993), 0 for ``port = *digit``
    (URL syntax draft 1997 on)."""
    path_after_slash: bool = False
    """True: the ``/`` after host[:port] is a separator, not part of the url-path
    (RFC 1738 §3.1, URL draft 1993); False: it belongs to the path (URL syntax draft 1997 appendix
    F.2 on)."""
    query_schemes: frozenset[str] | None = None
    """Schemes whose grammar has a ``?`` search part; None: every scheme (generic
    syntax).  RFC 1738 gives ``?`` a meaning only in http and wais (§3.3, §3.9, §5)."""
    fragment_in_grammar: bool = True
    """False where ``#`` is not part of the edition's own grammar (RFC 1738 §2.2 leaves it
    to the reference that holds the URL)."""
    segment_params: bool = False
    """True: ``segment = *pchar *( ";" param )`` (URL syntax draft 1997 appendix A)."""

    # normalization ----------------------------------------------------------------------
    rootless_dot_segments: bool = False
    """True: normalization removes dot-segments from a path that does not start with
    ``/`` too (RFC 3986 §6.2.2.3 applies remove_dot_segments to the path, whatever its
    form); False: only a hierarchical path, starting with ``/``, loses them."""
    remove_dot_segments: bool = False
    """True: normalization removes dot-segments with remove_dot_segments (RFC 3986
    §6.2.2.3, §5.2.4); False: by merging the path, as a relative reference, into its
    first ``/`` with the edition's own resolution algorithm (RFC 2396bis draft 2003 §6.2.2.3; the
    older editions' only rules for "." and "..")."""
    reg_name_period_decodes: bool = False
    """True: ``%2E`` in a reg-name is the escape of an unreserved character like any
    other, which normalization decodes (RFC 3986 §2.3, §6.2.2.2); False: it is kept,
    since the decoded period would split a domain label in two."""

    # citations ------------------------------------------------------------------------
    citations: dict[str, str] = field(default_factory=dict)
    comparison_citations: dict[str, str] = field(default_factory=dict)
    """Where the edition says what each normalization step and comparison rung relies
    on (``simple-string``, ``case``, ``escapes``, ``dot-segments``, ``scheme``,
    ``fragment``, ``relative``).  RFC 1738 and the 1993 draft have no section on
    equivalence: theirs name the rule the step rests on."""

    # the names of the grammar rules, as the edition's text writes them -----------------
    rule_names: dict[str, str] = field(default_factory=dict)
    """The edition's own name for a rule where it differs from RFC 3986's words (keys:
    ``authority``, ``user``, ``password``, ``ipv4``, ``ipv6``, ``query``)."""
    path_rules: tuple[str, str, str | None, str, str] = (
        "path-abempty",
        "path-absolute",
        "path-empty",
        "path-rootless",
        "path-noscheme",
    )
    """The rule a path matches: after an authority; starting with "/"; empty (None: as
    the next two); after a scheme; in a relative reference (RFC 3986 §3.3)."""

    def rule_name(self, key: str, default: str) -> str:
        """The edition's name for the rule *key* (see :attr:`rule_names`)."""
        return self.rule_names.get(key, default)

    def cite(self, rule: str) -> str:
        """The section where *rule* is defined in this edition, e.g. ``"RFC 3986 §3.2.2"``."""
        return self.citations.get(rule) or self.citations.get("*", self.spec)

    @property
    def label(self) -> str:
        return f"{self.title} ({self.year})"

    def splits_query(self, scheme: str | None) -> bool:
        """Whether ``?`` starts a query/search part for *scheme* in this edition."""
        if self.query_schemes is None:
            return True
        return scheme is not None and scheme.lower() in self.query_schemes

    def __repr__(self) -> str:  # the sets make the default repr unreadable
        return f"Edition({self.id!r})"


# --- RFC 3986 (2005): the default ------------------------------------------------------

_3986_gen_delims = _chars(":/?#[]@")
_3986_sub_delims = _chars("!$&'()*+,;=")
_3986_unreserved = ALPHANUM | _chars("-._~")
_3986_pchar = _3986_unreserved | _3986_sub_delims | _chars(":@")

RFC3986 = Edition(
    id="rfc3986",
    title="RFC 3986",
    year=2005,
    spec="RFC 3986",
    reserved=_3986_gen_delims | _3986_sub_delims,
    unreserved=_3986_unreserved,
    gen_delims=_3986_gen_delims,
    sub_delims=_3986_sub_delims,
    # Not in RFC 3986's grammar at all, named as RFC 2396bis draft 2003 §2.4.3 named them.
    delims=_chars('<>"'),
    unwise=_chars("{}|\\^`"),
    user_chars=_3986_unreserved | _3986_sub_delims,
    password_chars=_3986_unreserved | _3986_sub_delims | _chars(":"),
    reg_name_chars=_3986_unreserved | _3986_sub_delims,
    path_chars=_3986_pchar | _chars("/"),
    query_chars=_3986_pchar | _chars("/?"),
    fragment_chars=_3986_pchar | _chars("/?"),
    authority_form="authority",
    ipv6_literals=True,
    ipvfuture=True,
    hostname_grammar=False,
    remove_dot_segments=True,
    rootless_dot_segments=True,
    reg_name_period_decodes=True,
    rule_names={
        "user": "userinfo (the user name before ':')",
        "password": "userinfo (after ':': deprecated)",
        "ipv6": "IP-literal (IPv6address)",
    },
    citations={
        "*": "RFC 3986",
        "characters": "RFC 3986 §2",
        "escape": "RFC 3986 §2.1",
        "reserved": "RFC 3986 §2.2",
        "unreserved": "RFC 3986 §2.3",
        "excluded": "RFC 3986 §2 (not in the grammar), cf. RFC 2396bis draft 2003 §2.4.3",
        "scheme": "RFC 3986 §3.1",
        "authority": "RFC 3986 §3.2",
        "userinfo": "RFC 3986 §3.2.1",
        "host": "RFC 3986 §3.2.2",
        "ipv4": "RFC 3986 §3.2.2",
        "ipv6": "RFC 3986 §3.2.2",
        "reg-name": "RFC 3986 §3.2.2",
        "port": "RFC 3986 §3.2.3",
        "path": "RFC 3986 §3.3",
        "query": "RFC 3986 §3.4",
        "fragment": "RFC 3986 §3.5",
        "relative": "RFC 3986 §4.2",
        "security": "RFC 3986 §7",
        "rare-ip": "RFC 3986 §7.4",
        "semantic-attack": "RFC 3986 §7.6",
        "password": "RFC 3986 §3.2.1",
        "port-abuse": "RFC 3986 §7.2",
        "idn": "RFC 3986 §3.2.2",
        "wrapper": "RFC 3986 appendix C",
    },
    comparison_citations={
        "simple-string": "RFC 3986 §6.2.1",
        "case": "RFC 3986 §6.2.2.1",
        "escapes": "RFC 3986 §6.2.2.2",
        "dot-segments": "RFC 3986 §6.2.2.3, §5.2.4",
        "scheme": "RFC 3986 §6.2.3",
        "fragment": "RFC 3986 §6.1",
        "relative": "RFC 3986 §6.1",
    },
)

# --- draft-fielding-uri-rfc2396bis-01 (2003) -------------------------------------------

_2003_reserved = _chars("[];/?:@&=+$,")  # RFC 2396bis draft 2003 §2.2
_2003_mark = _chars("-_.!~*'()")  # RFC 2396bis draft 2003 §2.3
_2003_unreserved = ALPHANUM | _2003_mark
_2003_pchar = _2003_unreserved | _chars(";:@&=+$,")  # RFC 2396bis draft 2003 §3.3

RFC2396BIS_2003 = Edition(
    id="rfc2396bis-2003",
    title="2396bis draft",
    year=2003,
    spec="RFC 2396bis draft 2003",
    reserved=_2003_reserved,
    unreserved=_2003_unreserved,
    mark=_2003_mark,
    delims=_chars('<>#%"'),  # RFC 2396bis draft 2003 §2.4.3
    unwise=_chars("{}|\\^`"),  # RFC 2396bis draft 2003 §2.4.3
    user_chars=_2003_unreserved | _chars(";&=+$,"),  # userinfo, RFC 2396bis draft 2003 §3.2.2
    password_chars=_2003_unreserved | _chars(";:&=+$,"),
    reg_name_chars=_2003_unreserved | _chars(";:@&=+$,"),  # RFC 2396bis draft 2003 §3.2.1
    path_chars=_2003_pchar | _chars("/"),
    query_chars=_2003_pchar | _chars("/?"),  # RFC 2396bis draft 2003 §3.4
    fragment_chars=_2003_pchar | _chars("/?"),  # RFC 2396bis draft 2003 §4.1
    opaque_chars=_2003_unreserved | _2003_reserved,  # opaque-part, RFC 2396bis draft 2003 §3
    authority_form="server-or-reg-name",
    ipv6_literals=True,
    hostname_grammar=True,
    hostname_final_dot=True,
    rule_names={
        "user": "userinfo (the user name before ':')",
        "password": "userinfo",
        "ipv6": "IPv6reference",
    },
    path_rules=("abs_path", "abs_path", None, "opaque_part", "rel_path"),
    citations={
        "*": "RFC 2396bis draft 2003",
        "characters": "RFC 2396bis draft 2003 §2",
        "escape": "RFC 2396bis draft 2003 §2.4.1",
        "reserved": "RFC 2396bis draft 2003 §2.2",
        "unreserved": "RFC 2396bis draft 2003 §2.3",
        "excluded": "RFC 2396bis draft 2003 §2.4.3",
        "scheme": "RFC 2396bis draft 2003 §3.1",
        "authority": "RFC 2396bis draft 2003 §3.2",
        "reg-name": "RFC 2396bis draft 2003 §3.2.1",
        "userinfo": "RFC 2396bis draft 2003 §3.2.2",
        "host": "RFC 2396bis draft 2003 §3.2.2",
        "ipv4": "RFC 2396bis draft 2003 §3.2.2",
        "ipv6": "RFC 2396bis draft 2003 §3.2.2",
        "port": "RFC 2396bis draft 2003 §3.2.2",
        "path": "RFC 2396bis draft 2003 §3.3",
        "query": "RFC 2396bis draft 2003 §3.4",
        "fragment": "RFC 2396bis draft 2003 §4.1",
        "relative": "RFC 2396bis draft 2003 §5",
        "security": "RFC 2396bis draft 2003 §7",
        "rare-ip": "RFC 2396bis draft 2003 §7.3",
        "password": "RFC 2396bis draft 2003 §7.4",
        "semantic-attack": "RFC 2396bis draft 2003 §7.5",
        "port-abuse": "RFC 2396bis draft 2003 §7.2",
        "idn": "RFC 2396bis draft 2003 §2.1",
        "wrapper": "RFC 2396bis draft 2003 appendix E",
    },
    comparison_citations={
        "simple-string": "RFC 2396bis draft 2003 §6.2.1",
        "case": "RFC 2396bis draft 2003 §6.2.2.1",
        "escapes": "RFC 2396bis draft 2003 §6.2.2.2",
        "dot-segments": "RFC 2396bis draft 2003 §6.2.2.3, §5.2",
        "scheme": "RFC 2396bis draft 2003 §6.2.3",
        "fragment": "RFC 2396bis draft 2003 §6.1",
        "relative": "RFC 2396bis draft 2003 §6.1",
    },
)

# --- draft-fielding-url-syntax-05 (1997) -----------------------------------------------

_1997_reserved = _chars(";/?:@&=+")  # URL syntax draft 1997 §2.2: "+" joins reserved
_1997_mark = _chars("$-_.!~*'(),")  # URL syntax draft 1997 §2.3
_1997_unreserved = ALPHANUM | _1997_mark
_1997_pchar = _1997_unreserved | _chars(":@&=+")  # URL syntax draft 1997 appendix A
_1997_urlc = _1997_reserved | _1997_unreserved

URL_SYNTAX_1997 = Edition(
    id="url-syntax-1997",
    title="URL syntax draft",
    year=1997,
    spec="URL syntax draft 1997",
    reserved=_1997_reserved,
    unreserved=_1997_unreserved,
    mark=_1997_mark,
    delims=_chars('<>#%"'),  # URL syntax draft 1997 §2.4.3
    unwise=_chars("{}|\\^[]`"),  # URL syntax draft 1997 §2.4.3
    user_chars=_1997_unreserved | _chars(";&=+"),  # URL syntax draft 1997 appendix A: user
    password_chars=_1997_unreserved | _chars(";&=+"),
    reg_name_chars=ALPHANUM | _chars("-."),
    path_chars=_1997_pchar | _chars("/;"),
    query_chars=_1997_urlc,
    fragment_chars=_1997_urlc,
    opaque_chars=_1997_urlc,  # opaque-URL = scheme ":" *urlc
    authority_form="site",
    scheme_first=ALPHANUM
    | _chars("+-."),  # URL syntax draft 1997 appendix A: scheme = 1*( alpha | digit | ...)
    hostname_grammar=True,
    ipv4_any_digits=True,
    segment_params=True,
    rule_names={"authority": "site", "user": "user", "ipv4": "hostnumber", "ipv6": "IPv6reference"},
    path_rules=("abs_path", "abs_path", None, "opaque-URL (urlc)", "rel_path"),
    citations={
        "*": "URL syntax draft 1997",
        "characters": "URL syntax draft 1997 §2",
        "escape": "URL syntax draft 1997 §2.4.1",
        "reserved": "URL syntax draft 1997 §2.2",
        "unreserved": "URL syntax draft 1997 §2.3",
        "excluded": "URL syntax draft 1997 §2.4.3",
        "scheme": "URL syntax draft 1997 §4.3 (appendix A: scheme)",
        "authority": "URL syntax draft 1997 §4.3 (appendix A: site)",
        "userinfo": "URL syntax draft 1997 appendix A (user, password)",
        "host": "URL syntax draft 1997 appendix A (hostname, hostnumber)",
        "ipv4": "URL syntax draft 1997 appendix A (hostnumber)",
        "port": "URL syntax draft 1997 appendix A (port = *digit); appendix F.3",
        "path": "URL syntax draft 1997 appendix A (path_segments)",
        "query": "URL syntax draft 1997 appendix A (query)",
        "fragment": "URL syntax draft 1997 §3.1",
        "relative": "URL syntax draft 1997 §5",
        "security": "URL syntax draft 1997 §7",
        "rare-ip": "URL syntax draft 1997 §7",
        "password": "URL syntax draft 1997 §7",
        "semantic-attack": "URL syntax draft 1997 §7",
        "port-abuse": "URL syntax draft 1997 §7",
        "idn": "URL syntax draft 1997 §2.1",
        "wrapper": "URL syntax draft 1997 appendix E",
    },
    comparison_citations={
        "simple-string": "URL syntax draft 1997 §6",
        "case": "URL syntax draft 1997 §6 (host names), §4.1 (scheme names)",
        "escapes": "URL syntax draft 1997 §2.3",
        "dot-segments": "URL syntax draft 1997 §5.2 step 6",
        "scheme": "URL syntax draft 1997 §6",
        "fragment": "URL syntax draft 1997 §3",
        "relative": "URL syntax draft 1997 §6",
    },
)

# --- RFC 1738 (1994): RFC 1738, with the BNF restored from RFC 1738 summary (zh)
# -------------------------------

_1738_safe = _chars("$-_.+")  # RFC 1738 summary (zh) §5 (RFC 1738 §5 drops nothing here)
_1738_extra = _chars("!*'(),")  # RFC 1738 summary (zh) §5; RFC 1738's copy adds "=" by mistake
_1738_national = _chars("{}|\\^~[]`")  # RFC 1738 summary (zh) §5 (RFC 1738's copy lost "`")
_1738_punctuation = _chars('<>#%"')  # RFC 1738 summary (zh) §5 (RFC 1738's copy lost "%")
_1738_reserved = _chars(";/?:@=&")  # RFC 1738 §2.2, §5
_1738_unreserved = ALPHA | DIGIT | _1738_safe | _1738_extra  # RFC 1738 summary (zh) §5
_1738_uchar = _1738_unreserved  # uchar = unreserved | escape
_1738_xchar = _1738_unreserved | _1738_reserved

RFC1738 = Edition(
    id="rfc1738",
    title="RFC 1738",
    year=1994,
    spec="RFC 1738",
    reserved=_1738_reserved,
    unreserved=_1738_unreserved,
    safe=_1738_safe,
    extra=_1738_extra,
    national=_1738_national,
    punctuation=_1738_punctuation,
    # RFC 1738 §2.2 calls all of these "unsafe"
    unwise=_1738_national,
    delims=_1738_punctuation | SPACE,
    user_chars=_1738_uchar | _chars(";?&="),  # RFC 1738 §5: user
    password_chars=_1738_uchar | _chars(";?&="),
    reg_name_chars=ALPHANUM | _chars("-."),
    path_chars=_1738_xchar,  # urlpath = *xchar
    query_chars=_1738_xchar,
    fragment_chars=_1738_xchar,
    opaque_chars=_1738_xchar,  # schemepart = *xchar
    authority_form="login",
    hostname_grammar=True,
    ipv4_any_digits=True,
    port_min_digits=1,
    path_after_slash=True,
    query_schemes=frozenset({"http", "https", "wais"}),
    fragment_in_grammar=False,
    scheme_first=LOWALPHA | DIGIT | _chars("+-."),
    scheme_rest=LOWALPHA | DIGIT | _chars("+-."),
    rule_names={
        "authority": "login",
        "user": "user",
        "ipv4": "hostnumber",
        "ipv6": "IPv6reference",
        "query": "searchpart",
    },
    path_rules=(
        "url-path",
        "scheme-specific part",
        None,
        "scheme-specific part",
        "scheme-specific part",
    ),
    citations={
        "*": "RFC 1738",
        "characters": "RFC 1738 §2.2",
        "escape": "RFC 1738 §2.2",
        "reserved": "RFC 1738 §2.2",
        "unreserved": "RFC 1738 §2.2; RFC 1738 summary (zh) §5",
        "excluded": "RFC 1738 §2.2 (unsafe)",
        "scheme": "RFC 1738 §2.1",
        "authority": "RFC 1738 §3.1",
        "userinfo": "RFC 1738 §3.1",
        "host": "RFC 1738 §3.1",
        "ipv4": "RFC 1738 §3.1 (hostnumber)",
        "port": "RFC 1738 §3.1; §5 (port = digits)",
        "path": "RFC 1738 §3.1 (url-path)",
        "query": "RFC 1738 §3.3 (searchpart)",
        "fragment": 'RFC 1738 §2.2 ("#" delimits a fragment)',
        "relative": "RFC 1808 (RFC 1738 leaves relative URLs out)",
        "security": "RFC 1738 §6",
        "rare-ip": "RFC 1738 §3.1 (hostnumber)",
        "password": "RFC 1738 §6",
        "semantic-attack": "RFC 1738 §6",
        "port-abuse": "RFC 1738 §6",
        "idn": "RFC 1738 §2.2",
        "wrapper": "RFC 1738 appendix",
    },
    comparison_citations={
        "simple-string": "RFC 1738 §2",
        "case": "RFC 1738 §2.1 (scheme names), §3.1 (host names are RFC 1034 domain names)",
        "escapes": "RFC 1738 §2.2",
        "dot-segments": "RFC 1808 §4 (RFC 1738 leaves relative URLs out)",
        "scheme": "RFC 1738 §3 (If :<port> is omitted, the port defaults to ...)",
        "fragment": "RFC 1738 §2.2",
        "relative": "RFC 1808",
    },
)

# --- the 1993 draft (URL draft 1993)
# ---------------------------------------------------------------

_1993_safe = _chars("$-_@.&+")  # URL draft 1993 BNF: safe  \$ - _ @ . & + -
_1993_extra = _chars("!*\"'():;, ")  # URL draft 1993 BNF: extra  ! * " ' ( ) : ; , space
_1993_alpha = ALPHANUM  # URL draft 1993 BNF: alpha lists the digits too
_1993_xalpha = _1993_alpha | _1993_safe | _1993_extra
_1993_national = _chars("{}|[]\\^~<>")  # URL draft 1993 BNF: national, with punctuation
_1993_path = _1993_xalpha | _chars("+/")  # xpalpha = xalpha | "+"; path uses "/"

URL_1993 = Edition(
    id="url-1993",
    title="URL draft",
    year=1993,
    spec="URL draft 1993",
    reserved=_chars("/?#:"),  # the delimiters the draft's syntax gives a meaning
    unreserved=_1993_xalpha,
    safe=_1993_safe,
    extra=_1993_extra,
    national=_1993_national,
    punctuation=_chars("<>"),
    unwise=_1993_national,
    delims=_chars("%#"),
    user_chars=_1993_xalpha - _chars(":@"),
    password_chars=_1993_xalpha - _chars("@"),
    reg_name_chars=ALPHANUM | _chars("-._"),
    path_chars=_1993_path,
    query_chars=_1993_xalpha | _chars("+"),  # search = xalphas [+ search]
    fragment_chars=_1993_xalpha,
    opaque_chars=_1993_path,
    authority_form="login",
    hostname_grammar=True,
    ipv4_any_digits=True,
    port_min_digits=1,
    path_after_slash=True,
    scheme_first=_1993_alpha,
    scheme_rest=_1993_xalpha - _chars(":"),
    rule_names={
        "authority": "login",
        "user": "user",
        "ipv4": "hostnumber",
        "ipv6": "IPv6reference",
        "query": "search",
    },
    path_rules=(
        "url-path",
        "scheme-specific part",
        None,
        "scheme-specific part",
        "scheme-specific part",
    ),
    citations={
        "*": "URL draft 1993",
        "characters": "URL draft 1993 (BNF syntax)",
        "escape": "URL draft 1993 (Encoding prohibited characters)",
        "reserved": "URL draft 1993 (BNF syntax)",
        "unreserved": "URL draft 1993 (BNF syntax: xalpha)",
        "excluded": "URL draft 1993 (BNF syntax: national and punctuation)",
        "scheme": "URL draft 1993 (Scheme; BNF: scheme = ialpha)",
        "authority": "URL draft 1993 (Internet protocol parts)",
        "userinfo": "URL draft 1993 (Internet protocol parts)",
        "host": "URL draft 1993 (Internet protocol parts)",
        "ipv4": "URL draft 1993 (BNF: hostnumber)",
        "port": "URL draft 1993 (BNF: port = digits)",
        "path": "URL draft 1993 (Path)",
        "query": "URL draft 1993 (BNF: search)",
        "fragment": "URL draft 1993 appendix 1.1",
        "relative": "URL draft 1993 appendix 1.2 (partial form)",
        "security": "URL draft 1993 (Security considerations)",
        "rare-ip": "URL draft 1993 (BNF: hostnumber)",
        "password": "URL draft 1993 (Security considerations)",
        "semantic-attack": "URL draft 1993 (Internet protocol parts)",
        "port-abuse": "RFC 1738 §6",
        "idn": "URL draft 1993 (Encoding prohibited characters)",
        "wrapper": "URL draft 1993 appendix 1.3",
    },
    comparison_citations={
        "simple-string": "URL draft 1993",
        "case": "URL draft 1993 (Internet protocol parts: RFC 1034 domain names)",
        "escapes": "URL draft 1993 (Encoding prohibited characters)",
        "dot-segments": "URL draft 1993 appendix 1.2 (partial form)",
        "scheme": "URL draft 1993 (Internet protocol parts: the port, if it is not the default)",
        "fragment": "URL draft 1993 appendix 1.1",
        "relative": "URL draft 1993 appendix 1.2",
    },
)

EDITIONS: dict[str, Edition] = {
    e.id: e for e in (RFC3986, RFC2396BIS_2003, URL_SYNTAX_1997, RFC1738, URL_1993)
}
"""Every edition by id, newest first (the order the GUI and CLI show them in)."""

EDITION_IDS: tuple[str, ...] = tuple(EDITIONS)
DEFAULT_EDITION = RFC3986


def get_edition(edition: str | Edition) -> Edition:
    """The :class:`Edition` for an id (or the edition itself).

    Raises :class:`~urlinspector.core.errors.UnknownEditionError` (a ``ValueError``)
    for an unknown id, naming the known ones.
    """
    if isinstance(edition, Edition):
        return edition
    try:
        return EDITIONS[edition]
    except (KeyError, TypeError):
        from urlinspector.core.errors import UnknownEditionError

        raise UnknownEditionError(edition, EDITION_IDS) from None
