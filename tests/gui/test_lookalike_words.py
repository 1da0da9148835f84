"""The window says what a look-alike host looks like, in the words a person reads:
the findings name apple.com for the all-Cyrillic аррӏе.com, as the address bar shows
it."""

from __future__ import annotations

from urlinspector.gui.main_window import MainWindow

URL = "http://\u0430\u0440\u0440\u04cf\u0435.com/login"


def test_the_diagnostics_say_it_looks_like_apple_com(window: MainWindow) -> None:
    window.inspect(URL)
    window.flush()
    model = window.inspector.diagnostics.diagnostics_model
    messages = [model.message(d) for d in model.items]
    assert any("looks like apple.com" in m for m in messages), messages
    assert not any("passes for 'appie'" in m for m in messages), messages
    assert "looks like apple.com" in window.address_area.verdict.toolTip()
