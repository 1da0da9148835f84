"""Group lists and overview lines as servers send them, odd ones included."""

from __future__ import annotations

import pytest

from urlinspector.schemes.nntp.listing import (
    GroupInfo,
    join_descriptions,
    parse_active,
    parse_descriptions,
    parse_group_status,
    parse_overview,
)


def test_active_lines() -> None:
    groups = parse_active(
        [
            b"comp.lang.python 0000123456 0000100001 y",
            b"de.alt.gr\xfc\xdfe 10 1 n",  # a name that is not UTF-8
            b"alt.moved 5 1 =alt.new",
            b"alt.short",
            b"   ",
            b"alt.bad x y m",
        ]
    )
    assert [(g.name, g.high, g.low, g.status) for g in groups] == [
        ("comp.lang.python", 123456, 100001, "y"),
        ("de.alt.gr\udcfc\udcdfe", 10, 1, "n"),
        ("alt.moved", 5, 1, "=alt.new"),
        ("alt.short", None, None, ""),
        ("alt.bad", None, None, "m"),
    ]
    assert groups[0].estimated_count == 23456
    assert groups[2].status_meaning == "filed in alt.new"
    assert groups[3].estimated_count is None
    assert groups[3].status_meaning == "unknown"
    # the undecodable name goes back to the server as the same bytes
    assert groups[1].name.encode("utf-8", "surrogateescape") == b"de.alt.gr\xfc\xdfe"


def test_descriptions_joined_and_sorted() -> None:
    found = parse_descriptions(
        [b"b.group\tThe =?UTF-8?Q?B=C3=A9?= group", b"a.group  Plain", b"c.group"]
    )
    assert found == {"b.group": "The Bé group", "a.group": "Plain", "c.group": ""}
    joined = join_descriptions(
        [GroupInfo("b.group", 1, 1, "y"), GroupInfo("a.group", 1, 1, "y")], found
    )
    assert [(g.name, g.description) for g in joined.groups] == [
        ("a.group", "Plain"),
        ("b.group", "The Bé group"),
    ]


def test_overview_lines() -> None:
    entries, skipped = parse_overview(
        [
            b"3\tRe: =?ISO-8859-1?Q?caf=E9?=\tA <a@b>\tMon, 02 Jan 2006 15:04:05 +0000\t<3@b>"
            b"\t<1@b> <2@b>\t1234\t20\tXref: h g:3\tX-Extra: y",
            b"2\tshort line",
            b"not-a-number\tx",
            b"1\tLatin-1 \xe9\tB\t\t<1@b>\t\t\t",
        ],
        fallback="latin-1",
    )
    assert skipped == 1
    first, second, third = entries
    assert (first.number, first.subject, first.author) == (3, "Re: café", "A <a@b>")
    assert first.references == ("<1@b>", "<2@b>")
    assert (first.size, first.lines) == (1234, 20)
    assert first.extra == ("Xref: h g:3", "X-Extra: y")
    assert first.url == "news:3@b"
    assert (second.number, second.subject, second.message_id, second.size) == (
        2,
        "short line",
        "",
        None,
    )
    assert second.url is None
    assert third.subject == "Latin-1 é"
    assert third.when is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 1 3 local.test", ("local.test", 3, 1, 3)),
        ("0 1 0 local.empty", ("local.empty", 0, 1, 0)),
        ("5 10 14", ("asked", 5, 10, 14)),
        ("3 1", None),
        ("x 1 3 g", None),
    ],
)
def test_group_status(text: str, expected: tuple[str, int, int, int] | None) -> None:
    status = parse_group_status(text, "asked")
    if expected is None:
        assert status is None
    else:
        assert status is not None
        assert (status.name, status.count, status.low, status.high) == expected
