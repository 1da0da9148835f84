"""The ``urlinspector`` program: the command line plus the commands that open the window.

This module sits above both front ends: :mod:`urlinspector.cli` never imports the GUI,
so the ``gui``, ``open`` and ``demo`` rows are added here, and Qt is only imported when one of them
runs.  With no arguments the window opens.
"""

from __future__ import annotations

import argparse
import gc
import sys

from urlinspector.cli import load_commands
from urlinspector.cli import main as cli_main
from urlinspector.cli.common import EDITION_ARG, Command, Console, arg, edition_type

__all__ = ["GUI_COMMANDS", "entry", "main"]


def _run_gui(args: argparse.Namespace, console: Console) -> int:
    from urlinspector.gui.launch import run_gui

    return run_gui(args)


def _run_open(args: argparse.Namespace, console: Console) -> int:
    from urlinspector.gui.launch import run_gui

    args.open = True
    return run_gui(args)


def _run_demo(args: argparse.Namespace, console: Console) -> int:
    from urlinspector.gui.launch import run_demo

    return run_demo(args)


_GUI_EDITION_ARG = arg(
    "--edition",
    type=edition_type,
    default=None,
    metavar="ID",
    help=str(EDITION_ARG.options["help"]) + "; the window remembers the last one chosen",
)
_THEME_ARG = arg(
    "--theme",
    choices=("auto", "light", "dark"),
    default=None,
    help="colours of the window (auto: the desktop's; default: the last one chosen, "
    "light for --screenshot)",
)

_SCREENSHOT_ARG = arg(
    "--screenshot",
    metavar="FILE",
    help="render the window to FILE (PNG) and exit; works without a display "
    "(QT_QPA_PLATFORM=offscreen, a 1600x1000 screen)",
)


def _percent(text: str) -> float:
    """A zoom in percent, within the window's steps (50 to 300)."""
    try:
        value = float(text.strip().rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a percentage such as 150, not {text!r}") from None
    if not ZOOM_RANGE[0] <= value <= ZOOM_RANGE[1]:
        raise argparse.ArgumentTypeError(
            f"between {ZOOM_RANGE[0]} and {ZOOM_RANGE[1]} percent, not {text!r}"
        )
    return value


ZOOM_RANGE = (50, 300)
"""The percentages ``--zoom`` takes: those of View ▸ Zoom in and Zoom out."""
TAB_NAMES = ("components", "diagnostics", "editions", "trace", "escapes", "explain", "spec")
"""The views ``--tab`` shows (:data:`urlinspector.gui.launch.TABS`, named here so that
the command line is built without importing the window)."""

_VIEW_ARGS = (
    arg(
        "--zoom",
        type=_percent,
        default=None,
        metavar="PERCENT",
        help="the type at PERCENT (50 to 300; as View > Zoom in, for this run only)",
    ),
    arg(
        "--tab",
        choices=TAB_NAMES,
        default=None,
        metavar="NAME",
        help="the view to show: " + ", ".join(TAB_NAMES),
    ),
    arg(
        "--presentation",
        action="store_true",
        help="start in presentation mode (F11): full screen, large type, only the "
        "address bar, where browsers go and the view",
    ),
)

_BASE_ARG = arg(
    "--base",
    metavar="BASE",
    default=None,
    help="the base URL references resolve against",
)

GUI_COMMANDS: tuple[Command, ...] = (
    Command(
        "gui",
        "open the inspector window (the default with no command)",
        _run_gui,
        (
            arg(
                "url",
                metavar="URL",
                nargs="?",
                default=None,
                help="the URL to inspect (its server is not contacted)",
            ),
            arg(
                "--open",
                action="store_true",
                help="also fetch URL and start in the viewer (as 'urlinspector open URL')",
            ),
            _BASE_ARG,
            _GUI_EDITION_ARG,
            _THEME_ARG,
            *_VIEW_ARGS,
            _SCREENSHOT_ARG,
        ),
        description="Open the inspector window: a colour-coded address bar, the base URL "
        "and resolved target, components, diagnostics and every edition side by side. "
        "Inspecting never contacts the URL's server; fetching is Alt+Enter (File > Open "
        "in the viewer) or 'urlinspector open URL'.",
    ),
    Command(
        "open",
        "open the window in the viewer and fetch URL (gopher, ftp, news, nntp, file)",
        _run_open,
        (
            arg("url", metavar="URL", help="the URL to fetch and show"),
            _BASE_ARG,
            _GUI_EDITION_ARG,
            _THEME_ARG,
            _SCREENSHOT_ARG,
        ),
        description="Open the window, inspect URL and fetch it at once: what comes back "
        "is shown in the viewer (URLs of other schemes are inspected only).",
    ),
    Command(
        "demo",
        "serve the bundled offline gopher hole on 127.0.0.1 and open the window at its root",
        _run_demo,
        (
            arg(
                "--serve-only",
                action="store_true",
                help="serve without opening the window (prints the URL; Ctrl+C stops)",
            ),
            _THEME_ARG,
            _SCREENSHOT_ARG,
        ),
        description="Start the small gopher server bundled with urlinspector on 127.0.0.1 "
        "(a free port), serving the demo gopher hole (a welcome page, the five specs, a "
        "search, an image, a Gopher+ item), and open the window at its root.",
    ),
)


def __getattr__(name: str) -> tuple[Command, ...]:
    """``ALL_COMMANDS``: the command line's rows and the window's, loaded when first
    asked for (the program itself loads only the command it runs)."""
    if name == "ALL_COMMANDS":
        return load_commands() + GUI_COMMANDS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: list[str] | None = None) -> int:
    """Run ``urlinspector`` with *argv* (default ``sys.argv[1:]``); the exit status."""
    args = sys.argv[1:] if argv is None else argv
    return cli_main(args or ["gui"], GUI_COMMANDS)


def entry() -> int:
    """The ``urlinspector`` command and ``python -m urlinspector``: :func:`main`, after
    which the process ends.

    Before it ends, every object still alive is put out of the garbage collector's reach
    (:func:`gc.freeze`).  The interpreter's last collection would otherwise walk every
    object the program made, those of its imported modules first (several milliseconds
    of a short command such as ``fetch``), only for the memory to go back to the system
    with the process.  Python does not promise to finalize the objects still alive at
    exit, and nothing here relies on it: files and connections are closed where they
    are used.  (Tests call :func:`main`, which leaves the collector as it is.)"""
    status = main()
    gc.freeze()
    return status
