"""Articles: header fields (unfolding, RFC 2047 encoded-words, 8-bit text), the body in
its charset or the fallback, MIME parts, and the links the viewer shows."""

from __future__ import annotations

import base64

import pytest

from urlinspector.schemes.nntp.article import (
    decode_bytes,
    decode_encoded_words,
    decode_header_value,
    parse_article,
    parse_date,
    parse_headers,
    split_message_ids,
    split_newsgroups,
)


def lines(text: str | bytes) -> list[bytes]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return data.split(b"\n")


# RFC 2047 §8, the examples of white space between encoded-words
@pytest.mark.parametrize(
    ("encoded", "decoded"),
    [
        ("(=?ISO-8859-1?Q?a?=)", "(a)"),
        ("(=?ISO-8859-1?Q?a?= b)", "(a b)"),
        ("(=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=)", "(ab)"),
        ("(=?ISO-8859-1?Q?a?=  =?ISO-8859-1?Q?b?=)", "(ab)"),
        ("(=?ISO-8859-1?Q?a?=\r\n    =?ISO-8859-1?Q?b?=)", "(ab)"),
        ("(=?ISO-8859-1?Q?a_b?=)", "(a b)"),
        ("(=?ISO-8859-1?Q?a?= =?ISO-8859-2?Q?_b?=)", "(a b)"),
        # and beyond the RFC's table
        ("=?UTF-8?B?SsO8cmdlbiBNw7xsbGVy?= <j@example.org>", "Jürgen Müller <j@example.org>"),
        ("=?utf-8?b?Y2Fmw6k?=", "café"),  # base64 without its padding
        ("=?UTF-8*de?Q?Gr=C3=BC=C3=9Fe?=", "Grüße"),  # RFC 2231 §5 language
        ("Re: =?x-unknown?Q?abc?= x", "Re: =?x-unknown?Q?abc?= x"),  # kept as written
        ("no words here =? ?=", "no words here =? ?="),
        ("a =?ISO-8859-1?Q?=E9?= b", "a é b"),
    ],
)
def test_encoded_words(encoded: str, decoded: str) -> None:
    assert decode_header_value(encoded) == decoded


def test_encoded_words_alone_keep_outer_space() -> None:
    assert decode_encoded_words(" =?UTF-8?Q?x?= ") == " x "


def test_headers_unfolded_and_decoded() -> None:
    headers, body_start = parse_headers(
        lines(
            "From: =?UTF-8?Q?Ren=C3=A9?= <rene@example.org>\n"
            "Subject: a long\n"
            "\tsubject line\n"
            "X-Empty:\n"
            "not a header line\n"
            "Newsgroups: a.b, c.d,\n"
            " e.f\n"
            "\n"
            "body"
        )
    )
    assert [(h.name, h.value) for h in headers] == [
        ("From", "René <rene@example.org>"),
        ("Subject", "a long subject line"),
        ("X-Empty", ""),
        ("Newsgroups", "a.b, c.d, e.f"),
    ]
    assert headers[1].raw == "a long\r\n\tsubject line"
    assert body_start == 8


def test_headers_without_a_body() -> None:
    headers, body_start = parse_headers([b"Subject: x", b"From: y"])
    assert len(headers) == 2
    assert body_start == 2
    headers, body_start = parse_headers([b"Subject: x", b""])
    assert body_start == 2


@pytest.mark.parametrize(
    ("raw", "fallback", "value"),
    [
        ("Subject: Grüße".encode(), "latin-1", "Grüße"),  # valid UTF-8 wins
        ("Subject: Grüße".encode("latin-1"), "latin-1", "Grüße"),
        ("Subject: Grüße".encode("latin-1"), "utf-8", "Gr\ufffd\ufffde"),
        ("Subject: Ђ".encode("cp1251"), "cp1251", "Ђ"),
    ],
)
def test_eight_bit_headers(raw: bytes, fallback: str, value: str) -> None:
    headers, _ = parse_headers([raw], fallback)
    assert headers[0].value == value


@pytest.mark.parametrize(
    ("data", "declared", "fallback", "text", "charset", "source", "note"),
    [
        (b"caf\xc3\xa9", "utf-8", "latin-1", "café", "utf-8", "content-type", None),
        (b"caf\xe9", "ISO-8859-1", "utf-8", "café", "iso8859-1", "content-type", None),
        (b"caf\xe9", None, "latin-1", "café", "iso8859-1", "fallback", None),
        (b"caf\xe9", None, "utf-8", "caf\ufffd", "utf-8", "fallback", "U+FFFD"),
        (b"caf\xe9", "x-martian", "cp1252", "café", "cp1252", "fallback", "unknown charset"),
        (b"caf\xe9", "us-ascii", "utf-8", "caf\ufffd", "ascii", "content-type", "not ascii"),
        (b"caf\xe9", None, "no-such-charset", "café", "iso8859-1", "fallback", "unknown charset"),
    ],
)
def test_decode_bytes(
    data: bytes,
    declared: str | None,
    fallback: str,
    text: str,
    charset: str,
    source: str,
    note: str | None,
) -> None:
    decoded = decode_bytes(data, declared, fallback)
    assert (decoded.text, decoded.charset, decoded.source) == (text, charset, source)
    if note is None:
        assert decoded.notes == ()
    else:
        assert any(note in n for n in decoded.notes), decoded.notes


