"""The viewer's scheme handlers: one module per scheme behind one protocol
(:class:`~urlinspector.gui.viewer.handlers.base.SchemeHandler`), and the registry that
maps a scheme to the factory of its handler.  Adding a scheme to the viewer is one
module and one line in :data:`HANDLERS`.

Each viewer makes its own handlers from its parts (:class:`Handlers`); a handler keeps
only the parts it uses (its context)."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from urlinspector.core import URL
from urlinspector.gui.viewer.handlers.base import SchemeHandler, ViewerParts
from urlinspector.gui.viewer.handlers.file import FileHandler
from urlinspector.gui.viewer.handlers.ftp import FtpHandler
from urlinspector.gui.viewer.handlers.gopher import GopherHandler
from urlinspector.gui.viewer.handlers.news import NewsHandler
from urlinspector.gui.viewer.handlers.other import OtherHandler

__all__ = ["FETCHED_SCHEMES", "HANDLERS", "OTHER", "HandlerFactory", "Handlers"]

HandlerFactory = Callable[[ViewerParts], SchemeHandler]
"""Makes a scheme's handler for one viewer, from the parts it picks."""

HANDLERS: MappingProxyType[str, HandlerFactory] = MappingProxyType(
    {
        "gopher": GopherHandler.of,
        "gophers": GopherHandler.of,  # gopher over TLS (docs/gopher.md)
        "ftp": FtpHandler.of,
        "ftps": FtpHandler.of,  # ftp over TLS from the first octet (IANA port 990)
        "news": NewsHandler.of,
        "nntp": NewsHandler.of,
        "file": FileHandler.of,
    }
)
"""scheme -> the factory of the handler of the schemes the viewer fetches."""
OTHER: HandlerFactory = OtherHandler.of
"""The factory of the handler of every other scheme: an explanation page."""
FETCHED_SCHEMES = frozenset(HANDLERS)
"""Schemes the viewer dereferences; links of other schemes get an explanation page."""


class Handlers:
    """One viewer's handlers, made from its *parts*: one handler per factory (gopher
    and gophers share theirs)."""

    def __init__(self, parts: ViewerParts) -> None:
        made: dict[HandlerFactory, SchemeHandler] = {}
        for factory in (*HANDLERS.values(), OTHER):
            if factory not in made:
                made[factory] = factory(parts)
        self._by_scheme = {scheme: made[factory] for scheme, factory in HANDLERS.items()}
        self.other = made[OTHER]
        """The handler of every scheme not fetched."""
        self.all: tuple[SchemeHandler, ...] = tuple(made.values())

    def for_url(self, url: URL) -> SchemeHandler:
        """The handler of *url*'s scheme."""
        return self._by_scheme.get((url.scheme or "").lower(), self.other)
