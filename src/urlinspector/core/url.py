"""The result of :func:`~.parse.parse`: a URL's text, every component's span, its
host kind, diagnostics, what the scheme's own syntax makes of it, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from urlinspector.core.editions import Edition
from urlinspector.core.model import (
    AUTHORITY,
    COMPONENT_NAMES,
    FRAGMENT,
    HOST,
    PASSWORD,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    URI,
    USER,
    USERINFO,
    Diagnostic,
    HostKind,
    Part,
    SchemeParts,
    Span,
    Spans,
)
from urlinspector.core.registry import DEFAULT_PORTS, default_port, port_value

if TYPE_CHECKING:  # (a type only: the scheme parsers' package imports the model)
    from urlinspector.core.specific import SchemeFields

__all__ = ["URL", "Segment"]

_DEFAULT_PORTS: dict[str | None, int] = dict(DEFAULT_PORTS.items())
"""(A dict reads faster than a mapping proxy.)"""


class Segment(NamedTuple):
    """A path segment and its span."""

    text: str
    span: Span


class URL(NamedTuple):
    """The result of :func:`parse`: immutable; every component with its span.

    Fields: ``text`` (exactly what was parsed; every span indexes into it),
    ``edition``, ``spans`` (by the index constants of :mod:`.model`), ``host_kind``,
    ``diagnostics``, and what the scheme's own syntax (RFC 1738 §3) makes of the URL:
    ``scheme_parts`` (see :class:`.model.Part`) and ``scheme_fields`` (the scheme's
    record, one of :data:`.specific.SchemeFields` such as ``FtpFields``; None for a
    scheme without one).  :attr:`specific` groups those two with the scheme and its
    default port.  The parser builds it by keyword, ``URL(text=..., edition=...,
    spans=..., host_kind=..., diagnostics=..., scheme_parts=..., scheme_fields=...)``.

    Undefined components are ``None``, empty ones ``""``: ``ftp://@host.com/`` has an
    empty user, ``ftp://host.com/`` has none (RFC 1738 §3.1).
    """

    text: str
    edition: Edition
    spans: Spans
    host_kind: HostKind | None
    diagnostics: tuple[Diagnostic, ...]
    scheme_parts: tuple[Part, ...]
    scheme_fields: SchemeFields | None

    def __repr__(self) -> str:
        return f"<URL {self.text!r} edition={self.edition.id}>"

    # components -------------------------------------------------------------------

    def component(self, index: int) -> str | None:
        """The text of component *index* (a constant from :mod:`.model`), or None."""
        start, end = self.spans[index]
        return None if start < 0 else self.text[start:end]

    def span(self, name: str) -> Span | None:
        """The span of a component by name (``"host"``, ``"query"`` ...), or None."""
        s = self.spans[COMPONENT_NAMES.index(name)]
        return None if s[0] < 0 else s

    @property
    def uri(self) -> str:
        """The URL without any ``<URL:...>`` wrapper."""
        start, end = self.spans[URI]
        return self.text[start:end]

    @property
    def scheme(self) -> str | None:
        """Scheme, as written."""
        return self.component(SCHEME)

    @property
    def authority(self) -> str | None:
        """Authority (site, login)."""
        return self.component(AUTHORITY)

    @property
    def userinfo(self) -> str | None:
        """Userinfo, before the @."""
        return self.component(USERINFO)

    @property
    def user(self) -> str | None:
        """User name, as written."""
        return self.component(USER)

    @property
    def password(self) -> str | None:
        """Password, as written."""
        return self.component(PASSWORD)

    @property
    def host(self) -> str | None:
        """Host, as written."""
        return self.component(HOST)

    @property
    def port(self) -> str | None:
        """Port, as written."""
        return self.component(PORT)

    @property
    def path(self) -> str | None:
        """Path (url-path), as written."""
        return self.component(PATH)

    @property
    def query(self) -> str | None:
        """Query (searchpart), as written."""
        return self.component(QUERY)

    @property
    def fragment(self) -> str | None:
        """Fragment, as written."""
        return self.component(FRAGMENT)

    @property
    def specific(self) -> SchemeParts | None:
        """What the scheme's own syntax (RFC 1738 §3) makes of the URL: its parts and
        fields with the scheme (in lower case) and its default port; None for a
        scheme without specific syntax, or no scheme."""
        fields = self.scheme_fields
        if fields is None:
            return None
        start, end = self.spans[SCHEME]
        scheme = self.text[start:end].lower()
        return SchemeParts(
            scheme=scheme,
            parts=self.scheme_parts,
            default_port=_DEFAULT_PORTS.get(scheme),
            fields=fields,
        )

    @property
    def port_number(self) -> int | None:
        """The port as an int; None when absent, empty, not all digits or too long to
        name a number (see :func:`~urlinspector.core.registry.port_value`)."""
        start, end = self.spans[PORT]
        return port_value(self.text[start:end]) if start >= 0 else None

    @property
    def default_port(self) -> int | None:
        return default_port(self.component(SCHEME))

    @property
    def effective_port(self) -> int | None:
        """The port a client would use: the written one, else the scheme's default."""
        number = self.port_number
        return number if number is not None else self.default_port

    @property
    def path_separator_span(self) -> Span | None:
        """The ``/`` after host[:port] that RFC 1738 §3.1 says is not part of the url-path."""
        if not self.edition.path_after_slash or self.spans[AUTHORITY][0] < 0:
            return None
        start = self.spans[PATH][0]
        if start > 0 and self.text[start - 1] == "/" and start - 1 >= self.spans[AUTHORITY][1]:
            return (start - 1, start)
        return None

    @property
    def segments(self) -> tuple[Segment, ...]:
        """The path's segments with spans; a leading ``/`` opens no empty segment."""
        start, end = self.spans[PATH]
        if start < 0 or start == end:
            return ()
        text = self.text
        pos = start + 1 if text[start] == "/" else start
        out = []
        while True:
            slash = text.find("/", pos, end)
            if slash < 0:
                out.append(Segment(text=text[pos:end], span=(pos, end)))
                return tuple(out)
            out.append(Segment(text=text[pos:slash], span=(pos, slash)))
            pos = slash + 1

    @property
    def is_absolute(self) -> bool:
        """Whether the text has a scheme (an absolute URL rather than a reference)."""
        return self.spans[SCHEME][0] >= 0

    @property
    def is_relative(self) -> bool:
        return self.spans[SCHEME][0] < 0

    @property
    def has_wrapper(self) -> bool:
        return self.spans[URI] != (0, len(self.text))

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "warning")

    @property
    def security(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.category == "security")

    @property
    def is_valid(self) -> bool:
        """No error diagnostics under this edition."""
        return not any(d.severity == "error" for d in self.diagnostics)

    # recomposition -----------------------------------------------------------------

    def recompose(self, *, wrapper: bool = True) -> str:
        """Put the components back together (URL syntax draft 1997 §5.2 step 7, RFC 3986 §5.3).

        Gives back the parsed text unchanged, wrapper included unless
        ``wrapper=False``.
        """
        parts = []
        scheme = self.component(SCHEME)
        if scheme is not None:
            parts += [scheme, ":"]
        authority = self.component(AUTHORITY)
        if authority is not None:
            parts += ["//", authority]
            if self.path_separator_span is not None:
                parts.append("/")
        parts.append(self.component(PATH) or "")
        query = self.component(QUERY)
        if query is not None:
            parts += ["?", query]
        fragment = self.component(FRAGMENT)
        if fragment is not None:
            parts += ["#", fragment]
        body = "".join(parts)
        if not wrapper:
            return body
        start, end = self.spans[URI]
        return self.text[:start] + body + self.text[end:]

    def replace(self, **components: str | None) -> URL:
        """A new URL with some generic components replaced, parsed afresh under the
        same edition, inside the same ``<URL:...>`` wrapper if there was one.  Keys:
        scheme, userinfo, host, port, path, query, fragment (or authority instead of
        userinfo/host/port).  ``None`` removes a component."""
        unknown = set(components) - {
            "scheme",
            "authority",
            "userinfo",
            "host",
            "port",
            "path",
            "query",
            "fragment",
        }
        if unknown:
            raise TypeError(f"replace() got unknown components: {', '.join(sorted(unknown))}")
        if "authority" in components and components.keys() & {"userinfo", "host", "port"}:
            raise TypeError("replace() takes authority or its parts, not both")
        current: dict[str, str | None] = {
            name: self.component(COMPONENT_NAMES.index(name))
            for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query")
        }
        current["fragment"] = self.fragment
        current.update(components)
        authority = current["authority"]
        if components.keys() & {"userinfo", "host", "port"}:
            userinfo, host, port = current["userinfo"], current["host"], current["port"]
            authority = (
                ("" if userinfo is None else userinfo + "@")
                + (host or "")
                + ("" if port is None else ":" + port)
            )
        text = ""
        if current["scheme"] is not None:
            text += current["scheme"] + ":"
        path = current["path"] or ""
        if authority is not None:
            text += "//" + authority
            if self.edition.path_after_slash:
                # RFC 1738 §3.1: the "/" after host[:port] separates; it is not in the path
                # (an empty path keeps a separator the URL had; None drops it)
                keep = current["path"] == "" and self.path_separator_span is not None
                if path or keep:
                    path = "/" + path
            elif path and not path.startswith("/"):
                path = "/" + path
        text += path
        if current["query"] is not None:
            text += "?" + current["query"]
        if current["fragment"] is not None:
            text += "#" + current["fragment"]
        from urlinspector.core.parse import parse  # (parse builds URLs: imported late)

        # the wrapper stays: without it a body such as "URL:x:" would read as wrapped
        start, end = self.spans[URI]
        return parse(self.text[:start] + text + self.text[end:], self.edition)

    # output ----------------------------------------------------------------------

    def to_dict(self, charset: str = "utf-8") -> dict[str, Any]:
        """Every field, span and diagnostic, as JSON-ready data (schema in docs/json.md).

        Each component and scheme-specific part gives its text as written and its
        ``decoded`` text: every escape decoded, the octets read in *charset* (octets
        that are not text in it shown as ``\\xNN``).  Raises
        :class:`~urlinspector.core.errors.UnknownCharsetError` for an unknown
        *charset*."""
        scheme = self.scheme
        components: dict[str, Any] = {}
        for index, name in enumerate(COMPONENT_NAMES):
            start, end = self.spans[index]
            if start < 0:
                components[name] = None
                continue
            raw = self.text[start:end]
            components[name] = {
                "text": raw,
                "decoded": _decoded(raw, name, scheme, charset, self.edition),
                "span": [start, end],
            }
        specific = self.specific
        return {
            "input": self.text,
            "edition": self.edition.id,
            "valid": self.is_valid,
            "absolute": self.is_absolute,
            "components": components,
            "host_kind": self.host_kind,
            "port_number": self.port_number,
            "default_port": self.default_port,
            "path_separator_span": (
                list(self.path_separator_span) if self.path_separator_span else None
            ),
            "segments": [{"text": s.text, "span": list(s.span)} for s in self.segments],
            "scheme_specific": None
            if specific is None
            else {
                "scheme": specific.scheme,
                "default_port": specific.default_port,
                "parts": [
                    {
                        "name": name,
                        "text": raw,
                        "decoded": _decoded(raw, name, scheme, charset, self.edition),
                        "span": list(span),
                        "role": role,
                        "rule": rule,
                    }
                    for name, span, raw, role, rule in specific.parts
                ],
                "fields": {k: _jsonable(v) for k, v in specific.fields._asdict().items()},
            },
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


def _decoded(raw: str, component: str, scheme: str | None, charset: str, ed: Edition) -> str:
    """*raw* with its escapes decoded, as :func:`~urlinspector.core.escapes.decode`
    reads them in *component*."""
    if "%" not in raw:
        return raw
    # (the escapes' tables load when first needed: a parse or a fetch needs none)
    from urlinspector.core.escapes import decode

    return decode(raw, component, scheme=scheme, charset=charset, edition=ed).text


def _jsonable(value: object) -> object:
    if isinstance(value, bytes):
        # octets as printable ASCII with every other octet (and "%") escaped as %HH:
        # unambiguous, and readable where the octets are text
        return "".join(chr(b) if 0x20 < b < 0x7F and b != 0x25 else f"%{b:02X}" for b in value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value
