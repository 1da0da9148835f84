"""Look-alike host names: UTS #39 (Unicode Security Mechanisms) and the browsers'
IDN display policies, from ICU's data (PyICU's spoof checker, scripts and names).

ICU is what Chromium's own IDN spoof checker is built on: its confusables
(skeletons), identifier sets (Recommended and Inclusion) and restriction levels are
the data both browsers' policies read.  Everything here is computed from a label's
characters alone: pure and deterministic, cached because hosts repeat.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import icu
import idna

from urlinspector.core.model import Code, Severity, Span
from urlinspector.core.quoting import quoted

__all__ = [
    "POLICIES",
    "CharInfo",
    "DisplayPolicy",
    "HostDisplay",
    "HostFinding",
    "ascii_readings",
    "describe_char",
    "host_display",
    "host_findings",
    "skeleton",
]


# --- one character ------------------------------------------------------------------


@dataclass(frozen=True)
class CharInfo:
    """A character of a host, for people: ``U+0430 CYRILLIC SMALL LETTER A (Cyrillic)``."""

    char: str
    code_point: str
    """``U+0430``."""
    name: str
    """The Unicode name; ``""`` for a character without one."""
    script: str
    """The Unicode Script property's long name (``Cyrillic``, ``Latin``, ``Common``)."""

    @property
    def text(self) -> str:
        name = self.name or "(no name)"
        return f"{self.code_point} {name} ({self.script})"


@lru_cache(maxsize=4096)
def describe_char(char: str) -> CharInfo:
    """Code point, name and script of *char* (one character), for tooltips."""
    if len(char) != 1:
        raise ValueError(f"describe_char() takes one character, not {len(char)}")
    name = icu.Char.charName(char) or unicodedata.name(char, "")
    return CharInfo(char, f"U+{ord(char):04X}", name, icu.Script.getScript(char).getName())


# --- scripts (UTS #39 §5.1) ---------------------------------------------------------------

_ALL = frozenset({"*"})
_AUGMENTED = {
    "Hani": ("Hanb", "Jpan", "Kore"),
    "Hira": ("Jpan",),
    "Kana": ("Jpan",),
    "Hang": ("Kore",),
    "Bopo": ("Hanb",),
}
"""UTS #39 §5.1, augmented script sets: the writing systems that mix these scripts."""


def _script_set(char: str) -> frozenset[str]:
    codes = {icu.Script(c).getShortName() for c in icu.Script.getScriptExtensions(char)}
    if codes & {"Zyyy", "Zinh"}:
        return _ALL  # Common and Inherited go with any script
    for code in list(codes):
        codes.update(_AUGMENTED.get(code, ()))
    return frozenset(codes)


def _resolved_scripts(label: str) -> frozenset[str]:
    """UTS #39 §5.1 resolved script set: what every character's scripts share."""
    resolved = _ALL
    for char in label:
        scripts = _script_set(char)
        if scripts is _ALL:
            continue
        resolved = scripts if resolved is _ALL else resolved & scripts
    return resolved


def _script_names(label: str) -> list[str]:
    names = {describe_char(c).script for c in label}
    return sorted(names - {"Common", "Inherited"})


# --- the checks --------------------------------------------------------------------------


@cache
def _checker() -> Any:
    return icu.SpoofChecker()


def _skeleton(text: str) -> str:
    """UTS #39 §4 skeleton: what *text* looks like, as ICU's confusables data says."""
    return str(_checker().getSkeleton(0, text))


def skeleton(text: str) -> str:
    """UTS #39 §4 skeleton of *text* (ICU): two strings that look alike have the same."""
    return _skeleton(text)


READINGS_LIMIT = 8
"""The most ASCII readings of one label kept (each ambiguous letter doubles them)."""


def _letter_readings(char: str) -> tuple[str, ...]:
    """The ASCII letters (or digits) *char* is read as: its skeleton, and the skeleton
    of its capital when that is another (the palochka ``ӏ`` is confusable with ``i``,
    its capital ``Ӏ`` with ``l``: drawn as one stroke, it reads as either); none when
    it has no ASCII look-alike."""
    found: list[str] = []
    for form in (char, char.upper()):
        reading = _skeleton(form).lower()
        if reading.isascii() and reading.isalnum() and reading not in found:
            found.append(reading)
        if form == char and not found:
            return ()
    return tuple(found)


