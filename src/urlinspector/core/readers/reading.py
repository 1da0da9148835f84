"""What one library makes of a URL: the record every reader returns, and the row of
the readers' table that makes one.

A reader hands the text to the library the way a program would and follows it to
the point where it would open its socket: there it reads back where the library
would connect (and the ``Host`` header it would send), or the exception it raises
on the way, its refusal.  It never connects, resolves a name or reads a file.  A
library that is not installed (or a shared library that cannot be loaded) gives a
reading that says so in ``missing``; a text the library refuses gives one with the
library's own exception in ``refusal``.  Neither is an exception: :meth:`Reader.read`
never raises.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import unquote

__all__ = [
    "PASSWORD_MASK",
    "Parts",
    "Reader",
    "ReaderError",
    "ReaderMissing",
    "ReaderReading",
    "differs_from",
    "mask_userinfo",
]

PASSWORD_MASK = "••••"
"""What stands for a password in a reader's host (a library that keeps the userinfo
in the host it connects to)."""


class ReaderError(ValueError):
    """The library refuses the text (its own exception, as ``Class: message``)."""


class ReaderMissing(ImportError):
    """The library is not installed, or its shared library cannot be loaded."""


class Parts(NamedTuple):
    """The parts a library gives, as its parser reads them (undefined is None)."""

    scheme: str | None
    user: str | None
    password: str | None
    """Only tested for being there: a reading keeps no password."""
    host: str | None
    port: int | None
    """The port it would connect to: the written one, else its default for the scheme."""
    written_port: int | None
    path: str | None
    query: str | None
    fragment: str | None
    host_header: str | None = None
    """The ``Host`` header it would send, when the reader can tell."""


@dataclass(frozen=True, slots=True)
class ReaderReading:
    """What one library does with a URL: it connects (``host``, ``port``), it refuses
    (``refusal``), or it could not be asked (``missing``).

    ``host`` and ``port`` are what the library would connect to (its default port
    for the scheme when none is written); ``host_header`` is the ``Host`` header it
    would send where that names another place (httpx sends ``good.com:0`` and
    connects to port 80); the other parts are its parser's, as it gives them.  No
    password is kept: ``password_set`` says whether there is one."""

    name: str
    """The reader's id in the table, e.g. ``urllib3``."""
    label: str
    """For people, e.g. ``urllib3`` or ``curl (libcurl URL API)``."""
    version: str | None = None
    """The library's version, when it could be loaded."""
    scheme: str | None = None
    user: str | None = None
    password_set: bool = False
    host: str | None = None
    port: int | None = None
    written_port: int | None = None
    path: str | None = None
    query: str | None = None
    fragment: str | None = None
    refusal: str | None = None
    """Why the library refuses the text: its exception, ``Class: message``
    (``LocationParseError: Failed to parse: 'a..b', label empty or too long``)."""
    missing: str | None = None
    """Why the library could not be asked (``urllib3 is not installed``)."""
    host_header: str | None = None
    """The ``Host`` header it would send, only where that names another host or port
    than the one it connects to; None otherwise."""
    fetches: frozenset[str] = frozenset()
    """The schemes the library connects for (its row's: :attr:`Reader.fetches`)."""
    reference: str = ""
    """The library's function that reads the URL, for a finding's citation (its
    row's)."""

    @property
    def ok(self) -> bool:
        """The library connects (it is neither missing nor refusing the text)."""
        return self.refusal is None and self.missing is None

    @property
    def titled(self) -> str:
        """The label with the version, the library named once: ``urllib3 2.8.0``
        (version ``urllib3 2.8.0``), ``Python's urllib.parse (Python 3.11.7)``, ``curl
        (libcurl 7.88.1 URL API)`` (not ``curl (libcurl URL API) (libcurl 7.88.1)``); the
        label alone when no version is known."""
        if not self.version:
            return self.label
        first, _, number = self.version.partition(" ")
        name, paren, inside = self.label.partition(" (")
        if not paren or not inside.endswith(")"):
            if number and self.label.endswith(first):  # urllib3 + "urllib3 2.8.0"
                return f"{self.label} {number}"
            return f"{self.label} ({self.version})"
        inside = inside[:-1]
        words = inside.split(" ")
        if number and first in words:  # the version names the library the label names
            words[words.index(first)] = self.version
            return f"{name} ({' '.join(words)})"
        return f"{name} ({inside}, {self.version})"

    @property
    def where(self) -> str:
        """``host:port`` as a person reads it (the host may be empty or absent), and
        the ``Host`` header where it names another place: ``good.com:80 (sending
        Host: good.com:0)``."""
        if self.host is None:
            return "no host"
        host = self.host or "an empty host"
        if self.port is not None:
            bare = ":" in host and not host.startswith("[")  # (urllib gives no brackets)
            host = f"[{host}]:{self.port}" if bare and _is_ipv6(host) else f"{host}:{self.port}"
        if self.host_header is not None:
            host += f" (sending Host: {self.host_header})"
        return host

    @property
    def outcome(self) -> str:
        """The reading in a few words: ``connects to good.com:80``, ``refuses:
        LocationParseError: ...`` or ``not installed: ...``."""
        if self.missing is not None:
            return f"not installed: {self.missing}"
        if self.refusal is not None:
            return f"refuses: {self.refusal}"
        return f"connects to {self.where}"

    def to_dict(self) -> dict[str, object]:
        """The JSON form (docs/json.md, ``readers``)."""
        data: dict[str, object] = {"name": self.name, "label": self.label, "version": self.version}
        if self.missing is not None:
            data["missing"] = self.missing
        elif self.refusal is not None:
            data["refuses"] = self.refusal
        else:
            data.update(
                scheme=self.scheme,
                user=self.user,
                password_set=self.password_set,
                host=self.host,
                port=self.port,
                written_port=self.written_port,
                host_header=self.host_header,
                path=self.path,
                query=self.query,
                fragment=self.fragment,
            )
        return data


