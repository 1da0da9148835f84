"""Characters a reader cannot see, or that reorder what a reader sees: the bidi
controls (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C) and every other
Default_Ignorable_Code_Point (zero-width characters, U+FEFF, the tag characters
U+E0000..U+E007F, variation selectors, fillers), anywhere in a URL.

``https://files.example.com/invoice<U+202E>fdp.exe`` is shown by every text renderer
as ``invoiceexe.pdf``: the Unicode Bidirectional Algorithm (UAX #9) lays the
characters after the override out right to left.  Each run of such characters is a
``hidden-char`` security warning naming each code point and what a reader sees
instead, computed by ICU's implementation of the algorithm on an LTR paragraph (as an
address bar lays a URL out), with the invisible characters dropped.

The same characters percent-encoded in the path, the query or the fragment
(``%E2%80%AE``) do not hide anything in the URL's own text, where the escape shows;
they take effect wherever the component is shown decoded.  In the path that is a file
name: a download is saved under its last segment decoded, and file managers show
``invoice<U+202E>fdp.exe`` as ``invoiceexe.pdf``; so an escape in the path is a
warning.  In the query and the fragment, which are decoded by the server or a page's
script and shown by them if at all, it is a note (``encoded-hidden-char``).

A lone surrogate (U+D800..U+DFFF) is no character at all: what Python keeps of an
octet that is not UTF-8 (U+DC80..U+DCFF, its ``surrogateescape``), or half of a UTF-16
pair.  No text holds one, so none is shown or sent as written: each run is a
``lone-surrogate`` warning, and what a reader sees has U+FFFD in its place.

The character data (Default_Ignorable_Code_Point, Bidi_Control, the names) is ICU's,
loaded on the first URL that holds a non-ASCII character or such an escape, not with
the parser.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Final
from urllib.parse import unquote

from urlinspector.core.model import (
    COMPONENT_NAMES,
    FRAGMENT,
    HOST,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    URI,
    USERINFO,
    Severity,
    Span,
    Spans,
)
from urlinspector.core.quoting import quoted

if TYPE_CHECKING:
    from urlinspector.core.checks import Findings
    from urlinspector.core.editions import Edition

__all__ = [
    "ESCAPE_MAY_HIDE",
    "char_name",
    "displayed",
    "hidden_findings",
    "is_bidi_control",
    "is_hidden",
]

ESCAPE_MAY_HIDE: Final = re.compile(r"%(?:C2|CD|D8|E[0-3]|EF|F0|F3)%", re.IGNORECASE)
"""The first two escapes of the UTF-8 form of every Default_Ignorable_Code_Point
(U+00AD: C2; U+034F: CD; U+061C: D8; U+115F..U+3164: E1..E3; U+FE00..U+FFF8: EF;
U+1BCA0, U+1D173: F0; U+E0000..U+E0FFF: F3): a URL without one holds no encoded hidden
character, and :func:`hidden_findings` looks no further."""

_COMPONENTS: Final = (USERINFO, HOST, PORT, PATH, QUERY, FRAGMENT, SCHEME)
"""Where a hidden character may stand, the innermost first (the userinfo and host
are inside the authority)."""

_ENCODED_SEVERITY: Final[dict[int, Severity]] = {PATH: "warning", QUERY: "info", FRAGMENT: "info"}
"""The components whose escapes are decoded here, and how much an encoded hidden
character matters in each (see the module description)."""

_ESCAPES: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_NAMED: Final = 4
"""Code points named in one message; the rest of a run are counted."""
_SHOWN: Final = 100
"""Characters of a component quoted in a message (before and as shown)."""
_DISPLAYED: Final = 16
"""Findings of one kind in a URL whose message shows how the URL is displayed.  The
display is worked out over the rest of the URL (the bidi algorithm reorders up to the
end of the line), so on a text of thousands of hidden characters every further
finding names its characters only: showing each would cost time in the square of the
URL's length (minutes for 64 KiB)."""
_SURROGATES: Final = re.compile("[\ud800-\udfff]+")
_SURROGATE_REFERENCE: Final = "The Unicode Standard §3.9 (D76, D91); RFC 3629 §3"
_BIDI_REFERENCE: Final = "UTS #39 §3.1 (Bidi_Control), Unicode Bidirectional Algorithm"
_IGNORABLE_REFERENCE: Final = "UTS #39 §3.1 (Default_Ignorable_Code_Point)"


