"""Resolving a reference against a base URL, under each edition, with a step trace.

``resolve(base, reference, edition)`` runs the resolution algorithm of the edition's
own text and, when asked, records every step in the text's words with the buffer or
component values after it, so that a reader can follow the algorithm as the text
states it:

===============  =====================================================================
edition          algorithm
===============  =====================================================================
rfc3986          RFC 3986 §5.2: transform references, merge, remove_dot_segments
rfc2396bis-2003  RFC 2396bis draft 2003 §5.2: the pseudocode and the 8-step merge buffer
                 (step 7 keeps ".." segments left above the root; non-validating
                 readers may drop a scheme equal to the base's)
url-syntax-1997  URL syntax draft 1997 §5.2: the string buffer of steps 1-7; the query
                 joins the buffer before the dot-segment steps, so ``g?y/./x`` gives
                 ``.../g?y/x``
rfc1738          RFC 1808 §4 (RFC 1738 leaves relative URLs out; RFC 1808, the relative-URL
                 RFC of the same years, defined them)
url-1993         URL draft 1993 appendix 1.2: the rules for the "partial form"
===============  =====================================================================

Each reference is split the way its text says (URL syntax draft 1997 / RFC 2396bis draft 2003
§4.3-4.4 and appendix B, RFC 3986 §5.2.2 and appendix B, RFC 1808 §2.4, URL draft 1993 appendix
1.2), which for the three generic editions is the core parser's generic split.

A reference that is empty or only a fragment is a same-document reference: its
traversal should not result in a new retrieval (URL syntax draft 1997 §3, RFC 2396bis draft 2003
§4.2, RFC 3986 §4.4). A base without a scheme is not absolute and raises
:class:`BaseNotAbsoluteError`.

With ``trace=False`` the RFC 3986 route is a lean one (one regular expression for the
reference, a small cache of split bases, a segment stack for the dot segments, no
trace objects) that gives the same result as the traced route; it hands anything out
of the ordinary (a base with a fragment, ".." above the root, a note to make) to the
traced route.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from urlinspector.core.editions import Edition, get_edition
from urlinspector.core.errors import URLInspectorError
from urlinspector.core.grammar import APPENDIX_B, SPLIT

__all__ = [
    "CURRENT_DOCUMENT",
    "BaseNotAbsoluteError",
    "Resolution",
    "Step",
    "remove_dot_segments",
    "resolve",
]

CURRENT_DOCUMENT = "(current document)"
"""How URL syntax draft 1997 and RFC 2396bis draft 2003 appendix C write the target of a
same-document reference."""

Values = tuple[tuple[str, str | None], ...]


# --- the results ------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One step of a resolution, in its text's words."""

    rule: str
    """The step as the text states it (quoted; ``...`` marks an omission)."""
    citation: str
    """Where the step is, e.g. ``"RFC 3986 §5.2.4"`` or ``"URL syntax draft 1997 §5.2 step 6c"``."""
    values: Values
    """The buffer or component values after the step, in order; None = undefined."""
    label: str = ""
    """The step's number or letter in its text ("2E", "6c", "merge 5"), for tables."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "rule": self.rule,
            "citation": self.citation,
            "values": [{"name": name, "value": value} for name, value in self.values],
        }


@dataclass(frozen=True)
class Resolution:
    """The target of a reference resolved against a base, with the steps that led there."""

    base: str
    reference: str
    edition: str
    strict: bool
    target: str
    """The resolved URL, with the fragment.  For a same-document reference it is the
    base (the current document's URL) with the reference's fragment."""
    same_document: bool
    """The reference is empty or only a fragment: no new retrieval (URL syntax draft 1997 §3,
    RFC 2396bis draft 2003 §4.2)."""
    steps: tuple[Step, ...]
    """Every step in order; ``()`` when resolved with ``trace=False``."""
    notes: tuple[str, ...]
    """What a reader should know about this resolution (a choice the text leaves open,
    a result that reads back differently, the RFC that stands in for RFC 1738)."""

    @property
    def display(self) -> str:
        """The target as URL syntax draft 1997 / RFC 2396bis draft 2003 appendix C print it:
        ``(current document)#s`` for a same-document reference, else the target."""
        if not self.same_document:
            return self.target
        _, hash_sign, fragment = self.target.partition("#")
        return CURRENT_DOCUMENT + hash_sign + fragment

    def to_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "reference": self.reference,
            "edition": self.edition,
            "strict": self.strict,
            "target": self.target,
            "display": self.display,
            "same_document": self.same_document,
            "steps": [step.to_dict() for step in self.steps],
            "notes": list(self.notes),
        }


