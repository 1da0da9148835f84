"""The questions the viewer asks before or during a fetch: connect to another service's
port, the words to search for, a password; and the news server for news: URLs.  Each
opens window-modal (``open()``), follows the window's zoom, and answers through a
callback."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

from urlinspector.gui.zoom import follow_zoom

__all__ = ["PasswordAsker", "SessionPasswords", "ask_password", "ask_port", "ask_search"]


def ask_port(
    parent: QWidget,
    shown_url: str,
    warning: str,
    answered: Callable[[bool], None],
    *,
    title: str = "Connect to this port?",
    go_on: str = "&Connect anyway",
) -> QMessageBox:
    """Ask whether to go on: to connect to a port that belongs to another service (RFC
    1738 §6), or to open a local file a remote page links to; Cancel is the default."""
    box = QMessageBox(parent)
    box.setObjectName("portWarning")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(f"<b>{html.escape(shown_url, quote=False)}</b>")
    box.setInformativeText(warning[:1].upper() + warning[1:] + ".")
    connect = box.addButton(go_on, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)

    def finished(_result: int) -> None:
        answered(box.clickedButton() is connect)

    box.finished.connect(finished)
    follow_zoom(box).open()
    return box


def ask_search(parent: QWidget, accepted: Callable[[str], None]) -> QInputDialog:
    """Ask for the words a gopher search item is sent (RFC 1738 §3.4.2)."""
    dialog = QInputDialog(parent)
    dialog.setObjectName("searchDialog")
    dialog.setWindowTitle("Search")
    dialog.setLabelText(
        "Words to search for (sent after a TAB with the selector, RFC 1738 §3.4.2):"
    )
    dialog.setInputMode(QInputDialog.InputMode.TextInput)
    dialog.textValueSelected.connect(accepted)
    follow_zoom(dialog).open()
    return dialog


def ask_password(
    parent: QWidget, user: str, where: str, answered: Callable[[str | None], None]
) -> QInputDialog:
    """Ask for *user*'s password at *where*; *answered* gets None when the person gives
    up.  The dialog forgets the text once answered."""
    dialog = QInputDialog(parent)
    dialog.setObjectName("passwordDialog")
    dialog.setWindowTitle("Password")
    dialog.setLabelText(f"The server at {where} asks for the password of {user}:")
    dialog.setTextEchoMode(QLineEdit.EchoMode.Password)

    def finished(result: int) -> None:
        accepted = result == QDialog.DialogCode.Accepted
        answer = dialog.textValue() if accepted else None
        dialog.setTextValue("")  # the password is not kept in the dialog
        answered(answer)

    dialog.finished.connect(finished)
    follow_zoom(dialog).open()
    return dialog


class SessionPasswords:
    """Passwords given in this session, by user and server (``host:port``): the next
    fetch from the same server does not ask again.  Kept in memory only, never written
    to the settings or any file; one that the server refuses is forgotten."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], str] = {}

    def get(self, user: str, where: str) -> str | None:
        return self._known.get((user, where))

    def remember(self, user: str, where: str, password: str) -> None:
        self._known[(user, where)] = password

    def forget(self, user: str, where: str) -> None:
        self._known.pop((user, where), None)

    def clear(self) -> None:
        self._known.clear()


class PasswordAsker:
    """Answers a fetch's password question: from :class:`SessionPasswords` when this
    session gave one for the user at that server, else with :func:`ask_password`.  A
    password the server refuses (the fetch fails) is forgotten."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        self.passwords = SessionPasswords()
        self.dialog: QInputDialog | None = None
        """The password dialog open now, if any."""
        self._given: dict[object, tuple[str, str]] = {}

    def ask(
        self,
        key: object,
        user: str,
        where: str,
        answer: Callable[[str | None], None],
    ) -> None:
        """Answer the fetch *key* (its signals) asking for *user*'s password at *where*."""
        known = self.passwords.get(user, where)
        if known is not None and key not in self._given:
            self._given[key] = (user, where)
            answer(known)  # given earlier in this session
            return

        def answered(password: str | None) -> None:
            if password is not None:
                self.passwords.remember(user, where, password)
                self._given[key] = (user, where)
            self.dialog = None
            answer(password)

        self.dialog = ask_password(self.parent, user, where, answered)

    def ended(self, key: object, refused: bool) -> None:
        """The fetch *key* ended; *refused*: it failed on the server's side, so the
        password it was given may be wrong."""
        given = self._given.pop(key, None)
        if given is not None and refused:
            self.passwords.forget(*given)
