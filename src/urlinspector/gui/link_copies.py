"""Copy defanged and Copy clean link: the address written so that no program makes a
link of it (``hxxps://evil[.]example/x``, for a ticket: :mod:`urlinspector.core.defang`),
or without its tracking parameters (ClearURLs' rules: :mod:`urlinspector.core.clean`),
as ``urlinspector defang`` and ``urlinspector clean`` print it.

:class:`LinkCopies` holds the two actions, each with its shortcut
(:data:`DEFANGED_SHORTCUT`, :data:`CLEAN_SHORTCUT`); the window's Edit menu and the
address bar's context menu show them.  As Copy normalized URL does, the clipboard gets
the URL itself (a copy asked for on purpose) and the status bar says what was copied,
the password masked while passwords are hidden.  A link with nothing to clean is not
copied: the status bar says so, and names a redirect link the rules know (never
followed) or a tracker as a whole.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow

from urlinspector.core import URL
from urlinspector.core.clean import Cleaned, clean
from urlinspector.core.defang import Defanged, defang
from urlinspector.data import clearurls
from urlinspector.gui.widgets.address_area import AddressArea
from urlinspector.present.inspection import parsed
from urlinspector.present.masking import mask_known, passwords_of
from urlinspector.present.text import shown, visible

__all__ = [
    "CLEAN_SHORTCUT",
    "DEFANGED_SHORTCUT",
    "MESSAGE_MS",
    "CopiesHost",
    "LinkCopies",
    "clean_notes",
    "defanged_notes",
]

DEFANGED_SHORTCUT = "Ctrl+Shift+D"
CLEAN_SHORTCUT = "Ctrl+Shift+L"
MESSAGE_MS = 8000
"""How long the status bar says what was copied."""
SHOWN_LIMIT = 160
"""Characters of a copied URL the status bar shows."""
EMPTY = "Nothing to copy: the address bar is empty."


class CopiesHost(Protocol):
    """What the copies use of the window."""

    @property
    def address_area(self) -> AddressArea: ...

    @property
    def edition(self) -> str: ...

    @property
    def masking(self) -> bool: ...


def defanged_notes(result: Defanged) -> list[str]:
    """What the status bar adds to a defanged copy: the recipient identifiers dropped,
    a text that does not re-fang to the URL."""
    notes = [f"dropped {r.where} of the {r.wrapper} link ({r.holds})" for r in result.dropped]
    if not result.round_trip:
        back = "nothing" if result.refangs_to is None else shown(result.refangs_to, SHOWN_LIMIT)
        notes.append(f"it re-fangs to {back}, not to the URL")
    return notes


def clean_notes(result: Cleaned) -> list[str]:
    """What a clean link does not say: where a redirect link leads (not followed), a
    provider that is a tracker as a whole."""
    notes = [
        f"it is a redirect link of {r.provider} (ClearURLs) to "
        f"{shown(r.target, SHOWN_LIMIT)}, not followed"
        for r in result.redirections
    ]
    notes += [f"{name} is a tracker as a whole (ClearURLs blocks it)" for name in result.blocked_by]
    return notes


class LinkCopies(QObject):
    """The actions Copy defanged URL and Copy clean link of the window *host*, whose
    status bar is *window*'s."""

    def __init__(self, host: CopiesHost, window: QMainWindow) -> None:
        super().__init__(window)
        self.host = host
        self.window = window
        self.defanged_action = QAction("Copy defan&ged URL", window)
        self.defanged_action.setObjectName("copyDefangedAction")
        self.defanged_action.setShortcut(QKeySequence(DEFANGED_SHORTCUT))
        self.defanged_action.setToolTip(
            "the address as hxxps://evil[.]example/…, which no program makes a link of "
            f"(for a ticket; extract re-fangs it) ({DEFANGED_SHORTCUT})"
        )
        self.defanged_action.triggered.connect(self.copy_defanged)
        self.clean_action = QAction("Copy c&lean link", window)
        self.clean_action.setObjectName("copyCleanAction")
        self.clean_action.setShortcut(QKeySequence(CLEAN_SHORTCUT))
        self.clean_action.setToolTip(
            "the address without its tracking parameters (utm_source, fbclid, …: "
            f"ClearURLs' rules) ({CLEAN_SHORTCUT})"
        )
        self.clean_action.triggered.connect(self.copy_clean)

    @property
    def actions(self) -> tuple[QAction, QAction]:
        return self.defanged_action, self.clean_action

    def _address(self) -> URL | None:
        text = self.host.address_area.address.text()
        return parsed(text, self.host.edition) if text.strip() else None

    def _say(self, message: str, url: URL) -> None:
        if self.host.masking:
            message = mask_known(message, passwords_of(url))
        self.window.statusBar().showMessage(visible(message), MESSAGE_MS)

    @Slot()
    def copy_defanged(self) -> str | None:
        """Copy the address defanged (its recipient identifiers dropped first); the
        text copied, or None for an empty address."""
        url = self._address()
        if url is None:
            self.window.statusBar().showMessage(EMPTY, MESSAGE_MS)
            return None
        result = defang(url)
        QGuiApplication.clipboard().setText(result.text)
        message = f"Copied the defanged URL: {shown(result.text, SHOWN_LIMIT)}"
        self._say("; ".join([message, *defanged_notes(result)]), url)
        return result.text

    @Slot()
    def copy_clean(self) -> str | None:
        """Copy the address as browsers read it, without its tracking parameters; the
        text copied, or None when there was nothing to remove (or no URL browsers
        read), which the status bar says."""
        url = self._address()
        if url is None:
            self.window.statusBar().showMessage(EMPTY, MESSAGE_MS)
            return None
        result = clean(url, clearurls())
        notes = clean_notes(result)
        if result.clean is None:
            self._say(f"Nothing copied: browsers reject this URL ({result.error}).", url)
            return None
        if not result.changed:
            message = "Nothing to clean: ClearURLs' rules name no tracking parameter here"
            self._say("; ".join([message, *notes]) + "; nothing was copied.", url)
            return None
        QGuiApplication.clipboard().setText(result.clean)
        names = ", ".join(dict.fromkeys(r.key or r.raw for r in result.removed))
        message = f"Copied the clean link, without {names}: {shown(result.clean, SHOWN_LIMIT)}"
        self._say("; ".join([message, *notes]), url)
        return result.clean