def test_plain_article() -> None:
    raw = lines(
        "From: Ada <ada@example.org>\n"
        "Newsgroups: local.test,local.other\n"
        "Subject: Hello\n"
        "Date: Mon, 02 Jan 2006 15:04:05 +0000\n"
        "Message-ID: <a.1@example.org>\n"
        "References: <r.1@example.org>\n"
        "  <r.2@example.org> <r.3@example.org>\n"
        "\n"
        "First line.\n"
        "\tindented"
    )
    article = parse_article(raw, number=7)
    assert article.number == 7
    assert article.author == "Ada <ada@example.org>"
    assert article.newsgroups == ("local.test", "local.other")
    assert article.newsgroup_urls == (
        ("local.test", "news:local.test"),
        ("local.other", "news:local.other"),
    )
    assert article.references == ("<r.1@example.org>", "<r.2@example.org>", "<r.3@example.org>")
    assert [url for _, url in article.reference_urls] == [
        "news:r.1@example.org",
        "news:r.2@example.org",
        "news:r.3@example.org",
    ]
    assert article.url == "news:a.1@example.org"
    assert article.when is not None
    assert (article.when.year, article.when.hour) == (2006, 15)
    assert article.body == "First line.\n\tindented\n"
    assert article.content_type == "text/plain"
    assert article.raw == b"\r\n".join(raw) + b"\r\n"
    assert article.header("message-id") == "<a.1@example.org>"
    assert article.header("X-Missing") is None


def test_quoted_printable_body() -> None:
    article = parse_article(
        lines(
            "Subject: qp\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: quoted-printable\n"
            "\n"
            "na=C3=AFve =E2=82=AC=\n"
            "soft break"
        )
    )
    assert article.body == "naïve €soft break\n"
    assert (article.charset, article.charset_source) == ("utf-8", "content-type")


def test_base64_body_in_declared_charset() -> None:
    payload = base64.encodebytes("Привет".encode("koi8-r")).decode("ascii")
    article = parse_article(
        lines(
            "Subject: b64\n"
            "Content-Type: text/plain; charset=KOI8-R\n"
            "Content-Transfer-Encoding: base64\n"
            "\n" + payload
        )
    )
    assert article.body == "Привет"
    assert article.charset == "koi8-r"


def test_multipart_shows_the_text_and_lists_the_rest() -> None:
    image = base64.encodebytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 20).decode("ascii")
    article = parse_article(
        lines(
            "Subject: with a picture\n"
            "MIME-Version: 1.0\n"
            'Content-Type: multipart/mixed; boundary="XX"\n'
            "\n"
            "preamble\n"
            "--XX\n"
            "Content-Type: text/plain; charset=ISO-8859-15\n"
            "Content-Transfer-Encoding: 8bit\n"
            "\n"
        ).__add__([b"Prix: 5 \xa4"])
        + lines(
            "--XX\n"
            'Content-Type: image/png; name="dot.png"\n'
            "Content-Transfer-Encoding: base64\n"
            'Content-Disposition: attachment; filename="dot.png"\n'
            "\n" + image + "--XX--"
        )
    )
    assert article.body.strip() == "Prix: 5 €"
    assert article.charset == "iso8859-15"
    assert [(a.content_type, a.filename, a.size) for a in article.attachments] == [
        ("image/png", "dot.png", 28)
    ]


def test_multipart_without_text() -> None:
    article = parse_article(
        lines(
            "Subject: only a file\n"
            "MIME-Version: 1.0\n"
            'Content-Type: multipart/mixed; boundary="XX"\n'
            "\n"
            "--XX\n"
            "Content-Type: application/octet-stream\n"
            "\n"
            "data\n"
            "--XX--"
        )
    )
    assert article.body == ""
    assert "the article has no text part" in article.notes
    assert [a.content_type for a in article.attachments] == ["application/octet-stream"]


def test_an_empty_article() -> None:
    article = parse_article([])
    assert article.headers == ()
    assert article.body == ""
    assert article.raw == b""


def test_fields() -> None:
    assert split_newsgroups(" a.b ,c.d,, ") == ("a.b", "c.d")
    assert split_message_ids("<a@b> junk <c@d>\t<e@f>") == ("<a@b>", "<c@d>", "<e@f>")
    assert parse_date("not a date") is None
    assert parse_date(None) is None
    when = parse_date("Tue, 03 Jan 2006 09:00:00 +0100")
    assert when is not None
    assert when.utcoffset() is not None
