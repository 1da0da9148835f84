"""The resolved target of the reference in the address bar: resolved against the base
under an edition, or why there is none (and what a person probably meant)."""

from __future__ import annotations

from dataclasses import dataclass

from urlinspector.core import EDITIONS, URL, URLInspectorError, parse
from urlinspector.core.guess import Guess, guess_absolute
from urlinspector.core.resolution import Resolution, resolve

__all__ = ["Target", "target_for"]


@dataclass(frozen=True)
class Target:
    """What the reference in the address bar points to."""

    text: str | None
    """The absolute target URL; None when there is none (no base for a relative
    reference, or a base that is not absolute)."""
    same_document: bool
    """An empty or fragment-only reference: no new retrieval (URL syntax draft 1997 §3,
    RFC 2396bis draft 2003 §4.2)."""
    message: str
    """One line for people: how the target was found, or why there is none."""
    resolution: Resolution | None = None
    guess: Guess | None = None
    """For a relative reference with no base: what a person probably meant."""
    error: bool = False


def target_for(
    reference: str, base: str, edition: str, *, trace: bool = False, url: URL | None = None
) -> Target:
    """Resolve *reference* against *base* (empty: no base) under *edition*."""
    if url is None:
        url = parse(reference, edition)
    if not base.strip():
        if url.is_absolute:
            return Target(reference, False, "absolute: no base needed")
        guess = guess_absolute(reference) if reference.strip() else None
        message = "a relative reference: give a base URL to resolve it"
        if guess is not None:
            message += f" (or did you mean {guess.url}?)"
        return Target(None, False, message, guess=guess)
    try:
        resolution = resolve(base, reference, edition, trace=trace)
    except (URLInspectorError, ValueError) as exc:
        return Target(None, False, str(exc), error=True)
    label = EDITIONS[resolution.edition].label if resolution.edition in EDITIONS else edition
    message = (
        "same document: no new retrieval (URL syntax draft 1997 §3, RFC 2396bis draft 2003 §4.2)"
        if resolution.same_document
        else f"resolved against the base by {label} (the Resolution trace tab shows the steps)"
    )
    if resolution.notes:
        message += " — " + "; ".join(resolution.notes)
    return Target(resolution.target, resolution.same_document, message, resolution)