class BaseNotAbsoluteError(URLInspectorError):
    """The base has no scheme: no reference can be resolved against it."""

    def __init__(self, base: str, edition: str, reason: str, citation: str) -> None:
        self.base = base
        self.edition = edition
        self.reason = reason
        self.citation = citation
        super().__init__(f"the base {base!r} is not absolute: {reason} ({citation})")


# --- the trace ---------------------------------------------------------------------------


TRACE_BUDGET = 1 << 20
"""Characters of step values one trace records, at most (each step counts
:data:`STEP_COST` more).  Past it the steps are counted, not recorded, and the trace
ends with one step saying how many were left out: a long reference with many dot
segments gives a trace of bounded size in linear time, not one copy of the buffer per
step (``"a/" * 32768`` would be 4 GiB of values)."""
STEP_COST = 256
"""What one step counts against :data:`TRACE_BUDGET` besides its values."""


class _Trace:
    """Steps (when tracing, within the budget) and notes (always) of one resolution."""

    __slots__ = ("budget", "citation", "left_out", "notes", "on", "steps")

    def __init__(self, on: bool, budget: int = TRACE_BUDGET) -> None:
        self.on = on
        self.budget = budget
        self.steps: list[Step] = []
        self.notes: list[str] = []
        self.left_out = 0
        """Steps not recorded, the budget being spent."""
        self.citation = ""
        """The citation of the first step left out."""

    @property
    def recording(self) -> bool:
        """Whether a step would be recorded now: callers compute costly values only then."""
        return self.on and self.left_out == 0

    def step(self, label: str, rule: str, citation: str, *values: tuple[str, str | None]) -> None:
        if not self.on:
            return
        if self.left_out == 0:
            cost = STEP_COST + sum(len(value) for _, value in values if value is not None)
            if cost <= self.budget:
                self.budget -= cost
                self.steps.append(Step(rule, citation, values, label))
                return
            self.citation = citation
        self.left_out += 1

    def skip(self, count: int, citation: str) -> None:
        """*count* steps that were not even computed (the budget being spent)."""
        if self.on and count > 0:
            if self.left_out == 0:
                self.citation = citation
            self.left_out += count

    def all_steps(self) -> tuple[Step, ...]:
        """The recorded steps, then one saying how many were left out (if any)."""
        if self.left_out == 0:
            return tuple(self.steps)
        many = "step was" if self.left_out == 1 else "steps were"
        rule = (
            f"({self.left_out} more {many} left out: the trace records at most "
            f"{TRACE_BUDGET:,} characters of values; the target is complete)"
        )
        return (*self.steps, Step(rule, self.citation, (), "…"))

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)


def _recompose(
    scheme: str | None, authority: str | None, path: str, query: str | None, fragment: str | None
) -> str:
    """RFC 3986 §5.3 (URL syntax draft 1997 §5.2 step 7, RFC 2396bis draft 2003 §5.2): defined
    components with their delimiters; an empty one keeps its delimiter, an undefined one has
    none."""
    result = ""
    if scheme is not None:
        result += scheme + ":"
    if authority is not None:
        result += "//" + authority
    result += path
    if query is not None:
        result += "?" + query
    if fragment is not None:
        result += "#" + fragment
    return result


# --- splitting a reference: URL syntax draft 1997 / RFC 2396bis draft 2003 appendix B, RFC 3986
# appendix B ------------------------

_SPLIT = SPLIT.match
"""Appendix B with only the groups $2 $4 $5 $7 $9 capturing, for the lean route."""


class _Generic(NamedTuple):
    """scheme = $2, authority (URL syntax draft 1997: site) = $4, path = $5, query = $7, fragment =
    $9."""

    scheme: str | None
    authority: str | None
    path: str
    query: str | None
    fragment: str | None


def _split_generic(text: str) -> _Generic:
    m = APPENDIX_B.match(text)
    assert m is not None  # every group is optional: the expression matches any text
    return _Generic(m.group(2), m.group(4), m.group(5), m.group(7), m.group(9))


def _without_fragment(url: str) -> str:
    return url.partition("#")[0]


