"""The regexes of an edition's tables are compiled when first used: a URL parsed
first under an edition, with nothing compiled yet, reads as it does later."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from urlinspector.core import tables
from urlinspector.core.editions import EDITION_IDS, get_edition
from urlinspector.core.lazytable import LazyTable
from urlinspector.core.parse import parse
from urlinspector.core.tables import TABLES_BY_EDITION, EditionTables

# one URL for each way through parse() and each regex of the tables: the validating
# regex, a wrapper (the validating regex on part of the text), a bad path (split by
# appendix B), the scheme name (in capitals, invalid), the characters of each component
URLS = [
    "http://example.com/a?b#c",
    "https://[::1]:8080/",
    "ftp://[2001:db8::1]/pub",
    "ftp://[1:2:3]/pub",
    "gopher://127.0.0.1:70/9/x",
    "<URL:http://example.org/a>",
    "URL:ftp://example.org/pub/",
    "ftp://example.org/a b",
    "ftp://example.org/a%zz",
    "HTTP://EXAMPLE.COM/",
    "Gopher://example.org/1",
    "x_y://a",
    "http://us er:pa ss@example.com/",
    "http://exa mple.com/",
    "http://xn--mnchen-3ya.de/",
    "http://münchen.de/",
    "news:comp.lang.python",
    "mailto:a@example.org",
    "//example.org/p?q r#f g",
    "rel/ative?q#f",
    "file:///etc/hosts",
    "wais://example.org/db?x y",
]


@contextmanager
def nothing_compiled() -> Iterator[None]:
    """parse() with every edition's tables made afresh, as in a new process."""
    saved = dict(tables._TABLES), dict(TABLES_BY_EDITION)
    tables._TABLES.clear()
    TABLES_BY_EDITION.clear()
    try:
        yield
    finally:
        tables._TABLES.clear()
        TABLES_BY_EDITION.clear()
        tables._TABLES.update(saved[0])
        TABLES_BY_EDITION.update(saved[1])


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_a_first_parse_reads_as_a_later_one(edition: str) -> None:
    later = [parse(url, edition).to_dict() for url in URLS]
    for url, expected in zip(URLS, later, strict=True):
        with nothing_compiled():
            assert parse(url, edition).to_dict() == expected, url


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_parses_after_the_first_read_as_before(edition: str) -> None:
    later = [parse(url, edition).to_dict() for url in URLS]
    with nothing_compiled():
        assert [parse(url, edition).to_dict() for url in URLS] == later
        assert [parse(url, edition).to_dict() for url in reversed(URLS)] == later[::-1]


def test_new_tables_compile_nothing_until_asked() -> None:
    fresh = EditionTables(get_edition("rfc1738"))
    assert isinstance(fresh.bad, LazyTable)
    assert isinstance(fresh.first_bad, LazyTable)
    assert dict(fresh.bad) == {}
    assert dict(fresh.first_bad) == {}
    assert fresh.first_bad["path"].search("a b") is not None
    assert list(fresh.first_bad) == ["path"]
    with pytest.raises(KeyError):
        fresh.bad["no such component"]


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_each_regex_answers_its_first_call_as_later_ones(edition: str) -> None:
    first, later = EditionTables(get_edition(edition)), tables.tables_for(get_edition(edition))
    for name in ("fast", "scheme_name", "ipv6"):
        new, old = getattr(first, name), getattr(later, name)
        assert (new is None) == (old is None), name
        if new is None or old is None:
            continue
        for text, start, end in [
            ("http://a.example/x", 0, 18),
            ("<URL:http://b/>", 5, 14),
            ("[2001:db8::1]", 1, 12),
        ]:
            answer = new(text, start, end)
            again = old(text, start, end)
            assert (answer and answer.regs) == (again and again.regs), (name, text)


def _sets_of(edition: str) -> list[frozenset[str]]:
    ed = get_edition(edition)
    return [
        ed.user_chars,
        ed.password_chars,
        ed.reg_name_chars,
        ed.path_chars,
        ed.query_chars,
        ed.fragment_chars,
        ed.scheme_first,
        ed.scheme_rest,
        ed.unreserved,
    ]


