"""The libraries the readers ask are loaded off the GUI thread once the window has
painted, so the first URL typed does not wait for their imports (a fresh interpreter:
this test session has imported them long ago)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import os, sys, tempfile
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QEventLoop, QSettings
    from urlinspector.gui.app import create_application
    from urlinspector.gui.launch import quiet_offscreen
    from urlinspector.gui.main_window import MainWindow
    from urlinspector.gui.settings import Settings
    from urlinspector.gui.warm_up import loading

    quiet_offscreen()
    app = create_application(theme="light")
    ini = os.path.join(tempfile.mkdtemp(), "settings.ini")
    window = MainWindow(Settings(QSettings(ini, QSettings.Format.IniFormat)))
    window.show()
    before = [name for name in ("httpx", "urllib3") if name in sys.modules]
    finished = QEventLoop()
    loading().done.connect(finished.quit)  # (after the first paint)
    finished.exec()
    after = [name for name in ("httpx", "urllib3") if name in sys.modules]
    print(before, after, window.address.text() == "")
    """
)


def test_the_readers_libraries_load_while_the_window_opens() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    assert out.split("\n")[-2] == "[] ['httpx', 'urllib3'] True"
