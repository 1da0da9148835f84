"""Benchmark: from starting ``urlinspector gui`` to the window's first paint, against a
bare PySide6 window started the same way in the same run.

Run: ``.venv/bin/python tests/benchmarks/bench_startup.py [--rounds N] [--update-docs]``

Each round starts two fresh interpreters, one after the other (Qt's ``offscreen``
platform, settings in an empty folder):

* bare: imports PySide6, makes a ``QApplication`` and shows a ``QMainWindow`` holding
  a label: what any PySide6 program pays before its first frame;
* urlinspector: the same ``QApplication``, then ``urlinspector.app.main(["gui"])``,
  the command ``urlinspector gui`` runs (its command line, its imports, the window).

The modules' bytecode is cached (in a temporary ``PYTHONPYCACHEPREFIX``, filled by an
untimed first round), as an installed package has it: an interpreter that compiles
every module from its source at each start measures the compiler instead.

Both install one event filter before the window exists; the first ``Paint`` event of
a widget in a main window prints a line and ends the process.  The time is taken in
this process, from starting the interpreter to reading that line: interpreter start,
imports, the window and its first paint, not the process's exit.  Figures are medians
in milliseconds, and the ratio of the medians (the aim: 2.5x the bare window).
``--update-docs`` writes the table into docs/benchmarks.md between the start-up
markers.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_parse import update_docs  # noqa: E402

START = "<!-- benchmark-startup:start -->"
END = "<!-- benchmark-startup:end -->"

PAINTED = "painted"
"""The line a child prints at its first paint."""

PROBE = textwrap.dedent(
    """
    import os, sys
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QWidget


    class FirstPaint(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget):
                if isinstance(watched.window(), QMainWindow):
                    sys.stdout.write("{painted}\\n")
                    sys.stdout.flush()
                    os._exit(0)
            return False


    app = QApplication(["urlinspector"])
    first_paint = FirstPaint()
    app.installEventFilter(first_paint)
    if sys.argv[1] == "bare":
        window = QMainWindow()
        window.setCentralWidget(QLabel("URL Inspector"))
        window.resize(1320, 880)
        window.show()
        app.exec()
    else:
        from urlinspector.app import main

        main(["gui"])
    """
).format(painted=PAINTED)

KINDS = ("bare", "urlinspector")
TIMEOUT = 120.0


def first_paint(kind: str, pycache: str) -> float:
    """Seconds from starting a child of *kind* to its first paint (its modules'
    bytecode cached in *pycache*, as an installed package has it)."""
    with tempfile.TemporaryDirectory(prefix="urlinspector-startup-") as home:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": home}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if p
        )
        started = time.perf_counter()
        with subprocess.Popen(
            [sys.executable, "-c", PROBE, kind],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        ) as child:
            assert child.stdout is not None
            line = child.stdout.readline()
            seconds = time.perf_counter() - started
            child.wait(TIMEOUT)
    if line.strip() != PAINTED:
        raise RuntimeError(f"the {kind} window did not paint (exit status {child.returncode})")
    return seconds


def run(rounds: int = 7) -> str:
    """The table of *rounds* rounds (bare and urlinspector alternating)."""
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory(prefix="urlinspector-pycache-") as pycache:
        for kind in KINDS:
            first_paint(kind, pycache)  # (untimed: compiles what has no bytecode yet)
        for _ in range(rounds):
            for kind in KINDS:
                times[kind].append(first_paint(kind, pycache))
    bare, ours = (statistics.median(times[kind]) * 1000 for kind in KINDS)
    return "\n".join(
        [
            f"`tests/benchmarks/bench_startup.py`, {rounds} rounds, Python "
            f"{platform.python_version()}, {platform.machine()}, Qt offscreen:",
            "",
            "| program | first paint, median ms | fastest ms | ratio to the bare window |",
            "|---|---:|---:|---:|",
            f"| bare PySide6 window | {bare:.0f} | {min(times['bare']) * 1000:.0f} | 1.00x |",
            f"| `urlinspector gui` | {ours:.0f} | {min(times['urlinspector']) * 1000:.0f} "
            f"| {ours / bare:.2f}x |",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    parser.add_argument(
        "--update-docs", action="store_true", help="write the table into docs/benchmarks.md"
    )
    args = parser.parse_args(argv)
    table = run(args.rounds)
    print(table)
    if args.update_docs:
        update_docs(table, START, END)
    return 0


if __name__ == "__main__":
    sys.exit(main())
