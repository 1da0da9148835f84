"""The viewer's tool bar: Back, Forward (each holding the history in a menu), Up a level,
Reload,
Stop, a line that says what is shown and from which server, and a progress bar."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QProgressBar, QStyle, QToolBar, QToolButton, QWidget

__all__ = ["NavigationBar"]


class NavigationBar(QToolBar):
    """The tool bar; its actions belong to *owner* (shortcuts work in the owner and its
    children)."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__("Navigation")
        self.setObjectName("viewerToolbar")
        style = owner.style()

        def action(text: str, pixmap: QStyle.StandardPixmap, keys: list[str], tip: str) -> QAction:
            act = QAction(style.standardIcon(pixmap), text, owner)
            act.setShortcuts([QKeySequence(k) for k in keys])
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.setToolTip(f"{tip} ({', '.join(keys)})")
            owner.addAction(act)
            self.addAction(act)
            return act

        pixmaps = QStyle.StandardPixmap
        self.back_action = action("&Back", pixmaps.SP_ArrowBack, ["Alt+Left"], "the previous page")
        self.forward_action = action(
            "&Forward", pixmaps.SP_ArrowForward, ["Alt+Right"], "the next page"
        )
        self.up_action = action(
            "&Up a level",
            pixmaps.SP_FileDialogToParent,
            ["Alt+Up"],
            "the menu or directory above (Backspace in a menu or a listing)",
        )
        self.reload_action = action(
            "&Reload", pixmaps.SP_BrowserReload, ["F5", "Ctrl+R"], "fetch the page again"
        )
        self.stop_action = action("&Stop", pixmaps.SP_BrowserStop, ["Esc"], "stop the transfer")
        self.save_action = action(
            "Sa&ve page as…", pixmaps.SP_DialogSaveButton, ["Ctrl+S"], "save the page to a file"
        )
        self.find_action = action(
            "F&ind in page…", pixmaps.SP_FileDialogContentsView, ["Ctrl+F"], "find in page"
        )
        self.find_next_action = action("Find &next", pixmaps.SP_ArrowDown, ["F3"], "the next match")
        self.find_previous_action = action(
            "Find &previous", pixmaps.SP_ArrowUp, ["Shift+F3"], "the match before"
        )
        for act in (self.find_next_action, self.find_previous_action):
            self.removeAction(act)  # in the Go menu and on the keyboard, not on the bar
        # the back and forward buttons hold the history: press and hold, or the arrow
        self.back_menu = QMenu(owner)
        self.back_menu.setObjectName("backMenu")
        self.forward_menu = QMenu(owner)
        self.forward_menu.setObjectName("forwardMenu")
        for act, popup in (
            (self.back_action, self.back_menu),
            (self.forward_action, self.forward_menu),
        ):
            button = self.widgetForAction(act)
            if isinstance(button, QToolButton):
                button.setMenu(popup)
                button.setPopupMode(QToolButton.ToolButtonPopupMode.DelayedPopup)
        self.info = QLabel("")
        self.info.setObjectName("viewerInfo")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info.setMinimumWidth(100)
        self.addWidget(self.info)
        self.progress = QProgressBar()
        self.progress.setObjectName("viewerProgress")
        self.progress.setMaximumWidth(160)
        self.progress.setMaximumHeight(16)
        self.progress.setTextVisible(False)
        self.progress_action = self.addWidget(self.progress)
        self.progress_action.setVisible(False)
