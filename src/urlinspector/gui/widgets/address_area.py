"""The top of the window: the address bar with Open and the edition, the line that
says where browsers go, the base URL, the resolved target with its notes, the summary
of the findings and the legend of the colours.  The window parses; this area shows."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import EDITIONS, URL, Destination, browser_reading
from urlinspector.gui.palette import Formats
from urlinspector.gui.widgets.address_bar import UrlEdit
from urlinspector.gui.widgets.address_mode import AddressMode
from urlinspector.gui.widgets.legend import LegendStrip
from urlinspector.present.masking import mask_known
from urlinspector.present.target import target_for
from urlinspector.present.text import EMPTY_ADDRESS, menu_text, shown
from urlinspector.present.verdicts import counted, tally

__all__ = ["AddressArea"]


INNER_LABEL_LIMIT = 40
"""Characters of the inner URL's host and path the Inspect button names."""
NOTE_LIMIT = 600
"""Characters of the target's note shown (it wraps; each note the resolution writes
is shorter, and the tooltip has all of a longer one)."""


class AddressArea(QWidget):
    """The fields and labels above the panels (see the module description); *parse*
    reads a text by the window's edition (its shared cache).

    Signal: ``innerRequested(str)``, the URL inside a wrapped link (Safe Links,
    Proofpoint, ...) when its Inspect button is pressed."""

    innerRequested = Signal(str)

    def __init__(
        self,
        parse: Callable[[str], URL],
        formats: Formats,
        edition: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.formats = formats
        self.address = UrlEdit(parse, formats, placeholder="Type or paste a URL (Ctrl+L)")
        self.address.setObjectName("address")
        self.address.setAccessibleName("Address")
        self.base = UrlEdit(
            parse, formats, placeholder="Base URL that relative references resolve against"
        )
        self.base.setObjectName("base")
        self.base.setAccessibleName("Base URL")
        self.target = UrlEdit(parse, formats, read_only=True)
        self.target.setObjectName("target")
        self.target.setAccessibleName("Resolved target")
        self.target.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

        self.edition_box = QComboBox()
        for each in EDITIONS.values():
            self.edition_box.addItem(f"{each.title} ({each.year})", each.id)
        self.edition_box.setToolTip("the edition of the URL specification to read the URL by")
        self.edition_box.setCurrentIndex(list(EDITIONS).index(edition))

        self.open_button = QToolButton()
        self.open_button.setObjectName("openButton")
        self.open_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.mode = AddressMode(self.address, self.open_button, self)
        """What Enter does (inspect or fetch): the mark beside the bar, the button."""

        self.password_button = QToolButton()
        self.password_button.setText("show password")
        self.password_button.setCheckable(True)
        self.password_button.setToolTip(
            "passwords are masked wherever the window shows them (except one being "
            "typed, and characters that can carry a look-alike); show them"
        )
        self.password_button.setVisible(False)

        self.same_document = QLabel("")
        self.same_document.setObjectName("sameDocument")
        self.target_note = QLabel("")
        self.target_note.setObjectName("targetNote")
        self.target_note.setWordWrap(True)  # (whole, at any zoom: never wider than the window)
        self.verdict = QLabel("")
        self.verdict.setObjectName("verdict")
        self.verdict.setAccessibleName("Where browsers go")
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict.setWordWrap(True)  # (a long line, a wrapped link's, never widens the window)
        self.inspect_inner = QPushButton("")
        self.inspect_inner.setObjectName("inspectInner")
        self.inspect_inner.setAccessibleName("Inspect the URL inside the wrapped link")
        self.inspect_inner.setVisible(False)
        self.inspect_inner.clicked.connect(self._inner_clicked)
        self._inner: str | None = None
        self.summary = QLabel("")
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.legend = LegendStrip(formats)

        address_label = QLabel("&Address")
        address_label.setBuddy(self.address)
        base_label = QLabel("Base &URL")
        base_label.setBuddy(self.base)
        target_label = QLabel("Target")

        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(4)
        grid.addWidget(address_label, 0, 0)
        grid.addWidget(self.address, 0, 1)
        enter_row = QHBoxLayout()  # what Enter does, and the button that does it
        enter_row.setContentsMargins(0, 0, 0, 0)
        enter_row.setSpacing(4)
        enter_row.addWidget(self.mode.mark)
        enter_row.addWidget(self.open_button)
        grid.addLayout(enter_row, 0, 2)
        grid.addWidget(self.edition_box, 0, 3)
        grid.addWidget(self.password_button, 0, 4)
        verdict_row = QHBoxLayout()  # (the button takes its own width, not a column's)
        verdict_row.setContentsMargins(0, 0, 0, 0)
        verdict_row.addWidget(self.verdict, 1)
        verdict_row.addWidget(self.inspect_inner, 0, Qt.AlignmentFlag.AlignTop)
        grid.addLayout(verdict_row, 1, 1, 1, 4)
        # the base and the target as wide as the window (the buttons beside the address,
        # larger when zoomed, take nothing from them)
        grid.addWidget(base_label, 2, 0)
        grid.addWidget(self.base, 2, 1, 1, 4)
        grid.addWidget(target_label, 3, 0)
        target_frame = QFrame()
        target_frame.setFrameShape(QFrame.Shape.StyledPanel)
        target_layout = QVBoxLayout(target_frame)
        target_layout.setContentsMargins(0, 0, 0, 0)
        target_layout.addWidget(self.target)
        grid.addWidget(target_frame, 3, 1, 1, 4)
        note_row = QHBoxLayout()  # what to know of the target, and "same document"
        note_row.setContentsMargins(0, 0, 0, 0)
        note_row.addWidget(self.target_note, 1)
        note_row.addWidget(self.same_document, 0, Qt.AlignmentFlag.AlignTop)
        grid.addLayout(note_row, 4, 1, 1, 4)
        grid.addWidget(self.summary, 5, 1, 1, 4)
        grid.addWidget(self.legend, 6, 1, 1, 4)
        grid.setColumnStretch(1, 1)
        self.setLayout(grid)

    def set_formats(self, formats: Formats) -> None:
        """Colour the fields and the legend by *formats* (after a theme change)."""
        self.formats = formats
        for editor in (self.address, self.base, self.target):
            editor.set_formats(formats)
        self.legend.set_formats(formats)

    def show_verdict(self, url: URL, dest: Destination, secrets: tuple[str, ...]) -> None:
        """The line under the address: where browsers go, in the warning colour when
        that is not where the edition's reading leads (or the host shows as punycode,
        or the URL carries script)."""
        verdict = dest.verdict
        if not url.text:
            self.verdict.setText("")
            self.verdict.setToolTip("")
            self.inspect_inner.setVisible(False)
            self._inner = None
            return
        text = mask_known(verdict.text, secrets)
        self.verdict.setText(("⚠ " if verdict.warns else "") + shown(text, 300))
        colour = self.formats.colour("warning").name() if verdict.warns else None
        self.verdict.setStyleSheet(f"color: {colour}; font-weight: bold;" if colour else "")
        why = [mask_known(d.message, secrets) for d in dest.findings]
        self.verdict.setToolTip(
            "How browsers read this URL (WHATWG URL Standard), against "
            f"{url.edition.label}" + "".join(f"\n• {line}" for line in why)
        )
        self._show_inner(dest, secrets)

    def _show_inner(self, dest: Destination, secrets: tuple[str, ...]) -> None:
        """The Inspect button for the URL inside a wrapped link (core/wrappers.py):
        its label names the host and path (never a user name or password)."""
        found = dest.unwrapping
        self._inner = found.final
        self.inspect_inner.setVisible(found.final is not None)
        if found.final is None:
            return
        inner = browser_reading(found.final)
        where = (inner.host or "") + (inner.path or "")
        if len(where) > INNER_LABEL_LIMIT:  # the host alone, its registrable domain kept
            where = shown(inner.host or found.final, INNER_LABEL_LIMIT, keep_end=True)
        self.inspect_inner.setText(
            "Inspect " + menu_text(where or shown(found.final, INNER_LABEL_LIMIT))
        )
        chain = " → ".join(found.wrappers)
        self.inspect_inner.setToolTip(
            f"Put the URL inside the link ({chain}) in the address bar and inspect it:\n"
            + mask_known(found.final, secrets)
        )

    def _inner_clicked(self) -> None:
        if self._inner is not None:
            self.innerRequested.emit(self._inner)

    def show_summary(self, url: URL) -> None:
        """The line of counts: errors, warnings and notes, and what kind of reference."""
        if not url.text:
            self.summary.setText("")
            return
        ed = url.edition
        errors, warnings, notes = tally(url)
        parts = [f"✖ {counted(errors, 'error')}" if errors else f"✔ valid under {ed.label}"]
        if warnings:
            parts.append(f"⚠ {counted(warnings, 'warning')}")
        if notes:
            parts.append(f"ℹ {counted(notes, 'note')}")
        kind = "absolute URL" if url.is_absolute else "relative reference"
        if url.host_kind:
            kind += f", host: {url.host_kind}"
        self.summary.setText(" · ".join(parts) + f" · {kind}")

    def show_target(self, url: URL, edition: str, secrets: tuple[str, ...]) -> None:
        """*url* resolved against the base by *edition*, with what to know about it;
        for an empty address, an invitation to type one (not a request for a base)."""
        if not url.text:
            self.target.setText("", undoable=False)
            self.same_document.setText("")
            self.target_note.setText(EMPTY_ADDRESS)
            self.target_note.setToolTip("")
            return
        target = target_for(url.text, self.base.text(), edition, url=url)
        self.target.setText(target.text or "", undoable=False)
        self.same_document.setText("◎ same document" if target.same_document else "")
        self.same_document.setToolTip(
            "an empty or fragment-only reference: no new retrieval (URL syntax draft 1997 §3, "
            "RFC 2396bis draft 2003 §4.2)"
            if target.same_document
            else ""
        )
        message = mask_known(target.message, secrets)
        self.target_note.setText(shown(message, NOTE_LIMIT))  # (wrapped: whole)
        self.target_note.setToolTip(message)
