"""RFC 1808 §4, for RFC 1738, which leaves relative URLs out: RFC 1808, of the same
years, defined them."""

from __future__ import annotations

import re
from typing import NamedTuple

from urlinspector.core.resolution.common import _same_scheme, _Target
from urlinspector.core.resolution.draft2003 import (
    _begins_with_dotdot,
    _remove_dot_slash,
    _remove_final_dot,
    _remove_final_segment_dotdot,
    _remove_segment_dotdot,
)
from urlinspector.core.resolution.results import Values
from urlinspector.core.resolution.trace import _Trace

_1808 = "RFC 1808 §4"


_1808_SCHEME = re.compile(r"[A-Za-z0-9+.\-]+(?=:)")


_1808_NOTE = (
    "RFC 1738 leaves relative URLs out; they are resolved here by RFC 1808, "
    '"Relative Uniform Resource Locators" (June 1995), the relative-URL RFC of that era'
)


_1808_RULES = {
    "1": "The base URL is established according to the rules of Section 3.  If the base "
    "URL is the empty string (unknown), the embedded URL is interpreted as an absolute "
    "URL and we are done.",
    "2": "Both the base and embedded URLs are parsed into their component parts as "
    "described in Section 2.4.",
    "2a": "If the embedded URL is entirely empty, it inherits the entire base URL (i.e., "
    "is set equal to the base URL) and we are done.",
    "2b": "If the embedded URL starts with a scheme name, it is interpreted as an absolute "
    "URL and we are done.",
    "2c": "Otherwise, the embedded URL inherits the scheme of the base URL.",
    "3": "If the embedded URL's <net_loc> is non-empty, we skip to Step 7.  Otherwise, the "
    "embedded URL inherits the <net_loc> (if any) of the base URL.",
    "4": 'If the embedded URL path is preceded by a slash "/", the path is not relative '
    "and we skip to Step 7.",
    "5": "If the embedded URL path is empty (and not preceded by a slash), then the "
    "embedded URL inherits the base URL path, and",
    "5a": "if the embedded URL's <params> is non-empty, we skip to step 7; otherwise, it "
    "inherits the <params> of the base URL (if any) and",
    "5b": "if the embedded URL's <query> is non-empty, we skip to step 7; otherwise, it "
    "inherits the <query> of the base URL (if any) and we skip to step 7.",
    "6": 'The last segment of the base URL\'s path (anything following the rightmost slash "/", '
    "or the entire path if no slash is present) is removed and the embedded URL's path "
    "is appended in its place.",
    "6a": 'All occurrences of "./", where "." is a complete path segment, are removed.',
    "6b": 'If the path ends with "." as a complete path segment, that "." is removed.',
    "6c": 'All occurrences of "<segment>/../", where <segment> is a complete path segment '
    'not equal to "..", are removed.  Removal of these path segments is performed '
    "iteratively, removing the leftmost matching pattern on each iteration, until no "
    "matching pattern remains.",
    "6d": 'If the path ends with "<segment>/..", where <segment> is a complete path '
    'segment not equal to "..", that "<segment>/.." is removed.',
    "7": "The resulting URL components, including any inherited from the base URL, are "
    "recombined to give the absolute form of the embedded URL.",
}


class _Parts1808(NamedTuple):
    """RFC 1808 §2.4: each part, or None where its delimiter is absent (1808 calls an
    absent part empty; the difference is kept only to recombine the text as written)."""

    scheme: str | None
    net_loc: str | None
    path: str
    params: str | None
    query: str | None
    fragment: str | None


def _split_1808(text: str) -> _Parts1808:
    """RFC 1808 §2.4.1-2.4.6, in the order the rules are applied."""
    rest, hash_sign, fragment = text.partition("#")  # 2.4.1
    m = _1808_SCHEME.match(rest)  # 2.4.2: a colon after the first character
    scheme = None
    if m:
        scheme, rest = m.group(), rest[m.end() + 1 :]
    net_loc = None
    if rest.startswith("//"):  # 2.4.3: up to the next "/"
        slash = rest.find("/", 2)
        net_loc, rest = (rest[2:], "") if slash < 0 else (rest[2:slash], rest[slash:])
    rest, question, query = rest.partition("?")  # 2.4.4
    rest, semicolon, params = rest.partition(";")  # 2.4.5
    return _Parts1808(  # 2.4.6: the path keeps the slash that may precede it
        scheme,
        net_loc,
        rest,
        params if semicolon else None,
        query if question else None,
        fragment if hash_sign else None,
    )


