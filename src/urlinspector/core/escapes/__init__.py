"""Percent-escapes: decoding per component (only after splitting), encoding per
component, and which escapes are unnecessary or meaningful.

An escape is ``"%" hex hex`` (RFC 1738 §2.2, URL syntax draft 1997 §2.4.1, RFC 2396bis draft 2003
§2.4.1, RFC 3986 §2.1).  A URL is decoded one component at a time, after it has been split: decoding
first could turn ``%2F`` into a ``/`` that then splits the path (URL syntax draft 1997 §2.4.2,
RFC 3986 §2.4).

Each escape is classified for the component (and scheme) it was found in:

* ``unnecessary``: it encodes an unreserved character of the edition; decoding it
  changes nothing (RFC 3986 §2.3, §6.2.2.2; URL syntax draft 1997 §2.3).
* ``meaningful``: it encodes a character that delimits something in this component
  or protocol; decoding it would change the meaning (RFC 1738 §2.2, §6; RFC 3986 §2.2).
* ``data``: any other valid escape (non-ASCII octets, excluded characters, reserved
  characters with no role in this component).
* ``invalid``: a ``%`` not followed by two hexadecimal digits.

Which characters are meaningful in which component, scheme and edition is the table
of :mod:`.table`; decoding, encoding and the charsets are here.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from urlinspector.core.charsets import canonical_charset
from urlinspector.core.editions import DIGIT, EDITIONS, Edition, get_edition
from urlinspector.core.escapes.table import (
    _COMPONENT_RULES,
    _INVALID,
    _STRUCTURAL,
    COMPONENTS,
    EscapeKind,
    _cache_key,
    _context,
    _is_registered,
    _rules,
    _table,
)
from urlinspector.core.memo import short_lru_cache
from urlinspector.core.model import Span
from urlinspector.core.octets import ESCAPE, unquote_to_bytes

__all__ = [
    "COMPONENTS",
    "Decoded",
    "Escape",
    "EscapeKind",
    "canonical_charset",
    "decode",
    "decode_unreserved",
    "encode",
    "normalize_escape_case",
    "unquote_to_bytes",
]


_HEXDIGITS = frozenset("0123456789ABCDEFabcdef")


# A valid escape, or a "%" with the (up to two) letters or digits that were
# presumably meant as its hex digits: "%G1", "%4", "%" (RFC 1738 §2.2: escape = "%" hex hex).
_PERCENT = re.compile(r"%(?:([0-9A-Fa-f]{2})|[0-9A-Za-z]{0,2})")


@dataclass(frozen=True, slots=True)
class Escape:
    """One ``%`` sequence of the decoded text, as written, with what it means here."""

    span: Span
    """Absolute ``(start, end)``: the ``offset`` given to :func:`decode` plus the index."""
    text: str
    """As written, e.g. ``"%2f"``; for an invalid escape the ``%`` and up to two letters
    or digits after it (``"%G1"``, ``"%4"``, ``"%"``)."""
    octet: int | None
    """The octet it encodes; None when invalid."""
    kind: EscapeKind
    reason: str
    """One sentence for a learner, e.g. "%2F encodes '/', which would split ..."."""
    reference: str
    """Where the rule comes from, e.g. ``"RFC 1738 §3.2.2"`` or ``"RFC 3986 §2.3"``."""

    @property
    def char(self) -> str | None:
        """The US-ASCII character of the octet; None when invalid or above 0x7F."""
        return chr(self.octet) if self.octet is not None and self.octet < 0x80 else None

    def to_dict(self) -> dict[str, object]:
        return {
            "span": list(self.span),
            "text": self.text,
            "octet": self.octet,
            "kind": self.kind,
            "reason": self.reason,
            "reference": self.reference,
        }


@dataclass(frozen=True, slots=True)
class Decoded:
    """One component's text with its escapes decoded.

    ``octets``: each valid escape gives its octet; every other character (invalid
    escapes included) gives its UTF-8 encoding, since a URL is a sequence of
    characters, not octets (URL syntax draft 1997 §1.4, RFC 3986 §2), and UTF-8 is how characters
    become octets today (RFC 3986 §2.5); for ASCII this is the same in any charset.

    ``text``: each run of consecutive escapes decoded with ``charset``; characters
    written literally stay as they are (they are text already).  Octets the charset
    cannot decode, and lone surrogates written literally, are shown backslash-escaped
    (``\\xff``, ``\\udc80``), and ``undecodable`` is then True.
    """

    raw: str
    octets: bytes
    text: str
    charset: str
    """Canonical codec name, as :func:`codecs.lookup` gives it (``"iso8859-1"``)."""
    escapes: tuple[Escape, ...]
    undecodable: bool

    @property
    def unnecessary(self) -> tuple[Escape, ...]:
        return tuple(e for e in self.escapes if e.kind == "unnecessary")

    @property
    def meaningful(self) -> tuple[Escape, ...]:
        return tuple(e for e in self.escapes if e.kind == "meaningful")

    @property
    def data(self) -> tuple[Escape, ...]:
        return tuple(e for e in self.escapes if e.kind == "data")

    @property
    def invalid(self) -> tuple[Escape, ...]:
        return tuple(e for e in self.escapes if e.kind == "invalid")

    def to_dict(self) -> dict[str, object]:
        return {
            "raw": self.raw,
            "octets": self.octets.hex(" ").upper(),
            "text": self.text,
            "charset": self.charset,
            "undecodable": self.undecodable,
            "escapes": [e.to_dict() for e in self.escapes],
        }


@short_lru_cache(maxsize=64)
def _decode_octets(data: bytes, charset: str) -> tuple[str, bool]:
    """*data* decoded with *charset*; True when some octets could not be decoded."""
    try:
        return data.decode(charset), False
    except UnicodeDecodeError:
        pass
    except (UnicodeError, ValueError, TypeError):  # codecs with strange failures (idna)
        return "".join(f"\\x{b:02x}" for b in data), True
    try:
        return data.decode(charset, "backslashreplace"), True
    except (UnicodeError, ValueError, TypeError):  # no error handlers (idna, punycode)
        return "".join(f"\\x{b:02x}" for b in data), True


def _literal(run: str) -> tuple[bytes, str, bool]:
    """Octets (UTF-8) and display text of characters written literally."""
    if run.isascii():
        return run.encode("ascii"), run, False
    try:
        return run.encode("utf-8"), run, False
    except UnicodeEncodeError:  # lone surrogates
        shown = run.encode("utf-8", "backslashreplace").decode("utf-8")
        return run.encode("utf-8", "surrogatepass"), shown, True


def decode(
    raw: str,
    component: str | None = None,
    *,
    scheme: str | None = None,
    charset: str = "utf-8",
    edition: str | Edition = "rfc3986",
    offset: int = 0,
) -> Decoded:
    """Decode the escapes of one component, already split from its URL.

    *component* is one of :data:`COMPONENTS` (None or an unknown name: the edition's
    reserved set decides what is meaningful); *scheme* (any case) refines it (a gopher
    path, an ftp path).  *charset* decodes the octets to text: UTF-8 by default, ISO
    Latin 1 as URL draft 1993 says ("Encoding prohibited characters"), or any Python text codec.
    Escape spans are shifted by *offset*.  Never raises for any *raw*; raises
    :class:`UnknownCharsetError` for an unknown *charset* and ``UnknownEditionError``
    for an unknown *edition*.
    """
    name = canonical_charset(charset)
    ed = get_edition(edition)
    if "%" not in raw:  # the fast path: nothing to decode
        literal, shown, bad = _literal(raw)
        return Decoded(raw, literal, shown, name, (), bad)

    comp, sch = _context(component, scheme)
    table = _table(ed, comp, sch)
    invalid_ref = ed.cite("escape")

    octets = bytearray()
    pieces: list[str] = []
    escapes: list[Escape] = []
    run = bytearray()  # consecutive valid escapes, decoded together
    undecodable = False
    pos = 0

    def flush() -> None:
        nonlocal undecodable
        if run:
            text, bad = _decode_octets(bytes(run), name)
            pieces.append(text)
            undecodable |= bad
            run.clear()

    for m in _PERCENT.finditer(raw):
        start, end = m.span()
        if start > pos:
            flush()
            b, text, bad = _literal(raw[pos:start])
            octets += b
            pieces.append(text)
            undecodable |= bad
        hexdigits = m.group(1)
        if hexdigits is not None:
            octet = int(hexdigits, 16)
            kind, reason, ref = table[octet]
            escapes.append(
                Escape((offset + start, offset + end), m.group(), octet, kind, reason, ref)
            )
            octets.append(octet)
            run.append(octet)
        else:
            written = m.group()
            flush()
            octets += written.encode("ascii")
            pieces.append(written)
            what = "A lone '%'" if written == "%" else written
            reason = f"{what} is not an escape: {_INVALID}"
            escapes.append(
                Escape(
                    (offset + start, offset + end), written, None, "invalid", reason, invalid_ref
                )
            )
        pos = end
    flush()
    if pos < len(raw):
        b, text, bad = _literal(raw[pos:])
        octets += b
        pieces.append(text)
        undecodable |= bad
    return Decoded(raw, bytes(octets), "".join(pieces), name, tuple(escapes), undecodable)


def _literal_chars(edition: Edition, component: str, scheme: str | None) -> frozenset[str]:
    """Characters *component* may hold literally when built from a value."""
    segment = edition.path_chars - {"/"}
    opaque = edition.opaque_chars or edition.path_chars
    base: frozenset[str] = {
        "scheme": edition.scheme_rest,
        "userinfo": edition.user_chars | edition.password_chars | {":"},
        "user": edition.user_chars,
        "password": edition.password_chars,
        "host": edition.reg_name_chars,
        "port": DIGIT,
        "path": edition.path_chars,
        "query": edition.query_chars,
        "fragment": edition.fragment_chars,
        "opaque": opaque,
        "addr-spec": opaque,  # RFC 1738 §5: encoded822addr = 1*xchar
        "selector": edition.path_chars,  # RFC 1738 §3.4: no characters are reserved
        "search": edition.path_chars,
        "gopher-plus": edition.path_chars,
        "hsoname": edition.path_chars,  # RFC 1738 §3.11: "/" may appear without quoting
        "message-id": edition.path_chars | {"@"},
    }.get(component, segment if component in _COMPONENT_RULES else edition.unreserved)
    meaningful = _rules(edition, component, scheme)
    structural = _STRUCTURAL.get(component, "")
    allowed = {c for c in base if c in structural or c not in meaningful}
    # Printable ASCII only; "%" always as %25 (RFC 3986 §2.4); a space is always
    # escaped, though the 1993 draft lists it as "extra" (URL draft 1993 HTTP).
    return frozenset(c for c in allowed if "!" <= c <= "~" and c != "%")


def _build_encoder(edition: Edition, component: str, scheme: str | None) -> tuple[str, ...]:
    allowed = _literal_chars(edition, component, scheme)
    return tuple(chr(o) if chr(o) in allowed else f"%{o:02X}" for o in range(256))


@functools.lru_cache(maxsize=256)
def _cached_encoder(edition_id: str, component: str, scheme: str | None) -> tuple[str, ...]:
    return _build_encoder(EDITIONS[edition_id], component, scheme)


def encode(
    value: str | bytes,
    component: str,
    *,
    scheme: str | None = None,
    edition: str | Edition = "rfc3986",
    charset: str = "utf-8",
) -> str:
    """Percent-encode *value* for *component*, to build a URL.

    A ``str`` is first encoded with *charset* (raising ``UnicodeEncodeError``, a
    ``ValueError``, for a character the charset lacks).  Every octet the component may
    not hold literally under *edition* becomes ``%HH`` (upper-case hex, RFC 3986 §2.1),
    as does every character that would change the meaning (``/`` and ``;`` in an ftp
    ``cwd`` or ``name``, RFC 1738 §3.2.2; TAB in a gopher ``selector``; ``?`` and ``#``
    that would end the component); ``%`` always becomes ``%25``.  The component's own
    structure in the value stays literal (``/`` in a ``path``, ``&`` and ``=`` in a
    ``query``, ``.`` in a ``host``); an IP literal's brackets are not for this function.
    ``decode(encode(v, c), c).octets`` is the value's octets.
    """
    data = value if isinstance(value, bytes) else value.encode(canonical_charset(charset))
    ed = get_edition(edition)
    comp, sch = _context(component, scheme)
    if _is_registered(ed):
        table = _cached_encoder(ed.id, comp, _cache_key(sch))
    else:
        table = _build_encoder(ed, comp, sch)
    return "".join(map(table.__getitem__, data))


def normalize_escape_case(raw: str) -> str:
    """*raw* with the hex digits of every valid escape in upper case (RFC 3986 §6.2.2.1)."""
    if "%" not in raw:
        return raw
    return ESCAPE.sub(lambda m: m.group().upper(), raw)


def decode_unreserved(
    raw: str,
    edition: str | Edition = "rfc3986",
    component: str | None = None,
    *,
    scheme: str | None = None,
) -> str:
    """*raw* with the escapes that :func:`decode` calls unnecessary decoded, the others
    kept as written (RFC 3986 §6.2.2.2: percent-encoded unreserved characters).

    The octets stay the same: a hex digit is left encoded where decoding it would
    complete a stray ``%`` before it into a new escape (``%%34%31`` stays ``%%341``).
    """
    if "%" not in raw:
        return raw
    ed = get_edition(edition)
    comp, sch = _context(component, scheme)
    table = _table(ed, comp, sch)
    out: list[str] = []
    tail = ""  # the last two characters written
    pos = 0
    for m in _PERCENT.finditer(raw):
        if m.start() > pos:
            out.append(raw[pos : m.start()])
            tail = (tail + raw[pos : m.start()])[-2:]
        piece = m.group()
        hexdigits = m.group(1)
        if hexdigits is not None:
            char = chr(int(hexdigits, 16))
            stray = tail.endswith("%") or (tail[:1] == "%" and tail[1:] in _HEXDIGITS)
            if table[ord(char)][0] == "unnecessary" and not (stray and char in _HEXDIGITS):
                piece = char
        out.append(piece)
        tail = (tail + piece)[-2:]
        pos = m.end()
    out.append(raw[pos:])
    return "".join(out)
