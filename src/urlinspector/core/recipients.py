"""Who received a wrapped link: the parameters mail gateways write into each link they
rewrite to say whose mailbox it was rewritten for.

Microsoft Safe Links rewrites every link for each recipient (its ``data`` parameter
holds the recipient's address and the tenant's id), Proofpoint URL Defense writes a
recipient identifier into each link (``r`` in its v1 and v2 links, a token after the
organization's id in v3), so that their services can tell whose click it was.  A
wrapped link forwarded, pasted into a ticket or published keeps them: whoever opens it
learns who received it, and the service ties their click to that person.

Each wrapper's fields are the ``recipients`` column of its row in
:data:`urlinspector.core.wrappers.WRAPPERS`; this module holds the records and how
each field is found in a link (:func:`locate`), with its span, so that a copy of the
link can drop it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

from urlinspector.core.model import Span
from urlinspector.core.query import query_params
from urlinspector.core.url import URL

__all__ = [
    "Located",
    "RecipientField",
    "RecipientIdentifier",
    "locate",
    "proofpoint_v3_token",
    "recipient_parameter",
    "safe_links_data",
]

Reading = Callable[[str], tuple[str | None, str | None] | None]
"""What a field's value says: ``(the recipient's address, the tenant's id)``, each
None when the value does not say it; None when the value identifies nobody."""


def _opaque(value: str) -> tuple[str | None, str | None] | None:
    return (None, None) if value else None


@dataclass(frozen=True, slots=True)
class RecipientField:
    """One place in a wrapper's links that identifies who received the link."""

    parameter: str
    """The query parameter's name, or for a ``path`` field what the piece is called
    (``the token after !ORG!``)."""
    holds: str
    """What it holds, for people: ``the recipient's address and the tenant's id``."""
    reference: str
    """Where that is documented or shown, with the addresses (the finding cites it)."""
    kind: Literal["parameter", "path"] = "parameter"
    read: Reading = _opaque
    pattern: str = ""
    """For a ``path`` field: a regular expression whose group ``token`` is the piece,
    searched in the path, query and fragment of the link as written."""


@dataclass(frozen=True, slots=True)
class RecipientIdentifier:
    """A recipient identifier found in a wrapped link."""

    wrapper: str
    parameter: str
    holds: str
    value: str
    """The value as the link holds it, decoded."""
    address: str | None
    """The recipient's mail address, when the value holds it."""
    tenant: str | None
    """The organization's (Microsoft 365 tenant's) id, when the value holds it."""
    reference: str
    kind: Literal["parameter", "path"] = "parameter"

    @property
    def where(self) -> str:
        """For people: ``the data parameter``, ``the token after !ORG!``."""
        return f"the {self.parameter} parameter" if self.kind == "parameter" else self.parameter

    def to_dict(self) -> dict[str, object]:
        return {
            "wrapper": self.wrapper,
            "kind": self.kind,
            "parameter": self.parameter,
            "holds": self.holds,
            "value": self.value,
            "address": self.address,
            "tenant": self.tenant,
            "reference": self.reference,
        }


@dataclass(frozen=True, slots=True)
class Located:
    """A recipient identifier and where it is in the link's text: the span of the
    query piece (``data=...``) or of the path's token."""

    identifier: RecipientIdentifier
    span: Span
    kind: Literal["parameter", "path"]


# --- what the values say ------------------------------------------------------------------

_GUID = re.compile(r"[0-9a-fA-F]{32}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")


def safe_links_data(value: str) -> tuple[str | None, str | None] | None:
    """Safe Links' ``data``: ``|``-separated fields, the first two a version, the third
    the recipient's address (empty when the link was rewritten for no one mailbox), the
    fourth an id and the fifth the tenant's id, a GUID written without hyphens
    (``72f988bf86f141af91ab2d7cd011db47`` in every link rewritten for a Microsoft
    employee); a value of the version alone identifies nobody."""
    fields = value.split("|")
    if not any(fields[2:]):
        return None
    address = fields[2] if len(fields) > 2 and "@" in fields[2] else None
    tenant = fields[4] if len(fields) > 4 and _GUID.fullmatch(fields[4]) else None
    return address, tenant


# --- the fields -----------------------------------------------------------------------------


def recipient_parameter(
    name: str, holds: str, reference: str, read: Reading = _opaque
) -> RecipientField:
    """A query parameter of the wrapper's links that identifies the recipient."""
    return RecipientField(parameter=name, holds=holds, reference=reference, read=read)


def proofpoint_v3_token(holds: str, reference: str) -> RecipientField:
    """Proofpoint v3: ``/v3/__URL__;BYTES!!ORG!TOKEN$``: the token after the
    organization's id (the last ``!``-separated piece before ``$``)."""
    return RecipientField(
        parameter="the token after !ORG!",
        holds=holds,
        reference=reference,
        kind="path",
        pattern=r"/v3/__.+?__;[^!$]*!(?:[^!$]*!)*(?P<token>[^!$]+)\$",
    )


# --- finding them in a link -------------------------------------------------------------


def _key_is(key: str, name: str) -> bool:
    # a link copied from HTML source keeps its "&amp;": the piece then reads
    # "amp;data=..." (the server sees that key), and it still holds the value
    return key == name or key == "amp;" + name


def _parameters(field: RecipientField, url: URL) -> list[tuple[Span, str]]:
    return [
        (p.span, p.value)
        for p in query_params(url) or ()
        if p.value is not None and _key_is(p.key, field.parameter)
    ]


def _path_piece(field: RecipientField, url: URL) -> list[tuple[Span, str]]:
    start = url.span("path")
    if start is None:
        return []
    found = re.compile(field.pattern).search(url.text, start[0])
    if found is None:
        return []
    return [(found.span("token"), unquote(found["token"]))]


def locate(wrapper: str, fields: tuple[RecipientField, ...], url: URL) -> tuple[Located, ...]:
    """The recipient identifiers of *fields* (the row of *wrapper*) in the link
    *url*, in the order of the fields."""
    out: list[Located] = []
    for field in fields:
        finder = _parameters if field.kind == "parameter" else _path_piece
        for span, value in finder(field, url):
            said = field.read(value)
            if said is None:
                continue
            address, tenant = said
            identifier = RecipientIdentifier(
                wrapper=wrapper,
                parameter=field.parameter,
                holds=field.holds,
                value=value,
                address=address,
                tenant=tenant,
                reference=field.reference,
                kind=field.kind,
            )
            out.append(Located(identifier=identifier, span=span, kind=field.kind))
    return tuple(out)
