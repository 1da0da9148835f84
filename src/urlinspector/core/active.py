"""URLs whose following runs or renders what the URL itself carries: ``javascript:``,
``vbscript:`` and ``data:`` (above all ``data:text/html``).  No server is contacted;
the content is the URL's own, so it can imitate any site or run script."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

from urlinspector.core.model import Diagnostic, Severity
from urlinspector.core.parse import URL

__all__ = ["ACTIVE_SCHEMES", "active_content", "data_media_type"]

_MARKUP_TYPES = frozenset(
    {"text/html", "application/xhtml+xml", "image/svg+xml", "text/xml", "application/xml"}
)
"""Media types a browser renders as a document that may hold script."""


def data_media_type(url: URL) -> str:
    """The media type of a ``data:`` URL, lower case, without parameters; RFC 2397
    §2: ``text/plain`` when none is given."""
    path = url.path or ""
    head = unquote(path.split(",", 1)[0]).split(";", 1)[0].strip().lower()
    return head or "text/plain"


def _javascript(url: URL) -> tuple[Severity, str, str]:
    return (
        "warning",
        "following a javascript: URL runs the script it carries, in the page it is "
        "opened from (with that page's cookies and data); no server is contacted",
        "HTML Standard §7.4 (javascript: URL special case)",
    )


def _vbscript(url: URL) -> tuple[Severity, str, str]:
    return (
        "warning",
        "following a vbscript: URL runs the VBScript it carries (in browsers that still "
        "know it; the others refuse it); no server is contacted",
        "HTML Standard §7.4; MS-VBS",
    )


def _data(url: URL) -> tuple[Severity, str, str]:
    media_type = data_media_type(url)
    if media_type in _MARKUP_TYPES:
        return (
            "warning",
            f"following this data: URL renders the {media_type} document it carries, "
            "scripts included: a page from no server, which can look like any site",
            "RFC 2397; HTML Standard §7.4 (data: URLs)",
        )
    return (
        "info",
        f"following this data: URL shows the {media_type} content it carries; no server "
        "is contacted",
        "RFC 2397",
    )


ACTIVE_SCHEMES: dict[str, Callable[[URL], tuple[Severity, str, str]]] = {
    "javascript": _javascript,
    "vbscript": _vbscript,
    "data": _data,
}
"""Scheme (lower case) -> what following such a URL does: severity, message, reference."""


def active_content(url: URL) -> Diagnostic | None:
    """A ``security`` finding when following *url* runs or renders content the URL
    itself carries; None otherwise."""
    scheme = url.scheme
    span = url.span("scheme")
    describe = ACTIVE_SCHEMES.get(scheme.lower()) if scheme else None
    if describe is None or span is None:
        return None
    severity, message, reference = describe(url)
    return Diagnostic(
        code="active-content",
        severity=severity,
        category="security",
        span=span,
        message=message,
        reference=reference,
    )
