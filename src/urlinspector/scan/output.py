"""A scan's output folder, ``DIR``, on any file system fsspec knows: a local path,
``file://``, ``s3://`` (s3fs), ``gs://`` (gcsfs), ``abfs://`` (adlfs), ``memory://``.

The workers write into it themselves (the rows, each part's aggregate, the report): an
:class:`Output` is made from the folder's URL in each process.  A file is never seen
half written: on a local file system it is written under a hidden temporary name and
renamed; on an object store an object appears whole when its upload completes.

:func:`check_protocol` tells, before anything runs, that a URL's file system needs a
package that is not installed, and which.
"""

from __future__ import annotations

import importlib
import os
import posixpath
import uuid
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import IO, Any

import fsspec
from fsspec.implementations.local import LocalFileSystem

from urlinspector.core.quoting import quoted

__all__ = ["Output", "OutputError", "check_protocol", "output"]


class OutputError(ValueError):
    """The output folder cannot be used: its file system is unknown, or needs a
    package that is not installed."""


def _protocol(url: str) -> str:
    protocol, _ = fsspec.core.split_protocol(url)
    return protocol or "file"


def check_protocol(url: str, what: str = "--out") -> None:
    """Raise :class:`OutputError` when the file system of *url* is unknown to fsspec,
    or needs a package that is not installed (the message names it)."""
    protocol = _protocol(url)
    try:
        fsspec.get_filesystem_class(protocol)
    except ImportError:
        known = importlib.import_module("fsspec.registry").known_implementations
        package = str(known[protocol]["class"]).split(".", 1)[0]
        raise OutputError(
            f"{what} {quoted(url)}: the {protocol}:// file system needs the {package} "
            f"package (pip install {package}; 'urlinspector[scan-cloud]' brings s3fs "
            "and gcsfs)"
        ) from None
    except ValueError:
        raise OutputError(
            f"{what} {quoted(url)}: no file system is known for {protocol}://"
        ) from None


class Output:
    """The folder *url* and the files a scan keeps in it, by their names relative to
    it (``rows/part-00000.parquet``, ``report.json``)."""

    def __init__(self, url: str) -> None:
        check_protocol(url)
        self.url = url
        self.fs: Any
        self.fs, self.root = fsspec.core.url_to_fs(url)
        self.local = isinstance(self.fs, LocalFileSystem)

    def path(self, name: str) -> str:
        """The file system's path of *name*."""
        return posixpath.join(self.root, name)

    def shown(self, name: str) -> str:
        """*name* as a user reaches it: a path, or a URL with its protocol."""
        path = self.path(name)
        return path if self.local else str(self.fs.unstrip_protocol(path))

    def exists(self, name: str) -> bool:
        return bool(self.fs.exists(self.path(name)))

    def read_text(self, name: str) -> str:
        with self.fs.open(self.path(name), "rb") as f:
            data: bytes = f.read()
        return data.decode("utf-8")

    def glob(self, pattern: str) -> list[str]:
        """The names of the files matching *pattern* (relative, as given)."""
        found = self.fs.glob(self.path(pattern))
        return sorted(posixpath.relpath(str(p), self.root) for p in found)

    def makedirs(self, *names: str) -> None:
        for name in names:
            self.fs.makedirs(self.path(name), exist_ok=True)

    def remove(self, names: Iterable[str]) -> None:
        paths = [self.path(n) for n in names]
        if paths:
            self.fs.rm(paths)

    def write(self, name: str, write: Callable[[IO[bytes]], object]) -> None:
        """Write *name* by ``write(file)``, so that no reader (nor a rerun with resume)
        ever sees half of it."""
        path = self.path(name)
        if not self.local:
            with self.fs.open(path, "wb") as f:
                write(f)
            return
        head, tail = posixpath.split(path)
        temporary = posixpath.join(head, f".{tail}.{os.getpid()}.{uuid.uuid4().hex}.tmp")
        try:
            with open(temporary, "wb") as f:
                write(f)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)

    def write_text(self, name: str, text: str) -> None:
        data = text.encode("utf-8")
        self.write(name, lambda f: f.write(data))

    def remove_temporaries(self, *folders: str) -> None:
        """The temporary files of writers that died before renaming them (a killed
        process runs no cleanup); none but on a local file system."""
        if self.local:
            self.remove(n for folder in folders for n in self.glob(f"{folder}/.*.tmp"))


@lru_cache(maxsize=8)
def output(url: str) -> Output:
    """The :class:`Output` of *url* in this process (a worker makes it once)."""
    return Output(url)
