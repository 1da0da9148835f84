"""The listing parsers on recorded listings (tests/data/ftp, expectations in
listings.json) and on lines built to probe each format's edges."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import parse
from urlinspector.core.specific import FtpFields
from urlinspector.schemes.ftp.listing import (
    Entry,
    detect_format,
    parse_dos_line,
    parse_eplf_line,
    parse_listing,
    parse_mlsd_line,
    parse_unix_line,
    split_lines,
)

DATA = Path(__file__).parents[3] / "data" / "ftp"
EXPECTED: dict[str, Any] = {
    k: v for k, v in json.loads((DATA / "listings.json").read_text("utf-8")).items() if k[0] != "_"
}


def _date(text: str | None) -> datetime | None:
    if text is None:
        return None
    if text.endswith("Z"):
        return datetime.fromisoformat(text[:-1]).replace(tzinfo=UTC)
    return datetime.fromisoformat(text)


def _as_expected(entry: Entry) -> dict[str, Any]:
    row: dict[str, Any] = {
        "name": entry.name,
        "type": entry.type,
        "size": entry.size,
        "date": entry.date,
        "url": entry.url,
    }
    if entry.target is not None:
        row["target"] = entry.target
    return row


@pytest.mark.parametrize("filename", sorted(EXPECTED))
def test_recorded_listing(filename: str) -> None:
    case = EXPECTED[filename]
    data = (DATA / filename).read_bytes()
    listing = parse_listing(
        data, case["command"], case["base"], now=datetime.fromisoformat(case["now"])
    )
    expected = [{**row, "date": _date(row["date"])} for row in case["entries"]]
    assert [_as_expected(e) for e in listing.entries] == expected
    assert list(listing.unparsed) == case["unparsed"]
    assert listing.raw == data
    assert listing.command == case["command"]
    assert listing.url == case["base"]


@pytest.mark.parametrize("filename", sorted(EXPECTED))
def test_entry_urls_parse_back_to_the_names(filename: str) -> None:
    """Each entry's URL, read by the core's ftp parser, gives back the octets the
    server sent as the name (RFC 1738 §3.2.2: "/" and ";" escaped inside a name)."""
    case = EXPECTED[filename]
    listing = parse_listing(
        (DATA / filename).read_bytes(),
        case["command"],
        case["base"],
        now=datetime.fromisoformat(case["now"]),
    )
    base = parse(case["base"]).scheme_fields
    assert isinstance(base, FtpFields)
    for entry in listing.entries:
        fields = parse(entry.url).scheme_fields
        assert isinstance(fields, FtpFields)
        if entry.type == "dir":
            assert fields.cwd[-1] == entry.raw_name
            assert fields.name == b""
        else:
            assert fields.name == entry.raw_name
            assert fields.cwd == base.cwd


def test_formats_are_detected() -> None:
    assert detect_format(b"+i1.2,m3,r,s4,\tx") == "eplf"
    assert detect_format(b"07-18-00  10:16AM                 2046 readme.txt") == "dos"
    assert detect_format(b"-rw-r--r-- 1 a b 1 Jan  1  2000 x") == "unix"
    assert detect_format(b"total 12") is None
    assert detect_format(b"hello world") is None


def test_unix_year_is_reckoned_from_now() -> None:
    """ls -l shows a time, not a year, for the last six months: Dec seen in January is
    last year's; a date a little in the future (clock skew) stays this year."""
    line = b"-rw-r--r-- 1 u g 1 Dec 31 23:00 x"
    entry = parse_unix_line(line, "ftp://h/", now=datetime(2024, 1, 5))
    assert isinstance(entry, Entry)
    assert entry.date == datetime(2023, 12, 31, 23, 0)
    skew = parse_unix_line(
        b"-rw-r--r-- 1 u g 1 Jan  5 20:00 x", "ftp://h/", now=datetime(2024, 1, 5)
    )
    assert isinstance(skew, Entry)
    assert skew.date == datetime(2024, 1, 5, 20, 0)


def test_unix_dot_entries_are_skipped_and_garbage_refused() -> None:
    assert parse_unix_line(b"drwxr-xr-x 2 u g 4096 Jan  1  2000 .", "ftp://h/") is None
    assert parse_unix_line(b"drwxr-xr-x 2 u g 4096 Jan  1  2000 ..", "ftp://h/") is None
    assert parse_unix_line(b"drwxr-xr-x 2 u g 4096 Foo  1  2000 x", "ftp://h/") is False
    assert parse_unix_line(b"not a line", "ftp://h/") is False


