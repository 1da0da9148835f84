"""The inspector window (PySide6 Widgets).

The only layer that imports Qt.  Widgets are thin: they format what
:mod:`urlinspector.core` computed (spans, diagnostics, scheme-specific parts,
resolutions) with the colour roles of :mod:`urlinspector.palette`, which the command
line's ANSI output uses too.

* :mod:`.launch`: ``run_gui`` / ``run_demo``, the entry points of ``urlinspector gui``
  and ``urlinspector demo``, and the ``--screenshot`` rendering;
* :mod:`.app`: the ``QApplication``, its theme (light, dark) and icon;
* :mod:`.main_window`: the window: address bar, base URL, resolved target, and a
  central page area whose first page is the inspector;
* :mod:`.widgets`: the address bar and the panels; :mod:`.models`: what they show,
  computed from core results (Qt-free where it can be, so it is measurable and
  testable without a display);
* :mod:`.palette`: ``QTextCharFormat`` objects made from the shared roles;
* :mod:`.settings`: what the window remembers (``QSettings``).

Importing this package does not import Qt; its modules do.
"""
