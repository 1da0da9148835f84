"""Value types shared by the core: spans, diagnostics, scheme-specific parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, NamedTuple, get_args

from urlinspector.core.code_names import Code

if TYPE_CHECKING:  # (a type only: the scheme parsers' package imports this module)
    from urlinspector.core.specific import SchemeFields

__all__ = [
    "COMPONENT_NAMES",
    "Category",
    "Code",
    "ComponentName",
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

ComponentName = Literal[
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
]
"""The generic components by name, as :class:`Spans` names its fields."""


class Spans(NamedTuple):
    """Where each generic component stands in the text given to ``parse``
    (``url.spans.host``), None where the URL has no such component: ``ftp://host/``
    has no ``userinfo``, ``ftp://@host/`` an empty one (RFC 1738 §3.1)."""

    uri: Span | None
    """The URL itself, inside any ``<URL:...>`` wrapper (always defined)."""
    scheme: Span | None
    authority: Span | None
    userinfo: Span | None
    user: Span | None
    password: Span | None
    host: Span | None
    port: Span | None
    path: Span | None
    """The path (url-path), always defined, perhaps empty."""
    query: Span | None
    fragment: Span | None


COMPONENT_NAMES: Final[tuple[ComponentName, ...]] = get_args(ComponentName)
"""The fields of :class:`Spans`, in the order of the components in the text (a test
keeps the two the same)."""

Severity = Literal["error", "warning", "info"]
Category = Literal["syntax", "escape", "security", "scheme", "wrapper", "privacy"]
HostKind = Literal["reg-name", "ipv4", "ipv6", "ipvfuture", "empty"]


class Diagnostic(NamedTuple):
    """One finding about the text: a departure from the edition's grammar, an escape
    worth noting, or a security concern from the specs' security sections.  Built by
    keyword: ``Diagnostic(code=..., severity=..., category=..., span=..., message=...,
    reference=...)``."""

    code: Code
    """Stable identifier, e.g. ``invalid-char``, ``port-out-of-range``, ``password``: one
    of the table of codes, :data:`.codes.CODES`, whose row says what it means."""
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
    """Where it stands in the text given to ``parse``."""
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