# --- RFC 3986 §5.2.4: remove_dot_segments ---------------------------------------------------

_RDS = "RFC 3986 §5.2.4"
_RDS_RULES = {
    "1": "The input buffer is initialized with the now-appended path components and the "
    "output buffer is initialized to the empty string.",
    "2A": 'If the input buffer begins with a prefix of "../" or "./", then remove that '
    "prefix from the input buffer",
    "2B": 'if the input buffer begins with a prefix of "/./" or "/.", where "." is a '
    'complete path segment, then replace that prefix with "/" in the input buffer',
    "2C": 'if the input buffer begins with a prefix of "/../" or "/..", where ".." is a '
    'complete path segment, then replace that prefix with "/" in the input buffer and '
    'remove the last segment and its preceding "/" (if any) from the output buffer',
    "2D": 'if the input buffer consists only of "." or "..", then remove that from the '
    "input buffer",
    "2E": "move the first path segment in the input buffer to the end of the output "
    'buffer, including the initial "/" character (if any) and any subsequent characters '
    'up to, but not including, the next "/" character or the end of the input buffer.',
    "3": "Finally, the output buffer is returned as the result of remove_dot_segments.",
}


def remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4: interpret and remove the "." and ".." complete path segments.

    A path with no dot segment comes back as it is; an absolute path goes through a
    segment stack ("two segment stacks rather than strings", as §5.2.4 allows); any
    other through the two string buffers of §5.2.4 step 2.
    """
    if "." not in path:
        return path
    if path[0] == "/":
        if "/." not in path:
            return path
        return _rds_stack(path)[0]
    return _rds_buffers(path)[0]


def _rds_stack(path: str) -> tuple[str, bool]:
    """remove_dot_segments of an absolute *path*, and whether a ".." found no segment
    left to remove (it went above the root)."""
    segments = path.split("/")
    out: list[str] = []
    above_root = False
    for segment in segments[1:]:
        if segment == "..":
            if out:
                out.pop()
            else:
                above_root = True
        elif segment != ".":
            out.append(segment)
    if segments[-1] in (".", ".."):
        out.append("")  # "/a/b/.." is "/a/", not "/a"
    return "/" + "/".join(out), above_root


def _rds_buffers(path: str) -> tuple[str, bool]:
    """§5.2.4 step 2, with an index into the input buffer instead of copies of it; and
    whether a ".." found no segment left to remove."""
    out: list[str] = []
    above_root = False
    i, n = 0, len(path)
    while i < n:
        if path.startswith("../", i):  # 2A
            i += 3
        elif path.startswith(("./", "/./"), i):  # 2A "./"; 2B "/./" becomes "/"
            i += 2
        elif i == n - 2 and path.endswith("/."):
            out.append("/")  # "/." becomes "/", which 2E then moves
            break
        elif path.startswith("/../", i) or (i == n - 3 and path.endswith("/..")):  # 2C
            if out:
                out.pop()
            else:
                above_root = True
            if i == n - 3:
                out.append("/")
                break
            i += 3
        elif i >= n - 2 and path[i:] in (".", ".."):  # 2D
            break
        else:  # 2E
            end = path.find("/", i + 1 if path[i] == "/" else i)
            if end < 0:
                end = n
            out.append(path[i:end])
            i = end
    return "".join(out), above_root


def _rds_traced(path: str, t: _Trace) -> str:
    """§5.2.4 as written: two string buffers, one step per turn of the loop (and the
    note when a ".." goes above the root)."""
    if not t.recording:
        return _rds_untraced(path, t)
    inp, out = path, ""
    t.step("1", _RDS_RULES["1"], f"{_RDS} step 1", ("output buffer", out), ("input buffer", inp))
    above_root = False
    while inp:
        if not t.recording:  # the budget is spent: the rest without copies of the buffers
            t.skip(inp.count("/") + 1, f"{_RDS} step 2")
            return _rds_untraced(path, t)
        if inp.startswith(("../", "./")):
            label = "2A"
            inp = inp[3:] if inp.startswith("../") else inp[2:]
        elif inp.startswith("/./") or inp == "/.":
            label = "2B"
            inp = "/" + inp[3:]
        elif inp.startswith("/../") or inp == "/..":
            label = "2C"
            inp = "/" + inp[4:]
            if out:
                out = out[: out.rfind("/")] if "/" in out else ""
            else:
                above_root = True
        elif inp in (".", ".."):
            label = "2D"
            inp = ""
        else:
            label = "2E"
            end = inp.find("/", 1 if inp.startswith("/") else 0)
            if end < 0:
                end = len(inp)
            out, inp = out + inp[:end], inp[end:]
        cite = f"{_RDS} step {label}"
        t.step(label, _RDS_RULES[label], cite, ("output buffer", out), ("input buffer", inp))
    t.step("3", _RDS_RULES["3"], f"{_RDS} step 3", ("result", out))
    if above_root:
        t.note(_ABOVE_ROOT_3986)
    return out


def _rds_untraced(path: str, t: _Trace) -> str:
    result, above_root = _rds_stack(path) if path.startswith("/") else _rds_buffers(path)
    if above_root:
        t.note(_ABOVE_ROOT_3986)
    return result


_ABOVE_ROOT_3986 = (
    'more ".." segments than the path has levels: the extra ones were removed '
    "(RFC 3986 §5.2.4 step 2C; §5.4.2: they cannot change the authority)"
)


# --- RFC 3986 (2005) -------------------------------------------------------------------------

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


def _same_scheme(a: str | None, b: str | None) -> bool:
    # schemes are case-insensitive (RFC 3986 §3.1, RFC 2396bis draft 2003 §3.1,
    # URL syntax draft 1997 §4.1)
    return a is not None and b is not None and a.lower() == b.lower()


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


class _Target(NamedTuple):
    target: str
    same_document: bool


# --- the lean RFC 3986 route (trace=False) ------------------------------------------------


@functools.lru_cache(maxsize=512)
def _lean_base(base: str) -> tuple[str, str | None, str, str | None]:
    """Base.scheme, Base.authority, Base.path, Base.query of a base without a fragment."""
    scheme, authority, path, query, fragment = _SPLIT(base).groups()  # type: ignore[union-attr]
    if scheme is None or fragment is not None:
        raise LookupError  # the traced route reports or notes it
    return scheme, authority, path, query


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
    if not from_base and "." in path:  # §5.2.4
        if path[0] == "/":
            if "/." in path:
                path, above_root = _rds_stack(path)
                if above_root:
                    return None  # the traced route notes it
        else:
            path, above_root = _rds_buffers(path)
            if above_root:
                return None
    if t_authority is None and path.startswith("//"):
        return None  # the traced route notes it
    target = t_scheme + ":"
    if t_authority is not None:
        target += "//" + t_authority
    target += path
    if query is not None:
        target += "?" + query
    if fragment is not None:
        target += "#" + fragment
    return Resolution(base, ref, "rfc3986", True, target, not ref or ref[0] == "#", (), ())


# --- draft-fielding-uri-rfc2396bis-01 (2003) ----------------------------------------------

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


def _current_document(base: str, fragment: str | None) -> _Target:
    document = _without_fragment(base)
    return _Target(document if fragment is None else f"{document}#{fragment}", True)


# --- draft-fielding-url-syntax-05 (1997) ------------------------------------------------

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


# --- RFC 1808 for RFC 1738 (1994) ---------------------------------------------------------

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


# --- the 1993 draft: partial form ---------------------------------------------------------

_1993 = "URL draft 1993 appendix 1.2"
_1993_RULES = {
    "base": "Within a object whose URL is well defined, the URL of another object may be "
    "given in abbreviated form, where parts of the two URLs are the same.",
    "fragment": "The fragment-id follows the URL of the whole object from which it is "
    "separated by a hash sign (#).",
    "void": "A void fragment-id with or without the hash sign means that the URL refers to "
    "the whole object.",
    "full": "A partial form can be distinguished from a full form in that a full form must "
    "have a colon and that colon must occur before any slash characters.",
    "scheme": "If the scheme parts are different, the whole absolute locator must be "
    "given.  Otherwise, the scheme is omitted, and:",
    "host": "If the host and/or port parts are the different, the host, port name and all "
    "the rest of the locator must be given.",
    "path": "If the access and host parts are the same, then the path may be given in "
    "absolute (fully qualified) or relative form.  Within the path:",
    "absolute": "If a leading slash is present, the path is absolute.  Otherwise, a "
    "relative path is interpreted as follows:",
    "last-part": "The last part of the path of the context locator (anything following "
    "the rightmost slash) is removed, and the given partial URL appended in its place.",
    "remove": 'Within the result, all occurrences of "xxx/.." or "/." are recursively '
    'removed, where xxx, ".." and "." are complete path elements.',
}


class _Parts1993(NamedTuple):
    scheme: str | None
    host: str | None
    """What follows "//" up to the next "/": the host and port (and any login)."""
    path: str
    """The path; after a host, without the "/" that separates them (URL draft 1993: "the "/" after
    host[:port] is not part of the path", as in RFC 1738 §3.1)."""
    search: str | None
    fragment: str | None


def _split_1993(text: str) -> _Parts1993:
    rest, hash_sign, fragment = text.partition("#")  # URL draft 1993 appendix 1.1
    colon = rest.find(":")
    scheme = None
    if colon > 0 and "/" not in rest[:colon]:  # URL draft 1993 appendix 1.2: a full form
        scheme, rest = rest[:colon], rest[colon + 1 :]
    host = None
    if rest.startswith("//"):
        slash = rest.find("/", 2)
        host, rest = (rest[2:], "") if slash < 0 else (rest[2:slash], rest[slash + 1 :])
    path, question, search = rest.partition("?")
    return _Parts1993(
        scheme, host, path, search if question else None, fragment if hash_sign else None
    )


def _remove_elements_1993(buffer: str, t: _Trace) -> str:
    """URL draft 1993: every "xxx/.." and "/." removed, recursively, one traced step per removal.

    The text names path elements: removing the elements xxx and ".." removes the "/"
    that joined them to the path, as "/." names its own, so ``b/c/../g`` becomes
    ``b/g``.  xxx is an element other than "." and ".."; the empty text before a
    leading "/" is no element.  A stack removes them in the order a search from the
    left would find them.
    """
    elements = buffer.split("/")
    last = len(elements) - 1
    kept: list[str] = []  # kept[0] == "" is the root when the buffer begins with "/"
    root = buffer.startswith("/")
    rule = _1993_RULES["remove"]
    removed = False
    for k, element in enumerate(elements):
        if element == ".":
            pass  # "/." -- a leading "." too: the host's "/" separator precedes it
        elif (
            element == ".." and kept and kept[-1] not in (".", "..") and (len(kept) > 1 or not root)
        ):
            kept.pop()  # "xxx/.."
        else:
            if element == "" and not kept and k < last:
                root = True  # what is left now begins with "/"
            kept.append(element)
            continue
        removed = True
        if t.recording:
            t.step("remove", rule, _1993, ("buffer", "/".join(kept + elements[k + 1 :])))
        else:
            t.skip(1, _1993)
    if not removed:
        t.step("remove", rule, _1993, ("buffer", buffer))
    return "/".join(kept)


def _resolve_1993(base: str, b: _Parts1993, ref: str, strict: bool, t: _Trace) -> _Target:
    rules = _1993_RULES
    t.step(
        "base",
        rules["base"],
        _1993,
        ("scheme", b.scheme),
        ("host", b.host),
        ("path", b.path),
        ("search", b.search),
    )
    partial, hash_sign, fragment_text = ref.partition("#")
    fragment = fragment_text if hash_sign else None
    t.step(
        "fragment",
        rules["fragment"],
        "URL draft 1993 appendix 1.1",
        ("partial URL", partial),
        ("fragment-id", fragment),
    )
    if partial == "":
        t.step(
            "void",
            rules["void"],
            "URL draft 1993 appendix 1.1; URL syntax draft 1997 §3",
            ("fragment-id", fragment),
        )
        t.note(
            "URL draft 1993 gives no rule for an empty partial URL: it refers to the current "
            "document, "
            "as URL syntax draft 1997 §3 later wrote"
        )
        return _current_document(base, fragment)

    def done(target: str) -> _Target:
        if fragment is not None:
            target += "#" + fragment
        t.step("result", rules["fragment"], "URL draft 1993 appendix 1.1", ("result", target))
        return _Target(target, False)

    r = _split_1993(partial)
    if r.scheme is not None:
        t.step("full", rules["full"], _1993, ("full form", partial))
        if not strict and _same_scheme(r.scheme, b.scheme):
            t.note(
                "URL draft 1993 has no non-strict reading: a colon before any slash makes a full "
                "form, so the reference is read as absolute"
            )
        return done(partial)
    t.step("full", rules["full"], _1993, ("full form", None))
    t.step("scheme", rules["scheme"], _1993, ("scheme", b.scheme))
    prefix = f"{b.scheme}:"
    if r.host is not None:
        t.step("host", rules["host"], _1993, ("host", r.host))
        return done(prefix + partial)
    t.step("path", rules["path"], _1993, ("host", b.host))
    if b.host is not None:
        prefix += f"//{b.host}/"  # the "/" that separates host and path
    if partial.startswith("/"):
        t.step("absolute", rules["absolute"], _1993, ("path", partial))
        return done(prefix.removesuffix("/") + partial)
    t.step("absolute", rules["absolute"], _1993, ("path", None))
    buffer = b.path[: b.path.rfind("/") + 1] + partial
    t.step("last-part", rules["last-part"], _1993, ("buffer", buffer))
    buffer = _remove_elements_1993(buffer, t)
    return done(prefix + buffer)


# --- the editions -----------------------------------------------------------------------------


class _Algorithm(NamedTuple):
    split: Callable[[str], Any]
    resolve: Callable[[str, Any, str, bool, _Trace], _Target]
    citation: str
    """Where the text requires the base to be absolute."""
    no_scheme: str = "it has no scheme"
    """Why a base without a scheme is not absolute, in the words of the text."""
    lean: Callable[[str, str], Resolution | None] | None = None
    """The untraced strict resolution without the trace's bookkeeping, where there is
    one (None from it: take the full route)."""


_ALGORITHMS: dict[str, _Algorithm] = {
    "rfc3986": _Algorithm(_split_generic, _resolve_rfc3986, "RFC 3986 §5.1", lean=_resolve_lean),
    "rfc2396bis-2003": _Algorithm(_split_generic, _resolve_2003, "RFC 2396bis draft 2003 §5.2"),
    "url-syntax-1997": _Algorithm(_split_generic, _resolve_1997, "URL syntax draft 1997 §5.2"),
    "rfc1738": _Algorithm(_split_1808, _resolve_1808, "RFC 1808 §4 step 1; RFC 1738 §2.1"),
    "url-1993": _Algorithm(
        _split_1993,
        _resolve_1993,
        "URL draft 1993 appendix 1.2",
        no_scheme="it has no colon before its first slash, so it is a partial form",
    ),
}
"""Each edition's resolution algorithm, by edition id."""


@functools.lru_cache(maxsize=256)
def _split_base(edition: str, base: str) -> Any:
    algorithm = _ALGORITHMS[edition]
    parts = algorithm.split(base)
    if parts.scheme is None:
        reason = "it is empty" if base == "" else algorithm.no_scheme
        raise BaseNotAbsoluteError(base, edition, reason, algorithm.citation)
    return parts


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise TypeError(f"resolve() takes the {name} as str, not {type(value).__name__}")


def resolve(
    base: str,
    reference: str,
    edition: str | Edition = "rfc3986",
    strict: bool = True,
    *,
    trace: bool = True,
) -> Resolution:
    """Resolve *reference* against *base* by the algorithm of *edition*.

    ``strict=False`` lets a reference whose scheme is the base's be read as relative,
    where the edition allows it (RFC 3986 §5.2.2 "non-strict", RFC 2396bis draft 2003 §5.2
    "non-validating"); the older editions have no such reading and say so in the notes.
    ``trace=False`` leaves ``steps`` empty (and takes the lean route for rfc3986).

    Raises :class:`BaseNotAbsoluteError` for a base without a scheme and
    :class:`~urlinspector.core.errors.UnknownEditionError` for an unknown edition (both
    ``ValueError``); any reference text resolves.
    """
    edition_id = edition if type(edition) is str else get_edition(edition).id
    algorithm = _ALGORITHMS.get(edition_id)  # (None: get_edition below says why)
    if (
        not trace
        and strict
        and algorithm is not None
        and algorithm.lean is not None
        and type(base) is str
        and type(reference) is str
    ):
        lean = algorithm.lean(base, reference)
        if lean is not None:
            return lean
    _check_text("base", base)
    _check_text("reference", reference)
    edition_id = get_edition(edition).id
    b = _split_base(edition_id, base)
    t = _Trace(trace)
    result = _ALGORITHMS[edition_id].resolve(base, b, reference, strict, t)
    same_document = result.same_document or reference == "" or reference.startswith("#")
    return Resolution(
        base,
        reference,
        edition_id,
        strict,
        result.target,
        same_document,
        t.all_steps(),
        tuple(t.notes),
    )
