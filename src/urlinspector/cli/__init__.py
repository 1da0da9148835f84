"""The command line: ``urlinspector COMMAND ...`` over the same API as the GUI.

Each subcommand is one :class:`Command` row of :data:`COMMANDS`: its arguments as data
and one ``run`` function.  Adding a subcommand is writing that function and adding its
row.

Exit status: 0 when the input has no error diagnostics, 1 when it has some (``decode``:
invalid escapes or undecodable octets), 2 for misuse (unknown edition or charset, bad
arguments), with one line on stderr.  Output for people never shows a control character
raw: C0 controls become the U+2400 symbols (``␉``), other invisible or format characters
``\\xNN`` / ``\\uNNNN``.  ``--json`` output is JSON and nothing else.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Callable
from typing import NoReturn

from urlinspector.cli import fetch, inspect, links, resolve, spec
from urlinspector.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_SOFTWARE,
    EXIT_USAGE,
    PROG,
    Argument,
    Command,
    Console,
    visible,
)
from urlinspector.core import URLInspectorError

__all__ = ["COMMANDS", "Argument", "Command", "Console", "build_parser", "main", "visible"]


COMMANDS: tuple[Command, ...] = (
    inspect.COMMANDS + resolve.COMMANDS + links.COMMANDS + fetch.COMMANDS + spec.COMMANDS
)
"""The subcommands, in the order ``--help`` lists them."""


# --- the parser and main ------------------------------------------------------------------------


class UsageError(Exception):
    """Bad arguments: reported on one line, exit status 2."""

    def __init__(self, message: str, prog: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message, self.prog)


def _fill(text: str) -> str:
    """Wrap each line of *text* (a help description or epilog) to 78 columns."""
    return "\n".join(
        textwrap.fill(line, 78, subsequent_indent=line[: len(line) - len(line.lstrip())] * 2)
        if line
        else ""
        for line in text.split("\n")
    )


def build_parser(commands: tuple[Command, ...] = COMMANDS) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Inspect URLs: components, spans, escapes and diagnostics under every "
        "edition of the URL specs.",
        allow_abbrev=False,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for command in commands:
        p = sub.add_parser(
            command.name,
            help=command.help,
            description=_fill(command.description or command.help),
            epilog=_fill(command.epilog) if command.epilog else None,
            formatter_class=argparse.RawDescriptionHelpFormatter,
            allow_abbrev=False,
        )
        for argument in command.arguments:
            p.add_argument(*argument.flags, **argument.options)
        p.set_defaults(run=command.run)
    return parser


def _error(message: str) -> None:
    line = visible(" ".join(message.split()))
    try:
        sys.stderr.write(f"{PROG}: error: {line}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """After EPIPE: point stdout at /dev/null so the interpreter's final flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None, commands: tuple[Command, ...] = COMMANDS) -> int:
    """Run the command line with *argv* (default ``sys.argv[1:]``); the exit status.

    *commands* are the subcommands offered; :mod:`urlinspector.app` adds the window's.
    """
    parser = build_parser(commands)
    try:
        try:
            args = parser.parse_args(argv)
        except UsageError as exc:
            _error(f"{exc} (see {exc.prog} --help)")
            return EXIT_USAGE
        run: Callable[[argparse.Namespace, Console], int] | None = getattr(args, "run", None)
        if run is None:
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        status = run(args, Console.for_args(args, sys.stdout))
        sys.stdout.flush()
        return status
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except URLInspectorError as exc:
        _error(str(exc))
        return EXIT_USAGE
    except MemoryError:
        if os.environ.get("URLINSPECTOR_DEBUG"):
            raise
        # reported below, after this block: the frames that filled memory are let go
    except Exception as exc:  # a bug: say so on one line instead of a traceback
        if isinstance(exc, ValueError) and _raised_by_the_command_line(exc):
            _error(str(exc))  # the command's own word on its arguments: misuse
            return EXIT_USAGE
        if os.environ.get("URLINSPECTOR_DEBUG"):
            raise
        _error(
            f"internal error ({type(exc).__name__}: {exc}); please report it with the "
            f"input (URLINSPECTOR_DEBUG=1 shows the traceback)"
        )
        return EXIT_SOFTWARE
    _error(
        "out of memory: the input, or what the server sent, takes more memory than this "
        "machine has; nothing more was done"
    )
    return EXIT_SOFTWARE


def _raised_by_the_command_line(exc: BaseException) -> bool:
    """Whether *exc* was raised by the command line's own code (a message about its
    arguments), not by a library call deep inside it (a bug)."""
    tb = exc.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    module = str(tb.tb_frame.f_globals.get("__name__", ""))
    return module == __name__ or module.startswith(__name__ + ".")
