"""Value types shared by the core: spans, diagnostics, scheme-specific parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, NamedTuple

if TYPE_CHECKING:  # (a type only: the scheme parsers' package imports this module)
    from urlinspector.core.specific import SchemeFields

__all__ = [
    "AUTHORITY",
    "COMPONENT_NAMES",
    "FRAGMENT",
    "HOST",
    "NEW_RECORD",
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
    "SchemeParts",
    "Severity",
    "Span",
    "Spans",
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
groups of the validating regex in :mod:`.tables`); constants, which a compiled
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
Category = Literal["syntax", "escape", "security", "scheme", "wrapper", "privacy"]
HostKind = Literal["reg-name", "ipv4", "ipv6", "ipvfuture", "empty"]


NEW_RECORD: Final = tuple.__new__
"""``NEW_RECORD(Part, (name, span, text, role, rule))`` builds what
``Part(name=..., span=..., ...)`` builds, in about a quarter of the time: calling a
NamedTuple class with keywords makes Python pack them into a dict for its generated
``__new__`` (about 0.4 µs on the benchmark machine, a tenth of a web URL's whole
parse).  Only where the parser builds a record for most URLs: behind typed, named
parameters (``Findings.add``, ``checks.finding``, the scheme parsers' ``_diag`` and
``_part``, the http builders), and in the few steps every URL or most take, from
values in the record's field order (``parse``'s URL, the http parser,
``checks.port.port_finding``); tests compare each with the keyword form, field by
field."""


class Diagnostic(NamedTuple):
    """One finding about the text: a departure from the edition's grammar, an escape
    worth noting, or a security concern from the specs' security sections.  Built by
    keyword: ``Diagnostic(code=..., severity=..., category=..., span=..., message=...,
    reference=...)``."""

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


class Part(NamedTuple):
    """One scheme-specific part (gopher type, ftp cwd segment, news group ...).

    A NamedTuple, so that it also unpacks: ``name, span, text, role, rule = part``.
    """

    name: str
    """What the scheme's spec calls it (``gophertype``, ``selector``, ``cwd``, ``name``,
    ``typecode``, ``group``, ``message-id``, ``article-number``, ``hsoname`` ...) or the
    delimiter itself (``"/"``, ``"%09"``)."""
    span: Span
    """Where it stands in the text given to ``parse``, as in :data:`Spans`."""
    text: str
    """The characters as written (escapes not decoded)."""
    role: str
    """The colour role for the GUI and the CLI (see ``urlinspector.palette``)."""
    rule: str
    """The grammar rule and its citation, e.g. ``"gtype, RFC 1738 §3.4.1 / §5"``."""


class SchemeParts(NamedTuple):
    """What the scheme's own syntax (RFC 1738 §3, §5) makes of a URL: ``URL.specific``
    groups the parts and fields the parse keeps (``URL.scheme_parts``,
    ``URL.scheme_fields``) with the scheme and its default port."""

    scheme: str
    """Lower-case scheme name."""
    parts: tuple[Part, ...]
    default_port: int | None
    fields: SchemeFields
    """The scheme's own record of decoded, typed values, e.g. ``GopherFields(gophertype="0",
    selector=b"/x", search=None, ...)``: narrow it by class (``isinstance(fields,
    GopherFields)``) and read its attributes."""

    def parts_named(self, name: str) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p.name == name)
