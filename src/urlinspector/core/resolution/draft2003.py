"""RFC 2396bis draft 2003 §5.2: the pseudocode and the 8-step merge buffer."""

from __future__ import annotations

from urlinspector.core.resolution.common import (
    _current_document,
    _Generic,
    _recompose,
    _same_scheme,
    _split_generic,
    _Target,
)
from urlinspector.core.resolution.rfc3986 import (
    _FRAGMENT_NOT_PART,
    _base_step_3986,
    _drop_base_fragment,
)
from urlinspector.core.resolution.trace import _Trace

_2003 = "RFC 2396bis draft 2003 §5.2"


_2003_RULES = {
    "base": "The base URI is established according to the rules of Section 5.1 and parsed "
    "into the four main components as described in Section 3.  Note that only the scheme "
    "component is required to be present in the base URI; the other components may be "
    "empty or undefined. ... The base URI's query component is not used by the "
    "resolution algorithm and may be discarded.",
    "parse": "(R.scheme, R.authority, R.path, R.query, fragment) = parse(R);\n"
    "-- The URI reference is parsed into the four components and\n"
    "-- fragment identifier, as described in Section 4.3.",
    "non-validating": "if ((not validating) and (R.scheme == Base.scheme)) then\n"
    "   -- A non-validating parser may ignore a scheme in the\n"
    "   -- reference if it is identical to the base URI's scheme.\n"
    "   undefine(R.scheme);\nendif;",
    "scheme": "if defined(R.scheme) then\n   T.scheme = R.scheme;\n"
    "   T.authority = R.authority;\n   T.path = R.path;\n   T.query = R.query;",
    "authority": "else if defined(R.authority) then\n   T.authority = R.authority;\n"
    "   T.path = R.path;\n   T.query = R.query;\n...\nendif;\nT.scheme = Base.scheme;",
    "empty-path": 'else if (R.path == "") then\n   if defined(R.query) then\n'
    "      T.path = Base.path;\n      T.query = R.query;\n...\n"
    "T.authority = Base.authority;\nendif;\nT.scheme = Base.scheme;",
    "current-document": 'else if (R.path == "") then\n   if defined(R.query) then ... '
    "else\n      -- An empty reference refers to the current document\n"
    "      return (current-document, fragment);\n   endif;",
    "absolute-path": 'else if (R.path starts-with "/") then\n   T.path = R.path;\n...\n'
    "endif;\nT.query = R.query;\nendif;\nT.authority = Base.authority;\nendif;\n"
    "T.scheme = Base.scheme;",
    "relative-path": "else\n   T.path = merge(Base.path, R.path);\nendif;\n"
    "T.query = R.query;\nendif;\nT.authority = Base.authority;\nendif;\n"
    "T.scheme = Base.scheme;",
    "return": "return (T, fragment);",
    "merge 1": "All but the last segment of the base URI's path component is copied to the "
    "buffer.  In other words, any characters after the last (right-most) slash "
    "character, if any, are excluded.  If the base URI's path component is the empty "
    'string, then a single slash character ("/") is copied to the buffer.',
    "merge 2": "The reference's path component is appended to the buffer string.",
    "merge 3": 'All occurrences of "./", where "." is a complete path segment, are removed '
    "from the buffer string.",
    "merge 4": 'If the buffer string ends with "." as a complete path segment, that "." is '
    "removed.",
    # RFC 2396bis draft 2003's copy lost "<segment>" from steps 5 and 6 with its other
    # <placeholders>; the words are those of URL syntax draft 1997 §5.2 steps 6f and 6g (and
    # RFC 2396), which RFC 2396bis draft 2003 kept
    "merge 5": 'All occurrences of "<segment>/../", where <segment> is a complete path '
    'segment not equal to "..", are removed from the buffer string.  Removal of these '
    "path segments is performed iteratively, removing the leftmost matching pattern on "
    "each iteration, until no matching pattern remains.",
    "merge 6": 'If the buffer string ends with "<segment>/..", where <segment> is a '
    'complete path segment not equal to "..", that "<segment>/.." is removed.',
    "merge 7": "If the resulting buffer string still begins with one or more complete path "
    'segments of "..", then the reference is considered to be in error.  Implementations '
    "may handle this error by retaining these components in the resolved path (i.e., "
    "treating them as part of the final URI), by removing them from the resolved path "
    "(i.e., discarding relative levels above the root), or by avoiding traversal of the "
    "reference.",
    "merge 8": "The remaining buffer string is the target URI's path component.",
    "recompose": "The resulting target URI components and fragment can be recombined to "
    "provide the absolute form of the URI reference. ...\n"
    'result = ""\nif defined(T.scheme) then\n   append T.scheme to result;\n'
    '   append ":" to result;\nendif;\n...',
}


def _buffer_segments(buffer: str) -> tuple[str, list[str]]:
    """The buffer's leading "/" (its root, not a separator: URL syntax draft 1997 appendix A
    ``path = [ "/" ] path_segments``) and its complete path segments."""
    root = "/" if buffer.startswith("/") else ""
    return root, buffer[len(root) :].split("/")


def _remove_dot_slash(buffer: str) -> str:
    """Every "./" where "." is a complete path segment, removed (URL syntax draft 1997 §5.2 step 6d,
    RFC 2396bis draft 2003 merge step 3, RFC 1808 step 6a).  One pass is enough: what follows a
    removed "./" starts a segment, as the "./" did."""
    root, segments = _buffer_segments(buffer)
    last = len(segments) - 1
    return root + "/".join(s for k, s in enumerate(segments) if s != "." or k == last)


def _remove_final_dot(buffer: str) -> str:
    """A final "." complete path segment, removed (URL syntax draft 1997 step 6e,
    RFC 2396bis draft 2003 merge step 4)."""
    root, segments = _buffer_segments(buffer)
    if segments[-1] == ".":
        segments[-1] = ""
    return root + "/".join(segments)


