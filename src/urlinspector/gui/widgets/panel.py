"""What every panel of the window has in common: the :class:`Panel` protocol (one
entry point, :meth:`Panel.show_inspection`, and :meth:`Panel.set_formats`) and the
:class:`Showing` they all read (passwords shown or masked, the charset of decoded
text).

A panel is handed the :class:`~urlinspector.present.inspection.Inspection` of the
address and shows what it needs of it; it never parses, nor asks the window for
anything.  The entry point is not ``show``: that is every widget's own (make it
visible).

The window owns the one :class:`Showing` and hands it to its panels when it builds
them; when the user changes it (View ▸ Show passwords, the charset box), the window
shows the inspection again, and each panel reads the new state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from urlinspector.gui.palette import Formats
from urlinspector.present.inspection import Inspection

__all__ = ["Panel", "Showing"]


class Panel(Protocol):
    """A part of the window that shows an inspection."""

    def show_inspection(self, inspection: Inspection) -> None:
        """Show what this panel shows of *inspection* (the address read by the
        window's edition against its base)."""

    def set_formats(self, formats: Formats) -> None:
        """Colour by *formats* from now on (after a change of theme)."""


@dataclass
class Showing:
    """How the panels show an inspection, as the user chose it: one state, read by
    every panel when it shows one."""

    masking: bool = True
    """Whether passwords are masked (View ▸ Show passwords is off)."""
    charset: str = "utf-8"
    """The charset escaped octets are decoded in (the Components' *Decode as* box)."""
