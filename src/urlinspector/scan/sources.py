"""Which files a scan reads, and the names its rows give them.

An input given on the command line is a path, a glob, a directory or an fsspec URL
(``s3://bucket/logs/*.gz`` with s3fs installed), or ``-`` for standard input:

- a glob means the files it matches, in sorted order;
- a directory means every file under it, recursively, in sorted order of their paths
  (code point by code point), leaving out hidden files and folders (a name beginning
  with ``.``);
- ``-`` means what standard input holds, copied first into ``DIR/_inputs/stdin``
  (so that the workers can read it), and named ``-``.

Each file is named the same way however it was given: by its absolute path on the
local file system (``urls.txt``, ``./u*.txt`` and ``file:///tmp/x/urls.txt`` all give
``/tmp/x/urls.txt``), by its URL on another (``s3://bucket/logs/a.gz``).  That name is
the ``source`` of its rows and what the workers open.  An :class:`InputFile` also keeps
its size and its version (modification time, ETag or hash), which ``--resume`` checks.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from urlinspector.core.quoting import quoted

__all__ = ["STDIN", "InputError", "InputFile", "describe", "expand"]

STDIN = "-"


class InputError(ValueError):
    """An input that cannot be read: missing, or not in the format its name says."""


@dataclass(frozen=True, slots=True)
class InputFile:
    """One file a scan reads: *source* names it in the rows, *location* is where it is
    opened (the same but for standard input), *size* and *version* say which state of
    it was read."""

    source: str
    location: str
    size: int | None
    version: str | None

    def fingerprint(self) -> dict[str, Any]:
        """What ``--resume`` compares (the manifest's entry for it)."""
        return {"source": self.source, "size": self.size, "version": self.version}


def _version(info: dict[str, Any]) -> str | None:
    for key in ("ETag", "etag", "md5Hash", "mtime", "LastModified", "last_modified", "created"):
        value = info.get(key)
        if value is not None:
            return str(value).strip('"')
    return None


def describe(fs: Any, path: str) -> InputFile:
    """The :class:`InputFile` of *path* on *fs*, named as :mod:`this module <.sources>`
    says."""
    from fsspec.implementations.local import LocalFileSystem

    info = fs.info(path)
    name = path if isinstance(fs, LocalFileSystem) else str(fs.unstrip_protocol(path))
    size = info.get("size")
    return InputFile(name, name, int(size) if size is not None else None, _version(info))


def _hidden(root: str, path: str) -> bool:
    relative = posixpath.relpath(path, root)
    return any(part.startswith(".") for part in relative.split("/"))


def _in_folder(fs: Any, root: str) -> Iterator[str]:
    found = [p for p in fs.find(root) if not _hidden(root, p)]
    yield from sorted(found)


def _files(given: str) -> Iterator[InputFile]:
    import fsspec

    try:
        fs, path = fsspec.core.url_to_fs(given)
    except (ImportError, ValueError) as exc:  # s3:// without s3fs, an unknown protocol
        raise InputError(f"cannot read {quoted(given)}: {exc}") from None
    if any(ch in path for ch in "*?["):
        matches = sorted(fs.glob(path))
        if not matches:
            raise InputError(f"no input matches {quoted(given)}")
        for match in matches:
            if fs.isdir(match):
                yield from (describe(fs, p) for p in _in_folder(fs, match))
            else:
                yield describe(fs, match)
        return
    if fs.isdir(path):
        found = list(_in_folder(fs, path))
        if not found:
            raise InputError(f"the folder {quoted(given)} holds no file")
        yield from (describe(fs, p) for p in found)
        return
    if not fs.exists(path):
        raise InputError(f"cannot read {quoted(given)}: no such file")
    yield describe(fs, path)


def expand(inputs: Sequence[str], stdin: InputFile | None = None) -> list[InputFile]:
    """Every file *inputs* name, in the order given (a glob's and a folder's in sorted
    order); ``-`` is *stdin* (standard input, copied where the workers read it)."""
    found: list[InputFile] = []
    for given in inputs:
        if given == STDIN:
            if stdin is None:
                raise InputError("standard input (-) can be read once, by the command")
            found.append(stdin)
            continue
        found += _files(given)
    return found
