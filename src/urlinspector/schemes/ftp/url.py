"""What an ftp URL means: the sequence of FTP commands of RFC 1738 §3.2 (RFC 1738).

``ftp://<user>:<password>@<host>:<port>/<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>``
(the layout RFC 1738 lost; RFC 1738 summary (zh) §3.2 keeps it).  The core has already split and
decoded the parts (``parse(url).scheme_fields``, an ``FtpFields``: ``user``, ``password``,
``cwd`` segments, ``name``, ``typecode``, each decoded on its own, so ``%2F`` stays inside
its argument).  This
module turns them into a :class:`Plan`: the login, one ``CWD`` per segment, then
``NLST`` (typecode ``d``), or ``TYPE`` and ``RETR`` (``a``, ``i``, or a guess), or a
directory listing when the URL names no file.

Pure: no sockets.  :mod:`urlinspector.net.ftp` carries the plan out.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from typing import Literal

from urlinspector.core import URL
from urlinspector.core.model import Code, Diagnostic, SchemeParts
from urlinspector.core.octets import unquote_to_bytes
from urlinspector.core.quoting import quoted
from urlinspector.core.specific import FtpFields, FtpTypecode, parse_specific
from urlinspector.schemes.errors import LocalProtocolError

__all__ = [
    "DEFAULT_ANONYMOUS_PASSWORD",
    "DEFAULT_PORT",
    "IMPLICIT_TLS_PORT",
    "SCHEMES",
    "TEXT_NAMES",
    "TEXT_SUFFIXES",
    "Action",
    "FTPCommand",
    "Login",
    "Plan",
    "Typecode",
    "check_argument",
    "entry_url",
    "guess_typecode",
    "plan",
    "quote_fsegment",
    "readable",
]

DEFAULT_PORT = 21  # RFC 1738 §3.2
IMPLICIT_TLS_PORT = 990
"""The port of ftps, FTP inside TLS from the first octet (IANA's service name
registry: ftps 990/tcp, "ftp protocol, control, over TLS/SSL")."""
SCHEMES: dict[str, int] = {"ftp": DEFAULT_PORT, "ftps": IMPLICIT_TLS_PORT}
"""The schemes read as ftp URLs, and their default ports: ``ftps`` is an ftp URL whose
control and data connections are TLS from the start (implicit TLS, as curl reads it)."""
DEFAULT_ANONYMOUS_PASSWORD = "urlinspector@example.invalid"
"""What anonymous FTP sends as the password when none is configured: RFC 1738 §3.2.1 asks
for "the Internet e-mail address of the end user"; ``.invalid`` (RFC 2606) says that
none was given."""

Typecode = FtpTypecode
"""``a`` (ASCII), ``i`` (image) or ``d`` (directory listing), RFC 1738 §3.2.2."""
Action = Literal["retrieve", "nlst", "list"]
"""``retrieve``: TYPE and RETR the name; ``nlst``: NLST the name (typecode d);
``list``: list the directory the cwd segments lead to (MLSD, else LIST)."""

# RFC 1738 §3.2.2: "perform a TYPE command with <typecode> as the argument"
_TRANSFER_TYPE: dict[str, str] = {"a": "A", "i": "I"}

_UNSAFE_OCTETS: dict[int, str] = {0x0D: "CR (%0D)", 0x0A: "LF (%0A)", 0x00: "NUL (%00)"}

TEXT_SUFFIXES = frozenset(
    {
        ".txt", ".text", ".asc", ".md", ".rst", ".htm", ".html", ".xml", ".json", ".csv",
        ".tsv", ".c", ".h", ".cc", ".cpp", ".py", ".pl", ".sh", ".java", ".js", ".css",
        ".tex", ".log", ".ini", ".cfg", ".conf", ".diff", ".patch", ".lsm", ".faq",
        ".readme", ".me", ".1st", ".msg",
    }
)  # fmt: skip
"""Name suffixes guessed as text (typecode ``a``) when the URL has no typecode."""

TEXT_NAMES = frozenset(
    {
        "readme", "index", "license", "copying", "changelog", "news", "makefile",
        "ls-lr", "motd", "welcome", "authors", "install", "todo", "faq",
    }
)  # fmt: skip
"""Whole names (any case) guessed as text."""


# --- arguments -----------------------------------------------------------------------------


def readable(octets: bytes, charset: str = "utf-8") -> str:
    """*octets* (a decoded URL part, a file name from a server) as text for people:
    *charset* when they decode in it, else Latin-1 (every octet one character)."""
    try:
        return octets.decode(charset)
    except (UnicodeDecodeError, LookupError):
        return octets.decode("latin-1")


def check_argument(value: bytes, what: str) -> None:
    """Refuse an argument holding CR, LF or NUL, before anything is sent.

    An FTP command ends at CRLF (RFC 959 §4.1), so a CR or LF inside an argument would
    end the command early and start another one the URL's author chose: ``%0D%0A`` in
    a URL must never reach the server.  NUL is refused too (a C server ends the string
    there).  Raises :class:`LocalProtocolError` naming the part and the octet.
    """
    for octet, label in _UNSAFE_OCTETS.items():
        if octet in value:
            shown = readable(value).replace("\r", "%0D").replace("\n", "%0A").replace("\0", "%00")
            raise LocalProtocolError(
                f"the {what} {quoted(shown)} holds {label}, which would end the FTP command and "
                "start another one; nothing was sent (remove the escape from the URL)"
            )


def guess_typecode(name: bytes) -> tuple[Typecode, str]:
    """Typecode ``a`` or ``i`` for a URL without one, and why (RFC 1738 §3.2.3: "the data
    content type of a file can only be guessed from the name, e.g., from the suffix")."""
    lower = readable(name, "latin-1").lower()
    suffix = posixpath.splitext(lower)[1]
    if suffix in TEXT_SUFFIXES:
        return "a", f"the suffix '{suffix}' names a text file"
    if lower in TEXT_NAMES:
        return "a", f"'{readable(name)}' is the name of a text file by custom"
    return "i", "the name does not look like text, so it is transferred as it is (image)"


# --- escaping names into URLs ----------------------------------------------------------------

# RFC 1738 §5: fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]; uchar = unreserved | escape;
# unreserved = alpha | digit | safe | extra; safe = "$" | "-" | "_" | "." | "+";
# extra = "!" | "*" | "'" | "(" | ")" | ",".  "?" is allowed by RFC 1738 but escaped here:
# every later edition (URL syntax draft 1997 on) ends the path at "?", so an unescaped "?" would be
# read as a query by today's parsers.
_FSEGMENT_LITERAL = frozenset(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_.+!*'(),:@&="
)
_QUOTE_TABLE = tuple(chr(o) if o in _FSEGMENT_LITERAL else f"%{o:02X}" for o in range(256))


def quote_fsegment(octets: bytes) -> str:
    """*octets* as one fsegment (RFC 1738 §3.2.2, §5): ``/`` and ``;`` (reserved in a name),
    ``%``, ``?``, ``#``, space, every unsafe, non-ASCII or control octet as ``%HH``."""
    return "".join(map(_QUOTE_TABLE.__getitem__, octets))


def entry_url(directory_url: str, name: bytes, is_directory: bool) -> str:
    """The URL of *name* in the directory whose URL is *directory_url* (ending in "/").

    A directory's URL ends with "/" (an empty name: listed when fetched); a file's, or
    an entry of unknown type, does not (retrieved, or listed if RETR says it is a
    directory).
    """
    return directory_url + quote_fsegment(name) + ("/" if is_directory else "")


# --- the plan ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Login:
    """How to log in (RFC 1738 §3.2.1)."""

    user: bytes
    """Sent with USER: the URL's user, decoded, or ``anonymous``."""
    password: bytes | None
    """The URL's password, decoded; None when the URL has none (then, if the server asks
    for one, ``anonymous`` sends :attr:`Plan.anonymous_password`, any other user is
    asked for it); ``b""`` is an empty password (``ftp://foo:@host/``, RFC 1738 §3.1)."""
    anonymous: bool
    """True when the URL has no user (RFC 1738 §3.2.1: the conventions for anonymous FTP)."""


@dataclass(frozen=True)
class FTPCommand:
    """One step of the plan, for people: the command and the rule behind it."""

    verb: str
    argument: bytes | None
    """None: sent without an argument; ``b""``: with an empty one (``CWD `` for ``//``)."""
    why: str
    citation: str

    def line(self, charset: str = "utf-8") -> str:
        """The command as it goes on the wire (secret arguments masked)."""
        if self.verb in ("PASS", "ACCT"):
            return f"{self.verb} ****"
        if self.argument is None:
            return self.verb
        return f"{self.verb} {readable(self.argument, charset)}"


@dataclass(frozen=True)
class Plan:
    """What an ftp URL asks for, as FTP commands (RFC 1738 §3.2)."""

    url: str
    """The URL (inside any ``<URL:...>`` wrapper), as written."""
    host: str
    """The host to connect to: an IPv6 literal without its brackets, escapes decoded."""
    port: int
    authority: str
    """``host:port`` for messages (``[::1]:2121``); never the user or password."""
    login: Login
    cwd: tuple[bytes, ...]
    """One CWD argument per segment, decoded on its own (RFC 1738 §3.2.2)."""
    name: bytes
    """The last segment, decoded; ``b""`` when the URL ends with "/" or has no path."""
    typecode: Typecode | None
    """As written in ``;type=``, or None."""
    action: Action
    transfer_type: str | None
    """``A`` or ``I`` for TYPE before RETR; None for a listing."""
    guessed: bool
    """True when the URL has no typecode (RFC 1738 §3.2.3: the client chooses): the
    file is transferred as it is (TYPE I), and a name RETR refuses may be a directory."""
    directory_url: str
    """The URL of the directory a listing shows (ends in "/"): the URL up to the cwd
    segments, or up to the name too when the name itself is listed."""
    name_as_directory_url: str
    """The URL of *name* as a directory (for the fall-back from RETR to a listing)."""
    anonymous_password: str = DEFAULT_ANONYMOUS_PASSWORD
    notes: tuple[str, ...] = field(default=())
    looks_like_text: bool = False
    """The file is text by the URL's word (typecode a) or by its name (a ``.txt``
    suffix, ``README``: RFC 1738 §3.2.3's guess): a viewer shows it rather than
    offering it for saving.  Without typecode a it still comes as image (TYPE I)."""
    scheme: str = "ftp"
    """``ftp``, or ``ftps`` (implicit TLS)."""
    implicit_tls: bool = False
    """True for ``ftps``: TLS from the first octet, on both connections."""

    def commands(self) -> tuple[FTPCommand, ...]:
        """The command sequence RFC 1738 §3.2 gives for this URL, in order.

        PASS is sent only if the server asks for one (reply 331); its argument is never
        shown.  The listing of a directory
        without a typecode (not spelled out by RFC 1738) is shown as ``MLSD``; servers
        without it get ``LIST``.
        """
        steps: list[FTPCommand] = [
            FTPCommand(
                "USER",
                self.login.user,
                "the anonymous-FTP convention: no user in the URL"
                if self.login.anonymous
                else "the URL's user, decoded",
                "RFC 1738 §3.2.1",
            )
        ]
        if self.login.anonymous:
            why = "if the server asks: the e-mail address of the end user"
        elif self.login.password is not None:
            why = "if the server asks: the URL's password, decoded"
        else:
            why = "if the server asks: the user is asked for the password (none in the URL)"
        steps.append(FTPCommand("PASS", None, why, "RFC 1738 §3.2.1"))
        for segment in self.cwd:
            steps.append(
                FTPCommand(
                    "CWD",
                    segment,
                    "an empty segment: CWD with a null argument"
                    if segment == b""
                    else "one cwd segment, decoded on its own",
                    "RFC 1738 §3.2.2",
                )
            )
        if self.action == "nlst":
            steps.append(
                FTPCommand(
                    "NLST",
                    self.name or None,
                    "typecode d: a name list, shown as a directory listing",
                    "RFC 1738 §3.2.2",
                )
            )
        elif self.action == "retrieve":
            assert self.transfer_type is not None
            why = (
                "no typecode: the file as the server stores it, saved byte for byte"
                if self.guessed
                else f"typecode {self.typecode}: TYPE with the typecode"
            )
            citation = "RFC 1738 §3.2.3" if self.guessed else "RFC 1738 §3.2.2"
            steps.append(FTPCommand("TYPE", self.transfer_type.encode(), why, citation))
            steps.append(FTPCommand("RETR", self.name, "access the file <name>", "RFC 1738 §3.2.2"))
        else:
            steps.append(
                FTPCommand(
                    "MLSD",
                    None,
                    "no name: list the directory (LIST when the server has no MLSD)",
                    "RFC 1738 §3.2.2; RFC 3659 §7",
                )
            )
        return tuple(steps)


_REFUSED_DIAGNOSTICS: frozenset[Code] = frozenset(
    {
        "scheme-requires-authority",
        "scheme-requires-host",
        "scheme-slash-missing",
        "ftp-typecode-invalid",
        "port-out-of-range",
        "invalid-port",
    }
)
"""Errors after which the URL has no FTP meaning to carry out."""


def _host(url: URL) -> str:
    raw = url.host or ""
    if url.host_kind == "ipv6" and raw.startswith("[") and raw.endswith("]"):
        raw = raw[1:-1]
    host = unquote_to_bytes(raw).decode("utf-8", "replace")
    if not host or any(ord(c) <= 0x20 or c == "\x7f" for c in host):
        raise LocalProtocolError(
            f"the host {quoted(raw)} cannot be connected to: it is empty or holds "
            "spaces or control characters"
        )
    return host


def plan(url: URL, *, anonymous_password: str = DEFAULT_ANONYMOUS_PASSWORD) -> Plan:
    """The FTP commands *url* stands for (RFC 1738 §3.2).

    Raises :class:`LocalProtocolError` (nothing sent) for a URL that is not ftp, has no
    host, has a bad port or typecode, or holds CR, LF or NUL in a user, password, cwd
    segment or name.
    """
    scheme = (url.scheme or "").lower()
    specific, fields, found = _ftp_syntax(url, scheme)
    for d in (*url.diagnostics, *found):
        if d.code in _REFUSED_DIAGNOSTICS and d.severity == "error":
            raise LocalProtocolError(f"cannot fetch this URL: {d.message} ({d.reference})")
    user, password, cwd, typecode = fields.user, fields.password, fields.cwd, fields.typecode
    name = fields.name or b""

    host = _host(url)
    port = url.port_number if url.port_number is not None else SCHEMES[scheme]
    if not 0 < port < 65536:
        raise LocalProtocolError(f"the port {port} is not a TCP port (1 to 65535)")
    shown_host = f"[{host}]" if ":" in host else host
    authority = f"{shown_host}:{port}"

    anonymous = user is None
    login = Login(b"anonymous" if anonymous else user or b"", password, anonymous)
    if user is not None:
        check_argument(user, "user name")
    if password is not None:
        check_argument(password, "password")
    check_argument(anonymous_password.encode("utf-8"), "anonymous password")
    for segment in cwd:
        check_argument(segment, "directory (cwd segment)")
    check_argument(name, "name")

    notes: list[str] = []
    guessed = False
    looks_like_text = typecode == "a"
    transfer_type: str | None = None
    action: Action
    if typecode == "d":
        action = "nlst"  # RFC 1738 §3.2.2
    elif not name:
        action = "list"
        if typecode is not None:
            notes.append(
                f"the URL names no file, so typecode {typecode} has nothing to transfer; "
                "the directory is listed instead"
            )
        elif fields.name is None:
            notes.append("the URL has no url-path: the login directory is listed")
    else:
        action = "retrieve"
        if typecode is None:
            # RFC 1738 §3.2.3 leaves the mode to the client: image keeps the file's
            # bytes as the server stores them (as curl and Lynx do), where ASCII would
            # change its line ends on the way (RFC 959 §3.1.1.1)
            typecode_guess, reason = guess_typecode(name)
            transfer_type = "I"
            guessed = True
            looks_like_text = typecode_guess == "a"
            shown = "shown as text" if looks_like_text else "not expected to be text"
            notes.append(
                "no typecode: TYPE I, so the file comes byte for byte as the server stores "
                f"it (RFC 1738 §3.2.3 leaves the choice to the client); {reason}: {shown}"
            )
        else:
            transfer_type = _TRANSFER_TYPE[typecode]

    directory_url, name_as_directory_url = _directory_urls(url, specific)
    return Plan(
        url=url.uri,
        host=host,
        port=port,
        authority=authority,
        login=login,
        cwd=cwd,
        name=name,
        typecode=typecode,
        action=action,
        transfer_type=transfer_type,
        guessed=guessed,
        directory_url=name_as_directory_url if action == "nlst" and name else directory_url,
        name_as_directory_url=name_as_directory_url,
        anonymous_password=anonymous_password,
        notes=tuple(notes),
        looks_like_text=looks_like_text,
        scheme=scheme,
        implicit_tls=scheme == "ftps",
    )


def _ftp_syntax(url: URL, scheme: str) -> tuple[SchemeParts, FtpFields, tuple[Diagnostic, ...]]:
    """The ftp parts and fields of *url*: the core's for ftp; an ftps URL is read with
    ftp's syntax (RFC 1738 §3.2.2, §5), as clients of ftps read it."""
    if scheme not in SCHEMES:
        raise LocalProtocolError(f"{quoted(url.uri, 60)} is not an ftp URL (ftp://host/path)")
    specific: SchemeParts | None = url.specific
    found: tuple[Diagnostic, ...] = ()
    if scheme != "ftp":
        specific, found = parse_specific(url.text, "ftp", url.spans, url.edition)
    if specific is None or not isinstance(specific.fields, FtpFields):
        raise LocalProtocolError("the ftp URL could not be read")
    return specific, specific.fields, found


def _directory_urls(url: URL, specific: SchemeParts) -> tuple[str, str]:
    """The URL of the directory the cwd segments lead to, and of the name as a
    directory; both as written (escapes kept), without typecode or fragment."""
    text = url.text
    u0 = url.uri_span[0]
    names = specific.parts_named("name")
    if names:
        _, (n0, n1), _, _, _ = names[0]
        prefix = text[u0:n0]
        name_raw = text[n0:n1]
    else:
        authority = url.span("authority")
        assert authority is not None  # (plan refuses an ftp URL without one)
        prefix = text[u0 : authority[1]] + "/"
        name_raw = ""
    as_directory = prefix + name_raw + ("/" if name_raw else "")
    return prefix, as_directory
