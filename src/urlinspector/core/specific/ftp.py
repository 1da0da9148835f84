"""ftp (RFC 1738 §3.2): the cwd segments, the file name and the ``;type=`` typecode."""

from __future__ import annotations

import re
from typing import Final, Literal, NamedTuple

from urlinspector.core._regs import PASSWORD, USER, USERINFO, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import NEW_RECORD, Diagnostic, Part
from urlinspector.core.specific.common import (
    _NO_DIAGNOSTICS,
    _R_SLASH,
    SchemeResult,
    _decoded,
    _diag,
    _octets,
    _part,
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


def ftp_fields(
    *,
    user: bytes | None,
    password: bytes | None,
    cwd: tuple[bytes, ...],
    name: bytes | None,
    typecode: FtpTypecode | None,
) -> FtpFields:
    """``FtpFields(user=..., ...)``, built as quickly as a tuple (see
    :data:`.model.NEW_RECORD`)."""
    return NEW_RECORD(FtpFields, (user, password, cwd, name, typecode))


def _ftp(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[FtpFields]:
    """``ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`` (RFC 1738 §5)."""
    diags: list[Diagnostic] = []
    parts: list[Part] = []
    cwd: tuple[bytes, ...] = ()
    name: bytes | None = None
    typecode: FtpTypecode | None = None
    slash, u0, u1 = _url_path(text, spans, True)  # fsegment holds "?"
    if slash < 0:
        if u0 >= 0:
            diags.append(_stray(text, u0, u1, "url-path"))
    else:
        parts.append(_part(name="/", span=(slash, u0), text="/", role="separator", rule=_R_SLASH))
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
            parts.append(
                _part(name="cwd", span=(pos, bar), text=segment, role="ftp-cwd", rule=_R_FTP_CWD)
            )
            parts.append(
                _part(name="/", span=(bar, bar + 1), text="/", role="separator", rule=_R_FTP_SLASH)
            )
            pos = bar + 1
        parts.append(
            _part(name="name", span=(pos, f1), text=raw, role="ftp-name", rule=_R_FTP_NAME)
        )
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
            parts.append(
                _part(
                    name=";type=",
                    span=(last, t0),
                    text=text[last:t0],
                    role="separator",
                    rule=_R_FTP_TYPE_SEP,
                )
            )
            raw = text[t0:t1]
            parts.append(
                _part(
                    name="typecode", span=(t0, t1), text=raw, role="ftp-typecode", rule=_R_FTP_TYPE
                )
            )
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
    fields = ftp_fields(user=user, password=password, cwd=cwd, name=name, typecode=typecode)
    return tuple(parts), fields, tuple(diags) if diags else _NO_DIAGNOSTICS
