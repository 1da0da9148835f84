"""The schemes the viewer does not fetch (http, https, mailto, telnet, tn3270, wais,
prospero, and any other): a page that explains what the URL names and how it would be
reached, with a button that hands it to the system."""

from __future__ import annotations

from urlinspector.core import URL
from urlinspector.gui.viewer.handlers.base import (
    BaseHandler,
    Navigation,
    Origin,
    Shown,
    Step,
    Viewer,
)

__all__ = ["OtherHandler"]


class OtherHandler(BaseHandler):
    """Explained, not fetched (see the module description)."""

    def plan(
        self, url: URL, viewer: Viewer, *, confirmed: bool = False, origin: Origin = Origin.LINK
    ) -> Step:
        explanation = viewer.scheme_page.show_url(url)
        return Shown(viewer.scheme_page, explanation.title)

    def show(self, viewer: Viewer, nav: Navigation, result: object) -> None:
        return None
