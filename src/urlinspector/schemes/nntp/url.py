"""What news: and nntp: URLs ask a news server for (RFC 1738 §3.6, §3.7; URL draft 1993 "News",
"NNTP").

* ``news:*`` — "all available news groups" (RFC 1738 §3.6): the group list.
* ``news:<newsgroup-name>`` — the group: its overview, newest first.
* ``news:<message-id>`` (told apart by its "@", RFC 1738 §3.6) — that article.
* ``nntp://<host>:<port>/<newsgroup-name>`` — the group on that server (RFC 1738 §3.7).
* ``nntp://<host>:<port>/<newsgroup-name>/<article-number>`` — one article.

news: URLs name no server: "the reader will fetch the article or group from his or her
local news host" (URL draft 1993, News, Note 1).  Which host that is comes from the reader's
setting (:func:`parse_server`, :func:`choose_server`).

The URL's parts come from the core's scheme-specific parser
(:mod:`urlinspector.core.specific`); what it reports as an error stops the fetch here,
and a name or message-id that cannot travel safely in a command line (a CR, LF, NUL,
other control character or white space) is refused before anything is sent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from urlinspector.core import URL
from urlinspector.core.model import Part
from urlinspector.core.octets import unquote_to_bytes
from urlinspector.core.quoting import quoted
from urlinspector.core.specific import NewsFields, NntpFields
from urlinspector.schemes.errors import LocalProtocolError

__all__ = [
    "DEFAULT_SERVER",
    "NNTPS_PORT",
    "NNTP_PORT",
    "InvalidServer",
    "NewsTarget",
    "ServerAddress",
    "Target",
    "check_group_name",
    "check_message_id",
    "choose_server",
    "group_url",
    "message_id_url",
    "news_target",
    "nntp_url",
    "parse_server",
]

NNTP_PORT = 119  # RFC 1738 §3.7
NNTPS_PORT = 563  # IANA "nntps"; RFC 4642 §1 (TLS from the first octet)
DEFAULT_SERVER = "localhost:119"
"""The local news host when nothing else names one."""

Target = Literal["group-list", "overview", "article"]

_UNSAFE = re.compile(r"[\x00-\x20\x7f]")
_UNSAFE_NAMES = {"\r": "a CR", "\n": "an LF", "\x00": "a NUL", "\t": "a TAB", " ": "a space"}

# RFC 1738 §5: article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host, with
# uchar = unreserved | escape, unreserved = alpha | digit | safe | extra
_ARTICLE_LITERAL = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    "$-_.+"  # safe
    "!*'(),"  # extra
    ";/?:&=@"
)
# RFC 1738 summary (zh) §5 (RFC 1738): group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
_GROUP_LITERAL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.+_")


class InvalidServer(LocalProtocolError):
    """A news server setting that is not ``HOST[:PORT]``."""


@dataclass(frozen=True, slots=True)
class ServerAddress:
    """Where a news server listens, and whether TLS starts at once (NNTPS)."""

    host: str
    """Name or address, without IPv6 brackets."""
    port: int
    tls: bool
    """NNTPS: TLS from the first octet (port 563 or an ``nntps://`` setting)."""
    source: str = "setting"
    """Where it came from: ``"url"``, ``"setting"``, ``"NNTPSERVER"`` or ``"default"``."""

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


@dataclass(frozen=True, slots=True)
class NewsTarget:
    """What a news: or nntp: URL asks for."""

    url: str
    scheme: Literal["news", "nntp"]
    kind: Target
    group: str | None = None
    """Newsgroup name (for ``overview``, and ``article`` by number)."""
    article_number: int | None = None
    message_id: str | None = None
    """With its ``<`` and ``>``, as NNTP sends it (RFC 3977 §3.6)."""
    server: ServerAddress | None = None
    """The URL's own server (nntp:), or None: the local news host (news:)."""
    user: str | None = None
    password: str | None = None
    """Userinfo an nntp URL carries though its syntax has none (RFC 1738 §5: hostport)."""
    notes: tuple[str, ...] = ()


# --- names and message-ids ---------------------------------------------------------------


def _unsafe(text: str, what: str) -> None:
    bad = _UNSAFE.search(text)
    if bad is not None:
        ch = bad.group()
        name = _UNSAFE_NAMES.get(ch, f"the control character U+{ord(ch):04X}")
        raise LocalProtocolError(
            f"the {what} {quoted(text)} holds {name}: refused before anything was sent "
            f"(RFC 3977 §3.1: an argument has no white space or control characters)"
        )


def check_group_name(name: str) -> str:
    """*name*, or :class:`LocalProtocolError` when it cannot be sent (RFC 3977 §4.1)."""
    if not name:
        raise LocalProtocolError("the newsgroup name is empty")
    _unsafe(name, "newsgroup name")
    return name


def check_message_id(message_id: str) -> str:
    """*message_id* with its angle brackets (added when missing, RFC 1738 §3.6 writes it
    without), or :class:`LocalProtocolError` when it is not one (RFC 3977 §3.6)."""
    _unsafe(message_id, "message-id")
    text = message_id
    if not (text.startswith("<") and text.endswith(">")):
        text = f"<{text}>"
    inner = text[1:-1]
    if not inner or ">" in inner or not inner.isascii() or len(text) > 250:
        raise LocalProtocolError(
            f"{quoted(message_id)} is not a message-id: RFC 3977 §3.6 wants '<', 1 to 248 "
            f"printable ASCII characters other than '>', and '>'"
        )
    return text


# --- URLs --------------------------------------------------------------------------------


def _escape(text: str, literal: frozenset[str]) -> str:
    return "".join(
        ch if ch in literal else "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogateescape"))
        for ch in text
    )


