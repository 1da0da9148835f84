"""Bookmarks: pages kept to come back to (Ctrl+D adds the page shown, the Bookmarks menu
opens them, Manage bookmarks… renames, deletes and orders them:
:mod:`.bookmarks_dialog`), stored with the settings without any password, and exported as a gopher
menu file (RFC 1436 §3.8: one item per line, a lone ``.`` at the end) that a gopher
server can serve as it is.

A bookmark holds the parsed :class:`~urlinspector.core.URL` with the edition it was read
by; the settings keep its text and the edition's id, and a stored list is read (and
its URLs parsed) once, when it is first asked for or changed elsewhere."""

from __future__ import annotations

import json
from dataclasses import dataclass

from PySide6.QtCore import QSettings

from urlinspector.core import DEFAULT_EDITION, EDITION_IDS, URL, parse
from urlinspector.gui.settings import PASSWORD_REMOVED, history_entry
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.gopher import request_from_url

__all__ = ["Bookmark", "Bookmarks", "gopher_menu", "without_password"]

KEY = "viewer/bookmarks"
_UNSAFE = str.maketrans({"\t": " ", "\r": " ", "\n": " ", "\x00": " "})


@dataclass(frozen=True, slots=True)
class Bookmark:
    title: str
    url: URL
    """The page's URL, without a password, as the edition it was read by reads it."""


def _without_password(url: URL) -> URL:
    """*url* without the password of its userinfo, read again by its edition only when
    it had one."""
    text = without_password(url.text)
    return url if text == url.text else parse(text, url.edition)


def without_password(url: str) -> str:
    """*url* without the password of its userinfo (the user stays): a bookmark never
    keeps one."""
    entry = history_entry(url)
    if entry == url:
        return url
    return entry.replace(f":{PASSWORD_REMOVED}@", "@", 1)


def _title(title: str, url: str) -> str:
    """A bookmark's title: the one given, or the URL (a page with no title of its own
    is titled by its URL); a title that is a URL with a password loses it too."""
    return without_password(title.strip() or url)


def _loaded(raw: str) -> list[Bookmark]:
    """The bookmarks of the stored JSON *raw*, their URLs parsed by the edition stored
    with each (the default edition's for a list stored without one)."""
    try:
        data = json.loads(raw)
    except ValueError:
        return []
    out = []
    for item in data if isinstance(data, list) else []:
        if not isinstance(item, dict) or not isinstance(item.get("url"), str):
            continue
        edition = item.get("edition")
        url = parse(item["url"], edition if edition in EDITION_IDS else DEFAULT_EDITION.id)
        out.append(Bookmark(str(item.get("title") or url.text), url))
    return out


class Bookmarks:
    """The bookmarks, kept in *store* (the settings) as JSON under ``viewer/bookmarks``:
    ``[{"title": ..., "url": text, "edition": id}, ...]``.  A bookmark is named by its
    URL's text (one bookmark a text)."""

    def __init__(self, store: QSettings) -> None:
        self.store = store
        self._read: tuple[str, list[Bookmark]] = ("", [])
        """The stored JSON last read, and its bookmarks."""

    def all(self) -> list[Bookmark]:
        raw = str(self.store.value(KEY, "[]"))
        if raw != self._read[0]:  # read once, and again when another window changed it
            self._read = (raw, _loaded(raw))
        return list(self._read[1])

    def add(self, title: str, url: URL) -> Bookmark:
        """Add *url* (its password removed), or give an existing one its new title."""
        kept = _without_password(url)
        bookmark = Bookmark(_title(title, kept.text), kept)
        marks = [b for b in self.all() if b.url.text != kept.text] + [bookmark]
        self._save(marks)
        return bookmark

    def remove(self, url: URL) -> None:
        self._save([b for b in self.all() if b.url.text != url.text])

    def rename(self, url: URL, title: str) -> Bookmark | None:
        """Give the bookmark of *url* the title *title* (an empty one: the URL); the
        bookmark, or None when there is none for *url*."""
        marks = self.all()
        for i, mark in enumerate(marks):
            if mark.url.text == url.text:
                marks[i] = Bookmark(title.strip() or mark.url.text, mark.url)
                self._save(marks)
                return marks[i]
        return None

    def move(self, url: URL, offset: int) -> int | None:
        """Move the bookmark of *url* *offset* places (negative: up), within the list;
        its new position, or None when there is none for *url*."""
        marks = self.all()
        where = next((i for i, mark in enumerate(marks) if mark.url.text == url.text), None)
        if where is None:
            return None
        target = max(0, min(len(marks) - 1, where + offset))
        marks.insert(target, marks.pop(where))
        self._save(marks)
        return target

    def _save(self, marks: list[Bookmark]) -> None:
        # never a password, whichever way a bookmark came
        kept = [Bookmark(_title(b.title, b.url.text), _without_password(b.url)) for b in marks]
        data = [{"title": b.title, "url": b.url.text, "edition": b.url.edition.id} for b in kept]
        raw = json.dumps(data, ensure_ascii=False)
        self.store.setValue(KEY, raw)
        self._read = (raw, kept)


def _menu_line(bookmark: Bookmark) -> str:
    title = bookmark.title.translate(_UNSAFE)
    parsed = bookmark.url
    if (parsed.scheme or "").lower() == "gopher":
        try:
            request = request_from_url(parsed)
        except LocalProtocolError:
            request = None
        if request is not None and request.search is None:
            selector = request.selector.decode("utf-8", "replace").translate(_UNSAFE)
            return f"{request.gophertype}{title}\t{selector}\t{request.host}\t{request.port}"
    # any other URL: an h item whose selector is URL:... (the gopher convention)
    return f"h{title}\tURL:{bookmark.url.text.translate(_UNSAFE)}\tlocalhost\t70"


def gopher_menu(bookmarks: list[Bookmark]) -> bytes:
    """*bookmarks* as a gopher menu (RFC 1436 §3.8), CRLF lines, ending with ``.``."""
    lines = [_menu_line(b) for b in bookmarks] + ["."]
    return "".join(line + "\r\n" for line in lines).encode("utf-8")
