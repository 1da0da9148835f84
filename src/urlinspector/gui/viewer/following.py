"""Following a scheme handler's steps: the part of
:class:`~urlinspector.gui.viewer.pane.ViewerPane` between a URL and its page.

The URL is parsed once (a relative reference resolved against the base of the page
shown), its handler turns it into a :data:`~urlinspector.gui.viewer.handlers.base.Step`,
and the step is followed: a fetch starts a :class:`~urlinspector.gui.viewer.workers.Job`
whose reports (progress, menu items, transcript lines, a password question, the first
octets of a file, the result or the failure) come back here and go to the same handler;
a download opens its save dialog; a question is asked first; a page is shown at once.
A job that was replaced or stopped still reports: only the current navigation's
reports are followed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import SignalInstance, Slot
from PySide6.QtWidgets import QInputDialog, QLabel, QMessageBox, QProgressBar, QWidget

from urlinspector.core import URL, parse
from urlinspector.gui.viewer import dialogs
from urlinspector.gui.viewer.common import display_url, looks_like_text
from urlinspector.gui.viewer.downloads import Downloads
from urlinspector.gui.viewer.ftp_view import TranscriptPanel
from urlinspector.gui.viewer.handlers import handler_for
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
from urlinspector.gui.viewer.news_view import ArticlePage, GroupListPage, OverviewListPage
from urlinspector.gui.viewer.other_schemes import SchemePage
from urlinspector.gui.viewer.places import Places
from urlinspector.gui.viewer.save import format_size, new_spool
from urlinspector.gui.viewer.showing import PageShowing, failure_title, resolved
from urlinspector.gui.viewer.workers import Job, JobRunner
from urlinspector.net.errors import Cancelled, TooLarge
from urlinspector.net.limits import Limits
from urlinspector.net.tls import UntrustedCertificate
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp.errors import ClearTextLoginRefused

__all__ = ["StepFollowing"]


class StepFollowing(PageShowing, QWidget):
    """The base of :class:`~urlinspector.gui.viewer.pane.ViewerPane`: following a
    handler's steps and its job's reports (see the module description).  What it
    declares and does not define is the pane's."""

    base: str
    limits: Limits
    news_server: str | None
    ftp_auth_tls: bool
    groups_page: GroupListPage
    overview_page: OverviewListPage
    article_page: ArticlePage
    scheme_page: SchemePage
    runner: JobRunner
    places: Places
    downloads: Downloads
    transcript: TranscriptPanel
    password_asker: dialogs.PasswordAsker
    search_dialog: QInputDialog | None
    port_warning: QMessageBox | None
    clear_text_logins: set[str]
    accepted_certificates: dict[str, str]
    progress: QProgressBar
    info: QLabel
    statusMessage: SignalInstance
    _nav: Navigation | None

    if TYPE_CHECKING:  # the pane's own

        def stop_quietly(self) -> None: ...

        def navigate(self, url: str, origin: Origin = Origin.LINK) -> None: ...

        def _set_busy(self, busy: bool) -> None: ...

    # --- following a handler's steps --------------------------------------------------------

    def _go(self, url: str, offset: int | None, origin: Origin) -> None:
        if not url:
            return
        self.places.remember(self.pages.currentWidget(), self.url)  # Back comes back here
        parsed = parse(url)
        if not parsed.scheme and self.base:
            parsed = parse(resolved(self.base, url))  # a relative reference: the base's
        self._plan(parsed, offset, origin)

    def _plan(
        self, url: URL, offset: int | None, origin: Origin, *, confirmed: bool = False
    ) -> None:
        self.stop_quietly()
        handler = handler_for(url)
        try:
            step = handler.plan(url, self, confirmed=confirmed, origin=origin)
        except LocalProtocolError as exc:
            self.show_failure(url.text, offset, "Not fetched", str(exc), visit=False)
            return
        self._follow(url, offset, handler, step, origin)

    def _follow(
        self, url: URL, offset: int | None, handler: SchemeHandler, step: Step, origin: Origin
    ) -> None:
        if isinstance(step, Fetch):
            self._start(url, offset, handler, step)
        elif isinstance(step, Download):
            self._download(url, offset, handler, step)
        elif isinstance(step, AskPort):
            self._ask_port(url, offset, step, origin)
        elif isinstance(step, AskSearch):
            self._ask_search(url, handler)
        elif isinstance(step, Shown):
            self.commit(
                Navigation(url, offset, Job(lambda _ctx: None), handler), step.page, step.title
            )
            self.set_info(step.title)

    def _start(
        self, url: URL, offset: int | None, handler: SchemeHandler, fetch: Fetch
    ) -> Navigation:
        job = Job(fetch.task, url.text)
        nav = Navigation(url, offset, job, handler, fetch.transcript, state=dict(fetch.state))
        self._nav = nav
        signals = job.signals
        signals.progress.connect(self._job_progress)
        signals.itemsReady.connect(self._job_items)
        self._connect_shared(job)
        signals.transferStarted.connect(self._job_transfer_started)
        signals.finished.connect(self._job_finished)
        signals.failed.connect(self._job_failed)
        if nav.transcript:
            self.transcript.clear(f"of {display_url(url.text, 90)}")
            self.transcript.show()
        self._set_busy(True)
        self.progress.setRange(0, 0)
        self.statusMessage.emit(f"Fetching {display_url(url.text, 100)}…")
        self.runner.start(job)
        return nav

    def _connect_shared(self, job: Job) -> None:
        job.signals.transcriptLine.connect(self._job_transcript)
        job.signals.passwordNeeded.connect(self._job_password)

    def _download(
        self, url: URL, offset: int | None, handler: SchemeHandler, download: Download
    ) -> None:
        if download.show_now:
            self.downloads.start(url.text, download)
            return
        spool = new_spool()
        fetch = Fetch(download.task(spool), transcript=download.transcript)
        nav = self._start(url, offset, handler, fetch)
        nav.spool = spool
        nav.download_name = download.name
        nav.download = download

    def _ask_port(self, url: URL, offset: int | None, question: AskPort, origin: Origin) -> None:
        def answered(connect: bool) -> None:
            self.port_warning = None
            if connect:
                self._plan(url, offset, origin, confirmed=True)
            else:
                self.statusMessage.emit("Not connected.")

        self.port_warning = dialogs.ask_port(
            self,
            display_url(url.text, 100),
            question.warning,
            answered,
            title=question.title,
            go_on=question.go_on,
        )

    def _ask_clear_text(self, nav: Navigation, title: str, message: str) -> None:
        """A news server without TLS asks for the login read from ``~/.netrc``: send it
        in clear text?  Yes fetches again (and is remembered for that server this
        session); Cancel, the default, shows the refusal."""
        server = nav.handler.server(nav.url, self)

        def answered(send: bool) -> None:
            self.port_warning = None
            if send:
                self.clear_text_logins.add(server)
                self._plan(nav.url, nav.offset, Origin.LINK, confirmed=True)
            else:
                self.show_failure(nav.text, nav.offset, title, message, visit=False)

        self.port_warning = dialogs.ask_port(
            self,
            display_url(nav.text, 100),
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
        server = nav.handler.server(nav.url, self)
        certificate = error.certificate
        if certificate is None:
            return

        def answered(accept: bool) -> None:
            self.port_warning = None
            if accept:
                self.accepted_certificates[server] = certificate.sha256
                self._plan(nav.url, nav.offset, Origin.LINK, confirmed=True)
            else:
                self.show_failure(nav.text, nav.offset, title, str(error), visit=False)

        self.port_warning = dialogs.ask_port(
            self,
            display_url(nav.text, 100),
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
                self.show_failure(url.text, None, "Not searched", str(exc), visit=False)
                return
            self.navigate(target)

        dialog = dialogs.ask_search(self, accepted)
        dialog.finished.connect(lambda _result: setattr(self, "search_dialog", None))
        self.search_dialog = dialog

    # --- the job's reports ------------------------------------------------------------------

    def _current(self) -> Navigation | None:
        nav = self._nav
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
        self.statusMessage.emit(
            f"{format_size(done)}" + (f" of {format_size(total)}" if total else "") + " received"
        )

    @Slot()
    def _job_items(self) -> None:
        nav = self._current()
        if nav is not None:
            nav.handler.partial(self, nav)

    @Slot(object)
    def _job_transcript(self, line: object) -> None:
        if self.downloads.owns(self.sender()) or self._current() is not None:
            self.transcript.add_line(line)  # type: ignore[arg-type]

    @Slot(str, str)
    def _job_password(self, user: str, where: str) -> None:
        sender = self.sender()
        job = self._nav.job if self._nav is not None else None
        if job is None or job.signals is not sender:
            running = (*self.runner.running, *self.downloads.runner.running)
            job = next((j for j in running if j.signals is sender), None)
        if job is None:
            return
        the_job = job

        def answer(password: str | None) -> None:
            if password is None and self._nav is not None and self._nav.job is the_job:
                self._nav.state["declined"] = True  # given up: not a visit
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
        self._nav = None
        self._set_busy(False)
        download = nav.download or Download(nav.download_name, lambda _spool: nav.job.task)
        self.downloads.adopt(nav.job, nav.text, download, nav.spool)
        self.statusMessage.emit(
            f"Downloading {download.name}: its progress is in the Downloads window "
            f"({self.downloads.action.shortcut().toString()})."
        )

    @Slot(object)
    def _job_finished(self, result: object) -> None:
        self.password_asker.ended(self.sender(), refused=False)
        nav = self._current()
        if nav is None:
            return
        self._nav = None
        self._set_busy(False)
        try:
            nav.handler.show(self, nav, result)
        except TooLarge as exc:
            self.show_failure(nav.text, nav.offset, "Too large to show", str(exc), save=True)

    @Slot(object)
    def _job_failed(self, error: object) -> None:
        self.password_asker.ended(self.sender(), refused=isinstance(error, RemoteProtocolError))
        nav = self._current()
        if nav is None:
            return
        self._nav = None
        self._set_busy(False)
        if nav.spool is not None:
            nav.spool.unlink(missing_ok=True)
        if isinstance(error, Cancelled):
            self.statusMessage.emit("Stopped.")
            return
        title = failure_title(error)
        message = str(error) or type(error).__name__
        if isinstance(error, ClearTextLoginRefused) and not nav.committed:
            self._ask_clear_text(nav, title, message)
            return
        if isinstance(error, UntrustedCertificate) and error.certificate is not None:
            self._ask_certificate(nav, title, error)
            return
        if nav.committed:  # a menu that broke off: keep what came
            nav.handler.partial(self, nav)
            self.set_info(f"{self.info.text()} · broken off: {message}")
            self.statusMessage.emit(f"{title}: {message}")
            return
        self.show_failure(
            nav.text,
            nav.offset,
            title,
            message,
            save=isinstance(error, TooLarge),
            visit=not nav.state.get("declined", False),
        )
