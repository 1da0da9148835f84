"""Regular expressions compiled from one edition's character tables (:mod:`.editions`),
each once per edition and only when first used: the characters each component may not
hold, grouped by kind, and the validating expression with which :func:`~.parse.split`
splits a text whose every character its component may hold."""

from __future__ import annotations

import re
import string
import sys
from functools import cached_property
from typing import Final, Protocol

from urlinspector.core.checks import Findings
from urlinspector.core.checks.chars import check_scheme
from urlinspector.core.editions import EDITIONS, Edition
from urlinspector.core.grammar import IPV4_DECIMAL, IPV6
from urlinspector.core.lazytable import LazyTable
from urlinspector.core.model import Diagnostic, HostKind
from urlinspector.core.specific import SCHEME_PARSERS, SchemeParser

__all__ = [
    "CHAR_KINDS",
    "TABLES_BY_EDITION",
    "EditionTables",
    "FullMatch",
    "char_class",
    "tables_for",
]

CHAR_KINDS: Final = ("control", "space", "non_ascii", "unwise", "excluded", "reserved", "invalid")
"""The kinds of character a component may not hold, in the order a character is
given its kind (a control character is not also "invalid")."""


def char_class(chars: frozenset[str]) -> str:
    """A regex character class body holding exactly *chars*, three or more consecutive
    characters written as a range (``0-9``, ``A-Z``): a shorter regex compiles quicker,
    and matches the same."""
    body = []
    codes = sorted(map(ord, chars))
    start = 0
    while start < len(codes):
        end = start  # the run of consecutive characters codes[start:end + 1]
        while end + 1 < len(codes) and codes[end + 1] == codes[end] + 1:
            end += 1
        if end - start >= 2:
            body.append(f"{re.escape(chr(codes[start]))}-{re.escape(chr(codes[end]))}")
        else:
            body += [re.escape(chr(code)) for code in codes[start : end + 1]]
        start = end + 1
    return "".join(body)


class FullMatch(Protocol):
    """``fullmatch`` of a compiled regex (:meth:`re.Pattern.fullmatch`)."""

    def __call__(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize, /
    ) -> re.Match[str] | None: ...


