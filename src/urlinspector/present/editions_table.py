"""The Editions view: one URL under every edition of the specs, newest first, as
browsers read it and as the HTTP libraries do, each column's cells marked where they
differ from the chosen edition's (the browsers') column.

Every value comes from one :class:`~urlinspector.present.inspection.Inspection` and
the inspections of the same text under the other editions (:meth:`Inspection.under`);
the window's table and the report's (``parse --format markdown|html``) are this one.
Qt-free, so the panel stays thin and every value here is testable without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from urlinspector.core import DEFAULT_EDITION, EDITIONS, URL, BrowserReading
from urlinspector.core.model import ComponentName
from urlinspector.present.inspection import Inspection, parsed
from urlinspector.present.masking import (
    mask_component,
    mask_in_text,
    mask_known,
    mask_url,
    password_span,
    passwords_of,
)
from urlinspector.present.reader_columns import reader_columns
from urlinspector.present.severity import severity_label
from urlinspector.present.text import masked, shown, visible
from urlinspector.present.verdicts import (
    READS,
    REJECTS,
    VERDICT,
    VERDICT_TIP,
    counted,
    edition_verdict,
)

__all__ = [
    "EDITION_ROWS",
    "RESOLVED",
    "ROW_TIPS",
    "WHATWG",
    "WRITTEN",
    "Cell",
    "EditionsTable",
    "Whatwg",
    "editions_table",
    "whatwg",
]

WHATWG = "whatwg"
"""Column id of the browsers' reading (the WHATWG URL Standard, computed by ada)."""


# --- the browsers' reading ----------------------------------------------------------------


@dataclass(frozen=True)
class Whatwg:
    """How browsers read a URL (WHATWG URL Standard, by the ``ada-url`` package)."""

    href: str | None
    """The serialized URL; None when browsers reject the input."""
    components: dict[str, str | None]
    error: str | None = None


def whatwg(reading: BrowserReading) -> Whatwg:
    """How browsers read a URL, from their reading of it (an inspection's)."""
    if not reading.valid:
        return Whatwg(None, {}, f"invalid: {reading.error}")
    return Whatwg(
        reading.href,
        {
            "scheme": reading.scheme,
            "user": reading.username or None,
            "password": reading.password or None,
            "host": reading.host or None,
            "port": str(reading.port) if reading.explicit_port else None,
            "path": reading.path,
            "query": reading.query or None,
            "fragment": reading.fragment or None,
        },
    )


# --- the editions side by side ------------------------------------------------------------

EDITION_ROWS: tuple[tuple[str, str], ...] = (
    ("scheme", "scheme"),
    ("user", "user"),
    ("password", "password"),
    ("host", "host"),
    ("port", "port"),
    ("path", "path"),
    ("query", "query"),
    ("fragment", "fragment"),
    ("findings", VERDICT),
    ("target", "resolved target"),
)
"""Row id and label.  The *findings* row is each column's verdict on the URL: an edition
judges it valid or invalid (with its findings counted), browsers and each library read
it or reject it (:data:`READS`, :data:`REJECTS`)."""

ROW_TIPS: dict[str, str] = {
    "findings": VERDICT_TIP,
}
"""The tooltips of the rows' labels (what a row is), by row id."""

_INDEX: dict[str, ComponentName] = {
    "scheme": "scheme",
    "user": "user",
    "password": "password",
    "host": "host",
    "port": "port",
    "path": "path",
    "query": "query",
    "fragment": "fragment",
}


@dataclass(frozen=True)
class Cell:
    text: str
    tooltip: str
    differs: bool = False
    """Differs from the reference column (the chosen edition's)."""
    key: object = None
    """What is compared to tell whether cells differ."""


RESOLVED = "resolved against the base"
"""What every column reads of a relative reference given a base: its target."""
WRITTEN = "as written (no base)"
"""What every column reads of a relative reference without a base: the reference."""


