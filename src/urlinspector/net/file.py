"""Reading a file URL: a regular file's bytes (up to the memory cap) or a folder's
entries, with the same cap and cancellation as the network drivers.

Only regular files are read.  The file is opened without blocking and checked *after*
opening (``fstat`` of the open descriptor, so a name swapped meanwhile cannot slip
through): a FIFO would wait for a writer for ever, ``/dev/zero`` never ends, a terminal
waits for a key; they are refused with a message instead.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePosixPath

from urlinspector.core.quoting import quoted
from urlinspector.net.errors import TooLarge
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.sink import MEMORY, File, Memory, Sink, body_writer
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.file import FileTarget, file_url

__all__ = ["CHUNK", "FileResult", "LocalEntry", "fetch"]

CHUNK = 1024 * 1024
MiB = 1024 * 1024


@dataclass(frozen=True)
class LocalEntry:
    """One entry of a local folder."""

    name: str
    url: str
    is_dir: bool
    is_link: bool
    size: int | None
    modified: datetime | None


@dataclass(frozen=True)
class FileResult:
    """A regular file's bytes, or a folder's entries."""

    target: FileTarget
    entries: tuple[LocalEntry, ...] | None = None
    data: bytes | None = None
    """The bytes (None when they went to a sink, or for a folder)."""
    size: int = 0
    """Bytes read."""


def _what(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _list(target: FileTarget, cancel: CancelToken | None) -> FileResult:
    path = target.path
    try:
        children = sorted(os.scandir(path), key=lambda e: e.name)
    except OSError as exc:
        raise LocalProtocolError(
            f"cannot list the folder {quoted(str(path))}: {exc.strerror}"
        ) from None
    entries: list[LocalEntry] = []
    for child in children:
        if cancel is not None:
            cancel.check()
        try:
            is_dir = child.is_dir()
            info = child.stat(follow_symlinks=True)
            size: int | None = None if is_dir else info.st_size
            modified: datetime | None = datetime.fromtimestamp(info.st_mtime)
        except OSError:
            is_dir, size, modified = False, None, None
        entries.append(
            LocalEntry(
                child.name,
                file_url(PurePosixPath(child.path), is_dir),
                is_dir,
                child.is_symlink(),
                size,
                modified,
            )
        )
    return FileResult(target, entries=tuple(entries))


def fetch(
    target: FileTarget,
    *,
    limits: Limits | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[int, int | None], None] | None = None,
    sink: Sink = MEMORY,
) -> FileResult:
    """Read the regular file *target* names, or list the folder it names.  The bytes go
    to *sink* (:mod:`urlinspector.net.sink`): memory (:attr:`FileResult.data`, at most
    ``limits.max_memory`` bytes), or any size to a :class:`File` (``hold`` does not
    apply), a :class:`~urlinspector.net.sink.Feed` or a
    :class:`~urlinspector.net.sink.Raw` stream (a file has no framing: the same bytes).

    Raises :class:`~urlinspector.schemes.errors.LocalProtocolError` for a missing or
    unreadable file and for anything but a regular file or a folder,
    :class:`~urlinspector.net.errors.TooLarge` past the cap, and
    :class:`~urlinspector.net.errors.Cancelled` after *cancel*."""
    limits = limits or Limits()
    if isinstance(sink, File) and sink.hold:
        raise ValueError("a file URL's bytes all go to the file: File(hold=0)")
    write = body_writer(sink) or sink.raw  # None: kept in memory
    path = str(target.path)
    if cancel is not None:
        cancel.check()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise LocalProtocolError(f"there is no file or folder {quoted(path)}") from None
    except OSError as exc:
        raise LocalProtocolError(f"cannot read {quoted(path)}: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            return _list(target, cancel)
        if not stat.S_ISREG(info.st_mode):
            raise LocalProtocolError(
                f"{quoted(path)} is {_what(info.st_mode)}: only regular files are read "
                "(reading it could wait for ever or never end)"
            )
        os.set_blocking(fd, True)
        total = info.st_size
        if isinstance(sink, Memory) and total > limits.max_memory:
            raise TooLarge(
                f"{quoted(path)} is {total:,} bytes, more than the "
                f"{limits.max_memory // MiB} MiB kept in memory"
            )
        chunks: list[bytes] = []
        done = 0
        while True:
            if cancel is not None:
                cancel.check()
            try:
                want = CHUNK if write is not None else min(CHUNK, limits.max_memory + 1 - done)
                chunk = os.read(fd, want)
            except OSError as exc:
                raise LocalProtocolError(f"cannot read {quoted(path)}: {exc.strerror}") from None
            if not chunk:
                break
            done += len(chunk)
            if write is not None:
                write(chunk)
            else:
                if done > limits.max_memory:  # the file grew while it was read
                    raise TooLarge(
                        f"{quoted(path)} holds more than the {limits.max_memory // MiB} MiB "
                        "kept in memory"
                    )
                chunks.append(chunk)
            if progress is not None:
                progress(done, max(total, done))
        data = None if write is not None else b"".join(chunks)
        return FileResult(target, data=data, size=done)
    finally:
        os.close(fd)
