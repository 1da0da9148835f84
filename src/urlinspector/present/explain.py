"""A parsed URL read out in plain sentences, for learners: one per component and per
scheme-specific part, each with the citation of the section that says so.

>>> [s.text for s in explain(parse("gopher://example.org/7/find%09cats"))][:2]  # doctest: +SKIP
['The scheme `gopher` names the Gopher protocol.', 'The host `example.org` is ...']

Everything a sentence says comes from tables: :data:`SCHEMES` (what a scheme names),
:data:`COMPONENTS` (one row per generic component: its sentence when given, empty and
absent), :data:`HOST_KINDS`, :data:`PARTS` (one row per scheme-specific part, by the
name its spec gives it) and :data:`ABSENT_PARTS` (what applies when a scheme's part is
left out).  Adding a scheme is adding rows, never a branch.

Qt-free: the GUI's Explain tab and ``urlinspector explain`` show the same sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from urlinspector.core import URL
from urlinspector.core.fragment_directive import (
    REFERENCE,
    RULE,
    TEXT_REFERENCE,
    TextDirective,
    fragment_directive,
)
from urlinspector.core.model import COMPONENT_NAMES, UNDEFINED, Span
from urlinspector.present.citations import rule_named, start_of_citation
from urlinspector.present.masking import mask_in_text
from urlinspector.schemes.gopher.itemtypes import type_name

__all__ = [
    "ABSENT_PARTS",
    "COMPONENTS",
    "HOST_KINDS",
    "PARTS",
    "SCHEMES",
    "Sentence",
    "explain",
]


@dataclass(frozen=True)
class Sentence:
    """One sentence about one piece of the URL."""

    topic: str
    """What it is about: a component (``host``) or a part's name (``gophertype``)."""
    text: str
    """The sentence; code (what the URL holds) is quoted in backticks."""
    citation: str
    """The section that says so, e.g. ``"RFC 1738 §3.4"``."""
    span: Span | None = None
    """Where the piece stands in the URL's text (None: it is absent)."""
    rule: str | None = None
    """The grammar rule the piece matched, when the sentence is about one (``gtype``)."""

    @property
    def reference(self) -> str:
        """What the spec reader opens: the citation, with the rule to highlight
        (``"gtype, RFC 1738 §3.4.1 / §5"``)."""
        return self.citation if self.rule is None else f"{self.rule}, {self.citation}"

    def to_dict(self) -> dict[str, object]:
        return {
            "topic": self.topic,
            "text": self.text,
            "citation": self.citation,
            "rule": self.rule,
            "span": None if self.span is None else list(self.span),
        }


@dataclass(frozen=True)
class SchemeInfo:
    what: str
    """What the scheme names, e.g. "the Gopher protocol"."""
    citation: str


SCHEMES: Mapping[str, SchemeInfo] = MappingProxyType(
    {
        "ftp": SchemeInfo("files and directories on an FTP server", "RFC 1738 §3.2"),
        "http": SchemeInfo("a resource of an HTTP (World Wide Web) server", "RFC 1738 §3.3"),
        "https": SchemeInfo("a resource of an HTTP server, reached over TLS", "RFC 2818"),
        "gopher": SchemeInfo("an item of the Gopher protocol", "RFC 1738 §3.4"),
        "mailto": SchemeInfo("an Internet mail address", "RFC 1738 §3.5"),
        "news": SchemeInfo("USENET news: a newsgroup or an article", "RFC 1738 §3.6"),
        "nntp": SchemeInfo("USENET news on one NNTP server", "RFC 1738 §3.7"),
        "telnet": SchemeInfo("an interactive Telnet session", "RFC 1738 §3.8"),
        "wais": SchemeInfo("a Wide Area Information Servers database", "RFC 1738 §3.9"),
        "file": SchemeInfo("a file on a host's file system", "RFC 1738 §3.10"),
        "prospero": SchemeInfo("an object of the Prospero directory service", "RFC 1738 §3.11"),
    }
)
"""What each scheme names, and where (RFC 1738 §3)."""


