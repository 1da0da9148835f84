"""What every subcommand shares: safe display of any text, the console, tables, and
arguments as data (:class:`Command`, :class:`Argument` and the common options).

Every command imports this module, ``fetch`` too, whose start-up counts in a download's
time: what only some output needs (colours, JSON) is imported where it is used."""

from __future__ import annotations

import argparse
import errno
import functools
import os
import shutil
import sys
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from urlinspector.core import (
    EDITION_IDS,
    EDITIONS,
    URL,
    URLInspectorError,
    get_edition,
)
from urlinspector.core.charsets import canonical_charset
from urlinspector.core.limits import MAX_INPUT as MAX_INPUT  # (re-exported)
from urlinspector.net.limits import Limits
from urlinspector.net.saving import SaveRefused
from urlinspector.net.tls import TLSOptions

if TYPE_CHECKING:
    from urlinspector import palette

PROG = "urlinspector"

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_SOFTWARE = 70  # sysexits.h EX_SOFTWARE: a bug in urlinspector, not in the input
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for `yes | head -1`

UNDEFINED_TEXT = "—(undefined)"
EMPTY_TEXT = '""'
MAX_ROWS = 50
"""Rows of one list (segments, escapes) shown to people; ``--json`` has them all."""


# --- showing any text safely ---------------------------------------------------------------


def visible(text: str) -> str:
    """*text* with every control, format, separator, invisible or bidi character and
    lone surrogate shown as a visible mark (:func:`~urlinspector.present.marks.marked`:
    ``⟦RLO⟧``, ``␀``), so that printing it cannot move the cursor, change colours or
    reorder the line."""
    if text.isascii() and text.isprintable():
        return text
    # (loaded on the first text that needs a mark: fetching loads no presentation)
    from urlinspector.present.marks import marked

    return marked(text)


@functools.lru_cache(maxsize=4096)
def _char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def width(text: str) -> int:
    """Terminal columns of *text* (already :func:`visible`)."""
    if text.isascii():
        return len(text)
    return sum(_char_width(c) for c in text)


def truncate(text: str, columns: int) -> str:
    if width(text) <= columns:
        return text
    out: list[str] = []
    used = 0
    for ch in text:
        w = _char_width(ch)
        if used + w > columns - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def shown(value: str | None) -> str:
    """A component's text for people: undefined and empty look different."""
    if value is None:
        return UNDEFINED_TEXT
    if value == "":
        return EMPTY_TEXT
    return visible(value)


def span_text(span: Sequence[int] | None) -> str:
    return "" if span is None or span[0] < 0 else f"{span[0]}:{span[1]}"


# --- the console -------------------------------------------------------------------------------


def colour_wanted(choice: str, stream: TextIO) -> bool:
    if choice == "always":
        return True
    if choice == "never":
        return False
    # auto: https://no-color.org (NO_COLOR set and not empty), dumb terminals, pipes
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def theme_for(choice: str) -> palette.Theme:
    if choice == "light":
        return "light"
    if choice == "dark":
        return "dark"
    # auto: rxvt, Konsole and others say "fg;bg" in COLORFGBG (bg 7 or 9-15: light)
    bg = os.environ.get("COLORFGBG", "").rpartition(";")[2]
    return "light" if bg in ("7", *map(str, range(9, 16))) else "dark"


def colour_depth() -> palette.ColourDepth:
    return "truecolor" if os.environ.get("COLORTERM") in ("truecolor", "24bit") else "256"


@dataclass(frozen=True)
class Console:
    """Where output goes and how it may look."""

    stream: TextIO
    colour: bool = False
    theme: palette.Theme = "dark"
    depth: palette.ColourDepth = "256"
    columns: int = 80
    mask_passwords: bool = False
    """A report for people masks passwords as the window does: the commands that take
    ``--show-passwords`` mask unless it is given (JSON always keeps them)."""

    @classmethod
    def for_args(cls, args: argparse.Namespace, stream: TextIO) -> Console:
        columns = shutil.get_terminal_size((80, 24)).columns
        return cls(
            stream,
            colour=colour_wanted(getattr(args, "color", "auto"), stream),
            theme=theme_for(getattr(args, "theme", "auto")),
            depth=colour_depth(),
            columns=max(40, columns),
            mask_passwords=hasattr(args, "show_passwords") and not args.show_passwords,
        )

    def paint(self, role: palette.Role | str | None, text: str) -> str:
        """*text* (already :func:`visible`) in the colours of *role*, when colour is on."""
        if not self.colour or role is None or not text:
            return text
        from urlinspector import palette

        return palette.ansi(role, text, theme=self.theme, depth=self.depth)

    def write(self, text: str) -> None:
        try:
            self.stream.write(text)
        except UnicodeEncodeError:  # a terminal whose encoding lacks some character
            encoding = getattr(self.stream, "encoding", None) or "ascii"
            self.stream.write(text.encode(encoding, "backslashreplace").decode(encoding))

    def write_lines(self, lines: Iterable[str]) -> None:
        self.write("".join(line + "\n" for line in lines))

    def write_json(self, data: object) -> None:
        """*data* as JSON, in UTF-8 whatever the output's encoding (RFC 8259 §8.1)."""
        import json

        ascii_only = not writes_utf8(getattr(self.stream, "encoding", None) or "utf-8")
        text = json.dumps(data, indent=2, ensure_ascii=ascii_only)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            # lone surrogates (undecodable argv bytes): JSON's own \\uXXXX escapes
            # keep the output valid
            text = json.dumps(data, indent=2, ensure_ascii=True)
        self.stream.write(text + "\n")


