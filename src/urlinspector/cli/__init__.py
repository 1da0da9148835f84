"""The command line: ``urlinspector COMMAND ...`` over the same API as the GUI.

Each subcommand is one :class:`Command` row: its arguments as data and one ``run``
function, in the ``COMMANDS`` of its module; :data:`COMMAND_MODULES` says which module
that is.  Adding a subcommand is writing that function, adding its row, and naming its
module here.  A command's module is imported when the command runs (``--help`` imports
them all), so ``fetch`` does not wait for the inspection and report machinery to load.

Exit status: 0 when the input has no error diagnostics, 1 when it has some (``decode``:
invalid escapes or undecodable octets), 2 for misuse (unknown edition or charset, bad
arguments), with one line on stderr.  Output for people never shows a control character
raw: C0 controls become the U+2400 symbols (``␉``), other invisible or format characters
``\\xNN`` / ``\\uNNNN``.  ``--json`` output is JSON and nothing else.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import NoReturn

from urlinspector.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_FINDINGS,
    EXIT_INTERRUPTED,
    EXIT_SOFTWARE,
    EXIT_USAGE,
    PROG,
    Argument,
    Command,
    Console,
    io_failure,
    visible,
)
from urlinspector.core import URLInspectorError

__all__ = [
    "COMMANDS",
    "COMMAND_MODULES",
    "Argument",
    "Command",
    "Console",
    "build_parser",
    "load_commands",
    "main",
    "visible",
]


COMMAND_MODULES: Mapping[str, str] = MappingProxyType(
    {
        "parse": "inspect",
        "decode": "inspect",
        "resolve": "resolve",
        "normalize": "links",
        "compare": "links",
        "extract": "links",
        "guard": "guard",
        "defang": "defang",
        "clean": "clean",
        "fetch": "fetch",
        "spec": "spec",
        "explain": "explain",
        "scan": "scan",
    }
)
"""Subcommand -> the module of :mod:`urlinspector.cli` whose ``COMMANDS`` hold its row,
in the order ``--help`` lists them."""


def load_commands(names: Iterable[str] | None = None) -> tuple[Command, ...]:
    """The rows of the subcommands *names* (default: all, in ``--help`` order), importing
    only the modules they are in."""
    wanted = tuple(COMMAND_MODULES if names is None else names)
    rows: dict[str, Command] = {}
    for module in dict.fromkeys(COMMAND_MODULES[name] for name in wanted):
        for row in importlib.import_module(f"{__name__}.{module}").COMMANDS:
            rows.setdefault(row.name, row)
    return tuple(rows[name] for name in wanted)


def __getattr__(name: str) -> tuple[Command, ...]:
    """``COMMANDS``: every subcommand's row, loaded when first asked for."""
    if name == "COMMANDS":
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


def build_parser(commands: Iterable[Command] | None = None) -> argparse.ArgumentParser:
    """The parser of *commands* (default: every subcommand of the command line)."""
    if commands is None:
        commands = load_commands()
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


def _error(message: str, words: Sequence[str] = ()) -> None:
    """Write *message* as one error line, with the password of any URL among *words*
    (the command line) masked where the message repeats it (an error that quotes the
    URL, or the password alone), before its whitespace (a CR in a password, too) is
    made one line."""
    if any("@" in word for word in words):
        try:
            # (loaded only for a command line that may carry a password)
            from urlinspector.present.masking import mask_message, passwords_in

            message = mask_message(message, passwords_in(words))
        except Exception:
            message = "the command failed; its message is withheld: it may hold a password"
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


def _drop_pending_output() -> None:
    """After an I/O error: what is still buffered for stdout is written now if it can
    be, else dropped, so that the interpreter's final flush does not fail again."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()


def _needed(argv: list[str], extra: tuple[Command, ...]) -> tuple[Command, ...]:
    """The rows the parser needs for *argv*: the command's alone when *argv* starts with
    one (only its module is imported), else all of them (``--help`` lists them; a wrong
    name is told the choices)."""
    first = argv[0] if argv else ""
    for row in extra:
        if row.name == first:
            return (row,)
    if first in COMMAND_MODULES:
        return load_commands([first])
    return load_commands() + extra


def main(argv: list[str] | None = None, extra: tuple[Command, ...] = ()) -> int:
    """Run the command line with *argv* (default ``sys.argv[1:]``); the exit status.

    *extra* are subcommands offered besides the command line's own:
    :mod:`urlinspector.app` adds the window's.
    """
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(_needed(words, extra))
    try:
        return _run(parser, words)
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except MemoryError:
        if os.environ.get("URLINSPECTOR_DEBUG"):
            raise
        # reported below, after this block: the frames that filled memory are let go
    except Exception as exc:
        return _failed(exc, words)
    _error(
        "out of memory: the input, or what the server sent, takes more memory than this "
        "machine has; nothing more was done"
    )
    return EXIT_SOFTWARE


def _run(parser: argparse.ArgumentParser, words: list[str]) -> int:
    """Parse *words* and run the command they name; its exit status."""
    try:
        args = parser.parse_args(words)
    except UsageError as exc:
        _error(f"{exc} (see {exc.prog} --help)", words)
        return EXIT_USAGE
    run: Callable[[argparse.Namespace, Console], int] | None = getattr(args, "run", None)
    if run is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    status = run(args, Console.for_args(args, sys.stdout))
    sys.stdout.flush()
    return status


def _failed(exc: Exception, words: list[str]) -> int:
    """The exit status of a command that raised *exc*, said on one line: the user's
    system (a full disk, a missing folder), misuse (the core's or the command line's
    own word on its arguments), or a bug (said so, instead of a traceback; with
    ``URLINSPECTOR_DEBUG`` set, the system's failures and bugs raise)."""
    debug = bool(os.environ.get("URLINSPECTOR_DEBUG"))
    if isinstance(exc, OSError):
        if debug:
            raise exc
        _error(io_failure(exc))
        _drop_pending_output()
        return EXIT_FINDINGS
    misuse = isinstance(exc, ValueError) and _raised_by_the_command_line(exc)
    if isinstance(exc, URLInspectorError) or misuse:
        _error(str(exc), words)
        return EXIT_USAGE
    if debug:
        raise exc
    _error(
        f"internal error ({type(exc).__name__}: {exc}); please report it with the "
        f"input (URLINSPECTOR_DEBUG=1 shows the traceback)",
        words,
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
