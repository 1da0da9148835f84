"""The characters of each component: what the edition's grammar does not allow there,
bad escapes, and the scheme name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from urlinspector.core._raw import AUTHORITY, FRAGMENT, PATH, QUERY, SCHEME, Regs
from urlinspector.core.checks import MAX_DIAGNOSTICS_PER_CODE, Findings
from urlinspector.core.grammar import BAD_ESCAPE
from urlinspector.core.lazytable import LazyTable
from urlinspector.core.model import Code, Span
from urlinspector.core.quoting import quoted
from urlinspector.core.specific import KNOWN_SCHEMES

if TYPE_CHECKING:
    from urlinspector.core.tables import EditionTables

__all__ = ["check_chars", "check_scheme", "check_tail"]


def _describe(chars: str) -> str:
    # quoted as they are: repr() would show a backslash as '\\' in every message
    shown = [
        (f'"{ch}"' if ch == "'" else f"'{ch}'")
        if ch.isprintable() and ch != " "
        else f"U+{ord(ch):04X}"
        for ch in chars[:8]
    ]
    more = "" if len(chars) <= 8 else f" and {len(chars) - 8} more"
    return ", ".join(shown) + more


def _escaped(chars: str) -> str:
    """The %HH form of *chars* in UTF-8; a lone surrogate from undecodable input
    (U+DC80..U+DCFF, Python's surrogateescape) stands for its original byte."""
    try:
        octets = chars[:8].encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # other lone surrogates: their UTF-8-like form
        octets = chars[:8].encode("utf-8", "surrogatepass")
    return "%" + octets.hex("%").upper()


_KIND_TEXT: Final[dict[str, tuple[Code, str]]] = {
    "control": ("control-char", "control character{s} {what} not allowed"),
    "space": ("space", "space{s} not allowed"),
    "non_ascii": ("non-ascii", "non-ASCII character{s} {what} not allowed"),
    "unwise": ("unwise-char", "unwise character{s} {what} not allowed"),
    "excluded": ("excluded-char", "excluded character{s} {what} not allowed"),
    "reserved": ("reserved-char", "reserved character{s} {what} not allowed"),
    "invalid": ("invalid-char", "character{s} {what} not allowed"),
}


def _one_char(kind_and_char: tuple[str, str]) -> tuple[Code, str]:
    kind, char = kind_and_char
    code, template = _KIND_TEXT[kind]
    return code, template.format(s="", what=_describe(char))


_KIND_ONE: Final[dict[tuple[str, str], tuple[Code, str]]] = LazyTable(_one_char)
"""The code and message of a run of one ASCII character, by kind and character, each
worked out when first met (there are 7 x 128; a run of the program meets few)."""


_KIND_RULE: Final = {"reserved": "reserved", "unwise": "excluded", "excluded": "excluded"}


def check_chars(
    text: str,
    span: Span,
    table: str,
    where: str,
    tables: EditionTables,
    out: Findings,
) -> None:
    start, end = span
    if start < 0 or start == end:
        return
    first_bad = tables.first_bad[table].search
    found = first_bad(text, start, end)
    if found is None and text.find("%", start, end) < 0:
        return  # (the commonest case)
    ed = tables.ed
    # each character the component may not hold starts a run of one of the kinds
    bad_run = tables.bad[table].match
    count = 0
    while found is not None:
        pos = found.start()
        if count >= MAX_DIAGNOSTICS_PER_CODE:
            out.add(
                "more-invalid-chars",
                "error",
                "syntax",
                (pos, end),
                f"more characters this {where} may not hold follow; "
                f"only the first {MAX_DIAGNOSTICS_PER_CODE} runs are listed",
                ed.cite("characters"),
            )
            break
        count += 1
        m = bad_run(text, pos, end)
        assert m is not None
        found = first_bad(text, m.end(), end)
        kind = m.lastgroup or "invalid"
        run = m.group()
        if len(run) == 1 and run < "\x80":  # (the commonest run: one ASCII character)
            code, msg = _KIND_ONE[kind, run]
            msg = f"{msg} in the {where}; escape as %{ord(run):02X}"
        else:
            code, template = _KIND_TEXT[kind]
            msg = template.format(s="s" if len(run) > 1 else "", what=_describe(run))
            msg = f"{msg} in the {where}; escape as {_escaped(run)}"
        ref = ed.cite(_KIND_RULE.get(kind, "characters"))
        out.add(code, "error", "syntax", m.span(), msg, ref)
    if text.find("%", start, end) >= 0:
        for count, m in enumerate(BAD_ESCAPE.finditer(text, start, end)):
            if count >= MAX_DIAGNOSTICS_PER_CODE:
                out.add(
                    "more-bad-escapes",
                    "error",
                    "escape",
                    (m.start(), end),
                    "more bad escapes follow; only the first "
                    f"{MAX_DIAGNOSTICS_PER_CODE} are listed",
                    ed.cite("escape"),
                )
                break
            shown = text[m.start() : m.start() + 3]
            out.add(
                "bad-escape",
                "error",
                "escape",
                (m.start(), min(m.start() + 3, end)),
                f"'%' must start an escape of two hex digits ('{shown}' is not one); "
                "write a literal '%' as %25",
                ed.cite("escape"),
            )


def check_scheme(text: str, span: Span, tables: EditionTables, out: Findings) -> None:
    start, end = span
    if start < 0:
        return
    scheme = text[start:end]
    if scheme in KNOWN_SCHEMES:
        return  # (a known scheme in lower case: nothing to say)
    ed = tables.ed
    lower = scheme.lower()
    if tables.scheme_name(lower) is None:
        out.add(
            "invalid-scheme",
            "error",
            "syntax",
            span,
            f"{quoted(scheme)} is not a scheme name (letters, digits, '+', '-', '.'; "
            "a letter first); a relative reference cannot have ':' in its first segment",
            ed.cite("scheme"),
        )
    elif scheme != lower and scheme.isascii():
        out.add(
            "scheme-uppercase",
            "info",
            "syntax",
            span,
            f"scheme {quoted(scheme)} is read as {quoted(lower)}: schemes are case-insensitive "
            "and written in lower case",
            ed.cite("scheme"),
        )


def check_tail(text: str, spans: Regs | list[Span], tables: EditionTables, out: Findings) -> None:
    """The characters of the path, the query and the fragment."""
    opaque = (
        spans[SCHEME][0] >= 0
        and spans[AUTHORITY][0] < 0
        and bool(tables.ed.opaque_chars)
        and not text.startswith("/", *spans[PATH])
    )
    check_chars(text, spans[PATH], "opaque" if opaque else "path", "path", tables, out)
    if spans[QUERY][0] >= 0:  # (most URLs have no query or fragment)
        check_chars(text, spans[QUERY], "query", "query", tables, out)
    if spans[FRAGMENT][0] >= 0:
        check_chars(text, spans[FRAGMENT], "fragment", "fragment", tables, out)
