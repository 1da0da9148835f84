"""Directory listings: MLSD (RFC 3659 §7), and the LIST formats servers really send:
Unix ``ls -l``, DOS/Windows (IIS) and EPLF; plus NLST name lists (RFC 1738 §3.2.2).

Each listing becomes :class:`Entry` rows: name, type, size, date and the entry's own
ftp URL (with ``/``, ``;``, ``%``, ``?``, ``#`` and spaces escaped, RFC 1738 §3.2.2).  A line
no parser understands is kept in :attr:`Listing.unparsed`, never dropped silently.

Pure functions over bytes: names stay octets (``raw_name``) so that the URL holds
exactly what the server sent; ``name`` is for display.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Literal, NamedTuple

from urlinspector.schemes.ftp.url import entry_url, readable
from urlinspector.schemes.numbers import ascii_decimal, is_ascii_digits

__all__ = [
    "MONTHS",
    "Entry",
    "EntryType",
    "Format",
    "Listing",
    "detect_format",
    "parse_dos_line",
    "parse_eplf_line",
    "parse_list",
    "parse_listing",
    "parse_mlsd",
    "parse_mlsd_line",
    "parse_nlst",
    "parse_unix_line",
    "split_lines",
]

EntryType = Literal["file", "dir", "link", "other"]
Format = Literal["mlsd", "unix", "dos", "eplf", "nlst"]

MONTHS: dict[str, int] = {
    m: i
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
        start=1,
    )
}


class Entry(NamedTuple):
    """One directory entry."""

    name: str
    """For display: the name decoded (UTF-8, else Latin-1)."""
    raw_name: bytes
    """The name as the server sent it."""
    type: EntryType | None
    """None when the listing does not say (NLST)."""
    size: int | None
    """Bytes, when the listing gives them."""
    date: datetime | None
    """Modification time: aware (UTC) for MLSD and EPLF; naive server-local time for
    ``ls -l`` and DOS listings (they give no zone)."""
    url: str
    """This entry's ftp URL; a directory's ends in "/"."""
    format: Format
    line: str
    """The listing line as received (decoded for display)."""
    target: str | None = None
    """A symbolic link's target, when the listing shows it."""
    facts: tuple[tuple[str, str], ...] = ()
    """MLSD facts (lower-case names) or EPLF facts (one letter each), as sent."""


class Listing(NamedTuple):
    """A parsed directory listing."""

    url: str
    """The URL of the directory listed (ends in "/")."""
    command: str
    """``MLSD``, ``LIST`` or ``NLST``."""
    entries: tuple[Entry, ...]
    unparsed: tuple[str, ...]
    """Lines no parser understood (shown to people as they came)."""
    raw: bytes
    """The listing as received on the data connection."""

    @property
    def formats(self) -> frozenset[Format]:
        return frozenset(e.format for e in self.entries)


# --- lines ---------------------------------------------------------------------------------


def split_lines(data: bytes) -> list[bytes]:
    """Lines ended by CRLF (RFC 959) or a bare LF (many servers); empty lines dropped."""
    lines = []
    for line in data.split(b"\n"):
        if line.endswith(b"\r"):
            line = line[:-1]
        if line.strip():
            lines.append(line)
    return lines


def _entry(
    raw_name: bytes,
    kind: EntryType | None,
    size: int | None,
    date: datetime | None,
    directory_url: str,
    fmt: Format,
    line: bytes,
    charset: str,
    target: bytes | None = None,
    facts: tuple[tuple[str, str], ...] = (),
) -> Entry:
    return Entry(
        name=readable(raw_name, charset),
        raw_name=raw_name,
        type=kind,
        size=size,
        date=date,
        url=entry_url(directory_url, raw_name, kind == "dir"),
        format=fmt,
        line=readable(line, charset),
        target=None if target is None else readable(target, charset),
        facts=facts,
    )


def _skip(name: bytes) -> bool:
    """``.`` and ``..`` name the directory itself and its parent, not entries."""
    return name in (b".", b"..")


# --- MLSD: RFC 3659 §7 -----------------------------------------------------------------------

_MLSD_TYPES: dict[str, EntryType] = {"file": "file", "dir": "dir"}


