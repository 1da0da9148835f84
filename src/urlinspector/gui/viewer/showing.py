"""How the viewer shows a page: the part of :class:`~urlinspector.gui.viewer.pane.ViewerPane`
that the scheme handlers use (:class:`~urlinspector.gui.viewer.handlers.base.Viewer`):
a text, an image, a listing, a failure, and committing a page to the history with its
URL and base URL (URL syntax draft 1997 §5.1.3)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QLabel, QWidget

from urlinspector.core import URL, BaseNotAbsoluteError, resolve
from urlinspector.core.base import establish_base
from urlinspector.gui.viewer.common import without_password
from urlinspector.gui.viewer.downloads import Downloads
from urlinspector.gui.viewer.ftp_view import ListingPage, TranscriptPanel
from urlinspector.gui.viewer.gopher_view import GopherMenuPage
from urlinspector.gui.viewer.handlers.base import Navigation, last_part
from urlinspector.gui.viewer.history import History
from urlinspector.gui.viewer.image_view import ImageView
from urlinspector.gui.viewer.other_schemes import MessagePage
from urlinspector.gui.viewer.pages import PageStack
from urlinspector.gui.viewer.places import Places
from urlinspector.gui.viewer.text_view import TextView
from urlinspector.net.errors import ConnectFailed, NetError, NetTimeout, TooLarge
from urlinspector.net.policy import Refused
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp import NNTPReplyError

__all__ = ["PageShowing", "failure_title", "resolved"]


class PageShowing:
    """A mixin of :class:`~urlinspector.gui.viewer.pane.ViewerPane`: showing pages."""

    url: URL | None
    base: str
    history: History
    places: Places
    downloads: Downloads
    pages: PageStack
    info: QLabel
    gopher_page: GopherMenuPage
    text_page: TextView
    image_page: ImageView
    listing_page: ListingPage
    message_page: MessagePage
    transcript: TranscriptPanel
    urlChanged: SignalInstance
    baseChanged: SignalInstance
    titleChanged: SignalInstance
    statusMessage: SignalInstance
    _image_data: bytes
    _listing_url: str
    _failed_url: URL | None
    _link_name: tuple[str, str] = ("", "")
    """The URL of the menu item followed last and its name (see :meth:`name_link`)."""

    def name_link(self, url: str, name: str) -> None:
        """*url* is about to be followed from a menu item called *name*: the page it
        shows is titled by that name (History, bookmarks), not by its selector."""
        self._link_name = (url, name)

    def server_of(self, url: URL) -> str:
        """The server *url* is fetched from, for messages (its scheme handler's answer)."""
        raise NotImplementedError

    def set_info(self, text: str) -> None:
        self.info.setText(text)

    def info_text(self) -> str:
        return self.info.text()

    def status(self, text: str) -> None:
        self.statusMessage.emit(text)

    def show_text(self, nav: Navigation, data: bytes, info: str, *, content: bool = False) -> None:
        state = self.restore_state(nav)
        self.text_page.set_bytes(data, state.get("charset"))
        content_text = self.text_page.text if content else None
        self.commit(nav, self.text_page, last_part(nav.url), content=content_text)
        self.set_info(info)

    def show_image(self, nav: Navigation, data: bytes, info: str) -> None:
        problem = self.image_page.set_image(data)
        self._image_data = data
        if problem:
            self.show_failure(nav.url, nav.offset, "Cannot show the image", problem, save_data=data)
            return
        self.commit(nav, self.image_page, last_part(nav.url))
        self.set_info(info)

    def show_listing(self, nav: Navigation, base: str, title: str, info: str) -> None:
        self._listing_url = base
        self.commit(nav, self.listing_page, title, base=base)
        self.set_info(info)

    def offer_saved(self, nav: Navigation, name: str, spool: Path, size: int) -> None:
        self.downloads.offer(nav.text, name, spool, size)

    def show_failure(
        self,
        url: URL,
        offset: int | None,
        title: str,
        message: str,
        *,
        save: bool = False,
        save_data: bytes | None = None,
        visit: bool = True,
    ) -> None:
        """Show a message page; *visit* false (a fetch refused before anything was
        sent) leaves the history and the address as they were."""
        actions: list[tuple[str, str]] = [("retry", "&Try again")]
        if save:
            actions.insert(0, ("save", "Save it &instead…"))
        if save_data is not None:
            self._image_data = save_data
            actions.insert(0, ("save-data", "Save the fi&le…"))
        self.message_page.show_message(title, message, tuple(actions))
        self._failed_url = url
        self.pages.setCurrentWidget(self.message_page)
        if visit:
            if offset is None and (self.url is None or url.text != self.url.text):
                self.history.visit(url.text, title)
            elif offset:
                with contextlib.suppress(IndexError):
                    self.history.go(offset)
            self.url = url
            self.urlChanged.emit(url.text)
            self.titleChanged.emit(title)
        where = self.server_of(url)
        self.set_info(f"{title} · {where}" if where else title)
        self.statusMessage.emit(f"{title}: {without_password(message)}")

    def commit(
        self,
        nav: Navigation,
        page: QWidget,
        title: str,
        *,
        base: str | None = None,
        content: str | None = None,
    ) -> None:
        """Show *page* as the page *nav* fetched: the history, the URL and the base."""
        nav.committed = True
        if self._link_name[0] == nav.text and self._link_name[1]:
            title = self._link_name[1]
        self.pages.setCurrentWidget(page)
        if page is not self.gopher_page:
            self.gopher_page.attributes.hide()
        if not nav.transcript:
            self.transcript.hide()
        url = nav.text
        state = dict(nav.state)
        if nav.offset is None or nav.offset == 0:
            self.history.visit(url, title, state or None)
        else:
            target = self.history.peek(nav.offset)
            if target is not None and target.url == url:
                self.history.go(nav.offset)
                self.history.update_current(title=title)
            else:
                self.history.visit(url, title)
        current = self.history.current
        # back, forward or reload: the item followed, where it was (a new page: the top)
        self.places.restore(page, current.state if nav.offset is not None and current else {})
        self.url = nav.url
        self.urlChanged.emit(url)
        self.titleChanged.emit(title)
        established = establish_base(content=content, retrieval_url=base or url)
        new_base = established.url if established is not None else (base or url)
        self.base = new_base
        self.baseChanged.emit(new_base)

    def restore_state(self, nav: Navigation) -> dict[str, Any]:
        if nav.offset is None:
            return {}
        entry = self.history.peek(nav.offset) if nav.offset else self.history.current
        return dict(entry.state) if entry is not None and entry.url == nav.text else {}


def resolved(base: str, reference: str) -> str:
    """*reference* resolved against *base* (RFC 3986 §5.2); *reference* itself when
    that fails."""
    try:
        return resolve(base, reference).target
    except (BaseNotAbsoluteError, ValueError):
        return reference


_FAILURE_TITLES: tuple[tuple[type[BaseException], str], ...] = (
    (NetTimeout, "The server did not answer in time"),
    (ConnectFailed, "Cannot connect"),
    (TooLarge, "Too large to show"),
    (NNTPReplyError, "The news server refused"),
    (Refused, "Not connected"),
    (LocalProtocolError, "Not sent"),
)


def failure_title(error: object) -> str:
    for kind, title in _FAILURE_TITLES:
        if isinstance(error, kind):
            return title
    if isinstance(error, NetError) and isinstance(error, RemoteProtocolError):
        return "The server refused"
    if isinstance(error, RemoteProtocolError):
        return "The server's reply breaks the protocol"
    if isinstance(error, NetError):
        return "The transfer failed"
    return "Something went wrong"
