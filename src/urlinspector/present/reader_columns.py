"""The libraries' columns of the editions table: what each HTTP library a server or
script uses reads in the URL (:mod:`urlinspector.core.readers`), its cells marked
where it differs from the browsers' column.

The editions are compared with RFC 3986; a library with the browsers, since a check
done with one and a request sent by the other is where a differential hurts: its
host as the same host in the browsers' form, its port as the port it connects to.
"""

from __future__ import annotations

from urlinspector.core.browser import BrowserReading
from urlinspector.core.readers import ReaderReading
from urlinspector.core.readers.findings import comparable_host
from urlinspector.present.masking import mask_reading
from urlinspector.present.text import shown
from urlinspector.present.verdicts import NOT_INSTALLED, READS, REFUSES, reader_verdict

__all__ = ["READER_COLUMN", "reader_columns"]

READER_COLUMN = "reader:"
"""The prefix of a library's column id (``reader:urllib3``)."""

_LIMIT = 400
_Cell = tuple[str, str, bool]
"""(text, tooltip, differs)."""
_COMPARED_WITH = "≠ differs from the browsers' column"


def _value(reading: ReaderReading, row_id: str) -> str | None:
    if row_id == "password":
        return "••••" if reading.password_set else None
    if row_id == "port":
        if reading.port is None:
            return None
        return (
            str(reading.port) if reading.written_port is not None else f"{reading.port} (default)"
        )
    value: str | None = getattr(reading, row_id)
    return value


def _differs(reading: ReaderReading, row_id: str, browser: BrowserReading) -> bool:
    """Whether the library's *row_id* differs from the browsers' (an empty part and
    none are alike: browsers do not tell them apart)."""
    if row_id == "host":
        host = reading.host
        return (host or None) != (browser.host or None) and (
            host is None or comparable_host(host) != browser.host
        )
    if row_id == "port":
        return reading.port != browser.port
    if row_id == "password":
        return reading.password_set != bool(browser.password)
    theirs: str | None = {
        "scheme": browser.scheme,
        "user": browser.username,
        "path": browser.path,
        "query": browser.query,
        "fragment": browser.fragment,
    }[row_id]
    mine: str | None = getattr(reading, row_id)
    if row_id == "scheme" and mine is not None:
        mine = mine.lower()
    return (mine or None) != (theirs or None)


def _column(
    reading: ReaderReading,
    browser: BrowserReading,
    row_ids: tuple[str, ...],
    compared: bool,
    secrets: tuple[str, ...] = (),
) -> list[_Cell]:
    by = reading.titled
    cells: list[_Cell] = []
    for row_id in row_ids:
        if row_id == "findings":  # the verdict (words shared with the CLI's report)
            verdict = reader_verdict(reading)
            if verdict == NOT_INSTALLED:
                cells.append((verdict, f"{by}: {verdict} ({reading.missing})", False))
            elif verdict == REFUSES:
                cells.append((verdict, f"{by}: {verdict}: {reading.refusal}", browser.valid))
            else:
                cells.append((READS, f"{by}: {READS}", not browser.valid))
        elif row_id == "target":
            cells.append(("—", f"{by} resolves no reference here", False))
        elif not reading.ok:
            why = reading.missing or f"{by} refuses: {reading.refusal}"
            cells.append(("—", why, False))
        else:
            value = _value(reading, row_id)
            differs = compared and browser.valid and _differs(reading, row_id, browser)
            host = row_id == "host"  # (its registrable domain is at its end)
            tip = f"{shown(value, 2000, keep_end=host)}\n{row_id} as {by} reads it"
            if host:
                tip += " (the host it would connect to)"
            cells.append(
                (
                    shown(value, _LIMIT, keep_end=host),
                    f"{tip}\n{_COMPARED_WITH}" if differs else tip,
                    differs,
                )
            )
    if secrets:  # (a password the library reads in a path, or quotes in its error)
        return [
            (mask_reading(row_id, t, secrets), mask_reading(row_id, tip, secrets), d)
            for row_id, (t, tip, d) in zip(row_ids, cells, strict=True)
        ]
    return cells


def reader_columns(
    readings: tuple[ReaderReading, ...],
    browser: BrowserReading,
    row_ids: tuple[str, ...],
    relative: bool,
    *,
    secrets: tuple[str, ...] = (),
) -> list[tuple[str, str, list[_Cell]]]:
    """For each library's reading (of *readings*): its column id, its header and its
    cells for *row_ids* (the rows of the editions table); a relative reference is not
    compared (libraries are handed absolute URLs).  Each of *secrets* (passwords) is
    masked where a cell holds it."""
    return [
        (
            READER_COLUMN + reading.name,
            reading.label,
            _column(reading, browser, row_ids, not relative, secrets),
        )
        for reading in readings
    ]
