"""One connection to a news server: :class:`NewsClient` opens it (NNTPS, or STARTTLS
when offered), runs the start of the conversation, answers the reader's requests one
command at a time, and records the transcript."""

from __future__ import annotations

import contextlib
import ssl
from collections.abc import Iterator
from dataclasses import replace
from types import TracebackType
from typing import TypeVar

from urlinspector.net.driver import Connection, Pump
from urlinspector.net.errors import NetError
from urlinspector.net.limits import Limits
from urlinspector.net.nntp.answers import ServerInfo, TranscriptLine
from urlinspector.net.session import DEFAULT_SESSION, Session
from urlinspector.net.sink import MEMORY, Sink, body_writer
from urlinspector.net.tls import client_context
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp import session as nntp
from urlinspector.schemes.nntp.article import Article
from urlinspector.schemes.nntp.errors import greeting_error
from urlinspector.schemes.nntp.events import NEED_DATA, Command, ConnectionClosed, Greeting, Reply
from urlinspector.schemes.nntp.listing import GroupList, OverviewPage
from urlinspector.schemes.nntp.protocol import NNTPConnection
from urlinspector.schemes.nntp.session import (
    DEFAULT_PAGE_SIZE,
    Action,
    Credentials,
    Exchange,
    UpgradeTLS,
    check_credentials,
)
from urlinspector.schemes.nntp.url import ServerAddress
from urlinspector.schemes.transcript import Kind

__all__ = ["LINE_COST", "QUIT_WAIT", "RAW_COMMANDS", "NewsClient"]

T = TypeVar("T")

QUIT_WAIT = 2.0
"""Seconds to wait for the reply to QUIT before closing anyway."""
LINE_COST = 512
"""Bytes one line of a reply takes in memory beyond its octets, once read and parsed
(measured with tracemalloc: a line's bytes object and list slot, then the group or
overview entry made of it, 250 to 1,500 bytes for a short line).  Every line counts
this much against the memory cap, so a ``news:*`` or an overview of a million short
lines stops at the cap by what it becomes, not by its size on the wire."""
RAW_COMMANDS = frozenset({"LIST", "OVER", "XOVER", "HEAD", "ARTICLE"})
"""The commands whose replies carry what a URL asks for: what a
:class:`~urlinspector.net.sink.Raw` sink gets, as they came."""


