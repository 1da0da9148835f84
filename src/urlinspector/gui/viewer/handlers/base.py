"""What every scheme handler of the viewer is, and what it may use of the viewer.

A handler turns a parsed URL into a :data:`Step`: a fetch to run off the GUI thread
(:class:`Fetch`), a download straight into a file (:class:`Download`), a question for
the person first (:class:`AskPort`, :class:`AskSearch`), or a page shown at once
(:class:`Shown`).  When the fetch's result comes back, the same handler turns it into a
page (:meth:`SchemeHandler.show`).  The pane never looks at a scheme name: it asks the
registry (:mod:`urlinspector.gui.viewer.handlers`) for the handler and follows the steps.

A handler is made for one viewer from its parts (:class:`ViewerParts`) and keeps only
those it uses, in a small context of its own: the page renderer (which shows a page or a
failure, and knows the URL of the page shown), its own pages, and the fetch settings
(:class:`~urlinspector.gui.viewer.net_options.NetOptions`), whose one
:class:`~urlinspector.net.session.Session` it hands its tasks with the request
policy's guard for the URL (:func:`guarded`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from urlinspector.core import URL
from urlinspector.gui.viewer.common import SNIFF, looks_like_text
from urlinspector.gui.viewer.save import format_size
from urlinspector.net.policy import Guard, Reach, before_connecting, permit_for
from urlinspector.schemes.ports import port_warning

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from urlinspector.gui.viewer.net_options import NetOptions
    from urlinspector.gui.viewer.pages import PageStack
    from urlinspector.gui.viewer.showing import PageRenderer
    from urlinspector.gui.viewer.tasks import SavedPage
    from urlinspector.gui.viewer.workers import Job, JobContext
    from urlinspector.net.limits import Limits
    from urlinspector.net.session import Session

__all__ = [
    "AskPort",
    "AskSearch",
    "Download",
    "Fetch",
    "Navigation",
    "Origin",
    "SchemeHandler",
    "Shown",
    "Step",
    "Task",
    "ViewerParts",
    "consent",
    "guarded",
    "hostport",
    "last_part",
    "show_download",
]


class Origin(Enum):
    """Where a URL to go to comes from: who chose it."""

    TYPED = "typed"
    """The person's own choice: the address bar, a bookmark, back, forward, reload."""
    LINK = "link"
    """A link or item followed on the page shown: the page's author chose where it
    leads (a remote page may link to this computer's files)."""


Task = Callable[["JobContext"], object]
"""A fetch to run on a pool thread (:mod:`urlinspector.gui.viewer.workers` runs it)."""


@dataclass(frozen=True)
class Fetch:
    """Run *task*; its result goes back to the handler's :meth:`~SchemeHandler.show`."""

    task: Task
    transcript: bool = False
    """Show the protocol exchange (FTP, NNTP) below the page."""
    state: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Download:
    """Write the resource into a spool file and offer it for saving.

    *show_now*: the save dialog opens at once; else the transfer starts as a fetch and
    its first octets (:data:`~urlinspector.gui.viewer.common.SNIFF` of them) decide: data
    goes to the save dialog then, a text is shown when it has come
    (:func:`show_download`), and an FTP name that turns out to be a directory is listed."""

    name: str
    task: Callable[[Path], Task]
    show_now: bool = True
    transcript: bool = False
    """Show the protocol exchange (FTP) below the page while it comes."""
    resume: Callable[[Path, int], Task] | None = None
    """After a cut: the transfer from an octet on, appended to the partial file (ftp
    REST, RFC 3659 §5); None when the scheme cannot restart a transfer."""
    no_resume: str = "this download cannot resume; Retry starts again"
    """Why it cannot resume, shown in the download list after a cut."""


@dataclass(frozen=True)
class AskPort:
    """Ask before going on: the URL's port belongs to another service (RFC 1738 §6), or
    a remote page links to a file of this computer."""

    warning: str
    title: str = "Connect to this port?"
    go_on: str = "&Connect anyway"


@dataclass(frozen=True)
class AskSearch:
    """A search item: ask for the words (RFC 1738 §3.4.2), then go to
    :meth:`SchemeHandler.with_search`'s URL."""


@dataclass(frozen=True)
class Shown:
    """A page shown at once, without fetching (an explanation)."""

    page: QWidget
    title: str


Step = Fetch | Download | AskPort | AskSearch | Shown


@dataclass
class Navigation:
    """A fetch in progress that will become the page shown."""

    url: URL
    offset: int | None
    """None: a new page; 0: reload; -1 / +1: back / forward."""
    job: Job
    handler: SchemeHandler
    transcript: bool = False
    committed: bool = False
    items: int = 0
    spool: Path | None = None
    download_name: str | None = None
    """The name offered when the transfer turns out to be a file (a deferred download)."""
    download: Download | None = None
    """The download step of a deferred download (how to retry or resume it)."""
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.url.text


