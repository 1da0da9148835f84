"""``fetch news:...`` and ``fetch nntp://...``: the group list, a group's overview, or an
article, printed for people.

* ``news:*`` — one line a group: name, articles (the server's estimate), status,
  description;
* ``news:group`` / ``nntp://host/group`` — a line naming the group and its numbers,
  then one line an article, newest first: number, date, author, subject (all pages);
* ``news:message-id`` / ``nntp://host/group/number`` — the header fields From, Date,
  Subject, Newsgroups, Message-ID and References, an empty line, and the text.

``-o FILE`` writes the article as received (dot-unstuffed, CRLF line ends), or the
printed lines of a list; ``--raw`` prints the server's replies as they came (status line,
dot-stuffed data and the closing ``.``), or writes them to FILE with ``-o``;
``--charset`` is the fallback for text that declares no charset; ``--transcript``
prints the conversation to stderr (passwords masked); ``--server HOST[:PORT]`` is the
news server for news: URLs (else ``NNTPSERVER``, else localhost:119).  Which server
answered goes to stderr.

A login for a server asking for one (480) comes from the nntp URL's userinfo, else from
the ``machine`` entry for the server in ``~/.netrc`` (never its ``default`` entry), sent
only on a connection with TLS unless ``--allow-plaintext-auth``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, BinaryIO

from urlinspector.cli.common import (
    EXIT_OK,
    Console,
    cannot_write,
    check_port,
    fetch_limits,
    fetch_session,
    request_guard,
    truncate,
    visible,
    width,
)
from urlinspector.core import URL
from urlinspector.net.errors import NetError
from urlinspector.net.nntp import (
    NewsClient,
    ServerInfo,
    TranscriptLine,
    netrc_credentials,
    server_for,
)
from urlinspector.net.saving import Saving, save_to
from urlinspector.net.session import Session
from urlinspector.net.sink import MEMORY, Feed, File, Raw, Sink
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.nntp.article import Article
from urlinspector.schemes.nntp.errors import AuthenticationRequired, ClearTextLoginRefused
from urlinspector.schemes.nntp.listing import GroupList, OverviewEntry, OverviewPage
from urlinspector.schemes.nntp.session import DEFAULT_PAGE_SIZE, Credentials
from urlinspector.schemes.nntp.url import NewsTarget, ServerAddress, Target, news_target

if TYPE_CHECKING:  # (fetch --json only: a fetch for people does without it)
    from urlinspector.cli.fetch_json import Facts

__all__ = ["EXIT_FAILED", "fetch", "summarize"]

EXIT_FAILED = 1
"""The server or the network failed (see ``fetch --help``)."""

SHOWN_HEADERS = ("From", "Date", "Subject", "Newsgroups", "Message-ID", "References")


def _text_line(line: str) -> str:
    """A line of server text made safe for a terminal, tabs expanded."""
    return visible(line.expandtabs(8))


def _stderr(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def _server_line(info: ServerInfo) -> str:
    source = {
        "url": "named by the URL",
        "setting": "from --server",
        "NNTPSERVER": "from NNTPSERVER",
        "default": "the default",
    }.get(info.address.source, info.address.source)
    details = [source]
    if info.implementation:
        details.append(info.implementation)
    details.append("TLS" if info.tls else "not encrypted")
    if info.authenticated_as:
        details.append(f"logged in as {info.authenticated_as}")
    return visible(f"news server {info} ({'; '.join(details)}): {info.greeting}")


def _group_lines(groups: GroupList) -> list[str]:
    rows = [
        (
            visible(g.name),
            "" if g.estimated_count is None else str(g.estimated_count),
            visible(g.status),
            visible(g.description or ""),
        )
        for g in groups.groups
    ]
    if not rows:
        return []
    name_w = max(width(r[0]) for r in rows)
    count_w = max(len(r[1]) for r in rows)
    status_w = max(width(r[2]) for r in rows)
    return [
        f"{name}{' ' * (name_w - width(name))}  {count:>{count_w}}  "
        f"{status}{' ' * (status_w - width(status))}  {description}".rstrip()
        for name, count, status, description in rows
    ]


def _when(entry: OverviewEntry) -> str:
    moment = entry.when
    return moment.strftime("%Y-%m-%d %H:%M") if moment is not None else visible(entry.date)[:16]


def _overview_lines(page: OverviewPage, columns: int, number_width: int) -> list[str]:
    lines = []
    for entry in page.entries:
        author = truncate(visible(entry.author), 24)
        start = f"{entry.number:>{number_width}}  {_when(entry):<16}  {author}"
        start += " " * (24 - width(author))
        room = max(12, columns - width(start) - 2)
        lines.append(f"{start}  {truncate(visible(entry.subject), room)}".rstrip())
    return lines


def _article_lines(article: Article) -> list[str]:
    lines = []
    for name in SHOWN_HEADERS:
        for header in article.headers_named(name):
            lines.append(f"{name}: {visible(header.value)}")
    lines.append("")
    lines.extend(_text_line(line) for line in article.body.split("\n"))
    if lines and lines[-1] == "":
        lines.pop()
    return lines


class _Output:
    """Where the lines go: the console, or the -o file (written under a staging name
    and put in place when the fetch is done: :mod:`urlinspector.net.saving`)."""

    def __init__(self, console: Console, path: str | None) -> None:
        self.console = console
        self.saving: Saving | None = save_to(path) if path is not None else None

    def lines(self, lines: Iterable[str]) -> None:
        if self.saving is None:
            self.console.write_lines(lines)
            return
        self.saving.file.write("".join(line + "\n" for line in lines).encode("utf-8"))

    def sink(self, kind: Target, raw: bool) -> Sink:
        """Where the server's bytes go: ``--raw``, the replies as they came, to FILE or
        standard output; an article's octets as received to FILE; else memory (the
        result printed, or its lines written to FILE)."""
        file = self.saving.file if self.saving is not None else None
        if raw:
            return Raw(file if file is not None else _binary_stdout())
        if file is not None and kind == "article":
            return File(file)
        return MEMORY

    def commit(self) -> None:
        if self.saving is not None:
            self.saving.commit()

    def discard(self) -> None:
        """After a failure: the target is left as it was (nothing after :meth:`commit`)."""
        if self.saving is not None:
            self.saving.discard()


def _binary_stdout() -> BinaryIO:
    buffer: BinaryIO | None = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        raise ValueError("--raw needs a standard output that takes bytes")
    sys.stdout.flush()
    return buffer


@dataclass(frozen=True, slots=True)
class _Options:
    """The command line's settings for one news fetch, read once."""

    output: str | None
    """``-o FILE``: the article as received, or the printed lines."""
    raw: bool
    """``--raw``: the server's replies as they came, to standard output."""
    transcript: bool
    server: str | None
    """``--server HOST[:PORT]``, for news: URLs."""
    allow_plaintext_auth: bool
    timeout: float | None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> _Options:
        return cls(
            output=args.output,
            raw=bool(args.raw),
            transcript=bool(args.transcript),
            server=getattr(args, "server", None),
            allow_plaintext_auth=bool(getattr(args, "allow_plaintext_auth", False)),
            timeout=args.timeout,
        )