def writes_utf8(encoding: str) -> bool:
    """Whether text written in *encoding* is UTF-8: else JSON goes out as ASCII, its
    other characters as ``\\uXXXX`` escapes, which is UTF-8 in any ASCII-compatible
    encoding (a Latin-1 or ASCII locale would write other bytes: invalid JSON)."""
    import codecs

    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


# --- tables ----------------------------------------------------------------------------------

Cell = tuple[str, "palette.Role | str | None"]
"""Text already made :func:`visible`, and the role to paint it in."""


def table(
    console: Console, rows: Sequence[Sequence[Cell]], *, flex: int = 1, indent: int = 2
) -> list[str]:
    """Rows aligned in columns; column *flex* is cut short (…) to fit the console."""
    if not rows:
        return []
    ncols = max(len(r) for r in rows)
    widths = [0] * ncols
    for row in rows:
        for i, (text, _) in enumerate(row):
            widths[i] = max(widths[i], width(text))
    total = indent + sum(widths) + 2 * (ncols - 1)
    if total > console.columns and flex < ncols:
        widths[flex] = max(12, widths[flex] - (total - console.columns))
    lines = []
    for row in rows:
        cells = []
        for i, (text, role) in enumerate(row):
            shown = truncate(text, widths[i]) if i == flex else text
            pad = "" if i == len(row) - 1 else " " * (widths[i] - width(shown))
            cells.append(console.paint(role, shown) + pad)
        lines.append(" " * indent + "  ".join(cells).rstrip())
    return lines


def wrap(text: str, columns: int, indent: int) -> list[str]:
    return textwrap.wrap(
        text,
        width=max(20, columns - indent),
        initial_indent=" " * indent,
        subsequent_indent=" " * indent,
        break_on_hyphens=False,
    )


# --- input ---------------------------------------------------------------------------------


def read_input(value: str) -> str:
    """*value*, or standard input when it is ``-`` (one trailing newline removed).
    Raises ValueError (misuse) for standard input longer than :data:`MAX_INPUT`,
    having read no more than that."""
    if value != "-":
        return value
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
        data: bytes = buffer.read(MAX_INPUT + 3)  # room for a line end, and one more
        size = len(data) - (2 if data.endswith(b"\r\n") else 1 if data.endswith(b"\n") else 0)
        text: str = data.decode(encoding, "surrogateescape")  # like argv
    else:
        text = sys.stdin.read(MAX_INPUT + 3)
        size = len(_without_line_end(text))
    if size > MAX_INPUT:
        raise ValueError(
            f"standard input holds more than {MAX_INPUT:,} bytes, the most read as one "
            "input (--jsonl reads a file of any size, one input a line)"
        )
    return _without_line_end(text)


def _without_line_end(text: str) -> str:
    if text.endswith("\r\n"):
        return text[:-2]
    if text.endswith("\n"):
        return text[:-1]
    return text


# --- fetching ------------------------------------------------------------------------------

FETCH_DEADLINE = 300.0
"""Seconds a whole ``fetch`` may take by default (``--timeout`` sets it): a server that
drips one byte a second, or a group that pages forever, ends instead of hanging."""


def fetch_limits(
    timeout: float | None, guard: Callable[[str, list[str]], None] | None = None
) -> Limits:
    """The limits of one ``fetch``: *timeout* (``--timeout``) seconds for the whole
    exchange (default :data:`FETCH_DEADLINE`), and no longer than that to connect or to
    wait for the next bytes; *guard* the request policy's (:func:`request_guard`).
    Raises ValueError (misuse) for a number that is not positive."""
    if timeout is not None and not timeout > 0:
        raise ValueError(f"--timeout must be a positive number of seconds, not {timeout:g}")
    total = FETCH_DEADLINE if timeout is None else timeout
    default = Limits()
    return Limits(
        connect_timeout=min(default.connect_timeout, total),
        read_timeout=min(default.read_timeout, total),
        max_memory=default.max_memory,
        total_timeout=total,
        guard=guard,
    )


