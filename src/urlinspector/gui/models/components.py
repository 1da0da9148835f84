"""The components' tree: a Qt item model over the core's parse, one row per component
with its span, raw and decoded text (:mod:`.anatomy` computes them), long lists cut
to :data:`MAX_CHILDREN` rows.  Decoded values are computed when a row is first shown,
not when the model is filled."""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt

from urlinspector.core import URL, UnknownCharsetError
from urlinspector.gui.models.roles import (
    DISPLAY,
    FONT,
    FOREGROUND,
    HORIZONTAL,
    INVALID,
    TOOLTIP,
    AnyIndex,
)
from urlinspector.gui.models.tables import SPAN_ROLE, CellFormatting, span_text
from urlinspector.gui.palette import Formats
from urlinspector.present.anatomy import Node, component_tree, decoded
from urlinspector.present.masking import mask_in_text, mask_password, password_span
from urlinspector.present.text import shown

__all__ = ["DISPLAY_LIMIT", "HOST_ROLES", "MAX_CHILDREN", "TOOLTIP_LIMIT", "ComponentsModel"]

MAX_CHILDREN = 500
"""Children listed under one component (segments, query parameters, scheme-specific
parts); the rest are counted in one row."""

DISPLAY_LIMIT = 400
"""Characters of a value shown in a cell (copy gives all of it)."""

TOOLTIP_LIMIT = 2000
"""Characters of a raw value a cell's tooltip shows."""

HOST_ROLES = frozenset({"host", "subdomain"})
"""Rows of a host: a long one is cut at its start, keeping the registrable domain."""


def _head(node: Node) -> Node:
    """*node* cut to the first characters a cell can show (not inside an escape), so
    that a 64 KiB component is not decoded whole to show 400 characters of it."""
    raw = node.raw
    if raw is None or len(raw) <= 4 * DISPLAY_LIMIT:
        return node
    cut = 4 * DISPLAY_LIMIT
    while "%" in raw[cut - 2 : cut]:
        cut -= 1
    return dataclasses.replace(node, raw=raw[:cut], children=())


def _holds(span: tuple[int, int], start: int, end: int) -> bool:
    if start == end:
        return span[0] <= start < span[1] or span[0] == span[1] == start
    return span[0] <= start and end <= span[1]