@lru_cache(maxsize=1024)
def ascii_readings(label: str) -> tuple[str, ...]:
    """The ASCII names *label* can be read as, each non-ASCII character replaced by
    an ASCII one it is confusable with (:func:`_letter_readings`), its skeleton's
    reading first; none when a character has no ASCII look-alike, or all are ASCII."""
    if label.isascii():
        return ()
    readings = [""]
    for char in label:
        options = (char,) if char.isascii() else _letter_readings(char)
        if not options:
            return ()
        readings = [r + o for r in readings for o in options][:READINGS_LIMIT]
    return tuple(readings)


def _ascii_lookalike(label: str) -> str | None:
    """*label*'s first ASCII reading (:func:`ascii_readings`), or None."""
    readings = ascii_readings(label)
    return readings[0] if readings else None


def _looks_like(label: str) -> str:
    """``'appie' or 'apple'``: what *label* reads as, each reading quoted."""
    return " or ".join(quoted(r) for r in ascii_readings(label))


def _has(char: str, prop: Any) -> bool:
    return bool(icu.Char.hasBinaryProperty(char, prop))


@dataclass(frozen=True)
class HostFinding:
    """A look-alike finding on a host: ``span`` is relative to the host as given."""

    code: Code
    severity: Severity
    span: Span
    message: str
    reference: str


UTS39 = "UTS #39"


def _char_findings(written: str, start: int) -> list[HostFinding]:
    """Invisible and bidi-control characters in a label as written at *start*."""
    found: list[HostFinding] = []
    for i, char in enumerate(written):
        if char.isascii():
            continue
        if _has(char, icu.UProperty.BIDI_CONTROL):
            found.append(
                HostFinding(
                    "bidi-control",
                    "warning",
                    (start + i, start + i + 1),
                    f"{describe_char(char).text} in the host reorders the text around it: "
                    "what is shown is not the order of the characters",
                    f"{UTS39} §3.1 (Bidi_Control), Unicode Bidirectional Algorithm",
                )
            )
        elif _has(char, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT):
            found.append(
                HostFinding(
                    "invisible-char",
                    "warning",
                    (start + i, start + i + 1),
                    f"{describe_char(char).text} in the host is invisible",
                    f"{UTS39} §3.1 (Default_Ignorable_Code_Point)",
                )
            )
    return found


def _label_findings(label: str, whole: Span) -> list[HostFinding]:
    """Script and look-alike findings on one Unicode *label*, written at *whole*."""
    found: list[HostFinding] = []
    if label.isascii():
        return found
    resolved = _resolved_scripts(label)
    lookalike = _ascii_lookalike(label)
    scripts = _script_names(label)
    if not resolved:
        message = f"host label {quoted(label)} mixes scripts ({', '.join(scripts)})"
        if lookalike is not None:
            message += f": it looks like {_looks_like(label)}"
        found.append(
            HostFinding(
                "mixed-script",
                "warning",
                whole,
                message + " — a look-alike of another name?",
                f"{UTS39} §5.1 (mixed-script detection)",
            )
        )
    elif lookalike is not None and scripts and "Latin" not in scripts:
        found.append(
            HostFinding(
                "whole-script-confusable",
                "warning",
                whole,
                f"host label {quoted(label)} is all {', '.join(scripts)}, yet every letter looks "
                f"like a Latin one: it looks like {_looks_like(label)}",
                f"{UTS39} §4 (whole-script confusables)",
            )
        )
    elif lookalike is not None:
        found.append(
            HostFinding(
                "confusable-skeleton",
                "warning",
                whole,
                f"host label {quoted(label)} looks like the ASCII {_looks_like(label)}: its "
                "non-ASCII letters are confusable with ASCII ones",
                f"{UTS39} §4 (confusable detection, skeleton)",
            )
        )
    return found


# --- the browsers' IDN display policies ----------------------------------------------------