def _is_ipv6(host: str) -> bool:
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        return False
    return True


def _password_colon(userinfo: str) -> int:
    """Where the password of *userinfo* begins (its ``:``), or -1: the first ``:``
    that is not inside a leading bracketed IP literal (``[::1]@evil.com`` holds a
    user name that looks like an address, and no password)."""
    if userinfo.startswith("["):
        end = userinfo.find("]")
        inside = userinfo[1:end]
        if end > 0 and (_is_ipv6(inside) or inside[:1] in ("v", "V")):
            return userinfo.find(":", end)
    return userinfo.find(":")


def mask_userinfo(host: str) -> str:
    """*host* with the password of any userinfo it holds masked (a library that
    leaves the userinfo in the host it connects to, an edition that reads a whole
    authority as a name); a user name alone, bracketed or not, is shown whole."""
    userinfo, at, rest = host.rpartition("@")
    colon = _password_colon(userinfo) if at else -1
    return f"{userinfo[:colon]}:{PASSWORD_MASK}@{rest}" if colon >= 0 else host


def differs_from(host_header: str | None, host: str | None, port: int | None) -> bool:
    """Whether a ``Host`` header names another place than *host* and *port*: another
    host (case, a final dot and an IPv6 zone aside) or a port written that is not
    *port*."""
    if host_header is None or host is None:
        return False
    name, colon, written = host_header.rpartition(":")
    if not colon or "]" in written or not written.isdigit():
        name, written = host_header, ""
    mine = host.strip("[]")
    if ":" in mine:  # an IPv6 address: its zone is sent in no Host header
        mine = mine.partition("%")[0]
    same_host = name.strip("[]").rstrip(".").lower() == mine.rstrip(".").lower()
    return not same_host or (written != "" and int(written) != port)