class ComponentsModel(QAbstractItemModel):
    """The component tree of one URL: component, raw text, decoded text, span, rule."""

    COLUMNS = ("component", "raw", "decoded", "span", "rule (edition §)")

    def __init__(self, formats: Formats, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._style = CellFormatting(formats)
        self.url: URL | None = None
        self.charset = "utf-8"
        self.mask_password = True
        self._nodes: list[Node] = []
        self._parent: list[int] = []
        self._row: list[int] = []
        self._children: list[list[int]] = [[]]  # [0]: the invisible root
        self._decoded: dict[int, str] = {}
        self._password: tuple[int, int] | None = None

    # --- filling ----------------------------------------------------------------------

    def set_url(self, url: URL | None) -> bool:
        """Show *url*'s components.  When the tree keeps its shape (the same rows
        under the same parents, as while typing inside one component), only the rows
        whose values changed are refreshed, so the view repaints only those.  True
        when the tree was rebuilt."""
        old_nodes, old_parent = self._nodes, self._parent
        self.url = url
        self._password = None if url is None else password_span(url)
        self._nodes = [Node("", None, None, "plain")]
        self._parent = [-1]
        self._row = [0]
        self._children = [[]]
        if url is not None:
            self._add(0, component_tree(url, MAX_CHILDREN))
        same_shape = (
            len(old_nodes) == len(self._nodes)
            and old_parent == self._parent
            and all(a.name == b.name for a, b in zip(old_nodes, self._nodes, strict=True))
        )
        if not same_shape:
            self.beginResetModel()
            self._decoded = {}
            self.endResetModel()
            return True
        last = len(self.COLUMNS) - 1
        for i in range(1, len(self._nodes)):
            a, b = old_nodes[i], self._nodes[i]
            if a.raw != b.raw or a.span != b.span or a.rule != b.rule or a.role != b.role:
                self._decoded.pop(i, None)
                row = self._row[i]
                self.dataChanged.emit(self.createIndex(row, 0, i), self.createIndex(row, last, i))
        return False

    def _add(self, parent: int, nodes: tuple[Node, ...]) -> None:
        for node in nodes:
            index = len(self._nodes)
            self._nodes.append(node)
            self._parent.append(parent)
            self._row.append(len(self._children[parent]))
            self._children.append([])
            self._children[parent].append(index)
            if node.children:
                self._add(index, node.children)

    @property
    def size(self) -> int:
        """Rows in the tree, nested ones included."""
        return len(self._nodes) - 1

    def set_charset(self, charset: str) -> None:
        self.charset = charset
        self._decoded = {}
        self._changed_column(2)

    def set_mask_password(self, mask: bool) -> None:
        self.mask_password = mask
        self._decoded = {}
        self._changed_column(1)
        self._changed_column(2)

    def set_formats(self, formats: Formats) -> None:
        self._style = CellFormatting(formats)
        self._changed_column(1)

    def _changed_column(self, column: int) -> None:
        if len(self._nodes) > 1:
            # every row may change; a reset-free refresh of the whole column
            self.layoutAboutToBeChanged.emit()
            self.layoutChanged.emit()

    # --- lookup -----------------------------------------------------------------------

    def node(self, index: AnyIndex) -> Node | None:
        if not index.isValid():
            return None
        return self._nodes[index.internalId()]

    def open_rows(self) -> list[QModelIndex]:
        """The rows shown open: every row with children, except those whose children
        only split what the row says (:attr:`~urlinspector.present.nodes.Node.folded`)."""
        return [
            self.createIndex(self._row[i], 0, i)
            for i in range(1, len(self._nodes))
            if self._children[i] and not self._nodes[i].folded
        ]

    def index_of_span(self, start: int, end: int) -> QModelIndex:
        """The deepest row whose span holds ``[start, end)`` (or the position
        *start* when the range is empty); invalid when none does."""
        best = -1
        children = self._children[0]
        while True:
            for i in children:  # the first that holds it: generic before scheme-specific
                span = self._nodes[i].span
                if span is not None and _holds(span, start, end):
                    best = i
                    children = self._children[i]
                    break
            else:
                break
        if best < 0:
            return INVALID
        return self.createIndex(self._row[best], 0, best)

    # --- Qt's questions ----------------------------------------------------------------

    def index(self, row: int, column: int, parent: AnyIndex = INVALID) -> QModelIndex:
        p = parent.internalId() if parent.isValid() else 0
        children = self._children[p]
        if 0 <= row < len(children) and 0 <= column < len(self.COLUMNS):
            return self.createIndex(row, column, children[row])
        return INVALID

    def parent(self, index: AnyIndex = INVALID) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return INVALID
        p = self._parent[index.internalId()]
        if p <= 0:
            return INVALID
        return self.createIndex(self._row[p], 0, p)

    def rowCount(self, parent: AnyIndex = INVALID) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        p = parent.internalId() if parent.isValid() else 0
        return len(self._children[p])

    def columnCount(self, parent: AnyIndex = INVALID) -> int:
        return len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation == HORIZONTAL and role == DISPLAY:
            return self.COLUMNS[section]
        return None

    def _holds_password(self, node: Node) -> tuple[int, int] | None:
        """The password's span within *node*'s raw text, when passwords are masked
        and the node holds it (the password row, userinfo, authority ...)."""
        span, url = self._password, self.url
        if not self.mask_password or span is None or url is None or node.span is None:
            return None
        start, end = node.span
        raw = node.raw
        if raw is None or not start <= span[0] <= span[1] <= end or span[0] - start >= len(raw):
            return None
        if not url.text.startswith(raw, start):
            return None
        return span[0] - start, min(span[1] - start, len(raw))  # a cut node: its part

    def _raw_text(self, node: Node) -> str | None:
        inner = self._holds_password(node)
        return node.raw if inner is None or node.raw is None else mask_in_text(node.raw, (inner,))

    def _decode(self, node: Node) -> str | None:
        """*node* decoded (None: not decoded); the password in it decoded on its own
        and masked."""
        url = self.url
        if url is None or node.raw is None:
            return None
        inner = self._holds_password(node)
        if inner is None or node.span is None or node.decode_as is None:
            result = decoded(url, node, self.charset)
            return None if result is None else result.text
        pieces = []
        start = node.span[0]
        for a, b in ((0, inner[0]), inner, (inner[1], len(node.raw))):
            piece = dataclasses.replace(
                node, raw=node.raw[a:b], span=(start + a, start + b), children=(), decodes=None
            )
            result = decoded(url, piece, self.charset)
            text = node.raw[a:b] if result is None else result.text
            pieces.append(mask_password(text) if (a, b) == inner else text)
        return "".join(pieces)

    def _decoded_text(self, i: int, node: Node) -> str:
        cached = self._decoded.get(i)
        if cached is None:
            if self.url is None or node.raw is None:
                cached = ""
            else:
                shown_node = _head(node)
                try:
                    text = self._decode(shown_node)
                except UnknownCharsetError as exc:
                    cached = str(exc)
                else:
                    cached = (
                        ""
                        if text is None
                        else shown(text, DISPLAY_LIMIT, keep_end=node.role in HOST_ROLES)
                    )
                    if shown_node is not node:
                        cached += "…"
            self._decoded[i] = cached
        return cached

    def data(self, index: AnyIndex, role: int = DISPLAY) -> Any:
        if not index.isValid():
            return None
        i = index.internalId()
        node = self._nodes[i]
        column = index.column()
        if role == DISPLAY:
            return self._display(i, node, column)
        if role == FOREGROUND and column == 1:
            return self._style.brush("plain" if node.raw is None else node.role)
        if role == FONT and column in (0, 1):
            if node.raw is None:
                return self._style.font("fragment")  # italic for "(undefined)"
            return self._style.font(node.role) if column == 1 else None
        if role == TOOLTIP:
            return self._tooltip(i, node, column)
        if role == SPAN_ROLE:
            return node.span
        return None

    def _display(self, i: int, node: Node, column: int) -> str | None:
        """The text of row *i*'s cell in *column*: name, raw, decoded, span, rule."""
        if column == 0:
            return node.name
        if column == 1:
            return shown(self._raw_text(node), DISPLAY_LIMIT, keep_end=node.role in HOST_ROLES)
        if column == 2:
            return "" if node.raw is None else self._decoded_text(i, node)
        if column == 3:
            return span_text(node.span)
        return node.rule

    def _tooltip(self, i: int, node: Node, column: int) -> str | None:
        """A cell of URL text may be elided: its tooltip starts with all of it."""
        if column == 2 and node.raw is not None:
            return f"{self._decoded_text(i, node)}\ndecoded as {self.charset}"
        if column == 1 and node.raw is not None:
            whole = shown(self._raw_text(node), TOOLTIP_LIMIT)
            return f"{whole}\n{node.rule}" if node.rule else whole
        return node.rule or None
