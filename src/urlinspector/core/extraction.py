"""Finding URLs in plain text (RFC 1738 appendix, URL draft 1993 §1.3, URL syntax draft 1997 and
RFC 2396bis draft 2003 appendix E).

Mail, news and paper carry URLs in running text, where "it is important to be able to
delimit the URI from the rest of the text, and in particular from punctuation marks
that might be mistaken for part of the URI" (RFC 2396bis draft 2003 appendix E).  :func:`extract`
finds:

* ``<URL:...>``: the wrapper RFC 1738's appendix recommends ("URL:" with or without a
  trailing space);
* ``<...>``: angle brackets alone (URL draft 1993 §1.3; URL syntax draft 1997 /
  RFC 2396bis draft 2003 appendix E);
* ``"..."``: double quotes (URL syntax draft 1997 / RFC 2396bis draft 2003 appendix E);
* bare URLs, "just using whitespace": they end at whitespace or at a character no URL
  may hold, and trailing punctuation is not part of them.

Inside angle brackets "extra whitespace (spaces, linebreaks, tabs, etc.) may need to be
added to break long URLs across lines.  The whitespace should be ignored when
extracting the URL" (URL syntax draft 1997 / RFC 2396bis draft 2003 appendix E; RFC 1738 appendix);
inside quotes, line breaks are.  Outside any wrapper a URL continues over a line break only after a
hyphen: "the interpreter of a URL containing a line break immediately after a hyphen should
ignore all unescaped whitespace around the line break, and should be aware that the
hyphen may or may not actually be part of the URL": the reading without the hyphen is
given as :attr:`Found.alternative`.

What counts as a URL start: a scheme (RFC 3986 §3.1) followed by ``//``, or one of
the schemes of :data:`KNOWN_SCHEMES` (so that "Note:" or "12:30" is no URL); inside a
``<URL:...>`` wrapper any scheme.  Relative references are not extracted: without a
base they name nothing.

What a bare URL holds is what a browser follows: the characters of RFC 3986 §2, and
the non-ASCII characters of IRIs (RFC 3987 §2.2: ``http://bücher.de/x``,
``http://例え.jp/パス``, ``http://аррӏе.com/``), and the backslash that browsers read as
a slash (WHATWG URL Standard, "special" schemes: ``https://evil.com\\@good.com/`` is
found whole, so the trick shows).  It ends where a person reading the text sees it
end (:data:`BOUNDARIES`): at whitespace or a control; at ``<``, ``>``, ``"`` or a
backquote; at any non-ASCII quotation mark or bracket (Unicode general categories Pi,
Pf, Ps, Pe: ``“ ” « » 「 」 （ ）``) and any non-ASCII Terminal_Punctuation (UAX #44:
``。 、 ， ． ！ ？ ； ：`` and the sentence marks of other scripts), which no reader
takes for part of a URL even with no space after them.  Then trailing punctuation is
left out: ASCII ``. , ; : ! ? '`` and other non-ASCII punctuation (``…``, ``—``), and a
``)``, ``]`` or ``}`` that closes nothing opened in the URL, so
``(see https://en.wikipedia.org/wiki/Foo_(bar))`` gives ``.../Foo_(bar)``.  Inside a
wrapper any character but a control.

Defanged URLs (``hxxps://evil[.]com/x``) are re-fanged (:mod:`urlinspector.core.refang`)
when the defanged forms are there, and only then; :attr:`Found.refangs` says what was
replaced, where, and :attr:`Found.original` keeps the URL as written.

In pasted markup, the value after an ``=`` (``href="javascript:..."``, ``src=//evil.
example/x``) is a URL of the ``attribute`` form when it is one of those that prose never
holds and markup uses to attack: ``javascript:``, ``vbscript:`` and ``data:`` URLs and
protocol-relative references, read as browsers read an attribute's value, each with its
finding in :attr:`Found.findings` (:mod:`urlinspector.core.markup_urls`).

The scan is one pass over the text: no character is examined more than a fixed
number of times, so big pastes take time linear in their size.
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass
from typing import Any, NamedTuple

import icu

from urlinspector.core.markup_urls import attribute_url, closing_quotes
from urlinspector.core.model import Diagnostic
from urlinspector.core.refang import Refang, defanged_in, defanged_separator_at, refanged
from urlinspector.core.registry import DEFAULT_PORTS
from urlinspector.core.specific import KNOWN_SCHEMES

__all__ = ["BOUNDARIES", "FORMS", "KNOWN_SCHEMES_IN_TEXT", "Found", "Refang", "extract"]

FORMS = ("url-wrapper", "angle", "quoted", "bare", "attribute")

KNOWN_SCHEMES_IN_TEXT: frozenset[str] = frozenset(
    KNOWN_SCHEMES | set(DEFAULT_PORTS) | {"ldap", "tel", "urn"}  # RFC 3986 §1.1.2 examples
)
"""Schemes recognised without ``//`` after them (``mailto:``, ``news:``, ``urn:`` ...)."""


