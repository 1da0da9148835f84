"""The viewer's tasks and their results: fetching gopher, ftp, news and nntp URLs
through :mod:`urlinspector.net` and reading local files, on a pool thread
(:mod:`.workers` runs them).

Each task is made from the URL its handler planned with and the viewer's
:class:`~urlinspector.net.session.Session` (the handler adds the request policy's
guard for that URL); it binds the job's Stop and reports to the session
(:meth:`~urlinspector.gui.viewer.workers.JobContext.bind`) and returns a frozen result
(``*Page``) that carries that same :class:`~urlinspector.core.URL` back.  A download
into a spool file hands its first octets to the viewer as they come
(:class:`HeadSniffer`), which tells a text to show from data to save by them.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from urlinspector.core import URL
from urlinspector.gui.viewer.common import SNIFF, surely_binary
from urlinspector.gui.viewer.workers import VIEW_SESSION, JobContext
from urlinspector.net import file as net_file
from urlinspector.net import ftp as net_ftp
from urlinspector.net import gopher as net_gopher
from urlinspector.net import nntp as net_nntp
from urlinspector.net.file import LocalEntry
from urlinspector.net.ftp.resuming import fetch_from
from urlinspector.net.gopher import GopherReply
from urlinspector.net.session import Session
from urlinspector.net.sink import MEMORY, Feed, File
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.file import file_target
from urlinspector.schemes.ftp.listing import Listing
from urlinspector.schemes.gopher import (
    GopherRequest,
    error_in_body,
    request_from_url,
)
from urlinspector.schemes.nntp import NewsTarget

__all__ = [
    "DOWNLOAD_DEADLINE",
    "FilePage",
    "FtpPage",
    "GopherPage",
    "HeadSniffer",
    "LocalEntry",
    "NewsPage",
    "SavedPage",
    "download_session",
    "file_path",
    "file_save_task",
    "file_task",
    "ftp_resume_task",
    "ftp_task",
    "gopher_task",
    "news_task",
]

DOWNLOAD_DEADLINE: float | None = None
"""A download to a file has no overall deadline: it shows its progress, and Stop ends it."""


class HeadSniffer:
    """Hands the viewer the first octets of a download being written to *spool*
    (``JobContext.head``, then ``transfer_started``): :data:`SNIFF` of them, fewer when
    they already say it is data (a NUL) or the file is shorter.  The viewer tells a
    text to show from data to save by them."""

    def __init__(self, ctx: JobContext, sink: IO[bytes], spool: Path) -> None:
        self.ctx = ctx
        self.sink = sink
        self.spool = spool
        self.sent = False

    def written(self, done: int, total: int | None = None) -> None:
        """*done* octets (of *total*, when known) are in the spool file."""
        if self.sent or not done:
            return
        if done >= SNIFF or (total and done >= total) or surely_binary(self._head()):
            self.send()

    def send(self) -> None:
        """Hand over what is written so far (at the end: all of a short file)."""
        if not self.sent:
            self.sent = True
            self.ctx.head = self._head()
            self.ctx.transfer_started()

    def _head(self) -> bytes:
        if not self.sink.closed:
            self.sink.flush()
        with open(self.spool, "rb") as written:
            return written.read(SNIFF)


# --- results ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GopherPage:
    """A gopher reply to show (menu, text, image, attributes)."""

    url: URL
    request: GopherRequest
    reply: GopherReply


@dataclass(frozen=True)
class SavedPage:
    """A download written to a spool file."""

    url: URL
    spool: Path
    size: int
    total: int | None = None
    listing: Listing | None = None
    """An FTP listing when the name turned out to be a directory (nothing saved)."""
    transcript: tuple[Any, ...] = ()
    tls: net_ftp.TLSInfo | None = None
    """How an ftp download was protected (RFC 4217), with the server's certificate."""


@dataclass(frozen=True)
class FtpPage:
    url: URL
    result: net_ftp.FTPResult


@dataclass(frozen=True)
class NewsPage:
    url: URL
    answer: net_nntp.NewsAnswer[Any]
    before: int | None = None


@dataclass(frozen=True)
class FilePage:
    """A local file (its bytes) or folder (its entries)."""

    url: URL
    path: Path
    entries: tuple[LocalEntry, ...] | None = None
    data: bytes | None = None
    mime: str | None = None
    notes: tuple[str, ...] = field(default=())


# --- tasks ------------------------------------------------------------------------------------


def download_session(session: Session) -> Session:
    """*session* for a download to a file: no overall deadline
    (:data:`DOWNLOAD_DEADLINE`), its other limits kept."""
    return replace(session, limits=replace(session.limits, total_timeout=DOWNLOAD_DEADLINE))