@dataclass(frozen=True)
class DisplayPolicy:
    """When a browser shows a label in Unicode and when as punycode (``xn--``).

    Both browsers apply UTS #39 with ICU's or the same Unicode data: a restriction
    level on mixing scripts, characters limited to the identifier sets (Recommended
    and Inclusion), no invisible characters, no mixed numbering systems, and no
    label made only of letters that pass for Latin ones under an ASCII top-level
    domain.  Their further hand-made lists (single characters, Kana patterns, top
    domains' skeletons) are not reproduced: where they differ, a browser shows
    punycode more often than this says, never less."""

    browser: str
    restriction: str
    """An ICU ``URestrictionLevel`` name (UTS #39 §5.2)."""
    deviations: bool
    """Whether a UTS #46 deviation character (ß, ς, ZWJ, ZWNJ) forces punycode."""
    reference: str


POLICIES: tuple[DisplayPolicy, ...] = (
    DisplayPolicy(
        "Chromium",
        "HIGHLY_RESTRICTIVE",
        True,
        "Chromium IDN display policy (components/url_formatter, IDN spoof checker)",
    ),
    DisplayPolicy(
        "Firefox",
        "MODERATELY_RESTRICTIVE",
        False,
        "Firefox IDN display policy (network.IDN.restriction_profile, moderate)",
    ),
)

_CHECKS = ("CHAR_LIMIT", "INVISIBLE", "MIXED_NUMBERS", "RESTRICTION_LEVEL")
"""ICU's checks, the most specific first (a character outside the identifier sets
fails the restriction level too)."""
_CHECK_REASONS = {
    "RESTRICTION_LEVEL": "mixes scripts",
    "INVISIBLE": "holds an invisible character",
    "MIXED_NUMBERS": "mixes digits of several numbering systems",
    "CHAR_LIMIT": "holds characters outside Unicode's identifier sets",
}


@cache
def _policy_checker(restriction: str) -> Any:
    checker = icu.SpoofChecker()
    checker.setRestrictionLevel(getattr(icu.URestrictionLevel, restriction))
    checks = 0
    for name in _CHECKS:
        checks |= int(getattr(icu.USpoofChecks, name))
    checker.setChecks(checks)
    allowed = icu.UnicodeSet(checker.getRecommendedUnicodeSet())
    allowed.addAll(checker.getInclusionUnicodeSet())
    checker.setAllowedUnicodeSet(allowed)
    return checker


@cache
def _uts46() -> Any:
    return icu.IDNA(icu.IDNA.CHECK_NONTRANSITIONAL_TO_ASCII)


def _has_deviation(label: str) -> bool:
    """Whether *label* holds a UTS #46 deviation character (§2.3): one that
    transitional and nontransitional processing map differently."""
    info = icu.IDNAInfo()
    _uts46().labelToASCII(label, info)
    return bool(info.isTransitionalDifferent())


def _latin_lookalike(label: str, tld: str) -> bool:
    """A label of one non-Latin script whose every letter passes for a Latin one,
    under a top-level domain that is not of that script."""
    scripts = _script_names(label)
    if len(scripts) != 1 or scripts == ["Latin"] or _ascii_lookalike(label) is None:
        return False
    return scripts[0] not in _script_names(tld)


@lru_cache(maxsize=4096)
def punycode_reason(policy: DisplayPolicy, label: str, tld: str) -> str | None:
    """Why *policy* shows the Unicode *label* (under *tld*) as punycode; None when
    it shows it as it is."""
    if label.isascii():
        return None
    result = int(_policy_checker(policy.restriction).check(label))
    for name in _CHECKS:
        if result & int(getattr(icu.USpoofChecks, name)):
            return _CHECK_REASONS[name]
    if policy.deviations and _has_deviation(label):
        return "holds a UTS #46 deviation character"
    if _latin_lookalike(label, tld):
        return "passes for a Latin name"
    return None