def _recompose_1808(p: _Parts1808) -> str:
    result = "" if p.scheme is None else p.scheme + ":"
    if p.net_loc is not None:
        result += "//" + p.net_loc
        if p.path and not p.path.startswith("/"):
            result += "/"  # 1808 §2.2: net_path = "//" net_loc [ abs_path ]
    result += p.path
    if p.params is not None:
        result += ";" + p.params
    if p.query is not None:
        result += "?" + p.query
    if p.fragment is not None:
        result += "#" + p.fragment
    return result


def _values_1808(p: _Parts1808) -> Values:
    return (
        ("<scheme>", p.scheme),
        ("<net_loc>", p.net_loc),
        ("<path>", p.path),
        ("<params>", p.params),
        ("<query>", p.query),
        ("<fragment>", p.fragment),
    )


def _resolve_1808(base: str, b: _Parts1808, ref: str, strict: bool, t: _Trace) -> _Target:
    rules = _1808_RULES
    t.note(_1808_NOTE)

    def cite(n: str) -> str:
        return f"{_1808} step {n}"

    t.step("1", rules["1"], cite("1"), ("base URL", base))
    e = _split_1808(ref)
    t.step("2", rules["2"], cite("2") + "; §2.4", *_values_1808(e))
    same_document = ref == "" or ref.startswith("#")
    if not strict and _same_scheme(e.scheme, b.scheme):
        t.note(
            "RFC 1808 has no non-strict reading: a scheme equal to the base's is 'a "
            "loophole in prior specifications of partial URLs' to be avoided (RFC 1808 "
            "§5.2), so the reference is read as absolute"
        )

    def step7(p: _Parts1808) -> _Target:
        target = _recompose_1808(p)
        t.step("7", rules["7"], cite("7"), ("result", target))
        return _Target(target, same_document)

    if ref == "":
        t.step("2a", rules["2a"], cite("2a"), ("result", base))
        return _Target(base, True)
    if e.scheme is not None:
        t.step("2b", rules["2b"], cite("2b"), ("<scheme>", e.scheme))
        return step7(e)
    e = e._replace(scheme=b.scheme)
    t.step("2c", rules["2c"], cite("2c"), ("<scheme>", e.scheme))
    if e.net_loc:
        t.step("3", rules["3"], cite("3"), ("<net_loc>", e.net_loc))
        return step7(e)
    e = e._replace(net_loc=b.net_loc)
    t.step("3", rules["3"], cite("3"), ("<net_loc>", e.net_loc))
    if e.path.startswith("/"):
        t.step("4", rules["4"], cite("4"), ("<path>", e.path))
        return step7(e)
    if e.path == "":
        e = e._replace(path=b.path)
        t.step("5", rules["5"], cite("5"), ("<path>", e.path))
        if e.params:
            t.step("5a", rules["5a"], cite("5a"), ("<params>", e.params))
            return step7(e)
        e = e._replace(params=b.params)
        t.step("5a", rules["5a"], cite("5a"), ("<params>", e.params))
        if not e.query:
            e = e._replace(query=b.query)
        t.step("5b", rules["5b"], cite("5b"), ("<query>", e.query))
        return step7(e)
    path = b.path[: b.path.rfind("/") + 1] + e.path
    t.step("6", rules["6"], cite("6"), ("path", path))
    path = _remove_dot_slash(path)
    t.step("6a", rules["6a"], cite("6a"), ("path", path))
    path = _remove_final_dot(path)
    t.step("6b", rules["6b"], cite("6b"), ("path", path))
    path = _remove_segment_dotdot(path, t, "6c", rules["6c"], cite("6c"), "path")
    path = _remove_final_segment_dotdot(path)
    t.step("6d", rules["6d"], cite("6d"), ("path", path))
    if path.startswith("/") and _begins_with_dotdot(path):
        t.note(
            'more ".." segments than the base path has levels: RFC 1808 keeps them '
            "(§5.2: ../../../g is http://a/../g)"
        )
    return step7(e._replace(path=path))
