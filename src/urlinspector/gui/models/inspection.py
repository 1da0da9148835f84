"""What the panels show, computed from the core (the browsers' reading too:
:func:`urlinspector.core.browser_reading`): the resolved target, the editions side by
side, the escapes.

Qt-free, so the panels stay thin and every value here is testable without a window.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from dataclasses import dataclass, replace

from urlinspector.core import (
    DEFAULT_EDITION,
    EDITIONS,
    URL,
    Destination,
    URLInspectorError,
    browser_reading,
    destination,
    parse,
)
from urlinspector.core.escapes import Escape, decode
from urlinspector.core.guess import Guess, guess_absolute
from urlinspector.core.model import ComponentName
from urlinspector.core.readers import ReaderReading, reader_readings
from urlinspector.core.resolution import Resolution, resolve
from urlinspector.data import top_domains
from urlinspector.gui.models.readers import reader_columns
from urlinspector.gui.models.text import masked, shown, visible
from urlinspector.present.masking import (
    mask_component,
    mask_in_text,
    mask_known,
    mask_url,
    password_span,
    passwords_of,
)
from urlinspector.present.severity import severity_label
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
    "EscapeRow",
    "Judge",
    "Target",
    "Whatwg",
    "editions_table",
    "escape_rows",
    "target_for",
    "whatwg",
]

Parser = Callable[[str, str], URL]
"""``parse(text, edition_id)``: :func:`urlinspector.core.parse` or a cache of it."""
Judge = Callable[[str, str], Destination]
"""``judge(text, edition_id)``: where *text* leads against the base, compared with
its reading under that edition (:func:`urlinspector.core.destination` or a cache's)."""

WHATWG = "whatwg"
"""Column id of the browsers' reading (the WHATWG URL Standard, computed by ada)."""


# --- the resolved target ------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """What the reference in the address bar points to."""

    text: str | None
    """The absolute target URL; None when there is none (no base for a relative
    reference, or a base that is not absolute)."""
    same_document: bool
    """An empty or fragment-only reference: no new retrieval (URL syntax draft 1997 §3,
    RFC 2396bis draft 2003 §4.2)."""
    message: str
    """One line for people: how the target was found, or why there is none."""
    resolution: Resolution | None = None
    guess: Guess | None = None
    """For a relative reference with no base: what a person probably meant."""
    error: bool = False


def target_for(
    reference: str, base: str, edition: str, *, trace: bool = False, url: URL | None = None
) -> Target:
    """Resolve *reference* against *base* (empty: no base) under *edition*."""
    if url is None:
        url = parse(reference, edition)
    if not base.strip():
        if url.is_absolute:
            return Target(reference, False, "absolute: no base needed")
        guess = guess_absolute(reference) if reference.strip() else None
        message = "a relative reference: give a base URL to resolve it"
        if guess is not None:
            message += f" (or did you mean {guess.url}?)"
        return Target(None, False, message, guess=guess)
    try:
        resolution = resolve(base, reference, edition, trace=trace)
    except (URLInspectorError, ValueError) as exc:
        return Target(None, False, str(exc), error=True)
    label = EDITIONS[resolution.edition].label if resolution.edition in EDITIONS else edition
    message = (
        "same document: no new retrieval (URL syntax draft 1997 §3, RFC 2396bis draft 2003 §4.2)"
        if resolution.same_document
        else f"resolved against the base by {label} (the Resolution trace tab shows the steps)"
    )
    if resolution.notes:
        message += " — " + "; ".join(resolution.notes)
    return Target(resolution.target, resolution.same_document, message, resolution)


# --- the browsers' reading ----------------------------------------------------------------


@dataclass(frozen=True)
class Whatwg:
    """How browsers read a URL (WHATWG URL Standard, by the ``ada-url`` package)."""

    href: str | None
    """The serialized URL; None when browsers reject the input."""
    components: dict[str, str | None]
    error: str | None = None


def whatwg(text: str, base: str = "") -> Whatwg:
    """Parse *text* (against *base* when given) the way browsers do."""
    reading = browser_reading(text, base if base.strip() else None)
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
    host = parse(text, DEFAULT_EDITION.id).span("host")
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
    return mask_url(parse(text, DEFAULT_EDITION.id)) if mask else text


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


def _edition_column(
    text: str, base: str, edition_id: str, table: _Making
) -> tuple[list[Cell], URL, str | None]:
    """The cells of one edition, its parse of *text* and its target."""
    ed = EDITIONS[edition_id]
    url = table.parse(text, edition_id)
    target = target_for(text, base, edition_id, url=url)
    read: URL | None = url
    where = f"under {ed.label}"
    if table.reading == RESOLVED:
        read = None if target.text is None else table.parse(target.text, edition_id)
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
            cells.append(_findings_cell(table.judge(text, edition_id).annotated(url), secrets))
        else:  # target
            suffix = "  (same document)" if target.same_document else ""
            message = mask_known(target.message, secrets)
            cells.append(_url_cell(target.text, message, mask=table.mask_password, suffix=suffix))
    return cells, url, target.text


_NOT_COMPARED = ("not-compared",)


def _whatwg_column(text: str, base: str, table: _Making) -> list[Cell]:
    """The browsers' reading: of the target (a relative reference and a base) or of
    the URL; a relative reference without a base is not compared (browsers read none)."""
    reading = whatwg(text, base)
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
    """How a table is made: its reference, what it reads, and its helpers."""

    reference: str
    reading: str
    mask_password: bool
    parse: Parser
    judge: Judge


def _judge_by(base: str, parse: Parser) -> Judge:
    def judged(text: str, edition_id: str) -> Destination:
        return destination(parse(text, edition_id), base, brands=top_domains())

    return judged


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


def editions_table(
    text: str,
    base: str = "",
    *,
    reference: str = DEFAULT_EDITION.id,
    mask_password: bool = True,
    parse: Parser = parse,
    judge: Judge | None = None,
    read: Callable[[str], tuple[ReaderReading, ...]] = reader_readings,
) -> EditionsTable:
    """*text* under every edition, newest first, as browsers read it and as the
    HTTP libraries do (:mod:`.readers`, compared with the browsers); the editions
    and the browsers compared with the *reference* edition's column (the chosen one).

    One rule for every column: a relative reference with a *base* is read as its
    target, :data:`RESOLVED` (each edition's own resolution, the browsers', the
    libraries given the reference edition's target); without a base, as it is
    written (:data:`WRITTEN`).  Each edition's findings are counted as the status
    line counts them: its parse's and where browsers go (*judge*: text and edition
    id to a :class:`~urlinspector.core.Destination`, by default
    :func:`~urlinspector.core.destination` against *base*); *parse* and *read*
    (the libraries' readings of a text) may be a cache's.  Each cell's tooltip
    starts with that cell's own value."""
    if reference not in EDITIONS:
        raise ValueError(f"unknown edition {reference!r}")
    relative = parse(text, reference).is_relative
    reading = "" if not relative else RESOLVED if base.strip() else WRITTEN
    making = _Making(reference, reading, mask_password, parse, judge or _judge_by(base, parse))
    columns: list[list[Cell]] = []
    headers: list[str] = []
    urls: list[URL] = []
    targets: dict[str, str | None] = {}
    for edition_id, ed in EDITIONS.items():
        cells, url, targets[edition_id] = _edition_column(text, base, edition_id, making)
        columns.append(cells)
        urls.append(url)
        headers.append(f"{ed.title} ({ed.year})")
    columns.append(_whatwg_column(text, base, making))
    headers.append("browsers (WHATWG)")
    column_ids = (*EDITIONS, WHATWG)
    marked = _marked(columns, column_ids, column_ids.index(reference))
    # the libraries, each compared with the browsers' column
    row_ids = tuple(r for r, _ in EDITION_ROWS)
    read_text = targets[reference] if reading == RESOLVED else text
    compared = reading != WRITTEN and read_text is not None
    browser = browser_reading(text, base if base.strip() else None)
    secrets = passwords_of(*urls) if mask_password else ()
    columns_read = reader_columns(
        read(read_text or text), browser, row_ids, not compared, secrets=secrets
    )
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


# --- escapes ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class EscapeRow:
    component: str
    escape: Escape
    decoded: str
    """What the escape decodes to in the chosen charset, shown visibly."""


_ESCAPE_COMPONENTS: tuple[ComponentName, ...] = (
    "user",
    "password",
    "host",
    "path",
    "query",
    "fragment",
)


def escape_rows(url: URL, charset: str = "utf-8", limit: int = 5000) -> tuple[EscapeRow, ...]:
    """Every ``%`` sequence of the URL's components, classified by the core
    (unnecessary, meaningful, data, invalid), with what it decodes to."""
    rows: list[EscapeRow] = []
    userinfo_without_user = url.span("user") is None and url.span("userinfo") is not None
    components: tuple[ComponentName, ...] = (
        ("userinfo",) if userinfo_without_user else _ESCAPE_COMPONENTS
    )
    for name in components:
        span = url.span(name)
        if span is None or "%" not in url.text[span[0] : span[1]]:
            continue
        start, end = span
        result = decode(
            url.text[start:end],
            name,
            scheme=url.scheme,
            charset=charset,
            edition=url.edition,
            offset=start,
        )
        for e, value in _decoded_escapes(result.escapes, charset):
            rows.append(EscapeRow(name, e, value))
            if len(rows) >= limit:
                return tuple(rows)
    return tuple(rows)


def _decoded_escapes(escapes: tuple[Escape, ...], charset: str) -> list[tuple[Escape, str]]:
    """Each escape with what it decodes to.  Adjacent escapes are fed to one
    incremental decoder, so the octets of one UTF-8 character show that character on
    the escape that starts it, and the others say that they continue it."""
    out: list[tuple[Escape, str]] = []
    continues = "↳ (continues the character before)"
    try:
        factory = codecs.getincrementaldecoder(charset)
    except LookupError:
        return [(e, "—") for e in escapes]
    decoder = factory("backslashreplace")
    pending: list[int] = []  # indices into out of escapes waiting for their character
    previous_end = -1

    def settle(text: str) -> None:
        if not pending:
            return
        first, *rest = pending
        out[first] = (out[first][0], shown(text) if text else "—")
        for i in rest:
            out[i] = (out[i][0], continues)
        pending.clear()

    for e in escapes:
        if e.octet is None or e.span[0] != previous_end:
            settle(decoder.decode(b"", final=True))
            decoder.reset()
        previous_end = e.span[1]
        if e.octet is None:
            out.append((e, "—"))
            continue
        out.append((e, ""))
        pending.append(len(out) - 1)
        try:
            text = decoder.decode(bytes([e.octet]))
        except (UnicodeError, ValueError):  # codecs without error handlers
            text = f"\\x{e.octet:02x}"
            decoder.reset()
        if text:
            settle(text)
    settle(decoder.decode(b"", final=True))
    return out
