"""Body bytes from a socket to a file inside the kernel (Linux ``splice(2)``).

A binary download to a file needs none of its bytes in Python: :class:`FilePipe` moves
them from the connection into a pipe and from the pipe into the file with
:func:`os.splice`, so they are never copied into a Python object and back.  The
connection's waits stay what they are (its :meth:`~Source.splice`: the read timeout, the
deadline, the cancel token: :meth:`Connection.splice
<urlinspector.net.driver.Connection.splice>`, an ftp data connection's
:meth:`Waits.splice <urlinspector.net.ftp.waits.Waits.splice>`), and no memory is taken
whatever the size.  Where :func:`os.splice` is missing (not Linux), or the sink is not a
regular file, :meth:`FilePipe.into` says None and the bytes go through ``recv`` and
``write`` as usual.
"""

from __future__ import annotations

import contextlib
import os
import stat
from typing import Protocol

__all__ = ["PIPE_SIZE", "SPLICE_LOW_WATER", "FilePipe", "Source", "file_of"]

SPLICE_LOW_WATER = 256 * 1024
"""Bytes a read of a splice waits for before it wakes (the socket's low-water mark):
fewer wake-ups, so more of the machine is left to a server that sends in small pieces
(the move takes what has come, up to what the pipe holds, which should be larger so
that a fast server never waits for the reader).  Measured on loopback against
gophernicus: waking for 256 KiB and taking up to 1 MiB moved 256 MiB in about three
quarters of the time of taking 256 KiB."""


class Source(Protocol):
    """A connection whose bytes can be spliced into a pipe."""

    def splice(self, pipe: int, max_bytes: int, /) -> int:
        """What has come, up to *max_bytes*, into the pipe whose write end is *pipe*;
        0 when the server has closed the connection (waiting as a read does)."""
        ...


PIPE_SIZE = 1024 * 1024
"""Bytes the pipe is asked to hold (Linux's default limit for an unprivileged process,
``/proc/sys/fs/pipe-max-size``); the kernel's 64 KiB when it refuses."""


def file_of(sink: object) -> int | None:
    """The file descriptor of *sink* when it is an open regular file that spliced bytes
    can go to, with what it buffered written out first; None otherwise."""
    if not hasattr(os, "splice"):
        return None
    fileno = getattr(sink, "fileno", None)
    flush = getattr(sink, "flush", None)
    if not callable(fileno) or not callable(flush):
        return None
    try:
        fd = fileno()
        if not isinstance(fd, int) or not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
    except (OSError, ValueError):  # io.UnsupportedOperation (BytesIO) is both
        return None
    flush()
    return fd


class FilePipe:
    """A pipe that carries bytes from a connection into the file *fd*, the descriptor of
    the file object *sink* (whose position :meth:`close` sets to where the file ends)."""

    def __init__(self, fd: int, sink: object = None) -> None:
        self.fd = fd
        self.sink = sink
        self._read, self._write = os.pipe()
        self.size = _grow(self._write)
        """Bytes the pipe holds: the most one :meth:`move` takes."""

    @classmethod
    def into(cls, sink: object) -> FilePipe | None:
        """A pipe into *sink*'s file, when it is an open regular file that spliced bytes
        can go to (:func:`file_of`); None otherwise."""
        fd = file_of(sink)
        return None if fd is None else cls(fd, sink)

    def move(self, source: Source) -> int:
        """What has come from *source*, up to what the pipe holds, into the file; 0 when
        the server has closed the connection."""
        count = source.splice(self._write, self.size)
        left = count
        while left:
            left -= os.splice(self._read, self.fd, left)
        return count

    def close(self) -> None:
        """Close the pipe, and tell the sink where its file now ends (the kernel moved
        the file's offset, not the file object's idea of it)."""
        for fd in (self._read, self._write):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._read = self._write = -1
        seek = getattr(self.sink, "seek", None)
        if callable(seek):
            with contextlib.suppress(OSError, ValueError):  # the sink closed already
                seek(os.lseek(self.fd, 0, os.SEEK_CUR))


def _grow(pipe: int) -> int:
    """Ask the kernel for a pipe of PIPE_SIZE bytes; the size it has."""
    import fcntl  # POSIX only, as os.splice

    with contextlib.suppress(OSError):
        return fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    return fcntl.fcntl(pipe, fcntl.F_GETPIPE_SZ)