@lru_cache(maxsize=1)
def _sets() -> tuple[object, object, re.Pattern[str]]:
    """ICU's sets of the hidden characters and of the bidi controls, and a regex of
    runs of hidden characters built from the first one's ranges."""
    import icu  # (loaded on the first URL that needs it, not with the parser)

    hidden = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Bidi_Control:]]")
    bidi = icu.UnicodeSet("[:Bidi_Control:]")
    hidden.freeze()
    bidi.freeze()
    ranges = "".join(
        f"{re.escape(str(hidden.getRangeStart(i)))}-{re.escape(str(hidden.getRangeEnd(i)))}"
        for i in range(hidden.getRangeCount())
    )
    return hidden, bidi, re.compile(f"[{ranges}]+")


@lru_cache(maxsize=512)
def is_hidden(char: str) -> bool:
    """Whether *char* (one character) is a Default_Ignorable_Code_Point or a
    Bidi_Control: shown as nothing, or only by what it does to its neighbours."""
    if char < "\xad":
        return False
    hidden, _, _ = _sets()
    return bool(hidden.contains(char))  # type: ignore[attr-defined]


def is_bidi_control(char: str) -> bool:
    """Whether *char* is a Bidi_Control (it reorders the text around it)."""
    _, bidi, _ = _sets()
    return bool(bidi.contains(char))  # type: ignore[attr-defined]


