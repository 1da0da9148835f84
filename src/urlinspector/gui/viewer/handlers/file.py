"""file URLs in the viewer (RFC 1738 §3.10): this machine's folders as listings, its
regular files as text or images (:mod:`urlinspector.net.file` reads them)."""

from __future__ import annotations

import mimetypes

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
    Viewer,
    last_part,
)
from urlinspector.gui.viewer.handlers.ftp import parent_url
from urlinspector.gui.viewer.save import format_size, suggest_name
from urlinspector.gui.viewer.tasks import FilePage, file_save_task, file_task

__all__ = ["FileHandler"]


def _local_kind(name: str) -> str:
    mime, _ = mimetypes.guess_type(name)
    if mime is None:
        return "file"
    return mime.split("/", 1)[0] + " file" if "/" in mime else mime


class FileHandler(BaseHandler):
    """file: (see the module description)."""

    def parent(self, url: URL) -> str | None:
        return parent_url(url.text)

    def plan(
        self, url: URL, viewer: Viewer, *, confirmed: bool = False, origin: Origin = Origin.LINK
    ) -> Step:
        shown = viewer.url
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
        return Fetch(file_task(url, limits=viewer.limits))

    def save(self, url: URL, viewer: Viewer) -> Download | None:
        if url.text.endswith("/"):
            return None  # a folder
        name = suggest_name(last_part(url))
        return Download(
            name,
            lambda spool: file_save_task(url, spool),
            no_resume="a local file is copied again by Retry",
        )

    def show(self, viewer: Viewer, nav: Navigation, result: object) -> None:
        if not isinstance(result, FilePage):
            return
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
            viewer.listing_page.set_listing(str(path), rows, has_parent=path != path.parent)
            base = nav.text if nav.text.endswith("/") else nav.text + "/"
            title = path.name or str(path)
            viewer.show_listing(nav, base, title, f"local folder · {len(rows)} entries")
            return
        data = result.data or b""
        info = f"local file · {format_size(len(data))}"
        mime = result.mime or ""
        if mime.startswith("image/") or result.path.suffix.lower() in IMAGE_SUFFIXES:
            viewer.show_image(nav, data, info)
        elif looks_like_text(data[:SNIFF]):
            viewer.show_text(nav, data, info, content=mime == "text/html")
        else:
            viewer.message_page.show_message(
                "A binary file",
                f"{result.path} holds binary data ({format_size(len(data))}, "
                f"{mime or 'type unknown'}); it is not shown here.",
                (("open", "Open with the s&ystem"),),
            )
            viewer.commit(nav, viewer.message_page, result.path.name)
