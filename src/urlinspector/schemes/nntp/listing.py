"""Group lists (LIST ACTIVE, LIST NEWSGROUPS) and overviews (OVER, XOVER, HEAD).

LIST ACTIVE lines are ``group high low status`` (RFC 3977 §7.6.3); LIST NEWSGROUPS
lines are ``group description`` (§7.6.6).  An overview line is the article number and
the fields Subject, From, Date, Message-ID, References, :bytes and :lines separated by
TABs, then any extra fields (RFC 3977 §8.3.2, §8.4; XOVER in RFC 2980 §2.8 has the
same order).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from urlinspector.schemes.nntp.article import (
    Header,
    decode_header_value,
    parse_date,
    split_message_ids,
)
from urlinspector.schemes.nntp.url import group_url, message_id_url
from urlinspector.schemes.numbers import ascii_decimal

__all__ = [
    "GroupInfo",
    "GroupList",
    "GroupStatus",
    "OverviewEntry",
    "OverviewPage",
    "entry_from_headers",
    "parse_active",
    "parse_descriptions",
    "parse_group_status",
    "parse_overview",
]

_STATUS_MEANING = {
    "y": "posting allowed",
    "n": "no posting",
    "m": "moderated",
    "x": "no local posting or feed",
    "j": "articles filed in junk",
}


def _text(raw: bytes) -> str:
    """A name from the server: UTF-8 (RFC 3977 §4.1), undecodable octets kept as
    surrogates so that the name goes back to the server unchanged."""
    return raw.decode("utf-8", "surrogateescape")


def _int(raw: bytes | str) -> int | None:
    return ascii_decimal(raw)


@dataclass(frozen=True, slots=True)
class GroupInfo:
    """One line of the group list."""

    name: str
    high: int | None
    low: int | None
    status: str
    """``y``, ``n``, ``m``, ``x``, ``j`` or ``=other.group`` (RFC 3977 §7.6.3)."""
    description: str | None = None

    @property
    def estimated_count(self) -> int | None:
        """Articles the group may hold (high - low + 1; the active file's estimate)."""
        if self.high is None or self.low is None:
            return None
        return max(0, self.high - self.low + 1)

    @property
    def status_meaning(self) -> str:
        if self.status.startswith("="):
            return f"filed in {self.status[1:]}"
        return _STATUS_MEANING.get(self.status.lower(), self.status or "unknown")

    @property
    def url(self) -> str:
        return group_url(self.name)


@dataclass(frozen=True, slots=True)
class GroupList:
    groups: tuple[GroupInfo, ...]
    """Sorted by name."""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GroupStatus:
    """The answer to GROUP: ``211 number low high group`` (RFC 3977 §6.1.1)."""

    name: str
    count: int
    """The server's estimate of the articles in the group."""
    low: int
    high: int

    @property
    def empty(self) -> bool:
        return self.count == 0 or self.high < self.low


@dataclass(frozen=True, slots=True)
class OverviewEntry:
    """One article of an overview."""

    number: int
    subject: str
    author: str
    """``From``."""
    date: str
    message_id: str
    references: tuple[str, ...]
    size: int | None
    """``:bytes``."""
    lines: int | None
    """``:lines``."""
    extra: tuple[str, ...] = ()
    """Fields after the seventh, as sent (e.g. ``Xref: ...``)."""

    @property
    def when(self) -> datetime | None:
        return parse_date(self.date)

    @property
    def url(self) -> str | None:
        """The article's news: URL, from its message-id."""
        return message_id_url(self.message_id)


@dataclass(frozen=True, slots=True)
class OverviewPage:
    """Part of a group's overview: the articles numbered :attr:`first` to
    :attr:`last`, newest first.  Ask for :attr:`next_before` to get the older ones."""

    group: GroupStatus
    first: int
    last: int
    entries: tuple[OverviewEntry, ...]
    next_before: int | None
    """Pass as ``before`` for the next page (older articles); None when this is the
    oldest."""
    method: str
    """How the overview was read: ``OVER``, ``XOVER``, ``HEAD`` (one per article) or
    ``""`` when the page is empty."""
    notes: tuple[str, ...] = ()

    @property
    def group_name(self) -> str:
        return self.group.name


def parse_group_status(text: str, asked: str) -> GroupStatus | None:
    """The fields of a 211 status line's text, or None when they are not numbers."""
    fields = text.split()
    if len(fields) < 3:
        return None
    count, low, high = (_int(field) for field in fields[:3])
    if count is None or low is None or high is None:
        return None
    name = fields[3] if len(fields) > 3 else asked
    return GroupStatus(name, count, low, high)


def parse_active(lines: Iterable[bytes]) -> list[GroupInfo]:
    """LIST ACTIVE (or RFC 977 LIST) lines: ``group high low status``."""
    groups = []
    for line in lines:
        fields = line.split()
        if not fields:
            continue
        high = _int(fields[1]) if len(fields) > 1 else None
        low = _int(fields[2]) if len(fields) > 2 else None
        status = _text(fields[3]) if len(fields) > 3 else ""
        groups.append(GroupInfo(_text(fields[0]), high, low, status))
    return groups


def parse_descriptions(lines: Iterable[bytes], fallback: str = "utf-8") -> dict[str, str]:
    """LIST NEWSGROUPS lines: ``group`` white space ``description``."""
    out: dict[str, str] = {}
    for line in lines:
        fields = line.split(None, 1)
        if fields:
            description = fields[1] if len(fields) > 1 else b""
            out[_text(fields[0])] = decode_header_value(description, fallback)
    return out


def join_descriptions(groups: Sequence[GroupInfo], descriptions: Mapping[str, str]) -> GroupList:
    return GroupList(
        tuple(
            sorted(
                (
                    GroupInfo(g.name, g.high, g.low, g.status, descriptions.get(g.name))
                    for g in groups
                ),
                key=lambda g: g.name,
            )
        )
    )


def parse_overview(
    lines: Iterable[bytes], fallback: str = "utf-8"
) -> tuple[list[OverviewEntry], int]:
    """Overview lines as entries, and how many lines were not overview lines."""
    entries = []
    skipped = 0
    for line in lines:
        fields = line.split(b"\t")
        number = _int(fields[0])
        if number is None:
            skipped += 1
            continue
        fields += [b""] * (8 - len(fields))
        entries.append(
            OverviewEntry(
                number=number,
                subject=decode_header_value(fields[1], fallback),
                author=decode_header_value(fields[2], fallback),
                date=decode_header_value(fields[3], fallback),
                message_id=fields[4].strip().decode("utf-8", "replace"),
                references=split_message_ids(fields[5].decode("utf-8", "replace")),
                size=_int(fields[6]),
                lines=_int(fields[7]),
                extra=tuple(f.decode("utf-8", "replace") for f in fields[8:]),
            )
        )
    return entries, skipped


def entry_from_headers(number: int, headers: Sequence[Header]) -> OverviewEntry:
    """An overview entry built from an article's header fields (the HEAD fallback)."""
    by_name: dict[str, str] = {}
    for header in headers:
        by_name.setdefault(header.name.lower(), header.value)
    return OverviewEntry(
        number=number,
        subject=by_name.get("subject", ""),
        author=by_name.get("from", ""),
        date=by_name.get("date", ""),
        message_id=by_name.get("message-id", ""),
        references=split_message_ids(by_name.get("references", "")),
        size=_int(by_name.get("bytes", "")),
        lines=_int(by_name.get("lines", "")),
    )
