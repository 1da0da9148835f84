"""The viewer's navigator: following a scheme handler's steps, between a URL and its page.

The URL comes parsed (a relative reference is resolved against the base of the page
shown), its handler turns it into a :data:`~urlinspector.gui.viewer.handlers.base.Step`,
and the step is followed: a fetch starts a :class:`~urlinspector.gui.viewer.workers.Job`
whose reports (progress, menu items, transcript lines, a password question, the first
octets of a file, the result or the failure) come back here and go to the same handler;
a download opens its save dialog; a question is asked first; a page is shown at once.
A job that was replaced or stopped still reports: only the current navigation's
reports are followed.

:class:`Navigator` is given what it works with (the viewer's handlers, the page
renderer, the fetch settings, the job runner, the download list, the transcript, the
password asker, the progress bar) and tells when a fetch starts or ends
(``busyChanged``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox, QProgressBar, QWidget

from urlinspector.core import URL, parse
from urlinspector.gui.viewer import dialogs
from urlinspector.gui.viewer.common import looks_like_text
from urlinspector.gui.viewer.downloads import Downloads
from urlinspector.gui.viewer.ftp_view import TranscriptPanel
from urlinspector.gui.viewer.handlers import Handlers
from urlinspector.gui.viewer.handlers.base import (
    AskPort,
    AskSearch,
    Download,
    Fetch,
    Navigation,
    Origin,
    SchemeHandler,
    Shown,
    Step,
)
from urlinspector.gui.viewer.handlers.ftp import parent_url
from urlinspector.gui.viewer.net_options import NetOptions
from urlinspector.gui.viewer.save import format_size, new_spool
from urlinspector.gui.viewer.showing import PageRenderer, failure_title, resolved
from urlinspector.gui.viewer.workers import Job, JobRunner
from urlinspector.net.errors import Cancelled, TooLarge
from urlinspector.net.policy import Refused
from urlinspector.net.tls import UntrustedCertificate
from urlinspector.present.text import shown
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp.errors import ClearTextLoginRefused

__all__ = ["Navigator", "NavigatorParts"]


@dataclass(frozen=True)
class NavigatorParts:
    """What the navigator works with."""

    handlers: Handlers
    renderer: PageRenderer
    net: NetOptions
    runner: JobRunner
    downloads: Downloads
    transcript: TranscriptPanel
    password_asker: dialogs.PasswordAsker
    progress: QProgressBar


class Navigator(QObject):
    """Follows the steps of the URLs the viewer is asked to show (see the module
    description) with *parts*; its questions are dialogs over *dialog_parent*.

    Signal ``busyChanged(bool)``: a fetch started or ended."""

    busyChanged = Signal(bool)

    def __init__(self, parts: NavigatorParts, dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.dialog_parent = dialog_parent
        self.handlers = parts.handlers
        self.renderer = parts.renderer
        self.net = parts.net
        self.runner = parts.runner
        self.downloads = parts.downloads
        self.transcript = parts.transcript
        self.password_asker = parts.password_asker
        self.progress = parts.progress
        self.nav: Navigation | None = None
        """The navigation in progress, if any."""
        self.search_dialog: QInputDialog | None = None
        """The search words asked for, open now, if any."""
        self.port_warning: QMessageBox | None = None
        """The question asked before connecting, open now, if any."""
        self._busy = False

    @property
    def busy(self) -> bool:
        """A fetch is in progress."""
        return self._busy

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)

    def _label(self, url: str, limit: int) -> str:
        return self.renderer.passwords.label(url, limit)

    @property
    def job(self) -> Job | None:
        """The fetch in progress, if any."""
        return self.nav.job if self.nav is not None else None

    def read(self, text: str) -> URL:
        """*text* (a link) as a URL, read once here by the edition the page shown was
        read by."""
        shown = self.renderer.url
        if shown is None:
            return parse(text.strip())
        return parse(text.strip(), shown.edition)

    def reload(self) -> None:
        renderer = self.renderer
        if renderer.url is not None:
            self.go(renderer.url, 0, Origin.TYPED)
        elif renderer.history.current is not None:
            self.go(renderer.history.current.url, 0, Origin.TYPED)

    def go_to(self, offset: int) -> None:
        """Go *offset* pages back (negative) or forward in the history."""
        entry = self.renderer.history.peek(offset)
        if entry is not None and offset:
            self.go(entry.url, offset, Origin.TYPED)

    def url_above(self) -> str | None:
        """The URL of the menu, directory or news page above the page shown, if any."""
        pages = self.renderer.pages
        if pages.currentWidget() is pages.listing_page:
            return parent_url(self.renderer.listing_url)
        url = self.renderer.url
        above = self.handlers.for_url(url).parent(url) if url is not None else None
        if above is None and pages.currentWidget() is pages.article_page:
            # a news: article: the group whose overview led to it, else its first
            return pages.article_page.group_above(pages.overview_page.group)
        return above

    def fill_history_menu(self, menu: QMenu, direction: int) -> None:
        """*menu* (Back's or Forward's, by *direction*) lists the pages that way."""
        menu.clear()
        history = self.renderer.history
        entries = history.back_entries() if direction < 0 else history.forward_entries()
        for steps, entry in enumerate(entries[:20], 1):
            label = f"{shown(entry.title, 60)} — {self._label(entry.url.text, 80)}"
            act = menu.addAction(label.replace("&", "&&"))
            act.setData(steps * direction)
            act.triggered.connect(self._history_chosen)

    @Slot()
    def _history_chosen(self) -> None:
        """A page of Back's or Forward's menu: go that many pages (the action's data)."""
        action = self.sender()
        steps = action.data() if isinstance(action, QAction) else None
        if isinstance(steps, int):
            self.go_to(steps)

    def stop(self) -> None:
        """Stop the fetch in progress; the page shown stays (a menu keeps the items
        that had arrived)."""
        nav = self.nav
        if nav is None:
            return
        self.stop_quietly()
        if nav.committed:
            nav.handler.partial(nav)
            self.renderer.set_info(self.renderer.info_text() + " · stopped: the menu is incomplete")
        self.renderer.status("Stopped.")

    def stop_quietly(self) -> None:
        nav, self.nav = self.nav, None
        if nav is not None:
            nav.job.cancel()
            if nav.spool is not None:
                nav.spool.unlink(missing_ok=True)
            self._set_busy(False)

    def forget(self) -> None:
        """Drop the navigation in progress without stopping its job (the runner is
        shutting down); nothing is in progress any more."""
        self.nav = None
        self._set_busy(False)

    # --- following a handler's steps --------------------------------------------------------

    def go(self, url: URL, offset: int | None, origin: Origin) -> None:
        renderer = self.renderer
        if renderer.url is not None:  # Back comes here
            renderer.places.remember(renderer.pages.currentWidget(), renderer.url)
        if not url.scheme and renderer.base:  # a relative reference: the base's
            url = parse(resolved(renderer.base, url.text), url.edition)
        self.plan(url, offset, origin)

    def plan(
        self, url: URL, offset: int | None, origin: Origin, *, confirmed: bool = False
    ) -> None:
        self.stop_quietly()
        handler = self.handlers.for_url(url)
        try:
            if self.net.data_ports_allowed:  # the person may have said yes to this server
                confirmed |= _server_key(url, handler) in self.net.data_ports_allowed
            step = handler.plan(url, confirmed=confirmed, origin=origin)
        except LocalProtocolError as exc:
            self.renderer.show_failure(url, offset, "Not fetched", str(exc), visit=False)
            return
        self._follow(url, offset, handler, step, origin)

    def _follow(
        self, url: URL, offset: int | None, handler: SchemeHandler, step: Step, origin: Origin
    ) -> None:
        if isinstance(step, Fetch):
            self.start(url, offset, handler, step)
        elif isinstance(step, Download):
            self._download(url, offset, handler, step)
        elif isinstance(step, AskPort):
            self._ask_port(url, offset, step, origin)
        elif isinstance(step, AskSearch):
            self._ask_search(url, handler)
        elif isinstance(step, Shown):
            self.renderer.commit(
                Navigation(url, offset, Job(lambda _ctx: None), handler), step.page, step.title
            )
            self.renderer.set_info(step.title)

    def start(
        self, url: URL, offset: int | None, handler: SchemeHandler, fetch: Fetch
    ) -> Navigation:
        job = Job(fetch.task, url.text)
        nav = Navigation(url, offset, job, handler, fetch.transcript, state=dict(fetch.state))
        self.nav = nav
        signals = job.signals
        signals.progress.connect(self._job_progress)
        signals.itemsReady.connect(self._job_items)
        self.connect_shared(job)
        signals.transferStarted.connect(self._job_transfer_started)
        signals.finished.connect(self._job_finished)
        signals.failed.connect(self._job_failed)
        if nav.transcript:
            self.transcript.clear(f"of {self._label(url.text, 90)}")
            self.transcript.show()
        self._set_busy(True)
        self.progress.setRange(0, 0)
        self.renderer.status(f"Fetching {self._label(url.text, 100)}…")
        self.runner.start(job)
        return nav

    def connect_shared(self, job: Job) -> None:
        job.signals.transcriptLine.connect(self._job_transcript)
        job.signals.passwordNeeded.connect(self._job_password)

    def _download(
        self, url: URL, offset: int | None, handler: SchemeHandler, download: Download
    ) -> None:
        if download.show_now:
            self.downloads.start(url, download)
            return
        spool = new_spool()
        fetch = Fetch(download.task(spool), transcript=download.transcript)
        nav = self.start(url, offset, handler, fetch)
        nav.spool = spool
        nav.download_name = download.name
        nav.download = download

    def _ask_port(self, url: URL, offset: int | None, question: AskPort, origin: Origin) -> None:
        def answered(connect: bool) -> None:
            self.port_warning = None
            if connect:
                self.plan(url, offset, origin, confirmed=True)
            else:
                self.renderer.status("Not connected.")

        self.port_warning = dialogs.ask_port(
            self.dialog_parent,
            self._label(url.text, 100),
            question.warning,
            answered,
            title=question.title,
            go_on=question.go_on,
        )

    def _ask_data_port(self, nav: Navigation, question: str) -> None:
        """The request policy wants the person's word (an ftp server names another port
        of this machine for its data connection): asked as a local address is; yes
        fetches again as their own act, and is remembered for that server this
        session; Cancel, the default, connects nowhere."""
        server = _server_key(nav.url, nav.handler)

        def answered(connect: bool) -> None:
            self.port_warning = None
            if connect:
                self.net.data_ports_allowed.add(server)
                self.plan(nav.url, nav.offset, Origin.TYPED, confirmed=True)
            else:
                self.renderer.status("Not connected.")

        self.port_warning = dialogs.ask_port(
            self.dialog_parent,
            self._label(nav.text, 100),
            question,
            answered,
            title="Connect there?",
        )

    def _ask_clear_text(self, nav: Navigation, title: str, message: str) -> None:
        """A news server without TLS asks for the login read from ``~/.netrc``: send it
        in clear text?  Yes fetches again (and is remembered for that server this
        session); Cancel, the default, shows the refusal."""
        server = nav.handler.server(nav.url)

        def answered(send: bool) -> None:
            self.port_warning = None
            if send:
                self.net.clear_text_logins.add(server)
                self.plan(nav.url, nav.offset, Origin.LINK, confirmed=True)
            else:
                self.renderer.show_failure(nav.url, nav.offset, title, message, visit=False)

        self.port_warning = dialogs.ask_port(
            self.dialog_parent,
            self._label(nav.text, 100),
            f"the news server {server} asks for a login on a connection without TLS: "
            "the password from ~/.netrc would cross the network in clear text, readable "
            "by anyone on the way",
            answered,
            title="Send the password in clear text?",
            go_on="&Send it in clear text",
        )

    def _ask_certificate(self, nav: Navigation, title: str, error: UntrustedCertificate) -> None:
        """A TLS server whose certificate cannot be trusted: show it (subject, issuer,
        validity, SHA-256) and ask whether to accept it, unverified, for this server this
        session.  Accept fetches again pinned to that certificate; Cancel, the default,
        shows the refusal.  Nothing was sent to the server."""
        server = nav.handler.server(nav.url)
        certificate = error.certificate
        if certificate is None:
            return

        def answered(accept: bool) -> None:
            self.port_warning = None
            if accept:
                self.net.accepted_certificates[server] = certificate.sha256
                self.plan(nav.url, nav.offset, Origin.LINK, confirmed=True)
            else:
                self.renderer.show_failure(nav.url, nav.offset, title, str(error), visit=False)

        self.port_warning = dialogs.ask_port(
            self.dialog_parent,
            self._label(nav.text, 100),
            f"the server {server} presented a certificate that cannot be trusted "
            f"({error.reason}): {certificate.summary()}. Accept it only if you know this "
            "is the server's own certificate (compare the SHA-256 fingerprint with one "
            "its owner published); it is then used for this server until the window "
            "closes, and a different one is refused",
            answered,
            title="Accept this certificate?",
            go_on="&Accept this certificate",
        )

    def _ask_search(self, url: URL, handler: SchemeHandler) -> None:
        def accepted(words: str) -> None:
            try:
                target = handler.with_search(url, words)
            except LocalProtocolError as exc:
                self.renderer.show_failure(url, None, "Not searched", str(exc), visit=False)
                return
            self.go(parse(target, url.edition), None, Origin.LINK)

        dialog = dialogs.ask_search(self.dialog_parent, accepted)
        dialog.finished.connect(self._search_closed)
        self.search_dialog = dialog

    @Slot(int)
    def _search_closed(self, _result: int) -> None:
        if self.sender() is self.search_dialog:
            self.search_dialog = None

    # --- the job's reports ------------------------------------------------------------------

    def _current(self) -> Navigation | None:
        nav = self.nav
        if nav is not None and self.sender() is nav.job.signals:
            return nav
        return None

    @Slot(object, object)
    def _job_progress(self, done: int, total: int | None) -> None:
        if self._current() is None:
            return
        if total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(min(1000, int(done * 1000 / total)))
        self.renderer.status(
            f"{format_size(done)}" + (f" of {format_size(total)}" if total else "") + " received"
        )

    @Slot()
    def _job_items(self) -> None:
        nav = self._current()
        if nav is not None:
            nav.handler.partial(nav)

    @Slot(object)
    def _job_transcript(self, line: object) -> None:
        if self.downloads.owns(self.sender()) or self._current() is not None:
            self.transcript.add_line(line)  # type: ignore[arg-type]

    @Slot(str, str)
    def _job_password(self, user: str, where: str) -> None:
        sender = self.sender()
        job = self.nav.job if self.nav is not None else None
        if job is None or job.signals is not sender:
            running = (*self.runner.running, *self.downloads.runner.running)
            job = next((j for j in running if j.signals is sender), None)
        if job is None:
            return
        the_job = job

        def answer(password: str | None) -> None:
            if password is None and self.nav is not None and self.nav.job is the_job:
                self.nav.state["declined"] = True  # given up: not a visit
            the_job.answer_password(password)

        self.password_asker.ask(sender, user, where, answer)

    @Slot()
    def _job_transfer_started(self) -> None:
        nav = self._current()
        if nav is None or nav.download_name is None or nav.spool is None:
            return
        if looks_like_text(nav.job.context.head or b""):
            return  # text after all: shown when it has come (or offered, if too big)
        # the name is a file after all: hand the transfer to the download list
        self.nav = None
        self._set_busy(False)
        download = nav.download or Download(nav.download_name, lambda _spool: nav.job.task)
        self.downloads.adopt(nav.job, nav.url, download, nav.spool)  # (it says so)

    @Slot(object)
    def _job_finished(self, result: object) -> None:
        self.password_asker.ended(self.sender(), refused=False)
        nav = self._current()
        if nav is None:
            return
        self.nav = None
        self._set_busy(False)
        try:
            nav.handler.show(nav, result)
        except TooLarge as exc:
            self.renderer.show_failure(
                nav.url, nav.offset, "Too large to show", str(exc), save=True
            )

    @Slot(object)
    def _job_failed(self, error: object) -> None:
        self.password_asker.ended(self.sender(), refused=isinstance(error, RemoteProtocolError))
        nav = self._current()
        if nav is None:
            return
        self.nav = None
        self._set_busy(False)
        if nav.spool is not None:
            nav.spool.unlink(missing_ok=True)
        if isinstance(error, Cancelled):
            self.renderer.status("Stopped.")
            return
        title = failure_title(error)
        message = str(error) or type(error).__name__
        if isinstance(error, ClearTextLoginRefused) and not nav.committed:
            self._ask_clear_text(nav, title, message)
            return
        if isinstance(error, UntrustedCertificate) and error.certificate is not None:
            self._ask_certificate(nav, title, error)
            return
        if isinstance(error, Refused) and error.question is not None and not nav.committed:
            self._ask_data_port(nav, error.question)
            return
        if nav.committed:  # a menu that broke off: keep what came
            nav.handler.partial(nav)
            self.renderer.set_info(f"{self.renderer.info_text()} · broken off: {message}")
            self.renderer.status(f"{title}: {message}")
            return
        self.renderer.show_failure(
            nav.url,
            nav.offset,
            title,
            message,
            save=isinstance(error, TooLarge),
            visit=not nav.state.get("declined", False),
        )


def _server_key(url: URL, handler: SchemeHandler) -> str:
    """``scheme://host:port``: the server a consent is remembered for."""
    return f"{(url.scheme or '').lower()}://{handler.server(url)}"
