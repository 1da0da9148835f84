"""The schemes the viewer does not fetch (http, https, mailto, telnet, tn3270, wais,
prospero, and any other): a page that explains what the URL names and how it would be
reached, with a button that hands it to the system."""

from __future__ import annotations

from typing import TYPE_CHECKING

from urlinspector.core import URL
from urlinspector.gui.viewer.handlers.base import (
    BaseHandler,
    Navigation,
    Origin,
    Shown,
    Step,
    ViewerParts,
)

if TYPE_CHECKING:
    from urlinspector.gui.viewer.other_schemes import SchemePage

__all__ = ["OtherHandler"]


class OtherHandler(BaseHandler):
    """Explained, not fetched (see the module description): its one part is the page
    that explains."""

    def __init__(self, page: SchemePage) -> None:
        self.page = page

    @classmethod
    def of(cls, parts: ViewerParts) -> OtherHandler:
        return cls(parts.pages.scheme_page)

    def plan(self, url: URL, *, confirmed: bool = False, origin: Origin = Origin.LINK) -> Step:
        explanation = self.page.show_url(url)
        return Shown(self.page, explanation.title)

    def show(self, nav: Navigation, result: object) -> None:
        return None