class Reader(NamedTuple):
    """One row of the readers' table (:data:`urlinspector.readers.READERS`)."""

    name: str
    label: str
    parts: Callable[[str], Parts]
    """The library's reading of a text; raises the library's own exception (or a
    :class:`ReaderError`) when the library refuses it, :class:`ReaderMissing` when it
    cannot be loaded."""
    version: Callable[[], str]
    """The library's version (raises :class:`ReaderMissing` like ``parts``)."""
    fetches: frozenset[str]
    """The schemes the library connects for: only there is its host compared with
    the browsers'."""
    reference: str
    """The library's function that reads the URL, for a finding's citation."""

    def read(self, text: str) -> ReaderReading:
        """The library's reading of *text*; never raises."""
        try:
            version = self.version()
        except ReaderMissing as exc:
            return ReaderReading(
                self.name,
                self.label,
                missing=str(exc),
                fetches=self.fetches,
                reference=self.reference,
            )
        try:
            p = self.parts(text)
        except ReaderMissing as exc:
            return ReaderReading(
                self.name,
                self.label,
                version,
                missing=str(exc),
                fetches=self.fetches,
                reference=self.reference,
            )
        except ReaderError as exc:
            refusal = _masked(str(exc), text)
            return ReaderReading(
                self.name,
                self.label,
                version,
                refusal=refusal,
                fetches=self.fetches,
                reference=self.reference,
            )
        except Exception as exc:  # any library's own failure is its answer
            # (the libraries raise their own classes: httpx.InvalidURL, urllib3's
            # LocationParseError, http.client's InvalidURL, UnicodeError ...)
            refusal = _masked(_said(exc), text)
            return ReaderReading(
                self.name,
                self.label,
                version,
                refusal=refusal,
                fetches=self.fetches,
                reference=self.reference,
            )
        header = p.host_header if differs_from(p.host_header, p.host, p.port) else None
        return ReaderReading(
            self.name,
            self.label,
            version,
            p.scheme,
            p.user,
            p.password is not None,
            None if p.host is None else mask_userinfo(p.host),
            p.port,
            p.written_port,
            p.path,
            p.query,
            p.fragment,
            host_header=None if header is None else mask_userinfo(header),
            fetches=self.fetches,
            reference=self.reference,
        )


_USERINFO = re.compile(r"^[^:/?#]*:(?://|[/\\]*)([^/?#]*)@")
"""The userinfo as the libraries split it: after the scheme and any slashes (or
backslashes, as browsers read a special URL's), up to the authority's last ``@``."""


def _masked(message: str, text: str) -> str:
    """*message* with the password of *text* masked (libraries quote the URL, or
    the part they stumbled on, in their errors)."""
    found = _USERINFO.search(text)
    if found is None:
        return message
    userinfo = found.group(1)
    colon = _password_colon(userinfo)
    password = userinfo[colon + 1 :] if colon >= 0 else ""
    # as written, and percent-decoded (urlopen decodes the authority)
    # (the password ends at the last "@" for most libraries, at the first for some)
    secrets = {password, password.partition("@")[0]}
    secrets |= {secret.removesuffix("]") for secret in secrets}  # (quoted from inside [...])
    secrets |= {unquote(secret) for secret in secrets}
    secrets |= {secret.replace("\\", "\\\\") for secret in secrets}  # (as repr quotes it)
    for secret in sorted(secrets - {""}, key=len, reverse=True):
        # where the message quotes the userinfo: after a delimiter, before its "@" or
        # the quote that ends it
        pattern = rf"(?:(?<=[:'\"\s/\\])|^){re.escape(secret)}(?=[@'\"])"
        message = re.sub(pattern, PASSWORD_MASK, message)
    return message


def _said(exc: BaseException) -> str:
    """What an exception says, with its class: ``InvalidURL: Invalid port: '99999'``."""
    message = str(exc) or "(no message)"
    return f"{type(exc).__name__}: {message}"
