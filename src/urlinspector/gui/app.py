"""The ``QApplication``: names (for ``QSettings`` and the desktop entry), icon, theme,
and the dialog that reports an unexpected error while the window goes on.

Themes: ``auto`` keeps the platform's style and palette; ``light`` and ``dark`` use
the Fusion style with a palette whose text background is the one the shared colour
roles were checked against (:data:`urlinspector.palette.LIGHT_BACKGROUND`,
:data:`~urlinspector.palette.DARK_BACKGROUND`: every role keeps a 4.5:1 contrast).
"""

from __future__ import annotations

import sys
import threading
from types import TracebackType

import PySide6
from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, qVersion
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from urlinspector import __version__
from urlinspector import palette as roles
from urlinspector.core import URLInspectorError
from urlinspector.gui.resources import ResourceNotFoundError, find_resource
from urlinspector.gui.settings import APPLICATION_NAME, ORGANIZATION
from urlinspector.gui.zoom import follow_zoom

__all__ = [
    "APPLICATION_NAME",
    "DISPLAY_NAME",
    "ORGANIZATION",
    "ErrorDialog",
    "ErrorReporter",
    "QtBindingError",
    "app_icon",
    "apply_theme",
    "binding_problem",
    "create_application",
    "error_report",
    "install_error_reporter",
    "platform_palette",
    "theme_palette",
]

DISPLAY_NAME = "URL Inspector"


class QtBindingError(URLInspectorError):
    """The installed Qt binding cannot run the window."""


def binding_problem() -> str | None:
    """Why the installed PySide6 cannot run the window, or None.

    PySide6 6.12.0 (a stable-ABI build) loses a reference to ``None`` on every call of
    a method that returns nothing when run by Python 3.11, where ``None`` is not yet
    immortal: after a few thousand calls the interpreter aborts ("deallocating None").
    Sixty-four calls of such a method tell whether this binding does that.
    """
    if sys.version_info >= (3, 12):
        return None  # None is immortal (PEP 683)
    import PySide6
    from PySide6.QtCore import QByteArray

    probe = QByteArray()
    before = sys.getrefcount(None)
    for _ in range(64):
        probe.clear()
    lost = before - sys.getrefcount(None)
    if lost < 32:
        return None
    return (
        f"PySide6 {PySide6.__version__} loses a reference to None on every call under "
        f"Python {sys.version_info.major}.{sys.version_info.minor}, which makes the window "
        "crash within seconds; install another version, for example "
        "pip install 'PySide6-Essentials>=6.6,!=6.12.0'"
    )


def app_icon() -> QIcon:
    """The application icon (SVG, with the PNG as a fallback); an empty icon when
    neither file is installed."""
    icon = QIcon()
    for name in ("urlinspector.svg", "urlinspector.png"):
        try:
            icon.addFile(str(find_resource(name)))
        except ResourceNotFoundError:
            continue
    return icon


_PALETTE_ROLES: dict[QPalette.ColorRole, str] = {
    QPalette.ColorRole.Window: "window",
    QPalette.ColorRole.WindowText: "window_text",
    QPalette.ColorRole.Base: "base",
    QPalette.ColorRole.AlternateBase: "alternate_base",
    QPalette.ColorRole.ToolTipBase: "tooltip_base",
    QPalette.ColorRole.ToolTipText: "tooltip_text",
    QPalette.ColorRole.PlaceholderText: "placeholder",
    QPalette.ColorRole.Text: "text",
    QPalette.ColorRole.Button: "button",
    QPalette.ColorRole.ButtonText: "button_text",
    QPalette.ColorRole.BrightText: "bright_text",
    QPalette.ColorRole.Highlight: "highlight",
    QPalette.ColorRole.HighlightedText: "highlighted_text",
    QPalette.ColorRole.Link: "link",
    QPalette.ColorRole.LinkVisited: "link_visited",
    QPalette.ColorRole.Light: "light",
    QPalette.ColorRole.Midlight: "midlight",
    QPalette.ColorRole.Mid: "mid",
    QPalette.ColorRole.Dark: "dark",
    QPalette.ColorRole.Shadow: "shadow",
}
"""Which colour of :class:`urlinspector.palette.Interface` each ``QPalette`` role is."""

_DISABLED_ROLES = (
    QPalette.ColorRole.Text,
    QPalette.ColorRole.WindowText,
    QPalette.ColorRole.ButtonText,
)


def theme_palette(theme: str) -> QPalette:
    """A complete palette for ``"light"`` or ``"dark"``, from the shared table of the
    window's colours (:data:`urlinspector.palette.INTERFACE`, checked for contrast)."""
    ui = roles.INTERFACE["dark" if theme == "dark" else "light"]
    p = QPalette()
    for role, name in _PALETTE_ROLES.items():
        p.setColor(role, QColor(getattr(ui, name)))
    for role in _DISABLED_ROLES:
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(ui.disabled_text))
    p.setColor(
        QPalette.ColorGroup.Inactive, QPalette.ColorRole.Highlight, QColor(ui.inactive_highlight)
    )
    return p