class NewsClient:
    """One connection to a news server; use it as a context manager.

    Thread use: one thread at a time (the GUI's worker).  The *session*
    (:mod:`urlinspector.net.session`) holds the limits (per reply) and the request
    policy, the cancel token, how the server of NNTPS and STARTTLS is trusted (verified
    or not, never pinned), the transcript listener, which hears each line as it
    happens, and the charset of text that declares none.  *credentials* answer a 480;
    with *starttls* (the default) the connection is upgraded when the server offers
    STARTTLS.  *sink* (:mod:`urlinspector.net.sink`) is where what a URL asks for
    goes besides the parsed result every request returns: an article's octets as
    received (dot-unstuffed, CRLF line ends) to a :class:`~urlinspector.net.sink.File`
    or a :class:`~urlinspector.net.sink.Feed`; the replies that carry an article, the
    group list or an overview (:data:`RAW_COMMANDS`), exactly as they came (status
    line, dot-stuffing and the closing ``.``), to a :class:`~urlinspector.net.sink.Raw`
    stream; nothing more with the memory sink.  A group list or an overview page is
    always parsed in memory (it is what the next page is asked from).
    """

    def __init__(
        self,
        address: ServerAddress,
        session: Session = DEFAULT_SESSION,
        *,
        credentials: Credentials | None = None,
        sink: Sink = MEMORY,
        starttls: bool = True,
    ) -> None:
        if session.tls.pinned is not None:
            raise ValueError("a news server's certificate is verified or not, never pinned")
        self.address = address
        self.session = session
        self.credentials = credentials
        self.starttls = starttls
        self.sink = sink
        self._lines: list[TranscriptLine] = []
        self._conn: Connection | None = None
        self._peer: tuple[str, int] = ("", 0)
        self._protocol = NNTPConnection()
        self._session: nntp.Session | None = None
        """The conversation's state (:mod:`urlinspector.schemes.nntp.session`)."""
        self._broken = False
        self._reply_bytes = bytearray()

    # -- transcript ---------------------------------------------------------------------

    def _ssl_context(self) -> ssl.SSLContext:
        """The context for TLS (made when TLS starts: a plain connection needs none)."""
        return client_context(self.session.tls)

    def _record(self, kind: Kind, text: str) -> None:
        line = TranscriptLine(kind, text)
        self._lines.append(line)
        listener = self.session.transcript
        if listener is not None:
            listener(line)

    @property
    def transcript(self) -> tuple[TranscriptLine, ...]:
        return tuple(self._lines)

    # -- opening and closing ------------------------------------------------------------

    def open(self) -> ServerInfo:
        """Connect, read the greeting, and get the server ready for reading."""
        if self._conn is not None:
            return self.info
        check_credentials(self.credentials)  # LocalProtocolError: nothing sent
        self._protocol = NNTPConnection()
        self._session = None
        self._broken = False
        address = self.address
        how = " (NNTPS: TLS from the start)" if address.tls else ""
        self._record("connect", f"connecting to {address}{how}")
        conn = Connection.open(
            address.host,
            address.port,
            self.session,
            what="news",
            tls=self._ssl_context() if address.tls else None,
        )
        self._conn = conn
        self._peer = conn.peer
        try:
            self._record("connect", f"connected to {conn.peer[0]} port {conn.peer[1]}")
            greeting = self._await(None)
            assert isinstance(greeting, Greeting)
            self._session = nntp.Session(
                greeting,
                credentials=self.credentials,
                starttls=self.starttls,
                tls=conn.is_tls,
            )
            if not greeting.available:
                raise greeting_error(greeting)
            self._run(nntp.start(self._session))
            for note in self._session.notes:
                self._record("note", note)
        except BaseException:
            self._broken = True
            self.close()
            raise
        return self.info

    def close(self) -> None:
        """QUIT (when the connection is healthy) and close."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            if not self._broken and not conn.closed and self._session is not None:
                limits = self.session.limits
                quitting = Limits(
                    connect_timeout=limits.connect_timeout,
                    read_timeout=min(QUIT_WAIT, limits.read_timeout),
                    max_memory=65536,
                )
                conn.session = replace(conn.session, limits=quitting)
                with contextlib.suppress(NetError, RemoteProtocolError, LocalProtocolError):
                    conn.send(self._protocol.send(Command("QUIT")))
                    self._record("command", "QUIT")
                    event = self._await_on(conn, Command("QUIT"))
                    if isinstance(event, Reply):
                        self._record("reply", event.status_line)
        finally:
            conn.close()
            self._record("connect", "connection closed")

    def __enter__(self) -> NewsClient:
        self.open()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc is not None and not isinstance(exc, RemoteProtocolError | LocalProtocolError):
            self._broken = True  # a timeout or cancel: do not wait for QUIT
        self.close()

    @property
    def info(self) -> ServerInfo:
        """Which server answered (after :meth:`open`)."""
        session = self._session
        if session is None:
            raise NetError("the news server connection is not open")
        caps = session.capabilities
        implementation = " ".join(caps.arguments("IMPLEMENTATION")) if caps else ""
        return ServerInfo(
            address=self.address,
            peer=self._peer,
            greeting=session.server_text,
            tls=session.tls,
            authenticated_as=(
                session.credentials.user if session.authenticated and session.credentials else None
            ),
            posting_allowed=session.posting_allowed,
            implementation=implementation or None,
            notes=tuple(session.notes),
        )

    # -- moving commands and replies ----------------------------------------------------

    def _await_on(self, conn: Connection, command: Command | None) -> object:
        what = "greeting" if command is None else f"reply to {command.keyword}"
        self._reply_bytes.clear()
        raw = self.sink.raw if command is not None and command.keyword in RAW_COMMANDS else None

        def on_bytes(data: bytes) -> None:
            if raw is not None:
                self._reply_bytes.extend(data)
            # what the lines become (a bytes object each, then a group or an overview
            # entry), beyond their octets: counted against the memory cap as they come
            pump.charge(LINE_COST * data.count(b"\n"))

        pump = Pump(
            conn,
            self._protocol,
            need_data=NEED_DATA,
            what=f"news server's {what}",
            on_bytes=on_bytes,
            advice="",  # a reply is read whole, wherever it is to go
        )
        for event in pump.events():
            if raw is not None:
                raw(bytes(self._reply_bytes))
            return event
        raise RemoteProtocolError(f"no {what}")  # pragma: no cover (events() never ends)

    def _await(self, command: Command | None) -> Greeting | Reply:
        conn = self._conn
        if conn is None:
            raise NetError("the news server connection is closed")
        event = self._await_on(conn, command)
        if isinstance(event, ConnectionClosed):
            what = "greeting" if command is None else f"answering {command.keyword}"
            raise RemoteProtocolError(
                f"the news server at {self.address} closed the connection before {what}"
            )
        assert isinstance(event, Greeting | Reply)
        line = event.status_line if isinstance(event, Reply) else f"{event.code} {event.text}"
        self._record("reply", line)
        if isinstance(event, Reply) and event.lines is not None:
            if event.command.keyword == "CAPABILITIES":
                for item in event.lines:
                    self._record("reply", item.decode("utf-8", "replace"))
            else:
                self._record("reply", f"({len(event.lines)} lines, {event.size} octets)")
        return event

    def _perform(self, action: Action) -> Reply | None:
        conn = self._conn
        if conn is None:
            raise NetError("the news server connection is closed")
        if isinstance(action, UpgradeTLS):
            self._protocol.start_tls()
            conn.starttls(self.address.host, self._ssl_context())
            self._record("note", "TLS started (STARTTLS, RFC 4642)")
            return None
        data = self._protocol.send(action)  # refuses what is unsafe, before sending
        self._record("command", action.shown())
        conn.send(data)
        reply = self._await(action)
        assert isinstance(reply, Reply)
        return reply

    def _run(self, exchange: Exchange[T]) -> T:
        if self._conn is None or self._session is None:
            raise NetError("the news server connection is not open: call open() first")
        try:
            return nntp.run(exchange, self._perform)
        except (NetError, RemoteProtocolError) as exc:
            if not isinstance(exc, RemoteProtocolError) or self._protocol.pending is not None:
                self._broken = True
            raise

    # -- the reader's requests ----------------------------------------------------------

    def list_groups(
        self, *, descriptions: bool = True, fallback_charset: str | None = None
    ) -> GroupList:
        """All groups with their numbers and status (``news:*``); descriptions that
        declare no charset decoded in *fallback_charset* (default: the session's)."""
        return self._run(
            nntp.list_groups(
                self._session_now(),
                descriptions=descriptions,
                fallback_charset=self._charset(fallback_charset),
            )
        )

    def overview_page(
        self,
        group: str,
        *,
        before: int | None = None,
        count: int = DEFAULT_PAGE_SIZE,
        fallback_charset: str | None = None,
    ) -> OverviewPage:
        """The *count* newest articles below number *before* (default: the newest)."""
        return self._run(
            nntp.overview_page(
                self._session_now(),
                group,
                before=before,
                count=count,
                fallback_charset=self._charset(fallback_charset),
            )
        )

    def overview(
        self, group: str, *, count: int = DEFAULT_PAGE_SIZE, fallback_charset: str | None = None
    ) -> Iterator[OverviewPage]:
        """Every page of the group's overview, newest first."""
        before: int | None = None
        while True:
            page = self.overview_page(
                group, before=before, count=count, fallback_charset=fallback_charset
            )
            yield page
            if page.next_before is None:
                return
            before = page.next_before

    def article(
        self,
        *,
        group: str | None = None,
        number: int | None = None,
        message_id: str | None = None,
        fallback_charset: str | None = None,
    ) -> Article:
        """One article, by message-id or by group and number; its octets as received
        also go to the client's File or Feed sink."""
        article = self._run(
            nntp.fetch_article(
                self._session_now(),
                group=group,
                number=number,
                message_id=message_id,
                fallback_charset=self._charset(fallback_charset),
            )
        )
        write = body_writer(self.sink)
        if write is not None:
            write(article.raw)
        return article

    def _charset(self, fallback_charset: str | None) -> str:
        """The charset of text that declares none: *fallback_charset*, else the
        session's."""
        return self.session.charset if fallback_charset is None else fallback_charset

    def _session_now(self) -> nntp.Session:
        if self._session is None:
            self.open()
        assert self._session is not None
        return self._session
