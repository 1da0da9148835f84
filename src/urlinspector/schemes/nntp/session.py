"""What a news reader says to a server, and in which order, without I/O.

Each procedure is a generator: it yields an action (a :class:`Command` to send, or
:data:`UPGRADE_TLS`: start TLS on the connection now) and is sent back the
:class:`Reply` (or None after the TLS upgrade); its return value is the result.  The
I/O layer drives it with :func:`run`; the tests drive it with recorded transcripts.

The order (RFC 3977, staying with RFC 977 servers):

1. the greeting: 200 or 201 (§5.1.1);
2. CAPABILITIES (§5.2); a 500 means an RFC 977 server, which has no capability list;
3. MODE READER (§5.3) when the list offers MODE-READER (INN's innd in transit mode)
   or there is no list, then CAPABILITIES again: the list may change (§5.3.2);
4. STARTTLS (RFC 4642) when offered and wanted, then CAPABILITIES again (§2.2.2);
   a 580 leaves the connection unencrypted, and :attr:`Session.notes` says so;
5. the reader's commands.  A 480 to any of them is answered with AUTHINFO USER/PASS
   (RFC 4643 §2.3) when credentials were given, and the command is sent again.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, TypeVar

from urlinspector.core.quoting import quoted
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.nntp.article import Article, parse_article, parse_headers
from urlinspector.schemes.nntp.errors import (
    AuthenticationFailed,
    ClearTextLoginRefused,
    command_error,
    greeting_error,
    reply_error,
    unexpected,
)
from urlinspector.schemes.nntp.events import Command, Greeting, Reply
from urlinspector.schemes.nntp.listing import (
    GroupList,
    GroupStatus,
    OverviewEntry,
    OverviewPage,
    entry_from_headers,
    join_descriptions,
    parse_active,
    parse_descriptions,
    parse_group_status,
    parse_overview,
)
from urlinspector.schemes.nntp.protocol import encode
from urlinspector.schemes.nntp.url import check_group_name, check_message_id
from urlinspector.schemes.numbers import ascii_decimal

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "MAX_PAGE_SIZE",
    "UPGRADE_TLS",
    "Action",
    "Capabilities",
    "Credentials",
    "Exchange",
    "Session",
    "UpgradeTLS",
    "authenticate",
    "check_credentials",
    "fetch_article",
    "list_groups",
    "overview_page",
    "quit_session",
    "request",
    "run",
    "select_group",
    "start",
]

T = TypeVar("T")

DEFAULT_PAGE_SIZE = 100
"""Articles per overview page."""

MAX_PAGE_SIZE = 100_000


@dataclass(frozen=True, slots=True)
class UpgradeTLS:
    """Action: start TLS on the connection now (after 382 to STARTTLS)."""


UPGRADE_TLS: Final = UpgradeTLS()

Action = Command | UpgradeTLS
Exchange = Generator[Action, Reply | None, T]


@dataclass(frozen=True, slots=True)
class Credentials:
    """For AUTHINFO USER/PASS (RFC 4643 §2.3)."""

    user: str
    password: str = field(repr=False)
    clear_text: bool = True
    """Whether the login may be sent on a connection without TLS: True for one the user
    gave for this server (in the URL), False for one read from a file (``~/.netrc``)
    unless the user allowed it; refused otherwise (:class:`ClearTextLoginRefused`)."""


@dataclass(frozen=True, slots=True)
class Capabilities:
    """The capability list (RFC 3977 §5.2): label -> arguments, labels upper case."""

    entries: Mapping[str, tuple[str, ...]]

    @classmethod
    def from_lines(cls, lines: Iterable[bytes]) -> Capabilities:
        entries: dict[str, tuple[str, ...]] = {}
        for line in lines:
            fields = line.decode("utf-8", "replace").split()
            if fields:
                entries[fields[0].upper()] = tuple(fields[1:])
        return cls(MappingProxyType(entries))

    def has(self, label: str) -> bool:
        return label.upper() in self.entries

    def arguments(self, label: str) -> tuple[str, ...]:
        return self.entries.get(label.upper(), ())


class Session:
    """What is known about one conversation with a server."""

    def __init__(
        self,
        greeting: Greeting,
        *,
        credentials: Credentials | None = None,
        starttls: bool = True,
        tls: bool = False,
    ) -> None:
        self.greeting = greeting
        self.credentials = credentials
        self.want_starttls = starttls
        self.tls = tls
        """TLS carries the connection (NNTPS, or after STARTTLS)."""
        self.capabilities: Capabilities | None = None
        """None: the server has no CAPABILITIES (RFC 977)."""
        self.posting_allowed = greeting.code == 200
        self.server_text = greeting.text
        """The last greeting: after MODE READER, the reader's."""
        self.authenticated = False
        self.reader = False
        """MODE READER has been sent."""
        self.overview_method: str | None = None
        self.group: GroupStatus | None = None
        self.notes: list[str] = []