@dataclass(frozen=True)
class HostDisplay:
    """How browsers' address bars show a host."""

    unicode: str
    """Every IDN label in Unicode."""
    ascii: str
    """Every IDN label as punycode: what is sent to DNS."""
    shown: tuple[tuple[str, str], ...]
    """``(browser, host as shown)`` for each policy of :data:`POLICIES`."""
    reasons: tuple[tuple[str, str, str], ...]
    """``(browser, label, reason)`` for every label a browser shows as punycode."""

    @property
    def punycode_shown(self) -> bool:
        """Whether some browser shows some label as punycode."""
        return bool(self.reasons)

    def shown_by(self, browser: str) -> str:
        return dict(self.shown)[browser]

    def to_dict(self) -> dict[str, object]:
        return {
            "unicode": self.unicode,
            "ascii": self.ascii,
            "shown": dict(self.shown),
            "punycode_because": [
                {"browser": b, "label": label, "reason": r} for b, label, r in self.reasons
            ],
        }


def _mapped(label: str) -> str:
    """*label* as UTS #46 maps it (case, full-width forms, ignored characters)."""
    try:
        return str(idna.uts46_remap(label, std3_rules=False, transitional=False))
    except (idna.IDNAError, UnicodeError, ValueError):
        return label.lower()


def _to_unicode(label: str) -> str:
    if label[:4].lower() != "xn--":
        return label
    try:
        return str(idna.decode(label))
    except (idna.IDNAError, UnicodeError, ValueError):
        return label


def _to_ascii(label: str) -> str:
    if label.isascii():
        return label
    try:
        return idna.encode(label, uts46=True).decode("ascii")
    except (idna.IDNAError, UnicodeError, ValueError):
        return label


@lru_cache(maxsize=1024)
def host_display(host: str) -> HostDisplay | None:
    """How Chromium and Firefox show *host* (a domain, ASCII or not); None when it
    holds no IDN label (nothing to show otherwise)."""
    if host.isascii() and "xn--" not in host.lower():
        return None
    labels = [_to_unicode(_mapped(label)) for label in host.split(".")]
    if all(label.isascii() for label in labels):
        return None  # (full-width or upper-case ASCII, mapped)
    ascii_labels = [_to_ascii(label) for label in labels]
    if not all(label.isascii() for label in ascii_labels):
        return None  # no IDNA form: browsers refuse the host, and show nothing
    tld = labels[-1] if labels[-1] or len(labels) < 2 else labels[-2]
    shown = []
    reasons = []
    for policy in POLICIES:
        out = []
        for label in labels:
            reason = punycode_reason(policy, label, tld) if label else None
            if reason is None:
                out.append(label)
            else:
                out.append(ascii_labels[len(out)])
                reasons.append((policy.browser, label, reason))
        shown.append((policy.browser, ".".join(out)))
    return HostDisplay(
        ".".join(labels),
        ".".join(ascii_labels),
        tuple(shown),
        tuple(reasons),
    )


# --- a whole host --------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def host_findings(host: str) -> tuple[HostFinding, ...]:
    """Look-alike findings on *host* (as written or as browsers read it): invisible
    and bidi-control characters, mixed scripts, whole-script and skeleton look-alikes
    (UTS #39), and the labels the browsers would show as punycode.  Spans are
    relative to *host*: a character's where it stands as given, else its label's."""
    if host.isascii() and "xn--" not in host.lower():
        return ()
    found: list[HostFinding] = []
    pos = 0
    mapped_labels = []
    for written in host.split("."):
        found += _char_findings(written, pos)
        mapped = _mapped(written)
        mapped_labels.append(mapped)
        whole = (pos, pos + len(written))
        for label in _to_unicode(mapped).split("."):  # (a mapped full stop splits it)
            found += _label_findings(label, whole)
        pos += len(written) + 1
    display = host_display(".".join(mapped_labels))
    if display is not None and display.punycode_shown:
        browsers = sorted({b for b, _, _ in display.reasons})
        why = sorted({f"{quoted(label)} {reason}" for _, label, reason in display.reasons})
        shown = display.shown_by(browsers[0])
        found.append(
            HostFinding(
                "idn-punycode",
                "warning",
                (0, len(host)),
                f"{' and '.join(browsers)} show this host as {quoted(shown)}, not in Unicode: "
                + "; ".join(why),
                "; ".join(p.reference for p in POLICIES if p.browser in browsers),
            )
        )
    return tuple(found)