@dataclass(frozen=True)
class ComponentRow:
    given: str
    """The sentence when the component has text: ``{value}`` is that text."""
    empty: str | None = None
    """When it is present but empty (None: say nothing)."""
    absent: str | None = None
    """When it is undefined (None: say nothing)."""
    cite: str = ""
    """The edition's citation key (:meth:`~urlinspector.core.Edition.cite`); default:
    the component's name."""


COMPONENTS: Mapping[str, ComponentRow] = MappingProxyType(
    {
        "user": ComponentRow(
            "The user name `{value}` is the account to log in as.",
            "The user name is given but empty: not the same as no user name at all.",
            cite="userinfo",
        ),
        "password": ComponentRow(
            "A password is given (`{value}`): it travels in clear text, and anyone who "
            "sees the URL sees it.",
            "The password is given but empty.",
        ),
        "host": ComponentRow(
            "The host `{value}` is {kind}.",
            "The host is empty: {empty_host}.",
        ),
        "path": ComponentRow(
            "The path `{value}` names the resource on the host.",
            "The path is empty.",
        ),
        "query": ComponentRow(
            "The query `{value}` is passed to the resource along with the path.",
            "The query is given but empty (a `?` with nothing after it).",
        ),
        "fragment": ComponentRow(
            "The fragment `{value}` is not sent to the server: the client uses it to "
            "pick a place in what comes back.",
            "The fragment is given but empty.",
        ),
    }
)
"""One row per generic component, in the order they are read out (the scheme and the
port have sentences of their own)."""

HOST_KINDS: Mapping[str | None, str] = MappingProxyType(
    {
        "reg-name": "a registered name, looked up in the DNS",
        "ipv4": "an IPv4 address: no name is looked up",
        "ipv6": "an IPv6 address, written in brackets",
        "ipvfuture": "an address in a future format (IPvFuture)",
        "empty": "empty",
        None: "the name of the machine to contact",
    }
)

EMPTY_HOST: Mapping[str, str] = MappingProxyType(
    {"file": "the file is on the machine that reads the URL (`localhost`)"}
)
"""What an empty host means, by scheme; others: no host is named."""


PartSentence = Callable[[str], str]


def _gophertype(raw: str) -> str:
    kind = type_name(raw)
    return f"The gopher type `{raw}` says what the item is ({kind}); it is not sent to the server."


def _typecode(raw: str) -> str:
    what = _TYPECODES.get(raw.lower(), "a type the client does not know")
    return f"The typecode `{raw}` asks for {what}."


_TYPECODES = {
    "a": "ASCII text: the client sends `TYPE A` and then `RETR`",
    "i": "an image (binary) transfer: `TYPE I` and then `RETR`",
    "d": "a directory listing: the client sends `NLST`",
}


def _say(template: str) -> PartSentence:
    def sentence(raw: str) -> str:
        return template.format(value=raw)

    return sentence


PARTS: Mapping[str, PartSentence] = MappingProxyType(
    {
        # http (RFC 1738 §3.3)
        "http-path": _say("The path `{value}` names the resource on the server."),
        "http-search": _say("The search part `{value}` is sent to the server with the path."),
        # ftp (RFC 1738 §3.2.2)
        "ftp-cwd": _say("The directory `{value}` is entered with a `CWD` command."),
        "ftp-name": _say("The name `{value}` is then retrieved, or listed (see the typecode)."),
        "ftp-typecode": _typecode,
        # gopher (RFC 1738 §3.4)
        "gopher-type": _gophertype,
        "selector": _say("The selector `{value}` is sent to the server to ask for the item."),
        "search": _say(
            "The search string `{value}` is handed to the server's search engine (after "
            "a tab, `%09`, in gopher)."
        ),
        "gopher-plus": _say(
            "The Gopher+ string `{value}` asks a Gopher+ server for more than the "
            "item itself (a view, attributes or a form)."
        ),
        # mailto (RFC 1738 §3.5)
        "mail-address": _say("Mail written with this URL goes to `{value}`."),
        # news, nntp (RFC 1738 §3.6, §3.7)
        "news-group": _say("The newsgroup `{value}` is read (`*`: every newsgroup)."),
        "message-id": _say(
            "The message id `{value}` names one article, on whichever server holds it."
        ),
        "article-number": _say("Article number `{value}` of that group, on this server."),
        # wais (RFC 1738 §3.9)
        "wais-database": _say("The WAIS database `{value}` is asked."),
        "wais-type": _say("The type `{value}` says how to read the document."),
        "wais-path": _say("The path `{value}` names the document inside the database."),
        # file (RFC 1738 §3.10)
        "file-path": _say("The path `{value}` names the file, from the root of its host."),
        # prospero (RFC 1738 §3.11)
        "hsoname": _say("The hsoname `{value}` names the object on the Prospero server."),
        "prospero-field": _say("The field `{value}` qualifies how the object is reached."),
    }
)
"""A sentence per scheme-specific part, by its colour role (the part's raw text in,
the sentence out).  A part whose role is not here reads as "The part NAME is
`text`."."""

