"""Bookmarks: pages kept to come back to (Ctrl+D adds the page shown, the Bookmarks menu
opens them, Manage bookmarks… renames, deletes and orders them:
:mod:`.bookmarks_dialog`), stored with the settings without any password, and exported as a gopher
menu file (RFC 1436 §3.8: one item per line, a lone ``.`` at the end) that a gopher
server can serve as it is."""

from __future__ import annotations

import json
from dataclasses import dataclass

from PySide6.QtCore import QSettings

from urlinspector.core import parse
from urlinspector.gui.settings import PASSWORD_REMOVED, history_entry
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.gopher import request_from_url

__all__ = ["Bookmark", "Bookmarks", "gopher_menu", "without_password"]

KEY = "viewer/bookmarks"
_UNSAFE = str.maketrans({"\t": " ", "\r": " ", "\n": " ", "\x00": " "})


@dataclass(frozen=True)
class Bookmark:
    title: str
    url: str


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


class Bookmarks:
    """The bookmarks, kept in *store* (the settings) as JSON under ``viewer/bookmarks``."""

    def __init__(self, store: QSettings) -> None:
        self.store = store

    def all(self) -> list[Bookmark]:
        raw = self.store.value(KEY, "[]")
        try:
            data = json.loads(str(raw))
        except ValueError:
            return []
        out = []
        for item in data if isinstance(data, list) else []:
            if isinstance(item, dict) and isinstance(item.get("url"), str):
                out.append(Bookmark(str(item.get("title") or item["url"]), item["url"]))
        return out

    def add(self, title: str, url: str) -> Bookmark:
        """Add *url* (its password removed), or give an existing one its new title."""
        bookmark = Bookmark(_title(title, url), without_password(url))
        marks = [b for b in self.all() if b.url != bookmark.url] + [bookmark]
        self._save(marks)
        return bookmark

    def remove(self, url: str) -> None:
        self._save([b for b in self.all() if b.url != url])

    def rename(self, url: str, title: str) -> Bookmark | None:
        """Give the bookmark of *url* the title *title* (an empty one: the URL); the
        bookmark, or None when there is none for *url*."""
        marks = self.all()
        for i, mark in enumerate(marks):
            if mark.url == url:
                marks[i] = Bookmark(title.strip() or url, url)
                self._save(marks)
                return marks[i]
        return None

    def move(self, url: str, offset: int) -> int | None:
        """Move the bookmark of *url* *offset* places (negative: up), within the list;
        its new position, or None when there is none for *url*."""
        marks = self.all()
        where = next((i for i, mark in enumerate(marks) if mark.url == url), None)
        if where is None:
            return None
        target = max(0, min(len(marks) - 1, where + offset))
        marks.insert(target, marks.pop(where))
        self._save(marks)
        return target

    def _save(self, marks: list[Bookmark]) -> None:
        # never a password, whichever way a bookmark came
        data = [{"title": _title(b.title, b.url), "url": without_password(b.url)} for b in marks]
        self.store.setValue(KEY, json.dumps(data, ensure_ascii=False))


def _menu_line(bookmark: Bookmark) -> str:
    title = bookmark.title.translate(_UNSAFE)
    parsed = parse(bookmark.url)
    if (parsed.scheme or "").lower() == "gopher":
        try:
            request = request_from_url(parsed)
        except LocalProtocolError:
            request = None
        if request is not None and request.search is None:
            selector = request.selector.decode("utf-8", "replace").translate(_UNSAFE)
            return f"{request.gophertype}{title}\t{selector}\t{request.host}\t{request.port}"
    # any other URL: an h item whose selector is URL:... (the gopher convention)
    return f"h{title}\tURL:{bookmark.url.translate(_UNSAFE)}\tlocalhost\t70"


def gopher_menu(bookmarks: list[Bookmark]) -> bytes:
    """*bookmarks* as a gopher menu (RFC 1436 §3.8), CRLF lines, ending with ``.``."""
    lines = [_menu_line(b) for b in bookmarks] + ["."]
    return "".join(line + "\r\n" for line in lines).encode("utf-8")