@dataclass(frozen=True, slots=True)
class _Request:
    """One news fetch as the command line asks it, checked before connecting."""

    target: NewsTarget
    options: _Options
    address: ServerAddress
    session: Session
    credentials: Credentials | None

    @classmethod
    def of(cls, url: URL, args: argparse.Namespace) -> _Request:
        """Raises ValueError (misuse, exit status 2) for what cannot be sent."""
        target = news_target(url)  # LocalProtocolError (a ValueError)
        check_port(url, args)
        options = _Options.from_args(args)
        if target.server is not None and options.server:
            raise ValueError("--server applies to news: URLs; an nntp: URL names its own server")
        address = server_for(target, options.server)
        # a server of the user's setting (--server, NNTPSERVER) is theirs; an nntp: URL's
        # is judged by the request policy
        guard = None if address.source != "url" else request_guard(url, args, address.port)
        session = fetch_session(
            args,
            fetch_limits(options.timeout, guard),
            transcript=_transcript_line if options.transcript else None,
        )
        return cls(target, options, address, session, _credentials(target, address.host, options))

    def client(self, sink: Sink) -> NewsClient:
        return NewsClient(self.address, self.session, credentials=self.credentials, sink=sink)


def fetch(url: URL, args: argparse.Namespace, console: Console) -> int:
    """The ``fetch`` handler for news: and nntp: URLs."""
    request = _Request.of(url, args)
    target, options, address = request.target, request.options, request.address
    _notes(target.notes)
    try:
        output = _Output(console, options.output)  # a link or a folder refused, before connecting
    except OSError as exc:
        return _failed(cannot_write(options.output or "", exc))
    try:
        with request.client(output.sink(target.kind, options.raw)) as client:
            _SHOW[target.kind](client, target, options, output, console)
            info = client.info
        if options.raw and options.output is None:
            sys.stdout.buffer.flush()
        output.commit()
        _stderr(_server_line(info))  # after the work: with the login and TLS it ended with
        _notes(info.notes)
    except NetError as exc:  # its message names the server
        return _failed(str(exc))
    except RemoteProtocolError as exc:
        return _failed(f"news server {address}: {exc}{_login_hint(exc, address.host)}")
    except OSError as exc:  # the -o file: a full disk, an I/O error
        if options.output is None or isinstance(exc, BrokenPipeError):
            raise
        return _failed(cannot_write(options.output, exc))
    finally:
        output.discard()
    return EXIT_OK


def _failed(message: str) -> int:
    _stderr(visible(f"urlinspector: error: {message}"))
    return EXIT_FAILED


def _notes(notes: Iterable[str]) -> None:
    for note in notes:
        _stderr(visible(f"note: {note}"))


def _transcript_line(line: TranscriptLine) -> None:
    _stderr(visible(line.render()))


