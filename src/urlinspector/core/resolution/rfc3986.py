"""RFC 3986 §5.2: transform references, merge, remove_dot_segments; and the lean
untraced route, which gives the same target without the trace's bookkeeping."""

from __future__ import annotations

import functools

from urlinspector.core.resolution.common import (
    _SPLIT,
    _Generic,
    _recompose,
    _same_scheme,
    _split_generic,
    _Target,
)
from urlinspector.core.resolution.dot_segments import (
    _rds_buffers,
    _rds_stack,
    _rds_traced,
    remove_dot_segments,
)
from urlinspector.core.resolution.results import Resolution
from urlinspector.core.resolution.trace import _Trace

_3986_RULES = {
    "base": "The base URI (Base) is established according to the procedure of Section 5.1 "
    "and parsed into the five main components described in Section 3.  Note that only "
    "the scheme component is required to be present in a base URI; the other components "
    "may be empty or undefined.",
    "base-fragment": "If the base URI is obtained from a URI reference, then that "
    "reference must be converted to absolute form and stripped of any fragment "
    "component prior to its use as a base URI.",
    "parse": "-- The URI reference is parsed into the five URI components\n"
    "(R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R);",
    "non-strict": "-- A non-strict parser may ignore a scheme in the reference if it is "
    "identical to the base URI's scheme.\n"
    "if ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme); endif;",
    "scheme": "if defined(R.scheme) then\n   T.scheme = R.scheme;\n   T.authority = "
    "R.authority;\n   T.path = remove_dot_segments(R.path);\n   T.query = R.query;",
    "authority": "else if defined(R.authority) then\n   T.authority = R.authority;\n"
    "   T.path = remove_dot_segments(R.path);\n   T.query = R.query;\n"
    "...\nendif;\nT.scheme = Base.scheme;",
    "empty-path": 'else if (R.path == "") then\n   T.path = Base.path;\n'
    "   if defined(R.query) then T.query = R.query; else T.query = Base.query; endif;\n"
    "...\nT.authority = Base.authority;\nendif;\nT.scheme = Base.scheme;",
    "absolute-path": 'else if (R.path starts-with "/") then\n'
    "   T.path = remove_dot_segments(R.path);\n...\nendif;\nT.query = R.query;\nendif;\n"
    "T.authority = Base.authority;\nendif;\nT.scheme = Base.scheme;",
    "relative-path": "else\n   T.path = merge(Base.path, R.path);\n"
    "   T.path = remove_dot_segments(T.path);\nendif;\nT.query = R.query;\nendif;\n"
    "T.authority = Base.authority;\nendif;\nT.scheme = Base.scheme;",
    "fragment": "T.fragment = R.fragment;",
    "merge-empty": "If the base URI has a defined authority component and an empty path, "
    'then return a string consisting of "/" concatenated with the reference\'s path',
    "merge": "return a string consisting of the reference's path component appended to "
    "all but the last segment of the base URI's path (i.e., excluding any characters "
    'after the right-most "/" in the base URI path, or excluding the entire base URI '
    'path if it does not contain any "/" characters).',
    "recompose": "Parsed URI components can be recomposed to obtain the corresponding URI "
    "reference string. ...\n"
    'result = ""\nif defined(scheme) then\n   append scheme to result;\n'
    '   append ":" to result;\nendif;\nif defined(authority) then\n'
    '   append "//" to result;\n   append authority to result;\nendif;\n'
    "append path to result;\n...",
}


def _base_step_3986(b: _Generic, t: _Trace, cite: str, rule: str) -> None:
    t.step(
        "base",
        rule,
        cite,
        ("Base.scheme", b.scheme),
        ("Base.authority", b.authority),
        ("Base.path", b.path),
        ("Base.query", b.query),
        ("Base.fragment", b.fragment),
    )


_FRAGMENT_NOT_PART = {
    "URL syntax draft 1997 §3": "When a URL reference is used to perform a retrieval action on the "
    "identified "
    "resource, the optional fragment identifier, separated from the URL by a crosshatch "
    '("#") character, consists of additional reference information to be interpreted by '
    "the user agent after the retrieval action has been successfully completed.  As such, "
    "it is not part of a URL, but is often used in conjunction with a URL.",
    "RFC 2396bis draft 2003 §4.1": "When a URI reference is used to perform a retrieval action on "
    "the "
    "identified resource, the optional fragment identifier, separated from the URI by a "
    'crosshatch ("#") character, consists of additional reference information to be '
    "interpreted by the user agent after the retrieval action has been successfully "
    "completed.  As such, it is not part of a URI, but is often used in conjunction with "
    "a URI.",
}


def _drop_base_fragment(b: _Generic, t: _Trace, rule: str, cite: str, name: str) -> None:
    if b.fragment is not None:
        t.step("base", rule, cite, (f"{name}.fragment", None))
        t.note(f"the base's fragment #{b.fragment} is not part of the base ({cite})")


