"""An empty address bar is an invitation to type a URL, not a relative reference
waiting for a base: the window says so, and shows no components nor resolution."""

from __future__ import annotations

import pytest

from urlinspector.gui.main_window import MainWindow
from urlinspector.present.text import EMPTY_ADDRESS


def _texts(window: MainWindow) -> list[str]:
    window.inspector.tabs.setCurrentWidget(window.inspector.trace)
    window.flush()
    return [
        window.address_area.target_note.text(),
        window.inspector.trace.summary.text(),
        window.address_area.summary.text(),
        window.address_area.target.text(),
    ]


@pytest.mark.parametrize("base", ["", "http://a/b/c/d;p?q"])
def test_an_empty_address_invites_a_url(window: MainWindow, base: str) -> None:
    window.set_base(base)
    window.inspect("")
    note, trace, summary, target = _texts(window)
    assert note == EMPTY_ADDRESS
    assert trace == EMPTY_ADDRESS
    assert "base" not in note
    assert summary == ""
    assert target == ""
    assert window.inspector.components.model.rowCount() == 0
    assert window.inspector.diagnostics.empty
    assert window.inspector.diagnostics.diagnostics_model.rowCount() == 0


def test_typing_a_url_ends_the_empty_state_and_clearing_brings_it_back(
    window: MainWindow,
) -> None:
    window.inspect("g;x")
    note, trace, _summary, _target = _texts(window)
    assert "base" in note  # a relative reference without a base: that is asked
    assert not window.inspector.diagnostics.empty
    assert window.inspector.components.model.rowCount() > 0
    window.inspect("")
    note, trace, _summary, _target = _texts(window)
    assert note == trace == EMPTY_ADDRESS
