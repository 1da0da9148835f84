"""A well-known site's name written in front of another registrable domain:
``accounts.google.com.evil.example``, ``www-paypal-com.evil.example``.  The host
starts like the site, but the site it belongs to is the registrable domain at its
end: what Chromium's look-alike check calls *target embedding*.

The rules are Chromium's (``components/lookalikes/core/lookalike_url_util.cc``,
``GetTargetEmbeddingType``), read against its top domains list:

* the host is cut into tokens at ``.`` and ``-`` (``www-paypal-com`` spells
  ``www.paypal.com``), and the tokens that end before the host's public suffix are
  swept from the back; a run of them whose UTS #39 skeleton is a well-known domain's is
  an embedding (so ``gооgle.com``, with Cyrillic ``о``, and ``paypa1.com`` are too);
* the well-known domains are the *top bucket* of the list (the part before
  ``###END_TOP_BUCKET###``): Chromium matches embedded domains against that bucket
  only, the rest of the list serving its edit-distance checks;
* a domain whose name without its registry (``ebay`` of ``ebay.com``) is 4 characters
  or shorter is not protected (Chromium's ``kMinE2LDLengthForTargetEmbedding``): such
  names are spelled by chance;
* the brand's own other domains are no embedding: a host whose registrable domain has
  the same name (``google.com.google.de``; Chromium's ``IsCrossTLDMatch``) gives
  nothing, nor does a genuine subdomain (``mail.google.com``), whose brand labels
  reach into its public suffix.

Where this differs from Chromium: the embedded labels must end before the host's
public suffix, so a registrable label that merely ends with a brand
(``super-best-fancy-hotels.com``) is not flagged; Chromium flags those and then
excuses names that are common English words, a list not shipped here.  Its
``googlecom``-style check (a brand with its dots dropped) is not made.

Pure: the list's text is handed in (:func:`urlinspector.data.top_domains` reads the
bundled copy) and parsed once by :func:`parse_top_domains`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice, product
from typing import TYPE_CHECKING

import idna

from urlinspector.core.domain import registrable_domain
from urlinspector.core.lookalike import ascii_readings, skeleton
from urlinspector.core.model import Diagnostic, Span
from urlinspector.core.quoting import quoted

if TYPE_CHECKING:
    from urlinspector.core.url import URL

__all__ = [
    "REFERENCE",
    "EmbeddedBrand",
    "TopDomains",
    "embedded_brand",
    "embedded_brand_diagnostics",
    "embedded_brand_findings",
    "lookalike_domain",
    "lookalike_domain_diagnostics",
    "lookalike_domain_findings",
    "parse_top_domains",
]

TOP_BUCKET_END = "###END_TOP_BUCKET###"
"""The line of ``domains.list`` that ends its top bucket."""

MIN_NAME_LENGTH = 5
"""The shortest protected name without registry: Chromium skips a name whose length
is at most ``kMinE2LDLengthForTargetEmbedding`` (4)."""

REFERENCE = (
    "Chromium look-alike checks: target embedding "
    "(components/lookalikes/core/lookalike_url_util.cc)"
)

_TOKEN = re.compile(r"[^-]+")
"""A token of a label: Chromium's separators are ``.`` (between labels) and ``-``."""

_DOTS = re.compile("[.\u3002\uff0e\uff61]")
"""The full stops UTS #46 maps to ``.`` (UTS #46 §4 step 1, the label separators)."""


@dataclass(frozen=True, slots=True)
class TopDomains:
    """The well-known domains, by their skeleton: what the embedded labels are
    looked up in, once per run of tokens."""

    by_skeleton: Mapping[str, str]
    """The skeleton of a domain with ``-`` read as ``.`` (as the host's tokens are
    joined) -> the domain (``google.com``)."""
    longest: int
    """The most labels a domain has (``amazon.co.uk``: 3): the longest run of tokens
    worth looking up."""
    last_tokens: frozenset[str]
    """What follows the last ``.`` of each key of :attr:`by_skeleton` (``corn`` of
    ``google.corn``, the skeleton of ``google.com``): a run of tokens can spell a
    domain only if its last token's skeleton ends so, which most tokens' do not (a
    skeleton is made character by character, so a run's is its tokens', joined)."""

    def __len__(self) -> int:
        return len(self.by_skeleton)