def platform_palette(app: QApplication) -> QPalette:
    """The platform's own palette (theme ``auto``), with readable links: a dark
    desktop's palette often keeps a dark blue link colour made for a white page, so
    on a dark background the links take the dark theme's colours."""
    p = app.style().standardPalette()
    base = p.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Base)
    ui = roles.INTERFACE["dark" if base.lightnessF() < 0.5 else "light"]
    link, visited = QColor(ui.link), QColor(ui.link_visited)
    if roles.contrast_ratio(p.color(QPalette.ColorRole.Link).name(), base.name()) < roles.TEXT:
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            p.setColor(group, QPalette.ColorRole.Link, link)
            p.setColor(group, QPalette.ColorRole.LinkVisited, visited)
    return p


def apply_theme(app: QApplication, theme: str) -> None:
    """Use *theme* (``auto``, ``light`` or ``dark``) for every window of *app*."""
    if theme in ("light", "dark"):
        app.setStyle("Fusion")
        app.setPalette(theme_palette(theme))
    else:
        app.setPalette(platform_palette(app))


def create_application(argv: list[str] | None = None, *, theme: str = "auto") -> QApplication:
    """The running ``QApplication`` (created if there is none), named and themed.

    Raises :class:`QtBindingError` when the installed PySide6 cannot run it."""
    problem = binding_problem()
    if problem is not None:
        raise QtBindingError(problem)
    existing = QCoreApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    elif existing is not None:
        raise RuntimeError("a non-GUI QCoreApplication is already running")
    else:
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION_NAME)
    app.setApplicationDisplayName(DISPLAY_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APPLICATION_NAME)
    app.setWindowIcon(app_icon())
    apply_theme(app, theme)
    return app


# --- the unexpected -------------------------------------------------------------------------


class ErrorReporter(QObject):
    """Shows any exception nobody caught in a dialog with a copyable report, and lets the
    window go on: installed as ``sys.excepthook`` and ``threading.excepthook`` (Qt calls
    the former for an exception raised in a slot).  The dialog always opens on the GUI
    thread; while one is open, later reports are added to it instead of piling up."""

    reported = Signal(str)
    """The report of an exception, sent to the GUI thread."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.dialog: ErrorDialog | None = None
        self.reports: list[str] = []
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook
        self.reported.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def install(self) -> None:
        sys.excepthook = self.excepthook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        sys.excepthook = self._previous_hook
        threading.excepthook = self._previous_thread_hook

    def excepthook(
        self,
        kind: type[BaseException],
        value: BaseException,
        tb: TracebackType | None,
    ) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            self._previous_hook(kind, value, tb)
            return
        report = error_report(kind, value, tb)
        sys.stderr.write(report)  # the terminal keeps it too
        self.reported.emit(report)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        self.excepthook(args.exc_type, args.exc_value, args.exc_traceback)

    def _show(self, report: str) -> None:
        self.reports.append(report)
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.set_report("\n".join(self.reports))
            return
        self.reports = [report]
        self.dialog = follow_zoom(ErrorDialog(report, self.parent_widget))
        self.dialog.show()


class ErrorDialog(QDialog):
    """What went wrong, and the report to send: selectable, and Copy puts it on the
    clipboard.  Not modal: the window goes on behind it."""

    def __init__(self, report: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{DISPLAY_NAME}: unexpected error")
        layout = QVBoxLayout(self)
        message = QLabel(
            "Something went wrong inside URL Inspector. The window goes on, but what you "
            "were doing may not have finished. Please send the report below with what "
            "you did."
        )
        message.setWordWrap(True)
        layout.addWidget(message)
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        self.report.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        layout.addWidget(self.report)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton("&Copy report", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.set_report(report)
        self.resize(720, 420)

    def set_report(self, report: str) -> None:
        self.report.setPlainText(report)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.report.toPlainText())


def error_report(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> str:
    """The text of an unexpected error: versions, then the traceback."""
    import platform  # (with traceback, loaded when an error is reported, not at start)
    import traceback

    versions = (
        f"URL Inspector {__version__}, Python {platform.python_version()}, "
        f"PySide6 {PySide6.__version__}, Qt {qVersion()}, {platform.platform()}"
    )
    return versions + "\n\n" + "".join(traceback.format_exception(kind, value, tb))


def install_error_reporter(parent: QWidget | None = None) -> ErrorReporter:
    """Show every exception nobody caught in a dialog over *parent* (the main window)."""
    reporter = ErrorReporter(parent)
    reporter.install()
    return reporter