def _remove_segment_dotdot(
    buffer: str, t: _Trace, label: str, rule: str, cite: str, name: str
) -> str:
    """ "<segment>/../" removed, leftmost first, until none is left (URL syntax draft 1997 step 6f,
    RFC 2396bis draft 2003 merge step 5, RFC 1808 step 6c), one traced step per removal.

    A stack gives the same removals in the same order: the segments kept so far hold
    no match, so the leftmost match is always at the next ".." whose segment before
    it is not "..".
    """
    root, segments = _buffer_segments(buffer)
    last = len(segments) - 1
    kept: list[str] = []
    removed = False
    for k, segment in enumerate(segments):
        if segment == ".." and k < last and kept and kept[-1] != "..":
            kept.pop()
            removed = True
            if t.recording:
                t.step(label, rule, cite, (name, root + "/".join(kept + segments[k + 1 :])))
            else:
                t.skip(1, cite)
        elif segment == "" and not kept and not root and k < last:
            root = "/"  # what is left of the buffer now begins with "/": its root
        else:
            kept.append(segment)
    if not removed:
        t.step(label, rule, cite, (name, buffer))
    return root + "/".join(kept)


def _remove_final_segment_dotdot(buffer: str) -> str:
    """A final "<segment>/.." removed (URL syntax draft 1997 step 6g, RFC 2396bis draft 2003 merge
    step 6, RFC 1808 6d)."""
    root, segments = _buffer_segments(buffer)
    if len(segments) >= 2 and segments[-1] == ".." and segments[-2] != "..":
        rest = segments[:-2]
        return root + "/".join(rest) + ("/" if rest else "")
    return buffer


def _begins_with_dotdot(buffer: str) -> bool:
    return _buffer_segments(buffer)[1][0] == ".."


def _resolve_2003(base: str, b: _Generic, ref: str, strict: bool, t: _Trace) -> _Target:
    rules = _2003_RULES
    _base_step_3986(b, t, _2003, rules["base"])
    _drop_base_fragment(
        b,
        t,
        _FRAGMENT_NOT_PART["RFC 2396bis draft 2003 §4.1"],
        "RFC 2396bis draft 2003 §4.1",
        "Base",
    )
    r = _split_generic(ref)
    t.step(
        "parse",
        rules["parse"],
        _2003,
        ("R.scheme", r.scheme),
        ("R.authority", r.authority),
        ("R.path", r.path),
        ("R.query", r.query),
        ("fragment", r.fragment),
    )
    scheme = r.scheme
    if not strict and _same_scheme(scheme, b.scheme):
        scheme = None
        t.step("non-validating", rules["non-validating"], _2003, ("R.scheme", None))
        t.note(
            f"non-validating: the reference's scheme {r.scheme}: is the base's, so it was "
            "ignored (RFC 2396bis draft 2003 §5.2; appendix C.2: allowed for backwards "
            "compatibility)"
        )

    def done(
        branch: str, s: str | None, a: str | None, p: str, q: str | None, merge: bool = False
    ) -> _Target:
        if merge:  # the branch, then how merge() built its T.path
            if t.on:
                p = _merge_2003(b.path, r.path, _Trace(False))
            else:
                p = _merge_2003(b.path, r.path, t)
        t.step(
            branch,
            rules[branch],
            _2003,
            ("T.scheme", s),
            ("T.authority", a),
            ("T.path", p),
            ("T.query", q),
        )
        if merge and t.on:
            _merge_2003(b.path, r.path, t)
        t.step("return", rules["return"], _2003, ("fragment", r.fragment))
        target = _recompose(s, a, p, q, r.fragment)
        t.step("recompose", rules["recompose"], _2003, ("result", target))
        return _Target(target, False)

    if scheme is not None:
        return done("scheme", scheme, r.authority, r.path, r.query)
    if r.authority is not None:
        return done("authority", b.scheme, r.authority, r.path, r.query)
    if r.path == "":
        if r.query is not None:
            return done("empty-path", b.scheme, b.authority, b.path, r.query)
        t.step("current-document", rules["current-document"], _2003, ("fragment", r.fragment))
        return _current_document(base, r.fragment)
    if r.path.startswith("/"):
        return done("absolute-path", b.scheme, b.authority, r.path, r.query)
    return done("relative-path", b.scheme, b.authority, "", r.query, merge=True)


def _merge_2003(base_path: str, ref_path: str, t: _Trace) -> str:
    """RFC 2396bis draft 2003 §5.2: the merge routine's string buffer, steps 1 to 8."""
    rules = _2003_RULES

    def step(n: int, buffer: str) -> str:
        t.step(f"merge {n}", rules[f"merge {n}"], f"{_2003} merge step {n}", ("buffer", buffer))
        return buffer

    buffer = step(1, base_path[: base_path.rfind("/") + 1] if base_path else "/")
    buffer = step(2, buffer + ref_path)
    buffer = step(3, _remove_dot_slash(buffer))
    buffer = step(4, _remove_final_dot(buffer))
    buffer = _remove_segment_dotdot(
        buffer, t, "merge 5", rules["merge 5"], f"{_2003} merge step 5", "buffer"
    )
    buffer = step(6, _remove_final_segment_dotdot(buffer))
    if _begins_with_dotdot(buffer):
        step(7, buffer)
        t.note(
            'the path still begins with ".." above the root: RFC 2396bis draft 2003 calls the '
            "reference "
            "in error and lets implementations choose; these segments are retained "
            "(RFC 2396bis draft 2003 §5.2 merge step 7; appendix C.2 prints ../../../g as "
            "http://a/../g)"
        )
    return step(8, buffer)
