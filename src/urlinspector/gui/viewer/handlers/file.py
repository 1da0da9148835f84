"""file URLs in the viewer (RFC 1738 §3.10): this machine's folders as listings, its
regular files as text or images (:mod:`urlinspector.net.file` reads them)."""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from typing import TYPE_CHECKING

from urlinspector.core import URL
from urlinspector.gui.viewer.common import SNIFF, looks_like_text
from urlinspector.gui.viewer.ftp_view import IMAGE_SUFFIXES, ListingRow
from urlinspector.gui.viewer.handlers.base import (
    AskPort,
    BaseHandler,
    Download,
    Fetch,
    Navigation,
    Origin,
    Step,
    ViewerParts,
    last_part,
)
from urlinspector.gui.viewer.handlers.ftp import parent_url
from urlinspector.gui.viewer.save import format_size, suggest_name
from urlinspector.gui.viewer.tasks import FilePage, file_save_task, file_task

if TYPE_CHECKING:
    from urlinspector.gui.viewer.ftp_view import ListingPage
    from urlinspector.gui.viewer.net_options import NetOptions
    from urlinspector.gui.viewer.other_schemes import MessagePage
    from urlinspector.gui.viewer.showing import PageRenderer

__all__ = ["FileContext", "FileHandler"]


def _local_kind(name: str) -> str:
    mime, _ = mimetypes.guess_type(name)
    if mime is None:
        return "file"
    return mime.split("/", 1)[0] + " file" if "/" in mime else mime


@dataclass(frozen=True)
class FileContext:
    """What the file handler uses: the renderer, the listing page (a folder), the
    message page (a binary file), the fetch settings (the session's limits)."""

    renderer: PageRenderer
    listing: ListingPage
    message: MessagePage
    net: NetOptions


class FileHandler(BaseHandler):
    """file: (see the module description)."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx

    @classmethod
    def of(cls, parts: ViewerParts) -> FileHandler:
        pages = parts.pages
        return cls(FileContext(parts.renderer, pages.listing_page, pages.message_page, parts.net))

    def parent(self, url: URL) -> str | None:
        return parent_url(url.text)

    def plan(self, url: URL, *, confirmed: bool = False, origin: Origin = Origin.LINK) -> Step:
        shown = self.ctx.renderer.url
        remote = shown is not None and (shown.scheme or "").lower() != "file"
        if origin is Origin.LINK and remote and not confirmed:
            # a remote page links to a file of this computer: its author chose what the
            # link opens here (RFC 1738 §6: URLs can be made to reach what they should
            # not); one the person typed is theirs to open
            return AskPort(
                "the page shown comes from another computer and links to a file of this "
                "one; open it only if you expected that",
                title="Open a local file?",
                go_on="&Open the file",
            )
        return Fetch(file_task(url, self.ctx.net.session))

    def save(self, url: URL) -> Download | None:
        if url.text.endswith("/"):
            return None  # a folder
        name = suggest_name(last_part(url))
        return Download(
            name,
            lambda spool: file_save_task(url, spool, self.ctx.net.session),
            no_resume="a local file is copied again by Retry",
        )

    def show(self, nav: Navigation, result: object) -> None:
        if not isinstance(result, FilePage):
            return
        renderer = self.ctx.renderer
        if result.entries is not None:
            rows = [
                ListingRow(
                    e.name,
                    e.url,
                    "dir" if e.is_dir else ("link" if e.is_link else "file"),
                    e.size,
                    e.modified,
                    "directory" if e.is_dir else _local_kind(e.name),
                    e.url,
                )
                for e in result.entries
            ]
            path = result.path
            self.ctx.listing.set_listing(str(path), rows, has_parent=path != path.parent)
            base = nav.text if nav.text.endswith("/") else nav.text + "/"
            title = path.name or str(path)
            renderer.show_listing(nav, base, title, f"local folder · {len(rows)} entries")
            return
        data = result.data or b""
        info = f"local file · {format_size(len(data))}"
        mime = result.mime or ""
        if mime.startswith("image/") or result.path.suffix.lower() in IMAGE_SUFFIXES:
            renderer.show_image(nav, data, info)
        elif looks_like_text(data[:SNIFF]):
            renderer.show_text(nav, data, info, content=mime == "text/html")
        else:
            self.ctx.message.show_message(
                "A binary file",
                f"{result.path} holds binary data ({format_size(len(data))}, "
                f"{mime or 'type unknown'}); it is not shown here.",
                (("open", "Open with the s&ystem"),),
            )
            renderer.commit(nav, self.ctx.message, result.path.name)
