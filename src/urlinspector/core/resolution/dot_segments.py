"""RFC 3986 §5.2.4: remove_dot_segments, with its steps in the text's words."""

from __future__ import annotations

from urlinspector.core.resolution.trace import _Trace

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
