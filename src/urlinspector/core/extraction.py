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
``<URL:...>`` wrapper any scheme.  A bare URL holds only the characters RFC 3986 §2
allows (ASCII); inside a wrapper any character but a control.  Relative references
are not extracted: without a base they name nothing.

The scan is one pass over the text: no character is examined more than a fixed
number of times, so big pastes take time linear in their size.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Any

from urlinspector.core.registry import DEFAULT_PORTS
from urlinspector.core.specific import KNOWN_SCHEMES

__all__ = ["FORMS", "KNOWN_SCHEMES_IN_TEXT", "Found", "extract"]

FORMS = ("url-wrapper", "angle", "quoted", "bare")

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
    """``url-wrapper`` (``<URL:...>``), ``angle`` (``<...>``), ``quoted`` or ``bare``."""
    alternative: str | None = None
    """The URL without the hyphen(s) found at line breaks inside it, which a typesetter
    may have added (URL syntax draft 1997 / RFC 2396bis draft 2003 appendix E); None when there were
    none."""
    notes: tuple[str, ...] = ()
    """What was done to read it (whitespace removed, a "URL:" prefix ...)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "span": list(self.span),
            "url_span": list(self.url_span),
            "form": self.form,
            "alternative": self.alternative,
            "notes": list(self.notes),
        }


# --- character classes -------------------------------------------------------------------

# RFC 3986 §2: unreserved, reserved and "%"
_URL_CHARS = string.ascii_letters + string.digits + "-._~" + ":/?#[]@" + "!$&'()*+,;=" + "%"
_BARE_RUN = re.compile("[" + re.escape(_URL_CHARS) + "]*+")
_SCHEME_CHARS = frozenset(string.ascii_letters + string.digits + "+-.")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*+:")

# Where a URL may start: "<", '"', or the ":" after a scheme (the scheme is found by
# looking back from the ":", which is faster than matching it at every word).
_START = re.compile(r'[<":]')
_LETTERS = frozenset(string.ascii_letters)

# Trailing characters that end sentences and clauses, not URLs (RFC 2396bis draft 2003 appendix E).
_TRAILING = frozenset(".,;:!?'")
_CLOSERS = {")": "(", "]": "["}

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


def _joined(text: str, start: int, end: int) -> tuple[str, str | None, bool]:
    """The characters of ``text[start:end]`` without whitespace; the same without the
    hyphens that end a line (None when there are none); whether whitespace was removed."""
    piece = text[start:end]
    if not _WHITESPACE.search(piece):
        return piece, None, False
    url = _WHITESPACE.sub("", piece)
    alternative = None
    if _HYPHEN_AT_BREAK.search(piece):
        alternative = _WHITESPACE.sub("", _HYPHEN_AT_BREAK.sub("", piece))
    return url, alternative, True


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.last_end = 0  # end of the previous finding: nothing before it is reused

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
        first_ws = _WHITESPACE.search(text, start, end)
        first_end = end if first_ws is None else first_ws.start()
        if _SCHEME.match(text, start, first_end) is None:
            return None
        url, alternative, had_space = _joined(text, start, end)
        if not _scheme_ok(url, any_scheme=form == "url-wrapper"):
            return None
        notes: list[str] = []
        if form == "url-wrapper":
            notes.append(_NOTE_PREFIX)
        if had_space:
            notes.append(_NOTE_WHITESPACE)
        if alternative is not None:
            notes.append(_NOTE_HYPHEN)
        return Found(url, (lt, m.end()), (start, end), form, alternative, tuple(notes))

    # "..." --------------------------------------------------------------------------------

    def quoted(self, q: int) -> Found | None:
        text = self.text
        m = _QUOTED_BODY.match(text, q + 1)
        if m is None:
            return None
        start, end = m.span(1)
        first_ws = _WHITESPACE.search(text, start, end)
        first_end = end if first_ws is None else first_ws.start()
        if _SCHEME.match(text, start, first_end) is None:
            return None
        url, alternative, had_space = _joined(text, start, end)
        if not _scheme_ok(url, any_scheme=False):
            return None
        notes: list[str] = []
        if had_space:
            notes.append(
                "line breaks inside the quotes ignored (RFC 2396bis draft 2003 appendix E)"
            )
        if alternative is not None:
            notes.append(_NOTE_HYPHEN)
        return Found(url, (q, m.end()), (start, end), "quoted", alternative, tuple(notes))

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
        text = self.text
        scheme = text[start:colon].lower()
        has_slashes = text.startswith("//", colon + 1)
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
        pieces[-1] = (last_start, last_end)
        url = earlier + text[last_start:last_end]
        if not _scheme_ok(url, any_scheme=False):
            return None
        alternative = None
        notes: list[str] = []
        if len(pieces) > 1:
            alternative = (
                "".join(text[a : b - 1] for a, b in pieces[:-1]) + text[last_start:last_end]
            )
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
        return Found(
            url,
            (span_start, last_end),
            (start, last_end),
            "bare",
            alternative,
            tuple(prefix_notes + notes),
        )


def _run_end(text: str, pos: int) -> int:
    """The end of the run of URL characters (RFC 3986 §2) that starts at *pos*."""
    m = _BARE_RUN.match(text, pos)
    return pos if m is None else m.end()


def _trim(text: str, start: int, end: int, earlier: str) -> int:
    """The end of ``text[start:end]`` without trailing punctuation: sentence marks,
    and a ")" or "]" that closes nothing opened in the URL (RFC 2396bis draft 2003 appendix E)."""
    opened: dict[str, int] | None = None
    while end > start:
        c = text[end - 1]
        if c in _TRAILING:
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


def extract(text: str) -> tuple[Found, ...]:
    """Every URL in *text*, in order, with its span; see the module's description.

    Never raises for a ``str``; time linear in ``len(text)``.
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() takes a str, not {type(text).__name__}")
    scanner = _Scanner(text)
    found: list[Found] = []
    pos = 0
    search = _START.search
    while True:
        m = search(text, pos)
        if m is None:
            break
        i = m.start()
        c = text[i]
        if c == "<":
            hit = scanner.angle(i)
            nxt = i + 1
        elif c == '"':
            hit = scanner.quoted(i)
            nxt = i + 1
        else:
            start = scanner.scheme_start(i)
            hit = None if start is None else scanner.bare(start, i)
            nxt = i + 1
        if hit is None:
            pos = nxt
            continue
        found.append(hit)
        pos = scanner.last_end = hit.span[1]
    return tuple(found)
