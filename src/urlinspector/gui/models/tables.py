"""Qt table models over core results: diagnostics, editions, escapes (the components'
tree is :mod:`.components`), and what their cells share.

Thin adapters: the values come from :mod:`.anatomy` and :mod:`.inspection`; these
classes only answer Qt's questions (text, colour, tooltip) about them.  Decoded values
are computed when a row is first shown, not when the model is filled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QObject,
    Qt,
)
from PySide6.QtGui import QBrush, QFont

from urlinspector.core import EDITIONS, URL, Diagnostic
from urlinspector.gui.models.roles import (
    BACKGROUND,
    DISPLAY,
    FONT,
    FOREGROUND,
    HORIZONTAL,
    INVALID,
    TOOLTIP,
    AnyIndex,
)
from urlinspector.gui.palette import Formats
from urlinspector.present.editions_table import (
    RESOLVED,
    ROW_TIPS,
    WRITTEN,
    EditionsTable,
)
from urlinspector.present.escape_rows import EscapeRow
from urlinspector.present.masking import (
    HIDDEN_FINDING,
    MASK,
    mask_finding,
    password_span,
    telling_octet,
)
from urlinspector.present.severity import severity_label
from urlinspector.present.text import visible

__all__ = [
    "SPAN_ROLE",
    "CellFormatting",
    "DiagnosticsModel",
    "EditionsModel",
    "EscapesModel",
    "span_text",
]

SPAN_ROLE = Qt.ItemDataRole.UserRole + 1
"""Item data role holding a row's ``(start, end)`` span, or None."""


def span_text(span: tuple[int, int] | None) -> str:
    return "" if span is None else f"{span[0]}–{span[1]}"


class CellFormatting:
    """Colours and fonts for cells, from the palette roles."""

    def __init__(self, formats: Formats) -> None:
        self.formats = formats
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)

    def brush(self, role: str) -> QBrush:
        return QBrush(self.formats.colour(role))

    def font(self, role: str) -> QFont | None:
        fmt = self.formats.get(role)
        if fmt.fontWeight() >= 600:
            return self._bold
        if fmt.fontItalic():
            return self._italic
        return None


# --- diagnostics -------------------------------------------------------------------------------

_SEVERITY_ROLE = {"error": "invalid", "warning": "warning", "info": "separator"}


class _RowsTable(QAbstractTableModel):
    """A table of one tuple of rows under fixed :attr:`COLUMNS`, coloured by the
    shared formats."""

    COLUMNS: tuple[str, ...] = ()

    def __init__(self, formats: Formats, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._style = CellFormatting(formats)

    def shown_rows(self) -> Sequence[object]:
        raise NotImplementedError

    def set_formats(self, formats: Formats) -> None:
        self.beginResetModel()
        self._style = CellFormatting(formats)
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = INVALID) -> int:
        return 0 if parent.isValid() else len(self.shown_rows())

    def columnCount(self, parent: AnyIndex = INVALID) -> int:
        return len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation == HORIZONTAL and role == DISPLAY:
            return self.COLUMNS[section]
        return None