def tls_options(args: argparse.Namespace) -> TLSOptions:
    """``--cacert FILE`` and ``--insecure`` as how a TLS server is trusted (every
    protocol's: ftps and ftp with ``--tls``, gophers)."""
    return TLSOptions(
        cafile=getattr(args, "cacert", None), insecure=bool(getattr(args, "insecure", False))
    )


def cannot_write(path: str, exc: OSError) -> str:
    """The one line saying why *path* could not be written (a link or a folder refused,
    a missing folder, a full disk), for an ``error:`` line with exit status 1."""
    if isinstance(exc, SaveRefused):
        return str(exc)
    return f"cannot write {path}: {exc.strerror or exc}"


_WRITE_ERRORS = frozenset(
    getattr(errno, name)
    for name in ("ENOSPC", "EDQUOT", "EFBIG", "EROFS", "EIO")
    if hasattr(errno, name)
)


def io_failure(exc: OSError) -> str:
    """One line for an :class:`OSError` that reached the command line's top: the file it
    names (or the output) and the system's reason (exit status 1: the user's system, not
    a bug in urlinspector)."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    name = exc.filename
    if isinstance(name, str | bytes):
        return f"{visible(os.fsdecode(name))}: {reason}"
    if exc.errno in _WRITE_ERRORS:
        return f"cannot write the output: {reason}; what was written before is incomplete"
    return f"input or output failed: {reason}"


def check_port(url: URL, args: argparse.Namespace) -> None:
    """Refuse (ValueError: misuse) a URL aimed at another service's port, unless
    ``--allow-port`` (RFC 1738 §6; the request policy,
    :func:`urlinspector.net.policy.before_connecting`)."""
    from urlinspector.net.policy import Reach, before_connecting

    reasons = before_connecting(url, reach=Reach.TYPED)
    if reasons and not getattr(args, "allow_port", False):
        raise ValueError(f"{reasons[0]}; to connect anyway, repeat the command with --allow-port")


def request_guard(
    url: URL, args: argparse.Namespace, port: int | None = None
) -> Callable[[str, list[str]], None]:
    """The request policy's guard for the URL of the command line (connecting on *port*,
    default the URL's): a local address (loopback, private, link-local, as the host
    resolves) on a port other than the scheme's own is refused unless
    ``--allow-local``, since a command line cannot tell a person from a program passing
    on a URL it was given (:mod:`urlinspector.net.policy`)."""
    from urlinspector.net.policy import Guard, Reach, permit_for

    allow = bool(getattr(args, "allow_local", False))
    permit = permit_for(url, reach=Reach.TYPED, allow_local=allow, command_line=True, port=port)
    return Guard(permit, "to connect anyway, repeat the command with --allow-local")


# --- arguments as data ---------------------------------------------------------------------


@dataclass(frozen=True)
class Argument:
    """One ``add_argument`` call."""

    flags: tuple[str, ...]
    options: Mapping[str, Any]


def arg(*flags: str, **options: Any) -> Argument:
    return Argument(flags, options)


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, help, arguments and what it does."""

    name: str
    help: str
    run: Callable[[argparse.Namespace, Console], int]
    arguments: tuple[Argument, ...] = ()
    description: str = ""
    epilog: str = ""


def edition_type(value: str) -> str:
    for candidate in (value, value.lower()):
        if candidate in EDITIONS:
            return candidate
    try:
        return get_edition(value).id
    except URLInspectorError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def charset_type(value: str) -> str:
    try:
        canonical_charset(value)
    except URLInspectorError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


_EDITION_HELP = "the edition of the URL specs to read it by: " + ", ".join(
    f"{e.id} ({e.title}, {e.year}{'; the default' if e.id == EDITION_IDS[0] else ''})"
    for e in (EDITIONS[edition_id] for edition_id in EDITION_IDS)
)

EDITION_ARG = arg(
    "--edition", type=edition_type, default=EDITION_IDS[0], metavar="ID", help=_EDITION_HELP
)
JSON_ARG = arg(
    "--json", action="store_true", help="print JSON (and nothing else) instead of a report"
)
COLOR_ARG = arg(
    "--color",
    "--colour",
    dest="color",
    choices=("auto", "always", "never"),
    default="auto",
    help="colour the report: auto (default: when stdout is a terminal and NO_COLOR is "
    "not set), always, never",
)
THEME_ARG = arg(
    "--theme",
    choices=("auto", "dark", "light"),
    default="auto",
    help="terminal background the colours are chosen for (auto: from COLORFGBG, else dark)",
)
