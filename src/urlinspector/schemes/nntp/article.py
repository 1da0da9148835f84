"""A news article: its header fields (RFC 5536, RFC 5322) and its text.

Header values are unfolded (RFC 5322 §2.2.3) and their encoded-words decoded (RFC 2047
§4, §6.2); raw 8-bit header text, common in old articles, is read as UTF-8 when it is
valid UTF-8 and in the fallback charset otherwise.

The body is decoded in the charset its Content-Type names (RFC 2045 §5.1, RFC 2046
§4.1.2), after its Content-Transfer-Encoding (RFC 2045 §6); without a charset, or with
one Python does not know, the caller's fallback charset is used and the article says
so in :attr:`Article.notes`.  A multipart article shows its first text/plain part (else
its first text part) and lists the other parts as attachments.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import email.parser
import email.policy
import email.utils
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.message import Message
from typing import Literal

from urlinspector.core.quoting import quoted
from urlinspector.schemes.nntp.url import group_url, message_id_url

__all__ = [
    "Article",
    "Attachment",
    "DecodedText",
    "Header",
    "decode_bytes",
    "decode_encoded_words",
    "decode_header_value",
    "parse_article",
    "parse_date",
    "parse_headers",
    "split_message_ids",
    "split_newsgroups",
]

# RFC 2047 §2: encoded-word = "=?" charset "?" encoding "?" encoded-text "?="
_ENCODED_WORD = re.compile(r"=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=")
_MESSAGE_ID = re.compile(r"<[^<>\s]+>")  # RFC 5536 §3.1.3 msg-id, as found in References


@dataclass(frozen=True, slots=True)
class Header:
    """One header field."""

    name: str
    value: str
    """Unfolded, encoded-words decoded, outer white space removed."""
    raw: str
    """As received (folding kept), 8-bit text read as UTF-8 or the fallback charset."""


@dataclass(frozen=True, slots=True)
class Attachment:
    """A part of a multipart article other than the text shown."""

    content_type: str
    filename: str | None
    size: int
    """Octets after the transfer encoding is undone."""


@dataclass(frozen=True, slots=True)
class DecodedText:
    text: str
    charset: str
    """The charset the text was decoded with."""
    source: Literal["content-type", "fallback"]
    notes: tuple[str, ...] = ()


def decode_bytes(
    data: bytes, declared: str | None, fallback: str, what: str = "the body"
) -> DecodedText:
    """*data* as text: in *declared* when Python knows it, else in *fallback*; bytes
    that do not fit become U+FFFD, and the notes say so."""
    notes: list[str] = []
    try:
        fallback = codecs.lookup(fallback).name
    except LookupError:  # the caller's mistake; still show the text
        notes.append(f"unknown charset {quoted(fallback)}; read as latin-1")
        fallback = "iso8859-1"
    charset: str = fallback
    source: Literal["content-type", "fallback"] = "fallback"
    if declared:
        try:
            charset = codecs.lookup(declared).name
            source = "content-type"
        except LookupError:
            notes.append(
                f"{what} declares the unknown charset {quoted(declared)}; read as {fallback}"
            )
    try:
        text = data.decode(charset)
    except UnicodeDecodeError:
        text = data.decode(charset, "replace")
        notes.append(f"{what} holds bytes that are not {charset}; they show as U+FFFD")
    return DecodedText(text, charset, source, tuple(notes))


def _decode_word(charset: str, encoding: str, text: str) -> str | None:
    charset = charset.split("*", 1)[0]  # RFC 2231 §5: charset*language
    try:
        if encoding in "Bb":
            data = base64.b64decode(text + "=" * (-len(text) % 4), validate=False)
        else:  # RFC 2047 §4.2: "_" is a space in the Q encoding
            data = binascii.a2b_qp(text.encode("ascii"), header=True)
        return data.decode(charset, "replace")
    except (LookupError, ValueError, binascii.Error, UnicodeEncodeError):
        return None


def decode_encoded_words(text: str) -> str:
    """*text* with its RFC 2047 encoded-words decoded; white space between two adjacent
    encoded-words is dropped (RFC 2047 §6.2).  A word that cannot be decoded (unknown
    charset, bad base64) stays as written."""
    if "=?" not in text:
        return text
    out: list[str] = []
    pos = 0
    last_was_word = False
    for match in _ENCODED_WORD.finditer(text):
        between = text[pos : match.start()]
        decoded = _decode_word(match.group(1), match.group(2), match.group(3))
        if decoded is None:
            out.append(between + match.group(0))
            last_was_word = False
        else:
            if not (last_was_word and between.strip() == ""):
                out.append(between)
            out.append(decoded)
            last_was_word = True
        pos = match.end()
    out.append(text[pos:])
    return "".join(out)


def _header_text(raw: bytes, fallback: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return decode_bytes(raw, None, fallback).text


def decode_header_value(raw: bytes | str, fallback: str = "utf-8") -> str:
    """A header value for people: unfolded, encoded-words decoded, trimmed."""
    text = raw if isinstance(raw, str) else _header_text(raw, fallback)
    unfolded = re.sub(r"\r?\n(?=[ \t])", "", text)  # RFC 5322 §2.2.3
    unfolded = unfolded.replace("\t", " ")
    return decode_encoded_words(unfolded).strip()


def parse_headers(
    lines: Sequence[bytes], fallback: str = "utf-8"
) -> tuple[tuple[Header, ...], int]:
    """The header fields at the start of *lines*, and the index of the body's first
    line (after the empty line; ``len(lines)`` when there is no body)."""
    fields: list[tuple[str, list[bytes]]] = []
    index = 0
    for index, line in enumerate(lines):  # noqa: B007 (index is used after the loop)
        if not line:
            break
        if line[:1] in (b" ", b"\t") and fields:
            fields[-1][1].append(line)
            continue
        name, colon, value = line.partition(b":")
        if not colon or not name or b" " in name.strip():
            continue  # not a header field: skipped
        fields.append((name.strip().decode("ascii", "replace"), [value]))
    else:
        index = len(lines)
    body_start = index + 1 if index < len(lines) else len(lines)
    headers = []
    for field_name, parts in fields:
        text = _header_text(b"\r\n".join(parts), fallback)
        headers.append(Header(field_name, decode_header_value(text, fallback), text.strip()))
    return tuple(headers), body_start


def split_newsgroups(value: str) -> tuple[str, ...]:
    """``Newsgroups``: names separated by commas (RFC 5536 §3.1.4)."""
    return tuple(name.strip() for name in value.split(",") if name.strip())


def split_message_ids(value: str) -> tuple[str, ...]:
    """The message-ids of ``References`` (RFC 5536 §3.2.10), in order."""
    return tuple(_MESSAGE_ID.findall(value))


def parse_date(value: str | None) -> datetime | None:
    """A ``Date`` (RFC 5322 §3.3) as a datetime, or None when it cannot be read."""
    if not value:
        return None
    try:
        return email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


@dataclass(frozen=True, slots=True)
class Article:
    """One article as the viewer shows it."""

    number: int | None
    """Its number in the group it was fetched from (None when fetched by message-id
    from a server that does not say)."""
    message_id: str | None
    headers: tuple[Header, ...]
    body: str
    """The text shown: the body, or the text part of a multipart body, decoded."""
    charset: str
    """The charset :attr:`body` was decoded with."""
    charset_source: Literal["content-type", "fallback"]
    content_type: str
    """Of the part shown, e.g. ``text/plain``."""
    attachments: tuple[Attachment, ...] = ()
    notes: tuple[str, ...] = ()
    raw: bytes = b""
    """The article as received: dot-unstuffed, CRLF line ends."""

    def header(self, name: str) -> str | None:
        """The first field called *name* (any case), decoded, or None."""
        folded = name.lower()
        for header in self.headers:
            if header.name.lower() == folded:
                return header.value
        return None

    def headers_named(self, name: str) -> tuple[Header, ...]:
        folded = name.lower()
        return tuple(h for h in self.headers if h.name.lower() == folded)

    @property
    def subject(self) -> str | None:
        return self.header("Subject")

    @property
    def author(self) -> str | None:
        """``From``."""
        return self.header("From")

    @property
    def date(self) -> str | None:
        return self.header("Date")

    @property
    def when(self) -> datetime | None:
        return parse_date(self.date)

    @property
    def newsgroups(self) -> tuple[str, ...]:
        return split_newsgroups(self.header("Newsgroups") or "")

    @property
    def references(self) -> tuple[str, ...]:
        return split_message_ids(self.header("References") or "")

    @property
    def newsgroup_urls(self) -> tuple[tuple[str, str], ...]:
        """``(group, news:group)`` for each group of ``Newsgroups``."""
        return tuple((name, group_url(name)) for name in self.newsgroups)

    @property
    def reference_urls(self) -> tuple[tuple[str, str | None], ...]:
        """``(message-id, news:message-id)`` for each of ``References``, oldest first."""
        return tuple((mid, message_id_url(mid)) for mid in self.references)

    @property
    def url(self) -> str | None:
        """The article's own news: URL (from its message-id)."""
        return message_id_url(self.message_id) if self.message_id else None


