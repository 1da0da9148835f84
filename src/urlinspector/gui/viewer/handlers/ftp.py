"""ftp and ftps URLs in the viewer (RFC 1738 §3.2, RFC 959, RFC 4217): directory
listings, files shown as text or images, other files downloaded into a file; the FTP
exchange below the page, and how TLS protected it in the page's info line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from urlinspector.core import URL, BaseNotAbsoluteError, parse, resolve
from urlinspector.gui.viewer.ftp_view import IMAGE_SUFFIXES
from urlinspector.gui.viewer.handlers.base import (
    BaseHandler,
    Download,
    Fetch,
    Navigation,
    Origin,
    Step,
    ViewerParts,
    consent,
    guarded,
    hostport,
    last_part,
    show_download,
)
from urlinspector.gui.viewer.save import format_size, suggest_name
from urlinspector.gui.viewer.tasks import FtpPage, SavedPage, ftp_resume_task, ftp_task
from urlinspector.net.ftp.tls import TLSInfo
from urlinspector.schemes.ftp.listing import Listing
from urlinspector.schemes.ftp.url import plan as ftp_plan

if TYPE_CHECKING:
    from urlinspector.gui.viewer.ftp_view import ListingPage
    from urlinspector.gui.viewer.net_options import NetOptions
    from urlinspector.gui.viewer.showing import PageRenderer

__all__ = ["TEXT_NO_RESUME", "FtpContext", "FtpHandler", "parent_url", "tls_info"]

TEXT_NO_RESUME = (
    "a file sent as text (TYPE A) cannot resume: its octets on disk are not the ones the "
    "server counts (RFC 3659 §5.3); Retry starts again"
)


def parent_url(url: str) -> str | None:
    """The URL of the directory above *url* (a directory URL ending in ``/``), or
    None at the top."""
    if not url:
        return None
    parsed = parse(url)
    if (parsed.path or "/") in ("", "/"):
        return None
    try:
        return resolve(url if url.endswith("/") else url + "/", "..").target
    except (BaseNotAbsoluteError, ValueError):
        return None


def tls_info(tls: TLSInfo | None) -> str:
    """`` · TLSv1.3, CN=host (verified)`` for the page's info line; "" without TLS (the
    whole certificate is in the transcript below the page)."""
    if tls is None:
        return ""
    cert = tls.certificate
    if not cert.verified:
        return f" · {tls.version}, certificate NOT verified, SHA-256 {cert.sha256}"
    return f" · {tls.version}, {cert.subject or 'no subject'} (verified, by {cert.issuer})"


def _is_image(name: str) -> bool:
    return any(name.lower().endswith(s) for s in IMAGE_SUFFIXES)


@dataclass(frozen=True)
class FtpContext:
    """What the ftp handler uses: the renderer, the listing page, the fetch settings."""

    renderer: PageRenderer
    listing: ListingPage
    net: NetOptions


class FtpHandler(BaseHandler):
    """ftp: (see the module description)."""

    def __init__(self, ctx: FtpContext) -> None:
        self.ctx = ctx

    @classmethod
    def of(cls, parts: ViewerParts) -> FtpHandler:
        return cls(FtpContext(parts.renderer, parts.pages.listing_page, parts.net))

    def parent(self, url: URL) -> str | None:
        return parent_url(url.text)

    def plan(self, url: URL, *, confirmed: bool = False, origin: Origin = Origin.LINK) -> Step:
        the_plan = ftp_plan(url)
        shown = self.ctx.renderer.url
        question = consent(url, shown, confirmed, origin)
        if question is not None:
            return question
        session = guarded(self.ctx.net.session, url, shown, origin, confirmed)
        if the_plan.action == "retrieve" and not the_plan.looks_like_text:
            name = the_plan.name.decode("utf-8", "replace")
            if not _is_image(name):
                # a file to save, or (the typecode was a guess) a directory to list
                return Download(
                    suggest_name(name),
                    lambda spool: ftp_task(url, session, spool=spool),
                    show_now=False,
                    transcript=True,
                    resume=lambda spool, at: ftp_resume_task(url, spool, at, session),
                )
        return Fetch(ftp_task(url, session), transcript=True)

    def save(self, url: URL) -> Download | None:
        the_plan = ftp_plan(url)
        name = the_plan.name.decode("utf-8", "replace")
        session = self.ctx.net.session
        if the_plan.transfer_type != "I":
            return Download(
                suggest_name(name),
                lambda spool: ftp_task(url, session, spool=spool),
                no_resume=TEXT_NO_RESUME,
            )
        return Download(
            suggest_name(name),
            lambda spool: ftp_task(url, session, spool=spool),
            resume=lambda spool, at: ftp_resume_task(url, spool, at, session),
        )

    def show(self, nav: Navigation, result: object) -> None:
        renderer = self.ctx.renderer
        if isinstance(result, SavedPage):
            if result.listing is not None:  # an ftp name that was a directory
                result.spool.unlink(missing_ok=True)
                self._show_listing(nav, result.listing, result.tls)
                return
            show_download(renderer, self.ctx.net.session.limits, nav, result, "ftp file")
            return
        if not isinstance(result, FtpPage):
            return
        ftp = result.result
        if ftp.listing is not None:
            self._show_listing(nav, ftp.listing, ftp.tls)
            return
        data = ftp.data or b""
        name = ftp.plan.name.decode("utf-8", "replace")
        info = f"ftp file · {format_size(len(data))} · {ftp.plan.authority}" + tls_info(ftp.tls)
        if _is_image(name):
            renderer.show_image(nav, data, info)
        else:
            renderer.show_text(nav, data, info)

    def _show_listing(self, nav: Navigation, listing: Listing, tls: TLSInfo | None) -> None:
        renderer = self.ctx.renderer
        self.ctx.listing.set_ftp_listing(listing, has_parent=parent_url(listing.url) is not None)
        text = f"ftp directory · {len(listing.entries)} entries · {hostport(nav.url)}"
        text += tls_info(tls)
        if listing.url != nav.text:
            text += f" · listed as {renderer.passwords.label(listing.url)} (its base URL)"
        renderer.show_listing(nav, listing.url, last_part(nav.url), text)