class DiagnosticsModel(_RowsTable):
    """Errors, warnings and notes with their citations, in span order."""

    COLUMNS = ("severity", "message", "citation", "span", "category", "code")

    def __init__(self, formats: Formats, parent: QObject | None = None) -> None:
        super().__init__(formats, parent)
        self.items: tuple[Diagnostic, ...] = ()
        self.masked_url: URL | None = None
        """The URL whose password the messages mask (:func:`~.masking.mask_finding`);
        None: passwords are shown."""

    def shown_rows(self) -> Sequence[object]:
        return self.items

    def message(self, d: Diagnostic) -> str:
        """*d*'s message as shown: the password masked, hidden characters as marks."""
        url = self.masked_url
        return visible(d.message if url is None else mask_finding(d.message, d.span, url))

    def set_diagnostics(self, items: tuple[Diagnostic, ...], masked_url: URL | None = None) -> bool:
        """Show *items*, with the password of *masked_url* masked in their messages;
        True when a row's text changed (rows may need new heights)."""
        order = {"error": 0, "warning": 1, "info": 2}
        new = tuple(sorted(items, key=lambda d: (order.get(d.severity, 3), d.span)))
        if masked_url is not None and password_span(masked_url) is None:
            masked_url = None
        if len(new) != len(self.items) or masked_url != self.masked_url:
            self.masked_url = masked_url
            self.beginResetModel()
            self.items = new
            self.endResetModel()
            return True
        old, self.items = self.items, new
        last = len(self.COLUMNS) - 1
        changed = False
        for row, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))
                changed = changed or a.message != b.message
        return changed

    def data(self, index: AnyIndex, role: int = DISPLAY) -> Any:
        if not index.isValid():
            return None
        d = self.items[index.row()]
        column = index.column()
        if role == DISPLAY:
            return (
                severity_label(d.severity),
                self.message(d),
                d.reference,
                span_text(d.span),
                d.category,
                d.code,
            )[column]
        if role == FOREGROUND and column == 0:
            return self._style.brush(_SEVERITY_ROLE.get(d.severity, "plain"))
        if role == FONT and column == 0 and d.severity != "info":
            return self._style.font("invalid")
        if role == TOOLTIP:
            return f"{self.message(d)}\n{d.reference} · {d.code} · characters {span_text(d.span)}"
        if role == SPAN_ROLE:
            return d.span
        return None


# --- editions side by side -------------------------------------------------------------------

READINGS = {
    RESOLVED: "the target of the relative reference, resolved against the base (each "
    "edition by its own algorithm, browsers by theirs, the libraries given the chosen "
    "edition's target)",
    WRITTEN: "the relative reference as written: there is no base to resolve it against "
    "(browsers read none without one)",
}
"""What a table's :attr:`~.EditionsTable.reading` means, for the headers' tooltip."""