def run(exchange: Exchange[T], perform: Callable[[Action], Reply | None]) -> T:
    """Drive *exchange*: *perform* sends each action and returns the reply."""
    try:
        action = next(exchange)
        while True:
            action = exchange.send(perform(action))
    except StopIteration as stop:
        result: T = stop.value
        return result


def _reply(reply: Reply | None, command: Command) -> Reply:
    if reply is None:
        raise LocalProtocolError(f"no reply was given to {command.keyword}")
    return reply


def _capabilities(session: Session) -> Exchange[None]:
    command = Command("CAPABILITIES")
    reply = _reply((yield command), command)
    if reply.code == 101 and reply.lines is not None:
        session.capabilities = Capabilities.from_lines(reply.lines)
    else:  # an RFC 977 server answers 500
        session.capabilities = None


def start(session: Session) -> Exchange[None]:
    """Everything between the greeting and the first reader command."""
    if not session.greeting.available:
        raise greeting_error(session.greeting)
    yield from _capabilities(session)
    caps = session.capabilities
    if caps is None or (caps.has("MODE-READER") and not caps.has("READER")):
        command = Command("MODE", ("READER",))  # RFC 3977 §5.3
        session.reader = True
        reply = yield from request(session, command)
        if reply.code in (200, 201):
            session.posting_allowed = reply.code == 200
            session.server_text = reply.text
            if caps is not None:
                yield from _capabilities(session)  # RFC 3977 §5.3.2
        elif reply.code not in (500, 501):  # 500, 501: a server without MODE READER
            raise reply_error(reply)
    caps = session.capabilities
    if session.want_starttls and not session.tls and caps is not None and caps.has("STARTTLS"):
        command = Command("STARTTLS")  # RFC 4642 §2.2
        reply = _reply((yield command), command)
        if reply.code == 382:
            yield UPGRADE_TLS
            session.tls = True
            yield from _capabilities(session)  # RFC 4642 §2.2.2
        else:
            session.notes.append(
                f"the server offers STARTTLS but answered {quoted(reply.status_line)}; "
                f"the connection is not encrypted"
            )


def _login_commands(credentials: Credentials) -> tuple[Command, Command]:
    return (
        Command("AUTHINFO", ("USER", credentials.user)),
        Command("AUTHINFO", ("PASS", credentials.password), secret=True),
    )


def check_credentials(credentials: Credentials | None) -> None:
    """Refuse, before connecting, a login that cannot be sent safely: a user or password
    holding CR, LF, NUL or another control character would end the AUTHINFO line and
    start a command of its author's choosing (RFC 3977 §3.1, RFC 4643 §2.3).  Raises
    :class:`LocalProtocolError` (nothing sent)."""
    if credentials is not None:
        for command in _login_commands(credentials):
            encode(command)


def authenticate(session: Session, asked: Reply) -> Exchange[None]:
    """AUTHINFO USER and PASS (RFC 4643 §2.3), after *asked* (a 480)."""
    credentials = session.credentials
    if credentials is None:
        raise reply_error(asked)
    if not session.tls and not credentials.clear_text:
        raise ClearTextLoginRefused(
            f"the server asks for a login ({asked.command.shown()}: {asked.status_line}) on "
            "a connection without TLS: the password would cross the network in clear "
            "text, so it was not sent",
            code=asked.code,
            server_text=asked.text,
            command=asked.command.shown(),
        )
    user_command, pass_command = _login_commands(credentials)
    command = user_command
    reply = _reply((yield command), command)
    if reply.code == 381:
        command = pass_command
        reply = _reply((yield command), command)
    if reply.code != 281:
        raise reply_error(reply) if reply.code >= 400 else unexpected(reply, "281")
    session.authenticated = True
    if session.capabilities is not None:
        yield from _capabilities(session)  # RFC 4643 §2.3.2: the list may change