class EditionTables:
    """Regexes derived from one edition's tables, built once per edition, each when it
    is first used: the first parse under an edition compiles only what that URL needs
    (a URL without an IPv6 literal never the IPv6 regex), and later parses read plain
    attributes (:func:`functools.cached_property` keeps each in the instance once
    computed).

    *fast_routes* false: tables under which :func:`~.parse.split` splits every text by
    appendix B and checks its characters component by component (:attr:`fast` is
    None); the two ways give the same results, and the tests compare them.  Such
    tables are their own objects (:func:`tables_for`), so choosing them changes nothing
    for anyone else.
    """

    def __init__(self, ed: Edition, *, fast_routes: bool = True) -> None:
        self.ed = ed
        self.fast_routes = fast_routes and _has_fast_route(ed)
        """Whether :func:`~.parse.split` may split with the validating regex under these
        tables (never for an edition without one, :meth:`_fast_regex`)."""
        self._allowed: dict[str, frozenset[str]] = {
            "user": ed.user_chars,
            "password": ed.password_chars,
            "userinfo": ed.user_chars | ed.password_chars | {":"},
            "reg-name": ed.reg_name_chars,
            "path": ed.path_chars,
            "opaque": ed.opaque_chars or ed.path_chars,
            "query": ed.query_chars,
            "fragment": ed.fragment_chars,
        }
        self.bad: dict[str, re.Pattern[str]] = LazyTable(self._bad_chars)
        """Runs of the characters a component may not hold, one named group per kind."""
        self.first_bad: dict[str, re.Pattern[str]] = LazyTable(self._first_bad_char)
        """The first character a component may not hold (searching for it is quicker
        than for the runs of :attr:`bad`)."""
        self.fragment_ok = ed.fragment_in_grammar
        """No ``fragment-outside-url`` finding for a fragment."""
        self.known: dict[str, tuple[str, SchemeParser]] = {
            name: (name, parser) for name, parser in SCHEME_PARSERS.items()
        }
        """The lower-case schemes with their own syntax, each with its row: the name and
        its parser (:data:`.specific.SCHEME_PARSERS`), the pair
        :func:`~.parse._scheme` returns as it is kept (a dict of the tables' own, so
        that a lookup reads an attribute and a plain dict)."""
        self._cased: dict[str, tuple[str, SchemeParser, Diagnostic]] = {}
        """:meth:`known_cased`'s answers, by spelling."""

    @cached_property
    def scheme_name(self) -> FullMatch:
        """``fullmatch`` of a lower-case scheme name of the edition."""
        first = char_class(self.ed.scheme_first)
        rest = char_class(self.ed.scheme_rest)
        return re.compile(f"[{first}][{rest}]*+").fullmatch

    @cached_property
    def ipv6(self) -> FullMatch:
        """``fullmatch`` of an IPv6 address (:data:`.grammar.IPV6`, the same in every
        edition)."""
        return re.compile(IPV6).fullmatch

    @cached_property
    def common_hosts(self) -> dict[str, tuple[FullMatch, HostKind]]:
        """The commonest kinds of host, by their first character: the ``fullmatch`` of
        each and the kind a host it matches is, about which the full check
        (:func:`.checks.host.check_host`) has nothing to say.

        * A letter: a registered name of the characters a reg-name holds but "%" (no
          escape), with single "-" between runs (no ``--``, so no IDN label: RFC 3490),
          that ends with a letter too (no IPv4 form or address: RFC 2396bis draft 2003
          §7.3); not where the edition's hostname grammar needs checking (RFC 1738 §3.1).
        * A digit: a dotted-decimal IPv4 address (RFC 3986 §3.2.2).
        * "[": an IPv6 literal (RFC 3986 §3.2.2), where the edition has them.
        """
        ed = self.ed
        table: dict[str, tuple[FullMatch, HostKind]] = {}
        if not ed.hostname_grammar:
            label = char_class(ed.reg_name_chars - {":", "@", "%", "-"})
            reg_name = re.compile(
                rf"[A-Za-z][{label}]*+(?:-[{label}]++(?:-[{label}]++)*|)(?<=[A-Za-z])"
            )
            table.update(dict.fromkeys(string.ascii_letters, (reg_name.fullmatch, "reg-name")))
        table.update(dict.fromkeys(string.digits, (IPV4_DECIMAL.fullmatch, "ipv4")))
        if ed.ipv6_literals:
            table["["] = (re.compile(rf"\[(?:{IPV6})\]").fullmatch, "ipv6")
        return table

    @cached_property
    def fast(self) -> FullMatch | None:
        """``fullmatch`` of the validating regex (:meth:`_fast_regex`), or None: every
        text is split by appendix B."""
        return self._fast_regex().fullmatch if self.fast_routes else None

    def known_cased(self, written: str) -> tuple[str, SchemeParser, Diagnostic] | None:
        """A scheme of :attr:`known` written with upper-case letters at the start of a
        text (``FTP:``, ``Gopher:``): its name in lower case, its parser and the
        finding on its case, which depend on nothing but the spelling; None for any
        other scheme.  Each spelling is worked out once (there are a few hundred)."""
        said = self._cased.get(written)
        if said is None:
            lower = written.lower()
            known = self.known.get(lower)
            if known is None or lower == written:
                return None
            parser = known[1]
            found = Findings()
            check_scheme(written, (0, len(written)), self, found)
            (finding,) = found  # (a known scheme's only finding is on its case)
            said = self._cased[written] = (lower, parser, finding)
        return said

    def _first_bad_char(self, component: str) -> re.Pattern[str]:
        """A character *component* may not hold."""
        return re.compile(f"[^{char_class(self._allowed[component] | {'%'})}]")

    def _bad_chars(self, component: str) -> re.Pattern[str]:
        """Runs of characters *component* may not hold, one named group per kind."""
        ed = self.ed
        allowed = self._allowed[component] | {"%"}
        ascii_chars = frozenset(chr(c) for c in range(0x80))
        kinds: dict[str, frozenset[str]] = {}
        seen: set[str] = set(allowed)

        def take(name: str, chars: frozenset[str]) -> None:
            chars = frozenset(chars) - seen
            seen.update(chars)
            kinds[name] = chars

        take("control", ed.control)
        take("space", frozenset(" "))
        take("unwise", ed.unwise | ed.national)
        take("excluded", ed.delims | ed.punctuation)
        take("reserved", ed.reserved | ed.gen_delims | ed.sub_delims)
        take("invalid", ascii_chars)
        alternatives = []
        for name in CHAR_KINDS:  # one named group per kind, in this order
            if name == "non_ascii":
                alternatives.append(r"(?P<non_ascii>[^\x00-\x7f]+)")
            elif kinds.get(name):
                alternatives.append(f"(?P<{name}>[{char_class(kinds[name])}]+)")
        return re.compile("|".join(alternatives))

    def _fast_regex(self) -> re.Pattern[str]:
        """One validating regex with the groups in the order of :data:`.model.Spans`
        (only for editions with one: not those whose split depends on the scheme or
        moves the path's first slash, which are always split by appendix B).  It
        accepts a text only where appendix B splits it the same way and no check of
        characters finds anything.

        Each component is a run of its characters with valid escapes between them
        (``chars*(%HH chars*)*``), so a text with a bad escape does not match.  Every
        run of a character class is possessive: a component's class never holds the
        delimiter that ends it, so giving characters back could not make a match, and
        refusing to try keeps a failing match linear.  Repeated groups are greedy, not
        possessive: Python before 3.11.3 (Debian 12 ships 3.11.2) matches a possessive
        group wrongly (CPython gh-101955: ``?%#0`` matched as a valid query); each
        repetition starts with "%", which no class holds, so they stay linear.  An
        optional part is written ``(?:X|)``, which means ``(?:X)?`` and runs quicker in
        Python's engine (a branch, not a repeat)."""
        ed = self.ed

        def run(chars: frozenset[str]) -> str:
            body = char_class(chars - {"%"})
            escape = rf"%[0-9A-Fa-f]{{2}}[{body}]*+"
            return rf"[{body}]*+(?:{escape}(?:{escape})*|)"

        user = run(ed.user_chars)
        password = run(ed.password_chars)
        host = run(ed.reg_name_chars - {":", "@"})
        path = run(ed.path_chars)
        query = run(ed.query_chars)
        fragment = run(ed.fragment_chars)
        literal = r"\[[0-9A-Za-z:._~!$&'()*+,;=\-]*+\]|" if ed.ipv6_literals else ""
        port = f"{{{ed.port_min_digits},}}+"
        first = char_class(ed.scheme_first | {c.upper() for c in ed.scheme_first})
        rest = char_class(ed.scheme_rest | {c.upper() for c in ed.scheme_rest})
        return re.compile(
            rf"(?:([{first}][{rest}]*+):|)"  # 1 scheme
            rf"(?://("  # 2 authority
            rf"(?:(({user})(?::({password})|))@|)"  # 3 userinfo, 4 user, 5 password
            rf"({literal}{host})"  # 6 host
            rf"(?::([0-9]{port})|)"  # 7 port
            rf")|)"
            rf"((?(2)(?:/{path}|)|(?!//){path}))"  # 8 path: after an authority, "/" first
            rf"(?:\?({query})|)"  # 9 query
            rf"(?:#({fragment})|)"  # 10 fragment
        )