def _credentials(target: NewsTarget, host: str, options: _Options) -> Credentials | None:
    """The login for a server that asks for one: the nntp URL's userinfo, else the
    server's ``machine`` entry in ``~/.netrc``."""
    if target.user is not None:
        return Credentials(target.user, target.password or "")
    return netrc_credentials(host, clear_text=options.allow_plaintext_auth)


def _login_hint(exc: RemoteProtocolError, host: str) -> str:
    """What to do about a login the server asked for (RFC 4643 §2.1, §5)."""
    if isinstance(exc, ClearTextLoginRefused):
        return (
            "; to send the login from ~/.netrc anyway, repeat the command with "
            "--allow-plaintext-auth"
        )
    if isinstance(exc, AuthenticationRequired):
        return (
            f"; give a login in ~/.netrc (machine {host} login USER password "
            f"PASSWORD) or, for nntp: URLs, in the URL (nntp://USER:PASSWORD@host/group)"
        )
    return ""


def _show_groups(
    client: NewsClient, target: NewsTarget, options: _Options, output: _Output, console: Console
) -> None:
    groups = client.list_groups()
    if not options.raw:
        output.lines(_group_lines(groups))


def _show_overview(
    client: NewsClient, target: NewsTarget, options: _Options, output: _Output, console: Console
) -> None:
    assert target.group is not None
    _overview(client, target.group, output, not options.raw, console)


def _show_article(
    client: NewsClient, target: NewsTarget, options: _Options, output: _Output, console: Console
) -> None:
    article = client.article(
        group=target.group, number=target.article_number, message_id=target.message_id
    )
    _notes(article.notes)
    if options.output is None and not options.raw:  # else the sink had its octets
        output.lines(_article_lines(article))


_Show = Callable[[NewsClient, NewsTarget, _Options, _Output, Console], None]
_SHOW: Mapping[Target, _Show] = MappingProxyType(
    {"group-list": _show_groups, "overview": _show_overview, "article": _show_article}
)
"""What each kind of news URL fetches and prints (RFC 1738 §3.6, §3.7)."""


def _overview(
    client: NewsClient, group: str, output: _Output, show: bool, console: Console
) -> None:
    first = True
    number_width = 1
    for page in client.overview(group, count=DEFAULT_PAGE_SIZE):
        status = page.group
        if first:
            first = False
            number_width = len(str(max(status.high, 1)))
            if show:
                noun = "article" if status.count == 1 else "articles"
                numbers = "" if status.empty else f", numbers {status.low} to {status.high}"
                output.lines([visible(f"{status.name}: {status.count} {noun}{numbers}")])
        for note in page.notes:
            _stderr(visible(f"note: {note}"))
        if show:
            output.lines(_overview_lines(page, console.columns, number_width))


# --- fetch --json ------------------------------------------------------------------------------


def summarize(url: URL, args: argparse.Namespace, facts: Facts, saving: Saving | None) -> bool:
    """``fetch --json`` of a news: or nntp: URL (:mod:`.fetch_json`): an article as
    ``-o`` saves it (else counted and let go), the group list or a group's overview
    (every page) as the server sent it."""
    from urlinspector.cli.fetch_json import Counted, FetchFailed

    request = _Request.of(url, args)
    target, options, address = request.target, request.options, request.address
    facts.host, facts.port, facts.kind = address.host, address.port, target.kind
    counted = Counted(saving.file if saving is not None else None)
    sink: Sink = Raw(counted)  # a list: the replies as they came, counted (and saved)
    if target.kind == "article":
        sink = File(saving.file) if saving is not None else Feed(counted.write)
    try:
        with request.client(sink) as client:
            _SUMMARIZE[target.kind](client, target, options, facts)
    except RemoteProtocolError as exc:
        raise FetchFailed(f"news server {address}: {exc}{_login_hint(exc, address.host)}") from None
    if facts.bytes is None:
        facts.bytes = counted.size
    return True


def _article_facts(client: NewsClient, target: NewsTarget, options: _Options, facts: Facts) -> None:
    article = client.article(
        group=target.group, number=target.article_number, message_id=target.message_id
    )
    facts.bytes = len(article.raw)
    # RFC 2045 §5.2: without a Content-Type, text/plain
    declared = next(iter(article.headers_named("Content-Type")), None)
    media = declared.value.partition(";")[0].strip().lower() if declared is not None else ""
    facts.content_type = media or "text/plain"


def _group_list_facts(
    client: NewsClient, target: NewsTarget, options: _Options, facts: Facts
) -> None:
    facts.entries = len(client.list_groups().groups)


def _overview_facts(
    client: NewsClient, target: NewsTarget, options: _Options, facts: Facts
) -> None:
    assert target.group is not None
    pages = client.overview(target.group, count=DEFAULT_PAGE_SIZE)
    facts.entries = sum(len(page.entries) for page in pages)


_SUMMARIZE: Mapping[Target, Callable[[NewsClient, NewsTarget, _Options, Facts], None]] = (
    MappingProxyType(
        {"group-list": _group_list_facts, "overview": _overview_facts, "article": _article_facts}
    )
)
"""What each kind of news URL fetches for ``--json``."""
