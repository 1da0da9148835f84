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
from urlinspector.net.limits import CancelToken
from urlinspector.net.session import DEFAULT_SESSION, Session
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
    target: FileTarget, *, sink: Sink = MEMORY, session: Session = DEFAULT_SESSION
) -> FileResult:
    """Read the regular file *target* names, or list the folder it names.  The bytes go
    to *sink* (:mod:`urlinspector.net.sink`): memory (:attr:`FileResult.data`, at most
    the session's ``limits.max_memory`` bytes), or any size to a :class:`File`
    (``hold`` does not apply), a :class:`~urlinspector.net.sink.Feed` or a
    :class:`~urlinspector.net.sink.Raw` stream (a file has no framing: the same bytes).
    The session's progress callback hears ``(done, size)`` after every read.

    Raises :class:`~urlinspector.schemes.errors.LocalProtocolError` for a missing or
    unreadable file and for anything but a regular file or a folder,
    :class:`~urlinspector.net.errors.TooLarge` past the cap, and
    :class:`~urlinspector.net.errors.Cancelled` after the session's cancel token."""
    if isinstance(sink, File) and sink.hold:
        raise ValueError("a file URL's bytes all go to the file: File(hold=0)")
    path = str(target.path)
    if session.cancel is not None:
        session.cancel.check()
    fd = _open(path)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            return _list(target, session.cancel)
        if not stat.S_ISREG(info.st_mode):
            raise LocalProtocolError(
                f"{quoted(path)} is {_what(info.st_mode)}: only regular files are read "
                "(reading it could wait for ever or never end)"
            )
        os.set_blocking(fd, True)
        cap = session.limits.max_memory
        if isinstance(sink, Memory) and info.st_size > cap:
            raise TooLarge(
                f"{quoted(path)} is {info.st_size:,} bytes, more than the {cap // MiB} MiB "
                "kept in memory"
            )
        write = body_writer(sink) or sink.raw  # None: kept in memory
        reader = _Reader(fd, path, info.st_size, session)
        if write is None:
            data = reader.keep(cap)
            return FileResult(target, data=data, size=len(data))
        return FileResult(target, size=reader.copy(write))
    finally:
        os.close(fd)


def _open(path: str) -> int:
    """*path* opened for reading without blocking (a FIFO would wait for a writer)."""
    try:
        return os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise LocalProtocolError(f"there is no file or folder {quoted(path)}") from None
    except OSError as exc:
        raise LocalProtocolError(f"cannot read {quoted(path)}: {exc.strerror}") from None


class _Reader:
    """A regular file's bytes in chunks of :data:`CHUNK`, the session's cancel token
    checked and its progress callback told ``(done, size)`` after each."""

    def __init__(self, fd: int, path: str, size: int, session: Session) -> None:
        self.fd = fd
        self.path = path
        self.size = size
        self.cancel = session.cancel
        self.progress = session.progress
        self.done = 0

    def chunk(self, most: int) -> bytes:
        """The next bytes, at most *most*; b"" at the end."""
        if self.cancel is not None:
            self.cancel.check()
        try:
            chunk = os.read(self.fd, most)
        except OSError as exc:
            raise LocalProtocolError(f"cannot read {quoted(self.path)}: {exc.strerror}") from None
        self.done += len(chunk)
        if chunk and self.progress is not None:
            self.progress(self.done, max(self.size, self.done))
        return chunk

    def copy(self, write: Callable[[bytes], object]) -> int:
        """Every byte handed to *write*, in any number; how many."""
        while chunk := self.chunk(CHUNK):
            write(chunk)
        return self.done

    def keep(self, cap: int) -> bytes:
        """Every byte, in memory: :class:`TooLarge` past *cap* (the file grew while it
        was read)."""
        chunks: list[bytes] = []
        while chunk := self.chunk(min(CHUNK, cap + 1 - self.done)):
            if self.done > cap:
                raise TooLarge(
                    f"{quoted(self.path)} holds more than the {cap // MiB} MiB kept in memory"
                )
            chunks.append(chunk)
        return b"".join(chunks)