@dataclass(frozen=True)
class Found:
    """One URL found in the text."""

    url: str
    """The URL itself: wrapper removed, line-break whitespace removed."""
    span: tuple[int, int]
    """What was matched in the text, wrapper included (``text[span[0]:span[1]]``)."""
    url_span: tuple[int, int]
    """The URL's own characters, first to last, in the text (whitespace inside it
    included when it was broken across lines)."""
    form: str
    """``url-wrapper`` (``<URL:...>``), ``angle`` (``<...>``), ``quoted``, ``bare`` or
    ``attribute`` (the value after an ``=`` in markup)."""
    alternative: str | None = None
    """The URL without the hyphen(s) found at line breaks inside it, which a typesetter
    may have added (URL syntax draft 1997 / RFC 2396bis draft 2003 appendix E); None when there were
    none."""
    notes: tuple[str, ...] = ()
    """What was done to read it (whitespace removed, a "URL:" prefix ...)."""
    refangs: tuple[Refang, ...] = ()
    """The defanged forms (``hxxp``, ``[.]`` ...) read as what they stand for, each with
    its span in the text; empty when the URL was written as a URL."""
    original: str | None = None
    """The URL as the text writes it (wrapper and line-break whitespace removed, as in
    :attr:`url`) when it was re-fanged; None when it was not."""
    findings: tuple[Diagnostic, ...] = ()
    """What the ``attribute`` form found it for (``active-content``,
    ``protocol-relative``), with spans in the text; empty for the other forms."""

    @property
    def refanged(self) -> bool:
        """The URL was written defanged and :attr:`url` is it re-fanged."""
        return bool(self.refangs)

    @property
    def original_span(self) -> tuple[int, int] | None:
        """Where :attr:`original` is in the text (the :attr:`url_span`), when re-fanged."""
        return self.url_span if self.refangs else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "span": list(self.span),
            "url_span": list(self.url_span),
            "form": self.form,
            "alternative": self.alternative,
            "notes": list(self.notes),
            "refanged": self.refanged,
            "original": self.original,
            "original_span": None if self.original_span is None else list(self.original_span),
            "refangs": [r.to_dict() for r in self.refangs],
            "findings": [d.to_dict() for d in self.findings],
        }


# --- character classes -------------------------------------------------------------------


def _escaped(c: str) -> str:
    o = ord(c)
    return f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}"


def _char_class(unicode_set: str) -> str:
    """The body of a regex character class holding the characters of an ICU set."""
    return "".join(
        _escaped(a) if a == b else f"{_escaped(a)}-{_escaped(b)}"
        for a, b in icu.UnicodeSet(unicode_set).ranges()
    )


BOUNDARIES = "[[:Terminal_Punctuation:][:Pi:][:Pf:][:Ps:][:Pe:][:Cc:]-[:ASCII:]]"
"""The non-ASCII characters that end a bare URL wherever they are, as an ICU set over
the Unicode Character Database: UAX #44 Terminal_Punctuation, general categories Pi,
Pf, Ps, Pe and the C1 controls.  Besides these, whitespace (``str.isspace``), the C0
controls and ``<`` ``>`` ``"`` ````` end it.  Octets a charset could not decode (lone
surrogates) do not: the URL is found whole and shows them."""

