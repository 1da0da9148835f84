"""The grammar's fixed rules: the split of appendix B and the forms of a host."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from urlinspector.core import grammar
from urlinspector.core.checks.chars import _KIND_TEXT
from urlinspector.core.tables import CHAR_KINDS

DELIMITERS = st.text(alphabet=st.sampled_from("ab:/?#@[]%\n\r\t é٩"), max_size=30)


@given(st.one_of(DELIMITERS, st.text(max_size=40)))
@example("http://a/b?c#d?e#f")
@example("//a:b@c:d/e")
@example("a:?b")
@example("\n:/\n?\n#\n")
def test_split_splits_as_appendix_b(text: str) -> None:
    # RFC 3986 appendix B: $2 scheme, $4 authority, $5 path, $7 query, $9 fragment
    printed = grammar.APPENDIX_B.fullmatch(text)
    quick = grammar.SPLIT.fullmatch(text)
    assert printed is not None
    assert quick is not None
    assert quick.groups() == printed.group(2, 4, 5, 7, 9)


@given(DELIMITERS)
@example("http://a/b?c#d")
def test_split_without_query_reads_question_marks_as_path(text: str) -> None:
    m = grammar.SPLIT_NO_QUERY.fullmatch(text)
    assert m is not None
    scheme, authority, path, fragment = m.groups()
    assert "?" not in (scheme or "")
    rebuilt = (
        ("" if scheme is None else scheme + ":")
        + ("" if authority is None else "//" + authority)
        + path
        + ("" if fragment is None else "#" + fragment)
    )
    assert rebuilt == text


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        (grammar.IPV4_DECIMAL, "١.٢.٣.٤"),  # Arabic-Indic digits
        (grammar.IPV4_ANY_DIGITS, "٩.٩.٩.٩"),
        (grammar.RARE_IPV4, "0٩"),
        (grammar.RARE_IPV4, "٩"),
        (re.compile(grammar.IPV6), "::١"),
    ],
)
def test_digits_are_ascii_digits(pattern: re.Pattern[str], text: str) -> None:
    # \d would match the digits of every script, and int() reads them
    assert pattern.fullmatch(text) is None


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        (grammar.IPV4_DECIMAL, "192.168.0.1", True),
        (grammar.IPV4_DECIMAL, "256.1.1.1", False),
        (grammar.IPV4_DECIMAL, "01.1.1.1", False),
        (grammar.IPV4_ANY_DIGITS, "256.01.1.1", True),
        (grammar.RARE_IPV4, "0x7f.1", True),
        (grammar.RARE_IPV4, "017700000001", True),
        (re.compile(grammar.IPV6), "2001:db8::1", True),
        (re.compile(grammar.IPV6), "::ffff:192.0.2.1", True),
        (re.compile(grammar.IPV6), "1:2:3:4:5:6:7:8:9", False),
        (grammar.IPVFUTURE, "v1.abc", True),
        (grammar.HOSTNAME, "a-b.example", True),
        (grammar.HOSTNAME, "a-.example", False),
        (grammar.HOSTNAME, "example.1com", False),
    ],
)
def test_host_forms(pattern: re.Pattern[str], text: str, matches: bool) -> None:
    assert (pattern.fullmatch(text) is not None) == matches


def test_every_kind_of_character_has_its_message() -> None:
    assert tuple(_KIND_TEXT) == CHAR_KINDS
