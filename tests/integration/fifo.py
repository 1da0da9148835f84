"""A FIFO on disk with a thread reading everything written to it: a download's target
that is not a regular file (as /dev/null or /dev/stdout are not)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path


class FifoReader:
    def __init__(self, path: Path) -> None:
        self.path = path
        os.mkfifo(path)
        self.data = bytearray()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        # waits until a writer opens the FIFO; a program that writes elsewhere never
        # does, and this daemon thread waits until the test run ends
        with open(self.path, "rb") as fifo:
            while chunk := fifo.read(65536):
                self.data += chunk

    def result(self) -> bytes:
        """What was written, once the writer closed it (empty if it never opened it)."""
        self.thread.join(timeout=20)
        return bytes(self.data)

    @property
    def still_a_fifo(self) -> bool:
        return stat.S_ISFIFO(os.stat(self.path).st_mode)
