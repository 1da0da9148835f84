"""Wrapped links, unwrapped offline: the link-protection and redirect services that
put the URL you will really reach inside one of their own (Microsoft Safe Links,
Proofpoint URL Defense, Google's and Facebook's redirects, ...).

:data:`WRAPPERS` is the one table: each row names a wrapper, how to recognise it (the
host browsers contact and the path) and how to read the URL inside it, with the source
of the format.  :func:`unwrap` follows the rows from the outside in, at most
:data:`MAX_DEPTH` wrappers deep, and returns an :class:`Unwrapping`.  Nothing is
contacted: a wrapper whose target is held by its service (Mimecast, ``t.co``) is named,
and the unwrapping stops there.  A malformed wrapper (no parameter, bad base64) gives a
note, never an exception.

A row's ``recipients`` say where the wrapper's links identify who received them
(:mod:`.recipients`): each wrapper taken off reports them, as ``privacy`` findings, and
:func:`without_recipients` gives a copy of a link without them.
"""

from __future__ import annotations

import binascii
import html
import re
from base64 import b64decode
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from urllib.parse import unquote, unquote_plus

from urlinspector.core.browser import BrowserReading, browser_reading
from urlinspector.core.model import Diagnostic, Span
from urlinspector.core.query import query_params, without_params
from urlinspector.core.quoting import quoted
from urlinspector.core.recipients import (
    Located,
    RecipientField,
    RecipientIdentifier,
    locate,
    proofpoint_v3_token,
    recipient_parameter,
    safe_links_data,
)
from urlinspector.core.url import URL

__all__ = [
    "MAX_DEPTH",
    "NOT_WRAPPED",
    "WRAPPERS",
    "Unwrapping",
    "WrapStep",
    "Wrapper",
    "WrapperError",
    "is_wrapper_host",
    "recipients_in",
    "unwrap",
    "unwrapping_findings",
    "without_recipients",
]

MAX_DEPTH = 10
"""The most wrappers :func:`unwrap` takes off one URL."""


class WrapperError(ValueError):
    """A wrapper recognised, but the URL inside it cannot be read (a missing
    parameter, bad base64): the message says why, for people."""


Extract = Callable[[BrowserReading], tuple[str, str]]
"""Reads the URL inside a wrapper's browsers' reading: ``(inner URL, where it came
from)``; raises :class:`WrapperError` when it cannot."""


@dataclass(frozen=True, slots=True)
class Wrapper:
    """One row of :data:`WRAPPERS`."""

    name: str
    """For people: ``Microsoft Safe Links``."""
    host: str
    """A regular expression the whole host (as browsers contact it) matches."""
    path: str
    """A regular expression the whole path (as browsers read it) matches."""
    extract: Extract | None
    """How to read the URL inside; None for a wrapper whose target only its
    service knows (the link holds a key, not the URL)."""
    reference: str
    """Where the format is documented, in a few words (the findings cite it)."""
    source: str
    """The addresses of that documentation, or of real samples of the format."""
    recipients: tuple[RecipientField, ...] = ()
    """Where its links identify who received them (:mod:`.recipients`)."""

    def matches(self, reading: BrowserReading) -> bool:
        return (
            reading.host is not None
            and reading.path is not None
            and re.fullmatch(self.host, reading.host) is not None
            and re.fullmatch(self.path, reading.path) is not None
        )


@dataclass(frozen=True, slots=True)
class WrapStep:
    """One wrapper taken off: the wrapper's name, the URL it wraps (read from the
    wrapper's link) and the parameter or part of the link it came from."""

    wrapper: str
    url: str
    parameter: str
    recipients: tuple[RecipientIdentifier, ...] = ()
    """What the wrapper's link says of who received it."""

    def to_dict(self) -> dict[str, object]:
        return {
            "wrapper": self.wrapper,
            "url": self.url,
            "parameter": self.parameter,
            "recipients": [r.to_dict() for r in self.recipients],
        }


