"""``fetch --json``: what a fetch did, as one JSON object on standard output.

The object (docs/json.md, ``urlinspector fetch --json``) says which URL was fetched
(without its password), from which host and port, what came (its kind, gopher item
type and media type), how many bytes, where they were saved (``-o FILE``; else they are
counted and let go, so a binary of any size needs no file), how long it took, and the
error that ended it, if one did.  Each scheme's module fills in its :class:`Facts`
(``summarize(url, args, facts, saving)``: the host and port before connecting, the
rest as it learns them); this module times it, saves, and writes the object.

Exit status: 0 fetched; 1 the server, the network or the file failed (the object's
``error`` says how); 2 misuse, refused before anything was sent (no object; the
message is on stderr, as without ``--json``).
"""

from __future__ import annotations

import argparse
import mimetypes
import sys
import time
from dataclasses import dataclass
from typing import Protocol

from urlinspector.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    PROG,
    Console,
    cannot_write,
    visible,
)
from urlinspector.core import URL
from urlinspector.net.body import Writable
from urlinspector.net.errors import NetError
from urlinspector.net.saving import Saving, save_to
from urlinspector.schemes.errors import RemoteProtocolError

__all__ = ["HEAD", "Counted", "Facts", "FetchFailed", "Summarize", "media_type", "run_json"]

HEAD = 4096
"""The first bytes of a body :class:`Counted` keeps (to recognise a gopher error menu
sent in a document's place)."""


class FetchFailed(Exception):
    """The fetch failed after its URL was accepted (a missing local file, an error reply
    in a document's place): the object's ``error``, exit status 1."""


@dataclass
class Facts:
    """What one fetch found, filled in by the scheme's ``summarize`` as it learns it."""

    host: str | None = None
    """The host connected to (None for a local file)."""
    port: int | None = None
    """The port connected to: the URL's, or the scheme's own."""
    kind: str | None = None
    """What came: ``menu``, ``text``, ``binary``, ``attributes`` (gopher), ``file`` or
    ``listing`` (ftp, file: ``file`` or ``folder``), ``article``, ``group-list`` or
    ``overview`` (news)."""
    item_type: str | None = None
    """The gopher item type character (RFC 1436 §3.8); None for other schemes."""
    content_type: str | None = None
    """The media type, when the protocol says it (a news article's Content-Type) or the
    name suggests one (Python's :mod:`mimetypes`); None else."""
    bytes: int | None = None
    """Octets of the body: a document's (its framing taken off, line ends as saved), or
    for a menu, listing or list the octets the server sent for it; None for a folder."""
    entries: int | None = None
    """Items of a menu, entries of a listing or folder, groups, articles listed."""


class Counted:
    """A writable that counts what passes (and keeps its first :data:`HEAD` bytes),
    handing it on to *file* when one is given."""

    def __init__(self, file: Writable | None = None) -> None:
        self.file = file
        self.size = 0
        self.head = bytearray()

    def write(self, data: bytes, /) -> int:
        if len(self.head) < HEAD:
            self.head += data[: HEAD - len(self.head)]
        self.size += len(data)
        if self.file is not None:
            self.file.write(data)
        return len(data)


class Summarize(Protocol):
    """A scheme's fetch for ``--json``: fills *facts*, writes the body to *saving*'s
    file when there is one, and says whether that file now holds what was fetched."""

    def __call__(
        self, url: URL, args: argparse.Namespace, facts: Facts, saving: Saving | None
    ) -> bool: ...


def media_type(name: str) -> str | None:
    """The media type a file name suggests (Python's :mod:`mimetypes`), or None."""
    kind, _encoding = mimetypes.guess_type(name.rpartition("/")[2] or name, strict=False)
    return kind


def shown_url(url: URL) -> str:
    """The URL's text without its password (the ``:`` before it too): the password the
    fetch would send, by the URL's edition.  (Not ``present.report.without_password``,
    which also reads the URL as browsers do: ``fetch`` loads none of the inspection.)"""
    password = url.span("password")
    return url.text if password is None else url.text[: password[0] - 1] + url.text[password[1] :]


def run_json(url: URL, args: argparse.Namespace, console: Console, summarize: Summarize) -> int:
    """Fetch *url* through *summarize* and write its object (see the module)."""
    if args.raw:
        raise ValueError("--json describes the fetch; --raw prints the body: give one")
    started = time.monotonic()
    facts = Facts()
    saved: str | None = None
    error: str | None = None
    try:
        saving = save_to(args.output) if args.output else None
    except OSError as exc:  # a link or a folder refused, before connecting
        saving, error = None, cannot_write(args.output, exc)
    if error is None:
        saved, error = _fetch(url, args, facts, saving, summarize)
    console.write_json(
        {
            "url": shown_url(url),
            "scheme": (url.scheme or "").lower(),
            "host": facts.host,
            "port": facts.port,
            "kind": facts.kind,
            "item_type": facts.item_type,
            "content_type": facts.content_type,
            "bytes": facts.bytes,
            "entries": facts.entries,
            "saved": saved,
            "elapsed": round(time.monotonic() - started, 3),
            "error": error,
        }
    )
    return EXIT_OK if error is None else EXIT_FINDINGS


def _fetch(
    url: URL,
    args: argparse.Namespace,
    facts: Facts,
    saving: Saving | None,
    summarize: Summarize,
) -> tuple[str | None, str | None]:
    """Run *summarize*; ``(the path saved or None, the error or None)``.  A fetch cut
    short leaves what came in ``FILE.part`` (said on stderr), as without ``--json``."""
    try:
        kept = summarize(url, args, facts, saving)
        if saving is None or not kept:
            return None, None
        saving.commit()
        return saving.target, None
    except (NetError, RemoteProtocolError, FetchFailed) as exc:
        _keep_partial(saving)
        return None, " ".join(str(exc).split())
    except OSError as exc:  # the -o file: a full disk, an I/O error
        if saving is None or isinstance(exc, BrokenPipeError):
            raise
        return None, cannot_write(saving.target, exc)
    finally:
        if saving is not None:
            saving.discard()  # nothing after commit() or keep_partial()


def _keep_partial(saving: Saving | None) -> None:
    part = saving.keep_partial() if saving is not None else None
    if saving is not None and part is not None:
        _note(f"the bytes received are in {part}; {saving.target} is left as it was")


def _note(text: str) -> None:
    sys.stderr.write(f"{PROG}: note: {visible(text)}\n")
