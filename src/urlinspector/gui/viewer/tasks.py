"""The viewer's tasks and their results: fetching gopher, ftp, news and nntp URLs
through :mod:`urlinspector.net` and reading local files, on a pool thread
(:mod:`.workers` runs them).

Each task is made from the URL its handler planned with and returns a frozen result
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
from urlinspector.gui.viewer.workers import VIEW_LIMITS, JobContext
from urlinspector.net import file as net_file
from urlinspector.net import ftp as net_ftp
from urlinspector.net import gopher as net_gopher
from urlinspector.net import nntp as net_nntp
from urlinspector.net.file import LocalEntry
from urlinspector.net.ftp.resuming import fetch_from
from urlinspector.net.gopher import GopherReply
from urlinspector.net.limits import Limits
from urlinspector.net.sink import MEMORY, Feed, File
from urlinspector.net.tls import TLSOptions
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


def gopher_task(
    url: URL,
    *,
    limits: Limits = VIEW_LIMITS,
    spool: Path | None = None,
    charset: str = "utf-8",
    tls: TLSOptions | None = None,
) -> Callable[[JobContext], GopherPage | SavedPage]:
    """Fetch a gopher URL: menu items are pushed as they arrive; with *spool* the body
    is written there (any size) instead of kept; *tls*: how a ``gophers://`` server's
    certificate is trusted (default: verified against the system's store)."""

    def task(ctx: JobContext) -> GopherPage | SavedPage:
        request = request_from_url(url)
        if spool is not None:
            download = replace(limits, total_timeout=DOWNLOAD_DEADLINE)
            with open(spool, "wb") as out:
                sniffer = HeadSniffer(ctx, out, spool)
                written = 0

                def write(data: bytes) -> None:
                    nonlocal written
                    out.write(data)
                    written += len(data)
                    sniffer.written(written)

                reply = net_gopher.fetch(
                    request, sink=Feed(write), session=ctx.session(download, tls)
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
            session=ctx.session(limits, tls, charset=charset),
            on_item=ctx.push_item,
        )
        return GopherPage(url, request, reply)

    return task


def ftp_task(
    url: URL,
    *,
    limits: Limits = VIEW_LIMITS,
    spool: Path | None = None,
    charset: str = "utf-8",
    tls: TLSOptions | None = None,
    auth_tls: bool = False,
) -> Callable[[JobContext], FtpPage | SavedPage]:
    """Fetch an ftp or ftps URL (*tls*: how the certificate is trusted; *auth_tls*: ask
    an ftp server for TLS, :mod:`urlinspector.net.ftp.tls`); with *spool* a file goes
    there (a directory comes back as a listing, and nothing is
    written)."""

    def task(ctx: JobContext) -> FtpPage | SavedPage:
        if spool is None:
            session = ctx.session(limits, tls, auth_tls=auth_tls, charset=charset)
            result = net_ftp.fetch(url, sink=MEMORY, session=session)  # a page to show
            return FtpPage(url, result)
        with open(spool, "wb") as sink:
            sniffer = HeadSniffer(ctx, sink, spool)

            def progress(done: int, total: int | None) -> None:
                ctx.progress(done, total)
                sniffer.written(done, total)

            download = replace(limits, total_timeout=DOWNLOAD_DEADLINE)
            session = ctx.session(
                download, tls, auth_tls=auth_tls, charset=charset, progress=progress
            )
            result = net_ftp.fetch(url, sink=File(sink), session=session)
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
    url: URL,
    spool: Path,
    offset: int,
    *,
    limits: Limits = VIEW_LIMITS,
    tls: TLSOptions | None = None,
    auth_tls: bool = False,
) -> Callable[[JobContext], SavedPage]:
    """Go on with an ftp download cut after *offset* octets: REST, then RETR appended to
    *spool* (:func:`urlinspector.net.ftp.resuming.fetch_from`); progress counts the
    whole file."""

    def task(ctx: JobContext) -> SavedPage:
        with open(spool, "ab") as sink:
            download = replace(limits, total_timeout=DOWNLOAD_DEADLINE)
            session = ctx.session(download, tls, auth_tls=auth_tls)
            result = fetch_from(url, File(sink), offset, session=session)
        return SavedPage(
            url, spool, result.received, result.total, None, result.transcript, result.tls
        )

    return task


def news_task(
    url: URL,
    *,
    server: str | None = None,
    before: int | None = None,
    fallback_charset: str = "utf-8",
    limits: Limits = VIEW_LIMITS,
    clear_text_login: bool = False,
) -> Callable[[JobContext], NewsPage]:
    """Fetch a news: or nntp: URL (the group list, a page of a group's overview, or an
    article); news: URLs go to *server* (``HOST[:PORT]``), else ``NNTPSERVER``.  A login
    from ``~/.netrc`` (its ``machine`` entry for the server) is sent on a connection
    without TLS only with *clear_text_login*."""

    def task(ctx: JobContext) -> NewsPage:
        target: NewsTarget = net_nntp.news_target(url)
        credentials = None
        if target.user is None:
            address = net_nntp.server_for(target, server)
            credentials = net_nntp.netrc_credentials(address.host, clear_text=clear_text_login)
        # (no progress: each reply of the conversation would count from 0 again)
        session = replace(ctx.session(limits, charset=fallback_charset), progress=None)
        answer = net_nntp.fetch_news(
            target,
            sink=MEMORY,  # the page shows the parsed result
            session=session,
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


def file_task(url: URL, *, limits: Limits = VIEW_LIMITS) -> Callable[[JobContext], FilePage]:
    """Read a local regular file (up to the memory cap) or list a local folder
    (:func:`urlinspector.net.file.fetch`)."""
    target = file_target(url)

    def task(ctx: JobContext) -> FilePage:
        result = net_file.fetch(target, sink=MEMORY, session=ctx.session(limits))
        path = Path(target.path)
        if result.entries is not None:
            return FilePage(url, path, entries=result.entries)
        mime, _ = mimetypes.guess_type(path.name)
        return FilePage(url, path, data=result.data, mime=mime)

    return task


def file_save_task(url: URL, spool: Path) -> Callable[[JobContext], SavedPage]:
    """Copy a local regular file into *spool* (any size), for the save dialog."""
    target = file_target(url)

    def task(ctx: JobContext) -> SavedPage:
        with open(spool, "wb") as sink:
            result = net_file.fetch(target, sink=File(sink), session=ctx.session(VIEW_LIMITS))
        if result.entries is not None:
            raise LocalProtocolError(f"'{target.path}' is a folder: there is no file to save")
        return SavedPage(url, spool, result.size, result.size)

    return task
