"""Tests for urlinspector.core.escapes: decoding per component, escape kinds, charsets,
encoding per component, and the normalization helpers."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlinspector.core.editions import EDITION_IDS, EDITIONS
from urlinspector.core.errors import UnknownCharsetError, UnknownEditionError
from urlinspector.core.escapes import (
    COMPONENTS,
    Decoded,
    Escape,
    canonical_charset,
    decode,
    decode_unreserved,
    encode,
    normalize_escape_case,
    unquote_to_bytes,
)

# --- unquote_to_bytes keeps its behaviour ------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("", b""),
        ("abc", b"abc"),
        ("%41%62", b"Ab"),
        ("%2f%2F", b"//"),
        ("%G1%", b"%G1%"),
        ("%4", b"%4"),
        ("é%E9", b"\xc3\xa9\xe9"),
        ("\udc80", b"\xed\xb2\x80"),
    ],
)
def test_unquote_to_bytes(raw: str, expected: bytes) -> None:
    assert unquote_to_bytes(raw) == expected


# --- escape kinds ---------------------------------------------------------------------------

EXCLUDED_3986 = "RFC 3986 §2 (not in the grammar), cf. RFC 2396bis draft 2003 §2.4.3"

KIND_CASES = [
    # RFC 1738 §3.2.2: %2F in an ftp cwd or name, or an ftp path, is a "/" inside the name
    ("%2Fetc", "cwd", None, "rfc1738", "meaningful", "RFC 1738 §3.2.2"),
    ("%2Fetc", "cwd", None, "rfc3986", "meaningful", "RFC 1738 §3.2.2"),
    ("%2fetc/motd", "path", "ftp", "rfc1738", "meaningful", "RFC 1738 §3.2.2"),
    ("%2Fetc/motd", "path", "FTP", "rfc3986", "meaningful", "RFC 1738 §3.2.2"),
    ("file%3Btype=a", "name", "ftp", "rfc3986", "meaningful", "RFC 1738 §3.2.2"),
    ("%2F", "segment", "ftp", "rfc3986", "meaningful", "RFC 1738 §3.2.2"),
    # RFC 1738 §3.4.2: %09 separates the selector from the search
    ("sel%09search", "selector", None, "rfc1738", "meaningful", "RFC 1738 §3.4.2"),
    ("1sel%09search", "path", "gopher", "rfc3986", "meaningful", "RFC 1738 §3.4.2"),
    ("find%09more", "search", "gopher", "rfc1738", "meaningful", "RFC 1738 §3.4.3"),
    ("+%09x", "gopher_plus", None, "rfc1738", "meaningful", "RFC 1738 §3.4.3"),
    ("a%09b", "path", "http", "rfc3986", "data", EXCLUDED_3986),
    # RFC 1738 §3.4: no characters are reserved within the gopher-path
    ("%2F", "selector", None, "rfc1738", "data", "RFC 1738 §2.2"),
    ("%2F", "path", "gopher", "rfc1738", "data", "RFC 1738 §2.2"),
    # "~": unreserved in 2005, 2003 and 1997 (mark), national (unsafe) in 1994 and 1993
    ("%7e", "path", None, "rfc3986", "unnecessary", "RFC 3986 §2.3"),
    ("%7E", "path", None, "rfc2396bis-2003", "unnecessary", "RFC 2396bis draft 2003 §2.3"),
    ("%7E", "path", None, "url-syntax-1997", "unnecessary", "URL syntax draft 1997 §2.3"),
    ("%7E", "path", None, "rfc1738", "data", "RFC 1738 §2.2 (unsafe)"),
    (
        "%7E",
        "path",
        None,
        "url-1993",
        "data",
        "URL draft 1993 (BNF syntax: national and punctuation)",
    ),
    # "+": safe in 1994, reserved in 1997, a search-word separator in the 1993 search
    ("%2B", "path", None, "rfc1738", "unnecessary", "RFC 1738 §2.2; RFC 1738 summary (zh) §5"),
    ("%2B", "path", None, "url-syntax-1997", "data", "URL syntax draft 1997 §2.2"),
    ("%2B", "path", None, "url-1993", "unnecessary", "URL draft 1993 (BNF syntax: xalpha)"),
    ("%2B", "query", None, "url-1993", "meaningful", "URL draft 1993 (BNF: search)"),
    ("%2B", "query", None, "rfc3986", "meaningful", "RFC 3986 §3.4"),
    # ";": segment parameters in 1997 only
    (
        "a%3Bb",
        "path",
        None,
        "url-syntax-1997",
        "meaningful",
        "URL syntax draft 1997 appendix A (path_segments)",
    ),
    ("a%3Bb", "path", None, "rfc3986", "data", "RFC 3986 §2.2"),
    # "?": starts a search under RFC 1738 only in http and wais (RFC 1738 §3.3, §3.9)
    ("a%3Fb", "path", "http", "rfc1738", "meaningful", "RFC 1738 §3.3 (searchpart)"),
    ("a%3Fb", "path", "ftp", "rfc1738", "data", "RFC 1738 §2.2"),
    ("a%3Fb", "path", None, "rfc1738", "meaningful", "RFC 1738 §3.3 (searchpart)"),
    ("a%3Fb", "path", "ftp", "rfc3986", "meaningful", "RFC 3986 §3.4"),
    ("a%3Fb", "query", None, "rfc3986", "data", "RFC 3986 §2.2"),
    ("a%3Fb", "fragment", None, "rfc3986", "data", "RFC 3986 §2.2"),
    ("a%3Fb", "opaque", None, "rfc3986", "meaningful", "RFC 3986 §3.4"),
    ("a%3Fb", "opaque", None, "rfc2396bis-2003", "data", "RFC 2396bis draft 2003 §2.2"),
    # "#" ends every component but the fragment
    ("a%23b", "path", None, "rfc3986", "meaningful", "RFC 3986 §3.5"),
    ("a%23b", "query", None, "rfc1738", "meaningful", 'RFC 1738 §2.2 ("#" delimits a fragment)'),
    ("a%23b", "fragment", None, "rfc3986", "data", "RFC 3986 §2.2"),
    # query structure
    ("a%26b", "query", None, "rfc3986", "meaningful", "RFC 3986 §3.4"),
    ("a%3Db", "query", None, "rfc3986", "meaningful", "RFC 3986 §3.4"),
    ("a%26b", "path", None, "rfc3986", "data", "RFC 3986 §2.2"),
    ("a%2Fb", "query", None, "rfc3986", "data", "RFC 3986 §2.2"),
    # userinfo (RFC 1738 §3.1: ":", "@" and "/" must be encoded)
    ("a%3Ab", "userinfo", None, "rfc3986", "meaningful", "RFC 3986 §3.2.1"),
    ("a%3Ab", "user", None, "rfc1738", "meaningful", "RFC 1738 §3.1"),
    ("a%40b", "user", None, "rfc3986", "meaningful", "RFC 3986 §3.2.1"),
    ("a%2Fb", "password", None, "rfc3986", "meaningful", "RFC 3986 §3.2"),
    ("a%3Ab", "password", None, "rfc3986", "data", "RFC 3986 §2.2"),
    ("a%3Ab", "password", None, "rfc1738", "meaningful", "RFC 1738 §3.1"),
    # host
    # the period is unreserved in RFC 3986 (§2.3), in a reg-name too; the 2003 draft
    # read "." only as the hostname's label separator
    ("a%2Eb", "host", None, "rfc3986", "unnecessary", "RFC 3986 §2.3"),
    ("a%2Eb", "host", None, "rfc2396bis-2003", "meaningful", "RFC 2396bis draft 2003 §3.2.2"),
    ("a%3A80", "host", None, "rfc3986", "meaningful", "RFC 3986 §3.2"),
    ("%5B", "host", None, "rfc3986", "meaningful", "RFC 3986 §3.2.2"),
    ("%5B", "host", None, "url-syntax-1997", "data", "URL syntax draft 1997 §2.4.3"),
    ("%41", "host", None, "rfc3986", "unnecessary", "RFC 3986 §2.3"),
    # no escape belongs in a scheme or a port
    ("%68ttp", "scheme", None, "rfc3986", "meaningful", "RFC 3986 §3.1"),
    ("%38", "port", None, "rfc1738", "meaningful", "RFC 1738 §3.1; §5 (port = digits)"),
    # protocol delimiters and "%" itself, anywhere
    ("%0D", "fragment", None, "rfc3986", "meaningful", "RFC 3986 §7"),
    ("%0a", "path", "http", "rfc1738", "meaningful", "RFC 1738 §6"),
    ("%00", "query", None, "url-syntax-1997", "meaningful", "URL syntax draft 1997 §7"),
    ("%25", "fragment", None, "rfc3986", "meaningful", "RFC 3986 §2.1"),
    (
        "%25",
        "user",
        None,
        "url-1993",
        "meaningful",
        "URL draft 1993 (Encoding prohibited characters)",
    ),
    # news, nntp, prospero, wais, mailto
    ("a%40b", "group", None, "rfc1738", "meaningful", "RFC 1738 §3.6"),
    ("a%40b", "path", "news", "rfc3986", "meaningful", "RFC 1738 §3.6"),
    ("a%2F1", "group", "nntp", "rfc1738", "meaningful", "RFC 1738 §3.7"),
    ("id%3E", "message-id", None, "rfc1738", "meaningful", "RFC 1738 §3.6"),
    ("name%3Bx", "hsoname", None, "rfc1738", "meaningful", "RFC 1738 §3.11"),
    ("name%00v1", "hsoname", None, "url-1993", "meaningful", "URL draft 1993 (Prospero)"),
    ("name%00v1", "path", "prospero", "rfc1738", "meaningful", "URL draft 1993 (Prospero)"),
    ("a%2Fb", "hsoname", None, "rfc3986", "data", "RFC 3986 §2.2"),
    ("k%3Dv", "field", None, "rfc1738", "meaningful", "RFC 1738 §3.11"),
    ("db%2Fx", "database", None, "rfc1738", "meaningful", "RFC 1738 §3.9"),
    ("a%40b", "addr-spec", None, "rfc1738", "data", "RFC 1738 §2.2"),
    ("a%40b", "path", "mailto", "rfc3986", "data", "RFC 3986 §2.2"),
    # "search" is the query of http and wais
    ("a%26b", "search", "http", "rfc1738", "meaningful", "RFC 1738 §3.3 (searchpart)"),
    # other data: non-ASCII octets, space
    ("%E9", "path", None, "rfc3986", "data", "RFC 3986 §2.1"),
    ("%20", "path", None, "rfc3986", "data", EXCLUDED_3986),
    # the 1993 draft lists space as "extra", but it is still never unnecessary
    (
        "%20",
        "path",
        None,
        "url-1993",
        "data",
        "URL draft 1993 (BNF syntax: national and punctuation)",
    ),
    # unknown component (or none): the edition's reserved set
    ("%2F", None, None, "rfc3986", "meaningful", "RFC 3986 §2.2"),
    ("%2F", "bogus", None, "rfc3986", "meaningful", "RFC 3986 §2.2"),
    ("%3A", None, None, "url-1993", "meaningful", "URL draft 1993 (BNF syntax)"),
    ("%3D", None, None, "rfc1738", "meaningful", "RFC 1738 §2.2"),
    ("%41", None, None, "rfc1738", "unnecessary", "RFC 1738 §2.2; RFC 1738 summary (zh) §5"),
]


@pytest.mark.parametrize(("raw", "component", "scheme", "edition", "kind", "reference"), KIND_CASES)
def test_escape_kind(
    raw: str,
    component: str | None,
    scheme: str | None,
    edition: str,
    kind: str,
    reference: str,
) -> None:
    d = decode(raw, component, scheme=scheme, edition=edition)
    assert len(d.escapes) == 1
    (esc,) = d.escapes
    assert (esc.kind, esc.reference) == (kind, reference)
    assert esc.reason.startswith(f"{esc.text.upper()} ")
    assert esc.reason.endswith(".")


def test_reason_for_ftp_slash() -> None:
    (esc,) = decode("%2Fetc", "cwd", edition="rfc1738").escapes
    assert esc == Escape(
        span=(0, 3),
        text="%2F",
        octet=0x2F,
        kind="meaningful",
        reason=(
            "%2F encodes '/', which would split a CWD argument or file name in two if "
            "decoded; %2F is how a '/' reaches a CWD or RETR command (RFC 1738 §3.2.2)."
        ),
        reference="RFC 1738 §3.2.2",
    )


def test_reason_for_unnecessary_and_national() -> None:
    (unnecessary,) = decode("%7e", "path").escapes
    assert unnecessary.reason == (
        "%7E encodes '~', an unreserved character: decoding it changes nothing."
    )
    assert unnecessary.text == "%7e"
    (national,) = decode("%7E", "path", edition="rfc1738").escapes
    assert national.reason == (
        "%7E encodes '~', which this edition does not allow literally (national, unsafe), "
        "so the escape is required."
    )


def test_reason_for_gopher_tab_and_crlf() -> None:
    (tab,) = decode("x%09y", "selector").escapes
    assert tab.reason == (
        "%09 encodes TAB, which would end the selector and start a search string if "
        "decoded (RFC 1738 §3.4.2)."
    )
    (cr,) = decode("%0d", "path", edition="rfc1738").escapes
    assert "CR (carriage return)" in cr.reason
    assert "RFC 1738 §6" in cr.reason
    assert cr.reference == "RFC 1738 §6"


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_every_edition_calls_an_escaped_letter_unnecessary(edition: str) -> None:
    d = decode("%41%7a%30", "path", edition=edition)
    assert [e.kind for e in d.escapes] == ["unnecessary"] * 3
    assert d.text == "Az0"


def test_kind_properties() -> None:
    d = decode("%41%2F%E9%zz%0A", "path")
    assert [e.kind for e in d.escapes] == [
        "unnecessary",
        "meaningful",
        "data",
        "invalid",
        "meaningful",
    ]
    assert [e.text for e in d.unnecessary] == ["%41"]
    assert [e.text for e in d.meaningful] == ["%2F", "%0A"]
    assert [e.text for e in d.data] == ["%E9"]
    assert [e.text for e in d.invalid] == ["%zz"]


def test_component_names_are_normalized() -> None:
    for name in ("gopher_plus", "GOPHER-PLUS", "gopher+"):
        (esc,) = decode("%09", name).escapes
        assert (esc.kind, esc.reference) == ("meaningful", "RFC 1738 §3.4.3")
    (esc,) = decode("%3A", "reg_name").escapes
    assert esc.kind == "meaningful"


def test_known_components() -> None:
    assert COMPONENTS == (
        "scheme",
        "userinfo",
        "user",
        "password",
        "host",
        "port",
        "path",
        "segment",
        "query",
        "fragment",
        "opaque",
        "selector",
        "search",
        "gopher-plus",
        "cwd",
        "name",
        "group",
        "message-id",
        "hsoname",
        "field",
        "database",
        "wpath",
        "addr-spec",
    )


# --- invalid escapes and spans --------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "offset", "expected"),
    [
        ("a%G1b%", 10, [((11, 14), "%G1", None, "invalid"), ((15, 16), "%", None, "invalid")]),
        ("%", 0, [((0, 1), "%", None, "invalid")]),
        ("%4", 0, [((0, 2), "%4", None, "invalid")]),
        ("x%4", 7, [((8, 10), "%4", None, "invalid")]),
        ("%4%41", 0, [((0, 2), "%4", None, "invalid"), ((2, 5), "%41", 0x41, "unnecessary")]),
        ("%%41", 0, [((0, 1), "%", None, "invalid"), ((1, 4), "%41", 0x41, "unnecessary")]),
        ("%é", 0, [((0, 1), "%", None, "invalid")]),
        ("%/x", 0, [((0, 1), "%", None, "invalid")]),
        ("%4G1", 0, [((0, 3), "%4G", None, "invalid")]),
        ("ab%2fcd", 100, [((102, 105), "%2f", 0x2F, "meaningful")]),
    ],
)
def test_spans(raw: str, offset: int, expected: list[tuple[object, ...]]) -> None:
    d = decode(raw, "path", offset=offset)
    assert [(e.span, e.text, e.octet, e.kind) for e in d.escapes] == expected


def test_invalid_escapes_stay_as_written() -> None:
    d = decode("a%G1b%", "path")
    assert d.octets == b"a%G1b%"
    assert d.text == "a%G1b%"
    assert d.undecodable is False
    lone = d.escapes[1]
    assert lone.reason == (
        "A lone '%' is not an escape: '%' must be followed by two hexadecimal digits "
        "(a literal '%' is written %25)."
    )
    assert lone.reference == "RFC 3986 §2.1"
    assert d.escapes[0].reason.startswith("%G1 is not an escape: ")


def test_no_percent_fast_path() -> None:
    d = decode("abc/déf", "path", offset=5)
    assert d == Decoded(
        raw="abc/déf",
        octets="abc/déf".encode(),
        text="abc/déf",
        charset="utf-8",
        escapes=(),
        undecodable=False,
    )


# --- charsets ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "charset", "text", "canonical", "undecodable"),
    [
        ("caf%E9", "latin-1", "café", "iso8859-1", False),
        ("caf%E9", "ISO-8859-1", "café", "iso8859-1", False),
        ("caf%E9", "utf-8", "caf\\xe9", "utf-8", True),
        ("caf%C3%A9", "utf-8", "café", "utf-8", False),
        ("caf%C3%A9", "latin-1", "cafÃ©", "iso8859-1", False),
        ("caf%82", "cp437", "café", "cp437", False),
        ("%80", "cp1252", "€", "cp1252", False),
        ("%41%80", "ascii", "A\\x80", "ascii", True),
        ("%FF", "utf-8", "\\xff", "utf-8", True),
        ("%FF", "UTF8", "\\xff", "utf-8", True),
        ("a%e2%82%acb", "utf-8", "a€b", "utf-8", False),
        # escapes are decoded run by run; literal characters stay themselves
        ("é%E9", "latin-1", "éé", "iso8859-1", False),
        ("%C3x%A9", "utf-8", "\\xc3x\\xa9", "utf-8", True),
        # a text codec without error handlers must not crash
        ("%FF", "idna", "\\xff", "idna", True),
    ],
)
def test_charsets(raw: str, charset: str, text: str, canonical: str, undecodable: bool) -> None:
    d = decode(raw, "path", charset=charset)
    assert (d.text, d.charset, d.undecodable) == (text, canonical, undecodable)
    assert d.octets == unquote_to_bytes(raw)


def test_octets_do_not_depend_on_charset() -> None:
    assert decode("é%E9", charset="latin-1").octets == b"\xc3\xa9\xe9"
    assert decode("é%E9", charset="utf-8").octets == b"\xc3\xa9\xe9"


def test_lone_surrogate_is_shown_not_raised() -> None:
    d = decode("\udc80%41")
    assert d.octets == b"\xed\xb2\x80A"
    assert d.text == "\\udc80A"
    assert d.undecodable is True
    d.text.encode("utf-8")  # printable as it is


@pytest.mark.parametrize("charset", ["no-such-charset", "base64", "rot13", ""])
def test_unknown_charset(charset: str) -> None:
    with pytest.raises(UnknownCharsetError) as info:
        decode("%41", charset=charset)
    assert isinstance(info.value, ValueError)
    assert info.value.charset == charset
    with pytest.raises(UnknownCharsetError):
        decode("no escapes", charset=charset)
    with pytest.raises(UnknownCharsetError):
        encode("x", "path", charset=charset)


def test_canonical_charset() -> None:
    assert canonical_charset("Latin-1") == "iso8859-1"
    assert canonical_charset("utf_8") == "utf-8"


def test_unknown_edition() -> None:
    with pytest.raises(UnknownEditionError):
        decode("%41", edition="rfc9999")


def test_edition_object_is_accepted() -> None:
    (esc,) = decode("%7E", "path", edition=EDITIONS["rfc1738"]).escapes
    assert esc.kind == "data"


def test_to_dict() -> None:
    d = decode("a%2Fb", "path", offset=2)
    assert d.to_dict() == {
        "raw": "a%2Fb",
        "octets": "61 2F 62",
        "text": "a/b",
        "charset": "utf-8",
        "undecodable": False,
        "escapes": [
            {
                "span": [3, 6],
                "text": "%2F",
                "octet": 0x2F,
                "kind": "meaningful",
                "reason": "%2F encodes '/', which would split this path segment in two if decoded.",
                "reference": "RFC 3986 §3.3",
            }
        ],
    }
    assert d.escapes[0].char == "/"
    assert decode("%E9").escapes[0].char is None


# --- decode never raises ------------------------------------------------------------------

ANY_CHAR = st.characters(exclude_categories=())  # surrogates included
ESCAPE_HEAVY = st.text(
    alphabet=st.one_of(st.sampled_from("%%%0123456789abcdefABCDEFgGzZ/;?#\t é\x00"), ANY_CHAR)
)
COMPONENT_NAMES = st.one_of(st.none(), st.sampled_from(COMPONENTS), st.text(max_size=8))
SCHEMES = st.one_of(st.none(), st.sampled_from(["ftp", "gopher", "http", "news", "x"]))
CHARSETS = st.sampled_from(["utf-8", "latin-1", "cp437", "cp1252", "ascii", "utf-16", "idna"])


def check_invariants(d: Decoded, raw: str, offset: int) -> None:
    assert d.raw == raw
    assert d.octets == unquote_to_bytes(raw)
    assert len(d.escapes) == raw.count("%")
    for e in d.escapes:
        start, end = e.span
        assert offset <= start < end <= offset + len(raw)
        assert raw[start - offset : end - offset] == e.text
        assert e.text.startswith("%")
        if e.kind == "invalid":
            assert e.octet is None
        else:
            assert e.octet == int(e.text[1:], 16)
        assert e.reason
        assert e.reference
    d.text.encode("utf-8")  # never a lone surrogate in the text


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    raw=ESCAPE_HEAVY,
    component=COMPONENT_NAMES,
    scheme=SCHEMES,
    charset=CHARSETS,
    edition=st.sampled_from(EDITION_IDS),
    offset=st.integers(0, 1000),
)
def test_decode_never_raises(
    raw: str, component: str | None, scheme: str | None, charset: str, edition: str, offset: int
) -> None:
    d = decode(raw, component, scheme=scheme, charset=charset, edition=edition, offset=offset)
    check_invariants(d, raw, offset)


@given(raw=st.text(ANY_CHAR))
def test_decode_any_text(raw: str) -> None:
    check_invariants(decode(raw), raw, 0)


@pytest.mark.parametrize(
    "raw",
    [
        "%" * 65536,
        "%E9" * 21845 + "x",
        "\x00\r\n\t%" * 13107,
        "é%zz\udc80" * 13107,
        "a" * 65536,
    ],
)
def test_decode_64_kib(raw: str) -> None:
    d = decode(raw, "path", charset="latin-1")
    check_invariants(d, raw, 0)


# --- encoding -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "component", "scheme", "edition", "expected"),
    [
        # RFC 1738 §3.2.2: "/" and ";" must be encoded in a cwd or name
        ("/etc", "cwd", None, "rfc1738", "%2Fetc"),
        ("a;type=i", "name", "ftp", "rfc3986", "a%3Btype=i"),
        ("pub/a;type=i", "path", "ftp", "rfc1738", "pub/a;type=i"),
        # gopher: TAB, CR, LF escaped; "/" is not reserved in a selector
        ("0/a b\tq", "selector", None, "rfc1738", "0/a%20b%09q"),
        ("a\r\nb", "selector", "gopher", "rfc3986", "a%0D%0Ab"),
        # "?" is literal in an RFC 1738 gopher selector, a query start under RFC 3986
        ("a?b", "selector", None, "rfc1738", "a?b"),
        ("a?b", "selector", None, "rfc3986", "a%3Fb"),
        ("a?b", "path", "http", "rfc1738", "a%3Fb"),
        ("a?b", "path", "ftp", "rfc1738", "a?b"),
        # "%" always %25, upper-case hex, non-ASCII as UTF-8 octets
        ("100%", "path", None, "rfc3986", "100%25"),
        ("é", "path", None, "rfc3986", "%C3%A9"),
        ("a/b c#d", "path", None, "rfc3986", "a/b%20c%23d"),
        ("a/b", "segment", None, "rfc3986", "a%2Fb"),
        ("~user", "path", None, "rfc3986", "~user"),
        ("~user", "path", None, "rfc1738", "%7Euser"),
        ("a=1&b=2+3 4?#", "query", None, "rfc3986", "a=1&b=2+3%204?%23"),
        ("user:name@x", "user", None, "rfc3986", "user%3Aname%40x"),
        ("pa:ss@/", "password", None, "rfc3986", "pa:ss%40%2F"),
        ("pa:ss", "password", None, "rfc1738", "pa%3Ass"),
        ("u:p", "userinfo", None, "rfc3986", "u:p"),
        ("www.example.com:80", "host", None, "rfc3986", "www.example.com%3A80"),
        ("80a", "port", None, "rfc3986", "80%61"),
        ("name;x=1", "hsoname", None, "rfc1738", "name%3Bx=1"),
        ("/pros/name", "hsoname", None, "rfc1738", "/pros/name"),
        ("OBJECT-VERSION=1;x", "field", None, "rfc1738", "OBJECT-VERSION=1%3Bx"),
        ("comp.lang@x", "group", None, "rfc1738", "comp.lang%40x"),
        ("a b", "path", None, "url-1993", "a%20b"),
        ("a:b", "bogus", None, "rfc3986", "a%3Ab"),
        (b"\x00\xff/", "path", None, "rfc3986", "%00%FF/"),
    ],
)
def test_encode(
    value: str | bytes, component: str, scheme: str | None, edition: str, expected: str
) -> None:
    assert encode(value, component, scheme=scheme, edition=edition) == expected


def test_encode_with_charset() -> None:
    assert encode("café", "path", charset="latin-1") == "caf%E9"
    assert encode("café", "path", charset="cp437") == "caf%82"
    with pytest.raises(UnicodeEncodeError):
        encode("café", "path", charset="ascii")


ENCODE_COMPONENTS = [c for c in COMPONENTS if c != "scheme"] + ["scheme", "unknown-thing"]
TEXT_NO_SURROGATES = st.text(st.characters(codec="utf-8"))


@settings(max_examples=300)
@given(
    value=st.one_of(st.binary(), TEXT_NO_SURROGATES),
    component=st.sampled_from(ENCODE_COMPONENTS),
    scheme=SCHEMES,
    edition=st.sampled_from(EDITION_IDS),
)
def test_encode_round_trips(
    value: str | bytes, component: str, scheme: str | None, edition: str
) -> None:
    encoded = encode(value, component, scheme=scheme, edition=edition)
    assert encoded.isascii()
    d = decode(encoded, component, scheme=scheme, edition=edition)
    expected = value if isinstance(value, bytes) else value.encode("utf-8")
    assert d.octets == expected
    assert not d.invalid
    assert all(e.text == e.text.upper() for e in d.escapes)


@settings(max_examples=100)
@given(value=st.text(st.characters(max_codepoint=0xFF)), edition=st.sampled_from(EDITION_IDS))
def test_encode_round_trips_in_latin_1(value: str, edition: str) -> None:
    encoded = encode(value, "query", edition=edition, charset="latin-1")
    d = decode(encoded, "query", edition=edition, charset="latin-1")
    assert d.octets == value.encode("latin-1")
    assert d.text == value


# --- normalization helpers -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("", ""),
        ("abc", "abc"),
        ("%2f%e9%Ab", "%2F%E9%AB"),
        ("%zz%4", "%zz%4"),
        ("a%7eb", "a%7Eb"),
    ],
)
def test_normalize_escape_case(raw: str, expected: str) -> None:
    assert normalize_escape_case(raw) == expected


@pytest.mark.parametrize(
    ("raw", "edition", "component", "expected"),
    [
        ("%7e%2F%41%2e%E9%zz", "rfc3986", None, "~%2FA.%E9%zz"),
        ("%7e%2F%41%2e", "rfc1738", None, "%7e%2FA."),
        ("%7E%24", "url-syntax-1997", None, "~$"),
        ("%24", "rfc3986", None, "%24"),
        ("a%2Eb%41", "rfc3986", "host", "a.bA"),
        ("a%2Eb%41", "rfc2396bis-2003", "host", "a%2EbA"),
        ("%3A%41", "url-1993", None, "%3AA"),
        ("%3A", "url-1993", "path", ":"),
        ("%20", "url-1993", "path", "%20"),
        ("plain", "rfc3986", None, "plain"),
        # a stray "%" is not completed into a new escape
        ("%%34%31", "rfc3986", None, "%%341"),
        ("%4%31", "rfc3986", None, "%4%31"),
        ("%zz%31", "rfc3986", None, "%zz1"),
    ],
)
def test_decode_unreserved(raw: str, edition: str, component: str | None, expected: str) -> None:
    assert decode_unreserved(raw, edition, component) == expected


@given(raw=ESCAPE_HEAVY, edition=st.sampled_from(EDITION_IDS), component=COMPONENT_NAMES)
def test_decode_unreserved_keeps_octets(raw: str, edition: str, component: str | None) -> None:
    out = decode_unreserved(raw, edition, component)
    assert unquote_to_bytes(out) == unquote_to_bytes(raw)
    assert decode_unreserved(out, edition, component) == out
    if "%" not in raw.replace("%25", ""):
        assert not decode(out, component, edition=edition).unnecessary
