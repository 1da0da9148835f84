"""What :func:`~urlinspector.net.ftp.fetch` gives back, and the callbacks its session
holds."""

from __future__ import annotations

from typing import NamedTuple

from urlinspector.net.ftp.tls import TLSInfo
from urlinspector.net.session import PasswordCallback
from urlinspector.net.session import Progress as ProgressCallback
from urlinspector.schemes.ftp.listing import Listing
from urlinspector.schemes.ftp.transcript import TranscriptLine
from urlinspector.schemes.ftp.url import Plan

__all__ = ["FTPResult", "PasswordCallback", "ProgressCallback"]


class FTPResult(NamedTuple):
    """What an ftp URL gave: a listing or a file, and how it went."""

    plan: Plan
    listing: Listing | None
    """The directory listing, when the URL named a directory (or typecode d)."""
    data: bytes | None
    """The file, with the memory sink (None for a listing, or when streamed)."""
    received: int
    """Bytes of the file (or listing) received on the data connection."""
    kept: int
    """Bytes of the file kept (in :attr:`data`, or written to the sink): as received,
    but for an ASCII transfer whose CRLF line ends were made the local ones."""
    total: int | None
    """The file's size from SIZE (RFC 3659 §4), when the server told it."""
    transfer_type: str | None
    """``A`` or ``I``: the TYPE the file came in (A: its CRLF line ends made the local
    ones, except in a :class:`~urlinspector.net.sink.Raw` stream)."""
    notes: tuple[str, ...]
    transcript: tuple[TranscriptLine, ...]
    tls: TLSInfo | None = None
    """How the connections were protected (RFC 4217), with the server's certificate;
    None when they were plain."""

    @property
    def is_listing(self) -> bool:
        return self.listing is not None
