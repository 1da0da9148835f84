"""What Enter does in the address bar, shown beside it.

Enter inspects while the inspector is shown (nothing is fetched) and fetches while the
viewer is shown, as a browser's address bar does.  The bar says which: a mark beside
it (``↵ inspect`` or ``↵ fetch``, with a tooltip that says what the other key does),
the placeholder of an empty bar, and the button after it, which does what Enter does
(**Inspect** or **Open**); the button's menu holds the other act, so fetching from
the inspector stays one click away and is never the default.  The mark's ↵ (the
Return key's symbol) is drawn by the common fonts, where a pictograph may show as an
empty box.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu, QToolButton, QWidget

from urlinspector.gui.widgets.address_bar import UrlEdit

__all__ = ["FETCH", "INSPECT", "MODES", "AddressMode", "Mode"]

INSPECT = "inspect"
FETCH = "fetch"


@dataclass(frozen=True, slots=True)
class Mode:
    """How the address bar reads in one mode."""

    mark: str
    """Beside the bar."""
    button: str
    """The button's text (what Enter does)."""
    tooltip: str
    """The mark's and the button's tooltip."""
    placeholder: str
    """The empty bar's grey text."""


MODES: dict[str, Mode] = {
    INSPECT: Mode(
        mark="↵ inspect",
        button="Inspect",
        tooltip="Enter inspects the URL: nothing is fetched, no server is contacted.\n"
        "Alt+Enter (or this button's menu) opens it in the viewer: that fetches it.",
        placeholder="Type or paste a URL (Ctrl+L); Enter inspects it",
    ),
    FETCH: Mode(
        mark="↵ fetch",
        button="Open",
        tooltip="Enter fetches the URL and shows it in the viewer, as a browser does.\n"
        "Ctrl+1 (Go ▸ Inspector) goes back to inspecting, where Enter fetches nothing.",
        placeholder="Type or paste a URL (Ctrl+L); Enter fetches it",
    ),
}


class AddressMode:
    """The mark beside the address bar and the button's two acts (see the module
    description).  :attr:`enter_action` does what Enter does; :meth:`set_fetch_action`
    gives the button the window's fetch (File ▸ Open in the viewer) for its menu."""

    def __init__(self, address: UrlEdit, button: QToolButton, parent: QWidget) -> None:
        self.address = address
        self.button = button
        self.mode = ""
        self.mark = QLabel()
        self.mark.setObjectName("addressMode")
        self.mark.setAccessibleName("What Enter does")
        self.mark.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.enter_action = QAction(parent)
        self.enter_action.setObjectName("enterAction")
        self.enter_action.triggered.connect(address.commit)
        self.other = QMenu(button)
        self.other.setObjectName("addressButtonMenu")
        button.setDefaultAction(self.enter_action)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        button.setMenu(self.other)
        self.set_mode(INSPECT)

    def set_fetch_action(self, action: QAction) -> None:
        """The window's fetch (Alt+Enter), offered in the button's menu."""
        self.other.clear()
        self.other.addAction(action)

    def set_mode(self, name: str) -> None:
        """Show what Enter does now: :data:`INSPECT` or :data:`FETCH`."""
        mode = MODES[name]
        self.mode = name
        self.mark.setText(mode.mark)
        self.mark.setToolTip(mode.tooltip)
        self.enter_action.setText(mode.button)
        self.enter_action.setToolTip(mode.tooltip)
        self.address.setPlaceholderText(mode.placeholder)