@dataclass(frozen=True)
class ViewerParts:
    """The parts of one viewer its handlers are made from
    (:data:`~urlinspector.gui.viewer.handlers.HANDLERS`' factories): each keeps only the
    ones it uses."""

    renderer: PageRenderer
    """Shows a page or a failure and commits it to the history; knows the URL of the
    page shown (the request policy judges a link by it)."""
    pages: PageStack
    net: NetOptions
    """The fetch settings of the session."""


class SchemeHandler(Protocol):
    """One scheme's part in the viewer (one module per scheme under ``handlers/``)."""

    def plan(self, url: URL, *, confirmed: bool = False, origin: Origin = Origin.LINK) -> Step:
        """What to do for *url*; *confirmed*: the person agreed to its port (or to
        what the question was about); *origin*: who chose it.  Raises
        :class:`~urlinspector.schemes.errors.LocalProtocolError` for a URL that cannot
        be sent (nothing is sent)."""
        ...

    def show(self, nav: Navigation, result: object) -> None:
        """Show *result*, what :attr:`Fetch.task` returned for *nav*."""
        ...

    def partial(self, nav: Navigation) -> None:
        """Show what arrived so far (a menu's items), when the task pushed some or
        stopped before its end."""
        ...

    def save(self, url: URL) -> Download | None:
        """How to save the page at *url* into a file (None: it cannot be saved)."""
        ...

    def with_search(self, url: URL, words: str) -> str:
        """The URL that searches for *words* (after :class:`AskSearch`)."""
        ...

    def server(self, url: URL) -> str:
        """The server *url* is fetched from, for messages ("" for none)."""
        ...

    def earlier(self, url: URL, before: int) -> Fetch | None:
        """The fetch of the part of the page *url* that comes before *before* (a news
        group's older articles), or None."""
        ...

    def parent(self, url: URL) -> str | None:
        """The URL of the menu or directory above *url* (Backspace, Alt+Up), or None
        at the top or for a scheme without one."""
        ...


class BaseHandler:
    """Defaults for the optional parts of :class:`SchemeHandler`."""

    def partial(self, nav: Navigation) -> None:
        return None

    def save(self, url: URL) -> Download | None:
        return None

    def with_search(self, url: URL, words: str) -> str:
        raise NotImplementedError(f"{url.scheme} URLs have no search")

    def earlier(self, url: URL, before: int) -> Fetch | None:
        return None

    def server(self, url: URL) -> str:
        return hostport(url)

    def parent(self, url: URL) -> str | None:
        return None


def _reach(origin: Origin) -> Reach:
    return Reach.LINK if origin is Origin.LINK else Reach.TYPED


def consent(
    url: URL, page: URL | None, confirmed: bool, origin: Origin = Origin.LINK
) -> AskPort | None:
    """The question to ask before connecting to *url*, followed from the page *page*
    (None: none is shown), unless *confirmed*: the request policy's
    (:func:`urlinspector.net.policy.before_connecting`): another service's port, and for
    a link on the page shown another port than the scheme's own or a local address."""
    if confirmed:
        return None
    reasons = before_connecting(url, reach=_reach(origin), page=page)
    if not reasons:
        return None
    if port_warning(url) is None:  # a local address, or another port from a link
        return AskPort("; ".join(reasons), title="Connect there?")
    return AskPort("; ".join(reasons))


def guarded(
    session: Session, url: URL, page: URL | None, origin: Origin, confirmed: bool
) -> Session:
    """*session* with the request policy's guard for *url*, followed from *page*, in its
    limits: a name that resolves to a local address is judged as that address (and
    connected to as resolved, once); a link on a remote page does not reach one unless
    the person consented to it as written in the URL."""
    permit = permit_for(url, reach=_reach(origin), page=page, consented=confirmed)
    hint = "type the address in the address bar to go there anyway"
    return replace(session, limits=replace(session.limits, guard=Guard(permit, hint)))


def hostport(url: URL) -> str:
    host = url.host or ""
    return f"{host}:{url.port}" if url.port else host


def last_part(url: URL) -> str:
    path = (url.path or "").rstrip("/")
    last = path.rsplit("/", 1)[-1] if path else ""
    return last or (url.host or url.text)


def show_download(
    renderer: PageRenderer, limits: Limits, nav: Navigation, saved: SavedPage, what: str
) -> None:
    """A deferred download (:class:`Download` with *show_now* false) that has come
    whole: shown as text by *renderer*, with the text view's charset choice, when its
    first octets read as text (:func:`~urlinspector.gui.viewer.common.looks_like_text`)
    and it fits in memory (*limits*; Save stays, as for every page); else offered for
    saving.  *what* names it in the info line ("ftp file")."""
    with open(saved.spool, "rb") as spool:
        head = spool.read(SNIFF)
    if saved.size <= limits.max_memory and looks_like_text(head):
        data = saved.spool.read_bytes()
        saved.spool.unlink(missing_ok=True)
        renderer.show_text(nav, data, f"{what} · {format_size(len(data))} · {hostport(nav.url)}")
        return
    name = nav.download_name or last_part(nav.url)
    renderer.offer_saved(nav, name, saved.spool, saved.size)
