"""``fetch ftp://...``: a directory listing or a text file on standard output, any file
to ``-o FILE``, and with ``--transcript`` the FTP commands and replies on standard error
(passwords masked).

The anonymous password (RFC 1738 §3.2.1: the user's e-mail address) comes from the
environment variable ``URLINSPECTOR_FTP_EMAIL``; a URL with a user and no password gets
a prompt on the terminal when the server asks for one.
"""

from __future__ import annotations

import argparse
import dataclasses
import getpass
import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING, BinaryIO

from urlinspector.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    Cell,
    Console,
    cannot_write,
    check_port,
    fetch_limits,
    fetch_session,
    request_guard,
    table,
    visible,
)
from urlinspector.core import URL, parse
from urlinspector.core.model import PASSWORD
from urlinspector.net.errors import NetError
from urlinspector.net.ftp import FTPResult
from urlinspector.net.ftp import fetch as fetch_url
from urlinspector.net.saving import Saving, save_to
from urlinspector.net.session import Session
from urlinspector.net.sink import MEMORY, Feed, File, Raw, Sink
from urlinspector.schemes.ftp.listing import Entry, Listing
from urlinspector.schemes.ftp.transcript import TranscriptLine, render_line
from urlinspector.schemes.ftp.url import DEFAULT_ANONYMOUS_PASSWORD, Plan, plan, readable

if TYPE_CHECKING:  # (fetch --json only: a fetch for people does without it)
    from urlinspector.cli.fetch_json import Facts

__all__ = ["EMAIL_VARIABLE", "fetch", "listing_lines", "summarize", "without_password"]

EMAIL_VARIABLE = "URLINSPECTOR_FTP_EMAIL"

_TYPE_MARK = {"dir": "d", "file": "-", "link": "l", "other": "o", None: "?"}
_TYPE_ROLE = {"dir": "ftp-cwd", "file": "ftp-name", "link": "ftp-name"}


