"""Dereferencing news: and nntp: URLs: the NNTP client of :mod:`urlinspector.schemes.nntp`
on a real connection.

:class:`NewsClient` is one connection to a news server: it opens it (NNTPS on port 563,
else plain TCP and STARTTLS when the server offers it), reads the greeting, runs the
start of the conversation (:func:`~urlinspector.schemes.nntp.session.start`) and then
answers requests for the group list, overview pages and articles, one command at a
time.  :func:`fetch_news` (and :func:`fetch_group_list`, :func:`fetch_overview`,
:func:`fetch_article`) do the whole thing for one URL and return a :class:`NewsAnswer`:
the result, and which server answered.

news: URLs name no server (RFC 1738 §3.6): :func:`server_for` picks the local news host from
the reader's setting, ``NNTPSERVER`` or ``localhost:119``.  nntp: URLs name theirs
(RFC 1738 §3.7).

Timeouts, the in-memory cap (per reply) and cancellation are the driver's
(:mod:`urlinspector.net.driver`): a silent server ends in :class:`NetTimeout`, an endless
reply in :class:`TooLarge`, Stop in :class:`Cancelled`.  The server's refusals are
:class:`~urlinspector.schemes.nntp.errors.NNTPReplyError` subclasses ("no such group
local.test (GROUP local.test: 411 No such group local.test)").
"""

from __future__ import annotations

import contextlib
import netrc
import os
import ssl
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Generic, Literal, NamedTuple, TypedDict, TypeVar, Unpack

from urlinspector.core import URL
from urlinspector.net.driver import Connection, Pump
from urlinspector.net.errors import NetError
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp import session as nntp
from urlinspector.schemes.nntp.article import Article
from urlinspector.schemes.nntp.errors import greeting_error
from urlinspector.schemes.nntp.events import (
    NEED_DATA,
    Command,
    ConnectionClosed,
    Greeting,
    Reply,
)
from urlinspector.schemes.nntp.listing import GroupList, OverviewPage
from urlinspector.schemes.nntp.protocol import NNTPConnection
from urlinspector.schemes.nntp.session import (
    DEFAULT_PAGE_SIZE,
    Action,
    Credentials,
    Exchange,
    Session,
    UpgradeTLS,
    check_credentials,
)
from urlinspector.schemes.nntp.url import (
    NewsTarget,
    ServerAddress,
    choose_server,
    news_target,
    parse_server,
)
from urlinspector.schemes.quoting import quoted

__all__ = [
    "Credentials",
    "FetchOptions",
    "NewsAnswer",
    "NewsClient",
    "NewsTarget",
    "RawListener",
    "ServerAddress",
    "ServerInfo",
    "TranscriptLine",
    "TranscriptListener",
    "fetch_article",
    "fetch_group_list",
    "fetch_news",
    "fetch_overview",
    "netrc_credentials",
    "news_target",
    "parse_server",
    "server_for",
]

T = TypeVar("T")
Result = GroupList | OverviewPage | Article

QUIT_WAIT = 2.0
"""Seconds to wait for the reply to QUIT before closing anyway."""
LINE_COST = 512
"""Bytes one line of a reply takes in memory beyond its octets, once read and parsed
(measured with tracemalloc: a line's bytes object and list slot, then the group or
overview entry made of it, 250 to 1,500 bytes for a short line).  Every line counts
this much against the memory cap, so a ``news:*`` or an overview of a million short
lines stops at the cap by what it becomes, not by its size on the wire."""


class TranscriptLine(NamedTuple):
    """One line of the conversation, for people (a password never appears)."""

    kind: Literal["connect", "command", "reply", "note"]
    text: str

    def render(self) -> str:
        """``> GROUP local.test``, ``< 211 3 1 3 local.test``, ``* connected``, ``# note``."""
        prefix = {"connect": "*", "command": ">", "reply": "<", "note": "#"}[self.kind]
        return f"{prefix} {self.text}"


TranscriptListener = Callable[[TranscriptLine], None]
RawListener = Callable[[Command | None, bytes], None]
"""``(command, octets)``: the exact bytes of each reply (``None``: the greeting)."""


@dataclass(frozen=True)
class ServerInfo:
    """Which server answered, and how the conversation went."""

    address: ServerAddress
    """The host and port asked for, and where that choice came from."""
    peer: tuple[str, int]
    """The address connected to (after name resolution)."""
    greeting: str
    """The server's greeting text (the reader's, after MODE READER)."""
    tls: bool
    """Whether TLS protected the connection (NNTPS, or STARTTLS)."""
    authenticated_as: str | None
    posting_allowed: bool
    implementation: str | None
    """From CAPABILITIES (RFC 3977 §5.2.2: IMPLEMENTATION), when the server says."""
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        return str(self.address)