def _has_fast_route(ed: Edition) -> bool:
    """Whether *ed* has a validating regex: not where the split depends on the scheme or moves
    the path's first slash (:meth:`EditionTables._fast_regex`)."""
    return ed.query_schemes is None and not ed.path_after_slash


_TABLES: Final[dict[str, EditionTables]] = {}
TABLES_BY_EDITION: Final[dict[Edition | str, EditionTables]] = {}
"""The same tables by the edition object itself (editions compare by identity) and,
for the editions of :data:`.editions.EDITIONS`, by id."""
_GENERAL_TABLES: Final[dict[str, EditionTables]] = {}
"""Tables without the validating regex, by edition id (:func:`tables_for`)."""


def tables_for(ed: Edition, *, fast_routes: bool = True) -> EditionTables:
    """The tables of *ed*, made once; with *fast_routes* false, its tables under which
    every text is split by appendix B (other objects: those with the validating regex
    stay as they are)."""
    if not fast_routes:
        general = _GENERAL_TABLES.get(ed.id)
        if general is None or general.ed is not ed:
            general = _GENERAL_TABLES[ed.id] = EditionTables(ed, fast_routes=False)
        return general
    tables = _TABLES.get(ed.id)
    if tables is None or tables.ed is not ed:
        if tables is not None:
            TABLES_BY_EDITION.pop(tables.ed, None)
        tables = _TABLES[ed.id] = TABLES_BY_EDITION[ed] = EditionTables(ed)
        if EDITIONS.get(ed.id) is ed:
            TABLES_BY_EDITION[ed.id] = tables
    return tables