def _refused_after_login(session: Session, reply: Reply) -> AuthenticationFailed:
    user = session.credentials.user if session.credentials else "?"
    return AuthenticationFailed(
        f"the server refuses {reply.command.keyword} even after the login as {quoted(user)} "
        f"({reply.command.shown()}: {reply.status_line})",
        code=reply.code,
        server_text=reply.text,
        command=reply.command.shown(),
    )


def request(session: Session, command: Command) -> Exchange[Reply]:
    """Send *command*; log in and send it again when the server answers 480, switch to
    reading and send it again when it answers ``401 MODE-READER`` (RFC 3977 §3.2.1.1)."""
    reply = _reply((yield command), command)
    if reply.code == 401 and reply.text.split()[:1] == ["MODE-READER"] and not session.reader:
        session.reader = True
        mode = Command("MODE", ("READER",))
        switched = _reply((yield mode), mode)
        if switched.code not in (200, 201):
            raise reply_error(switched)
        session.posting_allowed = switched.code == 200
        session.server_text = switched.text
        reply = _reply((yield command), command)
    if reply.code == 480:
        if session.authenticated:
            raise _refused_after_login(session, reply)
        yield from authenticate(session, reply)
        reply = _reply((yield command), command)
        if reply.code == 480:
            raise _refused_after_login(session, reply)
    if reply.code in (400, 483):
        raise reply_error(reply)
    return reply


def quit_session(session: Session) -> Exchange[None]:
    """QUIT (RFC 3977 §5.4); the reply does not matter."""
    yield Command("QUIT")


# --- the reader's requests ----------------------------------------------------------------


def list_groups(
    session: Session, *, descriptions: bool = True, fallback_charset: str = "utf-8"
) -> Exchange[GroupList]:
    """All groups (``news:*``, RFC 1738 §3.6): LIST ACTIVE (RFC 3977 §7.6.3), or LIST on an
    RFC 977 server (§3.6); with LIST NEWSGROUPS descriptions when the server has them."""
    reply = yield from request(session, Command("LIST", ("ACTIVE",)))
    if reply.code in (500, 501):
        reply = yield from request(session, Command("LIST"))
    if reply.code != 215 or reply.lines is None:
        raise reply_error(reply) if reply.code >= 400 else unexpected(reply, "215")
    groups = parse_active(reply.lines)
    found: dict[str, str] = {}
    notes: list[str] = []
    if descriptions:
        reply = yield from request(session, Command("LIST", ("NEWSGROUPS",)))
        if reply.code == 215 and reply.lines is not None:
            found = parse_descriptions(reply.lines, fallback_charset)
        else:
            notes.append(f"no group descriptions (LIST NEWSGROUPS: {reply.status_line})")
    result = join_descriptions(groups, found)
    return GroupList(result.groups, tuple(notes))


def select_group(session: Session, name: str) -> Exchange[GroupStatus]:
    """GROUP (RFC 3977 §6.1.1)."""
    command = Command("GROUP", (check_group_name(name),))
    reply = yield from request(session, command)
    if reply.code != 211:
        raise reply_error(reply, group=name) if reply.code >= 400 else unexpected(reply, "211")
    status = parse_group_status(reply.text, name)
    if status is None:
        raise command_error(
            command, f"the reply to GROUP {name} lacks the article numbers ({reply.status_line})"
        )
    session.group = status
    return status


def _overview_methods(session: Session) -> list[str]:
    if session.overview_method is not None:
        return [session.overview_method]
    caps = session.capabilities
    if caps is not None and not caps.has("OVER"):
        return ["XOVER", "HEAD"]
    return ["OVER", "XOVER", "HEAD"]


