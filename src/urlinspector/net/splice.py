"""Body bytes from a socket to a file inside the kernel (Linux ``splice(2)``).

A binary download to a file needs none of its bytes in Python: :class:`FilePipe` moves
them from the connection into a pipe and from the pipe into the file with
:func:`os.splice`, so they are never copied into a Python object and back.  The
connection's waits stay what they are (:meth:`Connection.splice
<urlinspector.net.driver.Connection.splice>`: the read timeout, the deadline, the cancel
token), and no memory is taken whatever the size.  Where :func:`os.splice` is missing
(not Linux), or the sink is not a regular file, :func:`file_of` says None and the bytes
go through ``recv`` and ``write`` as usual.
"""

from __future__ import annotations

import contextlib
import os
import stat
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from urlinspector.net.driver import Connection

__all__ = ["PIPE_SIZE", "FilePipe", "file_of"]

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
    """A pipe that carries bytes from a connection into the file *fd*."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._read, self._write = os.pipe()
        self.size = _grow(self._write)
        """Bytes the pipe holds: the most one :meth:`move` takes."""

    def move(self, conn: Connection) -> int:
        """What has come from *conn*, up to what the pipe holds, into the file; 0 when
        the server has closed the connection."""
        count = conn.splice(self._write, self.size)
        left = count
        while left:
            left -= os.splice(self._read, self.fd, left)
        return count

    def close(self) -> None:
        for fd in (self._read, self._write):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._read = self._write = -1


def _grow(pipe: int) -> int:
    """Ask the kernel for a pipe of PIPE_SIZE bytes; the size it has."""
    import fcntl  # POSIX only, as os.splice

    with contextlib.suppress(OSError):
        return fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    return fcntl.fcntl(pipe, fcntl.F_GETPIPE_SZ)
