"""Writing a download to the file the user named, and nowhere else.

A download to ``FILE`` goes to ``FILE.part`` first, created for this download alone
(``O_CREAT | O_EXCL | O_NOFOLLOW``: an existing name, a symbolic link above all, is never
opened, so a link planted there cannot send the bytes to another file), and is renamed to
``FILE`` in one step (``rename(2)``, atomic on one file system) once it is complete: a
``FILE`` that exists is never seen half-written.  A ``FILE`` that is a symbolic link is
refused (writing through it would change the file it points to; renaming over it would
replace it); a folder is refused; a device or a FIFO (``/dev/null``, a named pipe, a
terminal) is written as it is, since renaming would put a regular file in its place.

A leftover ``FILE.part`` (a regular file from an earlier download cut short) is replaced;
anything else there (a link, a folder) is left alone and refused.

Every refusal is a :class:`SaveRefused`, an :class:`OSError` whose text says what is
wrong and what to do.
"""

from __future__ import annotations

import contextlib
import os
import stat
from types import TracebackType
from typing import BinaryIO

__all__ = ["PART_SUFFIX", "SaveRefused", "Saving", "save_to"]

PART_SUFFIX = ".part"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)  # Windows


class SaveRefused(OSError):
    """The file named for a download cannot be written safely (a symbolic link, a
    folder, a staging name taken by something else); nothing was written."""


class Saving:
    """One download on its way to *target*: write to :attr:`file`, then :meth:`commit`
    (complete), :meth:`keep_partial` (cut short: the bytes stay in the ``.part`` file)
    or :meth:`discard`.  Leaving the ``with`` block without one of them discards."""

    def __init__(self, target: str, part: str | None, file: BinaryIO) -> None:
        self.target = target
        self.part = part
        """The staging file, or None when *target* is a device or a FIFO."""
        self.file = file
        self._done = False

    @property
    def written(self) -> int:
        """Bytes in the staging file so far (also those spliced in by the kernel)."""
        if self.part is None or self.file.closed:
            return 0
        self.file.flush()
        return os.fstat(self.file.fileno()).st_size

    def commit(self) -> None:
        """Close the file and put it in place of the target; raises OSError (a full disk
        at the last flush, a rename refused), the staging file then removed."""
        self._done = True
        try:
            self.file.close()
            if self.part is not None:
                os.replace(self.part, self.target)
        except BaseException:
            self._remove()
            raise

    def keep_partial(self) -> str | None:
        """Close the file and leave the bytes received in the staging file for the user
        to look at; the target is left as it was.  The staging file's name, or None when
        there is nothing worth keeping (no byte came, or the target is a device)."""
        if self._done:
            return None
        try:
            written = self.written
        except OSError:  # the last bytes would not go (a full disk): nothing sure to keep
            written = 0
        if self.part is None or written == 0:
            self.discard()
            return None
        self._done = True
        with contextlib.suppress(OSError):
            self.file.close()
        return self.part

    def discard(self) -> None:
        """Close the file and remove the staging file; the target is left as it was.
        Nothing more happens after :meth:`commit` or :meth:`keep_partial`."""
        if self._done:
            return
        self._done = True
        with contextlib.suppress(OSError):
            self.file.close()
        self._remove()

    def _remove(self) -> None:
        if self.part is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.part)

    def __enter__(self) -> Saving:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.discard()


def _lstat(name: str) -> os.stat_result | None:
    try:
        return os.lstat(name)
    except FileNotFoundError:
        return None
    except NotADirectoryError as exc:
        raise SaveRefused(f"cannot write {name}: a part of its path is not a folder") from exc


def save_to(target: str | os.PathLike[str]) -> Saving:
    """Open a download to *target* (see the module's text); raises :class:`SaveRefused`
    for a target that is a symbolic link or a folder, or a staging name taken by
    something other than a regular file, and OSError when the folder cannot be written
    (missing, read-only, no permission)."""
    name = os.fspath(target)
    info = _lstat(name)
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise SaveRefused(
                f"{name} is a symbolic link: a download is not written through a link "
                "(it would change the file the link points to); name that file, or "
                "another one"
            )
        if stat.S_ISDIR(info.st_mode):
            raise SaveRefused(f"{name} is a folder: give the name of a file to write")
        if not stat.S_ISREG(info.st_mode):  # a device, a FIFO, a socket: written as it is
            fd = os.open(name, os.O_WRONLY | _NOFOLLOW | _CLOEXEC | _BINARY)
            return Saving(name, None, os.fdopen(fd, "wb"))
    part = name + PART_SUFFIX
    left = _lstat(part)
    if left is not None and stat.S_ISREG(left.st_mode):
        os.unlink(part)  # an earlier download's bytes: this one starts afresh
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
    try:
        fd = os.open(part, flags, 0o666)
    except FileExistsError:
        raise SaveRefused(
            f"{part} exists and is not a regular file (a symbolic link, a folder): it is "
            f"left alone and nothing was written; remove it or choose another name"
        ) from None
    return Saving(name, part, os.fdopen(fd, "wb"))