def _stderr(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def _error(message: str) -> None:
    _stderr(f"{PROG}: error: {visible(' '.join(message.split()))}")


def _show_line(line: TranscriptLine) -> None:
    _stderr(visible(render_line(line)))


def _ask_password(user: str, authority: str) -> str | None:
    """The terminal prompt of RFC 1738 §3.2.1; None (give up) without a terminal."""
    if not sys.stdin.isatty():
        return None
    try:
        return getpass.getpass(f"Password for {visible(user)} at {authority}: ")
    except EOFError:
        return None


def _date(entry: Entry) -> str:
    date: datetime | None = entry.date
    if date is None:
        return "-"
    return date.strftime("%Y-%m-%d %H:%M") + (" UTC" if date.tzinfo is not None else "")


def without_password(url: str) -> str:
    """*url* with no password: ``ftp://u:SECRET@h/x`` is shown as ``ftp://u@h/x``
    (fetching that asks for the password, RFC 1738 §3.2.1).  Output never holds it."""
    if "@" not in url:
        return url
    start, end = parse(url).spans[PASSWORD]
    if start < 0:
        return url
    return url[: start - 1] + url[end:]  # the ":" before it too


def listing_lines(listing: Listing, console: Console) -> list[str]:
    """The listing as aligned rows: type, size, date, name, URL (the URL column is cut
    to the terminal's width; nothing is cut when the output is not a terminal)."""
    if not _is_terminal(console):
        console = dataclasses.replace(console, columns=sys.maxsize)
    count = len(listing.entries)
    lines = [
        f"{visible(without_password(listing.url))}  "
        f"({listing.command}, {count} entr{'y' if count == 1 else 'ies'})"
    ]
    rows: list[list[Cell]] = []
    for e in listing.entries:
        name = visible(e.name) + ("/" if e.type == "dir" else "")
        if e.target is not None:
            name += " -> " + visible(e.target)
        rows.append(
            [
                (_TYPE_MARK[e.type], None),
                ("-" if e.size is None else str(e.size), None),
                (_date(e), None),
                (name, _TYPE_ROLE.get(e.type or "")),
                (visible(without_password(e.url)), None),
            ]
        )
    lines.extend(table(console, rows, flex=4))
    lines.extend(f"  (not understood) {visible(line)}" for line in listing.unparsed)
    return lines


def _is_terminal(console: Console) -> bool:
    try:
        return console.stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _text_lines(data: bytes, charset: str) -> list[str] | None:
    """A text file's lines for the terminal, or None when the bytes are not text."""
    if b"\0" in data:
        return None
    try:
        text = data.decode(charset)
    except (UnicodeDecodeError, LookupError):
        return None
    return [visible(line.expandtabs(8)) for line in text.splitlines()]


def _print_plan(the_plan: Plan) -> None:
    steps = "; ".join(visible(c.line()) for c in the_plan.commands())
    _stderr(f"# the URL's FTP commands (RFC 1738 §3.2): {steps}")


def _binary_stdout(console: Console) -> BinaryIO:
    """Standard output for bytes (``--raw``), what was printed before it flushed."""
    buffer: BinaryIO | None = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        raise ValueError("--raw needs a standard output that takes bytes")
    console.stream.flush()
    sys.stdout.flush()
    return buffer


def _sink(args: argparse.Namespace, console: Console, saving: Saving | None) -> Sink:
    """Where the file goes: ``--raw``, its octets as they came (and a listing's), to
    FILE or standard output; ``-o FILE``, the file there; else memory (printed as text
    when it is text)."""
    if args.raw:
        return Raw(saving.file if saving is not None else _binary_stdout(console))
    return File(saving.file) if saving is not None else MEMORY


def _session(url: URL, args: argparse.Namespace) -> Session:
    """The fetch's session: the command line's limits and request policy, TLS and
    charset, the transcript on standard error (``--transcript``), the password prompt."""
    return fetch_session(
        args,
        fetch_limits(args.timeout, request_guard(url, args)),
        transcript=_show_line if args.transcript else None,
        password=_ask_password,
    )


def fetch(url: URL, args: argparse.Namespace, console: Console) -> int:
    """The ``fetch`` handler for ftp URLs."""
    session = _session(url, args)
    email = os.environ.get(EMAIL_VARIABLE) or DEFAULT_ANONYMOUS_PASSWORD
    the_plan = plan(url, anonymous_password=email)  # refuses unsafe URLs: exit 2
    check_port(url, args)
    if args.transcript:
        _print_plan(the_plan)
    saving: Saving | None = None
    if args.output:
        try:
            saving = save_to(args.output)  # a link or a folder refused, before connecting
        except OSError as exc:
            _error(cannot_write(args.output, exc))
            return EXIT_FINDINGS
    try:
        result = fetch_url(
            url, sink=_sink(args, console, saving), session=session, anonymous_password=email
        )
        if not args.transcript:  # else the transcript has shown them already
            if result.tls is not None:
                _stderr(f"{PROG}: note: {visible(result.tls.describe())}")
            for note in result.notes[len(result.plan.notes) :]:  # what happened, not the plan
                _stderr(f"{PROG}: note: {visible(note)}")
        return _output(result, args, console, saving)
    except NetError as exc:
        _error(str(exc))
        if saving is not None and (part := saving.keep_partial()) is not None:
            _stderr(
                f"{PROG}: note: the bytes received are in {visible(part)}; "
                f"{visible(saving.target)} is left as it was"
            )
        return EXIT_FINDINGS
    except OSError as exc:  # the -o file: a full disk, an I/O error
        if saving is None or isinstance(exc, BrokenPipeError):
            raise
        _error(cannot_write(saving.target, exc))
        return EXIT_FINDINGS
    finally:
        if saving is not None:
            saving.discard()  # nothing after commit() or keep_partial()


def _output(
    result: FTPResult, args: argparse.Namespace, console: Console, saving: Saving | None
) -> int:
    """What the fetch gave, shown or put in place; a ``--raw`` sink has had the
    octets already (a listing's too)."""
    if args.raw and saving is None:
        sys.stdout.buffer.flush()
        return EXIT_OK
    if result.listing is not None:
        if saving is not None:
            if not args.raw:  # the printed lines; --raw wrote the octets as they came
                rows = listing_lines(result.listing, Console(sys.stdout))
                saving.file.write("".join(row + "\n" for row in rows).encode("utf-8"))
            saving.commit()
            _stderr(f"{PROG}: listing saved to {visible(args.output)}")
        else:
            console.write_lines(listing_lines(result.listing, console))
        return EXIT_OK
    if saving is not None:
        saving.commit()
        _stderr(f"{PROG}: saved {result.kept} bytes to {visible(args.output)}")
        return EXIT_OK
    data = result.data or b""
    lines = _text_lines(data, args.charset)
    if lines is None:
        _error(
            f"the file is binary ({result.received} bytes, TYPE {result.transfer_type}) "
            f"or not {args.charset} text; save it with -o FILE, or print it as it came "
            "with --raw"
        )
        return EXIT_USAGE
    console.write_lines(lines)
    return EXIT_OK


# --- fetch --json ------------------------------------------------------------------------------


def summarize(url: URL, args: argparse.Namespace, facts: Facts, saving: Saving | None) -> bool:
    """``fetch --json`` of an ftp or ftps URL (:mod:`.fetch_json`): a file to the -o
    file as ``-o`` saves it (else counted and let go), a listing as the server sent it."""
    from urlinspector.cli.fetch_json import Counted, media_type

    session = _session(url, args)
    email = os.environ.get(EMAIL_VARIABLE) or DEFAULT_ANONYMOUS_PASSWORD
    the_plan = plan(url, anonymous_password=email)  # refuses unsafe URLs: exit 2
    check_port(url, args)
    facts.host, facts.port = the_plan.host, the_plan.port
    counted = Counted()
    result = fetch_url(
        url,
        sink=File(saving.file) if saving is not None else Feed(counted.write),
        session=session,
        anonymous_password=email,
    )
    if result.listing is not None:
        facts.kind, facts.entries = "listing", len(result.listing.entries)
        facts.bytes = result.received
        if saving is not None:
            saving.file.write(result.listing.raw)
        return True
    facts.kind, facts.bytes = "file", result.kept
    facts.content_type = media_type(readable(result.plan.name, args.charset))
    return True
