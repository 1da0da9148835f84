"""prospero (RFC 1738 §3.11; URL draft 1993 "Prospero"): the hsoname, its fields and the 1993
draft's version after ``%00``."""

from __future__ import annotations

from typing import Final, NamedTuple

from urlinspector.core._raw import AUTHORITY, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
from urlinspector.core.specific.common import (
    _PROSPERO_VERSION_004,
    _R_SLASH,
    RULES_1738,
    SCHEME_RULES,
    SchemeResult,
    _diag,
    _octets,
    _show,
    _stray,
    _text,
    _url_path,
)

_R_HSONAME: Final = "hsoname (ppath), RFC 1738 §3.11 / §5"
_R_PVERSION_SEP: Final = '"%00", URL draft 1993 (Prospero; BNF: prosperolink)'
_R_PVERSION: Final = "version, URL draft 1993 (Prospero; BNF: prosperolink)"
_R_FIELD_SEP: Final = 'fieldspec = ";" fieldname "=" fieldvalue, RFC 1738 §3.11 / §5'
_R_FIELD: Final = "fieldspec, RFC 1738 §3.11 / §5"


class ProsperoFields(NamedTuple):
    """What a prospero URL's own syntax holds (RFC 1738 §3.11; URL draft 1993)."""

    hsoname: bytes | None
    """The host-specific object name, decoded; None when the URL has none."""
    version: str | None
    """The version after ``%00`` (URL draft 1993), decoded; None when there is none."""
    fieldspecs: tuple[tuple[str, str], ...]
    """The ``;name=value`` fieldspecs, each name and value decoded, in order."""


_NO_PROSPERO_FIELDS: Final = ProsperoFields(hsoname=None, version=None, fieldspecs=())


def _prospero(
    text: str, scheme: str, spans: Regs, edition: Edition
) -> SchemeResult[ProsperoFields]:
    """``prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`` (RFC 1738 §5);
    URL draft 1993: ``prospero://hostport/hsoname [%00 version [attributes]]``."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    slash, u0, u1 = _url_path(text, spans, True)  # psegment holds "?"
    if slash < 0:
        if u0 >= 0:
            diags.append(_stray(text, u0, u1, "hsoname"))
        elif spans[AUTHORITY][0] >= 0:
            a1 = spans[AUTHORITY][1]
            diags.append(
                _diag(
                    "prospero-hsoname-missing",
                    "error",
                    a1,
                    a1,
                    "a prospero URL needs '/' and the host-specific object name after the host",
                    "RFC 1738 §3.11 / §5",
                )
            )
        return tuple(parts), _NO_PROSPERO_FIELDS, tuple(diags)
    parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
    semi = text.find(";", u0, u1)
    n1 = u1 if semi < 0 else semi
    nul = text.find("%00", u0, n1)
    h1 = n1 if nul < 0 else nul
    raw = text[u0:h1]
    parts.append(("hsoname", (u0, h1), raw, "hsoname", _R_HSONAME))
    hsoname = _octets(raw)
    version: str | None = None
    if nul >= 0:
        written = text[nul + 3 : n1]
        parts.append(("%00", (nul, nul + 3), "%00", "separator", _R_PVERSION_SEP))
        parts.append(("version", (nul + 3, n1), written, "prospero-version", _R_PVERSION))
        version = _text(written)
        if not SCHEME_RULES.get(edition.id, RULES_1738).prospero_version:
            diags.append(
                _diag(
                    "prospero-version-dropped",
                    "info",
                    nul,
                    n1,
                    "'%00' and a version come from the 1993 draft; RFC 1738 dropped them, "
                    "so a server may read them as part of the hsoname (use "
                    ";OBJECT-VERSION=)",
                    "URL draft 1993 (Prospero); RFC 1738 §3.11",
                )
            )
        elif _PROSPERO_VERSION_004.match(written) is None:
            diags.append(
                _diag(
                    "prospero-version-invalid",
                    "warning",
                    nul + 3,
                    n1,
                    f"the version {_show(written)} should be digits (optionally followed "
                    "by letters and digits naming attributes)",
                    "URL draft 1993 (BNF: prosperolink, version = digits)",
                )
            )
    specs: list[tuple[str, str]] = []
    pos = semi
    while pos >= 0:
        nxt = text.find(";", pos + 1, u1)
        f1 = u1 if nxt < 0 else nxt
        parts.append((";", (pos, pos + 1), ";", "separator", _R_FIELD_SEP))
        raw = text[pos + 1 : f1]
        parts.append(("fieldspec", (pos + 1, f1), raw, "prospero-field", _R_FIELD))
        fname, eq, value = raw.partition("=")
        specs.append((_text(fname), _text(value)))
        if not eq or not fname:
            diags.append(
                _diag(
                    "prospero-fieldspec-invalid",
                    "warning",
                    pos,
                    f1,
                    f"the field {_show(raw)} should read ;name=value",
                    "RFC 1738 §3.11 / §5 (fieldspec)",
                )
            )
        pos = nxt
    fieldspecs = tuple(specs)
    fields = ProsperoFields(hsoname, version, fieldspecs)
    return tuple(parts), fields, tuple(diags)