@dataclass(frozen=True)
class NewsAnswer(Generic[T]):
    """What a news: or nntp: URL gave, and from which server."""

    target: NewsTarget
    server: ServerInfo
    result: T
    transcript: tuple[TranscriptLine, ...] = ()
    notes: tuple[str, ...] = field(default=())


# --- which server, which login -----------------------------------------------------------------


def server_for(
    target: NewsTarget, server: str | None = None, environ: Mapping[str, str] | None = None
) -> ServerAddress:
    """The server to ask: an nntp: URL's own; for news: URLs the *server* setting,
    else ``NNTPSERVER`` (from *environ*, default the process's), else localhost:119."""
    if target.server is not None:
        return target.server
    return choose_server(server, os.environ if environ is None else environ)


def netrc_credentials(host: str, path: str | os.PathLike[str] | None = None) -> Credentials | None:
    """The login for *host* in ``~/.netrc`` (or *path*), as nntplib used to read it; None
    when there is no file, no entry, or the file cannot be used (``~/.netrc`` with a
    password must be private to its owner: the standard library's check)."""
    try:
        file = Path(path) if path is not None else Path.home() / ".netrc"
        if not file.is_file():
            return None
        parsed = netrc.netrc(None if path is None else os.fspath(file))
        entry = parsed.authenticators(host)
    except (OSError, netrc.NetrcParseError, RuntimeError):
        return None
    if entry is None:
        return None
    login, _account, password = entry
    if not login:
        return None
    return Credentials(login, password or "")


# --- one connection ----------------------------------------------------------------------------


class NewsClient:
    """One connection to a news server; use it as a context manager.

    Thread use: one thread at a time (the GUI's worker).  *transcript* hears each line
    as it happens; *raw* hears the exact bytes of every reply.
    """

    def __init__(
        self,
        address: ServerAddress,
        *,
        limits: Limits | None = None,
        cancel: CancelToken | None = None,
        credentials: Credentials | None = None,
        starttls: bool = True,
        ssl_context: ssl.SSLContext | None = None,
        transcript: TranscriptListener | None = None,
        raw: RawListener | None = None,
    ) -> None:
        self.address = address
        self.limits = limits or Limits()
        self.cancel = cancel
        self.credentials = credentials
        self.starttls = starttls
        self.ssl_context = ssl_context
        """For NNTPS and STARTTLS; default: the system's trusted certificates."""
        self._listener = transcript
        self._raw = raw
        self._lines: list[TranscriptLine] = []
        self._conn: Connection | None = None
        self._peer: tuple[str, int] = ("", 0)
        self._protocol = NNTPConnection()
        self._session: Session | None = None
        self._broken = False
        self._reply_bytes = bytearray()

    # -- transcript ---------------------------------------------------------------------

    def _record(self, kind: Literal["connect", "command", "reply", "note"], text: str) -> None:
        line = TranscriptLine(kind, text)
        self._lines.append(line)
        if self._listener is not None:
            self._listener(line)

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
            limits=self.limits,
            cancel=self.cancel,
            what="news",
            tls=address.tls,
            ssl_context=self.ssl_context,
        )
        self._conn = conn
        self._peer = conn.peer
        try:
            self._record("connect", f"connected to {conn.peer[0]} port {conn.peer[1]}")
            greeting = self._await(None)
            assert isinstance(greeting, Greeting)
            self._session = Session(
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
                conn.limits = Limits(
                    connect_timeout=self.limits.connect_timeout,
                    read_timeout=min(QUIT_WAIT, self.limits.read_timeout),
                    max_memory=65536,
                )
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

        def on_bytes(data: bytes) -> None:
            if self._raw is not None:
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
        )
        for event in pump.events():
            if self._raw is not None:
                self._raw(command, bytes(self._reply_bytes))
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
            conn.starttls(self.address.host, self.ssl_context)
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
        self, *, descriptions: bool = True, fallback_charset: str = "utf-8"
    ) -> GroupList:
        """All groups with their numbers and status (``news:*``)."""
        return self._run(
            nntp.list_groups(
                self._session_now(), descriptions=descriptions, fallback_charset=fallback_charset
            )
        )

    def overview_page(
        self,
        group: str,
        *,
        before: int | None = None,
        count: int = DEFAULT_PAGE_SIZE,
        fallback_charset: str = "utf-8",
    ) -> OverviewPage:
        """The *count* newest articles below number *before* (default: the newest)."""
        return self._run(
            nntp.overview_page(
                self._session_now(),
                group,
                before=before,
                count=count,
                fallback_charset=fallback_charset,
            )
        )

    def overview(
        self, group: str, *, count: int = DEFAULT_PAGE_SIZE, fallback_charset: str = "utf-8"
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
        fallback_charset: str = "utf-8",
    ) -> Article:
        """One article, by message-id or by group and number."""
        return self._run(
            nntp.fetch_article(
                self._session_now(),
                group=group,
                number=number,
                message_id=message_id,
                fallback_charset=fallback_charset,
            )
        )

    def _session_now(self) -> Session:
        if self._session is None:
            self.open()
        assert self._session is not None
        return self._session