def _overview(
    session: Session, group: GroupStatus, first: int, last: int, fallback_charset: str
) -> Exchange[tuple[list[OverviewEntry], str, list[str]]]:
    notes: list[str] = []
    for method in _overview_methods(session):
        if method == "HEAD":
            break
        reply = yield from request(session, Command(method, (f"{first}-{last}",)))
        if reply.code == 224 and reply.lines is not None:
            entries, skipped = parse_overview(reply.lines, fallback_charset)
            if skipped:
                notes.append(f"{skipped} overview lines without an article number were skipped")
            session.overview_method = method
            return entries, method, notes
        if reply.code in (420, 423):  # no articles in the range (RFC 3977 §8.3.2)
            session.overview_method = method
            return [], method, notes
        if reply.code not in (500, 501, 503):  # 500, 501, 503: not there, try the next
            raise reply_error(reply, group=group.name)
    # one HEAD per article (RFC 3977 §6.2.2), newest first
    session.overview_method = "HEAD"
    entries = []
    for number in range(last, first - 1, -1):
        reply = yield from request(session, Command("HEAD", (str(number),)))
        if reply.code == 221 and reply.lines is not None:
            headers, _ = parse_headers(reply.lines, fallback_charset)
            entries.append(entry_from_headers(number, headers))
        elif reply.code not in (423, 430):  # a gap in the numbers
            raise reply_error(reply, group=group.name, number=number)
    return entries, "HEAD", notes


def overview_page(
    session: Session,
    group: str,
    *,
    before: int | None = None,
    count: int = DEFAULT_PAGE_SIZE,
    fallback_charset: str = "utf-8",
) -> Exchange[OverviewPage]:
    """The overview of the *count* article numbers below *before* (default: the
    newest), newest first (RFC 3977 §8.3 OVER; RFC 2980 XOVER; HEAD per article)."""
    if not 0 < count <= MAX_PAGE_SIZE:
        raise LocalProtocolError(f"a page holds 1 to {MAX_PAGE_SIZE} articles, not {count}")
    status = yield from select_group(session, group)
    top = status.high if before is None else min(before - 1, status.high)
    if status.empty or top < status.low:
        return OverviewPage(status, top + 1, top, (), None, "")
    first = max(status.low, top - count + 1)
    entries, method, notes = yield from _overview(session, status, first, top, fallback_charset)
    entries = sorted(
        (e for e in entries if first <= e.number <= top), key=lambda e: e.number, reverse=True
    )
    next_before = first if first > status.low else None
    return OverviewPage(status, first, top, tuple(entries), next_before, method, tuple(notes))


def _article_number(text: str) -> int | None:
    fields = text.split()
    number = ascii_decimal(fields[0]) if fields else None
    return number or None  # 0: not in the current group (RFC 3977 §6.2.1.2)


def fetch_article(
    session: Session,
    *,
    group: str | None = None,
    number: int | None = None,
    message_id: str | None = None,
    fallback_charset: str = "utf-8",
) -> Exchange[Article]:
    """ARTICLE by message-id, or GROUP and ARTICLE by number (RFC 3977 §6.2.1)."""
    if message_id is not None:
        mid = check_message_id(message_id)
        reply = yield from request(session, Command("ARTICLE", (mid,)))
        if reply.code != 220 or reply.lines is None:
            raise (
                reply_error(reply, message_id=mid)
                if reply.code >= 400
                else unexpected(reply, "220")
            )
        return parse_article(
            reply.lines,
            number=_article_number(reply.text),
            message_id=mid,
            fallback_charset=fallback_charset,
            undotted=reply.undotted,
        )
    if group is None or number is None:
        raise LocalProtocolError("fetch_article needs a message-id, or a group and a number")
    yield from select_group(session, group)
    reply = yield from request(session, Command("ARTICLE", (str(number),)))
    if reply.code != 220 or reply.lines is None:
        raise (
            reply_error(reply, group=group, number=number)
            if reply.code >= 400
            else unexpected(reply, "220")
        )
    return parse_article(
        reply.lines,
        number=number,
        message_id=None,
        fallback_charset=fallback_charset,
        undotted=reply.undotted,
    )
