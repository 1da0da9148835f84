"""The inspector page of the main window: the components and the diagnostics side by
side above the tabs (editions side by side, resolution trace, escapes, explain, spec).

:class:`InspectorPage` owns its panels (:attr:`InspectorPage.panels`, each a
:class:`~urlinspector.gui.widgets.panel.Panel`) and knows which of them are stale.
It listens to the window's ``inspected(Inspection)``
(:class:`~urlinspector.gui.main_window.MainWindow`): the panels in sight (the
components, the diagnostics and the tab shown) show the inspection at once, the
others when their tab is shown; the Spec tab shows a document, not the inspection.

The page speaks for its panels: ``spanChosen(start, end)`` (a component, a finding or
an escape chosen: select it in the address bar), ``citationChosen(str)`` (a citation
followed: :meth:`InspectorPage.open_citation` opens it) and ``charsetChanged(str)``
(the Components' charset box)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt, Signal, Slot
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget

from urlinspector.gui.palette import Formats
from urlinspector.gui.settings import Settings
from urlinspector.gui.widgets.components import ComponentsPanel
from urlinspector.gui.widgets.diagnostics import DiagnosticsPanel
from urlinspector.gui.widgets.editions import EditionsPanel
from urlinspector.gui.widgets.escapes import EscapesPanel
from urlinspector.gui.widgets.explain import ExplainPanel
from urlinspector.gui.widgets.panel import Panel, Showing
from urlinspector.gui.widgets.spec import SpecReader
from urlinspector.gui.widgets.trace import TracePanel
from urlinspector.present.inspection import Inspection

__all__ = ["INSPECTOR_SIZES", "InspectorPage"]

INSPECTOR_SIZES = (400, 330)
"""Heights of the panels (components, diagnostics) and of the tabs below, as a ratio:
a smaller window keeps it, so the components stay readable at 800x600."""
UPPER_SIZES = (560, 720)
"""Widths of the components and of the diagnostics, as a ratio."""


class InspectorPage(QSplitter):
    """The panels (upper: :attr:`components` and :attr:`diagnostics`) over
    :attr:`tabs`; *showing* is the window's (passwords, charset), which every panel
    reads."""

    spanChosen = Signal(int, int)
    citationChosen = Signal(str)
    charsetChanged = Signal(str)

    def __init__(self, formats: Formats, showing: Showing) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.components = ComponentsPanel(formats, showing, title="Components")
        self.diagnostics = DiagnosticsPanel(formats, showing)
        self.editions = EditionsPanel(formats, showing)
        self.trace = TracePanel(showing)
        self.escapes = EscapesPanel(formats, showing)
        self.explain_panel = ExplainPanel(showing)
        self.spec_reader = SpecReader()

        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.addTab(self.editions, "Editions side by side")
        self.tabs.addTab(self.trace, "Resolution trace")
        self.tabs.addTab(self.escapes, "Escapes")
        self.tabs.addTab(self.explain_panel, "Explain")
        self.tabs.addTab(self.spec_reader, "Spec")
        self.tabs.currentChanged.connect(self._tab_changed)

        self.tab_panels: dict[QWidget, Panel] = {
            tab: tab for tab in (self.editions, self.trace, self.escapes, self.explain_panel)
        }
        """The panel each tab shows (the Spec tab shows none)."""
        self.panels: tuple[Panel, ...] = (
            self.components,
            self.diagnostics,
            *self.tab_panels.values(),
        )
        """Every panel of the page; the first two are always in sight."""
        self.stale: set[Panel] = set()
        """The panels that have not shown :attr:`inspection` yet (on hidden tabs)."""
        self.inspection: Inspection | None = None
        """The inspection the panels show (or will, when their tab is shown)."""
        chosen = (
            self.components.spanSelected,
            self.diagnostics.spanActivated,
            self.escapes.spanActivated,
        )
        for span_chosen in chosen:
            span_chosen.connect(self.spanChosen)
        for source in (self.diagnostics, self.trace, self.editions, self.explain_panel):
            source.citationActivated.connect(self.citationChosen)
        self.components.charsetChanged.connect(self.charsetChanged)

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

    @Slot(Inspection)
    def show_inspection(self, inspection: Inspection) -> None:
        """Show *inspection* in the panels in sight; the others are stale until their
        tab is shown."""
        self.inspection = inspection
        self.stale = set(self.panels)
        for panel in self.in_sight():
            self._show(panel)

    def in_sight(self) -> tuple[Panel, ...]:
        """The components, the diagnostics and the panel of the tab shown."""
        tab = self.tab_panels.get(self.tabs.currentWidget())
        return (self.components, self.diagnostics) + (() if tab is None else (tab,))

    def bring_up_to_date(self) -> None:
        """Show the inspection in every stale panel now (before a picture, a test)."""
        for panel in self.panels:
            self._show(panel)

    def set_formats(self, formats: Formats) -> None:
        """Colour every panel by *formats* (after a change of theme)."""
        for panel in self.panels:
            panel.set_formats(formats)

    def select_span(self, start: int, end: int) -> None:
        """Select the component that holds characters ``[start, end)`` of the address
        (without emitting ``spanChosen``)."""
        self.components.select_range(start, end)

    def open_citation(self, citation: str) -> str:
        """Show *citation* (``"RFC 1738 §3.3"``) in the Spec tab; what to say of it:
        its section's heading, or why its text is not there."""
        target = self.spec_reader.open_citation(citation)
        self.tabs.setCurrentWidget(self.spec_reader)
        return self.spec_reader.note.text() if target is None else target.heading

    def restore_layout(self, settings: Settings, *, defaults: bool) -> None:
        """The splitters and the tab *settings* keep (first the default sizes, when
        *defaults*: the window has no saved geometry)."""
        if defaults:
            self.setSizes(list(INSPECTOR_SIZES))
            self.upper.setSizes(list(UPPER_SIZES))
        for name, splitter in (("inspector", self), ("upper", self.upper)):
            state = settings.layout(name)
            if state is not None:
                splitter.restoreState(state)
        self.tabs.setCurrentIndex(settings.index("tab"))

    def save_layout(self, settings: Settings) -> None:
        settings.set_layout("inspector", QByteArray(self.saveState()))
        settings.set_layout("upper", QByteArray(self.upper.saveState()))
        settings.set_index("tab", self.tabs.currentIndex())

    def _show(self, panel: Panel) -> None:
        if panel in self.stale and self.inspection is not None:
            self.stale.discard(panel)
            panel.show_inspection(self.inspection)

    def _tab_changed(self, _index: int) -> None:
        tab = self.tab_panels.get(self.tabs.currentWidget())
        if tab is not None:
            self._show(tab)
