"""gopher URLs in the viewer (RFC 1436, RFC 1738 §3.4, Gopher+): menus as they arrive,
texts, images, searches, binaries to a file, and Gopher+ attributes beside the menu;
``gophers://`` the same over TLS, the server's certificate in the page's information
(a certificate that cannot be trusted asks whether to accept it for the session:
:mod:`urlinspector.gui.viewer.following`).

Before anything is sent: a port that belongs to another service asks first (RFC 1738
§6: a gopher request sent to an SMTP server's port sends mail); a type 7 item asks for
the words to search for (RFC 1738 §3.4.2).  A binary item's first octets decide: a
text is shown as text (with the charset choice), data goes to the save dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Slot

from urlinspector.core import URL, parse
from urlinspector.gui.viewer.gopher_plus import AskDialog, ask_data, attributes_url
from urlinspector.gui.viewer.handlers.base import (
    AskSearch,
    BaseHandler,
    Download,
    Fetch,
    Navigation,
    Origin,
    Step,
    Task,
    ViewerParts,
    consent,
    guarded,
    hostport,
    last_part,
    show_download,
)
from urlinspector.gui.viewer.save import format_size, suggest_name
from urlinspector.gui.viewer.tasks import GopherPage, SavedPage, gopher_task
from urlinspector.gui.viewer.workers import Job, JobRunner
from urlinspector.gui.zoom import follow_zoom
from urlinspector.net.errors import Cancelled
from urlinspector.net.gopher import GopherReply
from urlinspector.present.text import visible
from urlinspector.schemes.gopher import (
    MenuItem,
    error_in_body,
    item_type,
    item_url,
    request_from_url,
    type_name,
    with_search,
)

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtWidgets import QWidget

    from urlinspector.gui.viewer.gopher_view import GopherMenuPage
    from urlinspector.gui.viewer.net_options import NetOptions
    from urlinspector.gui.viewer.showing import PageRenderer
    from urlinspector.net.session import Session

__all__ = [
    "NO_RANGES",
    "GopherContext",
    "GopherHandler",
    "GopherMenu",
    "menu_above",
    "shown_as_image",
]

NO_RANGES = "this server cannot resume: gopher has no ranges; Retry starts again"
"""RFC 1436 sends a selector and gets the whole item; Gopher+ (its 1993 draft) adds
attributes and views, not byte ranges: a cut gopher download can only start again."""


def shown_as_image(gophertype: str) -> bool:
    """Whether an item of *gophertype* is shown as an image (:attr:`.ItemType.shown_as_image`:
    RFC 1436 §3.8 ``g`` and ``I``, Gopher+'s ``:`` bitmap, ``p`` by the PNG convention)."""
    row = item_type(gophertype)
    return row is not None and row.shown_as_image


def _menu_title(items: list[Any], url: URL) -> str:
    for item in items[:5]:
        if isinstance(item, MenuItem) and item.display.strip():
            return item.display.strip()[:80]
    return last_part(url)


def menu_above(url: URL) -> str | None:
    """The menu above *url*'s item, reading its selector as a path, as the servers that
    serve a tree of files make them (Gophernicus, pygopherd; RFC 1436 gives selectors
    no structure): ``/a/b/`` and ``/a/b.txt`` lead up to the menu ``/a/``, a selector
    without a slash to the server's root menu; None at the root."""
    try:
        request = request_from_url(url)
    except ValueError:
        return None
    trimmed = request.selector.rstrip(b"/")
    if not trimmed and request.search is None:
        return None
    cut = trimmed.rfind(b"/")
    selector = trimmed[: cut + 1] if cut >= 0 else b""
    above = item_url("1", selector, request.host, request.port, tls=request.tls)
    if above is not None and not selector and above.endswith("/1"):
        above = above[:-1]  # the root menu: "/" alone is type 1, empty selector (RFC 1738 §3.4)
    return above


def trusting(session: Session, url: URL, net: NetOptions) -> Session:
    """*session* for *url*'s server: its certificate verified as the session trusts,
    unless the person accepted this server's certificate this session (*net*), which is
    then the one accepted (pinned)."""
    pinned = net.accepted_certificates.get(hostport(url))
    if pinned is None:
        return session
    return replace(session, tls=session.tls._replace(pinned=pinned))


@dataclass(frozen=True)
class GopherContext:
    """What the gopher handler uses: the renderer, the menu page, the fetch settings."""

    renderer: PageRenderer
    page: GopherMenuPage
    net: NetOptions

    @classmethod
    def of(cls, parts: ViewerParts) -> GopherContext:
        return cls(parts.renderer, parts.pages.gopher_page, parts.net)


def _where(url: URL, reply: GopherReply) -> str:
    """The server, and for TLS the certificate: the page information's last part."""
    where = hostport(url)
    certificate = reply.certificate
    if certificate is None:
        return where
    return f"{where} · {certificate.protocol} · {certificate.summary()} ({certificate.trust})"


def _download(url: URL, session: Session, *, show_now: bool) -> Download:
    request = request_from_url(url)
    name = suggest_name(request.selector, request.gophertype)

    def task(spool: Path) -> Task:
        return gopher_task(url, session, spool=spool)

    return Download(name, task, show_now=show_now, no_resume=NO_RANGES)


class GopherHandler(BaseHandler):
    """gopher: (see the module description)."""

    def __init__(self, ctx: GopherContext) -> None:
        self.ctx = ctx

    @classmethod
    def of(cls, parts: ViewerParts) -> GopherHandler:
        return cls(GopherContext.of(parts))

    def plan(self, url: URL, *, confirmed: bool = False, origin: Origin = Origin.LINK) -> Step:
        request = request_from_url(url)
        shown = self.ctx.renderer.url
        question = consent(url, shown, confirmed, origin)
        if question is not None:
            return question
        net = self.ctx.net
        session = trusting(guarded(net.session, url, shown, origin, confirmed), url, net)
        if request.gophertype == "7" and request.search is None and request.kind == "menu":
            return AskSearch()
        if request.kind == "binary" and not shown_as_image(request.gophertype):
            # its first octets decide: a text is shown, data goes to the save dialog
            return _download(url, session, show_now=False)
        return Fetch(gopher_task(url, session))

    def save(self, url: URL) -> Download | None:
        net = self.ctx.net
        return _download(url, trusting(net.session, url, net), show_now=True)

    def parent(self, url: URL) -> str | None:
        return menu_above(url)

    def with_search(self, url: URL, words: str) -> str:
        return with_search(url, words)

    def partial(self, nav: Navigation) -> None:
        items = nav.job.context.take_items()
        if not items:
            return
        page, renderer = self.ctx.page, self.ctx.renderer
        if not nav.committed:
            page.model.clear()
            page.show_menu()
            renderer.commit(nav, page, _menu_title(items, nav.url))
        page.model.append(items)
        nav.items += len(items)
        renderer.set_info(f"gopher menu · {nav.items:,} items so far · {hostport(nav.url)}")

    def show(self, nav: Navigation, result: object) -> None:
        renderer = self.ctx.renderer
        if isinstance(result, SavedPage):  # a binary item whose octets read as text
            what = type_name(request_from_url(nav.url).gophertype)
            show_download(renderer, self.ctx.net.session.limits, nav, result, f"gopher {what}")
            return
        if not isinstance(result, GopherPage):
            return
        reply = result.reply
        if reply.error is not None:
            renderer.show_failure(
                nav.url, nav.offset, "The gopher server refused", reply.error.text
            )
            return
        kind = result.request.kind
        if kind == "menu":
            self._show_menu(nav, reply)
        elif kind == "attributes":
            page = self.ctx.page
            page.attributes.set_attributes(None, tuple(reply.attributes))
            page.show_attributes_only()
            renderer.commit(nav, page, "Gopher+ attributes")
            renderer.set_info(f"Gopher+ attributes · {_where(nav.url, reply)}")
        else:
            self._show_document(nav, result)

    def _show_menu(self, nav: Navigation, reply: GopherReply) -> None:
        page, renderer = self.ctx.page, self.ctx.renderer
        self.partial(nav)
        if not nav.committed:
            page.model.clear()
            page.show_menu()
            renderer.commit(nav, page, _menu_title([], nav.url))
        count = page.model.rowCount()
        links = sum(1 for i in page.model.items if i.url is not None)
        text = f"gopher menu · {count:,} lines, {links:,} links · {_where(nav.url, reply)}"
        if reply.end is not None and reply.end.note:
            text += f" · {reply.end.note}"
        renderer.set_info(text)
        renderer.status(f"Done: {count:,} lines.")

    def _show_document(self, nav: Navigation, result: GopherPage) -> None:
        """A text or an image (an error the server wrote in its place: a failure)."""
        renderer = self.ctx.renderer
        body = result.reply.body or b""
        message = error_in_body(body)
        if message is not None:
            renderer.show_failure(nav.url, nav.offset, "The gopher server says", message)
            return
        what = type_name(result.request.gophertype)
        where = _where(nav.url, result.reply)
        if result.request.kind == "text":
            info = f"gopher {what} · {format_size(len(body))} · {where}"
            renderer.show_text(nav, body, info, content=result.request.gophertype == "h")
            return
        renderer.show_image(nav, body, f"gopher {what} · {where}")


class GopherMenu(QObject):
    """The menu page's own signals: an item followed or hovered, Gopher+ attributes
    (``!``) fetched for the item chosen and shown beside it, and the ASK form of an
    item filled in and sent.  *follow* follows a link on the page shown; the
    attributes are fetched on *runner*; the form is a dialog over *parent*."""

    def __init__(
        self,
        ctx: GopherContext,
        runner: JobRunner,
        follow: Callable[[str], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.runner = runner
        self.follow = follow
        self.parent_widget = parent
        self.job: Job | None = None
        self.item: MenuItem | None = None
        self.ask_dialog: AskDialog | None = None
        """The Gopher+ form open now, if any."""
        self._asked: tuple[AskDialog, MenuItem] | None = None
        """The form open last and the item it belongs to."""
        panel = ctx.page.attributes
        menu = ctx.page.view
        menu.itemActivated.connect(self._activated)
        menu.itemHovered.connect(self._hovered)
        menu.attributesRequested.connect(self.show_attributes)
        panel.urlRequested.connect(follow)
        panel.formRequested.connect(self.fill_form)

    @Slot(object)
    def _activated(self, item: MenuItem) -> None:
        if item.url is not None:
            self.ctx.renderer.name_link(item.url, visible(" ".join(item.display.split()))[:80])
            self.follow(item.url)

    @Slot(object)
    def _hovered(self, item: MenuItem | None) -> None:
        renderer = self.ctx.renderer
        if item is None:
            renderer.status("")
        elif item.url is not None:
            renderer.status(f"{type_name(item.itemtype)}: {renderer.passwords.url(item.url)}")
        else:
            renderer.status(f"{type_name(item.itemtype)}: leads nowhere")

    @Slot(object)
    def show_attributes(self, item: MenuItem) -> None:
        panel = self.ctx.page.attributes
        panel.set_loading(item)
        panel.show()
        url = attributes_url(item)
        if url is None:
            panel.set_error("The item names no server to ask.")
            return
        target = parse(url)
        shown = self.ctx.renderer.url
        question = consent(target, shown, False)  # a link on the page shown
        if question is not None:
            panel.set_error(f"Not asked: {question.warning}.")
            return
        if self.job is not None:
            self.job.cancel()
        net = self.ctx.net
        session = guarded(net.session, target, shown, Origin.LINK, False)
        job = Job(gopher_task(target, trusting(session, target, net)), url)
        job.signals.finished.connect(self._finished)
        job.signals.failed.connect(self._failed)
        self.job = job
        self.item = item
        self.runner.start(job)

    @Slot(object)
    def _finished(self, result: object) -> None:
        if self.job is None or self.sender() is not self.job.signals:
            return
        self.job = None
        if isinstance(result, GopherPage):
            panel = self.ctx.page.attributes
            reply = result.reply
            if reply.error is not None:
                panel.set_error(reply.error.text)
            else:
                panel.set_attributes(self.item, tuple(reply.attributes))

    @Slot(object)
    def _failed(self, error: object) -> None:
        if self.job is None or self.sender() is not self.job.signals:
            return
        self.job = None
        if not isinstance(error, Cancelled):
            self.ctx.page.attributes.set_error(str(error))

    @Slot(object)
    def fill_form(self, item: MenuItem | None) -> None:
        panel = self.ctx.page.attributes
        if item is None or not panel.ask_fields:
            return
        dialog = follow_zoom(AskDialog(panel.ask_fields, self.parent_widget))
        dialog.accepted.connect(self._form_sent)
        dialog.finished.connect(self._form_closed)
        self.ask_dialog = dialog
        self._asked = (dialog, item)
        dialog.open()

    @Slot()
    def _form_sent(self) -> None:
        """The form filled in: the item's URL with the answers (Gopher+ ASK), followed."""
        # (finished, which forgets the dialog, comes before accepted: QDialog.done)
        if self._asked is None or self.sender() is not self._asked[0]:
            return
        dialog, item = self._asked
        url = item_url(
            item.itemtype,
            item.selector,
            item.host,
            item.port,
            gopher_plus=ask_data(dialog.values()),
            tls=item.tls,
        )
        if url is not None:
            self.follow(url)

    @Slot(int)
    def _form_closed(self, _result: int) -> None:
        if self.sender() is self.ask_dialog:
            self.ask_dialog = None