def message_id_url(message_id: str) -> str | None:
    """``news:`` URL of an article (RFC 1738 §3.6: the message-id without ``<`` ``>``), or
    None when the message-id has no "@" (a news URL could not tell it from a group)."""
    inner = message_id.strip()
    if inner.startswith("<") and inner.endswith(">"):
        inner = inner[1:-1]
    if "@" not in inner:
        return None
    escaped = _escape(inner, _ARTICLE_LITERAL)
    if escaped.startswith("//"):  # news://... would read as an authority (RFC 3986 §3.2)
        escaped = "%2F" + escaped[1:]
    return "news:" + escaped


def group_url(name: str) -> str:
    """``news:`` URL of a newsgroup (RFC 1738 §3.6); characters outside RFC 1738 summary (zh) §5's
    ``group`` are %-escaped as UTF-8."""
    return "news:" + _escape(name, _GROUP_LITERAL)


def nntp_url(
    server: ServerAddress,
    group: str,
    article_number: int | None = None,
    *,
    userinfo: str | None = None,
) -> str:
    """``nntp://[userinfo@]host:port/group[/number]`` (RFC 1738 §3.7); the port is left
    out when 119.  *userinfo* is put back as written in the URL it came from (so a login
    given for this server stays with it)."""
    host = f"[{server.host}]" if ":" in server.host else server.host
    port = "" if server.port == NNTP_PORT else f":{server.port}"
    tail = "" if article_number is None else f"/{article_number}"
    login = "" if userinfo is None else f"{userinfo}@"
    return f"nntp://{login}{host}{port}/{_escape(group, _GROUP_LITERAL)}{tail}"


# --- news servers ------------------------------------------------------------------------

_HOST_CHARS = re.compile(r"[A-Za-z0-9.\-_~%!$&'()*+,;=\u0080-\U0010ffff]+\Z")
_IPV6 = re.compile(r"[0-9A-Fa-f:.]+(?:%[A-Za-z0-9_.~-]+)?\Z")


_SERVER_SCHEMES = (("nntps://", True), ("snews://", True), ("nntp://", False), ("news://", False))
"""The prefixes a server setting may start with, and whether each means TLS from the
start (NNTPS)."""


def parse_server(text: str, *, source: str = "setting") -> ServerAddress:
    """A server setting: ``HOST``, ``HOST:PORT``, ``[IPv6]:PORT``, a bare IPv6 address,
    or the same after ``nntp://`` or ``nntps://`` (``news://``, ``snews://``).  Port 563,
    or ``nntps``/``snews``, means TLS from the start (NNTPS)."""
    raw, tls = _without_scheme(text.strip())
    if not raw:
        raise InvalidServer(f"the news server {quoted(text)} is empty: write HOST or HOST:PORT")
    host, port_text = _host_and_port(raw, text)
    _check_host(host, text)
    port = NNTPS_PORT if tls else NNTP_PORT
    if port_text:
        digits = port_text.isascii() and port_text.isdigit() and len(port_text) <= 5
        if not digits or not 0 < int(port_text) < 65536:
            raise InvalidServer(f"the port {quoted(port_text)} in {quoted(text)} is not 1 to 65535")
        port = int(port_text)
    if tls is None:
        tls = port == NNTPS_PORT
    return ServerAddress(host, port, tls, source)


def _without_scheme(raw: str) -> tuple[str, bool | None]:
    """*raw* without a leading ``nntp://`` (or the like) and its trailing slashes, and
    whether that prefix means TLS from the start (None: no prefix)."""
    lowered = raw.lower()
    for prefix, implicit in _SERVER_SCHEMES:
        if lowered.startswith(prefix):
            return raw[len(prefix) :].rstrip("/"), implicit
    return raw, None


