"""The viewer's page renderer: the part of :class:`~urlinspector.gui.viewer.pane.ViewerPane`
that the scheme handlers use to show what came back: a text, an image, a listing, a
failure, a line in the status bar, and committing a page to the history with its URL and
base URL (URL syntax draft 1997 §5.1.3).

:class:`PageRenderer` owns the URL and the base of the page shown; it is given the page
stack, the history, the places, the download list, the transcript, the info label and
the pane's password display, and tells what changed by its signals (the pane passes
them on as its own)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QWidget

from urlinspector.core import URL, BaseNotAbsoluteError, resolve
from urlinspector.core.base import establish_base
from urlinspector.gui.viewer.common import PasswordDisplay
from urlinspector.gui.viewer.downloads import Downloads
from urlinspector.gui.viewer.ftp_view import TranscriptPanel
from urlinspector.gui.viewer.handlers.base import Navigation, last_part
from urlinspector.gui.viewer.history import History
from urlinspector.gui.viewer.pages import PageStack
from urlinspector.gui.viewer.places import Places
from urlinspector.net.errors import ConnectFailed, NetError, NetTimeout, TooLarge
from urlinspector.net.policy import Refused
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp import NNTPReplyError

__all__ = ["PageRenderer", "failure_title", "resolved"]


class PageRenderer(QObject):
    """Shows pages on *pages* and commits them to *history* (see the module
    description); *server_of* names the server a URL is fetched from, for messages;
    *passwords* says whether the URLs in them show their passwords.

    Signals: ``urlChanged(str)``, ``baseChanged(str)``, ``titleChanged(str)`` and
    ``statusMessage(str)``, as the pane's."""

    urlChanged = Signal(str)
    baseChanged = Signal(str)
    titleChanged = Signal(str)
    statusMessage = Signal(str)

    def __init__(
        self,
        pages: PageStack,
        history: History,
        places: Places,
        downloads: Downloads,
        transcript: TranscriptPanel,
        info: QLabel,
        server_of: Callable[[URL], str],
        passwords: PasswordDisplay,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.pages = pages
        self.history = history
        self.places = places
        self.downloads = downloads
        self.transcript = transcript
        self.info = info
        self.server_of = server_of
        self.passwords = passwords
        self.url: URL | None = None
        """The URL of the page shown (None before the first)."""
        self.base = ""
        """Its base URL (URL syntax draft 1997 §5.1.3)."""
        self.image_data: bytes = b""
        """The octets of the image shown, or of the file a failure offers to save."""
        self.listing_url = ""
        """The directory of the listing shown last."""
        self.failed_url: URL | None = None
        """The URL of the failure shown last (Try again fetches it)."""
        self._link_name: tuple[str, str] = ("", "")
        """The URL of the menu item followed last and its name (see :meth:`name_link`)."""

    def name_link(self, url: str, name: str) -> None:
        """*url* is about to be followed from a menu item called *name*: the page it
        shows is titled by that name (History, bookmarks), not by its selector."""
        self._link_name = (url, name)

    def set_info(self, text: str) -> None:
        self.info.setText(text)

    def status(self, text: str) -> None:
        """A line for the status bar ("" clears it)."""
        self.statusMessage.emit(text)

    def info_text(self) -> str:
        return self.info.text()

    def show_text(self, nav: Navigation, data: bytes, info: str, *, content: bool = False) -> None:
        state = self.restore_state(nav)
        self.pages.text_page.set_bytes(data, state.get("charset"))
        content_text = self.pages.text_page.text if content else None
        self.commit(nav, self.pages.text_page, last_part(nav.url), content=content_text)
        self.set_info(info)

    def show_image(self, nav: Navigation, data: bytes, info: str) -> None:
        problem = self.pages.image_page.set_image(data)
        self.image_data = data
        if problem:
            self.show_failure(nav.url, nav.offset, "Cannot show the image", problem, save_data=data)
            return
        self.commit(nav, self.pages.image_page, last_part(nav.url))
        self.set_info(info)

    def show_listing(self, nav: Navigation, base: str, title: str, info: str) -> None:
        self.listing_url = base
        self.commit(nav, self.pages.listing_page, title, base=base)
        self.set_info(info)

    def offer_saved(self, nav: Navigation, name: str, spool: Path, size: int) -> None:
        self.downloads.offer(nav.url, name, spool, size)

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
            self.image_data = save_data
            actions.insert(0, ("save-data", "Save the fi&le…"))
        self.pages.message_page.show_message(title, message, tuple(actions))
        self.failed_url = url
        self.pages.setCurrentWidget(self.pages.message_page)
        if visit:
            if offset is None and (self.url is None or url.text != self.url.text):
                self.history.visit(url, title)
            elif offset:
                with contextlib.suppress(IndexError):
                    self.history.go(offset)
            self.url = url
            self.urlChanged.emit(url.text)
            self.titleChanged.emit(title)
        where = self.server_of(url)
        self.set_info(f"{title} · {where}" if where else title)
        self.statusMessage.emit(f"{title}: {self.passwords.url(message)}")

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
        if page is not self.pages.gopher_page:
            self.pages.gopher_page.attributes.hide()
        if not nav.transcript:
            self.transcript.hide()
        url = nav.text
        state = dict(nav.state)
        if nav.offset is None or nav.offset == 0:
            self.history.visit(nav.url, title, state or None)
        else:
            target = self.history.peek(nav.offset)
            if target is not None and target.url.text == url:
                self.history.go(nav.offset)
                self.history.update_current(title=title)
            else:
                self.history.visit(nav.url, title)
        current = self.history.current
        # back, forward or reload: the item followed, where it was (a new page: its
        # first item, or the one that leads back down after Backspace)
        kept = current.state if nav.offset is not None and current else {}
        self.places.restore(page, kept, nav.text)
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
        return dict(entry.state) if entry is not None and entry.url.text == nav.text else {}


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
