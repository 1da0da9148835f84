"""Comparing two URLs on the comparison ladder (RFC 3986 §6.2): simple string, then
case, escape, dot-segment and scheme-based normalization, each on top of the ones
below it; the first rung at which the two are equal says how they are equivalent."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from urlinspector.core.editions import Edition, get_edition
from urlinspector.core.normalization import RUNGS, citation, normalize, unwrapped
from urlinspector.core.parse import parse

__all__ = ["RUNGS", "Comparison", "Rung", "compare"]


@dataclass(frozen=True)
class Rung:
    """One rung of the ladder: both texts after the normalizations up to it."""

    name: str
    a: str
    b: str
    equal: bool
    citation: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "rung": self.name,
            "a": self.a,
            "b": self.b,
            "equal": self.equal,
            "citation": self.citation,
        }


@dataclass(frozen=True)
class Comparison:
    """The result of :func:`compare`."""

    a: str
    b: str
    equivalent: bool
    rung: str | None
    """The first rung (of :data:`RUNGS`) at which the two are equal; None: different."""
    a_normal: str
    b_normal: str
    ignore_fragment: bool
    edition: str = "rfc3986"
    ladder: tuple[Rung, ...] = ()
    """Every rung, cheapest first."""
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "edition": self.edition,
            "equivalent": self.equivalent,
            "rung": self.rung,
            "a_normal": self.a_normal,
            "b_normal": self.b_normal,
            "ignore_fragment": self.ignore_fragment,
            "ladder": [r.to_dict() for r in self.ladder],
            "notes": list(self.notes),
        }


def _without_fragment(text: str, ed: Edition) -> str:
    url = parse(text, ed)
    fragment = url.span("fragment")
    if fragment is None:
        return text
    return text[: fragment[0] - 1]


def compare(
    a: str, b: str, *, ignore_fragment: bool = False, edition: str | Edition = "rfc3986"
) -> Comparison:
    """Climb the comparison ladder (RFC 3986 §6.2) with *a* and *b*.

    The rung is the first of :data:`RUNGS` at which the two texts are equal: each rung
    applies the normalizations of the rungs below it too, so two URLs equal at one
    rung are equal at every higher rung.  ``ignore_fragment``: compare for retrieval,
    with the fragments set aside (RFC 3986 §6.1).  Wrappers (``<URL:...>``) are not
    part of a URL and are set aside before the first rung.
    """
    for value in (a, b):
        if not isinstance(value, str):
            raise TypeError(f"compare() takes str, not {type(value).__name__}")
    ed = get_edition(edition)
    notes: list[str] = []
    texts: list[str] = []
    for value in (a, b):
        inner, _, _ = unwrapped(value, ed)
        if ignore_fragment:
            inner = _without_fragment(inner, ed)
        texts.append(inner)
    if ignore_fragment:
        where = citation("fragment", ed)
        notes.append(f"fragments set aside: a comparison for retrieval ({where})")
    na = normalize(texts[0], edition=ed.id)
    nb = normalize(texts[1], edition=ed.id)
    for n in (na, nb):
        for note in n.notes:
            if note not in notes:
                notes.append(note)
    same = texts[0] == texts[1]
    ladder = [Rung("simple-string", texts[0], texts[1], same, citation("simple-string", ed))]
    for (step, ta), (_, tb) in zip(na.stages, nb.stages, strict=True):
        ladder.append(Rung(step, ta, tb, ta == tb, citation(step, ed)))
    rung = next((r.name for r in ladder if r.equal), None)
    return Comparison(
        a,
        b,
        rung is not None,
        rung,
        na.text,
        nb.text,
        ignore_fragment,
        ed.id,
        tuple(ladder),
        tuple(notes),
    )
