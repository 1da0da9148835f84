"""The inspector page of the main window: the components and the diagnostics side by
side above the tabs (editions side by side, resolution trace, escapes, explain, spec).

:class:`InspectorPage` only builds and lays out the panels; the window fills them from
the parse of the address (:class:`~urlinspector.gui.main_window.MainWindow`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget

from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.components import ComponentsPanel
from urlinspector.gui.widgets.diagnostics import DiagnosticsPanel
from urlinspector.gui.widgets.editions import EditionsPanel
from urlinspector.gui.widgets.escapes import EscapesPanel
from urlinspector.gui.widgets.explain import ExplainPanel
from urlinspector.gui.widgets.spec import SpecReader
from urlinspector.gui.widgets.trace import TracePanel

__all__ = ["InspectorPage"]


class InspectorPage(QSplitter):
    """The panels (upper: :attr:`components` and :attr:`diagnostics`) over
    :attr:`tabs`, whose pages are named by :attr:`tab_names` in order."""

    def __init__(self, formats: Formats) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.components = ComponentsPanel(formats, title="Components")
        self.diagnostics = DiagnosticsPanel(formats)
        self.editions = EditionsPanel(formats)
        self.trace = TracePanel()
        self.escapes = EscapesPanel(formats)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.addTab(self.editions, "Editions side by side")
        self.tabs.addTab(self.trace, "Resolution trace")
        self.tabs.addTab(self.escapes, "Escapes")
        self.explain_panel = ExplainPanel()
        self.spec_reader = SpecReader()
        self.tabs.addTab(self.explain_panel, "Explain")
        self.tabs.addTab(self.spec_reader, "Spec")
        self.tab_names = ("editions", "trace", "escapes", "explain", "spec")

        # the Diagnostics heading on a line as tall as the Components heading's (which
        # shares its line with the charset): both tables start at the same height
        diagnostics_box = QWidget()
        box_layout = QVBoxLayout(diagnostics_box)
        box_layout.setContentsMargins(0, 0, 0, 0)
        box_layout.setSpacing(2)
        heading = QLabel("<b>Diagnostics</b>")
        heading.setMinimumHeight(self.components.charset_box.sizeHint().height())
        box_layout.addWidget(heading)
        box_layout.addWidget(self.diagnostics)

        self.upper = QSplitter(Qt.Orientation.Horizontal)
        self.upper.setObjectName("upperSplitter")
        self.upper.addWidget(self.components)
        self.upper.addWidget(diagnostics_box)
        self.upper.setStretchFactor(0, 5)
        self.upper.setStretchFactor(1, 6)
        self.upper.setChildrenCollapsible(False)

        self.setObjectName("inspectorSplitter")
        self.addWidget(self.upper)
        self.addWidget(self.tabs)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 1)
        self.setChildrenCollapsible(False)