def parse_top_domains(text: str) -> TopDomains:
    """The protected domains of Chromium's ``domains.list`` *text*: its top bucket,
    less the names of 4 characters or fewer."""
    found: dict[str, str] = {}
    longest = 2
    for line in text.splitlines():
        if line.strip() == TOP_BUCKET_END:
            break
        domain = line.strip().lower()
        if not domain or domain.startswith("#"):
            continue
        # every entry of the top bucket is a registrable domain (its first label is the
        # name, the rest its registry): a test checks it against the Public Suffix List
        if len(domain.split(".", 1)[0]) < MIN_NAME_LENGTH:
            continue
        dotted = domain.replace("-", ".")
        found.setdefault(skeleton(dotted), domain)
        longest = max(longest, dotted.count(".") + 1)
    return TopDomains(found, longest, frozenset(key.rsplit(".", 1)[-1] for key in found))


@dataclass(frozen=True, slots=True)
class EmbeddedBrand:
    """A well-known domain spelled by labels in front of a host's registrable domain."""

    brand: str
    """The well-known domain: ``google.com``."""
    written: str
    """The labels that spell it, IDN labels in Unicode: ``google.com``,
    ``paypal-com``, ``gооgle.com``."""
    leading: str
    """The host up to the end of them: ``accounts.google.com``."""
    registrable: str
    """The host's registrable domain: whose page it is."""
    start: int
    end: int
    """Where the labels are in the host as given (an IDN label as a whole)."""

    @property
    def message(self) -> str:
        looks = "" if self.written.replace("-", ".") == self.brand else f" (read as {self.brand})"
        return (
            f"the host starts with {self.leading}{looks}, but its registrable domain is "
            f"{self.registrable}: this page is not {self.brand}'s"
        )


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    """As the host shows it, IDN labels in Unicode."""
    label: int
    start: int
    end: int
    """In the host as given."""
    shown_start: int
    shown_end: int
    """In the host with its IDN labels in Unicode."""


def _unicode(label: str) -> str:
    if not label.startswith("xn--"):
        return label
    try:
        return str(idna.decode(label))
    except (idna.IDNAError, UnicodeError, ValueError):
        return label


def _tokens(labels: list[str]) -> list[_Token]:
    tokens = []
    pos = shown = 0
    for index, label in enumerate(labels):
        text = _unicode(label)
        for m in _TOKEN.finditer(text):
            if text == label:
                start, end = pos + m.start(), pos + m.end()
            else:  # (an IDN label: its tokens are somewhere in the A-label)
                start, end = pos, pos + len(label)
            tokens.append(_Token(m.group(), index, start, end, shown + m.start(), shown + m.end()))
        pos += len(label) + 1
        shown += len(text) + 1
    return tokens


def embedded_brand(host: str, registrable: str | None, top: TopDomains) -> EmbeddedBrand | None:
    """The well-known domain of *top* that *host* (as browsers read it: lower case,
    A-labels) spells in front of its *registrable* domain; None for none, and for an
    address or a host without a registrable domain."""
    if registrable is None or not host or host.startswith("["):
        return None
    labels = host.rstrip(".").split(".")
    suffix_start = len(labels) - registrable.count(".")  # the first label of the suffix
    name = registrable.split(".", 1)[0]
    texts = [t for label in labels[:suffix_start] for t in _unicode(label).split("-") if t]
    skeletons = [skeleton(t) for t in texts]  # (a run's skeleton is its tokens', joined)
    for end in range(len(texts), 1, -1):
        if skeletons[end - 1].rsplit(".", 1)[-1] not in top.last_tokens:
            continue  # (no domain's skeleton ends as this token's)
        for count in range(min(top.longest, end), 1, -1):
            brand = top.by_skeleton.get(".".join(skeletons[end - count : end]))
            if brand is None or brand.split(".", 1)[0] == name:
                continue  # (the same name under another registry: the brand's own)
            return _embedding(labels, suffix_start, registrable, brand, end - count, end)
    return None


def _embedding(
    labels: list[str], suffix_start: int, registrable: str, brand: str, first: int, end: int
) -> EmbeddedBrand:
    """The embedding of *brand* by the host's tokens ``first`` to ``end`` (of those
    before the suffix, whose first label is ``labels[suffix_start]``)."""
    tokens = [t for t in _tokens(labels) if t.label < suffix_start]
    start, last = tokens[first], tokens[end - 1]
    shown = ".".join(_unicode(label) for label in labels)
    return EmbeddedBrand(
        brand=brand,
        written=shown[start.shown_start : last.shown_end],
        leading=shown[: last.shown_end],
        registrable=_registrable_shown(registrable),
        start=start.start,
        end=last.end,
    )


def _registrable_shown(registrable: str) -> str:
    return ".".join(_unicode(label) for label in registrable.split("."))


# --- the finding ---------------------------------------------------------------------------