ABSENT_PARTS: Mapping[tuple[str, str], tuple[str, str]] = MappingProxyType(
    {
        ("gopher", "gophertype"): (
            "No gopher type is given, so `1` (a menu) is assumed.",
            "RFC 1738 §3.4.1",
        ),
        ("ftp", "typecode"): (
            "No typecode is given: the client guesses the transfer type from the name.",
            "RFC 1738 §3.2.3",
        ),
        ("ftp", "user"): (
            "No user name is given, so the client logs in as `anonymous`.",
            "RFC 1738 §3.2.1",
        ),
    }
)
"""(scheme, part or component) -> the sentence and citation when it is left out."""

_SKIPPED_ROLES = frozenset({"separator", "telnet-slash"})
"""Parts that are delimiters: the sentences of what they delimit say enough."""


def _citation_of(rule: str) -> str:
    start = start_of_citation(rule)
    return rule if start is None else rule[start:]


def _scheme_sentence(url: URL) -> Sentence | None:
    scheme = url.scheme
    if scheme is None:
        return Sentence(
            "scheme",
            "There is no scheme: this is a relative reference, read against a base URL.",
            url.edition.cite("relative"),
        )
    info = SCHEMES.get(scheme.lower())
    span = url.span("scheme")
    if info is None:
        return Sentence(
            "scheme",
            f"The scheme `{scheme}` is not one the specs describe; after the colon the "
            "generic syntax applies.",
            url.edition.cite("scheme"),
            span,
        )
    return Sentence("scheme", f"The scheme `{scheme}` names {info.what}.", info.citation, span)


def _port_sentence(url: URL) -> Sentence | None:
    default = url.default_port
    scheme = (url.scheme or "").lower()
    port = url.port
    cite = url.edition.cite("port")
    if port is None:
        if default is None or url.host is None:
            return None
        info = SCHEMES.get(scheme)
        return Sentence(
            "port",
            f"No port is given, so the default {default} applies.",
            info.citation if info else cite,
        )
    span = url.span("port")
    number = url.port_number
    if port == "":
        tail = f", so the default {default} applies" if default is not None else ""
        return Sentence("port", f"The port is given but empty{tail}.", cite, span)
    if number is None:
        return Sentence("port", f"The port `{port}` is not a number.", cite, span)
    if number == default:
        text = f"The port `{port}` is the scheme's default anyway."
    elif default is not None:
        text = f"The port `{port}` is used instead of the default {default}."
    else:
        text = f"The port `{port}` is the one to connect to."
    return Sentence("port", text, cite, span)


def _component_sentence(
    url: URL, name: str, row: ComponentRow, mask_password: bool
) -> Sentence | None:
    value = url.component(COMPONENT_NAMES.index(name))
    span = url.span(name)
    scheme = (url.scheme or "").lower()
    cite = url.edition.cite(row.cite or name)
    if name == "host" and url.host_kind in url.edition.citations:
        cite = url.edition.cite(url.host_kind)
    if value is None:
        absent = ABSENT_PARTS.get((scheme, name))
        if absent is not None and url.authority is not None:
            return Sentence(name, absent[0], absent[1])
        return None if row.absent is None else Sentence(name, row.absent, cite)
    fields = {
        "value": mask_in_text(value, [(0, len(value))])
        if mask_password and name == "password"
        else value,
        "kind": HOST_KINDS.get(url.host_kind, HOST_KINDS[None]),
        "empty_host": EMPTY_HOST.get(scheme, "no host is named"),
    }
    template = row.given if value else row.empty
    if template is None:
        return None
    return Sentence(name, template.format(**fields), cite, span)