@dataclass(frozen=True, slots=True)
class Unwrapping:
    """What :func:`unwrap` found: the wrappers taken off, outermost first, the URL
    inside the last one, a wrapper that cannot be read offline, and why it stopped."""

    chain: tuple[WrapStep, ...] = ()
    final: str | None = None
    """The URL inside the innermost wrapper taken off; None when none was."""
    final_host: str | None = None
    """The host browsers contact for :attr:`final`."""
    opaque: str | None = None
    """The name of a wrapper met whose target only its service knows."""
    note: str | None = None
    """Why unwrapping stopped early (a malformed wrapper, a loop, the depth limit)."""
    stopped_at: str | None = None
    """The wrapper the note is about."""

    @property
    def wrappers(self) -> tuple[str, ...]:
        return tuple(step.wrapper for step in self.chain)

    @property
    def recipients(self) -> tuple[RecipientIdentifier, ...]:
        """The recipient identifiers of every wrapper taken off, outermost first."""
        return tuple(r for step in self.chain for r in step.recipients)

    @property
    def clause(self) -> str:
        """What the verdict line adds: ``; following it sends you on to evil.example
        (Microsoft Safe Links)``, or ``""`` for a URL no wrapper was taken off."""
        if not self.chain:
            return ""
        names = ", ".join(self.wrappers)
        return f"; following it sends you on to {self.final_host or self.final} ({names})"

    def to_dict(self) -> dict[str, object]:
        return {
            "chain": [step.to_dict() for step in self.chain],
            "final": self.final,
            "final_host": self.final_host,
            "opaque": self.opaque,
            "note": self.note,
        }


NOT_WRAPPED = Unwrapping()
"""The unwrapping of a URL no wrapper was found around."""


# --- reading the URL inside ---------------------------------------------------------


def _raw_param(query: str | None, names: Sequence[str]) -> tuple[str, str]:
    """The value of the first of *names* present in *query*, as written (not yet
    decoded), and its name (application/x-www-form-urlencoded: ``&``-separated
    ``name=value`` pairs; WHATWG URL §5.1)."""
    pairs = [part.partition("=") for part in (query or "").split("&")]
    for name in names:
        for key, eq, value in pairs:
            if eq and unquote_plus(key) == name:
                return value, name
    wanted = " or ".join(names)
    raise WrapperError(f"its {wanted} parameter is missing")


def _param(*names: str, decode: Callable[[str], str] = unquote_plus) -> Extract:
    """The URL is the value of the first of *names* in the query, *decode*\\ d."""

    def extract(reading: BrowserReading) -> tuple[str, str]:
        raw, name = _raw_param(reading.query, names)
        return decode(raw), name

    return extract


def _proofpoint_v1(raw: str) -> str:
    # percent-decoded, then HTML character references (Proofpoint's decoder)
    return html.unescape(unquote(raw))


_V2_TRANSLATION = str.maketrans("-_", "%/")


def _proofpoint_v2(raw: str) -> str:
    # "-" stands for "%" and "_" for "/", then as v1 (Proofpoint's decoder)
    return html.unescape(unquote(raw.translate(_V2_TRANSLATION)))


_V3_LINK = re.compile(r"/v3/__(?P<url>.+?)__;(?P<bytes>[^!]*)!")
_V3_TOKEN = re.compile(r"\*(\*.)?")
_V3_SINGLE_SLASH = re.compile(r"^([a-z0-9+.-]+:/)([^/].+)", re.IGNORECASE)
_V3_RUN_LENGTHS = {
    ch: length
    for length, ch in enumerate(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", start=2
    )
}
"""``**X`` stands for a run of replaced characters: ``A`` two, ``B`` three, ... ``_``
sixty-five (Proofpoint's decoder, ``v3_run_mapping``)."""


def _v3_replaced(encoded: str) -> str:
    """The characters Proofpoint took out of the URL, in order: the URL-safe base64
    between ``__;`` and ``!``, unpadded, of their UTF-8."""
    try:
        padded = encoded.translate(str.maketrans("-_", "+/")) + "=" * (-len(encoded) % 4)
        return b64decode(padded, validate=True).decode("utf-8")
    except (binascii.Error, ValueError) as exc:  # UnicodeDecodeError is a ValueError
        raise WrapperError(f"its replaced characters are not base64 of UTF-8 ({exc})") from None


