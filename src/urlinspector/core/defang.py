"""Defanging: a URL written so that no program makes a link of it, for a ticket, a
report or a chat, in the forms security tools read back (:mod:`.refang`).

The scheme is written in its defanged form where the trade has one (``hxxp``,
``hxxps``, ``fxp``, ``fxps``: CyberChef's "Defang URL", iocextract's ``defang``), else
its ``:`` as ``[:]``; every dot of the host as ``[.]``:
``https://evil.example/x`` becomes ``hxxps://evil[.]example/x``, which
:func:`~urlinspector.core.extraction.extract` re-fangs to the same URL.  A scheme
written in capitals keeps them, with ``[:]`` after it (``HTTP[:]//EVIL[.]EXAMPLE``):
re-fanging reads ``hxxp`` as ``http`` in lower case.

A wrapped link's recipient identifiers (Safe Links' ``data``, Proofpoint's ``r``:
:mod:`.recipients`) are dropped first: a link pasted into a ticket should not say who
received it.  :attr:`Defanged.refangs_to` is what extraction reads back from the
defanged text, so a URL that holds a defanged form already (``/a[.]b``) shows that
the round trip changes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from urlinspector.core.model import URI, Span
from urlinspector.core.recipients import RecipientIdentifier
from urlinspector.core.refang import DEFANGED_FORMS
from urlinspector.core.url import URL

__all__ = ["DEFANGED_SCHEMES", "DefangChange", "Defanged", "defang"]

DEFANGED_SCHEMES: Mapping[str, str] = MappingProxyType(
    {f.meaning: f.written for f in DEFANGED_FORMS if f.place == "scheme"}
)
"""Scheme -> its defanged form: the scheme rows of the re-fanging table, read the
other way (one table for both directions)."""

_SEPARATOR = next(f.written for f in DEFANGED_FORMS if f.place == "separator" and f.meaning == ":")
_DOT = "[.]"


@dataclass(frozen=True, slots=True)
class DefangChange:
    """One piece of the URL written otherwise."""

    span: Span
    """Where the piece is in :attr:`Defanged.url`."""
    written: str
    """The piece as the URL writes it (``https``, ``.``, ``:``)."""
    defanged: str
    """What the defanged text writes instead (``hxxps``, ``[.]``, ``[:]``)."""

    def to_dict(self) -> dict[str, object]:
        return {"span": list(self.span), "written": self.written, "defanged": self.defanged}


@dataclass(frozen=True, slots=True)
class Defanged:
    """What :func:`defang` made of a URL."""

    text: str
    """The defanged URL."""
    url: str
    """The URL that was defanged: the one given (inside any ``<URL:...>`` wrapper),
    less its recipient identifiers."""
    changes: tuple[DefangChange, ...]
    dropped: tuple[RecipientIdentifier, ...]
    """The recipient identifiers taken out of a wrapped link."""
    refangs_to: str | None
    """What re-fanging reads back from :attr:`text` (extraction finds it as one URL);
    None when extraction finds no one URL in it."""

    @property
    def round_trip(self) -> bool:
        """Re-fanging the text gives :attr:`url` back."""
        return self.refangs_to == self.url

    def to_dict(self) -> dict[str, object]:
        return {
            "defanged": self.text,
            "url": self.url,
            "changes": [c.to_dict() for c in self.changes],
            "dropped": [r.to_dict() for r in self.dropped],
            "refangs_to": self.refangs_to,
            "round_trip": self.round_trip,
        }


def _changes(url: URL, offset: int) -> list[DefangChange]:
    """The pieces of *url* (whose URI starts at *offset* in its text) to write
    otherwise, with spans into the URI."""
    changes: list[DefangChange] = []
    scheme = url.span("scheme")
    if scheme is not None:
        start, end = scheme
        written = url.text[start:end]
        form = DEFANGED_SCHEMES.get(written)  # (lower case only: "HTTP" gets "[:]")
        if form is not None:
            span = (start - offset, end - offset)
            changes.append(DefangChange(span=span, written=written, defanged=form))
        else:
            span = (end - offset, end + 1 - offset)
            changes.append(DefangChange(span=span, written=":", defanged=_SEPARATOR))
    host = url.span("host")
    if host is not None:
        start, end = host
        text = url.text
        changes += [
            DefangChange(span=(i - offset, i + 1 - offset), written=".", defanged=_DOT)
            for i in range(start, end)
            if text[i] == "."
        ]
    return changes


def _applied(text: str, changes: list[DefangChange]) -> str:
    parts: list[str] = []
    pos = 0
    for change in changes:
        start, end = change.span
        parts += (text[pos:start], change.defanged)
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def _read_back(text: str) -> str | None:
    from urlinspector.core.extraction import extract  # (ICU's sets: loaded when needed)

    found = extract(text)
    if len(found) != 1 or found[0].url_span != (0, len(text)):
        return None
    return found[0].url


def defang(url: URL) -> Defanged:
    """*url* (as written, inside any ``<URL:...>`` wrapper) defanged, its recipient
    identifiers dropped first."""
    from urlinspector.core.parse import parse  # (the parser imports the checks)
    from urlinspector.core.wrappers import without_recipients

    text, dropped = without_recipients(url)
    if dropped:
        url = parse(text, url.edition)
    offset = url.spans[URI][0]
    changes = _changes(url, offset)
    defanged = _applied(url.uri, changes)
    return Defanged(
        text=defanged,
        url=url.uri,
        changes=tuple(changes),
        dropped=dropped,
        refangs_to=_read_back(defanged),
    )