@pytest.mark.parametrize(
    "chars",
    [
        *(chars for edition in EDITION_IDS for chars in _sets_of(edition)),
        frozenset("-"),
        frozenset("]^\\-"),
        frozenset("[\\]^_`"),  # (a range from "[" to "`")
        frozenset("+,-./"),
        frozenset("abd"),
        frozenset("\x00\x01\x02\x7f"),
        frozenset("éêëü"),
        frozenset(),
    ],
)
def test_a_char_class_holds_exactly_its_characters(chars: frozenset[str]) -> None:
    if not chars:
        assert tables.char_class(chars) == ""
        return
    held = re.compile(f"[{tables.char_class(chars)}]")
    assert {chr(c) for c in range(0x300) if held.fullmatch(chr(c))} == chars


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_each_regex_is_computed_once_per_tables(edition: str) -> None:
    fresh = EditionTables(get_edition(edition))
    for name in ("fast", "scheme_name", "ipv6", "common_hosts"):
        assert name not in vars(fresh), name
        first = getattr(fresh, name)
        assert vars(fresh)[name] is first is getattr(fresh, name), name


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_the_split_by_appendix_b_is_chosen_without_changing_the_shared_tables(
    edition: str,
) -> None:
    ed = get_edition(edition)
    shared = tables.tables_for(ed)
    before = shared.fast
    general = tables.tables_for(ed, fast_routes=False)
    assert general is not shared
    assert general is tables.tables_for(ed, fast_routes=False)
    assert general.fast is None
    for url in URLS:
        assert parse(url, edition, fast_routes=False) == parse(url, edition), url
    assert tables.tables_for(ed) is shared
    assert shared.fast is before
    assert shared.fast_routes == (shared.fast is not None)


# hosts each common kind takes, and hosts next to them that it must leave to the full
# check: digits last (an IPv4 form), "--" (an IDN label), an escape, a bad character,
# an octet over 255, an unclosed or non-IPv6 literal
COMMON_HOSTS = [
    ("example.com", "reg-name"),
    ("www.w3.org", "reg-name"),
    ("a-b.c-d.e", "reg-name"),
    ("A.EXAMPLE.COM", "reg-name"),
    ("my_host.example", "reg-name"),
    ("127.0.0.1", "ipv4"),
    ("255.255.255.255", "ipv4"),
    ("[::1]", "ipv6"),
    ("[2001:db8::7]", "ipv6"),
    ("a1", None),
    ("example.com.", None),
    ("xn--mnchen-3ya.de", None),
    ("a--b.com", None),
    ("h%41.com", None),
    ("exa mple.com", None),
    ("256.1.2.3", None),
    ("0x7f.1", None),
    ("1.2.3", None),
    ("[::1", None),
    ("[v1.x]", None),
    ("-a.com", None),
]


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize(("host", "kind"), COMMON_HOSTS)
def test_a_common_host_is_what_the_full_check_says(
    edition: str, host: str, kind: str | None
) -> None:
    from urlinspector.core._raw import HOST, regs_of
    from urlinspector.core.checks import Findings
    from urlinspector.core.checks.host import check_host

    ed = get_edition(edition)
    table = tables.tables_for(ed)
    common = table.common_hosts.get(host[0])
    told = None if common is None or not common[0](host) else common[1]
    # (no reg-name where the edition's hostname grammar needs checking; no IPv6
    # literal where the edition has none)
    left = (kind == "reg-name" and ed.hostname_grammar) or (kind == "ipv6" and not ed.ipv6_literals)
    assert told == (None if left else kind)
    if told is not None:
        # what the full check says of it: the same kind, nothing found, spans unchanged
        text = f"http://{host}/"
        spans = regs_of(parse(text, edition, fast_routes=False).spans)
        found = Findings()
        checked = check_host(text, spans, table, "http", found, False)
        assert checked == (told, spans)
        assert found == []
        assert text[slice(*spans[HOST])] == host