def _tail(reading: BrowserReading) -> str:
    """The path, query and fragment of *reading*, as browsers serialize them."""
    tail = reading.path or ""
    if reading.query is not None:
        tail += "?" + reading.query
    if reading.fragment is not None:
        tail += "#" + reading.fragment
    return tail


def _proofpoint_v3(reading: BrowserReading) -> tuple[str, str]:
    """``/v3/__URL__;BASE64!...``: the URL with each character Proofpoint replaced
    written as ``*`` (one) or ``**X`` (a run), the replaced characters in the base64."""
    found = _V3_LINK.match(_tail(reading))
    if found is None:
        raise WrapperError("its __URL__;…! part is missing")
    url = unquote(_V3_SINGLE_SLASH.sub(r"\1/\2", found["url"], count=1))
    replaced = _v3_replaced(found["bytes"])
    out: list[str] = []
    at = taken = 0
    for token in _V3_TOKEN.finditer(url):
        run = token[1]
        count = 1 if run is None else _V3_RUN_LENGTHS.get(run[1], 0)
        if count == 0:
            raise WrapperError(f"{quoted(token[0])} is no run of replaced characters")
        if taken + count > len(replaced):
            raise WrapperError("its base64 holds fewer replaced characters than its * stand for")
        out += (url[at : token.start()], replaced[taken : taken + count])
        taken += count
        at = token.end()
    out.append(url[at:])
    return "".join(out), "__URL__ (its * filled from the base64 after __;)"


def _path_tail(reading: BrowserReading) -> tuple[str, str]:
    """The URL written whole after the first path segment: ``/TOKEN/https://…``."""
    _, slash, inner = _tail(reading)[1:].partition("/")
    if not slash or not inner:
        raise WrapperError("no URL follows its first path segment")
    return inner, "the path after its first segment"


# --- the table -----------------------------------------------------------------------

_PROOFPOINT = (
    "https://help.proofpoint.com/Threat_Insight_Dashboard/Concepts/"
    "How_do_I_decode_a_rewritten_URL%3F (its urldecoder.py); samples: "
    "https://help.proofpoint.com/Threat_Insight_Dashboard/API_Documentation/URL_Decoder_API"
)
_CLEARURLS = "https://github.com/ClearURLs/Rules (data.min.json, the provider's redirections)"

_SAFE_LINKS_DATA = recipient_parameter(
    "data",
    "the recipient's address and the tenant's id",
    "Queen's University IT Services, Security Features FAQ: Safe Links is keyed to each "
    "recipient's mailbox, the URL is unique to you "
    "(https://www.queensu.ca/its/microsoft-office-365/security-features/faq); the "
    "recipient's address in the link: https://github.com/MicrosoftDocs/microsoft-365-docs/"
    "issues/2913; samples: https://github.com/vilega/O365Troubleshooters/issues/167, "
    "https://github.com/RyanDFIR/unfurl/issues/153",
    safe_links_data,
)
_PROOFPOINT_R = recipient_parameter(
    "r",
    "an identifier tied to the recipient's address",
    "cardi/proofpoint-url-decoder, decode parameters: r is a unique identifier tied to "
    "the email address (https://github.com/cardi/proofpoint-url-decoder/issues/1)",
)
_PROOFPOINT_V3_TOKEN = proofpoint_v3_token(
    "a token for the message and its recipient (the v3 form of v2's r)",
    "the v3 layout __URL__;BYTES!!ORG!TOKEN$: https://kb.wisc.edu/132654; Proofpoint TAP "
    "reports each click with the recipient's address: https://help.okta.com/en/prod/"
    "Content/Topics/Workflows/connector-reference/proofpoint/actions/"
    "readpermittedmaliciousclicks.htm",
)

