"""The viewer: the part of the window that dereferences gopher, ftp, news, nntp and
file URLs and shows what comes back, with history.

* :mod:`.pane`: :class:`ViewerPane`, the widget: navigation, history, the pages;
  :mod:`.following` (a handler's steps and its job's reports) and :mod:`.showing`
  (showing a page) are its parts;
* :mod:`.handlers`: one module per scheme behind one protocol, and the registry; each
  viewer makes its own handlers, each with the parts it uses;
* :mod:`.net_options`: what the fetches are made with this session;
* :mod:`.install`: :func:`install_viewer`, the pane in the main window;
* :mod:`.downloads`: the download list (one :mod:`.download_job` per download, its
  :mod:`.download_record` in the :mod:`.download_model`, shown by
  :mod:`.downloads_window`); :mod:`.dialogs`: the questions asked;
* :mod:`.history`: back, forward and reload (plain Python);
* :mod:`.workers`: fetches on a thread pool, reported by signals, stopped by a
  :class:`~urlinspector.net.limits.CancelToken`; :mod:`.tasks`: what they run, and
  their results;
* :mod:`.bookmarks`, :mod:`.bookmarks_dialog` and :mod:`.bookmarks_menu`: bookmarks,
  managing them, and the Bookmarks menu;
* :mod:`.gopher_view` (with :mod:`.gopher_plus`), :mod:`.text_view`,
  :mod:`.image_view`, :mod:`.ftp_view`, :mod:`.news_view`, :mod:`.other_schemes`: the
  pages;
* :mod:`.menu_keys` (the keys of a menu or a listing), :mod:`.focus_mark` (the mark of
  the item the keyboard is on), :mod:`.places` (Back to the item followed) and
  :mod:`.findbar` (find in page);
* :mod:`.save`: the save dialog and the file-name rules.

Importing this package does not import Qt; its modules do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from urlinspector.core.on_use import every_name, names_on_use

if TYPE_CHECKING:  # (what mypy reads of _ON_USE; the tests check that they agree)
    from urlinspector.gui.viewer.history import History as History
    from urlinspector.gui.viewer.history import HistoryEntry as HistoryEntry
    from urlinspector.gui.viewer.install import install_viewer as install_viewer
    from urlinspector.gui.viewer.pane import ViewerPane as ViewerPane

_ON_USE = {
    "pane": ("ViewerPane",),
    "install": ("install_viewer",),
    "history": ("History", "HistoryEntry"),
}
"""The package's names by their modules, which import Qt: imported when first used
(:mod:`urlinspector.core.on_use`)."""

__getattr__, __dir__ = names_on_use(__name__, _ON_USE)

__all__ = every_name(_ON_USE)
