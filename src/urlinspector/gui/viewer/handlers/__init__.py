"""The viewer's scheme handlers: one module per scheme behind one protocol
(:class:`~urlinspector.gui.viewer.handlers.base.SchemeHandler`), and the registry that
maps a scheme to its handler.  Adding a scheme to the viewer is one module and one line
in :data:`HANDLERS`."""

from __future__ import annotations

from types import MappingProxyType

from urlinspector.core import URL
from urlinspector.gui.viewer.handlers.base import SchemeHandler
from urlinspector.gui.viewer.handlers.file import FileHandler
from urlinspector.gui.viewer.handlers.ftp import FtpHandler
from urlinspector.gui.viewer.handlers.gopher import GopherHandler
from urlinspector.gui.viewer.handlers.news import NewsHandler
from urlinspector.gui.viewer.handlers.other import OtherHandler

__all__ = ["FETCHED_SCHEMES", "HANDLERS", "OTHER", "handler_for"]

_news = NewsHandler()
_gopher = GopherHandler()
_ftp = FtpHandler()
HANDLERS: MappingProxyType[str, SchemeHandler] = MappingProxyType(
    {
        "gopher": _gopher,
        "gophers": _gopher,  # gopher over TLS (docs/gopher.md)
        "ftp": _ftp,
        "ftps": _ftp,  # ftp over TLS from the first octet (IANA port 990)
        "news": _news,
        "nntp": _news,
        "file": FileHandler(),
    }
)
"""scheme -> the handler of the schemes the viewer fetches."""
OTHER: SchemeHandler = OtherHandler()
"""The handler of every other scheme: an explanation page."""
FETCHED_SCHEMES = frozenset(HANDLERS)
"""Schemes the viewer dereferences; links of other schemes get an explanation page."""


def handler_for(url: URL) -> SchemeHandler:
    """The handler of *url*'s scheme."""
    return HANDLERS.get((url.scheme or "").lower(), OTHER)
