"""For a teacher projecting the window: zoom (Ctrl+= / Ctrl++ / Ctrl+- / Ctrl+0) over
every pane, presentation mode (F11, Escape leaves it, everything restored), and File ▸
Export picture… (the URL's anatomy as SVG, the window as PNG)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, Qt, QThreadPool
from PySide6.QtGui import QImage
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QSizeGrip, QWidget

from tests.gui.helpers import lay_out, menu_titled, stop_viewer
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.presentation import PRESENTATION_ZOOM
from urlinspector.gui.settings import Settings
from urlinspector.gui.viewer import install_viewer
from urlinspector.gui.viewer.common import fixed_font
from urlinspector.gui.zoom import STEPS
from urlinspector.present.diagram import anatomy, anatomy_svg

URL = "ftp://joe:secret@ftp.example.org:21/pub/a/file.txt;type=a"


@pytest.fixture(autouse=True)
def _warmed_up(window: MainWindow, app: QApplication) -> Iterator[None]:
    """The window's warm-up (the readers' libraries imported on the thread pool) done
    before each test and after it, not racing a test's own imports or the next test."""
    app.processEvents()
    QThreadPool.globalInstance().waitForDone(30000)
    yield
    QThreadPool.globalInstance().waitForDone(30000)


def _size(widget: QWidget) -> float:
    return widget.font().pointSizeF()


def _panes(window: MainWindow) -> dict[str, QWidget]:
    return {
        "address": window.address_area.address,
        "components": window.inspector.components.view,
        "diagnostics": window.inspector.diagnostics,
        "editions": window.inspector.editions,
        "spec text": window.inspector.spec_reader.text,
        "explain": window.inspector.explain_panel,
        "verdict": window.address_area.verdict,
    }


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        (["Ctrl+="], 1.1),
        (["Ctrl++"], 1.1),
        (["Ctrl+=", "Ctrl+="], 1.25),
        (["Ctrl+-"], 0.9),
        (["Ctrl+=", "Ctrl+=", "Ctrl+0"], 1.0),
    ],
)
def test_zoom_keys_scale_every_pane(
    window: MainWindow, qtbot: object, keys: list[str], expected: float
) -> None:
    before = {name: _size(w) for name, w in _panes(window).items()}
    assert all(size > 0 for size in before.values())
    window.address_area.address.setFocus()
    for key in keys:
        action = next(
            a for a in window.actions() if any(s.toString() == key for s in a.shortcuts())
        )
        assert action.isEnabled()
        action.trigger()
    assert window.teaching.zoom.factor == pytest.approx(expected)
    for name, widget in _panes(window).items():
        assert _size(widget) == pytest.approx(before[name] * expected, rel=0.02), name


def test_zoom_keys_reach_the_window(window: MainWindow, qtbot: object) -> None:
    """The keys themselves, typed while the address bar has focus."""
    address = window.address_area.address
    address.setFocus()
    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(address, Qt.Key.Key_Equal, ctrl)  # type: ignore[attr-defined]
    assert window.teaching.zoom.factor == pytest.approx(1.1)
    qtbot.keyClick(address, Qt.Key.Key_Minus, ctrl)  # type: ignore[attr-defined]
    qtbot.keyClick(address, Qt.Key.Key_Minus, ctrl)  # type: ignore[attr-defined]
    assert window.teaching.zoom.factor == pytest.approx(0.9)
    qtbot.keyClick(address, Qt.Key.Key_0, ctrl)  # type: ignore[attr-defined]
    assert window.teaching.zoom.factor == pytest.approx(1.0)


def test_zoom_is_remembered(window: MainWindow, settings: Settings, qtbot: object) -> None:
    window.teaching.zoom.zoom_in()
    window.teaching.zoom.zoom_in()
    assert settings.zoom == pytest.approx(1.25)
    again = MainWindow(settings)
    qtbot.addWidget(again)  # type: ignore[attr-defined]
    assert again.teaching.zoom.factor == pytest.approx(1.25)
    assert _size(again.address_area.address) == pytest.approx(_size(window.address_area.address))


def test_zoom_stops_at_its_ends(window: MainWindow) -> None:
    zoom = window.teaching.zoom
    for _ in range(len(STEPS) + 2):
        zoom.zoom_out()
    assert zoom.factor == STEPS[0]
    for _ in range(len(STEPS) + 2):
        zoom.zoom_in()
    assert zoom.factor == STEPS[-1]


def test_zoom_reaches_the_viewer_added_later(window: MainWindow) -> None:
    window.teaching.zoom.set_factor(1.5)
    pane = install_viewer(window)
    try:
        fixed = fixed_font().pointSizeF()
        views = [
            w for w in pane.findChildren(QWidget) if w.font().family() == fixed_font().family()
        ]
        assert views
        for view in views:  # the text, gopher and ftp views set a fixed-pitch font
            assert _size(view) == pytest.approx(fixed * 1.5, rel=0.02), view.objectName()
        assert _size(pane) == pytest.approx(QWidget().font().pointSizeF() * 1.5, rel=0.02)
    finally:
        stop_viewer(pane)


def test_view_menu_has_the_entries(window: MainWindow) -> None:
    view = menu_titled(window.menuBar(), "View")
    texts = [a.text().replace("&", "") for a in view.actions()]
    for entry in ("Zoom in", "Zoom out", "Actual size", "Presentation mode"):
        assert entry in texts
    file_menu = menu_titled(window.menuBar(), "File")
    assert "Export picture…" in [a.text().replace("&", "") for a in file_menu.actions()]


