"""What the first inspection would otherwise wait for, loaded off the GUI thread
while the window opens: the libraries whose readings the Editions view and the
findings show (urllib3, requests, httpx, libcurl: a few hundred milliseconds to
import) and the list of well-known domains."""

from __future__ import annotations

from PySide6.QtCore import QThreadPool

from urlinspector.data import top_domains
from urlinspector.readers import reader_readings

__all__ = ["warm_up"]


def _load() -> None:
    top_domains()
    reader_readings("http://example.com/")  # (each reader imports its library)


def warm_up() -> None:
    """Start loading them on the global thread pool; a first inspection before it
    is done waits for the rest of the import, as it would have anyway."""
    QThreadPool.globalInstance().start(_load)
