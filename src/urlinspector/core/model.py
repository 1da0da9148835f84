"""Value types shared by the core: spans, diagnostics, scheme-specific parts."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from operator import itemgetter
from typing import Any, Final, Literal, TypeVar

__all__ = [
    "AUTHORITY",
    "COMPONENT_NAMES",
    "FRAGMENT",
    "HOST",
    "PART_FIELDS",
    "PASSWORD",
    "PATH",
    "PORT",
    "QUERY",
    "SCHEME",
    "UNDEFINED",
    "URI",
    "USER",
    "USERINFO",
    "Category",
    "Diagnostic",
    "HostKind",
    "Part",
    "Record",
    "SchemeParts",
    "Severity",
    "Span",
    "Spans",
    "record",
]

Span = tuple[int, int]
"""``(start, end)`` character offsets into the text given to ``parse``; ``text[start:end]``."""

Spans = tuple[Span, ...]
"""The generic components' spans, indexed by the constants below; ``(-1, -1)`` marks an
undefined component (the convention of ``re.Match.regs``)."""

URI: Final = 0
"""The URL itself, inside any ``<URL:...>`` wrapper."""
SCHEME: Final = 1
AUTHORITY: Final = 2
USERINFO: Final = 3
USER: Final = 4
PASSWORD: Final = 5
HOST: Final = 6
PORT: Final = 7
PATH: Final = 8
QUERY: Final = 9
FRAGMENT: Final = 10
"""Indices into :data:`Spans`, in the order of the components in the text (and of the
groups of the fast route's regexes in :mod:`.tables`); constants, which a compiled
build reads as numbers."""

COMPONENT_NAMES: Final[tuple[str, ...]] = (
    "uri",
    "scheme",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
)
UNDEFINED: Final[Span] = (-1, -1)

Severity = Literal["error", "warning", "info"]
Category = Literal["syntax", "escape", "security", "scheme", "wrapper"]
HostKind = Literal["reg-name", "ipv4", "ipv6", "ipvfuture", "empty"]


_R = TypeVar("_R", bound="type[Record]")


class Record(tuple[Any, ...]):
    """An immutable record: a tuple whose annotated fields (see :func:`record`) read
    by name, like a ``typing.NamedTuple``'s, and show so in its repr.

    The difference is the constructor, which is ``tuple``'s own: it takes one tuple
    of every field, ``Diagnostic((code, severity, category, span, message,
    reference))``.  Without a ``__new__`` written in Python it is as quick as a class
    instance gets, yet still about three times the cost of a plain tuple, so what the
    parser builds several of for every URL (scheme-specific parts, spans) stays plain.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __repr__(self) -> str:
        pairs = zip(self._fields, self, strict=True)
        shown = ", ".join(f"{name}={value!r}" for name, value in pairs)
        return f"{type(self).__name__}({shown})"


def record(cls: _R) -> _R:
    """Give the annotated fields of the :class:`Record` *cls* their readers, in the
    order of the annotations (after those of its bases).  *cls* declares
    ``__slots__ = ()``, as a NamedTuple would: no instance dict."""
    if cls.__dict__.get("__slots__") != ():
        raise TypeError(f"{cls.__name__} must declare __slots__ = ()")
    own = inspect.get_annotations(cls)
    names = [*cls._fields, *(name for name in own if name != "_fields")]
    for index, name in enumerate(names):
        setattr(cls, name, property(itemgetter(index), doc=f"Field {index}: {name}"))
    cls._fields = tuple(names)
    return cls


@record
class Diagnostic(Record):
    """One finding about the text: a departure from the edition's grammar, an escape
    worth noting, or a security concern from the specs' security sections."""

    __slots__ = ()

    code: str
    """Stable identifier, e.g. ``invalid-char``, ``port-out-of-range``, ``password``."""
    severity: Severity
    category: Category
    span: Span
    message: str
    reference: str
    """Where the rule comes from, e.g. ``"RFC 1738 §2.2"`` or ``"RFC 3986 §3.2.2"``."""

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity,
            "category": self.category,
            "span": list(self.span),
            "message": self.message,
            "reference": self.reference,
        }


Part = tuple[str, Span, str, str, str]
"""One scheme-specific part (gopher type, ftp cwd segment, news group ...), as a plain
tuple ``(name, span, raw, role, rule)``; read it by unpacking,
``name, span, raw, role, rule = part``:

- ``name``: what the scheme's spec calls it (``gophertype``, ``selector``, ``cwd``,
  ``name``, ``typecode``, ``group``, ``message-id``, ``article-number``, ``hsoname``
  ...) or the delimiter itself (``"/"``, ``"%09"``);
- ``span``: where it stands in the text given to ``parse``, as in :data:`Spans`;
- ``raw``: the characters as written (escapes not decoded);
- ``role``: the colour role for the GUI and the CLI (see ``urlinspector.palette``);
- ``rule``: the grammar rule and its citation, e.g. ``"gtype, RFC 1738 §3.4.1 / §5"``.

A plain tuple like a span, not a :class:`Record`: the parser builds one to ten of them
for every URL, and a tuple is built and freed in about a third of the time of any
class's instance: with parts as plain tuples, the whole parse of the benchmark corpus
(``tests/benchmarks/bench_parse.py``) takes about 6% less time."""

PART_FIELDS: Final[tuple[str, ...]] = ("name", "span", "raw", "role", "rule")
"""The names of a :data:`Part`'s fields, in their order.  (Its JSON form, in
``URL.to_dict()``, calls ``raw`` "text", as the schema in docs/json.md says.)"""


@record
class SchemeParts(Record):
    """What the scheme's own syntax (RFC 1738 §3, §5) makes of a URL: ``URL.specific``
    groups the parts and fields the parse keeps (``URL.scheme_parts``,
    ``URL.scheme_fields``) with the scheme and its default port."""

    __slots__ = ()

    scheme: str
    """Lower-case scheme name."""
    parts: tuple[Part, ...]
    default_port: int | None
    fields: Mapping[str, object]
    """Decoded, typed values by name, e.g. ``{"gophertype": "0", "selector": b"/x",
    "search": None, "gopher_plus": None, "gopher_plus_kind": None}``."""

    def get(self, name: str) -> object:
        return self.fields.get(name)

    def parts_named(self, name: str) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p[0] == name)
