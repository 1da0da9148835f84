"""The offscreen platform the window's tests run on: one screen of :data:`SCREEN`
pixels, given by the platform's configuration file (``offscreen:configfile=...``),
so that the tests measure the window on a common laptop's screen, not on the
platform's default 800x600."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

SCREEN = (1600, 1000)
"""Pixels of the screen."""


def platform() -> str:
    """The value of ``QT_QPA_PLATFORM`` for that screen (its configuration written in
    a new temporary folder)."""
    folder = Path(tempfile.mkdtemp(prefix="urlinspector-offscreen-"))
    config = folder / "offscreen.json"
    screen = {"name": "test", "x": 0, "y": 0, "width": SCREEN[0], "height": SCREEN[1]}
    config.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return f"offscreen:configfile={config}"