# --- one URL -----------------------------------------------------------------------------------


def _target(url: URL | str | NewsTarget) -> NewsTarget:
    return url if isinstance(url, NewsTarget) else news_target(url)


def fetch_news(
    url: URL | str | NewsTarget,
    *,
    server: str | None = None,
    environ: Mapping[str, str] | None = None,
    credentials: Credentials | None = None,
    limits: Limits | None = None,
    cancel: CancelToken | None = None,
    before: int | None = None,
    page_size: int = DEFAULT_PAGE_SIZE,
    fallback_charset: str = "utf-8",
    descriptions: bool = True,
    starttls: bool = True,
    ssl_context: ssl.SSLContext | None = None,
    transcript: TranscriptListener | None = None,
    raw: RawListener | None = None,
) -> NewsAnswer[Result]:
    """Dereference a news: or nntp: URL: ``news:*`` gives a :class:`GroupList`, a group
    an :class:`OverviewPage` (the *page_size* articles below *before*, newest first), an
    article an :class:`Article` (its body decoded in its declared charset, else in
    *fallback_charset*).

    *server* is the reader's news server setting (``HOST[:PORT]``) for news: URLs;
    *credentials* answer a 480; an nntp URL's own userinfo is used when none are given.
    Raises :class:`LocalProtocolError` (nothing sent), :class:`NetError`, or an
    :class:`~urlinspector.schemes.nntp.errors.NNTPReplyError`.
    """
    target = _target(url)
    address = server_for(target, server, environ)
    if credentials is None and target.user is not None:
        credentials = Credentials(target.user, target.password or "")
    client = NewsClient(
        address,
        limits=limits,
        cancel=cancel,
        credentials=credentials,
        starttls=starttls,
        ssl_context=ssl_context,
        transcript=transcript,
        raw=raw,
    )
    with client:
        result: Result
        if target.kind == "group-list":
            result = client.list_groups(
                descriptions=descriptions, fallback_charset=fallback_charset
            )
        elif target.kind == "overview":
            assert target.group is not None
            result = client.overview_page(
                target.group, before=before, count=page_size, fallback_charset=fallback_charset
            )
        else:
            result = client.article(
                group=target.group,
                number=target.article_number,
                message_id=target.message_id,
                fallback_charset=fallback_charset,
            )
        info = client.info
    return NewsAnswer(target, info, result, client.transcript, target.notes)


class FetchOptions(TypedDict, total=False):
    """The keyword arguments of :func:`fetch_news`."""

    server: str | None
    environ: Mapping[str, str] | None
    credentials: Credentials | None
    limits: Limits | None
    cancel: CancelToken | None
    before: int | None
    page_size: int
    fallback_charset: str
    descriptions: bool
    starttls: bool
    ssl_context: ssl.SSLContext | None
    transcript: TranscriptListener | None
    raw: RawListener | None


def _kind(url: URL | str | NewsTarget, kind: str, what: str) -> NewsTarget:
    target = _target(url)
    if target.kind != kind:
        raise LocalProtocolError(f"{quoted(target.url)} does not name {what}")
    return target


def fetch_group_list(
    url: URL | str | NewsTarget = "news:*", **options: Unpack[FetchOptions]
) -> NewsAnswer[GroupList]:
    """:func:`fetch_news` for ``news:*``."""
    answer = fetch_news(_kind(url, "group-list", "the group list (news:*)"), **options)
    assert isinstance(answer.result, GroupList)
    return NewsAnswer(answer.target, answer.server, answer.result, answer.transcript, answer.notes)


def fetch_overview(
    url: URL | str | NewsTarget, **options: Unpack[FetchOptions]
) -> NewsAnswer[OverviewPage]:
    """:func:`fetch_news` for a group (``news:group``, ``nntp://host/group``)."""
    answer = fetch_news(_kind(url, "overview", "a newsgroup"), **options)
    assert isinstance(answer.result, OverviewPage)
    return NewsAnswer(answer.target, answer.server, answer.result, answer.transcript, answer.notes)


def fetch_article(
    url: URL | str | NewsTarget, **options: Unpack[FetchOptions]
) -> NewsAnswer[Article]:
    """:func:`fetch_news` for an article (``news:message-id``, ``nntp://host/group/n``)."""
    answer = fetch_news(_kind(url, "article", "an article"), **options)
    assert isinstance(answer.result, Article)
    return NewsAnswer(answer.target, answer.server, answer.result, answer.transcript, answer.notes)
