"""The colours of a URL editor: the core's parse laid over the line as formats.

The colours live in the block's layout (``QTextLayout`` additional formats), not in
the document: colouring never enters the undo stack, so undo and redo step through
what the user typed, with Qt's own grouping.

Why not a ``QSyntaxHighlighter``: on every change it fills and compares a format per
character of the block, whatever it colours.  A 64 KiB URL shows about a hundred
characters at a time and is coloured only around them (:data:`WINDOW_MARGIN`), yet
that per-character bookkeeping cost as much as the colouring itself.  The address
bar is one block, so the colours are set on its layout directly, from the
document's ``contentsChange`` signal: Qt emits it before it lays the changed block
out again, so a keystroke costs one layout, coloured.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QTextDocument, QTextLayout

from urlinspector.core import URL
from urlinspector.core.model import Span
from urlinspector.gui.palette import Formats
from urlinspector.present.colouring import Run, colour_runs
from urlinspector.present.masking import password_span

__all__ = ["FULL_LIMIT", "WINDOW_MARGIN", "UrlHighlighter"]

FULL_LIMIT = 4096
"""Texts up to this many characters are coloured whole on every keystroke."""

WINDOW_MARGIN = 512
"""Longer texts: characters coloured on each side of the visible part (a wide
window shows about 150)."""


class UrlHighlighter(QObject):
    """Colours the (single) block of a URL editor's *document* from the core's parse,
    on every change of its text and on :meth:`rehighlight`."""

    def __init__(
        self,
        document: QTextDocument,
        parse: Callable[[str], URL],
        formats: Formats,
    ) -> None:
        super().__init__(document)
        self._document = document
        self._parse = parse
        self.formats = formats
        self.mask_password = False
        """Whether passwords are hidden (the window's setting)."""
        self.caret: Callable[[], int | None] = lambda: None
        """Where the typing caret is (None: no focus); the password is shown while
        the caret is in it."""
        self.masking = False
        """Whether the colours now shown mask the password."""
        self.center = 0
        """Position around which a long text is coloured (the cursor, or what is
        scrolled into view)."""
        self.coloured: tuple[int, int] = (0, 0)
        """The characters ``[start, end)`` the last highlight coloured."""
        self.url: URL | None = None
        """The parse behind the colours now shown."""
        self.runs: list[Run] = []
        """The runs now shown (of :attr:`coloured` only)."""
        self.enabled = True
        self.real: Callable[[str], str] = lambda shown: shown
        """The text a block shows, each hidden character's mark back as the character
        (:func:`~.url_marks.unmarked`)."""
        self.browser_host: Callable[[URL], Span | None] = lambda _url: None
        """Where the host browsers contact stands in a parse's text
        (:func:`~urlinspector.present.colouring.browser_host_span`): the emphasis
        follows it (None: the edition's host)."""
        document.contentsChange.connect(self._changed)

    def set_parser(self, parse: Callable[[str], URL]) -> None:
        self._parse = parse
        self.rehighlight()

    def window(self, length: int) -> tuple[int, int]:
        if length <= FULL_LIMIT:
            return 0, length
        lo = max(0, self.center - WINDOW_MARGIN)
        hi = min(length, self.center + WINDOW_MARGIN)
        return lo, hi

    def masks(self, url: URL) -> bool:
        """Whether *url*'s password is to be masked now (hidden, and not being typed)."""
        if not self.mask_password:
            return False
        span = password_span(url)
        if span is None:
            return False
        caret = self.caret()
        return caret is None or not span[0] <= caret <= span[1]

    def rehighlight(self) -> None:
        """Colour the text again (the parser, the formats, the window or the mask
        changed) and lay it out with the new colours."""
        block = self._document.firstBlock()
        self._colour()
        self._document.markContentsDirty(block.position(), block.length())

    def _changed(self, _position: int, _removed: int, _added: int) -> None:
        # emitted inside the edit, before Qt lays the block out: the new formats
        # join that layout
        self._colour()

    def _colour(self) -> None:
        layout = self._document.firstBlock().layout()
        if not self.enabled:
            self.url, self.runs, self.coloured, self.masking = None, [], (0, 0), False
            layout.setFormats([])
            return
        text = self._document.firstBlock().text()
        url = self._parse(self.real(text))
        self.url = url
        lo, hi = self.coloured = self.window(len(text))
        self.masking = self.masks(url)
        self.runs = colour_runs(
            url, lo, hi, mask_password=self.masking, browser_host=self.browser_host(url)
        )
        layout.setFormats([self._range(run) for run in self.runs])

    def _range(self, run: Run) -> QTextLayout.FormatRange:
        fmt = QTextLayout.FormatRange()
        fmt.start = run.start
        fmt.length = run.end - run.start
        fmt.format = self.formats.get(run.role, run.overlays)
        return fmt
