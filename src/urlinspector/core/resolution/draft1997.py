"""URL syntax draft 1997 §5.2: the string buffer of steps 1 to 7."""

from __future__ import annotations

from urlinspector.core.resolution.common import (
    _current_document,
    _Generic,
    _recompose,
    _same_scheme,
    _split_generic,
    _Target,
)
from urlinspector.core.resolution.draft2003 import (
    _remove_dot_slash,
    _remove_final_dot,
    _remove_final_segment_dotdot,
    _remove_segment_dotdot,
)
from urlinspector.core.resolution.rfc3986 import _FRAGMENT_NOT_PART, _drop_base_fragment
from urlinspector.core.resolution.trace import _Trace

_1997 = "URL syntax draft 1997 §5.2"


_1997_RULES = {
    "base": "The base URL is established according to the rules of Section 5.1 and parsed "
    "into the four main components as described in Section 4.4.  Note that only the "
    "scheme component is required to be present in the base URL; the other components "
    "may be empty or undefined. ... The base URL's query component is not used by the "
    "resolution algorithm and may be discarded.",
    "1": "The URL reference is parsed into the potential four components and fragment "
    "identifier, as described in Section 4.4.",
    "2": "If the path component is empty and the scheme, site, and query components are "
    "undefined, then it is a reference to the current document and we are done.",
    "3": "If the scheme component is defined, indicating that the reference starts with a "
    "scheme name, then the reference is interpreted as an absolute URL and we are done.  "
    "Otherwise, the reference URL's scheme is inherited from the base URL's scheme "
    "component.",
    "4": "If the site component is defined, then the reference is a network-path and we "
    "skip to step 7.  Otherwise, the reference URL's site is inherited from the base "
    "URL's site component, which will also be undefined if the URL scheme does not use "
    "a site component.",
    "5": 'If the path component begins with a slash character ("/"), then the reference is '
    "an absolute-path and we skip to step 7.",
    "6": "If this step is reached, then we are resolving a relative-path reference.  The "
    "relative path needs to be merged with the base URL's path.  Although there are many "
    "ways to do this, we will describe a simple method using a separate string buffer.",
    "6a": "All but the last segment of the base URL's path component is copied to the "
    "buffer.  In other words, any characters after the last (right-most) slash "
    "character, if any, are excluded.",
    "6b": "The reference's path component is appended to the buffer string.",
    "6c": 'If the reference\'s query component is defined, then a "?" character is '
    "appended to the buffer string, followed by the query component.",
    "6d": 'All occurrences of "./", where "." is a complete path segment, are removed from '
    "the buffer string.",
    "6e": 'If the buffer string ends with "." as a complete path segment, that "." is removed.',
    "6f": 'All occurrences of "<segment>/../", where <segment> is a complete path segment '
    'not equal to "..", are removed from the buffer string.  Removal of these path '
    "segments is performed iteratively, removing the leftmost matching pattern on each "
    "iteration, until no matching pattern remains.",
    "6g": 'If the buffer string ends with "<segment>/..", where <segment> is a complete '
    'path segment not equal to "..", that "<segment>/.." is removed.',
    "6h": 'If the buffer string contains a question-mark "?" character, then the reference '
    "URL's query component is the substring after the first (left-most) question-mark.  "
    "Otherwise, the reference URL's query component is set undefined.",
    "6i": "The reference URL's new path component is the buffer string up to, but not "
    "including, the first question-mark character or the end of the buffer string.",
    "7": "The resulting URL components, including any inherited from the base URL, are "
    "recombined to give the absolute form of the URL reference. ...\n"
    'result = ""\nif scheme is defined then\n   append scheme to result\n'
    '   append ":" to result\nif site is defined then\n   append "//" to result\n'
    "   append site to result\nappend path to result\n...",
}


def _resolve_1997(base: str, b: _Generic, ref: str, strict: bool, t: _Trace) -> _Target:
    rules = _1997_RULES
    t.step(
        "base",
        rules["base"],
        _1997,
        ("scheme", b.scheme),
        ("site", b.authority),
        ("path", b.path),
        ("query", b.query),
        ("fragment", b.fragment),
    )
    _drop_base_fragment(
        b, t, _FRAGMENT_NOT_PART["URL syntax draft 1997 §3"], "URL syntax draft 1997 §3", "base"
    )
    r = _split_generic(ref)

    def cite(n: str) -> str:
        return f"{_1997} step {n}"

    t.step(
        "1",
        rules["1"],
        cite("1"),
        ("scheme", r.scheme),
        ("site", r.authority),
        ("path", r.path),
        ("query", r.query),
        ("fragment", r.fragment),
    )
    if not strict and _same_scheme(r.scheme, b.scheme):
        t.note(
            "URL syntax draft 1997 has no non-strict reading: a scheme equal to the base's in a "
            "relative URL "
            "is 'a loophole in prior specifications of partial URLs' (URL syntax draft 1997 "
            "appendix C.2), so "
            "the reference is read as absolute"
        )
    if r.path == "" and r.scheme is None and r.authority is None and r.query is None:
        t.step("2", rules["2"], cite("2"), ("fragment", r.fragment))
        return _current_document(base, r.fragment)

    def step7(s: str | None, site: str | None, p: str, q: str | None) -> _Target:
        target = _recompose(s, site, p, q, r.fragment)
        t.step("7", rules["7"], cite("7"), ("result", target))
        return _Target(target, False)

    if r.scheme is not None:
        t.step("3", rules["3"], cite("3"), ("scheme", r.scheme))
        return step7(r.scheme, r.authority, r.path, r.query)
    t.step("3", rules["3"], cite("3"), ("scheme", b.scheme))
    if r.authority is not None:
        t.step("4", rules["4"], cite("4"), ("site", r.authority))
        return step7(b.scheme, r.authority, r.path, r.query)
    t.step("4", rules["4"], cite("4"), ("site", b.authority))
    if r.path.startswith("/"):
        t.step("5", rules["5"], cite("5"), ("path", r.path))
        return step7(b.scheme, b.authority, r.path, r.query)
    t.step("6", rules["6"], cite("6"))

    def step(n: str, buffer: str) -> str:
        t.step(n, rules[n], cite(n), ("buffer", buffer))
        return buffer

    buffer = step("6a", b.path[: b.path.rfind("/") + 1])
    buffer = step("6b", buffer + r.path)
    buffer = step("6c", buffer if r.query is None else f"{buffer}?{r.query}")
    buffer = step("6d", _remove_dot_slash(buffer))
    buffer = step("6e", _remove_final_dot(buffer))
    buffer = _remove_segment_dotdot(buffer, t, "6f", rules["6f"], cite("6f"), "buffer")
    buffer = step("6g", _remove_final_segment_dotdot(buffer))
    path, question, query_text = buffer.partition("?")
    query = query_text if question else None
    t.step("6h", rules["6h"], cite("6h"), ("query", query))
    t.step("6i", rules["6i"], cite("6i"), ("path", path))
    if r.query is not None and query != r.query:
        t.note(
            "the query was merged with the path before the dot segments were removed "
            "(URL syntax draft 1997 §5.2 step 6c), so its own '/./' or '/../' changed the result; "
            "RFC 2396bis draft 2003 §5.2 "
            "keeps the query apart"
        )
    if b.authority is not None and path and not path.startswith("/"):
        t.note(
            "the base has a site and an empty path, so step 6a copied nothing and step 7 "
            "joins site and path without a '/' between them; RFC 2396bis draft 2003 §5.2 merge "
            "step "
            "1 later "
            "copies a '/' for an empty base path"
        )
    return step7(b.scheme, b.authority, path, query)