def _visible(window: MainWindow) -> dict[str, bool]:
    return {
        w.objectName() or f"{type(w).__name__}@{id(w)}": w.isVisible()
        for w in window.findChildren(QWidget)
        if not w.isWindow() and not isinstance(w, QSizeGrip)  # (Qt's: by the window state)
    }


@pytest.mark.parametrize("tab", ["explain", "spec", "editions"])
def test_presentation_mode_shows_three_things_and_restores_all(
    window: MainWindow, app: QApplication, qtbot: object, tab: str
) -> None:
    window.inspect(URL)
    chosen = {
        "explain": window.inspector.explain_panel,
        "spec": window.inspector.spec_reader,
        "editions": window.inspector.editions,
    }[tab]
    window.inspector.tabs.setCurrentWidget(chosen)
    window.statusBar().showMessage("shown")  # (a window shows one once it has a message)
    window.flush()
    lay_out(window)
    before = _visible(window)
    state, geometry = window.windowState(), window.geometry()
    splitters = (window.inspector.sizes(), window.inspector.upper.sizes())
    size = _size(window.address_area.address)

    qtbot.keyClick(window.address_area.address, Qt.Key.Key_F11)  # type: ignore[attr-defined]
    app.processEvents()
    assert window.teaching.presentation.active
    assert window.windowState() & Qt.WindowState.WindowFullScreen
    assert window.address_area.address.isVisible()
    assert window.address_area.verdict.isVisible()
    assert chosen.isVisible()
    for hidden in (
        window.menuBar(),
        window.statusBar(),
        window.address_area.base,
        window.address_area.target,
        window.address_area.summary,
        window.address_area.legend,
        window.inspector.components,
        window.inspector.diagnostics,
        window.inspector.tabs.tabBar(),
        window.address_area.open_button,
        window.address_area.edition_box,
    ):
        assert not hidden.isVisible(), hidden
    assert _size(window.address_area.address) == pytest.approx(size * PRESENTATION_ZOOM, rel=0.02)

    qtbot.keyClick(window.address_area.address, Qt.Key.Key_Escape)  # type: ignore[attr-defined]
    lay_out(window)
    assert not window.teaching.presentation.active
    assert window.windowState() == state
    assert window.geometry() == geometry
    assert _visible(window) == before
    assert (window.inspector.sizes(), window.inspector.upper.sizes()) == splitters
    assert _size(window.address_area.address) == pytest.approx(size)
    assert window.inspector.tabs.currentWidget() is chosen
    assert window.address_area.address.text() == URL  # Escape left presentation mode only


def test_presentation_zoom_is_not_remembered(window: MainWindow, settings: Settings) -> None:
    window.teaching.presentation_action.trigger()
    window.teaching.zoom_in_action.trigger()
    assert settings.zoom == pytest.approx(1.0)
    window.teaching.presentation_action.trigger()
    assert window.teaching.zoom.factor == pytest.approx(1.0)


def test_closing_in_presentation_mode_saves_the_windows_layout(
    window: MainWindow, settings: Settings
) -> None:
    window.teaching.zoom_in_action.trigger()
    geometry = QByteArray(window.saveGeometry())
    splitters = (
        QByteArray(window.inspector.saveState()),
        QByteArray(window.inspector.upper.saveState()),
    )
    window.teaching.presentation.enter()
    assert not window.inspector.components.isVisible()
    window.close()
    assert not window.teaching.presentation.active
    assert settings.zoom == pytest.approx(1.1)
    assert settings.layout("geometry") == geometry
    assert (settings.layout("inspector"), settings.layout("upper")) == splitters


# --- Export picture -----------------------------------------------------------------------


def test_export_svg_is_the_diagram(window: MainWindow, tmp_path: Path) -> None:
    window.inspect(URL)
    written = window.teaching.export_picture(tmp_path / "anatomy.svg")
    assert written == tmp_path / "anatomy.svg"
    text = written.read_text(encoding="utf-8")
    assert text == anatomy_svg(parse(URL), theme="light", mask_password=True)
    assert "secret" not in text
    root = ET.fromstring(text.encode("utf-8"))
    labels = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {b.name for b in anatomy(parse(URL))} <= labels
    renderer = QSvgRenderer(QByteArray(text.encode("utf-8")))
    assert renderer.isValid()
    assert renderer.defaultSize().width() > 300


def test_export_png_is_the_window(window: MainWindow, tmp_path: Path) -> None:
    window.inspect(URL)
    written = window.teaching.export_picture(tmp_path / "window.png")
    assert written is not None
    image = QImage(str(written))
    assert not image.isNull()
    assert image.size() == window.grab().size()


def test_export_to_a_missing_folder_says_so(window: MainWindow, tmp_path: Path) -> None:
    assert window.teaching.export_picture(tmp_path / "no" / "such" / "x.svg") is None
    assert "Cannot export" in window.statusBar().currentMessage()


@pytest.mark.parametrize(
    ("name", "chosen", "expected"),
    [
        ("a", "PNG picture of the window (*.png)", "a.png"),
        ("a", "SVG diagram of the URL's anatomy (*.svg)", "a.svg"),
        ("a.png", "SVG diagram of the URL's anatomy (*.svg)", "a.png"),
        ("a.SVG", "", "a.SVG"),
    ],
)
def test_picture_path(name: str, chosen: str, expected: str) -> None:
    from urlinspector.gui.picture import picture_path

    assert picture_path(name, chosen).name == expected