class EditionsModel(QAbstractTableModel):
    """One column per edition, the browsers' reading and the libraries'; differing
    cells marked."""

    def __init__(self, formats: Formats, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.formats = formats
        self.table: EditionsTable | None = None
        self._bold = QFont()
        self._bold.setBold(True)

    def set_table(self, table: EditionsTable | None) -> set[int] | None:
        """Show *table*; the rows whose text changed (None: every row, the model was
        reset)."""
        old, self.table = self.table, table
        if (
            old is None
            or table is None
            or old.row_ids != table.row_ids
            or old.column_ids != table.column_ids
            or (old.reference, old.reading) != (table.reference, table.reading)
        ):
            self.beginResetModel()
            self.endResetModel()
            return None
        changed: set[int] = set()
        for c in range(len(table.columns)):
            if old.columns[c] != table.columns[c] or any(
                old.cells[r][c].differs != table.cells[r][c].differs for r in range(len(table.rows))
            ):
                self.headerDataChanged.emit(HORIZONTAL, c, c)
        for r, (a_row, b_row) in enumerate(zip(old.cells, table.cells, strict=True)):
            for c, (a, b) in enumerate(zip(a_row, b_row, strict=True)):
                if a != b:
                    index = self.index(r, c)
                    self.dataChanged.emit(index, index)
                    if a.text != b.text or a.differs != b.differs:
                        changed.add(r)
        return changed

    def set_formats(self, formats: Formats) -> None:
        self.beginResetModel()
        self.formats = formats
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = INVALID) -> int:
        return 0 if parent.isValid() or self.table is None else len(self.table.rows)

    def columnCount(self, parent: AnyIndex = INVALID) -> int:
        return 0 if parent.isValid() or self.table is None else len(self.table.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        table = self.table
        if table is None:
            return None
        if role == DISPLAY:
            if orientation != HORIZONTAL:
                return table.rows[section]
            header = table.columns[section]
            differing = sum(row[section].differs for row in table.cells)
            if section == table.reference_column:
                header += "\nthe reference"
            elif not differing:
                header += "\nthe same"
            else:
                header += f"\n≠ {differing} " + ("differs" if differing == 1 else "differ")
            return f"{header}\n{table.reading}" if table.reading else header
        if role == TOOLTIP and orientation != HORIZONTAL:
            return ROW_TIPS.get(table.row_ids[section])
        if role == TOOLTIP and orientation == HORIZONTAL:
            title = EDITIONS[table.reference].title
            tip = (
                f"cells that differ from the {title} column (the chosen edition) are marked "
                "(≠, bold, tinted); a library's cells are compared with the browsers' column"
            )
            return f"{tip}\nevery column: {READINGS[table.reading]}" if table.reading else tip
        return None

    def data(self, index: AnyIndex, role: int = DISPLAY) -> Any:
        if self.table is None or not index.isValid():
            return None
        cell = self.table.cells[index.row()][index.column()]
        if role == DISPLAY:
            return f"≠ {cell.text}" if cell.differs else cell.text
        if role == TOOLTIP:
            return cell.tooltip
        if cell.differs:
            if role == BACKGROUND:
                tint = self.formats.background("warning")
                return None if tint is None else QBrush(tint)
            if role == FONT:
                return self._bold
        return None


# --- escapes ------------------------------------------------------------------------------------

_KIND_ROLE = {
    "unnecessary": "separator",
    "meaningful": "warning",
    "data": "plain",
    "invalid": "invalid",
}
_KIND_MARK = {
    "unnecessary": "unnecessary",
    "meaningful": "⚑ meaningful",
    "data": "data",
    "invalid": "✖ invalid",
}


class EscapesModel(_RowsTable):
    """Every ``%HH`` of the URL, what it decodes to and whether it is needed."""

    COLUMNS = ("escape", "in", "span", "octet", "decodes to", "kind", "why", "citation")

    def __init__(self, formats: Formats, parent: QObject | None = None) -> None:
        super().__init__(formats, parent)
        self.rows: tuple[EscapeRow, ...] = ()
        self.hidden: tuple[int, int] | None = None
        """The password's span while passwords are masked: its escapes are masked
        too, except those of a look-alike (:func:`~.masking.telling_octet`)."""

    def shown_rows(self) -> Sequence[object]:
        return self.rows

    def set_rows(self, rows: tuple[EscapeRow, ...], hidden: tuple[int, int] | None = None) -> None:
        self.beginResetModel()
        self.rows = rows
        self.hidden = hidden
        self.endResetModel()

    def masked(self, row: EscapeRow) -> bool:
        """Whether *row* is an escape of the password to mask."""
        span, e = self.hidden, row.escape
        return (
            span is not None
            and span[0] <= e.span[0] < span[1]
            and not (e.octet is not None and telling_octet(e.octet))
        )

    def data(self, index: AnyIndex, role: int = DISPLAY) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        e = row.escape
        column = index.column()
        if role == DISPLAY:
            hide = self.masked(row)
            octet = "—" if e.octet is None else f"0x{e.octet:02X}"
            return (
                MASK * len(e.text) if hide else e.text,
                row.component,
                span_text(e.span),
                MASK * len(octet) if hide else octet,
                MASK if hide else row.decoded,
                _KIND_MARK.get(e.kind, e.kind),
                HIDDEN_FINDING if hide else e.reason,
                e.reference,
            )[column]
        if role == FOREGROUND and column in (0, 5):
            kind_role = _KIND_ROLE.get(e.kind, "plain")
            return self._style.brush("escape" if kind_role == "plain" else kind_role)
        if role == FONT and column == 5 and e.kind in ("meaningful", "invalid"):
            return self._style.font("invalid")
        if role == TOOLTIP:
            return f"{HIDDEN_FINDING if self.masked(row) else e.reason}\n{e.reference}"
        if role == SPAN_ROLE:
            return e.span
        return None
