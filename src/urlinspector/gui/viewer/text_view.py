"""Text documents: shown in a charset a person can change (UTF-8, Latin-1, CP437), with
the URLs in the text made clickable.

The URLs are found by the core's :func:`~urlinspector.core.extraction.extract` (``<URL:...>``
wrappers, angle brackets, quotes and bare URLs, RFC 1738 appendix, URL syntax draft 1997 /
RFC 2396bis draft 2003 appendix E), so what is a link here is exactly what ``urlinspector links``
reports.  A click follows the URL as extracted (not as Qt would rewrite it).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QKeyEvent, QPalette, QTextCharFormat, QTextCursor, QTextOption
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core.extraction import Found, extract
from urlinspector.gui.viewer.common import fixed_font
from urlinspector.present.verdicts import counted

__all__ = [
    "CHARSETS",
    "DECLARED",
    "MAX_LINKS",
    "TextView",
    "decode_text",
    "guess_charset",
    "utf16_offsets",
]

CHARSETS: tuple[tuple[str, str], ...] = (
    ("UTF-8", "utf-8"),
    ("Latin-1", "latin-1"),
    ("CP437", "cp437"),
)
"""The charsets offered: label and Python codec."""
DECLARED = "declared"
"""The choice "as the document declares" (a news article's Content-Type)."""
MAX_LINKS = 20_000
"""Links made clickable in one document (a bigger list of URLs still shows as text)."""
_BACK_KEYS = frozenset({Qt.Key.Key_Backspace, Qt.Key.Key_Left})
_PLAIN = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)


