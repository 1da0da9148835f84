"""NNTP's 4xx and 5xx replies as errors a person can act on.

Every reply code of RFC 3977 §3.2.1 (and RFC 4642, RFC 4643 for TLS and
authentication) maps to one sentence; the server's own status line is kept after it,
so ``GROUP local.nothing`` fails with "no such group local.nothing (GROUP
local.nothing: 411 No such group local.nothing)".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final, NamedTuple

from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.nntp.events import Command, Greeting, Reply

__all__ = [
    "AccessDenied",
    "AuthenticationFailed",
    "AuthenticationRequired",
    "ClearTextLoginRefused",
    "EncryptionRequired",
    "NNTPReplyError",
    "NoSuchArticle",
    "NoSuchGroup",
    "ServiceUnavailable",
    "greeting_error",
    "reply_error",
]


class NNTPReplyError(RemoteProtocolError):
    """The server answered a command with an error (or with a reply that does not fit).

    ``code`` and ``server_text`` are the server's status line; ``command`` is the
    command as shown to people (a password masked), or None for the greeting.
    """

    def __init__(
        self, message: str, *, code: int | None, server_text: str, command: str | None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.server_text = server_text
        self.command = command


class ServiceUnavailable(NNTPReplyError):
    """400 or 502 at the greeting, or 400 later: the server will not serve now."""


class NoSuchGroup(NNTPReplyError):
    """411 (RFC 3977 §6.1.1)."""


class NoSuchArticle(NNTPReplyError):
    """420, 423 or 430 (RFC 3977 §6.2)."""


class AuthenticationRequired(NNTPReplyError):
    """480 and no credentials to answer it with (RFC 4643 §2.1)."""


class ClearTextLoginRefused(AuthenticationRequired):
    """480 on a connection without TLS, and a login not to be sent in clear text (one
    read from ``~/.netrc``, RFC 4643 §5: AUTHINFO USER/PASS reveals the password to
    anyone on the path unless TLS protects it)."""


class AuthenticationFailed(NNTPReplyError):
    """481 or 482, or 480 again after authenticating (RFC 4643 §2.3)."""


class EncryptionRequired(NNTPReplyError):
    """483 (RFC 4642 §2.2.1; RFC 4643 §2.3)."""


class AccessDenied(NNTPReplyError):
    """502 to a command: permanently refused (RFC 3977 §3.2.1)."""


def _context(reply: Reply) -> str:
    return f"({reply.command.shown()}: {reply.status_line})"


class _About(NamedTuple):
    """What a failed command was about, for the words of its error."""

    keyword: str
    text: str
    group: str | None
    number: int | None
    message_id: str | None


def _switch_mode(about: _About) -> str:
    # RFC 3977 §3.2.1.1: the text names the mode to switch to
    words = about.text.split()
    return f"the server wants the client to switch to {words[0] if words else 'another mode'} first"


def _no_article_number(about: _About) -> str:
    if about.number is None:
        return "no articles in that range"
    if about.group:
        return f"no article number {about.number} in {about.group}"
    return f"no article {about.number}"


_Words = Callable[[_About], str]

_REPLIES: Final[Mapping[int, tuple[type[NNTPReplyError], _Words]]] = MappingProxyType(
    {
        # RFC 3977 §3.2.1: the generic replies
        400: (ServiceUnavailable, lambda _: "the server stopped serving this connection"),
        401: (NNTPReplyError, _switch_mode),
        403: (NNTPReplyError, lambda _: "the server failed internally"),
        500: (NNTPReplyError, lambda a: f"the server does not know the command {a.keyword}"),
        501: (NNTPReplyError, lambda a: f"the server rejected the arguments of {a.keyword}"),
        502: (AccessDenied, lambda a: f"the server refuses {a.keyword} (permission denied)"),
        503: (NNTPReplyError, lambda a: f"the server does not support {a.keyword}"),
        # RFC 3977 §6.1.1, §6.2: groups and articles
        411: (NoSuchGroup, lambda a: f"no such group {a.group}" if a.group else "no such group"),
        412: (NNTPReplyError, lambda _: "no newsgroup selected"),
        420: (NoSuchArticle, lambda _: "no current article"),
        423: (NoSuchArticle, _no_article_number),
        430: (
            NoSuchArticle,
            lambda a: (
                f"no article with message-id {a.message_id}" if a.message_id else "no such article"
            ),
        ),
        # RFC 4643 §2.3 (authentication), RFC 4642 §2.2.1 (TLS)
        480: (AuthenticationRequired, lambda _: "the server asks for a user name and password"),
        481: (AuthenticationFailed, lambda _: "the server refused the user name or password"),
        482: (AuthenticationFailed, lambda _: "the server says the login came out of sequence"),
        483: (
            EncryptionRequired,
            lambda _: (
                "the server requires an encrypted connection (NNTPS on port 563, or STARTTLS)"
            ),
        ),
    }
)
"""Each error reply code: the error class, and the words for what went wrong."""


def _refused(about: _About) -> str:
    return f"the server refused {about.keyword}"  # any other 4xx or 5xx


def _unexpected(about: _About) -> str:
    return f"unexpected reply to {about.keyword}"


def reply_error(
    reply: Reply,
    *,
    group: str | None = None,
    number: int | None = None,
    message_id: str | None = None,
) -> NNTPReplyError:
    """The error for *reply*, worded with what the command was about."""
    code = reply.code
    fallback = _refused if 400 <= code < 600 else _unexpected
    cls, words = _REPLIES.get(code, (NNTPReplyError, fallback))
    about = _About(reply.command.keyword, reply.text, group, number, message_id)
    return cls(
        f"{words(about)} {_context(reply)}",
        code=code,
        server_text=reply.text,
        command=reply.command.shown(),
    )


def greeting_error(greeting: Greeting) -> NNTPReplyError:
    """The error for a greeting that does not offer service (RFC 3977 §5.1.1)."""
    if greeting.code == 400:
        what = "the news server is not available now"
    elif greeting.code == 502:
        what = "the news server refuses this client"
    else:
        what = "the news server's greeting is not 200 or 201"
    return ServiceUnavailable(
        f"{what} (greeting: {greeting.code} {greeting.text})".rstrip(),
        code=greeting.code,
        server_text=greeting.text,
        command=None,
    )


def unexpected(reply: Reply, expected: str) -> NNTPReplyError:
    """The error for a 1xx/2xx/3xx reply that is not the one the command calls for."""
    return NNTPReplyError(
        f"the server answered {reply.command.keyword} with {reply.code}, not {expected} "
        f"{_context(reply)}",
        code=reply.code,
        server_text=reply.text,
        command=reply.command.shown(),
    )


def command_error(command: Command, message: str) -> NNTPReplyError:
    """An error about the reply to *command* that has no status code of its own."""
    return NNTPReplyError(message, code=None, server_text="", command=command.shown())
