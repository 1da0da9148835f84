"""What one library makes of a URL: the record every reader returns, and the row of
the readers' table that makes one.

A reader runs a library's own parser in process on the text and reads back the parts
it would act on; it never connects, resolves a name or reads a file.  A library that
is not installed (or a shared library that cannot be loaded) gives a reading that
says so in ``missing``; a text the library rejects gives one with the library's own
words in ``error``.  Neither is an exception: :meth:`Reader.read` never raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import unquote

__all__ = ["PASSWORD_MASK", "Parts", "Reader", "ReaderError", "ReaderMissing", "ReaderReading"]

PASSWORD_MASK = "••••"
"""What stands for a password in a reader's host (a library that keeps the userinfo
in the host it connects to)."""


class ReaderError(ValueError):
    """The library rejects the text (its own message, for people)."""


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


@dataclass(frozen=True, slots=True)
class ReaderReading:
    """What one library reads in a URL, or why it reads nothing.

    ``host`` and ``port`` are what the library would connect to (its default port
    for the scheme when none is written); the other parts are its parser's, as it
    gives them.  No password is kept: ``password_set`` says whether there is one."""

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
    error: str | None = None
    """Why the library rejects the text (its own words)."""
    missing: str | None = None
    """Why the library could not be asked (``urllib3 is not installed``)."""

    @property
    def ok(self) -> bool:
        """The library read the text (neither missing nor rejecting it)."""
        return self.error is None and self.missing is None

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
        """``host:port`` as a person reads it (the host may be empty or absent)."""
        if self.host is None:
            return "no host"
        host = self.host or "an empty host"
        return host if self.port is None else f"{host}:{self.port}"

    def to_dict(self) -> dict[str, object]:
        """The JSON form (docs/json.md, ``readers``)."""
        data: dict[str, object] = {"name": self.name, "label": self.label, "version": self.version}
        if self.missing is not None:
            data["missing"] = self.missing
        elif self.error is not None:
            data["error"] = self.error
        else:
            data.update(
                scheme=self.scheme,
                user=self.user,
                password_set=self.password_set,
                host=self.host,
                port=self.port,
                written_port=self.written_port,
                path=self.path,
                query=self.query,
                fragment=self.fragment,
            )
        return data


def mask_userinfo(host: str) -> str:
    """*host* with the password of any userinfo it holds masked (a library that
    leaves the userinfo in the host it connects to)."""
    userinfo, at, rest = host.rpartition("@")
    user, colon, _ = userinfo.partition(":")
    return f"{user}:{PASSWORD_MASK}@{rest}" if at and colon else host


class Reader(NamedTuple):
    """One row of the readers' table."""

    name: str
    label: str
    parts: Callable[[str], Parts]
    """The library's reading of a text; raises :class:`ReaderError` when the library
    rejects it, :class:`ReaderMissing` when it cannot be loaded."""
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
            return ReaderReading(self.name, self.label, missing=str(exc))
        try:
            p = self.parts(text)
        except ReaderMissing as exc:
            return ReaderReading(self.name, self.label, version, missing=str(exc))
        except ReaderError as exc:
            return ReaderReading(self.name, self.label, version, error=_masked(str(exc), text))
        except Exception as exc:  # any library's own failure is its answer
            # (third-party parsers raise their own classes: httpx.InvalidURL,
            # urllib3's LocationParseError, requests' InvalidURL, ValueError ...)
            error = _masked(_said(exc), text)
            return ReaderReading(self.name, self.label, version, error=error)
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
        )


_USERINFO = re.compile(r"//([^/?#]*)@")
"""The userinfo as the libraries split it: up to the authority's last ``@``."""


def _masked(message: str, text: str) -> str:
    """*message* with the password of *text* masked (libraries quote the URL, or
    the part they stumbled on, in their errors)."""
    found = _USERINFO.search(text)
    if found is None:
        return message
    password = found.group(1).partition(":")[2]
    # as written, and percent-decoded (urlopen decodes the authority)
    # (the password ends at the last "@" for most libraries, at the first for some)
    secrets = {password, password.partition("@")[0]}
    secrets |= {unquote(secret) for secret in secrets}
    for secret in sorted(secrets - {""}, key=len, reverse=True):
        message = message.replace(secret, PASSWORD_MASK)
    return message


def _said(exc: BaseException) -> str:
    """What an exception says, with its class: ``InvalidURL: Invalid port: '99999'``."""
    message = str(exc) or "(no message)"
    return f"{type(exc).__name__}: {message}"