WRAPPERS: tuple[Wrapper, ...] = (
    Wrapper(
        "Microsoft Safe Links",
        r"[a-z0-9-]+\.safelinks\.protection\.(?:outlook\.com|office365\.us)",
        r"/.*",
        _param("url"),
        "Microsoft Learn, Safe Links in Microsoft Defender for Office 365",
        "https://learn.microsoft.com/defender-office-365/safe-links-about; the url "
        "parameter as Microsoft's O365Troubleshooters Start-DecodeSafeLinksURL.ps1 reads it "
        "(https://www.powershellgallery.com/packages/O365Troubleshooters)",
        (_SAFE_LINKS_DATA,),
    ),
    Wrapper(
        "Microsoft Safe Links (Teams)",
        r"statics(?:int)?\.teams\.cdn\.office\.net",
        r"/evergreen-assets/safelinks/\d+/atp-safelinks\.html",
        _param("url"),
        "Microsoft Learn, Safe Links in Microsoft Defender for Office 365 (Teams)",
        "https://learn.microsoft.com/defender-office-365/safe-links-about; links as Teams "
        "shows them, e.g. https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/"
        "atp-safelinks.html?url=https%3A%2F%2Fstats.libretexts.org%2F...",
    ),
    Wrapper(
        "Proofpoint URL Defense v1",
        r"urldefense(?:\.proofpoint)?\.com",
        r"/v1/url",
        _param("u", decode=_proofpoint_v1),
        "Proofpoint, How do I decode a rewritten URL? (v1)",
        _PROOFPOINT,
        (_PROOFPOINT_R,),
    ),
    Wrapper(
        "Proofpoint URL Defense v2",
        r"urldefense(?:\.proofpoint)?\.com",
        r"/v2/url",
        _param("u", decode=_proofpoint_v2),
        "Proofpoint, How do I decode a rewritten URL? (v2)",
        _PROOFPOINT,
        (_PROOFPOINT_R,),
    ),
    Wrapper(
        "Proofpoint URL Defense v3",
        r"urldefense(?:\.proofpoint)?\.com",
        r"/v3/.*",
        _proofpoint_v3,
        "Proofpoint, How do I decode a rewritten URL? (v3)",
        _PROOFPOINT,
        (_PROOFPOINT_V3_TOKEN,),
    ),
    Wrapper(
        "Google redirect",
        r"(?:www\.)?google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})",
        r"/url",
        _param("q", "url"),
        "ClearURLs rules, google: /url?q= or url=",
        _CLEARURLS,
    ),
    Wrapper(
        "Facebook link shim",
        r"lm?\.facebook\.com",
        r"/l\.php",
        _param("u"),
        "Facebook, Link Shim; ClearURLs rules, facebook: l.php?u=",
        "https://www.facebook.com/note.php?note_id=10150492832835766; " + _CLEARURLS,
    ),
    Wrapper(
        "Barracuda Link Protection",
        r"linkprotect\.cudasvc\.com",
        r"/url",
        _param("a"),
        "Barracuda Campus, Understanding Link Protection",
        "https://campus.barracuda.com/doc/49055519",
    ),
    Wrapper(
        "Slack redirect",
        r"slack-redir\.net",
        r"/link",
        _param("url"),
        "ClearURLs rules, slack: slack-redir.net/link?url=",
        _CLEARURLS,
    ),
    Wrapper(
        "LinkedIn redirect",
        r"(?:www\.)?linkedin\.com",
        r"/redir/redirect|/safety/go",
        _param("url"),
        "ClearURLs rules, linkedin: /redir/redirect?url=",
        _CLEARURLS + "; /safety/go?url=: https://github.com/lyubomyr-shaydariv/uu-webext",
    ),
    Wrapper(
        "Trend Micro Click-Time Protection",
        r"(?:[a-z0-9-]+\.)*trendmicro\.com",
        r"/wis/clicktime/v[12]/(?:clickthrough|query)",
        _param("url"),
        "Trend Micro clicktime links (real samples)",
        "https://github.com/binref/refinery (test/units/pattern/test_urlguards.py)",
    ),
    Wrapper(
        "Cisco Secure Email URL rewriting",
        r"secure-web\.cisco\.com",
        r"/[^/]+/[a-zA-Z][a-zA-Z0-9+.-]*:.*",
        _path_tail,
        "University of Texas ITS, URL Scanning and Rewriting for Email Links",
        "https://utsubdev2.service-now.com/utss/KAhome.do?number=KB0015830",
    ),
    Wrapper(
        "Mimecast URL Protect",
        r"protect(?:-[a-z]+)?\.mimecast\.com|url\.[a-z]+\.[am]\.mimecastprotect\.com",
        r"/s/.*",
        None,
        "Mimecast, Targeted Threat Protection - URL Protect",
        "https://mimecastsupport.zendesk.com/hc/en-us/articles/34000364820371 (the "
        "mimecastprotect.com hosts); https://mimecastsupport.zendesk.com/hc/en-us/articles/"
        "34000782363539 (verifying a URL needs Mimecast's servers)",
    ),
    Wrapper(
        "X (Twitter) t.co link",
        r"t\.co",
        r"/[A-Za-z0-9]+",
        None,
        "X Developer Platform, t.co links",
        "https://developer.twitter.com/en/docs/basics/tco",
    ),
)
"""Every wrapper known, one row each; the first whose host and path match is used."""


