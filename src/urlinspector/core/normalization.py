"""Normalization and comparison: the comparison ladder of RFC 3986 §6.2 (RFC 2396bis draft 2003
§6.2).

``normalize(uri, steps)`` applies the syntax-based and scheme-based normalizations one
step at a time, each step on the text the previous one gave, and reports every change
with the rule it follows:

* ``case`` (RFC 3986 §6.2.2.1): the scheme and a registered-name host in lower case,
  an IPv6 literal's hexadecimal digits in lower case, the hexadecimal digits of every
  escape in upper case.  The userinfo keeps its case (a user name is not
  case-insensitive); an internationalized host keeps the form it was written in.
* ``escapes`` (RFC 3986 §6.2.2.2): escapes of unreserved characters decoded; every
  other escape, above all those of reserved characters, kept as written.
* ``dot-segments`` (RFC 3986 §6.2.2.3): "." and ".." segments of a hierarchical path
  removed with ``remove_dot_segments`` (RFC 3986 §5.2.4); under the older editions by
  their own resolution algorithm, as RFC 2396bis draft 2003 §6.2.2.3 describes (so ".." above the
  root stays, as their appendix C prints it).
* ``scheme`` (RFC 3986 §6.2.3): a port that is empty or the scheme's default dropped
  (defaults from :mod:`.registry`), and an empty http/https path written "/".

No step changes what the URL identifies under its scheme's rules: a change that would
make the text split differently is not made, and a note says why.

``compare(a, b)`` climbs the ladder (simple string comparison, then each normalization
in turn) and reports the first rung at which the two are equal, or that they are
different (RFC 3986 §6.2: "equivalent" or "different", never "same resource").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from urlinspector.core.editions import Edition, get_edition
from urlinspector.core.errors import URLInspectorError
from urlinspector.core.escapes import decode_unreserved, normalize_escape_case
from urlinspector.core.parse import URL, parse
from urlinspector.core.quoting import quoted
from urlinspector.core.registry import default_port, port_value
from urlinspector.core.resolution import remove_dot_segments, resolve

__all__ = [
    "RUNGS",
    "STEPS",
    "Change",
    "Normalized",
    "UnknownStepError",
    "citation",
    "normalize",
]

STEPS: tuple[str, ...] = ("case", "escapes", "dot-segments", "scheme")
"""The normalization steps, in the order they are applied."""

RUNGS: tuple[str, ...] = ("simple-string", *STEPS)
"""The rungs of the comparison ladder, cheapest first (RFC 3986 §6.2)."""


class UnknownStepError(URLInspectorError):
    def __init__(self, step: object) -> None:
        self.step = step
        super().__init__(f"unknown normalization step {step!r}; choose from: {', '.join(STEPS)}")


# --- results ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One change a step made to one component."""

    step: str
    """One of :data:`STEPS`."""
    before: str
    """The component as it was before the step; a port with its ":" (``":80"``)."""
    after: str
    """The component after the step (``""`` when the step removed it)."""
    detail: str
    """What changed and why, in a sentence."""
    citation: str
    component: str = ""
    """``scheme``, ``userinfo``, ``host``, ``port``, ``path``, ``query`` or ``fragment``."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "component": self.component,
            "before": self.before,
            "after": self.after,
            "detail": self.detail,
            "citation": self.citation,
        }


@dataclass(frozen=True)
class Normalized:
    """The result of :func:`normalize`."""

    original: str
    """The text given (with any ``<URL:...>`` wrapper)."""
    text: str
    """The normalized URL (wrappers are not part of a URL and are dropped)."""
    changes: tuple[Change, ...]
    edition: str = "rfc3986"
    steps: tuple[str, ...] = STEPS
    """The steps applied, in order."""
    stages: tuple[tuple[str, str], ...] = ()
    """``(step, text after it)`` for every step applied, in order."""
    notes: tuple[str, ...] = ()
    """What was left alone and why (an IDN host, an opaque gopher selector ...)."""

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def changes_of(self, step: str) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.step == step)

    def to_dict(self) -> dict[str, Any]:
        return {
            "input": self.original,
            "edition": self.edition,
            "normalized": self.text,
            "steps": list(self.steps),
            "changes": [c.to_dict() for c in self.changes],
            "stages": [{"step": s, "text": t} for s, t in self.stages],
            "notes": list(self.notes),
        }


def _cite(ed: Edition, rule: str) -> str:
    return ed.comparison_citations[rule]


def citation(rule: str, edition: str | Edition = "rfc3986") -> str:
    """Where *edition* states *rule*: a step or rung name, ``fragment`` or ``relative``
    (``citation("case")`` is ``"RFC 3986 §6.2.2.1"``)."""
    ed = get_edition(edition)
    try:
        return _cite(ed, rule)
    except KeyError:
        raise UnknownStepError(rule) from None


# --- the components, as a mutable working copy ------------------------------------------


@dataclass
class _Parts:
    """The generic components of one text; None undefined, "" empty.  ``path`` is the
    whole path: under RFC 1738 it includes the "/" after host[:port] (RFC 1738 §3.1)."""

    scheme: str | None
    authority: bool
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None

    def get(self, name: str) -> str | None:
        value: str | None = getattr(self, name)
        return value

    def text(self) -> str:
        out: list[str] = []
        if self.scheme is not None:
            out += [self.scheme, ":"]
        if self.authority:
            out.append("//")
            if self.userinfo is not None:
                out += [self.userinfo, "@"]
            out.append(self.host or "")
            if self.port is not None:
                out += [":", self.port]
        out.append(self.path)
        if self.query is not None:
            out += ["?", self.query]
        if self.fragment is not None:
            out += ["#", self.fragment]
        return "".join(out)


def _parts(url: URL) -> _Parts:
    path = url.path or ""
    if url.path_separator_span is not None:
        path = "/" + path
    authority = url.authority is not None
    return _Parts(
        scheme=url.scheme,
        authority=authority,
        userinfo=url.userinfo,
        host=url.host if authority else None,
        port=url.port,
        path=path,
        query=url.query,
        fragment=url.fragment,
    )


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _ascii_lower(text: str) -> str:
    """*text* with A-Z in lower case and nothing else touched (``str.lower`` would also
    fold non-ASCII look-alikes such as the Kelvin sign into ASCII letters)."""
    return text.translate(_ASCII_LOWER)


# --- one step ----------------------------------------------------------------------------


class _Step:
    """The state of one step on one text: its parse, its parts, what it changed."""

    def __init__(self, name: str, text: str, ed: Edition, notes: list[str]) -> None:
        self.name = name
        self.ed = ed
        self.url = parse(text, ed)
        self.parts = _parts(self.url)
        self.changes: list[Change] = []
        self.notes = notes

    @property
    def scheme(self) -> str | None:
        s = self.parts.scheme
        return None if s is None else _ascii_lower(s)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def set(self, component: str, value: str | None, detail: str) -> None:
        """Set *component* to *value* if the URL still splits the same way with it."""
        before = self.parts.get(component)
        if value == before:
            return
        setattr(self.parts, component, value)
        if not self._splits_the_same():
            setattr(self.parts, component, before)
            self.note(
                f"{self.name}: the {component} was left as written: changing it would "
                f"make the URL split into different components"
            )
            return
        self.changes.append(
            Change(
                self.name,
                _shown(component, before),
                _shown(component, value),
                detail,
                _cite(self.ed, self.name),
                component,
            )
        )

    def reparsed(self, component: str, value: str | None) -> URL:
        """The parse of the URL with *component* set to *value*."""
        before = self.parts.get(component)
        setattr(self.parts, component, value)
        try:
            return parse(self.parts.text(), self.ed)
        finally:
            setattr(self.parts, component, before)

    def _splits_the_same(self) -> bool:
        again = _parts(parse(self.parts.text(), self.ed))
        return again == self.parts

    def text(self) -> str:
        return self.parts.text()


def _shown(component: str, value: str | None) -> str:
    """A component's text for a :class:`Change`: "" when undefined; a port with its
    ":" (so that an empty port, ":", differs from none)."""
    if value is None:
        return ""
    return ":" + value if component == "port" else value


def _is_reg_name_fallback(url: URL) -> bool:
    """RFC 2396bis draft 2003 §3.2.1: the whole authority read as a reg-name (not a server)."""
    return any(d.code == "authority-reg-name" for d in url.diagnostics)


def _case(step: _Step, *, case_active: bool) -> None:
    """RFC 3986 §6.2.2.1; RFC 2396bis draft 2003 §6.2.2.1; URL syntax draft 1997 §6; RFC 1738
    §2.1."""
    parts, url = step.parts, step.url
    if parts.scheme is not None and _ascii_lower(parts.scheme) != parts.scheme:
        step.set("scheme", _ascii_lower(parts.scheme), "the scheme name in lower case")
    host = parts.host
    if host:
        kind = url.host_kind
        if kind == "reg-name" and _is_reg_name_fallback(url):
            step.note(
                "case: the authority is a registry-based name (not a server), whose case "
                "rules belong to its registry; it was left as written"
            )
            new_host = normalize_escape_case(host)
        elif kind == "reg-name":
            if not host.isascii():
                step.note(
                    f"case: {quoted(host)} is an internationalized host name; it is left as "
                    "written (no case folding or conversion between Unicode and "
                    "xn-- forms is done here)"
                )
                new_host = normalize_escape_case(host)
            else:
                if "xn--" in host.lower():
                    step.note(
                        "case: the host has xn-- (IDNA) labels; only ASCII case is folded, "
                        "they are not converted to Unicode"
                    )
                new_host = normalize_escape_case(_ascii_lower(host))
        elif kind == "ipv6":
            # the hexadecimal digits of the address; a zone after "%" keeps its case
            address, percent, zone = host.partition("%")
            new_host = _ascii_lower(address) + percent + normalize_escape_case(zone)
        elif kind == "ipvfuture":
            # RFC 3986 §3.2.2: "The host subcomponent is case-insensitive", the
            # IPvFuture literal included (its version and address alike)
            new_host = _ascii_lower(host)
        else:
            new_host = normalize_escape_case(host)
        if new_host != host:
            without_escapes = normalize_escape_case(host)
            if new_host == without_escapes:
                detail = "the hexadecimal digits of the host's escapes in upper case"
            elif kind == "ipv6":
                detail = "the hexadecimal digits of the IPv6 address in lower case"
            elif kind == "ipvfuture":
                detail = "the IPvFuture literal in lower case (the host is case-insensitive)"
            else:
                detail = "the host name in lower case (host names are case-insensitive)"
            step.set("host", new_host, detail)
    for component in ("userinfo", "path", "query", "fragment"):
        value = parts.get(component)
        if value and "%" in value:
            step.set(
                component,
                normalize_escape_case(value),
                "the hexadecimal digits of escapes in upper case ('%3a' and '%3A' are the same "
                "octet)",
            )


def _escapes(step: _Step, *, case_active: bool) -> None:
    """RFC 3986 §6.2.2.2; RFC 2396bis draft 2003 §6.2.2.2; URL syntax draft 1997 §2.3."""
    parts, url, ed, scheme = step.parts, step.url, step.ed, step.scheme
    detail = (
        "escapes of unreserved characters decoded; escapes of reserved and other characters kept"
    )
    for component in ("userinfo", "host", "path", "query", "fragment"):
        value = parts.get(component)
        if not value or "%" not in value:
            continue
        if component == "host" and url.host_kind in ("ipv6", "ipvfuture"):
            continue
        decoded = decode_unreserved(value, ed, component, scheme=scheme)
        if component == "host" and not ed.reg_name_period_decodes and "%2e" in value.lower():
            step.note(
                "escapes: '%2E' in the host is kept: decoded, the period would split a label "
                "in two (RFC 3986 §2.3 makes it unreserved, so RFC 3986 §6.2.2.2 decodes it)"
            )
        if component == "host" and case_active and decoded != value and decoded.isascii():
            # letters that were escaped take the host's lower case (case normalization),
            # if the decoded host is one whose case does not matter (under RFC 2396bis draft 2003 a
            # text that was a registry-based name may now read as a server's hostname)
            after = step.reparsed("host", decoded)
            if after.host_kind == "reg-name" and not _is_reg_name_fallback(after):
                decoded = normalize_escape_case(_ascii_lower(decoded))
        step.set(component, decoded, detail)


_HIERARCHICAL_KNOWN = frozenset({"http", "https", "ftp", "file"})
_OPAQUE_PATHS: dict[str, str] = {
    "gopher": "the gopher selector is sent to the server as written (RFC 1738 §3.4)",
    "prospero": "the hsoname is opaque; '/' has no significance in it (RFC 1738 §3.11)",
    "wais": "the WAIS document path is opaque (RFC 1738 §3.9)",
    "news": "a news URL names a group or an article, not a path (RFC 1738 §3.6)",
    "nntp": "the nntp path names a group and an article number (RFC 1738 §3.7)",
    "mailto": "a mailto URL holds an address, not a path (RFC 1738 §3.5)",
    "telnet": "a telnet URL has no path (RFC 1738 §3.8)",
}
_DOT_SEGMENT = re.compile(r"(?:^|/)\.{1,2}(?:/|$)")


def _dot_segments(step: _Step, *, case_active: bool) -> None:
    """RFC 3986 §6.2.2.3 with §5.2.4; RFC 2396bis draft 2003 §6.2.2.3; URL syntax draft 1997 §5.2
    step 6."""
    parts, scheme = step.parts, step.scheme
    path = parts.path
    if not _DOT_SEGMENT.search(path):
        return
    if scheme in _OPAQUE_PATHS:
        step.note(f"dot-segments: left as written: {_OPAQUE_PATHS[scheme]}")
        return
    if scheme is None and not path.startswith("/"):
        step.note(
            "dot-segments: a relative path keeps its '.' and '..' segments: they mean "
            "something only against a base (resolve it first)"
        )
        return
    if not path.startswith("/") and not step.ed.rootless_dot_segments:
        step.note(
            "dot-segments: the path does not start with '/', so this edition leaves its "
            "'.' and '..' as written (RFC 3986 §6.2.2.3 removes them from any path)"
        )
        return
    new, detail, notes = _without_dot_segments(path, step.ed)
    # Once more until nothing changes: an edition's algorithm may leave a path that it
    # reads differently a second time (URL draft 1993: "/a/..//.." gives "//..", whose "/.." is
    # then above the root), and normalizing twice must give the same text.  Each
    # round that changes the path makes it shorter.
    for _ in range(_MAX_DOT_ROUNDS):
        again, _, more = _without_dot_segments(new, step.ed)
        if again == new:
            break
        new, notes = again, notes + more
    for note in notes:
        step.note(f"dot-segments: {note}")
    if not parts.authority and new.startswith("//"):
        # RFC 3986 §5.2.4 can leave "//" at the start: without an authority that would
        # read as one (RFC 3986 §3.3), so "/." keeps it a path
        new = "/." + new
    step.set("path", new, detail)


_MAX_DOT_ROUNDS = 32
_FIRST_SEGMENT_COLON = re.compile(r"[^/]*:")
_SYNTHETIC_BASE = "x://h/"


def _without_dot_segments(path: str, ed: Edition) -> tuple[str, str, tuple[str, ...]]:
    """*path* without its dot segments, by *edition*'s rules, a sentence saying how,
    and the resolution's notes.  A path not starting with "/" comes here only under an
    edition that normalizes rootless paths, with RFC 3986's remove_dot_segments.

    RFC 3986 §6.2.2.3 names remove_dot_segments (§5.2.4).  RFC 2396bis draft 2003 §6.2.2.3 says to
    split the URI just after the "/" that starts the path and merge the right half, as a
    relative reference, into the left half by the resolution algorithm (§5); the
    other editions have no normalization section, and their resolution algorithm is
    the one that gives "." and ".." a meaning (URL syntax draft 1997 §5.2, RFC 1808 for RFC 1738,
    URL draft 1993 appendix 1.2).  Those algorithms keep ".." segments that climb above the root
    (RFC 2396bis draft 2003 appendix C.2: "../../../g = http://a/../g").
    """
    rest = path[1:]
    rootless = not path.startswith("/")
    if (
        ed.remove_dot_segments
        or rootless
        or rest.startswith("/")
        or _FIRST_SEGMENT_COLON.match(rest)
    ):
        # (a rest starting "/" or with ":" in its first segment would not read as a
        # relative path; remove_dot_segments needs no such reading)
        return (
            remove_dot_segments(path),
            "'.' and '..' segments removed (remove_dot_segments, RFC 3986 §5.2.4)",
            (),
        )
    resolution = resolve(_SYNTHETIC_BASE, rest, ed, trace=False)
    target = resolution.target
    if not target.startswith(_SYNTHETIC_BASE[:-1]):  # pragma: no cover - defensive
        return path, "left as written", ()
    return (
        target[len(_SYNTHETIC_BASE) - 1 :],
        "'.' and '..' segments removed by merging the path, as a relative reference, "
        f"into its first '/' ({_cite(ed, 'dot-segments')})",
        resolution.notes,
    )


def _scheme_based(step: _Step, *, case_active: bool) -> None:
    """RFC 3986 §6.2.3; RFC 2396bis draft 2003 §6.2.3; URL syntax draft 1997 §6; RFC 1738 §3
    (default ports)."""
    parts, scheme = step.parts, step.scheme
    if scheme is None:
        return
    port = parts.port
    if port is not None:
        default = default_port(scheme)
        if port == "":
            step.set("port", None, "an empty port dropped with its ':' (the default is used)")
        elif default is not None and port_value(port) == default:
            step.set("port", None, f"port {port} is the default for {scheme}: dropped")
        elif default is None and port.isascii() and port.isdigit():
            step.note(f"scheme: no default port is known for {quoted(scheme)}; the port is kept")
    if scheme in ("http", "https") and parts.authority and parts.path == "":
        step.set(
            "path",
            "/",
            f"an empty {scheme} path is the same as '/' (the request names '/')",
        )


_STEP_FUNCTIONS: dict[str, Callable[..., None]] = {
    "case": _case,
    "escapes": _escapes,
    "dot-segments": _dot_segments,
    "scheme": _scheme_based,
}


# --- normalize ------------------------------------------------------------------------------


def _steps(steps: Iterable[str]) -> tuple[str, ...]:
    if isinstance(steps, str):
        steps = (steps,)
    wanted = []
    for s in steps:
        if s not in STEPS:
            raise UnknownStepError(s)
        wanted.append(s)
    return tuple(s for s in STEPS if s in wanted)


_MAX_WRAPPERS = 16


def unwrapped(text: str, ed: Edition) -> tuple[str, URL, bool]:
    """The URL inside any wrappers of *text* (``<URL:<...>>`` counts twice, up to
    :data:`_MAX_WRAPPERS`), its parse, and whether there was a wrapper."""
    url = parse(text, ed)
    wrapped = False
    for _ in range(_MAX_WRAPPERS):
        if not url.has_wrapper:
            break
        wrapped = True
        text = url.uri
        url = parse(text, ed)
    return text, url, wrapped


def normalize(
    uri: str, steps: Iterable[str] = STEPS, *, edition: str | Edition = "rfc3986"
) -> Normalized:
    """Normalize *uri* with *steps* (any of :data:`STEPS`; applied in that order).

    Never raises for any ``str``; raises :class:`UnknownStepError` for an unknown step
    and ``UnknownEditionError`` for an unknown edition.  A ``<URL:...>`` wrapper is
    dropped (RFC 1738 appendix: it is not part of the URL).
    """
    if not isinstance(uri, str):
        raise TypeError(f"normalize() takes a str, not {type(uri).__name__}")
    ed = get_edition(edition)
    chosen = _steps(steps)
    text, url, wrapped = unwrapped(uri, ed)
    notes: list[str] = []
    if wrapped:
        notes.append("the wrapper around the URL is not part of it and was dropped")
    if url.errors:
        notes.append(
            f"the URL has {len(url.errors)} error(s) under {ed.id}; the steps work on its "
            "components as split"
        )
    if url.is_relative:
        notes.append(
            "a relative reference: resolve it against its base before comparing "
            f"({_cite(ed, 'relative')})"
        )
    changes: list[Change] = []
    stages: list[tuple[str, str]] = []
    case_active = "case" in chosen
    for name in chosen:
        step = _Step(name, text, ed, notes)
        _STEP_FUNCTIONS[name](step, case_active=case_active)
        changes += step.changes
        text = step.text()
        stages.append((name, text))
    return Normalized(uri, text, tuple(changes), ed.id, chosen, tuple(stages), tuple(notes))
