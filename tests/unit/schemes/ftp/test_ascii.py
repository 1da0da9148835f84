"""The line ends of an ASCII transfer made local (RFC 959 §3.1.1.1), across chunks."""

from __future__ import annotations

import pytest

from urlinspector.schemes.ftp.ascii import LineEnds


def convert(chunks: list[bytes], local: bytes) -> bytes:
    ends = LineEnds(local)
    return b"".join(ends.feed(chunk) for chunk in chunks) + ends.end()


@pytest.mark.parametrize(
    ("chunks", "local", "expected"),
    [
        ([b"a\r\nb\r\n"], b"\n", b"a\nb\n"),
        ([b"a\r", b"\nb\r\n"], b"\n", b"a\nb\n"),  # CRLF split between two reads
        ([b"a\r", b"", b"\n"], b"\n", b"a\n"),  # an empty read in between
        ([b"old mac\rline"], b"\n", b"old mac\rline"),  # a lone CR stays
        ([b"unix\n"], b"\n", b"unix\n"),  # a lone LF stays
        ([b"end\r"], b"\n", b"end\r"),  # a last CR is given back at the end
        ([b"a\r\r\n"], b"\n", b"a\r\n"),
        ([b"a\r\nb"], b"\r\n", b"a\r\nb"),  # a CRLF system keeps them
        ([b"\xe9\r\n.\r\n"], b"\n", b"\xe9\n.\n"),  # octets are octets
        ([], b"\n", b""),
    ],
)
def test_crlf_becomes_the_local_line_end(
    chunks: list[bytes], local: bytes, expected: bytes
) -> None:
    assert convert(chunks, local) == expected


def test_every_split_of_a_text_gives_the_same() -> None:
    text = b"one\r\ntwo\r\n\r\nthree\rfour\r\n"
    whole = convert([text], b"\n")
    assert whole == b"one\ntwo\n\nthree\rfour\n"
    for cut in range(len(text) + 1):
        assert convert([text[:cut], text[cut:]], b"\n") == whole, cut
