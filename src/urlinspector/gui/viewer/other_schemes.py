"""URLs the viewer explains instead of fetching, and the message page.

* ``http``/``https``: offered to the system browser (``QDesktopServices``);
* ``telnet``/``tn3270``: an interactive session, not a document (RFC 1738 §3.8): the user
  and password in the URL are advice for the person, shown, and the system's telnet
  handler is offered;
* ``mailto``: the address, and the system's mail client (RFC 1738 §3.5);
* ``wais`` (RFC 1738 §3.9) and ``prospero`` (RFC 1738 §3.11): their parts, inspected, not fetched;
* any other scheme: what it is, and the system handler if there is one.

``file:`` URLs are shown by the viewer itself (folders as a listing, files as text or
images); see :func:`urlinspector.gui.viewer.tasks.file_task`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import URL
from urlinspector.core.specific import MailtoFields, ProsperoFields, TelnetFields, WaisFields
from urlinspector.gui.viewer.common import PasswordDisplay, escape
from urlinspector.present.text import masked, visible

__all__ = [
    "EXPLAINED_SCHEMES",
    "Explanation",
    "MessagePage",
    "SchemePage",
    "explain",
]

EXPLAINED_SCHEMES = frozenset({"http", "https", "telnet", "tn3270", "mailto", "wais", "prospero"})


@dataclass(frozen=True)
class Explanation:
    """What the viewer says about a URL it does not fetch."""

    title: str
    html: str
    details: tuple[tuple[str, str], ...] = ()
    """Name and value of the parts worth showing (as decoded by the core)."""
    password: str | None = None
    """A telnet URL's password: shown masked until asked (RFC 1738 §3.8 advice)."""
    action: str | None = None
    """The label of the button that hands the URL to the system, or None."""
    notes: tuple[str, ...] = field(default=())


def _text(value: bytes | None) -> str | None:
    """A decoded field's octets as text."""
    return None if value is None else value.decode("utf-8", "replace")


def _wais_details(fields: WaisFields) -> list[tuple[str, str]]:
    """The database, search, type and document-id a wais URL gives (RFC 1738 §3.9)."""
    named = (
        ("Database", fields.database),
        ("Search", fields.search),
        ("WAIS type", fields.wtype),
        ("WAIS document-id", fields.wpath),
    )
    return [
        (label, value.decode("utf-8", "replace")) for label, value in named if value is not None
    ]


def _prospero_details(fields: ProsperoFields) -> list[tuple[str, str]]:
    """The hsoname, version and fieldspecs a prospero URL gives (RFC 1738 §3.11)."""
    details = []
    if fields.hsoname is not None:
        details.append(("hsoname", fields.hsoname.decode("utf-8", "replace")))
    if fields.version is not None:
        details.append(("Version", fields.version))
    details += [(f"Field {name}", value) for name, value in fields.fieldspecs]
    return details


def explain(url: URL) -> Explanation:
    """The explanation for *url* (any scheme)."""
    parsed = url
    scheme = (parsed.scheme or "").lower()
    fields = parsed.scheme_fields
    host = parsed.host or ""
    if scheme in ("http", "https"):
        return Explanation(
            "A web page",
            f"urlinspector inspects {scheme} URLs but does not fetch them: it is no web "
            "browser.  Open the page in the system's browser, or look at the URL's parts "
            "in the inspector.",
            (("Host", host), ("Path", parsed.path or "/")),
            action="Open in the bro&wser",
        )
    if scheme in ("telnet", "tn3270"):
        port = parsed.port or "23"
        telnet = fields if isinstance(fields, TelnetFields) else None  # (tn3270 has none)
        user = None if telnet is None else _text(telnet.user)
        password = None if telnet is None else _text(telnet.password)
        details = [("Host", host), ("Port", port)]
        if user is not None:
            details.append(("Suggested user", user))
        advice = (
            'The user and password in a telnet URL are advisory only: clients "merely '
            'advise the user of the suggested username and password" (RFC 1738 §3.8). '
            "Nothing is sent for you."
            if user is not None
            else "The URL suggests no user name."
        )
        return Explanation(
            "An interactive session" + (" (tn3270)" if scheme == "tn3270" else " (telnet)"),
            "This URL designates an interactive service, not a document (RFC 1738 §3.8); "
            f"it is not fetched.  {advice}",
            tuple(details),
            password=password,
            action="Open with the system's &telnet program",
        )
    if scheme == "mailto":
        written = fields.addr_spec if isinstance(fields, MailtoFields) else None
        address = _text(written) or parsed.path or ""
        return Explanation(
            "A mail address",
            "A mailto URL designates an Internet mail address (RFC 1738 §3.5); it names no "
            "document to fetch.  Write to it with the system's mail client.",
            (("Address", address),),
            action="&Write with the mail client",
        )
    if scheme == "wais":
        details = [("Host", host), ("Port", parsed.port or "210")]
        if isinstance(fields, WaisFields):
            details += _wais_details(fields)
        return Explanation(
            "A WAIS database, search or document",
            "WAIS (RFC 1738 §3.9, RFC 1625) is inspected, not fetched: urlinspector shows "
            "the URL's parts but does not speak the WAIS protocol, and public WAIS "
            "servers are long gone.",
            tuple(details),
        )
    if scheme == "prospero":
        details = [("Host", host), ("Port", parsed.port or "1525")]
        if isinstance(fields, ProsperoFields):
            details += _prospero_details(fields)
        return Explanation(
            "A Prospero object",
            "Prospero (RFC 1738 §3.11) is inspected, not fetched: urlinspector shows the "
            "host-specific object name and the field specifications but does not speak "
            "the Prospero Directory Service protocol.",
            tuple(details),
        )
    if not scheme:
        return Explanation(
            "Not an absolute URL",
            "A relative reference names nothing on its own: resolve it against a base "
            "URL first (the Base field).",
        )
    return Explanation(
        f"A {scheme} URL",
        f"The viewer fetches gopher, ftp, news, nntp and file URLs; {escape(scheme)} "
        "URLs are inspected only.  The system may have a program for them.",
        action="Open with the s&ystem",
    )


