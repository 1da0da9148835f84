"""Abbreviated URIs: ``www.w3.org/Addressing/`` read as ``http://www.w3.org/Addressing/``.

RFC 2396bis draft 2003 appendix F (RFC 3986 §4.5): newspapers, billboards and people write only the
authority and path of a URI, "with the assumption that context-based heuristics are
sufficient to complete the URI (e.g., most hostnames beginning with "www" are likely
to have a URI prefix of "http://")".  There is no standard set of such heuristics, and
an abbreviated URI has the syntax of a relative path, so this is only for places with
no base URI: an address bar, a dialog box.  Every guess says it is a heuristic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from urlinspector.core.model import Diagnostic
from urlinspector.core.quoting import quoted

__all__ = ["HOST_PREFIXES", "Guess", "guess_absolute"]

HOST_PREFIXES: tuple[tuple[str, str], ...] = (
    ("www.", "http"),
    ("ftp.", "ftp"),
    ("gopher.", "gopher"),
    ("news.", "news"),
)
"""The first label of a host that suggests a scheme; any other host gets ``http``."""

REFERENCE = "RFC 2396bis draft 2003 appendix F (RFC 3986 §4.5)"

# host [ ":" port ] followed by the end or by "/", "?" or "#"; no userinfo (a guess
# never supplies credentials, and "user@host" reads as a mail address as often)
_ABBREVIATED = re.compile(
    r"(?P<host>\[[0-9A-Za-z:.%_~\-]+\]|[^\s/?#:@\[\]]+)"
    r"(?::(?P<port>[0-9]{1,5}))?"
    r"(?=[/?#]|\Z)"
)
_IPV4 = re.compile(r"(?:[0-9]{1,3}\.){3}[0-9]{1,3}")


@dataclass(frozen=True)
class Guess:
    """A heuristic completion of an abbreviated URI."""

    text: str
    """What was typed."""
    url: str
    """The guessed absolute URL."""
    diagnostic: Diagnostic
    """An ``info`` diagnostic, code ``heuristic``, citing RFC 2396bis draft 2003 appendix F."""
    scheme: str = "http"
    reason: str = ""
    """Why this scheme, in a phrase ("the host starts with 'ftp.'")."""

    def to_dict(self) -> dict[str, object]:
        return {
            "text": self.text,
            "url": self.url,
            "scheme": self.scheme,
            "reason": self.reason,
            "diagnostic": self.diagnostic.to_dict(),
        }


def _is_label(label: str) -> bool:
    """A DNS label (letters, digits and inner hyphens; non-ASCII letters for an IDN)."""
    if not label or label[0] == "-" or label[-1] == "-":
        return False
    return all(c == "-" or c.isalnum() for c in label)


def _looks_like_host(host: str) -> bool:
    if host.startswith("["):
        return True  # an IP literal: the parser checks it
    if _IPV4.fullmatch(host):
        return True
    name = host[:-1] if host.endswith(".") else host
    if name.lower() == "localhost":
        return True
    labels = name.split(".")
    # at least two labels, the last starting with a letter (RFC 1034 toplabel), so
    # that "3.14" or "a" alone is not taken for a host
    return len(labels) >= 2 and all(map(_is_label, labels)) and labels[-1][0].isalpha()


def guess_absolute(text: str) -> Guess | None:
    """The absolute URL an abbreviated URI most likely stands for, or None.

    None when *text* is not an abbreviation: empty, with a scheme already (``mailto:x``),
    with whitespace inside, with userinfo, or not starting with a host name, an IPv4
    address or an IP literal (optionally with a port).  Surrounding whitespace is
    ignored.  A leading ``//`` (a network-path reference) is accepted.
    """
    if not isinstance(text, str):
        raise TypeError(f"guess_absolute() takes a str, not {type(text).__name__}")
    stripped = text.strip()
    if not stripped or any(c.isspace() or ord(c) < 0x20 or c == "\x7f" for c in stripped):
        return None
    offset = len(text) - len(text.lstrip())
    body = stripped[2:] if stripped.startswith("//") else stripped
    m = _ABBREVIATED.match(body)
    if m is None:
        return None
    host = m.group("host")
    if not _looks_like_host(host):
        return None
    first = host.lower()
    scheme, reason = "http", "most host names are web servers"
    for prefix, prefix_scheme in HOST_PREFIXES:
        if first.startswith(prefix):
            scheme, reason = prefix_scheme, f"the host starts with {quoted(prefix)}"
            break
    url = f"{scheme}://{body}"
    message = (
        f"{quoted(stripped)} has no scheme: read as an abbreviated URI, "
        f"{quoted(scheme + '://')} was supplied because {reason}; a heuristic, not a rule "
        "of the specs, so it may be wrong"
    )
    diagnostic = Diagnostic(
        code="heuristic",
        severity="info",
        category="scheme",
        span=(offset, offset + len(stripped)),
        message=message,
        reference=REFERENCE,
    )
    return Guess(text, url, diagnostic, scheme, reason)