def decode_text(data: bytes, charset: str) -> str:
    """*data* decoded in *charset* (bad octets as U+FFFD), line ends as LF."""
    text = data.decode(charset, "replace")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def guess_charset(data: bytes) -> str:
    """``utf-8`` when *data* is valid UTF-8 (ASCII included), else ``latin-1``."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "latin-1"
    return "utf-8"


def utf16_offsets(text: str) -> Callable[[int], int]:
    """A function from a character index of *text* to Qt's index (UTF-16 code units:
    a character beyond U+FFFF counts twice)."""
    astral = [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF] if not text.isascii() else []
    if not astral:
        return lambda i: i
    return lambda i: i + bisect.bisect_left(astral, i)


class TextView(QWidget):
    """A text document with a charset choice and clickable URLs.

    Signals: ``linkActivated(str)``, ``linkHovered(str)`` (``""`` when the pointer
    leaves a link), ``charsetChanged(str)``, ``backRequested()`` (Backspace or Left in
    the text, as in Lynx: back to the menu the text came from).
    """

    backRequested = Signal()
    linkActivated = Signal(str)
    linkHovered = Signal(str)
    charsetChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("textView")
        self._decode: Callable[[str], str] = lambda charset: ""
        self._charset = "utf-8"
        self._declared: str | None = None
        self._text = ""
        self._info = ""
        self.links: tuple[Found, ...] = ()
        self.info = QLabel("")
        self.info.setObjectName("textInfo")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.charset_box = QComboBox()
        self.charset_box.setObjectName("charset")
        self.charset_box.setToolTip("the charset the document's octets are read in")
        self.charset_box.activated.connect(self._charset_chosen)
        label = QLabel("&Charset")
        label.setBuddy(self.charset_box)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.info, 1)
        top.addWidget(label)
        top.addWidget(self.charset_box)
        self.browser = QTextBrowser()
        self.browser.setObjectName("textBrowser")
        self.browser.setOpenLinks(False)
        self.browser.setOpenExternalLinks(False)
        self.browser.setFont(fixed_font())
        self.browser.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.browser.anchorClicked.connect(self._anchor_clicked)
        self.browser.highlighted.connect(self._anchor_hovered)
        self.browser.installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.browser)
        self._fill_charsets(None)

    # -- content ----------------------------------------------------------------------

    def set_bytes(self, data: bytes, charset: str | None = None, info: str = "") -> None:
        """Show *data*, decoded in *charset* (default: UTF-8 when it is valid, else
        Latin-1); the charset box re-decodes the same octets."""
        self.set_decoder(lambda cs: decode_text(data, cs), charset or guess_charset(data), info)

    def set_decoder(
        self,
        decode: Callable[[str], str],
        charset: str,
        info: str = "",
        *,
        declared: str | None = None,
    ) -> None:
        """Show the text ``decode(charset)``; *declared* (a charset the document
        names) adds a first choice "as declared", whose key is :data:`DECLARED`."""
        self._decode = decode
        self._declared = declared
        self._info = info
        self._fill_charsets(declared)
        self._show(charset)

    def _fill_charsets(self, declared: str | None) -> None:
        box = self.charset_box
        box.clear()
        if declared:
            box.addItem(f"As declared ({declared})", DECLARED)
        for label, codec in CHARSETS:
            box.addItem(label, codec)

    def _show(self, charset: str) -> None:
        self._charset = charset
        index = self.charset_box.findData(charset)
        if index < 0:
            self.charset_box.addItem(charset, charset)
            index = self.charset_box.count() - 1
        self.charset_box.setCurrentIndex(index)
        self.set_text(self._decode(charset))
        self.info.setText(self._describe())

    def _describe(self) -> str:
        lines = self._text.count("\n") + (1 if self._text and not self._text.endswith("\n") else 0)
        urls = len(self.links)
        parts = [self._info] if self._info else []
        parts.append(counted(lines, "line"))
        follow = " (click to follow)" if urls else ""
        parts.append(f"{counted(urls, 'URL')} found{follow}")
        if "\ufffd" in self._text and self._charset == "utf-8":
            parts.append("some octets are not UTF-8: try Latin-1 or CP437")
        return " · ".join(parts)

    def set_text(self, text: str) -> None:
        """Show *text* and make the URLs in it clickable."""
        self._text = text
        # setPlainText writes in the current character format, which is a link's after
        # a click on one: start from a plain format, or the whole text becomes that link
        self.browser.setCurrentCharFormat(QTextCharFormat())
        self.browser.setPlainText(text)
        # a defanged URL (hxxps://evil[.]com) was written so that nobody follows it by
        # a click: it stays plain text here
        # (nor a javascript: value in markup: markup=False)
        self.links = tuple(f for f in extract(text, markup=False) if not f.refanged) if text else ()
        self._mark_links()

    def _mark_links(self) -> None:
        if not self.links:
            return
        to_qt = utf16_offsets(self._text)
        cursor = QTextCursor(self.browser.document())
        cursor.beginEditBlock()
        colour = self.browser.palette().color(QPalette.ColorRole.Link)
        for number, found in enumerate(self.links[:MAX_LINKS]):
            start, end = found.span
            fmt = QTextCharFormat()
            fmt.setAnchor(True)
            fmt.setAnchorHref(f"link:{number}")
            fmt.setForeground(colour)
            fmt.setFontUnderline(True)
            fmt.setToolTip(found.url)
            cursor.setPosition(to_qt(start))
            cursor.setPosition(to_qt(end), QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeCharFormat(fmt)
        cursor.endEditBlock()

    def clear(self) -> None:
        self._decode = lambda charset: ""
        self.set_text("")
        self.info.setText("")

    @property
    def text(self) -> str:
        return self._text

    @property
    def charset(self) -> str:
        """The charset chosen (:data:`DECLARED` for the document's own)."""
        return self._charset

    def choose_charset(self, charset: str) -> None:
        """Re-decode in *charset* (a codec of :data:`CHARSETS`, or :data:`DECLARED`)."""
        if charset != self._charset:
            self._show(charset)
            self.charsetChanged.emit(charset)

    # -- keys -------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Backspace and Left in the text go back (the text has no caret to move)."""
        if (
            watched is self.browser
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in _BACK_KEYS
            and event.modifiers() in _PLAIN
        ):
            self.backRequested.emit()
            return True
        return super().eventFilter(watched, event)

    # -- links ------------------------------------------------------------------------

    def _link(self, url: QUrl) -> str | None:
        text = url.toString()
        if not text.startswith("link:"):
            return None
        try:
            return self.links[int(text[5:])].url
        except (ValueError, IndexError):
            return None

    @Slot(QUrl)
    def _anchor_clicked(self, url: QUrl) -> None:
        target = self._link(url)
        if target is not None:
            self.linkActivated.emit(target)

    @Slot(QUrl)
    def _anchor_hovered(self, url: QUrl) -> None:
        self.linkHovered.emit(self._link(url) or "")

    @Slot(int)
    def _charset_chosen(self, index: int) -> None:
        self.choose_charset(str(self.charset_box.itemData(index)))
