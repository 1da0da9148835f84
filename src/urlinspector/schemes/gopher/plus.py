"""Gopher+ attribute blocks read into values (Gopher+ §2.5, §2.8): the views a +VIEWS
block lists and the fields a +ASK form asks for."""

from __future__ import annotations

import re
from dataclasses import dataclass

from urlinspector.schemes.gopher.events import Attribute

__all__ = ["AskField", "View", "parse_ask", "parse_views"]


@dataclass(frozen=True, slots=True)
class View:
    """One line of a +VIEWS block (Gopher+ §2.5): ``Content-Type [language]: <size>``."""

    content_type: str
    language: str | None
    size: str | None
    """As given, e.g. ``10k``; None when the line has no ``<...>``."""

    @property
    def gopher_plus(self) -> str:
        """The Gopher+ string that asks for this view (RFC 1738 §3.4.8): ``+type language``."""
        return "+" + self.content_type + (f" {self.language}" if self.language else "")


def parse_views(block: Attribute) -> tuple[View, ...]:
    """The views a +VIEWS block lists, the server's preferred one first."""
    views = []
    for line in block.lines:
        label, _, size = line.strip().partition(":")
        if not label:
            continue
        content_type, _, language = label.strip().partition(" ")
        m = re.search(r"<([^>]*)>", size)
        views.append(View(content_type, language.strip() or None, m.group(1) if m else None))
    return tuple(views)


@dataclass(frozen=True, slots=True)
class AskField:
    """One line of a +ASK block (Gopher+ §2.8): ``Ask``, ``AskP``, ``AskL``, ``AskF``,
    ``Select``, ``Choose``, ``ChooseF`` (or another kind), the prompt and the defaults or
    choices that follow it, separated by TABs."""

    kind: str
    prompt: str
    choices: tuple[str, ...]


def parse_ask(block: Attribute) -> tuple[AskField, ...]:
    fields = []
    for line in block.lines:
        kind, colon, rest = line.strip().partition(":")
        if not colon:
            continue
        prompt, *choices = rest.strip().split("\t")
        fields.append(AskField(kind.strip(), prompt.strip(), tuple(choices)))
    return tuple(fields)
