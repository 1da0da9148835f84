"""The result of :func:`~.parse.parse`: a URL's text, every component's span, its
host kind, diagnostics, what the scheme's own syntax makes of it, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from urlinspector.core._raw import (
    AUTHORITY,
    FRAGMENT,
    HOST,
    INDEX,
    PASSWORD,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    URI,
    USER,
    USERINFO,
    RawPart,
    Regs,
    parts,
    typed,
)
from urlinspector.core.editions import Edition
from urlinspector.core.model import (
    COMPONENT_NAMES,
    ComponentName,
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

__all__ = ["KEEP", "URL", "Keep", "Segment"]

_DEFAULT_PORTS: dict[str | None, int] = dict(DEFAULT_PORTS.items())
"""(A dict reads faster than a mapping proxy.)"""


class Segment(NamedTuple):
    """A path segment and its span."""

    text: str
    span: Span


class Keep(Enum):
    """The type of :data:`KEEP`."""

    KEEP = "keep"


KEEP: Final = Keep.KEEP
"""What a component of :meth:`URL.replace` is when it is not given: kept as it is."""

_Given = str | None | Literal[Keep.KEEP]


class URL:
    """The result of :func:`parse`: immutable; every component with its span.

    Attributes: ``text`` (exactly what was parsed; every span indexes into it),
    ``edition``, ``host_kind``, ``diagnostics``, and what the scheme's own syntax (RFC
    1738 §3) makes of the URL: ``scheme_parts`` (see :class:`.model.Part`) and
    ``scheme_fields`` (the scheme's record, one of :data:`.specific.SchemeFields` such
    as ``FtpFields``; None for a scheme without one).  :attr:`specific` groups those
    two with the scheme and its default port.  Where each component stands is
    :attr:`spans` (a :class:`.model.Spans` record: ``url.spans.host``) or
    :meth:`span` (``url.span("host")``).

    Undefined components are ``None``, empty ones ``""``: ``ftp://@host.com/`` has an
    empty user, ``ftp://host.com/`` has none (RFC 1738 §3.1).

    The parser builds it (:func:`~.parse.parse`), from its own form of the spans
    (:mod:`._raw`), by position: ``URL(text, edition, regs, host_kind, diagnostics,
    scheme_parts, scheme_fields)``.  A class with slots rather than a NamedTuple, so
    that the parser's form stays its own (a tuple's every field is public) and a URL is
    built with one call of ``__init__``; two URLs are equal when all of this is.
    """

    __slots__ = (
        "_parts",
        "_regs",
        "diagnostics",
        "edition",
        "host_kind",
        "scheme_fields",
        "text",
    )

    text: Final[str]
    edition: Final[Edition]
    _regs: Final[Regs]
    host_kind: Final[HostKind | None]
    diagnostics: Final[tuple[Diagnostic, ...]]
    _parts: Final[tuple[RawPart, ...]]
    scheme_fields: Final[SchemeFields | None]

    def __init__(
        self,
        text: str,
        edition: Edition,
        regs: Regs,
        host_kind: HostKind | None,
        diagnostics: tuple[Diagnostic, ...],
        raw_parts: tuple[RawPart, ...],
        scheme_fields: SchemeFields | None,
    ) -> None:
        self.text = text
        self.edition = edition
        self._regs = regs
        self.host_kind = host_kind
        self.diagnostics = diagnostics
        self._parts = raw_parts
        self.scheme_fields = scheme_fields

    def _key(self) -> tuple[object, ...]:
        return (
            self.text,
            self.edition,
            self._regs,
            self.host_kind,
            self.diagnostics,
            self._parts,
            self.scheme_fields,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URL):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[URL], tuple[object, ...]]:
        return URL, self._key()

    def with_diagnostics(self, diagnostics: tuple[Diagnostic, ...]) -> URL:
        """This URL with *diagnostics* in place of its own (a front end's findings
        added to the parse's: :meth:`.destinations.Destination.annotated`)."""
        return URL(
            self.text,
            self.edition,
            self._regs,
            self.host_kind,
            diagnostics,
            self._parts,
            self.scheme_fields,
        )

    def __repr__(self) -> str:
        return f"<URL {self.text!r} edition={self.edition.id}>"

    # components -------------------------------------------------------------------

    @property
    def scheme_parts(self) -> tuple[Part, ...]:
        """What the scheme's own syntax (RFC 1738 §3) names in the URL, in the order of
        the text: each a :class:`.model.Part` (a record made on each call from what the
        parser keeps)."""
        return parts(self._parts)

    @property
    def spans(self) -> Spans:
        """Where each generic component stands: ``url.spans.host`` is the host's
        ``(start, end)`` in :attr:`text`, None without a host (a record made on each
        call: :meth:`span` reads one)."""
        return typed(self._regs)

    def span(self, name: ComponentName) -> Span | None:
        """The span of a component by name (``"host"``, ``"query"`` ...), or None."""
        span = self._regs[INDEX[name]]
        return None if span[0] < 0 else span

    def component(self, name: ComponentName) -> str | None:
        """The text of a component by name (``"host"``, ``"query"`` ...), or None."""
        start, end = self._regs[INDEX[name]]
        return None if start < 0 else self.text[start:end]

    def _text_at(self, index: int) -> str | None:
        start, end = self._regs[index]
        return None if start < 0 else self.text[start:end]

    @property
    def uri_span(self) -> Span:
        """The span of :attr:`uri`: the URL inside any wrapper (always defined)."""
        return self._regs[URI]

    @property
    def uri(self) -> str:
        """The URL without any ``<URL:...>`` wrapper."""
        start, end = self._regs[URI]
        return self.text[start:end]

    @property
    def scheme(self) -> str | None:
        """Scheme, as written."""
        return self._text_at(SCHEME)

    @property
    def authority(self) -> str | None:
        """Authority (site, login)."""
        return self._text_at(AUTHORITY)

    @property
    def userinfo(self) -> str | None:
        """Userinfo, before the @."""
        return self._text_at(USERINFO)

    @property
    def user(self) -> str | None:
        """User name, as written."""
        return self._text_at(USER)

    @property
    def password(self) -> str | None:
        """Password, as written."""
        return self._text_at(PASSWORD)

    @property
    def host(self) -> str | None:
        """Host, as written."""
        return self._text_at(HOST)

    @property
    def port(self) -> str | None:
        """Port, as written."""
        return self._text_at(PORT)

    @property
    def path(self) -> str | None:
        """Path (url-path), as written."""
        return self._text_at(PATH)

    @property
    def query(self) -> str | None:
        """Query (searchpart), as written."""
        return self._text_at(QUERY)

    @property
    def fragment(self) -> str | None:
        """Fragment, as written."""
        return self._text_at(FRAGMENT)

    @property
    def specific(self) -> SchemeParts | None:
        """What the scheme's own syntax (RFC 1738 §3) makes of the URL: its parts and
        fields with the scheme (in lower case) and its default port; None for a
        scheme without specific syntax, or no scheme."""
        fields = self.scheme_fields
        if fields is None:
            return None
        start, end = self._regs[SCHEME]
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
        start, end = self._regs[PORT]
        return port_value(self.text[start:end]) if start >= 0 else None

    @property
    def default_port(self) -> int | None:
        return default_port(self._text_at(SCHEME))

    @property
    def effective_port(self) -> int | None:
        """The port a client would use: the written one, else the scheme's default."""
        number = self.port_number
        return number if number is not None else self.default_port

    @property
    def path_separator_span(self) -> Span | None:
        """The ``/`` after host[:port] that RFC 1738 §3.1 says is not part of the url-path."""
        if not self.edition.path_after_slash or self._regs[AUTHORITY][0] < 0:
            return None
        start = self._regs[PATH][0]
        if start > 0 and self.text[start - 1] == "/" and start - 1 >= self._regs[AUTHORITY][1]:
            return (start - 1, start)
        return None

    @property
    def segments(self) -> tuple[Segment, ...]:
        """The path's segments with spans; a leading ``/`` opens no empty segment."""
        start, end = self._regs[PATH]
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
        return self._regs[SCHEME][0] >= 0

    @property
    def is_relative(self) -> bool:
        return self._regs[SCHEME][0] < 0

    @property
    def has_wrapper(self) -> bool:
        return self._regs[URI] != (0, len(self.text))

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
        scheme = self._text_at(SCHEME)
        if scheme is not None:
            parts += [scheme, ":"]
        authority = self._text_at(AUTHORITY)
        if authority is not None:
            parts += ["//", authority]
            if self.path_separator_span is not None:
                parts.append("/")
        parts.append(self._text_at(PATH) or "")
        query = self._text_at(QUERY)
        if query is not None:
            parts += ["?", query]
        fragment = self._text_at(FRAGMENT)
        if fragment is not None:
            parts += ["#", fragment]
        body = "".join(parts)
        if not wrapper:
            return body
        start, end = self._regs[URI]
        return self.text[:start] + body + self.text[end:]

    def replace(
        self,
        *,
        scheme: _Given = KEEP,
        authority: _Given = KEEP,
        userinfo: _Given = KEEP,
        host: _Given = KEEP,
        port: _Given = KEEP,
        path: _Given = KEEP,
        query: _Given = KEEP,
        fragment: _Given = KEEP,
    ) -> URL:
        """A new URL with some generic components replaced, parsed afresh under the
        same edition, inside the same ``<URL:...>`` wrapper if there was one.  A
        component not given (:data:`KEEP`) stays as it is; ``None`` removes it.  The
        authority is given whole or by its parts (userinfo, host, port), not both."""
        parts_given = (userinfo, host, port) != (KEEP, KEEP, KEEP)
        if authority is not KEEP and parts_given:
            raise TypeError("replace() takes authority or its parts, not both")
        if parts_given:
            authority = _authority(
                self.userinfo if userinfo is KEEP else userinfo,
                self.host if host is KEEP else host,
                self.port if port is KEEP else port,
            )
        body = self._recomposed(
            self.scheme if scheme is KEEP else scheme,
            self.authority if authority is KEEP else authority,
            path,
            self.query if query is KEEP else query,
            self.fragment if fragment is KEEP else fragment,
        )
        from urlinspector.core.parse import parse  # (parse builds URLs: imported late)

        # the wrapper stays: without it a body such as "URL:x:" would read as wrapped
        start, end = self._regs[URI]
        return parse(self.text[:start] + body + self.text[end:], self.edition)

    def _recomposed(
        self,
        scheme: str | None,
        authority: str | None,
        path: _Given,
        query: str | None,
        fragment: str | None,
    ) -> str:
        """The text of :meth:`replace`'s URL; *path* may be :data:`KEEP`."""
        written = self.path if path is KEEP else path
        text = "" if scheme is None else scheme + ":"
        path_text = written or ""
        if authority is not None:
            text += "//" + authority
            if self.edition.path_after_slash:
                # RFC 1738 §3.1: the "/" after host[:port] separates; it is not in the path
                # (an empty path keeps a separator the URL had; None drops it)
                keep = written == "" and self.path_separator_span is not None
                if path_text or keep:
                    path_text = "/" + path_text
            elif path_text and not path_text.startswith("/"):
                path_text = "/" + path_text
        text += path_text
        if query is not None:
            text += "?" + query
        if fragment is not None:
            text += "#" + fragment
        return text

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
            start, end = self._regs[index]
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


def _authority(userinfo: str | None, host: str | None, port: str | None) -> str:
    """``userinfo@host:port``, without what is None."""
    return (
        ("" if userinfo is None else userinfo + "@")
        + (host or "")
        + ("" if port is None else ":" + port)
    )


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
