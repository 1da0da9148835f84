"""The local path a file URL names, and back (RFC 1738 §3.10).

``file://host/path``: RFC 1738 gives no protocol to reach another machine's files, so
only this machine's (no host, or ``localhost``) are read; another host is refused before
anything is opened.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import PurePosixPath

from urlinspector.core import URL
from urlinspector.core.quoting import quoted
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.ftp.url import quote_fsegment

__all__ = ["FileTarget", "file_target", "file_url"]


@dataclass(frozen=True)
class FileTarget:
    """What a file URL asks for: a path on this machine."""

    url: str
    path: PurePosixPath
    """The path, decoded from its octets as the file system does (``os.fsdecode``)."""
    is_dir_url: bool
    """The URL ends in ``/`` (a folder is expected)."""


def file_target(url: URL) -> FileTarget:
    """The local path *url* names (RFC 1738 §3.10); raises
    :class:`~urlinspector.schemes.errors.LocalProtocolError` for another host's file or
    a URL that is not a file URL."""
    parsed = url
    specific = parsed.specific
    if (parsed.scheme or "").lower() != "file" or specific is None:
        raise LocalProtocolError(f"{quoted(parsed.text)} is not a file URL")
    host = str(specific.fields.get("host") or "")
    if not specific.fields.get("local"):
        raise LocalProtocolError(
            f"the file URL names the host {quoted(host)}: RFC 1738 §3.10 gives no protocol to "
            "reach another machine's files, so only this machine's (no host, or localhost) are read"
        )
    raw = specific.fields.get("path")
    octets = bytes(raw) if isinstance(raw, bytes | bytearray) else b""
    if b"\x00" in octets:
        raise LocalProtocolError("the file URL's path holds a NUL (%00): no file has that name")
    path = PurePosixPath(os.fsdecode(b"/" + octets))
    return FileTarget(parsed.text, path, parsed.text.endswith("/"))


def file_url(path: PurePosixPath | str, is_dir: bool = False) -> str:
    """The file URL of the absolute *path* (``/`` at the end for a folder)."""
    parts = [quote_fsegment(os.fsencode(p)) for p in PurePosixPath(path).parts[1:]]
    return "file:///" + "/".join(parts) + ("/" if is_dir and parts else "")
