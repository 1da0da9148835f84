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
from urlinspector.core.specific import FileFields
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
    fields = url.scheme_fields
    if not isinstance(fields, FileFields):
        raise LocalProtocolError(f"{quoted(url.text)} is not a file URL")
    if not fields.local:
        raise LocalProtocolError(
            f"the file URL names the host {quoted(fields.host or '')}: RFC 1738 §3.10 gives no "
            "protocol to reach another machine's files, so only this machine's (no host, or "
            "localhost) are read"
        )
    octets = fields.path or b""
    if b"\x00" in octets:
        raise LocalProtocolError("the file URL's path holds a NUL (%00): no file has that name")
    path = PurePosixPath(os.fsdecode(b"/" + octets))
    return FileTarget(url.text, path, url.text.endswith("/"))


def file_url(path: PurePosixPath | str, is_dir: bool = False) -> str:
    """The file URL of the absolute *path* (``/`` at the end for a folder)."""
    parts = [quote_fsegment(os.fsencode(p)) for p in PurePosixPath(path).parts[1:]]
    return "file:///" + "/".join(parts) + ("/" if is_dir and parts else "")
