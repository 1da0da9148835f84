"""The parser's own forms of what it finds: the spans of a URL's components, as
:attr:`re.Match.regs` gives a match's groups (a tuple indexed by the constants below,
``(-1, -1)`` where a component is undefined), and each scheme-specific part as a plain
tuple of a :class:`.model.Part`'s fields.

Private to the parser (:mod:`.parse`, :mod:`.checks`, :mod:`.specific`, :mod:`.tables`)
and to the record it builds (:class:`.url.URL`, which keeps them and answers from
them): the validating regular expression's groups are read once, as a tuple, and every
step of the parse indexes it without a call; a part costs a tuple, not a call of its
class, and becomes a :class:`.model.Part` when it is read (``url.scheme_parts``).
Everything else reads the typed records: :class:`.model.Spans`, whose fields are
``Span | None`` (``url.spans.host``, ``url.span("host")``), and :class:`.model.Part`.
A test keeps every other module from importing this one.
"""

from __future__ import annotations

from typing import Final

from urlinspector.core.model import COMPONENT_NAMES, ComponentName, Part, Span, Spans

__all__ = [
    "AUTHORITY",
    "FRAGMENT",
    "HOST",
    "INDEX",
    "PASSWORD",
    "PATH",
    "PORT",
    "QUERY",
    "SCHEME",
    "UNDEFINED",
    "URI",
    "USER",
    "USERINFO",
    "RawPart",
    "Regs",
    "parts",
    "regs_of",
    "typed",
]

Regs = tuple[Span, ...]
"""The generic components' spans, indexed by the constants below; :data:`UNDEFINED`
marks an undefined component (the convention of ``re.Match.regs``)."""

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
"""Indices into :data:`Regs`, in the order of the components in the text, of the fields
of :class:`.model.Spans` and of the groups of the validating regex in :mod:`.tables`."""

UNDEFINED: Final[Span] = (-1, -1)

INDEX: Final[dict[ComponentName, int]] = {name: i for i, name in enumerate(COMPONENT_NAMES)}
"""A component's name -> its index."""

_AS_TYPED: Final[dict[Span, None]] = {UNDEFINED: None}


def typed(regs: Regs) -> Spans:
    """The typed record of *regs*: each undefined component None."""
    uri, scheme, authority, userinfo, user, password, host, port, path, query, fragment = map(
        _AS_TYPED.get, regs, regs
    )
    return Spans(
        uri=uri,
        scheme=scheme,
        authority=authority,
        userinfo=userinfo,
        user=user,
        password=password,
        host=host,
        port=port,
        path=path,
        query=query,
        fragment=fragment,
    )


def regs_of(spans: Spans) -> Regs:
    """The parser's form of *spans*: each undefined component :data:`UNDEFINED`."""
    return tuple(UNDEFINED if span is None else span for span in spans)


RawPart = tuple[str, Span, str, str, str]
"""A scheme-specific part as the parser keeps it: a :class:`.model.Part`'s fields in
its order, ``(name, span, text, role, rule)``."""


def parts(raw: tuple[RawPart, ...]) -> tuple[Part, ...]:
    """The :class:`.model.Part` records of *raw*."""
    return tuple([Part(*part) for part in raw])
