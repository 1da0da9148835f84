"""The window says "note" for a finding of severity info, in its table and in the
tooltip of a character (it said "info" there)."""

from __future__ import annotations

from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.char_tooltip import description_html

LOOKALIKE = "http://\u0430\u0440\u0440\u04cf\u0435.com/"  # all Cyrillic: an idn note


def test_the_tooltip_of_a_character_says_note(window: MainWindow) -> None:
    window.inspect(LOOKALIKE)
    window.flush()
    description = window.address_area.address.describe(LOOKALIKE.index("\u0430"))
    assert description is not None
    assert any(d.severity == "info" for d in description.diagnostics)
    html = description_html(description)  # (what the address bar's tooltip shows)
    assert "ℹ note:" in html
    assert "info:" not in html


def test_the_diagnostics_table_says_note(window: MainWindow) -> None:
    window.inspect(LOOKALIKE)
    window.flush()
    model = window.inspector.diagnostics.diagnostics_model
    shown = {str(model.index(r, 0).data()) for r in range(model.rowCount())}
    assert "ℹ note" in shown
    assert not any("info" in s for s in shown)
