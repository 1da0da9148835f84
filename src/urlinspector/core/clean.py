"""Clean links: the tracking parameters of a URL removed by the rules of ClearURLs.

ClearURLs (github.com/ClearURLs) keeps, for each *provider* (a site or a tracking
service), the parameters it adds to follow people (``utm_source``, ``fbclid``,
Amazon's ``pd_rd_*`` ...).  :func:`parse_clearurls` reads its published
``data.min.json`` (shipped as package data: :func:`urlinspector.data.clearurls`) into
:class:`ClearRules`; :func:`clean` applies them to a URL as the add-on does
(``removeFieldsFormURL`` in its ``clearurls.js``): for each provider whose
``urlPattern`` matches the URL and none of whose ``exceptions`` does, the ``rawRules``
are cut out of the URL and each query or fragment parameter whose name matches one of
its ``rules`` or ``referralMarketing`` rules (``^rule$``, without regard to case) is
removed.

Unlike the add-on, nothing is followed or blocked: a provider's ``redirections`` (a
link whose target is in a parameter) are reported as unwrapping (:class:`Redirection`),
and a provider that is a tracker as a whole (``completeProvider``) is named.  The
parameters are removed from the URL as browsers serialize it, every other character
left as it was (not re-encoded, unlike the add-on's ``URLSearchParams``), and the
rules are applied until nothing more is removed, so that ``clean`` of a clean URL
gives it back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import unquote

from urlinspector.core.browser import browser_reading
from urlinspector.core.model import Span
from urlinspector.core.query import QueryParam, params_of, without_params
from urlinspector.core.url import URL

__all__ = [
    "Cleaned",
    "ClearRules",
    "Provider",
    "Redirection",
    "Removed",
    "clean",
    "parse_clearurls",
]

MAX_ROUNDS = 8
"""The most times the rules are applied to one URL (each round only removes; a URL
needs a second round only when a raw rule uncovers a parameter)."""

RuleKind = Literal["rule", "referral", "raw"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One parameter rule of a provider: the expression as published, and what it
    matches (a whole parameter name)."""

    text: str
    kind: RuleKind
    pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class Provider:
    """One provider of the rules."""

    name: str
    url_pattern: re.Pattern[str]
    complete: bool
    rules: tuple[Rule, ...]
    """Its ``rules``, then its ``referralMarketing``."""
    raw_rules: tuple[Rule, ...]
    exceptions: tuple[re.Pattern[str], ...]
    redirections: tuple[re.Pattern[str], ...]

    def applies(self, url: str) -> bool:
        """Its pattern matches *url* and none of its exceptions does."""
        return self.url_pattern.search(url) is not None and not any(
            e.search(url) for e in self.exceptions
        )


@dataclass(frozen=True, slots=True)
class ClearRules:
    """The providers of a ClearURLs rules file, in its order."""

    providers: tuple[Provider, ...]


def _compiled(expression: str) -> re.Pattern[str]:
    # the add-on's RegExp(expression, "i"); JavaScript's "\/" is Python's "/"
    return re.compile(expression, re.IGNORECASE)


def _provider(name: str, data: Mapping[str, Any]) -> Provider:
    def rules(key: str, kind: RuleKind, whole: bool) -> tuple[Rule, ...]:
        return tuple(
            Rule(text=text, kind=kind, pattern=_compiled(f"(?:{text})" if whole else text))
            for text in data.get(key, ())
        )

    return Provider(
        name=name,
        url_pattern=_compiled(data.get("urlPattern", "")),
        complete=bool(data.get("completeProvider", False)),
        rules=rules("rules", "rule", True) + rules("referralMarketing", "referral", True),
        raw_rules=rules("rawRules", "raw", False),
        exceptions=tuple(_compiled(e) for e in data.get("exceptions", ())),
        redirections=tuple(_compiled(r) for r in data.get("redirections", ())),
    )


def parse_clearurls(text: str) -> ClearRules:
    """The rules of a ClearURLs ``data.min.json``.  Raises ValueError for a text that
    is not such a file (``re.error`` is a ValueError: an expression Python cannot
    read)."""
    document = json.loads(text)
    providers = document.get("providers") if isinstance(document, dict) else None
    if not isinstance(providers, dict):
        raise ValueError("not a ClearURLs rules file: it has no 'providers' object")
    return ClearRules(providers=tuple(_provider(name, data) for name, data in providers.items()))


# --- the results -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Removed:
    """One parameter (or raw match) removed."""

    component: Literal["query", "fragment", "url"]
    """Where it was: a query or fragment parameter, or (a raw rule) anywhere."""
    key: str | None
    """The parameter's name, decoded (None for a raw rule's match)."""
    value: str | None
    raw: str
    """As written: the parameter's piece, or the text a raw rule matched."""
    provider: str
    rule: str
    """The rule as published."""
    kind: RuleKind

    def to_dict(self) -> dict[str, object]:
        return {
            "component": self.component,
            "key": self.key,
            "value": self.value,
            "raw": self.raw,
            "provider": self.provider,
            "rule": self.rule,
            "kind": self.kind,
        }


