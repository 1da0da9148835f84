"""Gopher+ beside a menu (Gopher+ §2): the attribute blocks of one item (+INFO, +ADMIN,
+ABSTRACT, +VIEWS, +ASK), its alternate views, and its electronic form as a dialog;
the URLs that ask for them (RFC 1738 §3.4.5, §3.4.8, §3.4.9)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from urlinspector.gui.viewer.common import escape, icon
from urlinspector.present.text import visible
from urlinspector.schemes.gopher import (
    AskField,
    Attribute,
    MenuItem,
    View,
    item_url,
    parse_ask,
    parse_views,
    type_name,
)

__all__ = ["AskDialog", "AttributesPanel", "ask_data", "attributes_url", "view_url"]


def attributes_url(item: MenuItem, command: str = "!") -> str | None:
    """The URL that asks for a Gopher+ item's attributes (RFC 1738 §3.4.5: ``%09%09!``)."""
    return item_url(
        item.itemtype, item.selector, item.host, item.port, gopher_plus=command, tls=item.tls
    )


def view_url(item: MenuItem, view: View) -> str | None:
    """The URL of one of the item's alternate views (RFC 1738 §3.4.8: ``%09%09+type lang``)."""
    return item_url(
        item.itemtype,
        item.selector,
        item.host,
        item.port,
        gopher_plus=view.gopher_plus,
        tls=item.tls,
    )


def ask_data(values: list[str]) -> str:
    """The Gopher+ string of a filled-in +ASK form (RFC 1738 §3.4.9): ``+ TAB 1 CRLF``,
    ``+-1 CRLF``, each value and CRLF, then ``. CRLF``.  A value's own line breaks
    become spaces (a line holding only ``.`` would end the form early)."""
    lines = []
    for value in values:
        one = " ".join(value.splitlines())
        lines.append(" ." if one == "." else one)
    return "+\t1\r\n+-1\r\n" + "".join(f"{line}\r\n" for line in lines) + ".\r\n"


class AskDialog(QDialog):
    """A Gopher+ electronic form (+ASK, Gopher+ §2.8) as a dialog; ``values()`` after
    it is accepted."""

    def __init__(self, fields: tuple[AskField, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("askDialog")
        self.setWindowTitle("Gopher+ form")
        self.fields = fields
        self.editors: list[QLineEdit] = []
        form = QFormLayout()
        for f in fields:
            editor = QLineEdit(f.choices[0] if f.choices else "")
            if f.kind == "AskP":
                editor.setEchoMode(QLineEdit.EchoMode.Password)
            if f.kind in ("Choose", "Select", "ChooseF") and f.choices:
                editor.setToolTip("choices: " + ", ".join(f.choices))
            self.editors.append(editor)
            form.addRow(escape(f.prompt) or f.kind, editor)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def values(self) -> list[str]:
        return [e.text() for e in self.editors]


class AttributesPanel(QWidget):
    """The Gopher+ attribute blocks of one item, its views (activate one to open it),
    and its form (+ASK).  Signals: ``urlRequested(str)``, ``formRequested(object)``
    (the item, with the +ASK fields in :attr:`ask_fields`)."""

    urlRequested = Signal(str)
    formRequested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gopherAttributes")
        self.item: MenuItem | None = None
        self.attributes: tuple[Attribute, ...] = ()
        self.views: tuple[View, ...] = ()
        self.ask_fields: tuple[AskField, ...] = ()
        self.title = QLabel("<b>Gopher+ attributes</b>")
        self.title.setWordWrap(True)
        self.text = QTextBrowser()
        self.text.setObjectName("attributesText")
        self.text.setOpenLinks(False)
        self.views_label = QLabel("Views (activate one to open it):")
        self.views_list = QListWidget()
        self.views_list.setObjectName("viewsList")
        self.views_list.itemActivated.connect(self._view_activated)
        self.form_button = QPushButton("Fill in the fo&rm…")
        self.form_button.clicked.connect(self._form_requested)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.text, 3)
        layout.addWidget(self.views_label)
        layout.addWidget(self.views_list, 1)
        layout.addWidget(self.form_button)
        self.set_attributes(None, ())

    def set_loading(self, item: MenuItem) -> None:
        self.item = item
        self.title.setText(f"<b>Gopher+ attributes</b> of {escape(visible(item.display))}")
        self.text.setPlainText("Asking the server for the attributes (!)…")
        self.views_list.clear()
        self.views_label.hide()
        self.views_list.hide()
        self.form_button.hide()

    def set_error(self, message: str) -> None:
        self.text.setPlainText(message)

    def set_attributes(self, item: MenuItem | None, attributes: tuple[Attribute, ...]) -> None:
        self.item = item
        self.attributes = attributes
        self.views = ()
        self.ask_fields = ()
        if item is not None:
            self.title.setText(f"<b>Gopher+ attributes</b> of {escape(visible(item.display))}")
        blocks = []
        for block in attributes:
            lines = [block.value] if block.value else []
            if block.name == "INFO" and block.item is not None:
                info = block.item
                lines = [f"{type_name(info.itemtype)}: {info.display}"]
                if info.url:
                    lines.append(info.url)
            lines += list(block.lines)
            body = escape("\n".join(visible(x) for x in lines))
            blocks.append(
                f"<p><b>+{escape(block.name)}</b></p>"
                f"<p style='white-space:pre-wrap; font-family:monospace'>{body}</p>"
            )
            if block.name == "VIEWS":
                self.views = parse_views(block)
            elif block.name == "ASK":
                self.ask_fields = parse_ask(block)
        self.text.setHtml("".join(blocks) or "<i>no attributes</i>")
        self.views_list.clear()
        for view in self.views:
            label = view.content_type + (f" ({view.language})" if view.language else "")
            if view.size:
                label += f" — {view.size}"
            entry = QListWidgetItem(
                icon("text" if "text" in view.content_type else "binary"), label
            )
            url = view_url(item, view) if item is not None else None
            entry.setData(Qt.ItemDataRole.UserRole, url)
            entry.setToolTip(url or "")
            self.views_list.addItem(entry)
        has_views = bool(self.views)
        self.views_label.setVisible(has_views)
        self.views_list.setVisible(has_views)
        self.form_button.setVisible(bool(self.ask_fields))

    @Slot()
    def _form_requested(self) -> None:
        self.formRequested.emit(self.item)

    @Slot(QListWidgetItem)
    def _view_activated(self, entry: QListWidgetItem) -> None:
        url = entry.data(Qt.ItemDataRole.UserRole)
        if url:
            self.urlRequested.emit(url)