# --- unwrapping ----------------------------------------------------------------------


def is_wrapper_host(host: str | None, wrappers: Sequence[Wrapper] = WRAPPERS) -> bool:
    """Whether a wrapper of *wrappers* is served from *host* (as browsers contact
    it): when not, :func:`unwrap` finds no wrapper around a URL to that host, and a
    caller that judges a host once for many URLs can leave it out."""
    if host is None:
        return False
    pattern = _known_hosts() if wrappers is WRAPPERS else _any_host(tuple(wrappers))
    return pattern.fullmatch(host) is not None


@cache
def _known_hosts() -> re.Pattern[str]:
    """:func:`_any_host` of :data:`WRAPPERS`, without hashing its rows at each call."""
    return _any_host(WRAPPERS)


@lru_cache(maxsize=8)
def _any_host(wrappers: tuple[Wrapper, ...]) -> re.Pattern[str]:
    """One pattern the whole host matches when one of *wrappers*' hosts does: their
    alternation, each in a group of its own (a host is matched once, not once a
    wrapper)."""
    return re.compile("|".join(f"(?:{w.host})" for w in wrappers) or "(?!)")


def _wrapper_of(reading: BrowserReading, wrappers: Sequence[Wrapper]) -> Wrapper | None:
    if not reading.valid:
        return None
    return next((w for w in wrappers if w.matches(reading)), None)


def _take_off(
    wrapper: Wrapper, reading: BrowserReading, depth: int, seen: set[str]
) -> WrapStep | str:
    """The step that takes *wrapper* off the URL of *reading*, or why it cannot (a
    note): *depth* wrappers are off already, *seen* holds the URLs met so far."""
    if wrapper.extract is None:
        return (
            f"{wrapper.name} keeps where its link leads on its servers: it cannot be read offline"
        )
    if depth == MAX_DEPTH:
        return f"more than {MAX_DEPTH} wrappers deep: unwrapping stopped at {wrapper.name}"
    try:
        inner, parameter = wrapper.extract(reading)
    except WrapperError as exc:
        return f"{wrapper.name} link that cannot be unwrapped: {exc}"
    href = browser_reading(inner).href
    if href is None:
        shown = quoted(inner, 120)
        return f"{wrapper.name} link whose {parameter} holds no URL browsers accept: {shown}"
    if href in seen:
        return f"{wrapper.name} wraps {quoted(inner, 120)} again: a loop, unwrapping stopped"
    seen.add(href)
    # the URL as the wrapper holds it (browsers' serialization is for comparing only)
    recipients = recipients_in(wrapper, reading.href) if wrapper.recipients else ()
    return WrapStep(wrapper=wrapper.name, url=inner, parameter=parameter, recipients=recipients)


def recipients_in(wrapper: Wrapper, link: str | None) -> tuple[RecipientIdentifier, ...]:
    """The recipient identifiers of *wrapper*'s row in *link* (one of its links)."""
    if link is None or not wrapper.recipients:
        return ()
    from urlinspector.core.parse import parse  # (the parser imports the host checks)

    located = locate(wrapper.name, wrapper.recipients, parse(link))
    return tuple(found.identifier for found in located)