def test_unix_link_without_target_keeps_its_name() -> None:
    entry = parse_unix_line(b"lrwxrwxrwx 1 u g 3 Jan  1  2000 a -> b -> c", "ftp://h/")
    assert isinstance(entry, Entry)
    assert (entry.name, entry.target, entry.type) == ("a", "b -> c", "link")


def test_dos_rejects_impossible_clock() -> None:
    assert parse_dos_line(b"07-18-00  13:16PM    2046 readme.txt", "ftp://h/") is False
    entry = parse_dos_line(b"02-30-00  10:16AM    2046 readme.txt", "ftp://h/")
    assert isinstance(entry, Entry)
    assert entry.date is None  # 30 February: kept, undated


def test_mlsd_line_details() -> None:
    """RFC 3659 §7: facts are case-insensitive; cdir and pdir are the directory itself
    and its parent; a name may hold spaces and ';' (only the first space ends the
    facts); fractions of a second are kept."""
    base = "ftp://h/d/"
    assert parse_mlsd_line(b"Type=cdir;Modify=20200101000000; /d", base) is None
    assert parse_mlsd_line(b"type=pdir; ..", base) is None
    entry = parse_mlsd_line(b"Type=File;Size=7;Modify=20200102030405.25; a b;c", base)
    assert isinstance(entry, Entry)
    assert entry.name == "a b;c"
    assert entry.url == "ftp://h/d/a%20b%3Bc"
    assert entry.type == "file"
    assert entry.size == 7
    assert entry.date == datetime(2020, 1, 2, 3, 4, 5, 250000, tzinfo=UTC)
    assert ("type", "File") in entry.facts
    link = parse_mlsd_line(b"type=OS.unix=slink:/etc/x; x", base)
    assert isinstance(link, Entry)
    assert link.type == "link"
    assert parse_mlsd_line(b"no facts here", base) is False
    assert parse_mlsd_line(b"size=1", base) is False


def test_eplf_needs_plus_and_tab() -> None:
    assert parse_eplf_line(b"+r,s1, x", "ftp://h/") is False
    assert parse_eplf_line(b"r,s1,\tx", "ftp://h/") is False
    entry = parse_eplf_line(b"+m99999999999999999999,r,\tx", "ftp://h/")
    assert isinstance(entry, Entry)
    assert entry.date is None  # out of range: undated, not an error


def test_nlst_of_a_subdirectory_and_of_a_file() -> None:
    """NLST name: servers answer with bare names or name/entry; a file answers with its
    own name, which then names the file itself."""
    sub = parse_listing(b"sub/a\r\nsub/b c\r\n", "NLST", "ftp://h/p/sub/", name=b"sub")
    assert [(e.name, e.url) for e in sub.entries] == [
        ("a", "ftp://h/p/sub/a"),
        ("b c", "ftp://h/p/sub/b%20c"),
    ]
    file = parse_listing(b"f.txt\r\n", "NLST", "ftp://h/p/f.txt/", name=b"f.txt")
    assert [(e.name, e.url) for e in file.entries] == [("f.txt", "ftp://h/p/f.txt")]


def test_mixed_line_ends_and_blank_lines() -> None:
    assert split_lines(b"a\r\nb\n\r\n  \nc") == [b"a", b"b", b"c"]


def test_undecodable_names_are_shown_as_latin1_and_kept_as_octets() -> None:
    line = b"-rw-r--r-- 1 u g 1 Jan  1  2000 caf\xe9"
    entry = parse_unix_line(line, "ftp://h/")
    assert isinstance(entry, Entry)
    assert entry.raw_name == b"caf\xe9"
    assert entry.name == "café"
    assert entry.url == "ftp://h/caf%E9"


def test_unknown_listing_command() -> None:
    with pytest.raises(ValueError, match="MLSD, LIST or NLST"):
        parse_listing(b"", "STAT", "ftp://h/")


@given(st.binary(max_size=400))
def test_parsers_never_raise(data: bytes) -> None:
    for command in ("MLSD", "LIST", "NLST"):
        listing = parse_listing(data, command, "ftp://h/")
        assert len(listing.entries) + len(listing.unparsed) <= len(split_lines(data))


@given(
    st.lists(
        st.binary(min_size=1, max_size=30).filter(
            lambda b: (
                b"\n" not in b and b"\r" not in b and b.strip() == b and b not in (b".", b"..")
            )
        ),
        max_size=10,
    )
)
def test_mlsd_names_survive(names: list[bytes]) -> None:
    data = b"".join(b"type=file;size=1; " + n + b"\r\n" for n in names)
    listing = parse_listing(data, "MLSD", "ftp://h/")
    assert [e.raw_name for e in listing.entries] == names