def gopher_task(
    url: URL, session: Session = VIEW_SESSION, *, spool: Path | None = None
) -> Callable[[JobContext], GopherPage | SavedPage]:
    """Fetch a gopher URL with *session* (the viewer's: its limits and request policy,
    how a ``gophers://`` server's certificate is trusted, the menu's charset): menu
    items are pushed as they arrive; with *spool* the body is written there (any size)
    instead of kept."""

    def task(ctx: JobContext) -> GopherPage | SavedPage:
        request = request_from_url(url)
        if spool is not None:
            with open(spool, "wb") as out:
                sniffer = HeadSniffer(ctx, out, spool)
                written = 0

                def write(data: bytes) -> None:
                    nonlocal written
                    out.write(data)
                    written += len(data)
                    sniffer.written(written)

                reply = net_gopher.fetch(
                    request, sink=Feed(write), session=ctx.bind(download_session(session))
                )
            if reply.error is not None:
                raise RemoteProtocolError(reply.error.text)
            if reply.size <= 4096:
                message = error_in_body(spool.read_bytes())
                if message is not None:
                    raise RemoteProtocolError(f"the gopher server says: {message}")
            total = reply.header.length if reply.header is not None else None
            sniffer.send()  # a body shorter than the sniff: all of it
            return SavedPage(url, spool, reply.size, total)

        reply = net_gopher.fetch(
            request,
            sink=MEMORY,  # a page to show; its menu items pushed as they come
            session=ctx.bind(session),
            on_item=ctx.push_item,
        )
        return GopherPage(url, request, reply)

    return task


def ftp_task(
    url: URL, session: Session = VIEW_SESSION, *, spool: Path | None = None
) -> Callable[[JobContext], FtpPage | SavedPage]:
    """Fetch an ftp or ftps URL with *session* (the viewer's: its limits and request
    policy, how a certificate is trusted, whether an ftp server is asked for TLS,
    :mod:`urlinspector.net.ftp.tls`); with *spool* a file goes there (a directory
    comes back as a listing, and nothing is written)."""

    def task(ctx: JobContext) -> FtpPage | SavedPage:
        if spool is None:
            result = net_ftp.fetch(url, sink=MEMORY, session=ctx.bind(session))  # a page
            return FtpPage(url, result)
        with open(spool, "wb") as sink:
            sniffer = HeadSniffer(ctx, sink, spool)

            def progress(done: int, total: int | None) -> None:
                ctx.progress(done, total)
                sniffer.written(done, total)

            download = ctx.bind(download_session(session), progress=progress)
            result = net_ftp.fetch(url, sink=File(sink), session=download)
        return SavedPage(
            url,
            spool,
            result.kept,
            result.total,
            result.listing,
            result.transcript,
            result.tls,
        )

    return task


def ftp_resume_task(
    url: URL, spool: Path, offset: int, session: Session = VIEW_SESSION
) -> Callable[[JobContext], SavedPage]:
    """Go on with an ftp download cut after *offset* octets: REST, then RETR appended to
    *spool* (:func:`urlinspector.net.ftp.resuming.fetch_from`), with *session*;
    progress counts the whole file."""

    def task(ctx: JobContext) -> SavedPage:
        with open(spool, "ab") as sink:
            download = ctx.bind(download_session(session))
            result = fetch_from(url, File(sink), offset, session=download)
        return SavedPage(
            url, spool, result.received, result.total, None, result.transcript, result.tls
        )

    return task


def news_task(
    url: URL,
    session: Session = VIEW_SESSION,
    *,
    server: str | None = None,
    before: int | None = None,
    clear_text_login: bool = False,
) -> Callable[[JobContext], NewsPage]:
    """Fetch a news: or nntp: URL (the group list, a page of a group's overview, or an
    article) with *session* (its charset decodes an article that declares none); news:
    URLs go to *server* (``HOST[:PORT]``), else ``NNTPSERVER``.  A login from
    ``~/.netrc`` (its ``machine`` entry for the server) is sent on a connection without
    TLS only with *clear_text_login*."""

    def task(ctx: JobContext) -> NewsPage:
        target: NewsTarget = net_nntp.news_target(url)
        credentials = None
        if target.user is None:
            address = net_nntp.server_for(target, server)
            credentials = net_nntp.netrc_credentials(address.host, clear_text=clear_text_login)
        # (no progress: each reply of the conversation would count from 0 again)
        answer = net_nntp.fetch_news(
            target,
            sink=MEMORY,  # the page shows the parsed result
            session=replace(ctx.bind(session), progress=None),
            server=server,
            credentials=credentials,
            before=before,
        )
        return NewsPage(url, answer, before)

    return task


def file_path(url: URL) -> Path:
    """The local path a file: URL names (RFC 1738 §3.10); raises
    :class:`~urlinspector.schemes.errors.LocalProtocolError` for another host's file."""
    return Path(file_target(url).path)


def file_task(url: URL, session: Session = VIEW_SESSION) -> Callable[[JobContext], FilePage]:
    """Read a local regular file (up to the memory cap of *session*'s limits) or list a
    local folder (:func:`urlinspector.net.file.fetch`)."""
    target = file_target(url)

    def task(ctx: JobContext) -> FilePage:
        result = net_file.fetch(target, sink=MEMORY, session=ctx.bind(session))
        path = Path(target.path)
        if result.entries is not None:
            return FilePage(url, path, entries=result.entries)
        mime, _ = mimetypes.guess_type(path.name)
        return FilePage(url, path, data=result.data, mime=mime)

    return task


def file_save_task(
    url: URL, spool: Path, session: Session = VIEW_SESSION
) -> Callable[[JobContext], SavedPage]:
    """Copy a local regular file into *spool* (any size), for the save dialog."""
    target = file_target(url)

    def task(ctx: JobContext) -> SavedPage:
        with open(spool, "wb") as sink:
            result = net_file.fetch(target, sink=File(sink), session=ctx.bind(session))
        if result.entries is not None:
            raise LocalProtocolError(f"'{target.path}' is a folder: there is no file to save")
        return SavedPage(url, spool, result.size, result.size)

    return task