class SchemePage(QWidget):
    """An :class:`Explanation` with its details and its action button.

    ``opened(str)`` is emitted after the URL was handed to the system.
    """

    opened = Signal(str)

    def __init__(
        self, parent: QWidget | None = None, *, passwords: PasswordDisplay | None = None
    ) -> None:
        super().__init__(parent)
        self.passwords = passwords or PasswordDisplay()
        """Whether the URL shows its password (the pane's switch)."""
        self.setObjectName("schemePage")
        self.url = ""
        self.explanation: Explanation | None = None
        self.title = QLabel("")
        self.title.setObjectName("schemeTitle")
        self.text = QLabel("")
        self.text.setObjectName("schemeText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.url_label = QLabel("")
        self.url_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.url_label.setWordWrap(True)
        self.form = QFormLayout()
        self.show_password: QCheckBox | None = None
        self.password_label: QLabel | None = None
        self.action_button = QPushButton("")
        self.action_button.setObjectName("systemHandler")
        self.action_button.clicked.connect(self.open_with_system)
        buttons = QHBoxLayout()
        buttons.addWidget(self.action_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(10)
        layout.addWidget(self.title)
        layout.addWidget(self.url_label)
        layout.addWidget(self.text)
        layout.addLayout(self.form)
        layout.addLayout(buttons)
        layout.addStretch(1)

    def show_url(self, url: URL) -> Explanation:
        explanation = explain(url)
        self.url = url.text
        self.explanation = explanation
        self.title.setText(f"<h2>{escape(explanation.title)}</h2>")
        self._show_url_label(show_password=False)
        self.text.setText(explanation.html)
        while self.form.rowCount():
            self.form.removeRow(0)
        self.show_password = None
        self.password_label = None
        for name, value in explanation.details:
            label = QLabel(escape(visible(value)))
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.form.addRow(f"{name}:", label)
        if explanation.password is not None:
            self.show_password = QCheckBox("Show the suggested &password")
            self.show_password.toggled.connect(self._password_toggled)
            self.password_label = QLabel("")
            self.password_label.setObjectName("suggestedPassword")
            self.password_label.setTextInteractionFlags(
                Qt.TextInteractionFlag.TextSelectableByMouse
            )
            row = QHBoxLayout()
            row.addWidget(self.password_label)
            row.addWidget(self.show_password)
            row.addStretch(1)
            self.form.addRow("Suggested password:", row)
            self._password_toggled(False)
        self.action_button.setVisible(explanation.action is not None)
        self.action_button.setText(explanation.action or "")
        return explanation

    def _show_url_label(self, *, show_password: bool) -> None:
        url = self.url if show_password else self.passwords.url(self.url)
        self.url_label.setText(f"<code>{escape(visible(url))}</code>")

    @Slot(bool)
    def _password_toggled(self, show: bool) -> None:
        password = self.explanation.password if self.explanation is not None else None
        if password is None or self.password_label is None:
            return
        self._show_url_label(show_password=show)
        self.password_label.setText(escape(visible(password)) if show else masked(password) or "")

    @Slot()
    def open_with_system(self) -> bool:
        """Hand the URL to the system (browser, mail client, telnet program)."""
        ok = QDesktopServices.openUrl(QUrl(self.url, QUrl.ParsingMode.TolerantMode))
        if ok:
            self.opened.emit(self.url)
        else:
            self.text.setText(
                self.explanation.html + "<p><i>The system has no program for this URL.</i></p>"
                if self.explanation is not None
                else "The system has no program for this URL."
            )
        return bool(ok)


ACTION_KEY = "actionKey"
"""The property of a message page's button that holds its key."""


class MessagePage(QWidget):
    """A message in place of a page: an error, a note, with up to two buttons.

    ``actionTriggered(str)`` carries the key of the button pressed.
    """

    actionTriggered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messagePage")
        self.title = QLabel("")
        self.title.setObjectName("messageTitle")
        self.text = QLabel("")
        self.text.setObjectName("messageText")
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons: list[QPushButton] = []
        self._button_row = QHBoxLayout()
        self._button_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(10)
        layout.addWidget(self.title)
        layout.addWidget(self.text)
        layout.addLayout(self._button_row)
        layout.addStretch(1)

    def show_message(
        self, title: str, text: str, actions: tuple[tuple[str, str], ...] = ()
    ) -> None:
        """*title*, *text* (plain) and buttons ``(key, label)``."""
        self.title.setText(f"<h2>{escape(title)}</h2>")
        self.text.setText(text)
        for button in self.buttons:
            self._button_row.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        for key, label in actions:
            button = QPushButton(label)
            button.setObjectName(f"action-{key}")
            button.setProperty(ACTION_KEY, key)
            button.clicked.connect(self._button_clicked)
            self._button_row.insertWidget(len(self.buttons), button)
            self.buttons.append(button)

    @Slot()
    def _button_clicked(self) -> None:
        key = self.sender().property(ACTION_KEY)
        if isinstance(key, str):
            self.actionTriggered.emit(key)
