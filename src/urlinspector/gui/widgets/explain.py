"""The Explain tab: the URL read out in plain sentences for learners, each with its
citation as a link that opens the section in the Spec tab (the sentences come from
:mod:`urlinspector.present.explain`).  Tab moves between the links; Enter opens one."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QWidget

from urlinspector.core import URL
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.panel import Showing
from urlinspector.present.explain import Sentence, explain
from urlinspector.present.inspection import Inspection
from urlinspector.present.text import html_text, shown

__all__ = ["ExplainPanel"]


def _code(text: str) -> str:
    """A sentence's text as HTML, what it quotes in backticks set as code."""
    pieces = text.split("`")
    out = []
    for i, piece in enumerate(pieces):
        escaped = html_text(shown(piece, 300) if i % 2 else piece)
        out.append(f"<code>{escaped}</code>" if i % 2 else escaped)
    return "".join(out)


class ExplainPanel(QTextBrowser):
    """The sentences; ``citationActivated(str)`` when a citation link is followed."""

    citationActivated = Signal(str)

    def __init__(self, showing: Showing, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.showing = showing
        self.setObjectName("explain")
        self.setAccessibleName("Explain")
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextBrowserInteraction
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.sentences: tuple[Sentence, ...] = ()
        self._shown: tuple[URL | None, bool] = (None, False)
        self.anchorClicked.connect(self._followed)

    def changeEvent(self, event: QEvent) -> None:
        """A new theme: the links take its colour (the text keeps the colour of the
        palette it was set with)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            url, mask = self._shown
            self.set_url(url, mask_password=mask)

    def show_inspection(self, inspection: Inspection) -> None:
        """Read the address out (an empty one: an invitation), its password masked
        while passwords are hidden."""
        url = inspection.url if inspection.text else None
        self.set_url(url, mask_password=self.showing.masking)

    def set_formats(self, formats: Formats) -> None:
        """(The sentences take the palette's colours: nothing to do.)"""

    def set_url(self, url: URL | None, *, mask_password: bool = False) -> None:
        """Read *url* out (its password masked when *mask_password*)."""
        self._shown = (url, mask_password)
        self.sentences = () if url is None else explain(url, mask_password=mask_password)
        if not self.sentences:
            self.setHtml("<p><i>Type a URL: each of its parts is read out here.</i></p>")
            return
        items = "".join(
            f'<li>{_code(s.text)} (<a href="#cite-{i}">{html_text(s.citation)}</a>)</li>'
            for i, s in enumerate(self.sentences)
        )
        intro = (
            f"<p>Read by {html_text(url.edition.label)}. "
            "A citation opens its section in the Spec tab.</p>"
            if url is not None
            else ""
        )
        self.setHtml(f"{intro}<ul>{items}</ul>")

    def citation_of(self, link: QUrl) -> str | None:
        fragment = link.fragment()
        if not fragment.startswith("cite-"):
            return None
        number = int(fragment.removeprefix("cite-"))
        return self.sentences[number].reference if number < len(self.sentences) else None

    def _followed(self, link: QUrl) -> None:
        citation = self.citation_of(link)
        if citation is not None:
            self.citationActivated.emit(citation)
