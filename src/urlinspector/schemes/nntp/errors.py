"""NNTP's 4xx and 5xx replies as errors a person can act on.

Every reply code of RFC 3977 §3.2.1 (and RFC 4642, RFC 4643 for TLS and
authentication) maps to one sentence; the server's own status line is kept after it,
so ``GROUP local.nothing`` fails with "no such group local.nothing (GROUP
local.nothing: 411 No such group local.nothing)".
"""

from __future__ import annotations

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


def reply_error(
    reply: Reply,
    *,
    group: str | None = None,
    number: int | None = None,
    message_id: str | None = None,
) -> NNTPReplyError:
    """The error for *reply*, worded with what the command was about."""
    code = reply.code
    keyword = reply.command.keyword
    cls: type[NNTPReplyError] = NNTPReplyError
    if code == 400:
        cls, what = ServiceUnavailable, "the server stopped serving this connection"
    elif code == 401:  # RFC 3977 §3.2.1.1: the text names the mode to switch to
        label = reply.text.split()[0] if reply.text.split() else "another mode"
        what = f"the server wants the client to switch to {label} first"
    elif code == 403:
        what = "the server failed internally"
    elif code == 411:
        cls, what = NoSuchGroup, f"no such group {group}" if group else "no such group"
    elif code == 412:
        what = "no newsgroup selected"
    elif code == 420:
        cls, what = NoSuchArticle, "no current article"
    elif code == 423:
        cls = NoSuchArticle
        if number is not None:
            what = f"no article number {number} in {group}" if group else f"no article {number}"
        else:
            what = "no articles in that range"
    elif code == 430:
        cls = NoSuchArticle
        what = f"no article with message-id {message_id}" if message_id else "no such article"
    elif code == 480:
        cls, what = AuthenticationRequired, "the server asks for a user name and password"
    elif code == 481:
        cls, what = AuthenticationFailed, "the server refused the user name or password"
    elif code == 482:
        cls, what = AuthenticationFailed, "the server says the login came out of sequence"
    elif code == 483:
        cls = EncryptionRequired
        what = "the server requires an encrypted connection (NNTPS on port 563, or STARTTLS)"
    elif code == 500:
        what = f"the server does not know the command {keyword}"
    elif code == 501:
        what = f"the server rejected the arguments of {keyword}"
    elif code == 502:
        cls, what = AccessDenied, f"the server refuses {keyword} (permission denied)"
    elif code == 503:
        what = f"the server does not support {keyword}"
    elif 400 <= code < 600:
        what = f"the server refused {keyword}"
    else:
        what = f"unexpected reply to {keyword}"
    return cls(
        f"{what} {_context(reply)}",
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