@lru_cache(maxsize=512)
def char_name(char: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE`` (the code point alone for one without a
    name, e.g. an unassigned default-ignorable one)."""
    import icu

    name = str(icu.Char.charName(char))
    code = f"U+{ord(char):04X}"
    return f"{code} {name}" if name else code


def displayed(text: str) -> str:
    """*text* as a reader sees it: laid out in visual order by the Unicode
    Bidirectional Algorithm in a left-to-right paragraph (ICU's ``ubidi``; bracket
    pairs mirrored), with the bidi controls and every other invisible character
    left out; a lone surrogate, which no text can hold, is shown as U+FFFD (ICU would
    pair or part surrogates as it reorders them, and give back no text)."""
    import icu

    text = _SURROGATES.sub(lambda m: "\ufffd" * len(m.group()), text)
    bidi = icu.Bidi()
    para = icu.UnicodeString(text)  # (ubidi reads it in place: kept alive until written)
    bidi.setPara(para, 0)  # paragraph level 0: LTR, as an address bar
    shown = str(bidi.writeReordered(icu.Bidi.DO_MIRRORING | icu.Bidi.REMOVE_BIDI_CONTROLS))
    del para
    return "".join(c for c in shown if not is_hidden(c))


def _where(spans: Spans, pos: int) -> int:
    for index in _COMPONENTS:
        start, end = spans[index]
        if start <= pos < end:
            return index
    return URI


def _names(chars: str) -> str:
    named = ", ".join(char_name(c) for c in chars[:_NAMED])
    return named if len(chars) <= _NAMED else f"{named} and {len(chars) - _NAMED} more"


def _what_it_does(chars: str) -> str:
    if any(is_bidi_control(c) for c in chars):
        return "reorders what follows it" if len(chars) == 1 else "reorder what follows them"
    return "is invisible" if len(chars) == 1 else "are invisible"


def _reference(chars: str, ed: Edition) -> str:
    own = _BIDI_REFERENCE if any(is_bidi_control(c) for c in chars) else _IGNORABLE_REFERENCE
    return f"{ed.cite('semantic-attack')}; {own}"


def _window(text: str, start: int, end: int, at: int) -> str:
    """``text[start:end]``, from a little before *at* when it is far in."""
    if at - start > _SHOWN // 2:
        return "…" + text[at - _SHOWN // 3 : end]
    return text[start:end]


def hidden_findings(text: str, spans: Spans, ed: Edition, out: Findings) -> None:
    """A finding for each run of hidden characters in the URL, and for each encoded
    one in the path, query or fragment (see the module description)."""
    u0, u1 = spans[URI]
    if not text.isascii():
        _literal(text, spans, u0, u1, ed, out)
        _surrogate_findings(text, spans, u0, u1, out)
    if "%" in text and ESCAPE_MAY_HIDE.search(text, u0, u1):
        count = 0
        for index, severity in _ENCODED_SEVERITY.items():
            start, end = spans[index]
            if start >= 0 and ESCAPE_MAY_HIDE.search(text, start, end):
                count = _encoded(text, index, (start, end), severity, ed, out, count)


def _shown_as(written: str, count: int) -> str:
    """How *written* is shown, for the first :data:`_DISPLAYED` findings (*count*
    those made before); after them, where to read it."""
    if count < _DISPLAYED:
        return f"{quoted(written, _SHOWN)} is shown as {quoted(displayed(written), _SHOWN)}"
    return f"how it is shown, the first {_DISPLAYED} findings of its kind say"


def _literal(text: str, spans: Spans, u0: int, u1: int, ed: Edition, out: Findings) -> None:
    _, _, runs = _sets()
    for count, m in enumerate(runs.finditer(text, u0, u1)):
        pos, run_end = m.span()
        run = m.group()
        index = _where(spans, pos)
        c_start = spans[index][0] if index != URI else u0
        # the bidi algorithm reorders up to the end of the line: the rest of the URL
        written = _window(text, c_start, u1, pos) if count < _DISPLAYED else ""
        where = COMPONENT_NAMES[index] if index != URI else "URL"
        out.add(
            "hidden-char",
            "warning",
            "security",
            (pos, run_end),
            f"{_names(run)} in the {where} {_what_it_does(run)}: {_shown_as(written, count)}",
            _reference(run, ed),
        )


def _surrogate_findings(text: str, spans: Spans, u0: int, u1: int, out: Findings) -> None:
    """A warning for each run of lone surrogates in the URL."""
    for m in _SURROGATES.finditer(text, u0, u1):
        run = m.group()
        index = _where(spans, m.start())
        where = COMPONENT_NAMES[index] if index != URI else "URL"
        names = ", ".join(f"U+{ord(c):04X}" for c in run[:_NAMED])
        if len(run) > _NAMED:
            names += f" and {len(run) - _NAMED} more"
        one = len(run) == 1
        octet = "an octet that is not UTF-8" if one else "octets that are not UTF-8"
        if all(0xDC80 <= ord(c) <= 0xDCFF for c in run):
            what = f"{octet}, as Python keeps undecodable input"
        else:
            what = f"{'half of a UTF-16 pair' if one else 'halves of UTF-16 pairs'}, or {octet}"
        verb = "is a lone surrogate" if one else "are lone surrogates"
        out.add(
            "lone-surrogate",
            "warning",
            "security",
            m.span(),
            f"{names} in the {where} {verb}, no character: {what}; no text holds "
            "one, so it is shown as U+FFFD and cannot be sent as written",
            _SURROGATE_REFERENCE,
        )


def _encoded(
    text: str,
    index: int,
    span: Span,
    severity: Severity,
    ed: Edition,
    out: Findings,
    count: int,
) -> int:
    """The findings on the escapes of hidden characters in the component at *index*
    (*span*); *count* such findings were made before.  Returns the count after."""
    where = COMPONENT_NAMES[index]
    start, end = span
    for m in _ESCAPES.finditer(text, start, end):
        octets = bytes.fromhex(m.group().replace("%", ""))
        for (a, b), char in _decoded_chars(octets):
            if not is_hidden(char):
                continue
            at: Span = (m.start() + 3 * a, m.start() + 3 * b)
            if count < _DISPLAYED:
                decoded = unquote(_window(text, start, end, at[0]), errors="replace")
                shown = f", {_shown_as(decoded, count)}"
            else:
                shown = f"; {_shown_as('', count)}"
            out.add(
                "encoded-hidden-char",
                severity,
                "security",
                at,
                f"{text[at[0] : at[1]]} in the {where} decodes to {char_name(char)}, "
                f"which {_what_it_does(char)}: "
                f"wherever the {where} is shown decoded"
                + (" (a download's file name)" if index == PATH else "")
                + shown,
                _reference(char, ed),
            )
            count += 1
    return count


def _decoded_chars(octets: bytes) -> list[tuple[tuple[int, int], str]]:
    """The characters the UTF-8 *octets* decode to, each with the octets it takes
    (``(first, end)``); an octet that starts no valid sequence is skipped."""
    found: list[tuple[tuple[int, int], str]] = []
    i = 0
    while i < len(octets):
        lead = octets[i]
        size = 1 if lead < 0xC0 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
        try:
            char = octets[i : i + size].decode("utf-8")
        except UnicodeDecodeError:
            i += 1
            continue
        found.append(((i, i + size), char))
        i += size
    return found