def _labels_at(text: str) -> list[tuple[int, int]]:
    """Where each label of *text* is, split at the full stops UTS #46 reads as dots."""
    spans = []
    pos = 0
    for m in _DOTS.finditer(text):
        spans.append((pos, m.start()))
        pos = m.end()
    spans.append((pos, len(text)))
    return spans


def _written_span(url: URL, host: str, found: EmbeddedBrand) -> Span:
    """The embedded labels in *url*'s text, where the host as written maps onto the
    browsers' *host* label by label; else the host as written (or the whole URL)."""
    span = url.span("host")
    if span is None:
        return url.uri_span
    h_start, h_end = span
    written = url.text[h_start:h_end]
    if written.lower() == host:
        return (h_start + found.start, h_start + found.end)
    mine = _labels_at(written)
    theirs = _labels_at(host)
    if len(mine) != len(theirs):
        return (h_start, h_end)

    def at(offset: int, is_end: bool) -> int:
        for (w_start, w_end), (b_start, b_end) in zip(mine, theirs, strict=True):
            if b_start <= offset <= b_end:
                if written[w_start:w_end].lower() == host[b_start:b_end]:
                    return h_start + w_start + offset - b_start
                return h_start + (w_end if is_end else w_start)
        return h_start + (len(written) if is_end else 0)

    return (at(found.start, False), at(found.end, True))


def embedded_brand_findings(url: URL, host: str | None, top: TopDomains) -> list[Diagnostic]:
    """The ``embedded-brand`` warning on *url* whose browsers' host is *host* (none or
    one): its span is the embedded labels as typed where they can be found, else the
    host as written."""
    found = embedded_brand(host, registrable_domain(host), top) if host else None
    return embedded_brand_diagnostics(url, host, found)


def embedded_brand_diagnostics(
    url: URL, host: str | None, found: EmbeddedBrand | None
) -> list[Diagnostic]:
    """The ``embedded-brand`` warning on *url* for *found*, the :func:`embedded_brand`
    of its browsers' *host* (none when None): for a caller that judged the host once
    for many URLs."""
    if found is None or host is None:
        return []
    span = _written_span(url, host, found)
    return [
        Diagnostic(
            code="embedded-brand",
            severity="warning",
            category="security",
            span=span,
            message=found.message,
            reference=REFERENCE,
        )
    ]


# --- a host that reads as a well-known domain ----------------------------------------------

LOOKALIKE_REFERENCE = (
    "Chromium look-alike checks: skeleton match with a top domain "
    "(components/lookalikes/core/lookalike_url_util.cc), UTS #39 §4"
)
_READINGS_TRIED = 16


def lookalike_domain(host: str, top: TopDomains) -> str | None:
    """The well-known domain *host* (its IDN labels in Unicode or as A-labels) looks
    like without being it: an ASCII reading of its last labels
    (:func:`~urlinspector.core.lookalike.ascii_readings`, ``аррӏе.com`` read as
    ``apple.com``) has that domain's skeleton.  None for an all-ASCII host, or when
    no reading is a well-known domain's."""
    labels = [_unicode(label) for label in host.lower().rstrip(".").split(".")]
    if all(label.isascii() for label in labels):
        return None
    for count in range(min(top.longest, len(labels)), 1, -1):
        tail = labels[-count:]
        options = [(label,) if label.isascii() else ascii_readings(label) for label in tail]
        if not all(options):
            continue
        for combo in islice(product(*options), _READINGS_TRIED):
            name = ".".join(combo)
            domain = top.by_skeleton.get(skeleton(name.replace("-", ".")))
            if domain is not None and domain != ".".join(tail):
                return domain
    return None


def lookalike_domain_findings(url: URL, host: str | None, top: TopDomains) -> list[Diagnostic]:
    """The ``lookalike-domain`` warning on *url* whose browsers' host is *host*: it
    reads as a well-known domain (:func:`lookalike_domain`) and is not it."""
    domain = lookalike_domain(host, top) if host else None
    return lookalike_domain_diagnostics(url, host, domain)


def lookalike_domain_diagnostics(
    url: URL, host: str | None, domain: str | None
) -> list[Diagnostic]:
    """The ``lookalike-domain`` warning on *url* for *domain*, the
    :func:`lookalike_domain` of its browsers' *host* (none when None)."""
    if domain is None or host is None:
        return []
    shown_host = ".".join(_unicode(label) for label in host.split("."))
    span = url.span("host") or url.uri_span
    message = (
        f"the host {quoted(shown_host)} looks like {domain}, a well-known site, "
        f"but it is another domain ({host})"
    )
    return [
        Diagnostic(
            code="lookalike-domain",
            severity="warning",
            category="security",
            span=span,
            message=message,
            reference=LOOKALIKE_REFERENCE,
        )
    ]