# A bare URL's characters: anything but the boundaries (possessive: linear time).  The
# run stops at every character beyond the BMP, which is then looked up apart: a class
# with many ranges beyond U+FFFF is read range by range, ten times slower.
_BARE_RUN = re.compile(
    r'[^\s\x00-\x1f\x7f<>"`'
    + _char_class(f"[{BOUNDARIES}&[\\u0000-\\uffff]]")
    + "\U00010000-\U0010ffff]*+"
)
_ASTRAL_BOUNDARY = re.compile("[" + _char_class(f"[{BOUNDARIES}&[\\U00010000-\\U0010ffff]]") + "]")
_SCHEME_CHARS = frozenset(string.ascii_letters + string.digits + "+-.")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*+:")
# A scheme and its ":", or a defanged separator ("[:]", "[://]") after it.
_SCHEME_HEAD = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*+)(?::|\[:\]|\[://\])")

# Where a URL may start: "<", '"', the ":" after a scheme (the scheme is found by
# looking back from the ":", which is faster than matching it at every word), or the
# "=" before an attribute's value in markup.
_START = re.compile(r'[<":=]')
_START_NO_MARKUP = re.compile(r'[<":]')
_LETTERS = frozenset(string.ascii_letters)

# Trailing characters that end sentences and clauses, not URLs (RFC 2396bis draft 2003 appendix E).
_TRAILING = frozenset(".,;:!?'")
# ... and, beyond ASCII, other punctuation and dashes ("…", "—") at the end
_TRAILING_CATEGORIES = frozenset({"Po", "Pd"})
_CLOSERS = {")": "(", "]": "[", "}": "{"}

# Inside <...>: any character but "<", ">", '"', a control or whitespace, in pieces
# separated by whitespace (possessive: no backtracking, linear time).
_WRAPPED_CHAR = r'[^<>"\s\x00-\x1f\x7f]'
_ANGLE_BODY = re.compile(rf"\s*+({_WRAPPED_CHAR}++(?:\s++{_WRAPPED_CHAR}++)*+)\s*+>")
# Inside "...": pieces separated only by whitespace holding a line break.
_QUOTED_BODY = re.compile(
    rf"({_WRAPPED_CHAR}++(?:[ \t]*+(?:\r\n|\r|\n)[ \t]*+{_WRAPPED_CHAR}++)*+)\""
)
_URL_PREFIX = re.compile(r"[Uu][Rr][Ll]:[ \t]*+")
_WHITESPACE = re.compile(r"\s++")
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")
# After a hyphen at the end of a line: spaces, one line break, spaces.
_HYPHEN_BREAK = re.compile(r"[ \t]*+(?:\r\n|\r|\n)[ \t]*+")
_HYPHEN_AT_BREAK = re.compile(r"-(?=\s*?[\r\n])")

_NOTE_WHITESPACE = (
    "whitespace inside the wrapper ignored (RFC 2396bis draft 2003 appendix E; RFC 1738 appendix)"
)
_NOTE_HYPHEN = (
    "a hyphen ends a line inside the URL: it may or may not be part of the URL "
    "(RFC 2396bis draft 2003 appendix E); see the alternative"
)
_NOTE_PREFIX = "the prefix 'URL:' is not part of the URL (RFC 1738 appendix)"


def _scheme_ok(url: str, *, any_scheme: bool) -> bool:
    """*url* starts with a scheme this module accepts and has more than ``scheme:``
    (and more than ``scheme://``)."""
    m = _SCHEME.match(url)
    if m is None:
        return False
    rest = url[m.end() :]
    if not rest or rest == "//":
        return False
    if any_scheme or rest.startswith("//"):
        return True
    return url[: m.end() - 1].lower() in KNOWN_SCHEMES_IN_TEXT


def _joined(piece: str) -> tuple[str, str | None, bool]:
    """The characters of *piece* without whitespace; the same without the hyphens that
    end a line (None when there are none); whether whitespace was removed."""
    if not _WHITESPACE.search(piece):
        return piece, None, False
    url = _WHITESPACE.sub("", piece)
    alternative = None
    if _HYPHEN_AT_BREAK.search(piece):
        alternative = _WHITESPACE.sub("", _HYPHEN_AT_BREAK.sub("", piece))
    return url, alternative, True


class _Reading(NamedTuple):
    """The URL whose characters are ``text[start:end]``, as read."""

    url: str
    alternative: str | None
    had_space: bool
    refangs: tuple[Refang, ...]
    original: str | None

    def notes(self) -> list[str]:
        if not self.refangs:
            return []
        forms = ", ".join(dict.fromkeys(r.form for r in self.refangs))
        return [f"defanged ({forms}): re-fanged from {self.original}"]


def _read(
    text: str, start: int, end: int, scheme_end: int, *, spaced: bool = True, refang: bool = True
) -> _Reading:
    """The URL written in ``text[start:end]`` (its scheme ending at *scheme_end*): line
    break whitespace removed (unless not *spaced*), defanged forms re-fanged (unless not
    *refang*)."""
    changes = defanged_in(text, start, end, scheme_end) if refang else ()
    if not spaced:
        url = refanged(text, start, end, changes)
        return _Reading(url, None, False, changes, text[start:end] if changes else None)
    url, alternative, had_space = _joined(refanged(text, start, end, changes))
    original = _joined(text[start:end])[0] if changes else None
    return _Reading(url, alternative, had_space, changes, original)


class _Scanner:
    def __init__(self, text: str, *, refang: bool) -> None:
        self.text = text
        self.refang = refang
        self.last_end = 0  # end of the previous finding: nothing before it is reused
        self.closing = closing_quotes(text)

    # the value after "=" in markup -----------------------------------------------------

    def attribute(self, eq: int) -> Found | None:
        found = attribute_url(self.text, eq, self.closing)
        if found is None:
            return None
        return Found(
            url=found.url,
            span=found.span,
            url_span=found.url_span,
            form="attribute",
            notes=found.notes,
            findings=(found.finding,),
        )

    # <URL:...> and <...> ---------------------------------------------------------------

    def angle(self, lt: int) -> Found | None:
        text = self.text
        body = lt + 1
        prefix = _URL_PREFIX.match(text, body)
        form = "angle"
        if prefix is not None:
            form = "url-wrapper"
            body = prefix.end()
        m = _ANGLE_BODY.match(text, body)
        if m is None:
            return None
        start, end = m.span(1)
        if _BLANK_LINE.search(text, start, end):
            return None  # a paragraph break: not one URL
        # the scheme and its ":" come before any whitespace (so "<see http://x>" is
        # not "seehttp://x")
        head = _head(text, start, end)
        if head is None:
            return None
        read = _read(text, start, end, head, refang=self.refang)
        if not _scheme_ok(read.url, any_scheme=form == "url-wrapper"):
            return None
        notes: list[str] = []
        if form == "url-wrapper":
            notes.append(_NOTE_PREFIX)
        if read.had_space:
            notes.append(_NOTE_WHITESPACE)
        if read.alternative is not None:
            notes.append(_NOTE_HYPHEN)
        return _found(read, (lt, m.end()), (start, end), form, notes)

    # "..." --------------------------------------------------------------------------------

    def quoted(self, q: int) -> Found | None:
        text = self.text
        m = _QUOTED_BODY.match(text, q + 1)
        if m is None:
            return None
        start, end = m.span(1)
        head = _head(text, start, end)
        if head is None:
            return None
        read = _read(text, start, end, head, refang=self.refang)
        if not _scheme_ok(read.url, any_scheme=False):
            return None
        notes: list[str] = []
        if read.had_space:
            notes.append(
                "line breaks inside the quotes ignored (RFC 2396bis draft 2003 appendix E)"
            )
        if read.alternative is not None:
            notes.append(_NOTE_HYPHEN)
        return _found(read, (q, m.end()), (start, end), "quoted", notes)

    # bare ---------------------------------------------------------------------------------

    def scheme_start(self, colon: int) -> int | None:
        """Where the scheme before the ":" at *colon* starts, or None when no scheme
        (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) ends there.  A
        scheme glued to a preceding ASCII letter or digit is none ("3http:")."""
        text = self.text
        start = colon
        stop = self.last_end
        while start > stop and text[start - 1] in _SCHEME_CHARS:
            start -= 1
        while start < colon and text[start] in "+-.":
            start += 1
        if start == colon or text[start] not in _LETTERS:
            return None
        return start

    def bare(self, start: int, colon: int) -> Found | None:
        """The bare URL whose scheme is ``text[start:colon]``; *colon* is the index of
        its ":", or of the "[" of a defanged separator ("[:]", "[://]")."""
        text = self.text
        scheme = text[start:colon].lower()
        has_slashes = text.startswith("//", colon + 1) or (
            text[colon] == "[" and text.startswith(("[:]//", "[://]"), colon)
        )
        if not has_slashes and (
            scheme not in KNOWN_SCHEMES_IN_TEXT or (start > 0 and text[start - 1].isalnum())
        ):
            # without "//" only a known scheme, and not glued to a word of any script
            # ("注意nntp:URL" is prose about nntp URLs)
            return None
        end = _run_end(text, colon + 1)
        pieces = [(start, end)]
        # RFC 2396bis draft 2003 appendix E: a line break right after a hyphen: the URL goes on
        while end > colon + 1 and text[end - 1] == "-":
            gap = _HYPHEN_BREAK.match(text, end)
            if gap is None:
                break
            more = _run_end(text, gap.end())
            trimmed = _trim(text, gap.end(), more, "")
            if trimmed == gap.end():
                break  # nothing but punctuation on the next line
            pieces.append((gap.end(), more))
            end = more
        last_start, last_end = pieces[-1]
        earlier = "".join(text[a:b] for a, b in pieces[:-1])
        last_end = _trim(text, last_start, last_end, earlier)
        read = _read(text, start, last_end, colon, spaced=len(pieces) > 1, refang=self.refang)
        if not _scheme_ok(read.url, any_scheme=False):
            return None
        notes: list[str] = []
        if read.alternative is not None:
            notes.append(_NOTE_HYPHEN)
        span_start = start
        prefix_notes: list[str] = []
        # RFC 1738 appendix: "URL:" before a URL, with or without a space
        for back in (4, 5):
            p = start - back
            if (
                p >= self.last_end
                and _URL_PREFIX.fullmatch(text, p, start)
                and (p == 0 or not text[p - 1].isalnum())
            ):
                span_start = p
                prefix_notes.append(_NOTE_PREFIX)
                break
        return _found(read, (span_start, last_end), (start, last_end), "bare", prefix_notes + notes)


def _head(text: str, start: int, end: int) -> int | None:
    """Where the scheme that starts ``text[start:end]`` ends (at its ":" or at a
    defanged separator), before any whitespace; None when no scheme starts it (so
    "<see http://x>" is not "seehttp://x")."""
    first_ws = _WHITESPACE.search(text, start, end)
    m = _SCHEME_HEAD.match(text, start, end if first_ws is None else first_ws.start())
    return None if m is None else m.end(1)


def _found(
    read: _Reading, span: tuple[int, int], url_span: tuple[int, int], form: str, notes: list[str]
) -> Found:
    return Found(
        read.url,
        span,
        url_span,
        form,
        read.alternative,
        tuple(notes + read.notes()) if read.refangs else tuple(notes),
        refangs=read.refangs,
        original=read.original,
    )


def _run_end(text: str, pos: int) -> int:
    """The end of the run of a bare URL's characters that starts at *pos*."""
    n = len(text)
    while True:
        m = _BARE_RUN.match(text, pos)
        end = pos if m is None else m.end()
        if end == n or text[end] <= "\uffff" or _ASTRAL_BOUNDARY.match(text, end):
            return end
        pos = end + 1  # a character beyond the BMP that is no boundary: go on


def _trim(text: str, start: int, end: int, earlier: str) -> int:
    """The end of ``text[start:end]`` without trailing punctuation: sentence marks,
    and a ")" or "]" that closes nothing opened in the URL (RFC 2396bis draft 2003 appendix E)."""
    opened: dict[str, int] | None = None
    while end > start:
        c = text[end - 1]
        if c in _TRAILING or (c > "\x7f" and unicodedata.category(c) in _TRAILING_CATEGORIES):
            end -= 1
            continue
        opener = _CLOSERS.get(c)
        if opener is None:
            break
        if opened is None:
            whole = earlier + text[start:end]
            opened = {
                closer: whole.count(o) - whole.count(closer) for closer, o in _CLOSERS.items()
            }
        if opened[c] < 0:  # more closers than openers: this one belongs to the text
            opened[c] += 1
            end -= 1
            continue
        break
    return end


def extract(text: str, *, refang: bool = True, markup: bool = True) -> tuple[Found, ...]:
    """Every URL in *text*, in order, with its span; see the module's description.
    Defanged URLs come re-fanged, with :attr:`Found.refangs` saying what was replaced;
    with ``refang=False`` they are left as written (``hxxps://evil[.]com`` is found as
    it is, ``http[:]//evil[.]com`` not at all), for a view that must not make them
    followable.  With ``markup=False`` no value after an ``=`` is read as an
    ``attribute`` URL (``javascript:``, ``//host``), for a view that makes links of
    what it finds.

    Never raises for a ``str``; time linear in ``len(text)``.
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() takes a str, not {type(text).__name__}")
    scanner = _Scanner(text, refang=refang)
    starts = _START if markup else _START_NO_MARKUP
    found: list[Found] = []
    pos = 0
    search = starts.search
    while True:
        m = search(text, pos)
        if m is None:
            break
        i = m.start()
        c = text[i]
        if c == "<":
            hit = scanner.angle(i)
            nxt = i + 1
        elif c == "=":
            hit = scanner.attribute(i)
            nxt = i + 1
        elif c == '"':
            hit = scanner.quoted(i)
            nxt = i + 1
        else:
            # "http[:]//" and "http[://]": the scheme ends at the "[" (defanged)
            colon = i
            if i and text[i - 1] == "[" and refang and defanged_separator_at(text, i - 1):
                colon = i - 1
            start = scanner.scheme_start(colon)
            hit = None if start is None else scanner.bare(start, colon)
            nxt = i + 1
        if hit is None:
            pos = nxt
            continue
        found.append(hit)
        pos = scanner.last_end = hit.span[1]
    return tuple(found)
