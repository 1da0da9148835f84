"""The documents urlinspector cites, and how a citation names them.

Every citation starts with the name of its document in words a reader knows
(``"RFC 1738 §3.3"``, ``"URL syntax draft 1997 §5.2"``), then its sections.  The five
texts the parser implements ship with the package (:mod:`urlinspector.data`); each has a
seed id (``"000"`` ... ``"004"``), the number of its source file, which the command line
still accepts.  Other documents (RFC 3986, RFC 1436, Gopher+ ...) are cited by name and
are not bundled.

=====  ==============================  ====  =================  ======================
id     name in citations               year  edition            source
=====  ==============================  ====  =================  ======================
004    URL draft 1993                  1993  url-1993           Berners-Lee, IETF URI WG
000    RFC 1738                        1994  rfc1738            draft-ietf-uri-url-07
003    RFC 1738 summary (zh)           --    rfc1738            a Chinese summary
001    URL syntax draft 1997           1997  url-syntax-1997    draft-fielding-url-syntax-05
002    RFC 2396bis draft 2003          2003  rfc2396bis-2003    draft-fielding-uri-rfc2396bis-01
=====  ==============================  ====  =================  ======================

Pure: no files are read here; :mod:`urlinspector.data` loads the texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from urlinspector.core.errors import URLInspectorError

__all__ = [
    "BUNDLED",
    "CITED_ELSEWHERE",
    "DOCUMENTS",
    "Document",
    "UnknownDocumentError",
    "cited_document",
    "find_document",
    "split_citation",
]

HeadingStyle = Literal["lines", "flat", "titles", "cjk"]
"""How a text marks its sections (see :mod:`urlinspector.core.spec_index`):