def _mlsd_time(value: str) -> datetime | None:
    """RFC 3659 §2.3: ``time-val = 14DIGIT [ "." 1*DIGIT ]``, in UTC."""
    digits, _, fraction = value.partition(".")
    if len(digits) != 14 or not is_ascii_digits(digits):
        return None
    try:
        moment = datetime.strptime(digits, "%Y%m%d%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return None
    if is_ascii_digits(fraction):
        moment += timedelta(microseconds=int(fraction[:6].ljust(6, "0")))
    return moment


def parse_mlsd_line(
    line: bytes, directory_url: str, charset: str = "utf-8"
) -> Entry | Literal[False] | None:
    """One MLSD line (RFC 3659 §7.2: ``*( fact ";" ) SP pathname``).

    Returns the entry, None for the directory itself or its parent (``type=cdir`` /
    ``pdir``), False when the line is not MLSD.
    """
    facts_part, space, raw_name = line.partition(b" ")
    if not space or not raw_name or (facts_part and not facts_part.endswith(b";")):
        return False
    facts: dict[str, str] = {}
    for fact in facts_part.split(b";"):
        if not fact:
            continue
        key, eq, value = fact.partition(b"=")
        if not eq or not key:
            return False
        facts[key.decode("latin-1").lower()] = readable(value, charset)
    kind_fact = facts.get("type", "").lower()
    if kind_fact in ("cdir", "pdir") or _skip(raw_name):
        return None
    kind: EntryType | None
    if kind_fact in _MLSD_TYPES:
        kind = _MLSD_TYPES[kind_fact]
    elif kind_fact.startswith(("os.unix=slink", "os.unix=symlink")):
        kind = "link"
    elif kind_fact:
        kind = "other"
    else:
        kind = None
    size_text = facts.get("size", "")
    size = ascii_decimal(size_text)
    date = _mlsd_time(facts["modify"]) if "modify" in facts else None
    return _entry(
        raw_name, kind, size, date, directory_url, "mlsd", line, charset,
        facts=tuple(facts.items()),
    )  # fmt: skip


def parse_mlsd(
    data: bytes, directory_url: str, charset: str = "utf-8"
) -> tuple[tuple[Entry, ...], tuple[str, ...]]:
    """Every line of an MLSD reply's data: (entries, unparsed lines)."""
    entries: list[Entry] = []
    unparsed: list[str] = []
    for line in split_lines(data):
        entry = parse_mlsd_line(line, directory_url, charset)
        if entry is False:
            unparsed.append(readable(line, charset))
        elif entry is not None:
            entries.append(entry)
    return tuple(entries), tuple(unparsed)


# --- Unix ls -l ----------------------------------------------------------------------------------

_UNIX = re.compile(
    rb"(?P<mode>[-bcdlpsDnwL?])(?P<perms>[-rwxsStTlL?]{9})[.+@]?\s+"
    rb"(?:.*?\s+)?"  # link count, owner, group (any of them may be missing)
    rb"(?P<size>\d+|\d+,\s*\d+)\s+"  # size, or "major, minor" for a device
    rb"(?:"
    rb"(?P<month>[A-Za-z]{3})\s+(?P<day>\d{1,2})\s+(?P<clock>\d{1,2}:\d{2}|\d{4})"
    rb"|(?P<iso>\d{4}-\d{2}-\d{2})\s+(?P<isotime>\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?"
    rb"(?:\s+[-+]\d{4})?"
    rb") (?P<name>.+)\Z",
    re.DOTALL,
)
_UNIX_TYPES: dict[int, EntryType] = {ord("-"): "file", ord("d"): "dir", ord("l"): "link"}


def _recent_year(month: int, day: int, hour: int, minute: int, now: datetime) -> datetime | None:
    """``ls -l`` leaves out the year for the last six months: the year that puts the
    date not after *now* (a day of slack for clocks and zones)."""
    for year in (now.year, now.year - 1):
        try:
            candidate = datetime(year, month, day, hour, minute)
        except ValueError:  # 29 Feb in a common year
            continue
        if candidate <= now.replace(tzinfo=None) + timedelta(days=1):
            return candidate
    return None


def parse_unix_line(
    line: bytes, directory_url: str, charset: str = "utf-8", now: datetime | None = None
) -> Entry | Literal[False] | None:
    """One ``ls -l`` line: ``drwxr-xr-x 2 owner group 4096 Mar  4 13:37 name``.

    Returns None for ``.`` and ``..``, False when the line is not in this format.
    """
    m = _UNIX.match(line)
    if m is None:
        return False
    raw_name = m["name"]
    kind = _UNIX_TYPES.get(m["mode"][0], "other")
    target: bytes | None = None
    if kind == "link" and b" -> " in raw_name:
        raw_name, _, target = raw_name.partition(b" -> ")
    if _skip(raw_name):
        return None
    size = ascii_decimal(m["size"])
    date: datetime | None = None
    if m["month"] is not None:
        month = MONTHS.get(m["month"].decode("latin-1").lower())
        if month is None:
            return False
        day = int(m["day"])
        clock = m["clock"].decode("ascii")
        try:
            if ":" in clock:
                hour, minute = (int(x) for x in clock.split(":"))
                date = _recent_year(month, day, hour, minute, now or datetime.now(UTC))
            else:
                date = datetime(int(clock), month, day)
        except ValueError:
            date = None
    else:
        try:
            date = datetime.strptime(
                (m["iso"] + b" " + m["isotime"]).decode("ascii"), "%Y-%m-%d %H:%M"
            )
        except ValueError:
            date = None
    return _entry(raw_name, kind, size, date, directory_url, "unix", line, charset, target)


# --- DOS / Windows (IIS) ------------------------------------------------------------------------

_DOS = re.compile(
    rb"(?P<month>\d{2})-(?P<day>\d{2})-(?P<year>\d{2}|\d{4})\s+"
    rb"(?P<hour>\d{1,2}):(?P<minute>\d{2})\s*(?P<ampm>[AaPp][Mm])?\s+"
    rb"(?:(?P<dir><DIR>|<JUNCTION>)|(?P<size>\d[\d,.]*))\s+"
    rb"(?P<name>.+)\Z",
    re.DOTALL,
)


def parse_dos_line(
    line: bytes, directory_url: str, charset: str = "utf-8"
) -> Entry | Literal[False] | None:
    """One DOS-style line: ``04-27-00  09:09PM       <DIR>          licensed``."""
    m = _DOS.match(line)
    if m is None:
        return False
    raw_name = m["name"]
    if _skip(raw_name):
        return None
    year = int(m["year"])
    if year < 100:  # the POSIX strptime pivot: 69-99 are 1900s, 00-68 2000s
        year += 1900 if year >= 69 else 2000
    hour = int(m["hour"])
    ampm = m["ampm"]
    if ampm is not None:
        if hour > 12:
            return False
        pm = ampm.lower() == b"pm"
        hour = (hour % 12) + (12 if pm else 0)
    try:
        date: datetime | None = datetime(
            year, int(m["month"]), int(m["day"]), hour, int(m["minute"])
        )
    except ValueError:
        date = None
    if m["dir"] is not None:
        kind: EntryType = "dir" if m["dir"] == b"<DIR>" else "link"
        size = None
    else:
        kind = "file"
        size = int(m["size"].replace(b",", b"").replace(b".", b""))
    return _entry(raw_name, kind, size, date, directory_url, "dos", line, charset)


# --- EPLF: https://cr.yp.to/ftp/list/eplf.html ------------------------------------------------


def parse_eplf_line(
    line: bytes, directory_url: str, charset: str = "utf-8"
) -> Entry | Literal[False] | None:
    """One EPLF line: ``+`` facts separated by ``,``, a TAB, the name
    (``+i8388621.48594,m825718503,r,s280,\\tdjb.html``)."""
    if not line.startswith(b"+") or b"\t" not in line:
        return False
    facts_part, _, raw_name = line[1:].partition(b"\t")
    if not raw_name:
        return False
    if _skip(raw_name):
        return None
    kind: EntryType | None = None
    size: int | None = None
    date: datetime | None = None
    facts: dict[str, str] = {}
    for fact in facts_part.split(b","):
        if not fact:
            continue
        text = fact.decode("latin-1")
        facts[text[0]] = text[1:]
        if text == "/":
            kind = "dir"
        elif text == "r":
            kind = kind or "file"
        elif text[0] == "s" and is_ascii_digits(text[1:]):
            size = ascii_decimal(text[1:])
        elif text[0] == "m" and (seconds := ascii_decimal(text[1:])) is not None:
            try:
                date = datetime.fromtimestamp(seconds, UTC)
            except (OverflowError, OSError, ValueError):
                date = None
    return _entry(
        raw_name, kind, size, date, directory_url, "eplf", line, charset,
        facts=tuple(facts.items()),
    )  # fmt: skip


# --- LIST: any of the three --------------------------------------------------------------

_TOTAL = re.compile(rb"total\s+\d+\Z", re.IGNORECASE)


def detect_format(line: bytes) -> Format | None:
    """Which LIST format *line* is in, or None."""
    if line.startswith(b"+") and b"\t" in line:
        return "eplf"
    if _DOS.match(line):
        return "dos"
    if _UNIX.match(line):
        return "unix"
    return None


def parse_list(
    data: bytes, directory_url: str, charset: str = "utf-8", now: datetime | None = None
) -> tuple[tuple[Entry, ...], tuple[str, ...]]:
    """A LIST reply's data, each line in whichever format it is in (servers that
    proxy others mix them): (entries, unparsed lines).  ``total N`` lines are skipped."""
    entries: list[Entry] = []
    unparsed: list[str] = []
    for line in split_lines(data):
        if _TOTAL.match(line):
            continue
        entry: Entry | Literal[False] | None = parse_eplf_line(line, directory_url, charset)
        if entry is False:
            entry = parse_dos_line(line, directory_url, charset)
        if entry is False:
            entry = parse_unix_line(line, directory_url, charset, now)
        if entry is False:
            unparsed.append(readable(line, charset))
        elif entry is not None:
            entries.append(entry)
    return tuple(entries), tuple(unparsed)


# --- NLST: RFC 1738 §3.2.2 --------------------------------------------------------------------


def parse_nlst(
    data: bytes, directory_url: str, name: bytes = b"", charset: str = "utf-8"
) -> tuple[tuple[Entry, ...], tuple[str, ...]]:
    """An NLST reply's data: one name per line, no type, size or date.

    *name* is NLST's argument: servers answer ``NLST sub`` with ``x`` or ``sub/x``, and
    ``NLST file`` with ``file``.  *directory_url* is the URL of *name* as a directory;
    a line equal to *name* (the name is a file) gets the URL of the file itself.
    """
    entries: list[Entry] = []
    parent = directory_url
    if name and parent.endswith("/"):
        cut = parent.rstrip("/").rfind("/")
        parent = parent[: cut + 1] if cut >= 0 else parent
    for line in split_lines(data):
        raw_name = line
        url_base = directory_url
        if name and raw_name == name:
            url_base = parent
        elif name and raw_name.startswith(name.rstrip(b"/") + b"/"):
            raw_name = raw_name[len(name.rstrip(b"/")) + 1 :]
        if _skip(raw_name) or not raw_name:
            continue
        entries.append(_entry(raw_name, None, None, None, url_base, "nlst", line, charset))
    return tuple(entries), ()


def parse_listing(
    data: bytes,
    command: str,
    directory_url: str,
    *,
    name: bytes = b"",
    charset: str = "utf-8",
    now: datetime | None = None,
) -> Listing:
    """The data of an ``MLSD``, ``LIST`` or ``NLST`` reply as a :class:`Listing`."""
    verb = command.upper()
    if verb == "MLSD":
        entries, unparsed = parse_mlsd(data, directory_url, charset)
    elif verb == "NLST":
        entries, unparsed = parse_nlst(data, directory_url, name, charset)
    elif verb == "LIST":
        entries, unparsed = parse_list(data, directory_url, charset, now)
    else:
        raise ValueError(f"no listing parser for {command!r}; use MLSD, LIST or NLST")
    return Listing(directory_url, verb, entries, unparsed, data)
