"""The panels read the inspection: every panel has one entry point
(``show_inspection``) and ``set_formats``; the window emits ``inspected`` once per
update with the inspection; the inspector page owns its panels and knows which are
stale; passwords and the charset are one state every panel reads; the window keeps
no copies of its parts' widgets; the teaching tools find the menus by object."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.settings import Settings
from urlinspector.gui.window_menus import WindowMenus
from urlinspector.present.inspection import Inspection

SECRET = "ftp://anne:hunter2@ftp.example/pub/caf%E9.txt"


def test_every_panel_has_one_entry_point(window: MainWindow) -> None:
    page = window.inspector
    named: set[object] = {
        page.components,
        page.diagnostics,
        page.editions,
        page.trace,
        page.escapes,
        page.explain_panel,
    }
    assert set(page.panels) == named
    for panel in (*page.panels, window.address_area):
        assert callable(panel.show_inspection)
        assert callable(panel.set_formats)


def test_the_window_emits_the_inspection_once_per_update(window: MainWindow) -> None:
    seen: list[Inspection] = []
    window.inspected.connect(seen.append)
    window.inspect("http://example.com/a")
    assert len(seen) == 1
    (found,) = seen
    assert isinstance(found, Inspection)
    assert found.text == "http://example.com/a"
    assert found is window.inspection()  # the one inspection every part shares
    assert window.inspector.inspection is found


def test_hidden_tabs_are_stale_until_shown(window: MainWindow) -> None:
    page = window.inspector
    page.tabs.setCurrentWidget(page.editions)
    window.inspect("http://example.com/a/b")
    assert page.editions not in page.stale
    assert {page.trace, page.escapes, page.explain_panel} <= page.stale
    window.inspect("http://example.com/a/b%41")
    assert page.escapes in page.stale
    assert page.escapes.escapes_model.rowCount() == 0  # (not shown yet)
    page.tabs.setCurrentWidget(page.escapes)
    assert page.escapes not in page.stale
    assert page.escapes.escapes_model.rowCount() == 1


def test_passwords_are_one_state_every_panel_reads(window: MainWindow) -> None:
    page = window.inspector
    page.tabs.setCurrentWidget(page.explain_panel)
    window.inspect(SECRET)
    window.flush()
    assert window.showing.masking
    assert "hunter2" not in page.explain_panel.toPlainText()
    window.menus.show_passwords_action.setChecked(True)
    assert not window.showing.masking
    assert "hunter2" in page.explain_panel.toPlainText()  # the tab shown: at once
    assert page.editions in page.stale  # the others: when shown
    page.tabs.setCurrentWidget(page.editions)
    table = page.editions.editions_model.table
    assert table is not None
    assert "hunter2" in table.cell("password", "rfc3986").text


def test_the_charset_is_one_state_every_panel_reads(window: MainWindow) -> None:
    page = window.inspector
    page.tabs.setCurrentWidget(page.escapes)
    window.inspect(SECRET)
    window.flush()
    page.components.charset_box.setCurrentText("iso-8859-1")
    assert window.showing.charset == "iso-8859-1"
    assert window.settings.charset == "iso-8859-1"
    assert page.components.model.charset == "iso-8859-1"
    (row,) = page.escapes.escapes_model.rows
    assert row.decoded == "é"  # %E9 read in Latin 1


def test_the_charset_kept_in_the_settings_is_read_everywhere(
    qtbot: QtBot, settings: Settings
) -> None:
    settings.charset = "iso-8859-1"
    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert window.showing.charset == "iso-8859-1"
    assert window.inspector.components.charset_box.currentText() == "iso-8859-1"
    assert window.address_area.address.charset == "iso-8859-1"  # (hovering decodes in it)
    assert window.address_area.base.charset == "iso-8859-1"


def test_the_window_keeps_no_copies_of_its_parts(window: MainWindow) -> None:
    copies = (
        "components",
        "diagnostics",
        "editions",
        "trace",
        "escapes",
        "explain_panel",
        "spec_reader",
        "tabs",
        "upper",
        "target",
        "verdict",
        "summary",
        "legend",
        "edition_box",
        "open_button",
        "password_button",
        "same_document",
        "target_note",
        "address_mode",
        "open_action",
        "save_report_action",
        "edit_menu",
    )
    assert [name for name in copies if hasattr(window, name)] == []
    # (what the viewer's host protocol names: the owners' own objects, not copies)
    assert window.address is window.address_area.address
    assert window.base is window.address_area.base
    assert window.show_passwords_action is window.menus.show_passwords_action


def test_the_teaching_tools_find_the_menus_by_object(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menus' titles are words for people (translated, say): the zoom and Export
    picture… join the View and File menus whatever they are called."""
    built = WindowMenus._build_menus

    def retitled(menus: WindowMenus) -> None:
        built(menus)
        menus.file_menu.setTitle("&Datei")
        menus.view_menu.setTitle("&Ansicht")

    monkeypatch.setattr(WindowMenus, "_build_menus", retitled)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    teaching = window.teaching
    assert teaching.zoom_in_action in window.menus.view_menu.actions()
    assert teaching.presentation_action in window.menus.view_menu.actions()
    file_actions = window.menus.file_menu.actions()
    assert teaching.export_action in file_actions
    after = file_actions.index(window.menus.copy_command_action) + 1
    assert file_actions[after] is teaching.export_action


WINDOW_MODULES = (
    "main_window.py",
    "inspector.py",
    "window_menus.py",
    "find_routing.py",
    "teaching.py",
    "settings.py",
    "models",
    "widgets",
)
"""The window, its menus, Find, the teaching tools, the inspector page and the
panels' widgets and models."""


def test_the_window_s_signals_go_to_named_slots() -> None:
    """Signals are connected to named slots, not lambdas (the Spec tab's reader, which
    shows a document rather than the inspection, is left out)."""
    gui = Path(__file__).resolve().parents[2] / "src" / "urlinspector" / "gui"
    modules = [
        path
        for name in WINDOW_MODULES
        for path in ((gui / name).rglob("*.py") if (gui / name).is_dir() else [gui / name])
        if path.name != "spec.py"
    ]
    assert len(modules) > 20
    found = [
        f"{path.name}:{number}"
        for path in modules
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "connect(lambda" in line or line.strip().startswith("lambda _checked")
    ]
    assert found == []
