"""ftp (RFC 1738 §3.2): the cwd segments, the file name and the ``;type=`` typecode."""

from __future__ import annotations

import re
from typing import Final, Literal, NamedTuple

from urlinspector.core._raw import PASSWORD, USER, USERINFO, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
from urlinspector.core.specific.common import (
    _NO_DIAGNOSTICS,
    _R_SLASH,
    SchemeResult,
    _decoded,
    _diag,
    _octets,
    _show,
    _stray,
    _url_path,
)

_R_FTP_CWD: Final = "fsegment (cwd), RFC 1738 §3.2.2 / §5"
_R_FTP_NAME: Final = "fsegment (name), RFC 1738 §3.2.2 / §5"
_R_FTP_SLASH: Final = 'fpath = fsegment *[ "/" fsegment ], RFC 1738 §5'
_R_FTP_TYPE_SEP: Final = '";type=", RFC 1738 §3.2.3 / §5'
_R_FTP_TYPE: Final = "ftptype, RFC 1738 §3.2.2 / §5"
_FTP_TYPE: Final = re.compile(r";type=([^;/]*)\Z", re.IGNORECASE)

FtpTypecode = Literal["a", "i", "d"]
"""``ftptype = "A" | "I" | "D" | "a" | "i" | "d"`` (RFC 1738 §5), in lower case: ASCII,
image (binary) or a directory listing (RFC 1738 §3.2.2)."""

_TYPECODES: Final[dict[str, FtpTypecode]] = {
    "a": "a",
    "A": "a",
    "i": "i",
    "I": "i",
    "d": "d",
    "D": "d",
}
"""The ftptype as written -> its typecode; anything else is ``ftp-typecode-invalid``."""


class FtpFields(NamedTuple):
    """What an ftp URL's own syntax holds (RFC 1738 §3.2), decoded."""

    user: bytes | None
    """The user name, decoded; None without a userinfo (anonymous, RFC 1738 §3.2.1)."""
    password: bytes | None
    """The password, decoded; None when none is written."""
    cwd: tuple[bytes, ...]
    """The fsegments before the name, one CWD each, decoded one by one (a ``%2F`` stays
    inside its segment; RFC 1738 §3.2.2)."""
    name: bytes | None
    """The last fsegment (empty for a directory URL ending in "/"); None without a
    url-path."""
    typecode: FtpTypecode | None
    """The ``;type=`` typecode, or None when there is none or it is invalid."""


def _ftp(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[FtpFields]:
    """``ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`` (RFC 1738 §5)."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    cwd: tuple[bytes, ...] = ()
    name: bytes | None = None
    typecode: FtpTypecode | None = None
    slash, u0, u1 = _url_path(text, spans, True)  # fsegment holds "?"
    if slash < 0:
        if u0 >= 0:
            diags.append(_stray(text, u0, u1, "url-path"))
    else:
        parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
        f1 = u1  # end of fpath
        # ";type=" ftptype ends the fpath; ftptype holds no ";" or "/", so only the
        # last ";" can start it
        last = text.rfind(";", u0, u1)
        m = _FTP_TYPE.match(text, last, u1) if last >= 0 else None
        if m is not None:
            f1 = last
        # the fsegments: cwd1 / cwd2 / ... / name (RFC 1738 §3.2.2); each decoded on its own,
        # so "%2F" stays inside its argument
        fpath = text[u0:f1]
        segments = fpath.split("/")
        raw = segments.pop()  # (the last fsegment is the name)
        pos = u0
        for segment in segments:
            bar = pos + len(segment)
            parts.append(("cwd", (pos, bar), segment, "ftp-cwd", _R_FTP_CWD))
            parts.append(("/", (bar, bar + 1), "/", "separator", _R_FTP_SLASH))
            pos = bar + 1
        parts.append(("name", (pos, f1), raw, "ftp-name", _R_FTP_NAME))
        cwd = tuple([_octets(segment) for segment in segments])
        name = _octets(raw)
        semi = text.find(";", u0, f1) if last >= 0 else -1
        if semi >= 0:
            diags.append(
                _diag(
                    "ftp-semicolon-unescaped",
                    "warning",
                    semi,
                    semi + 1,
                    "';' is reserved in an ftp path and may only start ';type='; "
                    "write %3B for a ';' inside a name",
                    "RFC 1738 §3.2.2",
                )
            )
        if m is not None:
            t0, t1 = m.span(1)
            parts.append((";type=", (last, t0), text[last:t0], "separator", _R_FTP_TYPE_SEP))
            raw = text[t0:t1]
            parts.append(("typecode", (t0, t1), raw, "ftp-typecode", _R_FTP_TYPE))
            typecode = _TYPECODES.get(raw)
            if typecode is None:
                diags.append(
                    _diag(
                        "ftp-typecode-invalid",
                        "error",
                        last,
                        t1,
                        f"the typecode {_show(raw)} must be one letter: a (ASCII), "
                        "i (image, binary) or d (directory listing)",
                        "RFC 1738 §3.2.2 / §5 (ftptype)",
                    )
                )
    user = password = None
    if spans[USERINFO][0] >= 0:
        user = _decoded(text, spans[USER])
        password = _decoded(text, spans[PASSWORD])
    fields = FtpFields(user, password, cwd, name, typecode)
    return tuple(parts), fields, tuple(diags) if diags else _NO_DIAGNOSTICS