def _resolve_rfc3986(base: str, b: _Generic, ref: str, strict: bool, t: _Trace) -> _Target:
    rules = _3986_RULES
    _base_step_3986(b, t, "RFC 3986 §5.2.1", rules["base"])
    _drop_base_fragment(b, t, rules["base-fragment"], "RFC 3986 §5.1", "Base")
    r = _split_generic(ref)
    cite = "RFC 3986 §5.2.2"
    t.step(
        "parse",
        rules["parse"],
        cite,
        ("R.scheme", r.scheme),
        ("R.authority", r.authority),
        ("R.path", r.path),
        ("R.query", r.query),
        ("R.fragment", r.fragment),
    )
    scheme = r.scheme
    if not strict and _same_scheme(scheme, b.scheme):
        scheme = None
        t.step("non-strict", rules["non-strict"], cite, ("R.scheme", None))
        t.note(
            f"non-strict: the reference's scheme {r.scheme}: is the base's, so it was "
            "ignored (RFC 3986 §5.2.2; §5.4.2 calls this a loophole kept for backward "
            "compatibility)"
        )
    same_document = scheme is None and r.authority is None and r.path == "" and r.query is None
    merged: str | None = None
    merge_rule = "merge"
    t_scheme: str | None
    t_authority: str | None
    t_query: str | None
    if scheme is not None:
        branch, t_scheme, t_authority, t_query = "scheme", scheme, r.authority, r.query
    elif r.authority is not None:
        branch, t_scheme, t_authority, t_query = "authority", b.scheme, r.authority, r.query
    elif r.path == "":
        t_query = r.query if r.query is not None else b.query
        branch, t_scheme, t_authority = "empty-path", b.scheme, b.authority
    else:
        t_scheme, t_authority, t_query = b.scheme, b.authority, r.query
        if r.path.startswith("/"):
            branch = "absolute-path"
        else:
            branch = "relative-path"
            if b.authority is not None and b.path == "":
                merged, merge_rule = "/" + r.path, "merge-empty"
            else:
                merged, merge_rule = b.path[: b.path.rfind("/") + 1] + r.path, "merge"
    if branch == "empty-path":
        t_path = b.path
    else:
        t_path = remove_dot_segments(merged if merged is not None else r.path)
    t.step(
        branch,
        rules[branch],
        cite,
        ("T.scheme", t_scheme),
        ("T.authority", t_authority),
        ("T.path", t_path),
        ("T.query", t_query),
    )
    if merged is not None:
        t.step("merge", rules[merge_rule], "RFC 3986 §5.2.3", ("merged path", merged))
    if branch != "empty-path":
        _rds_traced(merged if merged is not None else r.path, t)
    t.step("fragment", rules["fragment"], cite, ("T.fragment", r.fragment))
    target = _recompose(t_scheme, t_authority, t_path, t_query, r.fragment)
    t.step("recompose", rules["recompose"], "RFC 3986 §5.3", ("result", target))
    if t_authority is None and t_path.startswith("//"):
        t.note(
            'the target\'s path begins with "//" and it has no authority, so the target '
            "reads back with an authority (RFC 3986 §3.3: without an authority a path "
            'cannot begin with "//")'
        )
    return _Target(target, same_document)


@functools.lru_cache(maxsize=512)
def _lean_base(base: str) -> tuple[str, str | None, str, str | None]:
    """Base.scheme, Base.authority, Base.path, Base.query of a base without a fragment."""
    scheme, authority, path, query, fragment = _SPLIT(base).groups()  # type: ignore[union-attr]
    if scheme is None or fragment is not None:
        raise LookupError  # the traced route reports or notes it
    return scheme, authority, path, query


def _dots_removed(path: str) -> str | None:
    """RFC 3986 §5.2.4 remove_dot_segments of a path that may have dot-segments, or None
    when a ".." goes above the root (which the traced route notes)."""
    path, above_root = _rds_stack(path) if path[0] == "/" else _rds_buffers(path)
    return None if above_root else path


def _resolve_lean(base: str, ref: str) -> Resolution | None:
    """RFC 3986 §5.2 (strict) without a trace, or None to take the traced route."""
    try:
        b_scheme, b_authority, b_path, b_query = _lean_base(base)
    except LookupError:
        return None
    scheme, authority, path, query, fragment = _SPLIT(ref).groups()  # type: ignore[union-attr]
    from_base = False
    if scheme is not None:
        t_scheme, t_authority = scheme, authority
    else:
        t_scheme = b_scheme
        if authority is not None:
            t_authority = authority
        else:
            t_authority = b_authority
            if not path:
                path, from_base = b_path, True  # §5.2.2: T.path = Base.path, as it is
                if query is None:
                    query = b_query
            elif path[0] != "/":  # §5.2.3 merge
                if b_authority is not None and not b_path:
                    path = "/" + path
                else:
                    path = b_path[: b_path.rfind("/") + 1] + path
    # §5.2.4, where a dot-segment may be: an absolute path without "/." has none
    if not from_base and "." in path and (path[0] != "/" or "/." in path):
        removed = _dots_removed(path)
        if removed is None:
            return None  # above the root: the traced route notes it
        path = removed
    if t_authority is None and path.startswith("//"):
        return None  # the traced route notes it
    target = t_scheme + ":"  # §5.3 (as _recompose, inline: the hot path)
    if t_authority is not None:
        target += "//" + t_authority
    target += path
    if query is not None:
        target += "?" + query
    if fragment is not None:
        target += "#" + fragment
    return Resolution(base, ref, "rfc3986", True, target, not ref or ref[0] == "#", (), ())