def _host_and_port(raw: str, text: str) -> tuple[str, str | None]:
    """The host and the port's text (None: no port) of *raw*, a server setting
    *text* without its scheme."""
    if raw.startswith("["):
        close = raw.find("]")
        if close < 0:
            raise InvalidServer(f"the news server {quoted(text)} opens '[' without ']'")
        host, rest = raw[1:close], raw[close + 1 :]
        if not rest:
            return host, None
        if not rest.startswith(":"):
            raise InvalidServer(f"{quoted(rest)} follows the address in {quoted(text)}")
        return host, rest[1:]
    if raw.count(":") > 1:  # a bare IPv6 address
        return raw, None
    host, colon, port_text = raw.partition(":")
    return host, port_text if colon else None


def _check_host(host: str, text: str) -> None:
    """Refuse a *host* that is neither a host name nor an address."""
    if ":" in host:
        if _IPV6.match(host) is None:
            raise InvalidServer(
                f"{quoted(host)} in the news server setting {quoted(text)} is not an IPv6 address"
            )
    elif _HOST_CHARS.match(host) is None:
        raise InvalidServer(
            f"{quoted(host)} in the news server setting {quoted(text)} is not a host name "
            "or address"
        )


def choose_server(
    setting: str | None = None, environ: Mapping[str, str] | None = None
) -> ServerAddress:
    """The local news host for news: URLs: the *setting* (the reader's own choice)
    when given, else ``NNTPSERVER`` in *environ* (as tin and slrn read it), else
    ``localhost:119``."""
    if setting is not None and setting.strip():
        return parse_server(setting, source="setting")
    value = (environ or {}).get("NNTPSERVER", "")
    if value.strip():
        return parse_server(value, source="NNTPSERVER")
    return parse_server(DEFAULT_SERVER, source="default")


# --- the URL -----------------------------------------------------------------------------


def _raw_part(parts: tuple[Part, ...], name: str) -> str | None:
    """The text of the first part called *name*, as written."""
    return next((part.text for part in parts if part.name == name), None)


def _decoded(raw: str) -> str:
    return unquote_to_bytes(raw).decode("utf-8", "surrogateescape")


def news_target(url: URL) -> NewsTarget:
    """What *url* (a news: or nntp: URL) asks for, or :class:`LocalProtocolError` with
    the reason it cannot be fetched (the parser's error diagnostic, or a name that
    cannot be sent safely)."""
    parsed = url
    fields = parsed.scheme_fields
    if not isinstance(fields, NewsFields | NntpFields):
        raise LocalProtocolError(f"{quoted(parsed.uri)} is not a news: or nntp: URL")
    errors = [d for d in parsed.diagnostics if d.severity == "error"]
    if errors:
        raise LocalProtocolError(
            f"{quoted(parsed.uri)} cannot be fetched: {errors[0].message} ({errors[0].reference})"
        )
    parts = parsed.scheme_parts
    notes: list[str] = []
    if isinstance(fields, NewsFields):
        if parsed.authority is not None:
            notes.append(
                f"the host {quoted(parsed.host or '')} in the URL is not used: news URLs name no "
                f"server, the local news host is asked (RFC 1738 §3.6; URL draft 1993 News, note 1)"
            )
        if fields.kind == "all":
            return NewsTarget(parsed.uri, "news", "group-list", notes=tuple(notes))
        if fields.kind == "article":
            raw = _raw_part(parts, "message-id") or ""
            return NewsTarget(
                parsed.uri,
                "news",
                "article",
                message_id=check_message_id(_decoded(raw)),
                notes=tuple(notes),
            )
        raw = _raw_part(parts, "newsgroup-name") or ""
        return NewsTarget(
            parsed.uri,
            "news",
            "overview",
            group=check_group_name(_decoded(raw)),
            notes=tuple(notes),
        )
    # nntp: RFC 1738 §3.7
    host = parsed.host or ""
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    host = _decoded(host)
    _unsafe(host, "host")
    number = parsed.port_number
    if parsed.port and (number is None or not 0 < number < 65536):
        raise LocalProtocolError(
            f"the port {quoted(parsed.port)} of {quoted(parsed.uri)} is not 1 to 65535"
        )
    port = NNTP_PORT if number is None else number
    server = ServerAddress(host, port, port == NNTPS_PORT, "url")
    raw = _raw_part(parts, "newsgroup-name") or ""
    group = check_group_name(_decoded(raw))
    article = fields.article_number
    user = None if parsed.user is None else _decoded(parsed.user)
    password = None if parsed.password is None else _decoded(parsed.password)
    if article is not None:
        return NewsTarget(
            parsed.uri,
            "nntp",
            "article",
            group,
            article,
            server=server,
            user=user,
            password=password,
        )
    return NewsTarget(
        parsed.uri, "nntp", "overview", group, server=server, user=user, password=password
    )