@dataclass(frozen=True)
class EditionsTable:
    column_ids: tuple[str, ...]
    columns: tuple[str, ...]
    """Column headers."""
    row_ids: tuple[str, ...]
    rows: tuple[str, ...]
    cells: tuple[tuple[Cell, ...], ...]
    """``cells[row][column]``."""
    reference: str = DEFAULT_EDITION.id
    """The column the editions and the browsers are compared with: the chosen edition."""
    reading: str = ""
    """What the component rows of every column show: :data:`RESOLVED`,
    :data:`WRITTEN`, or ``""`` for an absolute URL (read as it is)."""

    def cell(self, row_id: str, column_id: str) -> Cell:
        return self.cells[self.row_ids.index(row_id)][self.column_ids.index(column_id)]

    @property
    def reference_column(self) -> int:
        return self.column_ids.index(self.reference) if self.reference in self.column_ids else 0

    @property
    def differences(self) -> int:
        return sum(c.differs for row in self.cells for c in row)


_CELL_LIMIT = 400
"""Characters a cell shows; a longer value is cut in the middle of what is not the
host (:func:`cut_keeping_host`)."""
_TIP_LIMIT = 2000


def cut_keeping_host(text: str, limit: int = _CELL_LIMIT) -> str:
    """*text* (a URL) cut to about *limit* characters without cutting its host: what
    is left out is the middle of the part before the host and the end of the part
    after it, each marked with ``…``."""
    if len(text) <= limit:
        return text
    host = parsed(text, DEFAULT_EDITION.id).span("host")
    if host is None:
        return text[: limit - 1] + "…"
    h0, h1 = host
    room = max(limit - (h1 - h0), 40)
    before, after = text[:h0], text[h1:]
    keep_before = min(len(before), room // 2)
    if len(before) > keep_before:
        head = max(keep_before // 2, 1)
        before = before[:head] + "…" + before[len(before) - (keep_before - head) :]
    keep_after = max(room - len(before), 20)
    if len(after) > keep_after:
        after = after[: keep_after - 1] + "…"
    return before + text[h0:h1] + after


def _masked_url(text: str, mask: bool) -> str:
    return mask_url(parsed(text, DEFAULT_EDITION.id)) if mask else text


def _tip(value: str | None, *lines: str) -> str:
    """A cell's tooltip: its own value first (whole, up to a limit), then *lines*."""
    head = shown(value, _TIP_LIMIT)
    return "\n".join((head, *lines))


def _value_cell(
    value: str | None, explanation: str, *, mask: bool = False, host: bool = False
) -> Cell:
    """A component's cell; a *host* too long for it is cut at its start, keeping its
    registrable domain."""
    shown_value = masked(value) if mask else value
    text = shown(shown_value, _CELL_LIMIT, keep_end=host)
    return Cell(text, _tip(shown_value, explanation), key=value)


def _url_cell(value: str | None, explanation: str, *, mask: bool, suffix: str = "") -> Cell:
    if value is None:
        return Cell("—", explanation, key=None)
    display = _masked_url(value, mask)
    return Cell(visible(cut_keeping_host(display)) + suffix, _tip(display, explanation), key=value)


def _component_cell(url: URL, row_id: str, explanation: str, mask_password: bool) -> Cell:
    """The cell of *url*'s component *row_id*, its password masked when asked."""
    value = url.component(_INDEX[row_id])
    holding = mask_component(url, _INDEX[row_id], password_span(url) if mask_password else None)
    if row_id not in ("password", "user") and holding != value and holding is not None:
        # (the password browsers read, where this edition reads a path ...)
        text_shown = shown(holding, _CELL_LIMIT, keep_end=row_id == "host")
        return Cell(text_shown, _tip(holding, explanation), key=value)
    userinfo = url.span("userinfo")
    if row_id == "user" and value is None and userinfo is not None:
        value = url.userinfo  # an edition that reads the userinfo whole
        span = password_span(url) if mask_password else None
        if span is not None and value is not None:
            u0 = userinfo[0]
            shown_value = mask_in_text(value, ((span[0] - u0, span[1] - u0),))
            tip = _tip(shown_value, f"userinfo under {url.edition.label}")
            return Cell(shown(shown_value, _CELL_LIMIT), tip, key=value)
    return _value_cell(
        value,
        explanation,
        mask=mask_password and row_id == "password",
        host=row_id == "host",
    )


def _findings_cell(found: URL, secrets: tuple[str, ...]) -> Cell:
    """The edition's verdict on *found*: valid or invalid, and its findings counted as
    the status line counts them (the parse's and where browsers go), the messages in
    the tooltip under the same words as the status line's."""
    errors, warnings = len(found.errors), len(found.warnings)
    notes = len(found.diagnostics) - errors - warnings
    words = edition_verdict(found)
    listed = [
        f"{severity_label(d.severity)}: {visible(mask_known(d.message, secrets))}"
        for d in found.diagnostics[:8]
    ]
    verdict = f"{'invalid' if errors else 'valid'} under {found.edition.label}"
    head = f"{verdict}: " + ", ".join(
        [counted(errors, "error"), counted(warnings, "warning"), counted(notes, "note")]
    )
    return Cell(words, "\n".join([head, *listed]), key=not errors)


def _edition_column(inspection: Inspection, table: _Making) -> list[Cell]:
    """The cells of one edition: the components (of the target, for a relative
    reference with a base), its verdict, its target."""
    ed = EDITIONS[inspection.edition]
    url = inspection.url
    target = inspection.target
    read: URL | None = url
    where = f"under {ed.label}"
    if table.reading == RESOLVED:
        resolved = inspection.of_target()
        read = None if resolved is None else resolved.url
        where = f"of the target, {RESOLVED}, under {ed.label}"
    secrets = passwords_of(url, read) if table.mask_password else ()
    cells: list[Cell] = []
    for row_id, _ in EDITION_ROWS:
        if row_id in _INDEX:
            explanation = f"{row_id} {where} ({ed.cite(row_id)})"
            if read is None:
                cells.append(Cell("—", mask_known(target.message, secrets), key=("none",)))
            else:
                cells.append(_component_cell(read, row_id, explanation, table.mask_password))
        elif row_id == "findings":
            cells.append(_findings_cell(inspection.annotated, secrets))
        else:  # target
            suffix = "  (same document)" if target.same_document else ""
            message = mask_known(target.message, secrets)
            cells.append(_url_cell(target.text, message, mask=table.mask_password, suffix=suffix))
    return cells


_NOT_COMPARED = ("not-compared",)


def _whatwg_column(browser: BrowserReading, table: _Making) -> list[Cell]:
    """The browsers' reading: of the target (a relative reference and a base) or of
    the URL; a relative reference without a base is not compared (browsers read none)."""
    reading = whatwg(browser)
    compared = table.reading != WRITTEN
    where = "as browsers read it (the WHATWG URL Standard, by ada)"
    if table.reading == RESOLVED:
        where = f"of the target, {RESOLVED}, as browsers read it"
    cells: list[Cell] = []
    for row_id, _ in EDITION_ROWS:
        if row_id in _INDEX:
            if reading.href is None:
                cell = Cell("—", reading.error or "", key=("invalid",))
            else:
                cell = _value_cell(
                    reading.components.get(row_id),
                    f"{row_id} {where}",
                    mask=table.mask_password and row_id == "password",
                    host=row_id == "host",
                )
        elif row_id == "findings":
            cell = _browsers_verdict(reading)
        elif reading.href is None:  # target
            cell = Cell("—", reading.error or "", key=None)
        else:
            tip = "the URL as browsers serialize it (always normalized)"
            cell = _url_cell(reading.href, tip, mask=table.mask_password)
        cells.append(cell if compared else replace(cell, key=_NOT_COMPARED))
    if not compared:
        note = "browsers read a relative reference only against a base: give one"
        cells = [replace(c, tooltip=f"{c.tooltip}\n{note}".strip()) for c in cells]
    return cells


BROWSERS = "browsers (the WHATWG URL Standard, by ada)"


def _browsers_verdict(reading: Whatwg) -> Cell:
    """Whether browsers read the URL or reject it (the WHATWG URL Standard's basic URL
    parser returns failure): a program reads, where an edition judges validity (a URL
    browsers read may still break the Standard's writing rules)."""
    if reading.href is not None:
        return Cell(READS, f"{BROWSERS}: {READS}", key=True)
    # (ada gives no reason; the reading says whether the base may be to blame)
    reason = (reading.error or "").removeprefix("invalid: ").removeprefix("browsers reject it")
    return Cell(REJECTS, f"{BROWSERS}: {REJECTS}{reason}", key=False)


def _same(a: object, b: object, whatwg_column: bool) -> bool:
    if b == _NOT_COMPARED:
        return True
    if whatwg_column and (a is None or a == "") and (b is None or b == ""):
        return True  # browsers do not tell an empty user or query from none
    return a == b


@dataclass(frozen=True)
class _Making:
    """How a table is made: what its component rows read, and whether passwords show."""

    reading: str
    mask_password: bool


def _marked(columns: list[list[Cell]], column_ids: tuple[str, ...], ref: int) -> list[list[Cell]]:
    """*columns* with the cells that differ from column *ref*'s marked."""
    reference = columns[ref]
    title = EDITIONS[column_ids[ref]].title
    marked: list[list[Cell]] = []
    for index, column in enumerate(columns):
        if index == ref:
            marked.append(column)
            continue
        is_whatwg = column_ids[index] == WHATWG
        marked.append(
            [
                cell
                if _same(reference[r].key, cell.key, is_whatwg)
                else replace(
                    cell, tooltip=f"{cell.tooltip}\n≠ differs from the {title} column", differs=True
                )
                for r, cell in enumerate(column)
            ]
        )
    return marked


def editions_table(inspection: Inspection, *, mask_password: bool = True) -> EditionsTable:
    """The text of *inspection* under every edition, newest first, as browsers read it
    and as the HTTP libraries do (:mod:`.reader_columns`, compared with the browsers);
    the editions and the browsers compared with the column of the inspection's own
    edition (the chosen one).

    One rule for every column: a relative reference with a base is read as its
    target, :data:`RESOLVED` (each edition's own resolution, the browsers', the
    libraries given the chosen edition's target); without a base, as it is written
    (:data:`WRITTEN`).  Each edition's findings are counted as the status line counts
    them (:attr:`Inspection.findings`).  Each cell's tooltip starts with that cell's
    own value."""
    inspection = inspection.with_readers()  # (the libraries have columns of their own)
    reference = inspection.edition
    relative = inspection.url.is_relative
    reading = "" if not relative else RESOLVED if inspection.base.strip() else WRITTEN
    making = _Making(reading, mask_password)
    columns: list[list[Cell]] = []
    headers: list[str] = []
    urls: list[URL] = []
    for edition_id, ed in EDITIONS.items():
        under = inspection.under(edition_id)
        columns.append(_edition_column(under, making))
        urls.append(under.url)
        headers.append(f"{ed.title} ({ed.year})")
    browser = inspection.destination.browser
    columns.append(_whatwg_column(browser, making))
    headers.append("browsers (WHATWG)")
    column_ids = (*EDITIONS, WHATWG)
    marked = _marked(columns, column_ids, column_ids.index(reference))
    # the libraries, each compared with the browsers' column
    row_ids = tuple(r for r, _ in EDITION_ROWS)
    read = inspection.of_target() if reading == RESOLVED else inspection
    compared = reading != WRITTEN and read is not None
    readings = (read or inspection).with_readers().readings
    secrets = passwords_of(*urls) if mask_password else ()
    columns_read = reader_columns(readings, browser, row_ids, not compared, secrets=secrets)
    for column_id, header, library in columns_read:
        marked.append([Cell(value, tip, differs, key=value) for value, tip, differs in library])
        headers.append(header)
        column_ids = (*column_ids, column_id)
    rows = tuple(tuple(marked[c][r] for c in range(len(marked))) for r in range(len(EDITION_ROWS)))
    return EditionsTable(
        column_ids,
        tuple(headers),
        row_ids,
        tuple(label for _, label in EDITION_ROWS),
        rows,
        reference=reference,
        reading=reading,
    )