def unwrap(url: str, wrappers: Sequence[Wrapper] = WRAPPERS) -> Unwrapping:
    """Take the wrappers of *wrappers* off *url* (a URL as browsers read it), from the
    outside in, at most :data:`MAX_DEPTH` deep.  Never raises for a ``str``."""
    chain: list[WrapStep] = []
    reading = browser_reading(url)
    seen = {reading.href or url}
    while (wrapper := _wrapper_of(reading, wrappers)) is not None:
        step = _take_off(wrapper, reading, len(chain), seen)
        if isinstance(step, str):
            opaque = wrapper.name if wrapper.extract is None else None
            return Unwrapping(tuple(chain), *_final(chain), opaque, step, wrapper.name)
        chain.append(step)
        reading = browser_reading(step.url)
    return Unwrapping(tuple(chain), *_final(chain))


def _final(chain: list[WrapStep]) -> tuple[str | None, str | None]:
    """The URL inside the innermost wrapper taken off, and the host browsers contact."""
    if not chain:
        return None, None
    return chain[-1].url, browser_reading(chain[-1].url).host


def _reference(name: str | None) -> str:
    return next((w.reference for w in WRAPPERS if w.name == name), "")


def _recipient_finding(identifier: RecipientIdentifier, span: Span) -> Diagnostic:
    said = identifier.holds
    if identifier.address is not None:
        said += f" ({identifier.address})"
    return Diagnostic(
        code="recipient-identifier",
        severity="warning",
        category="privacy",
        span=span,
        message=f"{identifier.where} of this {identifier.wrapper} link holds {said}: "
        "forwarding or sharing the link tells whoever opens it who received it, and their "
        "click is counted as that person's; a defanged or unwrapped copy drops it",
        reference=identifier.reference,
    )


def unwrapping_findings(found: Unwrapping, span: Span) -> list[Diagnostic]:
    """The findings on *found* (for the URL at *span*): where a wrapped link sends
    you, a wrapper that cannot be read offline, a malformed one (``security``), and
    who received the link, as the wrappers' links say it (``privacy``)."""
    findings = [_recipient_finding(r, span) for r in found.recipients]
    if found.chain:
        names = ", which wraps ".join(found.wrappers)
        where = found.final_host or "no host"
        message = f"{names} wraps {found.final}: following it sends you on to {where}"
        reference = _reference(found.wrappers[0])
        findings.append(
            Diagnostic(
                code="wrapped-link",
                severity="warning",
                category="security",
                span=span,
                message=message,
                reference=reference,
            )
        )
    if found.note is not None:
        code = "opaque-wrapper" if found.opaque else "wrapper-unreadable"
        reference = _reference(found.stopped_at)
        findings.append(
            Diagnostic(
                code=code,
                severity="info",
                category="security",
                span=span,
                message=found.note,
                reference=reference,
            )
        )
    return findings


def without_recipients(url: URL) -> tuple[str, tuple[RecipientIdentifier, ...]]:
    """The text of *url* without the recipient identifiers of the wrapper around it
    (its query pieces with one ``&`` beside each, the token of a Proofpoint v3 link),
    every other character as written; and the identifiers dropped.  Identifiers of
    wrappers nested inside it stay (they are inside its encoded parameter): unwrapping
    drops those."""
    reading = browser_reading(url.uri)
    wrapper = _wrapper_of(reading, WRAPPERS)
    if wrapper is None or not wrapper.recipients:
        return url.text, ()
    located = locate(wrapper.name, wrapper.recipients, url)
    if not located:
        return url.text, ()
    # the query's pieces first: they come after the path's, whose spans stay
    dropped = {f.span for f in located if f.kind == "parameter"}
    text, _ = without_params(url, query_params(url) or (), lambda p: p.span in dropped)
    for piece in sorted((f for f in located if f.kind == "path"), key=_start, reverse=True):
        start, end = piece.span
        text = text[:start] + text[end:]
    return text, tuple(f.identifier for f in located)


def _start(found: Located) -> int:
    return found.span[0]
