"""Numbers from a server are ASCII digits: a ``²``, ``٣`` or ``９`` where a size, a
time, an error code or an article number goes is "not a number", never a ValueError
out of ``int()``."""

from __future__ import annotations

import pytest

from urlinspector.schemes.ftp.listing import parse_eplf_line, parse_mlsd_line
from urlinspector.schemes.gopher import GopherReader, PlusError, read_all
from urlinspector.schemes.nntp.listing import parse_active, parse_group_status, parse_overview
from urlinspector.schemes.nntp.session import _article_number
from urlinspector.schemes.numbers import ascii_decimal, is_ascii_digits

DIR = "ftp://h/d/"
NOT_ASCII = ["²", "٣", "９", "𝟘", "1²", "١٢٣", "Ⅻ"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_unicode_digits_are_no_number(text: str) -> None:
    assert not is_ascii_digits(text)
    assert ascii_decimal(text) is None
    assert ascii_decimal(text.encode("utf-8")) is None


def test_ascii_numbers() -> None:
    assert ascii_decimal(" 42 ") == 42
    assert ascii_decimal(b"0") == 0
    assert ascii_decimal("9" * 20) == int("9" * 20)
    assert ascii_decimal("9" * 21) is None  # no size or number a server can mean
    assert ascii_decimal("") is None
    assert ascii_decimal("-1") is None


@pytest.mark.parametrize("text", NOT_ASCII)
def test_mlsd_size_and_modify(text: str) -> None:
    line = f"type=file;size={text};modify=2024010112000{text};perm=r; name".encode()
    entry = parse_mlsd_line(line, DIR)
    assert entry
    assert entry.size is None
    assert entry.date is None
    line = f"type=file;size=5;modify=20240101120000.{text}; name".encode()
    entry = parse_mlsd_line(line, DIR)
    assert entry
    assert entry.size == 5
    assert entry.date is not None


@pytest.mark.parametrize("text", NOT_ASCII)
def test_eplf_size_and_time(text: str) -> None:
    line = f"+i1.2,m{text},r,s{text},\tname".encode()
    entry = parse_eplf_line(line, DIR)
    assert entry
    assert entry.size is None
    assert entry.date is None


@pytest.mark.parametrize("text", NOT_ASCII)
def test_gopher_plus_error_code(text: str) -> None:
    data = f"--1\r\n{text} Admin <a@example.org>\r\nNo such item\r\n.\r\n".encode()
    events = read_all(GopherReader("text", plus=True), data)
    errors = [e for e in events if isinstance(e, PlusError)]
    assert errors
    assert errors[0].code is None


@pytest.mark.parametrize("text", NOT_ASCII)
def test_nntp_numbers(text: str) -> None:
    assert parse_group_status(f"{text} 1 3 local.test", "local.test") is None
    assert _article_number(f"{text} <id@x>") is None
    group = parse_active([f"local.test {text} 1 y".encode()])[0]
    assert group.high is None
    entries, skipped = parse_overview([f"{text}\tsubject\ta\td\t<m@x>\t\t1\t1".encode()])
    assert (entries, skipped) == ([], 1)
