"""URL draft 1993 appendix 1.2: the rules for the "partial form"."""

from __future__ import annotations

from typing import NamedTuple

from urlinspector.core.resolution.common import _current_document, _same_scheme, _Target
from urlinspector.core.resolution.trace import _Trace

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