* ``lines``: numbered headings on lines of their own (``3.2.2. FTP url-path``);
* ``flat``: numbered headings inside text whose line breaks the copy lost;
* ``titles``: unnumbered title lines (the 1993 draft's ``Gopher``, ``BNF syntax``);
* ``cjk``: the Chinese summary's ``1、`` headings.
"""


@dataclass(frozen=True)
class Document:
    """One cited document.  ``file`` is the name of its text in the package data, or
    ``None`` when the text does not ship."""

    id: str
    name: str
    title: str
    year: int | None
    file: str | None = None
    edition: str | None = None
    headings: HeadingStyle = "lines"
    aliases: tuple[str, ...] = ()
    see_also: str | None = None
    """For a document that does not ship: the id of the bundled text closest to it."""

    @property
    def bundled(self) -> bool:
        return self.file is not None

    def names(self) -> tuple[str, ...]:
        """Every way of naming this document that :func:`find_document` accepts."""
        return (self.id, self.name, *self.aliases)


BUNDLED: tuple[Document, ...] = (
    Document(
        "004",
        "URL draft 1993",
        "Uniform Resource Locators (Berners-Lee, IETF URI working group draft)",
        1993,
        "004-url-draft-1993.txt",
        "url-1993",
        "titles",
        ("url-1993", "url1993", "1993"),
    ),
    Document(
        "000",
        "RFC 1738",
        "Uniform Resource Locators (URL) (draft-ietf-uri-url-07)",
        1994,
        "000-rfc1738.txt",
        "rfc1738",
        "lines",
        ("rfc1738", "1738", "1994"),
    ),
    Document(
        "003",
        "RFC 1738 summary (zh)",
        "A Chinese encyclopaedia's summary of RFC 1738 (its layouts and BNF)",
        None,
        "003-rfc1738-summary-zh.txt",
        "rfc1738",
        "cjk",
        ("rfc1738-zh", "1738-zh", "summary", "zh"),
    ),
    Document(
        "001",
        "URL syntax draft 1997",
        "Uniform Resource Locators (URL): Generic Syntax and Semantics "
        "(draft-fielding-url-syntax-05)",
        1997,
        "001-url-syntax-1997.txt",
        "url-syntax-1997",
        "flat",
        ("url-syntax-1997", "1997", "draft-fielding-url-syntax-05"),
    ),
    Document(
        "002",
        "RFC 2396bis draft 2003",
        "Uniform Resource Identifier (URI): Generic Syntax (draft-fielding-uri-rfc2396bis-01)",
        2003,
        "002-rfc2396bis-2003.txt",
        "rfc2396bis-2003",
        "flat",
        ("rfc2396bis-2003", "rfc2396bis", "2396bis", "2003", "draft-fielding-uri-rfc2396bis-01"),
    ),
)
"""The five texts the parser implements, oldest first (the summary beside RFC 1738)."""

CITED_ELSEWHERE: tuple[Document, ...] = (
    Document(
        "RFC 3986",
        "RFC 3986",
        "Uniform Resource Identifier (URI): Generic Syntax",
        2005,
        edition="rfc3986",
        aliases=("rfc3986", "3986"),
        see_also="002",
    ),
    Document("RFC 1808", "RFC 1808", "Relative Uniform Resource Locators", 1995),
    Document("RFC 1436", "RFC 1436", "The Internet Gopher Protocol", 1993),
    Document("Gopher+", "Gopher+", "Gopher+: upward compatible enhancements", 1993),
    Document("RFC 793", "RFC 793", "Transmission Control Protocol", 1981),
    Document("RFC 854", "RFC 854", "Telnet Protocol Specification", 1983),
    Document("RFC 959", "RFC 959", "File Transfer Protocol (FTP)", 1985),
    Document("RFC 3659", "RFC 3659", "Extensions to FTP", 2007),
    Document("RFC 977", "RFC 977", "Network News Transfer Protocol", 1986),
    Document("RFC 2980", "RFC 2980", "Common NNTP Extensions", 2000),
    Document("RFC 3977", "RFC 3977", "Network News Transfer Protocol (NNTP)", 2006),
    Document("RFC 4642", "RFC 4642", "Using TLS with NNTP", 2006),
    Document("RFC 4643", "RFC 4643", "NNTP Extension for Authentication", 2006),
    Document("RFC 5536", "RFC 5536", "Netnews Article Format", 2009),
    Document("RFC 5322", "RFC 5322", "Internet Message Format", 2008),
    Document("RFC 2047", "RFC 2047", "MIME Part Three: Message Header Extensions", 1996),
    Document("RFC 2045", "RFC 2045", "MIME Part One: Format of Internet Message Bodies", 1996),
    Document("RFC 1034", "RFC 1034", "Domain Names: Concepts and Facilities", 1987),
    Document("RFC 2818", "RFC 2818", "HTTP Over TLS", 2000),
    Document("RFC 2732", "RFC 2732", "Format for Literal IPv6 Addresses in URL's", 1999),
    Document("RFC 3492", "RFC 3492", "Punycode", 2003),
    Document("RFC 5890", "RFC 5890", "IDNA: Definitions", 2010),
    Document("RFC 5891", "RFC 5891", "IDNA: Protocol", 2010),
    Document("RFC 6874", "RFC 6874", "IPv6 Zone Identifiers in URIs", 2013),
    Document("UTS #39", "UTS #39", "Unicode Security Mechanisms", None),
    Document("UTS #46", "UTS #46", "Unicode IDNA Compatibility Processing", None),
    Document("WHATWG URL", "WHATWG URL", "URL Standard (what browsers do)", None),
)
"""Documents cited but not bundled: their citations name them, the reader cannot open
them."""

DOCUMENTS: tuple[Document, ...] = BUNDLED + CITED_ELSEWHERE


class UnknownDocumentError(URLInspectorError):
    """No document is known by this name (or its text does not ship)."""

    def __init__(self, name: str, message: str | None = None) -> None:
        known = ", ".join(f"{d.id} ({d.name})" for d in BUNDLED)
        super().__init__(message or f"unknown document {name!r}; the bundled ones are: {known}")
        self.name = name


def _key(name: str) -> str:
    return re.sub(r"[\s_]+", "", name.strip().lower())


_BY_KEY: dict[str, Document] = {_key(k): d for d in DOCUMENTS for k in d.names()}


def find_document(name: str) -> Document:
    """The document *name* names: a seed id (``"000"``), the citation name (``"RFC
    1738"``), an edition id (``"rfc1738"``) or a short form (``"1738"``); case and spaces
    do not matter.  Raises :class:`UnknownDocumentError`."""
    try:
        return _BY_KEY[_key(name)]
    except KeyError:
        raise UnknownDocumentError(name) from None


# Longest names first, so "RFC 1738 summary (zh)" wins over "RFC 1738".
_NAMES = sorted((d.name for d in DOCUMENTS), key=len, reverse=True)
_NAME_RE = re.compile("|".join(re.escape(n) for n in _NAMES))
_SECTION_RE = re.compile(r"(?:§\s*|appendix\s+|Appendix\s+)([A-Z0-9](?:\.?\d+)*)")


def cited_document(citation: str) -> Document | None:
    """The document a citation starts with (``"RFC 1738 §3.3 / §5"`` -> RFC 1738), or
    None when it starts with no known document's name."""
    m = _NAME_RE.match(citation.strip())
    if m is None:
        return None
    rest = citation.strip()[m.end() :]
    if rest and rest[0].isalnum():  # "RFC 17380" is not "RFC 1738"
        return None
    return _BY_KEY[_key(m.group())]


def split_citation(citation: str) -> list[tuple[Document, str | None]]:
    """Every (document, section) a citation names, in order.

    ``"RFC 1738 §3.4.1 / §5"`` gives ``[(RFC 1738, "3.4.1"), (RFC 1738, "5")]``;
    ``"URL draft 1993 (Gopher); RFC 1738 §3.4.1"`` gives ``[(URL draft 1993, "Gopher"),
    (RFC 1738, "3.4.1")]``; a document named without a section gives ``(doc, None)``.
    A section is ``§N[.N...]``, ``appendix X[.N]`` or, for the 1993 draft whose sections
    have no numbers, the title in parentheses after the name.
    """
    found: list[tuple[Document, str | None]] = []
    matches = list(_NAME_RE.finditer(citation))
    for i, m in enumerate(matches):
        if m.end() < len(citation) and citation[m.end()].isalnum():
            continue
        document = _BY_KEY[_key(m.group())]
        end = matches[i + 1].start() if i + 1 < len(matches) else len(citation)
        tail = citation[m.end() : end]
        sections = [s.group(1) for s in _SECTION_RE.finditer(tail)]
        if not sections and document.headings == "titles":
            titled = re.match(r"\s*\(\"?([^;:,)\"]+)", tail)
            if titled:  # "(Gopher; ...)", "(BNF: ...)": a title or the start of one
                sections = [titled.group(1).strip()]
        if not sections:
            found.append((document, None))
        found.extend((document, s) for s in sections)
    return found
