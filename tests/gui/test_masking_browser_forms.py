"""The password browsers read (``ftp:///user:PW@host/``, ``ftp:user:PW@host``, ...) where
the default edition sees none: never in the settings file (history, bookmarks), and
masked in the address bar and the components as the browsers column masks it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tests.gui.helpers import char_formats
from tests.gui.test_masking import _all_texts, _is_masked
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.settings import (
    PASSWORD_REMOVED,
    Settings,
    history_entry,
    password_removed,
    without_password,
)
from urlinspector.gui.viewer.bookmarks import Bookmarks

SECRET = "Sesame42"
FORMS = [
    f"ftp:///user:{SECRET}@127.0.0.1/",
    f"ftp:user:{SECRET}@127.0.0.1/",
    f"ftp:/user:{SECRET}@127.0.0.1/",
    f"ftp:\\\\user:{SECRET}@127.0.0.1\\",
    f"ftp://user:{SECRET}@127.0.0.1/",
]


@pytest.mark.parametrize("text", FORMS)
def test_the_history_entry_says_the_password_was_removed(text: str) -> None:
    entry = history_entry(text)
    assert SECRET not in entry
    assert f"user:{PASSWORD_REMOVED}@127.0.0.1" in entry
    restored = password_removed(entry)
    assert restored is not None
    assert restored[0] == text.replace(SECRET, "")
    assert without_password(text) == text.replace(f":{SECRET}", "")


@pytest.mark.parametrize("text", FORMS)
def test_no_password_reaches_the_settings_file(
    window: MainWindow, settings: Settings, text: str
) -> None:
    window.inspect(text)
    window.flush()
    marks = Bookmarks(settings.store)
    marks.add("", parse(text))  # a page without a title is titled by its URL
    marks.add("titled", parse(text))
    settings.store.sync()
    stored = Path(settings.store.fileName()).read_text(encoding="utf-8", errors="replace")
    assert SECRET not in stored
    assert settings.history[0] == history_entry(text)
    assert all(SECRET not in m.title + m.url.text for m in marks.all())


@pytest.mark.parametrize("text", FORMS)
def test_the_address_bar_and_the_components_mask_it(window: MainWindow, text: str) -> None:
    window.inspect(text)
    window.flush()
    start = text.index(SECRET)
    formats = char_formats(window.address_area.address)
    assert all(_is_masked(formats[i]) for i in range(start, start + len(SECRET)))
    assert not _is_masked(formats[start - 2])  # the user name stays
    texts = _all_texts(window)
    assert not [t for t in texts if SECRET in t]


def test_an_old_bookmark_title_with_a_password_is_not_saved_again(tmp_path: Path) -> None:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    store.setValue("viewer/bookmarks", f'[{{"title": "{FORMS[1]}", "url": "ftp://h/"}}]')
    marks = Bookmarks(store)
    marks.add("new", parse("gopher://127.0.0.1/"))
    store.sync()
    assert SECRET not in Path(store.fileName()).read_text(encoding="utf-8")
