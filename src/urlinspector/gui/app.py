"""The ``QApplication``: names (for ``QSettings`` and the desktop entry), icon, theme,
and the dialog that reports an unexpected error while the window goes on.

Themes: ``auto`` keeps the platform's style and palette; ``light`` and ``dark`` use
the Fusion style with a palette whose text background is the one the shared colour
roles were checked against (:data:`urlinspector.palette.LIGHT_BACKGROUND`,
:data:`~urlinspector.palette.DARK_BACKGROUND`: every role keeps a 4.5:1 contrast).
"""

from __future__ import annotations

import platform
import sys
import threading
import traceback
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


def theme_palette(theme: str) -> QPalette:
    """A complete palette for ``"light"`` or ``"dark"``."""
    dark = theme == "dark"
    base = QColor(roles.DARK_BACKGROUND if dark else roles.LIGHT_BACKGROUND)
    text = QColor(roles.PLAIN.foreground("dark" if dark else "light"))
    window = QColor("#2b2b2b" if dark else "#efefef")
    alternate = QColor("#262626" if dark else "#f6f6f6")
    button = QColor("#353535" if dark else "#e8e8e8")
    highlight = QColor("#2f65ca" if dark else "#3875d7")
    disabled = QColor("#7a7a7a" if dark else "#9a9a9a")
    p = QPalette()
    group_roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: alternate,
        QPalette.ColorRole.ToolTipBase: QColor("#3a3a3a" if dark else "#ffffdc"),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: disabled,
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: button,
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor("#ff5555"),
        QPalette.ColorRole.Highlight: highlight,
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.Link: QColor(
            roles.get_role("host").foreground("dark" if dark else "light")
        ),
        QPalette.ColorRole.Light: QColor("#505050" if dark else "#ffffff"),
        QPalette.ColorRole.Midlight: QColor("#404040" if dark else "#f0f0f0"),
        QPalette.ColorRole.Mid: QColor("#303030" if dark else "#b8b8b8"),
        QPalette.ColorRole.Dark: QColor("#1a1a1a" if dark else "#9f9f9f"),
        QPalette.ColorRole.Shadow: QColor("#000000" if dark else "#767676"),
    }
    for role, colour in group_roles.items():
        p.setColor(role, colour)
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    p.setColor(QPalette.ColorGroup.Inactive, QPalette.ColorRole.Highlight, highlight.darker(130))
    return p


def apply_theme(app: QApplication, theme: str) -> None:
    """Use *theme* (``auto``, ``light`` or ``dark``) for every window of *app*."""
    if theme in ("light", "dark"):
        app.setStyle("Fusion")
        app.setPalette(theme_palette(theme))
    else:
        app.setPalette(app.style().standardPalette())


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
        self.dialog = ErrorDialog(report, self.parent_widget)
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