def _part_sentences(url: URL) -> list[Sentence]:
    specific = url.specific
    if specific is None:
        return []
    out: list[Sentence] = []
    for name, span, raw, role, rule in specific.parts:
        if role in _SKIPPED_ROLES:
            continue
        say = PARTS.get(role)
        text = say(raw) if say is not None else f"The part {name} is `{raw}`."
        out.append(Sentence(name, text, _citation_of(rule), span, rule_named(rule)))
    present = {p.name for p in specific.parts}
    for (scheme, name), (text, citation) in ABSENT_PARTS.items():
        if scheme == specific.scheme and name not in COMPONENTS and name not in present:
            out.append(Sentence(name, text, citation))
    return out


def _text_directive_sentence(directive: TextDirective) -> Sentence:
    if not directive.valid:
        text = f"The text directive `{directive.raw}` is ignored by browsers: {directive.problem}."
    else:
        text = f"The text directive asks the browser to scroll to `{directive.start}`"
        if directive.end is not None:
            text += f" and on to `{directive.end}`"
        text += " on the page and highlight it"
        context = [
            f"after `{directive.prefix}`" if directive.prefix is not None else "",
            f"before `{directive.suffix}`" if directive.suffix is not None else "",
        ]
        if any(context):
            text += ", where it stands " + " and ".join(c for c in context if c)
        text += "."
    return Sentence("text directive", text, TEXT_REFERENCE, directive.span)


def _directive_sentences(url: URL) -> list[Sentence]:
    """The fragment directive (``#:~:text=...``): what browsers do with it."""
    found = fragment_directive(url)
    if found is None:
        return []
    out = [
        Sentence(
            "fragment directive",
            f"After `:~:` comes the fragment directive `{found.directive}`: {RULE} (so "
            f"the page sees the fragment `{found.fragment}`).",
            REFERENCE,
            found.span,
        )
    ]
    out += [_text_directive_sentence(d) for d in found.text_directives]
    out += [
        Sentence(
            "directive",
            f"The directive `{d.raw}` is none browsers know: they ignore it.",
            REFERENCE,
            d.span,
        )
        for d in found.other_directives
        if d.raw
    ]
    return out


def explain(url: URL, *, mask_password: bool = False) -> tuple[Sentence, ...]:
    """*url* read out: the scheme, the login, the host and port, then either the
    scheme's own parts (RFC 1738 §3) or the generic path and query, then the fragment;
    one :class:`Sentence` each, with its citation.  With *mask_password* the password
    is masked where a sentence quotes it."""
    if not url.text:
        return ()
    out: list[Sentence] = []
    scheme = _scheme_sentence(url)
    if scheme is not None:
        out.append(scheme)
    parts = _part_sentences(url)
    covered = {"path", "query"} if parts else set()
    for name, row in COMPONENTS.items():
        if name in covered:
            continue
        if name == "fragment":
            out.extend(parts)
            parts = []
        sentence = _component_sentence(url, name, row, mask_password)
        if sentence is not None:
            out.append(sentence)
        if name == "fragment":
            out += _directive_sentences(url)
        if name == "host":
            port = _port_sentence(url)
            if port is not None:
                out.append(port)
    out.extend(parts)
    if url.span("uri") != (0, len(url.text)) and url.spans[0] != UNDEFINED:
        out.append(
            Sentence(
                "wrapper",
                "The `<URL:...>` around it only marks where the URL starts and ends in "
                "running text; it is not part of the URL.",
                url.edition.cite("wrapper"),
            )
        )
    return tuple(out)
