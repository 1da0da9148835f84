"""``urlinspector gui`` paints its window first: at the first paint neither the viewer
(its protocols and menus) nor the readers' libraries are loaded; they come after it
(the viewer installed on the GUI thread, the libraries off it), and a fresh
interpreter shows the window with both in place once they have."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.gui.offscreen import platform

PROBE = textwrap.dedent(
    """
    import os
    import sys
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

    LATER = ("urlinspector.gui.viewer.pane", "urlinspector.net.gopher", "httpx", "urllib3")


    class FirstPaint(QObject):
        window = None

        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget):
                window = watched.window()
                if isinstance(window, QMainWindow) and self.window is None:
                    self.window = window
                    loaded = [m for m in LATER if m in sys.modules]
                    print("at the first paint:", loaded, flush=True)
                    if loaded:
                        os._exit(0)  # (nothing more to see)
                    window.pages.widgetAdded.connect(self.viewer_added)
            return False

        def viewer_added(self, _index):
            from urlinspector.gui.warm_up import loading

            loading().done.connect(self.loaded)
            if loading().finished:  # (done already sent)
                self.loaded()

        def loaded(self):
            if self.window is None or getattr(self, "said", False):
                return
            self.said = True
            print("then:", [m for m in LATER if m in sys.modules], self.window.pages.count())
            sys.stdout.flush()
            QApplication.instance().quit()


    app = QApplication(["urlinspector"])
    first_paint = FirstPaint()
    app.installEventFilter(first_paint)
    from urlinspector.app import main

    sys.exit(main(["gui"]))
    """
)


def test_the_window_paints_before_the_viewer_and_the_libraries_load(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": platform(), "XDG_CONFIG_HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    ).stdout.splitlines()
    assert out[0] == "at the first paint: []"
    assert out[1] == (
        "then: ['urlinspector.gui.viewer.pane', 'urlinspector.net.gopher', 'httpx', 'urllib3'] 2"
    )