@dataclass(frozen=True, slots=True)
class Redirection:
    """A redirect link a provider's rules recognise: where it leads, not followed."""

    provider: str
    rule: str
    target: str
    """The link's target, percent-decoded as the add-on decodes it."""

    def to_dict(self) -> dict[str, object]:
        return {"provider": self.provider, "rule": self.rule, "target": self.target}


@dataclass(frozen=True, slots=True)
class Cleaned:
    """What :func:`clean` made of a URL."""

    url: str
    """The URL given (its text inside any ``<URL:...>`` wrapper)."""
    clean: str | None
    """The URL as browsers serialize it, tracking parameters removed; None when
    browsers reject the URL."""
    removed: tuple[Removed, ...] = ()
    redirections: tuple[Redirection, ...] = ()
    blocked_by: tuple[str, ...] = ()
    """Providers that are trackers as a whole (the add-on blocks their URLs)."""
    error: str | None = None

    @property
    def changed(self) -> bool:
        return bool(self.removed)

    def to_dict(self) -> dict[str, object]:
        return {
            "url": self.url,
            "clean": self.clean,
            "changed": self.changed,
            "removed": [r.to_dict() for r in self.removed],
            "redirections": [r.to_dict() for r in self.redirections],
            "blocked_by": list(self.blocked_by),
            "error": self.error,
        }


# --- cleaning ----------------------------------------------------------------------------


def _parsed(href: str) -> URL:
    from urlinspector.core.parse import parse  # (the parser imports the checks)

    return parse(href)


def _raw_rules(provider: Provider, href: str, removed: list[Removed]) -> str:
    for rule in provider.raw_rules:
        matches = [m.group() for m in rule.pattern.finditer(href) if m.group()]
        if matches:
            href = rule.pattern.sub("", href)
            removed += [
                Removed(
                    component="url",
                    key=None,
                    value=None,
                    raw=text,
                    provider=provider.name,
                    rule=rule.text,
                    kind=rule.kind,
                )
                for text in matches
            ]
    return href


def _rule_for(provider: Provider, key: str) -> Rule | None:
    return next((r for r in provider.rules if r.pattern.fullmatch(key)), None)


def _without(
    provider: Provider, url: URL, component: Literal["query", "fragment"], removed: list[Removed]
) -> str:
    """``url.text`` without the parameters of *component* a rule of *provider* matches."""
    span: Span | None = url.span(component)
    if span is None:
        return url.text
    params = params_of(url, span)
    hits: dict[Span, Rule] = {}
    for p in params:
        # the add-on's keys: the query's decoded (URLSearchParams), the fragment's raw
        key = p.key if component == "query" else p.raw.partition("=")[0]
        rule = _rule_for(provider, key) if key else None
        if rule is not None:
            hits[p.span] = rule
    if not hits:
        return url.text

    def drop(p: QueryParam) -> bool:
        return p.span in hits

    text, gone = without_params(url, params, drop)
    removed += [
        Removed(
            component=component,
            key=p.key,
            value=p.value,
            raw=p.raw,
            provider=provider.name,
            rule=hits[p.span].text,
            kind=hits[p.span].kind,
        )
        for p in gone
    ]
    return text


def _redirection(provider: Provider, href: str) -> Redirection | None:
    for pattern in provider.redirections:
        found = pattern.search(href)
        if found is not None and found.groups() and found.group(1):
            return Redirection(
                provider=provider.name, rule=pattern.pattern, target=unquote(found.group(1))
            )
    return None


def _round(rules: ClearRules, href: str, found: _Found) -> str:
    """One pass of every provider over *href*; the URL after it."""
    for provider in rules.providers:
        if not provider.applies(href):
            continue
        redirect = _redirection(provider, href)
        if redirect is not None and redirect not in found.redirections:
            found.redirections.append(redirect)
        if provider.complete and provider.name not in found.blocked:
            found.blocked.append(provider.name)
        href = _raw_rules(provider, href, found.removed)
        if not provider.rules:
            continue
        for component in _PARAMETER_COMPONENTS:
            href = _without(provider, _parsed(href), component, found.removed)
    return href


_PARAMETER_COMPONENTS: tuple[Literal["query", "fragment"], ...] = ("query", "fragment")


@dataclass(slots=True)
class _Found:
    removed: list[Removed]
    redirections: list[Redirection]
    blocked: list[str]


def clean(url: URL, rules: ClearRules) -> Cleaned:
    """*url* (as browsers read it) without the tracking parameters *rules* name;
    never raises for a parsed URL."""
    reading = browser_reading(url.uri)
    if not reading.valid or reading.href is None:
        return Cleaned(url=url.uri, clean=None, error=reading.error or "browsers reject this URL")
    href = reading.href
    found = _Found(removed=[], redirections=[], blocked=[])
    for _ in range(MAX_ROUNDS):
        after = browser_reading(_round(rules, href, found)).href or href
        if after == href:
            break
        href = after
    return Cleaned(
        url=url.uri,
        clean=href,
        removed=tuple(found.removed),
        redirections=tuple(found.redirections),
        blocked_by=tuple(found.blocked),
    )


def providers_named(rules: ClearRules, names: Iterable[str]) -> ClearRules:
    """The providers of *rules* with these names, in the rules' order (for tests and
    for a caller that wants some of them)."""
    wanted = set(names)
    return ClearRules(providers=tuple(p for p in rules.providers if p.name in wanted))
