"""Saving a download: a file name that stays in the chosen folder, a dialog with a
progress bar and Cancel, and a move into place that never replaces a file unasked.

The name a server suggests (the last part of a selector or path) is data from the
network: ``../../.bashrc``, ``con``, or a name with a right-to-left override that
disguises ``exe`` as ``txt``.  :func:`safe_file_name` turns any text into one plain
file name; :func:`target_in_folder` checks that the result is a direct child of the
chosen folder.  Both are pure and have no Qt.

The bytes go to a spool file (:func:`new_spool`) while the dialog is open, so the
download can run while a person picks the folder; :func:`place_file` moves the spool
to its place at the end, refusing to replace an existing file unless the person said
so.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
import unicodedata
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from urlinspector.core import URL, URLInspectorError
from urlinspector.core.quoting import quoted
from urlinspector.gui.viewer.common import SNIFF, PasswordDisplay, looks_like_text
from urlinspector.gui.viewer.download_record import DownloadRecord, format_size, progress_text
from urlinspector.gui.zoom import follow_zoom
from urlinspector.schemes.gopher.itemtypes import item_type

__all__ = [
    "FALLBACK_NAME",
    "MAX_NAME_BYTES",
    "SaveDialog",
    "SaveError",
    "format_size",
    "new_spool",
    "place_file",
    "safe_file_name",
    "suggest_name",
    "target_in_folder",
]

VIEWABLE_SIZE = 64 * 1024 * 1024
"""A download this size or smaller whose octets read as text can be viewed instead."""
FALLBACK_NAME = "download"
MAX_NAME_BYTES = 255
"""The longest file name most file systems take (ext4, NTFS in UTF-16 units, APFS)."""

_WINDOWS_FORBIDDEN = frozenset('<>:"|?*')
_WINDOWS_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"COM{i}" for i in range(10)}
    | {f"LPT{i}" for i in range(10)}
)


class SaveError(URLInspectorError):
    """The download cannot be saved where asked."""


# --- names (pure) --------------------------------------------------------------------------


def safe_file_name(name: str, fallback: str = FALLBACK_NAME) -> str:
    """*name* as one plain file name that cannot leave the folder it is saved in.

    * only the last part of a path is kept (``/`` and ``\\`` both separate parts);
    * control characters, Unicode format characters (bidirectional overrides, zero
      width joiners ...) and unpaired surrogates are dropped;
    * the characters Windows forbids in names (``<>:"|?*``) become ``_``;
    * leading dots go (no ``.``, ``..`` or hidden file), as do trailing dots and spaces
      (Windows drops them silently, so ``a.txt.`` would become ``a.txt``);
    * a Windows device name (``CON``, ``nul.txt``, ``COM1`` ...) gets a ``_`` in front;
    * the name is cut to 255 octets of UTF-8, keeping its extension;
    * nothing left: *fallback*.
    """
    last = name.replace("\\", "/").rsplit("/", 1)[-1]
    kept = []
    for ch in last:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn") or ch in ("\u2028", "\u2029"):
            continue
        kept.append("_" if ch in _WINDOWS_FORBIDDEN else ch)
    clean = "".join(kept).strip()
    clean = clean.lstrip(".").rstrip(". ").strip()
    if not clean:
        return FALLBACK_NAME if fallback == FALLBACK_NAME else safe_file_name(fallback)
    stem = clean.split(".", 1)[0].rstrip(" ").upper()
    if stem in _WINDOWS_DEVICES:
        clean = "_" + clean
    return _cut(clean, MAX_NAME_BYTES)


def _cut(name: str, limit: int) -> str:
    """*name* cut to *limit* octets of UTF-8, keeping a short extension."""
    if len(name.encode("utf-8")) <= limit:
        return name
    stem, dot, extension = name.rpartition(".")
    if not dot or not stem or len(extension.encode("utf-8")) > 16:
        stem, extension = name, ""
    suffix = f".{extension}" if extension else ""
    room = limit - len(suffix.encode("utf-8"))
    out = stem.encode("utf-8")[:room].decode("utf-8", "ignore").rstrip(". ")
    return (out or "download") + suffix


def target_in_folder(folder: Path | str, name: str) -> Path:
    """The path *name* (made safe) has in *folder*; raises :class:`SaveError` when the
    folder does not exist or the result would not be a direct child of it."""
    if not str(folder).strip():
        raise SaveError("no folder given; choose where to save the file")
    base = Path(folder).expanduser()
    if not base.is_dir():
        raise SaveError(f"the folder {quoted(str(base))} does not exist; choose another one")
    clean = safe_file_name(name)
    target = base / clean
    if target.parent.resolve() != base.resolve() or clean in ("", ".", ".."):
        raise SaveError(
            f"{quoted(name)} cannot be saved inside {quoted(str(base))}"
        )  # pragma: no cover
    if target.is_dir():
        raise SaveError(f"{quoted(str(target))} is a folder; choose another name")
    return target


def suggest_name(selector_or_path: bytes | str, itemtype: str | None = None) -> str:
    """A file name for a download: the last part of its selector or path, with an
    extension for its gopher item type when it has none."""
    raw = (
        selector_or_path.decode("utf-8", "replace")
        if isinstance(selector_or_path, bytes)
        else selector_or_path
    )
    last = raw.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    name = safe_file_name(last)
    if itemtype is not None and "." not in name:
        row = item_type(itemtype)  # (its extension: RFC 1436 §3.8 and common practice)
        name += "" if row is None else row.extension
    return name


# --- files --------------------------------------------------------------------------------


def new_spool() -> Path:
    """An empty private file in the temporary folder for a download in progress."""
    handle, path = tempfile.mkstemp(prefix="urlinspector-", suffix=".part")
    os.close(handle)
    return Path(path)


def place_file(source: Path, target: Path, *, overwrite: bool) -> Path:
    """Move the finished download *source* to *target*.

    Without *overwrite* an existing *target* is never replaced: :class:`FileExistsError`
    is raised instead (the check and the creation are one step, a hard link or an
    exclusive create, so a file that appears meanwhile is not replaced either).
    """
    if not overwrite:
        try:
            os.link(source, target)
        except FileExistsError:
            raise
        except OSError:
            _copy_exclusive(source, target)
        source.unlink(missing_ok=True)
    else:
        try:
            os.replace(source, target)
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
            handle, temporary = tempfile.mkstemp(prefix=".urlinspector-", dir=target.parent)
            os.close(handle)
            try:
                shutil.copyfile(source, temporary)
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            source.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(target, 0o644)
    return target


def _copy_exclusive(source: Path, target: Path) -> None:
    """Copy *source* to a *target* that must not exist yet."""
    with open(target, "xb") as out:
        try:
            with open(source, "rb") as data:
                shutil.copyfileobj(data, out, 1024 * 1024)
        except BaseException:
            out.close()
            target.unlink(missing_ok=True)
            raise


# --- the dialog -------------------------------------------------------------------------------


class SaveDialog(QDialog):
    """Where to save a download, how far it is, and Cancel.

    The dialog is not modal: the window stays usable.  The download may run while it
    is open; its figures are its record's in the download list (:meth:`show_record`).
    Once a place is chosen the dialog hides, and the download list shows the rest.
    Save checks the name (:func:`target_in_folder`) and, when the file exists, asks
    before replacing it (:attr:`overwrite_box`); the file is put in place once both the
    person has chosen and the bytes are all there (:meth:`download_finished`).

    Signals: ``saved(str)`` with the final path; ``cancelRequested()`` when the person
    cancels (the owner stops the transfer and calls :meth:`discard`);
    ``viewRequested(str, bytes)`` for "View as text" (offered when the download's
    octets read as text).
    """

    saved = Signal(str)
    viewRequested = Signal(object, object)  # (a core URL, bytes)
    """``(url, octets)``: show the download as text instead of saving it."""
    cancelRequested = Signal()

    def __init__(
        self,
        url: URL,
        suggested_name: str,
        folder: Path | str,
        spool: Path,
        parent: QWidget | None = None,
        *,
        passwords: PasswordDisplay | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("saveDialog")
        shows = passwords or PasswordDisplay()
        self.setWindowTitle("Save a download")
        self.setModal(False)
        self.url = url
        self.spool: Path | None = spool
        """The file the download is written to; removed after a cancel or failure."""
        self.target: Path | None = None
        self.saved_path: Path | None = None
        self._overwrite = False
        self._finished = False
        self._failed: str | None = None
        self.overwrite_box: QMessageBox | None = None
        self.folder_dialog: QFileDialog | None = None

        intro = QLabel(
            f"<b>{_html(shows.label(url.text, 120))}</b><br>is not shown here; "
            "choose where to save it."
        )
        intro.setTextFormat(Qt.TextFormat.RichText)
        intro.setWordWrap(True)
        self.folder_edit = QLineEdit(str(folder))
        self.folder_edit.setObjectName("folder")
        self.browse_button = QPushButton("&Browse…")
        self.browse_button.clicked.connect(self.browse)
        # Enter in a field saves: Browse must not become the default button on focus
        self.browse_button.setAutoDefault(False)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.browse_button)
        self.name_edit = QLineEdit(safe_file_name(suggested_name))
        self.name_edit.setObjectName("name")
        self.name_edit.setToolTip(
            "the file name; path separators, leading dots and control characters are "
            "removed so that the file stays in the folder"
        )
        form = QFormLayout()
        folder_label = QLabel("&Folder")
        folder_label.setBuddy(self.folder_edit)
        name_label = QLabel("&Name")
        name_label.setBuddy(self.name_edit)
        form.addRow(folder_label, folder_row)
        form.addRow(name_label, self.name_edit)
        self.progress = QProgressBar()
        self.progress.setObjectName("saveProgress")
        self.progress.setRange(0, 0)
        self.progress.setFormat("%p%")
        self.status = QLabel("Connecting…")
        self.status.setObjectName("saveStatus")
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox()
        self.save_button = self.buttons.addButton("&Save", QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.save_button.setDefault(True)
        self.view_button = self.buttons.addButton(
            "View as &text", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.view_button.setObjectName("viewAsText")
        self.view_button.setToolTip("its octets read as text: show it in the viewer instead")
        self.view_button.setAutoDefault(False)
        self.view_button.hide()
        self.view_button.clicked.connect(self._view)
        self.save_button.clicked.connect(self.choose)
        self.cancel_button.clicked.connect(self.cancel)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.resize(520, self.sizeHint().height())

    # -- the person's choices ------------------------------------------------------------

    @Slot()
    def browse(self) -> None:
        dialog = QFileDialog(self, "Choose a folder", self.folder_edit.text())
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.fileSelected.connect(self.folder_edit.setText)
        self.folder_dialog = follow_zoom(dialog)
        dialog.open()

    @Slot()
    def choose(self) -> None:
        """Save pressed: check the name, ask before replacing, then save (now, or
        when the download ends)."""
        try:
            target = target_in_folder(self.folder_edit.text(), self.name_edit.text())
        except SaveError as exc:
            self._say(str(exc))
            return
        self.name_edit.setText(target.name)
        if target.exists() or target.is_symlink():
            self._ask_overwrite(target)
            return
        self._chosen(target, overwrite=False)

    def _ask_overwrite(self, target: Path) -> None:
        box = QMessageBox(self)
        box.setObjectName("overwriteBox")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Replace the file?")
        box.setText(f"{target.name} already exists in {target.parent}.")
        box.setInformativeText("Replace it with the download?")
        replace = box.addButton("&Replace", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)

        def answered() -> None:
            self.overwrite_box = None
            if box.clickedButton() is replace:
                self._chosen(target, overwrite=True)
            else:
                self._say(f"{target.name} exists: choose another name, or Replace.")

        box.finished.connect(answered)
        self.overwrite_box = follow_zoom(box)
        box.open()

    def _chosen(self, target: Path, *, overwrite: bool) -> None:
        self.target = target
        self._overwrite = overwrite
        for widget in (self.folder_edit, self.name_edit, self.browse_button, self.save_button):
            widget.setEnabled(False)
        if self._failed is not None:
            self._say(self._failed)
        elif self._finished:
            self._place()
        else:
            self._say(f"Will be saved as {target} when the download ends.")
            self.hide()  # the download list shows how it goes

    @Slot()
    def cancel(self) -> None:
        """Stop the download (the owner does) and close; nothing is saved."""
        self.reject()

    def reject(self) -> None:
        if self.saved_path is None:
            if not self._finished and self._failed is None:
                self.cancelRequested.emit()
            self.discard()
        super().reject()

    # -- the download ------------------------------------------------------------------------

    def show_record(self, record: DownloadRecord) -> None:
        """Show the download's figures as its record in the download list has them."""
        if not record.running:
            return
        if record.total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(min(1000, int(record.done * 1000 / record.total)))
        else:
            self.progress.setRange(0, 0)
        if self.target is None:
            self.status.setText(progress_text(record) + ("" if record.total else " received"))

    def download_finished(self, size: int) -> None:
        """Every byte is in the spool: save it now if a place was chosen."""
        self._finished = True
        self._offer_view(size)
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        if self.target is not None:
            self._place()
        else:
            self._say(f"Downloaded ({format_size(size)}); choose where to save it.")

    def _offer_view(self, size: int) -> None:
        """Offer "View as text" when the file is small enough to show and its first
        KiB reads as text."""
        if self.spool is None or size > VIEWABLE_SIZE or self.target is not None:
            return
        try:
            with open(self.spool, "rb") as spool:
                head = spool.read(SNIFF)
        except OSError:
            return
        self.view_button.setVisible(looks_like_text(head))

    @Slot()
    def _view(self) -> None:
        if self.spool is None:
            return
        data = self.spool.read_bytes()
        self.discard()
        self.viewRequested.emit(self.url, data)
        super().reject()

    def download_failed(self, message: str, *, kept: bool = False) -> None:
        """The transfer was cut.  *kept*: its partial file stays with the download list
        (which can resume it); else it is removed."""
        self._failed = message
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        if kept:
            self.spool = None  # the download list keeps it for Resume
            self._say(
                f"The download stopped ({message}); the part received is kept: Resume it "
                "in the Downloads window (Ctrl+Shift+Y)."
            )
        else:
            self._say(f"The download failed: {message}")
            self.discard()
        self.save_button.setEnabled(False)
        self.cancel_button.setText("Close")

    def download_resumed(self, spool: Path) -> None:
        """Resume or Retry started the transfer again into *spool*."""
        self.spool = spool
        self._failed = None
        self._finished = False
        self.progress.setRange(0, 0)
        self.cancel_button.setText("Cancel")
        self.save_button.setEnabled(self.target is None)
        if self.target is not None:
            self._say(f"Will be saved as {self.target} when the download ends.")

    def _place(self) -> None:
        assert self.target is not None
        assert self.spool is not None
        try:
            place_file(self.spool, self.target, overwrite=self._overwrite)
        except FileExistsError:
            self._choose_again()
            self._ask_overwrite(self.target)
            return
        except OSError as exc:
            self._choose_again()
            self._say(f"Cannot save to {self.target}: {exc.strerror or exc}")
            return
        self.saved_path = self.target
        self.spool = None
        self._say(f"Saved as {self.target}.")
        self.saved.emit(str(self.target))
        self.accept()

    def _choose_again(self) -> None:
        for widget in (self.folder_edit, self.name_edit, self.browse_button, self.save_button):
            widget.setEnabled(True)
        self.show()  # hidden while the download ran: the person must choose again

    def discard(self) -> None:
        """Remove the spool file (after a cancel or a failure)."""
        if self.spool is not None:
            self.spool.unlink(missing_ok=True)
            self.spool = None

    def _say(self, text: str) -> None:
        self.status.setText(text)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
