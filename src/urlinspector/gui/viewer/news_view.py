"""News: the group list (``news:*``), a group's overview (sortable: number, subject,
author, date, lines) and an article: a headers pane (From, Date, Subject, Newsgroups,
Message-ID, References; the groups and message-ids as news: links) above the body,
read in the charset its Content-Type names, with the fallback selectable.

The two tables are browsed from the keyboard as a gopher menu is (:mod:`.menu_keys`):
type-ahead on a group's name or an article's subject, Home / End, Page Up / Page
Down, Enter opens, Backspace and Alt+Up go up (an overview to the group list; an
article, where Backspace works too, to its group's overview), the Menu key and
Shift+F10 give the row's menu; the row the keyboard is on is reported
(``linkSelected``) for the status bar.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from urlinspector.gui.viewer.common import PasswordDisplay, escape, icon
from urlinspector.gui.viewer.focus_mark import FocusMarkDelegate
from urlinspector.gui.viewer.menu_keys import KeyboardBrowsing
from urlinspector.gui.viewer.news_links import NewsSource
from urlinspector.gui.viewer.text_view import DECLARED, TextView, decode_text
from urlinspector.gui.widgets.copying import install_copying
from urlinspector.present.text import visible
from urlinspector.present.verdicts import counted
from urlinspector.schemes.nntp import (
    Article,
    GroupInfo,
    GroupList,
    OverviewEntry,
    OverviewPage,
    message_id_url,
)
from urlinspector.schemes.nntp.article import parse_article, parse_date

__all__ = [
    "HEADERS_SHOWN",
    "ArticlePage",
    "Column",
    "GroupListPage",
    "OverviewListPage",
    "RowTableModel",
    "article_body",
]

HEADERS_SHOWN = ("From", "Date", "Subject", "Newsgroups", "Message-ID", "References")

T = TypeVar("T")


@dataclass(frozen=True)
class Column(Generic[T]):
    title: str
    text: Callable[[T], str]
    key: Callable[[T], Any]
    right: bool = False


class RowTableModel(QAbstractTableModel, Generic[T]):
    """A table of Python objects, one a row; sorted by the model (one ``sorted``)."""

    URL_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(
        self,
        columns: Sequence[Column[T]],
        url: Callable[[T], str | None],
        icon_name: str,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)
        self.url = url
        self.icon_name = icon_name
        self.rows: list[T] = []

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].title
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        row = self.rows[index.row()]
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return visible(column.text(row))
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 0:
            return icon(self.icon_name)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.right:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.url(row)
        if role == self.URL_ROLE:
            return self.url(row)
        return None

    def set_rows(self, rows: Sequence[T]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.columns):
            return
        self.layoutAboutToBeChanged.emit()
        key = self.columns[column].key
        self.rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutChanged.emit()

    def row(self, number: int) -> T | None:
        return self.rows[number] if 0 <= number < len(self.rows) else None


def _table(model: QAbstractTableModel) -> QTreeView:
    table = QTreeView()
    table.setModel(model)
    table.setRootIsDecorated(False)
    table.setUniformRowHeights(True)
    table.setSortingEnabled(True)
    table.setAllColumnsShowFocus(True)
    table.setMouseTracking(True)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    install_copying(table)  # Ctrl+C: the row, tab-separated; Copy as Markdown
    return table


def _none_last(value: Any) -> tuple[bool, Any]:
    return (value is None, value if value is not None else 0)


def _when(date: str) -> tuple[bool, datetime]:
    parsed = parse_date(date)
    if parsed is None:
        return (True, datetime.min)
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(UTC).replace(tzinfo=None)
    return (False, parsed)


class _LinkTable(QWidget):
    """A table of rows that lead somewhere, browsed with the keys of a menu; type-ahead
    matches column *name_column*.  Signals: ``linkActivated(str)``, ``linkHovered(str)``,
    ``linkSelected(str)`` (the row the keyboard moved to), ``parentRequested()``
    (Backspace, Alt+Up)."""

    linkActivated = Signal(str)
    linkHovered = Signal(str)
    linkSelected = Signal(str)
    parentRequested = Signal()

    def __init__(
        self, model: RowTableModel[Any], name_column: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.table = _table(model)
        self.table.setItemDelegate(FocusMarkDelegate(self.table))
        self.keys = KeyboardBrowsing(
            self.table,
            lambda _row: True,  # every group and every article leads somewhere
            parent=self.parentRequested.emit,
            moved=self._selected,
            name_column=name_column,
        )
        self.table.activated.connect(self._activated)
        self.table.entered.connect(self._entered)
        self.heading = QLabel("")
        self.heading.setWordWrap(True)
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    @Slot(QModelIndex)
    def _activated(self, index: QModelIndex) -> None:
        row = self.model.row(index.row())
        url = self.model.url(row) if row is not None else None
        if url:
            self.linkActivated.emit(url)

    def _selected(self, number: int) -> None:
        row = self.model.row(number)
        self.linkSelected.emit((self.model.url(row) or "") if row is not None else "")

    @Slot(QModelIndex)
    def _entered(self, index: QModelIndex) -> None:
        row = self.model.row(index.row())
        self.linkHovered.emit((self.model.url(row) or "") if row is not None else "")


class GroupListPage(_LinkTable):
    """``news:*``: every group, sortable by name, size, status, description."""

    def __init__(self, parent: QWidget | None = None) -> None:
        columns: list[Column[GroupInfo]] = [
            Column("Group", lambda g: g.name, lambda g: g.name.casefold()),
            Column(
                "Articles",
                lambda g: "" if g.estimated_count is None else f"{g.estimated_count:,}",
                lambda g: _none_last(g.estimated_count),
                right=True,
            ),
            Column("Status", lambda g: g.status_meaning, lambda g: g.status_meaning),
            Column("Description", lambda g: g.description or "", lambda g: g.description or ""),
        ]
        super().__init__(RowTableModel(columns, lambda g: g.url, "group"), 0, parent)
        self.setObjectName("groupList")
        self.table.setObjectName("groups")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        header = self.table.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

    def set_groups(self, groups: GroupList, server: str) -> None:
        self.model.set_rows(groups.groups)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        count = len(groups.groups)
        self.heading.setText(f"{counted(count, 'group')} on {escape(server)}")


class OverviewListPage(_LinkTable):
    """A page of a group's overview, newest first; sortable; Older articles."""

    olderRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        self.source: NewsSource | None = None
        self.group = ""
        columns: list[Column[OverviewEntry]] = [
            Column("No.", lambda e: str(e.number), lambda e: e.number, right=True),
            Column("Subject", lambda e: e.subject, lambda e: e.subject.casefold()),
            Column("From", lambda e: e.author, lambda e: e.author.casefold()),
            Column("Date", lambda e: _short_date(e.date), lambda e: _when(e.date)),
            Column(
                "Lines",
                lambda e: "" if e.lines is None else str(e.lines),
                lambda e: _none_last(e.lines),
                right=True,
            ),
        ]
        super().__init__(RowTableModel(columns, self._entry_url, "article"), 1, parent)
        self.setObjectName("overview")
        self.table.setObjectName("overviewTable")
        self.next_before: int | None = None
        self.older_button = QPushButton("&Older articles")
        self.older_button.clicked.connect(self._older)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.heading, 1)
        top.addWidget(self.older_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        header = self.table.header()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for column in (0, 2, 3, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

    def _entry_url(self, entry: OverviewEntry) -> str | None:
        """The row's article on the server the overview came from (see
        :class:`NewsSource`)."""
        if self.source is None:
            return entry.url
        return self.source.article_url(self.group, entry.number, entry.url)

    def set_page(self, page: OverviewPage, source: NewsSource, server_text: str) -> None:
        self.source = source
        self.group = page.group_name
        self.next_before = page.next_before
        self.model.set_rows(page.entries)
        self.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        status = page.group
        shown = f"articles {page.first}–{page.last}" if page.entries else "no articles on this page"
        method = f" · read with {page.method}" if page.method else ""
        self.heading.setText(
            f"<b>{escape(page.group_name)}</b> on {escape(server_text)}: about "
            f"{_articles(status.count)} ({status.low}–{status.high}); {shown}{method}"
        )
        self.older_button.setEnabled(page.next_before is not None)

    @Slot()
    def _older(self) -> None:
        if self.next_before is not None:
            self.olderRequested.emit(self.next_before)


def _articles(count: int) -> str:
    return f"{count:,} article" if count == 1 else f"{count:,} articles"


def _short_date(date: str) -> str:
    parsed = parse_date(date)
    return parsed.strftime("%Y-%m-%d %H:%M") if parsed is not None else date


def article_body(article: Article, charset: str) -> str:
    """The article's text in *charset* (:data:`DECLARED`: as it was decoded, in the
    charset its Content-Type names, else the fallback the fetch used)."""
    if charset == DECLARED:
        return article.body
    if article.charset_source == "fallback" and article.raw:
        lines = article.raw.split(b"\r\n")
        if lines and lines[-1] == b"":
            lines.pop()
        return parse_article(lines, number=article.number, fallback_charset=charset).body
    return decode_text(article.body.encode(article.charset, "replace"), charset)


class ArticlePage(QWidget):
    """An article: its headers, linked, above its body.  Backspace (and the pane's
    Alt+Up) asks for the group's overview: ``parentRequested()``."""

    linkActivated = Signal(str)
    linkHovered = Signal(str)
    linkDescribed = Signal(str)
    """A header link pointed at whose URL does not say which server it asks: the
    status line for it (the URL, then the server it asks)."""
    parentRequested = Signal()

    def __init__(
        self, parent: QWidget | None = None, *, passwords: PasswordDisplay | None = None
    ) -> None:
        super().__init__(parent)
        self.passwords = passwords or PasswordDisplay()
        """Whether the links' notes show passwords (the pane's switch)."""
        self.setObjectName("articlePage")
        self.article: Article | None = None
        self.source: NewsSource | None = None
        self.header_links: list[str] = []
        self.header_notes: list[str] = []
        """For each of :attr:`header_links`: what it says it asks (its tooltip), or ""."""
        self.headers = QTextBrowser()
        self.headers.setObjectName("articleHeaders")
        self.headers.setOpenLinks(False)
        self.headers.anchorClicked.connect(self._header_link)
        self.headers.highlighted.connect(self._header_hovered)
        self.body = TextView()
        self.body.setObjectName("articleBody")
        self.body.linkActivated.connect(self.linkActivated)
        self.body.linkHovered.connect(self.linkHovered)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.headers)
        self.splitter.addWidget(self.body)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 4)
        rows = len(HEADERS_SHOWN) + 1
        self.headers.setMinimumHeight(self.headers.fontMetrics().lineSpacing() * rows + 16)
        self.splitter.setSizes([self.headers.minimumHeight(), 600])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        up = QAction("Up to the &group", self)
        up.setShortcut(QKeySequence(Qt.Key.Key_Backspace))
        up.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        up.triggered.connect(self.parentRequested)
        self.addAction(up)

    def group_above(self, recent: str = "") -> str | None:
        """The news: URL of the article's group: *recent* (the group whose overview was
        shown last) when the article is posted there, else the first it names."""
        if self.article is None:
            return None
        urls = self.article.newsgroup_urls
        return next((url for group, url in urls if group == recent), urls[0][1] if urls else None)

    def set_article(
        self, article: Article, *, charset: str = DECLARED, source: NewsSource | None = None
    ) -> None:
        """Show *article*, read from *source*: its groups link to that server when an
        nntp: URL named it; its message-ids link to news: URLs, saying which server they
        ask (:class:`NewsSource`)."""
        self.article = article
        self.source = source
        self.header_links = []
        self.header_notes = []
        rows = []
        for name in HEADERS_SHOWN:
            value = article.header(name)
            if value is None:
                continue
            if name == "Newsgroups":
                cell = ", ".join(
                    self._link(source.group_url(group) if source else url, group)
                    for group, url in article.newsgroup_urls
                )
            elif name == "Message-ID":
                cell = self._message_id_link(value)
            elif name == "References":
                cell = " ".join(self._message_id_link(mid) for mid in article.references)
            else:
                cell = escape(visible(value))
            rows.append(
                f"<tr><td style='padding-right:10px'><b>{escape(name)}</b></td><td>{cell}</td></tr>"
            )
        self.headers.setHtml(f"<table cellspacing='2'>{''.join(rows)}</table>")
        charset_from = (
            f"charset {article.charset} from its Content-Type"
            if article.charset_source == "content-type"
            else f"no charset declared: read as {article.charset}"
        )
        info = f"{article.content_type}, {charset_from}"
        if article.attachments:
            info += f"; {len(article.attachments)} other part(s) not shown"
        for note in article.notes:  # (what the CLI writes as "note:" lines)
            info += f"; {visible(note)}"
        self.body.set_decoder(
            lambda cs: article_body(article, cs), charset, info, declared=article.charset
        )

    def _message_id_link(self, message_id: str) -> str:
        url = message_id_url(message_id)
        if url is None:  # (no "@": a news: URL would name a group)
            return escape(visible(message_id))
        note = self.source.message_id_note() if self.source is not None else ""
        return self._link(url, message_id, note)

    def _link(self, url: str, text: str, note: str = "") -> str:
        self.header_links.append(url)
        self.header_notes.append(note)
        title = f" title='{escape(f'{self.passwords.url(url)}: {note}')}'" if note else ""
        return f"<a href='link:{len(self.header_links) - 1}'{title}>{escape(visible(text))}</a>"

    def _url(self, url: QUrl) -> str | None:
        text = url.toString()
        if not text.startswith("link:"):
            return None
        try:
            return self.header_links[int(text[5:])]
        except (ValueError, IndexError):
            return None

    @Slot(QUrl)
    def _header_link(self, url: QUrl) -> None:
        target = self._url(url)
        if target is not None:
            self.linkActivated.emit(target)

    @Slot(QUrl)
    def _header_hovered(self, url: QUrl) -> None:
        target = self._url(url)
        note = self._note(url)
        if target is not None and note and self.source is not None and self.source.named:
            self.linkDescribed.emit(f"{self.passwords.url(target)} · {note}")
            return
        self.linkHovered.emit(target or "")

    def _note(self, url: QUrl) -> str:
        text = url.toString()
        try:
            return self.header_notes[int(text[5:])] if text.startswith("link:") else ""
        except (ValueError, IndexError):
            return ""