def _leaf_parts(message: Message) -> list[Message]:
    return [part for part in message.walk() if not part.is_multipart()]


def _payload(part: Message) -> bytes:
    data = part.get_payload(decode=True)
    return data if isinstance(data, bytes) else b""


def _choose_text(message: Message) -> Message | None:
    leaves = _leaf_parts(message)
    for wanted in ("text/plain", "text/"):
        for part in leaves:
            disposition = (part.get("Content-Disposition") or "").lower()
            if part.get_content_type().startswith(wanted) and "attachment" not in disposition:
                return part
    return None


def _undotted_note(undotted: Sequence[int]) -> str:
    shown = ", ".join(str(n) for n in undotted[:5]) + (", …" if len(undotted) > 5 else "")
    lines = "line" if len(undotted) == 1 else "lines"
    return (
        f"the server did not dot-stuff {len(undotted)} {lines} of the article ({lines} "
        f"{shown}): each begins with a single '.', which RFC 3977 §3.1.1 requires to be "
        "doubled; shown as sent"
    )


def parse_article(
    lines: Sequence[bytes],
    *,
    number: int | None = None,
    message_id: str | None = None,
    fallback_charset: str = "utf-8",
    undotted: Sequence[int] = (),
) -> Article:
    """An :class:`Article` from the data block of ARTICLE (RFC 3977 §6.2.1).

    *undotted*: the lines of the block (numbered from 1) that began with a ``.`` the
    server did not double (:attr:`~urlinspector.schemes.nntp.events.Reply.undotted`):
    kept as sent, and a note says so."""
    headers, body_start = parse_headers(lines, fallback_charset)
    raw = b"\r\n".join(lines) + b"\r\n" if lines else b""
    body_lines = lines[body_start:]
    body_bytes = b"\r\n".join(body_lines) + (b"\r\n" if body_lines else b"")
    names = {h.name.lower() for h in headers}
    own_id = next((h.value for h in headers if h.name.lower() == "message-id"), None)
    notes: list[str] = [_undotted_note(undotted)] if undotted else []
    attachments: list[Attachment] = []
    content_type = "text/plain"
    declared: str | None = None
    text_bytes = body_bytes
    if names & {"content-type", "mime-version", "content-transfer-encoding"}:
        try:
            parsed = email.parser.BytesParser(policy=email.policy.compat32).parsebytes(raw)
            chosen = _choose_text(parsed)
            if parsed.is_multipart() or chosen is not parsed:
                for part in _leaf_parts(parsed):
                    if part is not chosen:
                        attachments.append(
                            Attachment(
                                part.get_content_type(), part.get_filename(), len(_payload(part))
                            )
                        )
            if chosen is None:
                notes.append("the article has no text part")
                text_bytes = b""
            else:
                content_type = chosen.get_content_type()
                declared = chosen.get_content_charset()
                text_bytes = _payload(chosen)
        except (ValueError, LookupError, TypeError, IndexError) as exc:  # a broken MIME structure
            notes.append(f"the MIME structure could not be read ({exc}); the raw body is shown")
    decoded = decode_bytes(text_bytes, declared, fallback_charset)
    text = decoded.text.replace("\r\n", "\n")
    return Article(
        number=number,
        message_id=own_id or message_id,
        headers=headers,
        body=text,
        charset=decoded.charset,
        charset_source=decoded.source,
        content_type=content_type,
        attachments=tuple(attachments),
        notes=tuple(notes) + decoded.notes,
        raw=raw,
    )
