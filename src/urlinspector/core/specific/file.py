"""file (RFC 1738 §3.10; RFC 1738 summary (zh) §5 fileurl): a host and a path on it."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core._raw import AUTHORITY, HOST, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
from urlinspector.core.specific.common import (
    _R_SLASH,
    SchemeResult,
    _diag,
    _octets,
    _opaque,
    _stray,
    _url_path,
)

_R_FILE_PATH: Final = "fpath, RFC 1738 §3.10; RFC 1738 summary (zh) §5 (fileurl)"


class FileFields(NamedTuple):
    """What a file URL's own syntax holds (RFC 1738 §3.10)."""

    host: str | None
    """The host as written (empty in ``file:///``); None without an authority."""
    local: bool
    """Whether the URL names this machine: no host, an empty one or ``localhost``
    (RFC 1738 §3.10)."""
    path: bytes | None
    """The fpath after the "/", decoded; None when there is none."""


def _file(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[FileFields]:
    """``fileurl = "file://" [ host | "localhost" ] "/" fpath`` (RFC 1738 summary (zh) §5)."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    h0, h1 = spans[HOST]
    host = text[h0:h1] if h0 >= 0 else None
    path: bytes | None = None
    if spans[AUTHORITY][0] >= 0:
        slash, u0, u1 = _url_path(text, spans, True)
        if slash >= 0:
            parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
        elif u0 >= 0:
            diags.append(_stray(text, u0, u1, "path"))
            u0 = -1
    else:
        start, u1 = _opaque(spans, True)
        diags.append(
            _diag(
                "file-authority-missing",
                "info",
                start,
                u1,
                "RFC 1738 writes file URLs as file://host/path (file:///path for this machine); "
                "this one has no '//' (RFC 8089 later allowed that form)",
                "RFC 1738 §3.10; RFC 1738 summary (zh) §5 (fileurl)",
            )
        )
        u0 = -1
        if u1 > start and text[start] == "/":
            parts.append(("/", (start, start + 1), "/", "separator", _R_SLASH))
            u0 = start + 1
        elif u1 > start:
            u0 = start
    if u0 >= 0:
        raw = text[u0:u1]
        parts.append(("path", (u0, u1), raw, "file-path", _R_FILE_PATH))
        path = _octets(raw)
    local = host is None or host == "" or host.lower() == "localhost"
    fields = FileFields(host, local, path)
    return tuple(parts), fields, tuple(diags)
